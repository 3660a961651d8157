extension FieldDefinition {
    /// Every property of a field definition, stored (see `FieldDefinition`).
    struct Properties: Sendable {
        let id: String
        var kindName: String
        let index: Int
        let sectionIndex: Int
        var repeatIndex: Int?
        let kind: FieldKind
        let location: SourceLocation
        var label: String
        var help: String?
        var placeholder: String?
        var text: String?
        var texts: FieldTexts
        var defaultValue: Bound?
        var format: TextFormat?
        var required: Requirement = .never
        var requiredMessage: FormText?
        var isInput = false
        var deviceProperty: DeviceProperty?
        var visible: CompiledExpression?
        var value: CompiledExpression?
        var valueType: ValueType?
        var pattern: Pattern?
        var minLength: Int?
        var maxLength: Int?
        var multiline = false
        var minimum: Bound?
        var maximum: Bound?
        var step: Double?
        var extensions: [String] = []
        var maxSize: Int?
        var multipleFiles = false
        var inlineFiles = false
        var mask: InputMask?
        var options: [ChoiceOption] = []
        var minSelected: Int?
        var maxSelected: Int?
        var completesRanking = false
        var rules: [Rule] = []
        var readOnly: Requirement = .never
        var key: String?
        var trigger: ValueTrigger?
        var keepsFirstValue = false

        init(id: String, kind: FieldKind, index: Int, sectionIndex: Int, location: SourceLocation, label: String) {
            self.id = id
            self.kind = kind
            self.kindName = kind.rawValue
            self.index = index
            self.sectionIndex = sectionIndex
            self.location = location
            self.label = label
            self.texts = FieldTexts(label: FormText(label))
            self.valueType = kind.fixedType
        }
    }

    /// The one copy of a definition's properties its copies share; changed only
    /// through a definition that holds it alone (`uniqueStorage()`), so sharing it
    /// across threads is safe.
    final class Storage: @unchecked Sendable {
        var properties: Properties

        init(_ properties: Properties) {
            self.properties = properties
        }
    }
}

/// How a filled form is written as another engine's answers, in one of the
/// `AnswerFormat`s a `FormatRegistry` holds: where each field and repeat sits, and what
/// the format needs besides. An imported form carries one (`submission:` in its
/// definition), so a converted form writes the same answers as the original, and the
/// format named is the form's own (`FormDefinition.answerFormat`).
///
/// For ODK (`FormworkODK`), the XForm instance — its root element, the form's id and
/// version, and where each field and repeat sits in it (groups are elements there,
/// while Formwork flattens them into sections):
///
/// ```yaml
/// submission:
///   format: odk
///   root: data
///   id: household_survey
///   version: "2024091201"
///   paths: { region: headOfHousehold/region, persons: familyMembers/persons }
///   instanceID: meta/instanceID      # the default; '' when the instance has none
///   namespace: http://example.org/household      # the root's xmlns, where the instance has one
///   namespaces: { jr: http://openrosa.org/javarosa }   # xmlns:PREFIX declared on the root
///   groups:                          # written while relevant, even with nothing shown in them
///     - { path: headOfHousehold, visible: "$consent" }
///     - { path: details, in: persons, visible: "$age >= 18" }   # in each entry of persons
/// ```
///
/// For SurveyJS (`FormworkSurveyJS`), `survey.data`: each field at its data path (`matrix/row/column`;
/// `''` leaves it out), and `types` says which choice fields SurveyJS stores as JSON
/// numbers or booleans (Formwork holds every option as text):
///
/// ```yaml
/// submission:
///   format: surveyjs
///   paths: { quality_service: quality/service, total: '' }
///   types: { smoker: boolean, rating: number }
///   hidden: kept      # hidden questions' answers are written too (clearInvisibleValues: none)
///   dropped: [note]   # but not these fields' (a question's clearIfInvisible: onComplete)
///   others: { pet: pet_comment }   # "other" written as its text (storeOthersAsComment: false)
///   kept: [total]     # or only these fields' (a question's clearIfInvisible: none),
///                     # or while a condition holds: { id: total, while: $shown }
/// ```
public struct SubmissionLayout: Sendable, Equatable {
    /// The format the answers are written in (its `name` is `format:`).
    public var format: any AnswerFormat
    /// The instance's root element (`data`), for a format whose answers have one
    /// (`Rules.hasRootElement`); `""` otherwise.
    public var root: String
    /// The form's id, written as the root's `id` attribute.
    public var formID: String
    /// The form's version, written as the root's `version` attribute.
    public var version: String?
    /// The root element's namespace (its `xmlns`), for a format whose answers have a
    /// root element; `nil`: none. In XML it is part of the root's name, so answers
    /// whose root is in another namespace are another form's (JavaRosa submits an
    /// XForm whose instance declares `xmlns="http://example.org/e-imci"` in it).
    public var namespace: String?
    /// Namespace prefixes declared on the root element (`xmlns:PREFIX="URI"`), by
    /// prefix: what the format's engine writes there besides the root's namespace
    /// (JavaRosa: the XForm's own declarations and those of the instance's root).
    public var namespaces: [String: String] = [:]
    /// Each field's and repeat's element path (`group/question`), relative to the
    /// element of the entry that holds it, or to the root; a field without one is
    /// written under its key (else its id).
    public var paths: [String: String]
    /// Where the submission's id (`uuid:…`) is written: `meta/instanceID` unless the
    /// form has none (`nil`; an XForm without one).
    public var instanceID: String?
    /// The JSON type a field's values are written as where it is not text (SurveyJS):
    /// `number` (each value that reads as a number), `boolean` (`true`/`false`), or
    /// `numbers` (text of numbers separated by commas, `20, 80`, written as an array
    /// of numbers `[20, 80]`: a range slider's).
    public var types: [String: String]
    /// The ODK groups, each with its element path and its condition: a group's element
    /// is written while the condition holds, even when none of its questions is shown
    /// (JavaRosa writes a relevant group as an empty element). Formwork flattens
    /// groups into sections and conditions, so the import keeps them here.
    public var groups: [SubmissionGroup] = []
    /// Whether answers to hidden questions are written too (`hidden: kept`; SurveyJS's
    /// `clearInvisibleValues: none`); by default only what is shown is (`dropped`).
    public var hiddenAnswers = HiddenAnswers.cleared
    /// Fields whose answers are written even while they are hidden, where the others'
    /// are not (`kept: [id, …]`; a SurveyJS question's `clearIfInvisible: none`).
    public var keptWhenHidden: Set<String> = []
    /// Fields whose answers are left out while they are hidden, where the others' are
    /// written (`hidden: kept` with `dropped: [id, …]`; a SurveyJS question's
    /// `clearIfInvisible: onComplete` in a survey that keeps hidden answers).
    public var droppedWhenHidden: Set<String> = []
    /// For some of `keptWhenHidden`, the condition under which the answer is kept
    /// (`kept: [{ id, while: condition }]`; a SurveyJS matrix cell is kept while its
    /// column is hidden, not while its row is).
    public var keptWhile: [String: CompiledExpression] = [:]
    /// Choice fields whose "other" text is written as their value, by id, each with the
    /// text field that holds it (`others: { pet: pet_comment }`; SurveyJS's
    /// `storeOthersAsComment: false`): `other` with `a ferret` is written `"a ferret"`,
    /// and a value that is no option is read as `other` with that text.
    public var othersAsValues: [String: String] = [:]

    /// Whether the answer of the hidden field `id` is written, by `evaluate` of a
    /// condition in the form's scope.
    public func keeps(_ id: String, evaluate: (CompiledExpression) -> Value) -> Bool {
        guard keptWhenHidden.contains(id) else { return false }
        return keptWhile[id].map { evaluate($0).isTrue } ?? true
    }

    /// For some of `droppedWhenHidden`, the condition under which the answer is left out
    /// (`dropped: [{ id, while: condition }]`; a SurveyJS "other" text while its choice
    /// does not hold `other`).
    public var droppedWhile: [String: CompiledExpression] = [:]

    /// Whether the answer of the hidden field `id` is left out where hidden answers are
    /// written (`hidden: kept` with `dropped: [id]`), by `evaluate` of a condition in the
    /// form's scope.
    public func drops(_ id: String, evaluate: (CompiledExpression) -> Value) -> Bool {
        guard hiddenAnswers == .kept, droppedWhenHidden.contains(id) else { return false }
        return droppedWhile[id].map { evaluate($0).isTrue } ?? true
    }

    /// A layout of `format`'s answers.
    public init(
        format: any AnswerFormat, root: String = "", formID: String, version: String? = nil,
        paths: [String: String] = [:], instanceID: String? = nil, types: [String: String] = [:]
    ) {
        self.types = types
        self.format = format
        self.root = root
        self.formID = formID
        self.version = version
        self.paths = paths
        self.instanceID = instanceID
    }

    /// Whether both lay out the same format's answers (compared by name) the same way.
    public static func == (left: SubmissionLayout, right: SubmissionLayout) -> Bool {
        left.format.name == right.format.name && left.root == right.root && left.formID == right.formID
            && left.version == right.version && left.namespace == right.namespace
            && left.namespaces == right.namespaces && left.paths == right.paths && left.instanceID == right.instanceID
            && left.types == right.types && left.groups == right.groups && left.hiddenAnswers == right.hiddenAnswers
            && left.keptWhenHidden == right.keptWhenHidden && left.droppedWhenHidden == right.droppedWhenHidden
    }

    /// Whether a name is an XML element name made of ASCII letters, digits, `_`, `-`
    /// and `.` (what ODK names are), not starting with a digit, `-` or `.`.
    static func isElementName(_ name: Substring) -> Bool {
        // Byte by byte: every scalar allowed is ASCII (a letter or `_` first, then
        // letters, digits, `_`, `-` and `.`), so a byte of a longer one fails.
        func isLetter(_ byte: UInt8) -> Bool {
            (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
        }
        guard let first = name.utf8.first, isLetter(first) || first == UInt8(ascii: "_") else { return false }
        return name.utf8.allSatisfy {
            isLetter($0) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: "_")
                || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
        }
    }
}

extension SubmissionLayout {
    /// What a format's layout holds, so that a definition's `submission:` block is
    /// checked by its format's own rules without Formwork knowing the format.
    public struct Rules: Sendable {
        /// How `paths` are written.
        public enum PathStyle: Sendable {
            /// XML element paths, `group/question`: each step an element name.
            case elements
            /// Keys of nested JSON objects, `matrix/row/column` (any text but an empty
            /// step); `''` leaves the value out of the answers.
            case dataKeys
        }

        /// Whether the answers are a document with a root element: `root:` is then
        /// required and must be an element name.
        public var hasRootElement: Bool
        /// How a field's place in the answers is written.
        public var paths: PathStyle
        /// Where the answers' own id goes unless `instanceID:` says otherwise
        /// (`meta/instanceID`); `nil`: the answers have none.
        public var defaultInstanceID: String?

        /// Rules with no root element, data-key paths and no instance id unless given.
        public init(hasRootElement: Bool = false, paths: PathStyle = .dataKeys, defaultInstanceID: String? = nil) {
            self.hasRootElement = hasRootElement
            self.paths = paths
            self.defaultInstanceID = defaultInstanceID
        }
    }
}

/// An ODK group of a submission (`submission.groups`): where its element goes and
/// when the group is relevant.
public struct SubmissionGroup: Sendable, Equatable {
    /// The element path, relative to the root, or to the entry's element for a group
    /// in a repeat's entries (`details`, `details/more`).
    public var path: String
    /// The repeat whose entries hold the group (`nil`: the form).
    public var repeatID: String?
    /// When the group is relevant (its condition joined with those of the groups
    /// around it), read in the form or in each entry; `nil`: always.
    public var visible: CompiledExpression?

    /// A group at `path`, in `repeatID`'s entries or the form, relevant when `visible` says.
    public init(path: String, repeatID: String? = nil, visible: CompiledExpression? = nil) {
        self.path = path
        self.repeatID = repeatID
        self.visible = visible
    }

    /// Whether both have the same path and repeat, and conditions of the same source text.
    public static func == (left: SubmissionGroup, right: SubmissionGroup) -> Bool {
        left.path == right.path && left.repeatID == right.repeatID && left.visible?.source == right.visible?.source
    }
}

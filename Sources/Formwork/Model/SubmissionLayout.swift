/// How a filled form is written as another engine's submission: for ODK, the XForm
/// instance — its root element, the form's id and version, and where each field and
/// repeat sits in it (groups are elements there, while Formwork flattens them into
/// sections). An imported ODK form carries one (`submission:` in its definition), so
/// a converted form writes the same submissions as the original.
///
/// ```yaml
/// submission:
///   format: odk
///   root: data
///   id: household_survey
///   version: "2024091201"
///   paths: { region: headOfHousehold/region, persons: familyMembers/persons }
///   instanceID: meta/instanceID      # the default; '' when the instance has none
///   groups:                          # written while relevant, even with nothing shown in them
///     - { path: headOfHousehold, visible: "$consent" }
///     - { path: details, in: persons, visible: "$age >= 18" }   # in each entry of persons
/// ```
///
/// An imported SurveyJS survey carries `format: surveyjs`: its answers are written as
/// SurveyJS's `survey.data` object, each field at its data path (`matrix/row/column`;
/// `''` leaves it out), and `types` says which choice fields SurveyJS stores as JSON
/// numbers or booleans (Formwork holds every option as text):
///
/// ```yaml
/// submission:
///   format: surveyjs
///   paths: { quality_service: quality/service, total: '' }
///   types: { smoker: boolean, rating: number }
///   hidden: kept      # hidden questions' answers are written too (clearInvisibleValues: none)
/// ```
public struct SubmissionLayout: Sendable, Equatable {
    /// `odk`: an XForm instance.
    public var format: String
    /// The instance's root element (`data`).
    public var root: String
    /// The form's id, written as the root's `id` attribute.
    public var formID: String
    /// The form's version, written as the root's `version` attribute.
    public var version: String?
    /// Each field's and repeat's element path (`group/question`), relative to the
    /// element of the entry that holds it, or to the root; a field without one is
    /// written under its key (else its id).
    public var paths: [String: String]
    /// Where the submission's id (`uuid:…`) is written: `meta/instanceID` unless the
    /// form has none (`nil`; an XForm without one).
    public var instanceID: String?
    /// The JSON type a choice field's values are written as where it is not text
    /// (SurveyJS): `number` (each value that reads as a number) or `boolean`
    /// (`true`/`false`).
    public var types: [String: String]
    /// The ODK groups, each with its element path and its condition: a group's element
    /// is written while the condition holds, even when none of its questions is shown
    /// (JavaRosa writes a relevant group as an empty element). Formwork flattens
    /// groups into sections and conditions, so the import keeps them here.
    public var groups: [SubmissionGroup] = []
    /// Whether answers to hidden questions are written too (`hidden: kept`; SurveyJS's
    /// `clearInvisibleValues: none`); by default only what is shown is (`dropped`).
    public var writesHiddenAnswers = false

    /// Whether answers are SurveyJS's data (`format: surveyjs`).
    public var isSurveyJSData: Bool { format == "surveyjs" }

    public init(
        format: String = "odk", root: String, formID: String, version: String? = nil, paths: [String: String],
        instanceID: String? = "meta/instanceID", types: [String: String] = [:]
    ) {
        self.types = types
        self.format = format
        self.root = root
        self.formID = formID
        self.version = version
        self.paths = paths
        self.instanceID = instanceID
    }

    /// Whether a name is an XML element name made of ASCII letters, digits, `_`, `-`
    /// and `.` (what ODK names are), not starting with a digit, `-` or `.`.
    static func isElementName(_ name: Substring) -> Bool {
        guard let first = name.unicodeScalars.first, first.properties.isAlphabetic || first == "_" else {
            return false
        }
        return name.unicodeScalars.allSatisfy {
            ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)))
                || "_-.".unicodeScalars.contains($0)
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

    public init(path: String, repeatID: String? = nil, visible: CompiledExpression? = nil) {
        self.path = path
        self.repeatID = repeatID
        self.visible = visible
    }

    public static func == (left: SubmissionGroup, right: SubmissionGroup) -> Bool {
        left.path == right.path && left.repeatID == right.repeatID && left.visible?.source == right.visible?.source
    }
}

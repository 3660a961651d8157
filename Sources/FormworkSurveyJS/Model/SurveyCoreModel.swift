/// survey-core's own model — every class, property and function its `Serializer` and
/// `FunctionFactory` know — and what Formwork does with each.
///
/// The classes and functions (`SurveyCoreModel+Classes.swift`) are generated from
/// survey-core itself by `Tests/FormworkSurveyJSTests/Fixtures/Model/survey-core-model.js`,
/// and checked against it where the oracle runs; each property and function has a
/// status (`SurveyCoreModel+Statuses.swift`):
///
/// - `supported`: read, and computed as survey-core computes it;
/// - `presentation`: only changes the look in a browser (a width, a colour, a button's
///   text); accepted quietly;
/// - `degraded`: given its closest terminal equivalent, or not applied, with a warning
///   from `check` saying which;
/// - `refused`: the survey is refused (listed as unsupported).
///
/// The reader uses the model to report what survey-core reports: a property no class
/// of the object has ("Unknown property in class 'text': 'visibelIf'"), which survey-core
/// ignores, and so does Formwork, with a warning and a suggestion.
///
/// ```swift
/// SurveyCoreModel.verdict(of: "visibleIf", in: "text").status   // .supported
/// SurveyCoreModel.property("placeHolder", in: "text")          // "placeholder"
/// ```
public enum SurveyCoreModel {
    /// What Formwork does with a property or a function of survey-core.
    public enum Status: String, Sendable, CaseIterable {
        /// Read, and computed as survey-core computes it.
        case supported
        /// Only the look in a browser: accepted quietly.
        case presentation
        /// Its closest terminal equivalent, or not applied yet, with a warning.
        case degraded
        /// The survey is refused (listed as unsupported).
        case refused
    }

    /// A status and what it means for this property: what Formwork makes of it.
    public struct Verdict: Sendable, Hashable {
        /// The status.
        public var status: Status
        /// What Formwork makes of the property or function.
        public var note: String
    }

    /// A class of survey-core's `Serializer`.
    struct ModelClass: Sendable {
        let name: String
        let parent: String?
        /// Its own properties: each name, and the older name survey-core also reads.
        let properties: [(name: String, alternative: String?)]

        init(_ name: String, parent: String?, properties: String) {
            self.name = name
            self.parent = parent
            self.properties = properties.split(separator: " ").map { entry in
                let parts = entry.split(separator: "/").map(String.init)
                return (parts[0], parts.count > 1 ? parts[1] : nil)
            }
        }
    }

    /// The classes by name.
    static let classesByName: [String: ModelClass] = Dictionary(
        classes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

    /// Whether survey-core has a class `name`.
    static func hasClass(_ name: String) -> Bool { classesByName[name] != nil }

    /// Every property of a class, its parents' included, by every name it is read under
    /// in lower case (an older name to the current one), computed once per class.
    static func names(of className: String) -> [String: String] {
        namesCache[className] ?? [:]
    }

    private static let namesCache: [String: [String: String]] = {
        var result: [String: [String: String]] = [:]
        for name in classesByName.keys {
            var names: [String: String] = [:]
            var current: String? = name
            var seen = Set<String>()
            while let className = current, let modelClass = classesByName[className], seen.insert(className).inserted {
                // survey-core reads property names whatever their case.
                for property in modelClass.properties {
                    if names[property.name.lowercased()] == nil { names[property.name.lowercased()] = property.name }
                    if let alternative = property.alternative?.lowercased(), names[alternative] == nil {
                        names[alternative] = property.name
                    }
                }
                current = modelClass.parent
            }
            result[name] = names
        }
        return result
    }()

    /// The property a key of an object of `className` names (its current name for an
    /// older one), or `nil` when the class has no such property.
    public static func property(_ key: String, in className: String) -> String? {
        names(of: className)[key.lowercased()]
    }

    /// The class that declares `property` for `className` (itself or a parent).
    static func declaringClass(of property: String, in className: String) -> String? {
        var current: String? = className
        var seen = Set<String>()
        while let name = current, let modelClass = classesByName[name], seen.insert(name).inserted {
            if modelClass.properties.contains(where: { $0.name == property }) { return name }
            current = modelClass.parent
        }
        return nil
    }

    /// What Formwork does with `property` of `className`: the class's own verdict
    /// (`class.property`), else the property's.
    public static func verdict(of property: String, in className: String) -> Verdict {
        var current: String? = className
        var seen = Set<String>()
        while let name = current, seen.insert(name).inserted {
            if let verdict = verdicts[name + "." + property] { return verdict }
            current = classesByName[name]?.parent
        }
        return verdicts[property]
            ?? Verdict(status: .degraded, note: "not read by Formwork: survey-core's model changed since this table")
    }

    /// What Formwork does with survey-core's function `name`.
    public static func verdict(ofFunction name: String) -> Verdict {
        functionVerdicts[name] ?? Verdict(status: .refused, note: "not known to Formwork")
    }
}

/// A place on Earth: latitude and longitude in degrees (WGS 84), with an optional
/// altitude and accuracy in metres, as a GPS gives them.
///
/// Typed as numbers separated by spaces, `lat lon [alt [acc]]` (`52.37 4.89`,
/// `52.37 4.89 12 5`), the order ODK uses.
///
/// ```swift
/// GeoPoint("52.37 4.89")?.odkText   // "52.37 4.89 0 0"
/// ```
public struct GeoPoint: Hashable, Sendable, CustomStringConvertible {
    /// The four numbers, held by reference: a `GeoPoint` is a case of `Value`, and
    /// inline its 41 bytes would make every value (and every array of them) twice
    /// as large. (Immutable, so copies share it safely.)
    private final class Storage: Sendable {
        let latitude: Double
        let longitude: Double
        let altitude: Double?
        let accuracy: Double?

        init(latitude: Double, longitude: Double, altitude: Double?, accuracy: Double?) {
            self.latitude = latitude
            self.longitude = longitude
            self.altitude = altitude
            self.accuracy = accuracy
        }
    }

    private let storage: Storage

    /// Degrees north, −90 … 90.
    public var latitude: Double { storage.latitude }
    /// Degrees east, −180 … 180.
    public var longitude: Double { storage.longitude }
    /// Metres above sea level.
    public var altitude: Double? { storage.altitude }
    /// The radius in metres within which the point lies, ≥ 0.
    public var accuracy: Double? { storage.accuracy }

    /// The point, or `nil` when a part is out of range or not finite.
    public init?(latitude: Double, longitude: Double, altitude: Double? = nil, accuracy: Double? = nil) {
        guard Self.problem(latitude: latitude, longitude: longitude, altitude: altitude, accuracy: accuracy) == nil
        else { return nil }
        storage = Storage(latitude: latitude, longitude: longitude, altitude: altitude, accuracy: accuracy)
    }

    /// Whether all four parts are equal (a missing altitude or accuracy equals only a missing one).
    public static func == (left: GeoPoint, right: GeoPoint) -> Bool {
        left.latitude == right.latitude && left.longitude == right.longitude && left.altitude == right.altitude
            && left.accuracy == right.accuracy
    }

    /// Hashes the four parts, as `==` compares them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(latitude)
        hasher.combine(longitude)
        hasher.combine(altitude)
        hasher.combine(accuracy)
    }

    /// Parses `lat lon [alt [acc]]`; `nil` for anything else (see `parse` for why).
    public init?(_ text: some StringProtocol) {
        guard case .success(let point) = Self.parse(text) else { return nil }
        self = point
    }

    /// Parses `lat lon [alt [acc]]`, numbers separated by spaces, or says what is wrong
    /// (`latitude must be between -90 and 90`).
    public static func parse(_ text: some StringProtocol) -> Result<GeoPoint, GeoPointProblem> {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard (2...4).contains(parts.count) else { return .failure(.shape) }
        let names = ["latitude", "longitude", "altitude", "accuracy"]
        var numbers: [Double] = []
        for (index, part) in parts.enumerated() {
            guard let number = PlainScalar.parseNumber(String(part)) else {
                // `nan`, `inf`, `-infinity`: numbers to Swift, never a place.
                return .failure(Double(String(part)) != nil ? .notFinite(names[index]) : .shape)
            }
            numbers.append(number)
        }
        let (altitude, accuracy) = (numbers.count > 2 ? numbers[2] : nil, numbers.count > 3 ? numbers[3] : nil)
        if let problem = problem(latitude: numbers[0], longitude: numbers[1], altitude: altitude, accuracy: accuracy) {
            return .failure(problem)
        }
        return .success(GeoPoint(latitude: numbers[0], longitude: numbers[1], altitude: altitude, accuracy: accuracy)!)
    }

    static func problem(latitude: Double, longitude: Double, altitude: Double?, accuracy: Double?) -> GeoPointProblem? {
        for (part, number) in [("latitude", latitude), ("longitude", longitude)]
            + [
                ("altitude", altitude), ("accuracy", accuracy),
            ].compactMap({ name, value in value.map { (name, $0) } })
        where !number.isFinite {
            return .notFinite(part)
        }
        if !(-90...90).contains(latitude) { return .latitude }
        if !(-180...180).contains(longitude) { return .longitude }
        if let accuracy, accuracy < 0 { return .accuracy }
        return nil
    }

    /// `lat lon`, then `alt` and `acc` when present: what a person types.
    public var description: String {
        var parts = [latitude, longitude].map(JSONText.format)
        if let altitude { parts.append(JSONText.format(altitude)) }
        if let accuracy {
            if altitude == nil { parts.append("0") }
            parts.append(JSONText.format(accuracy))
        }
        return parts.joined(separator: " ")
    }

    /// ODK's submission format: `lat lon alt acc`, a missing altitude or accuracy as 0.
    public var odkText: String {
        [latitude, longitude, altitude ?? 0, accuracy ?? 0].map(JSONText.format).joined(separator: " ")
    }

    /// The members of the JSON object answers use, absent parts left out.
    public var members: [(key: String, value: Double)] {
        var members = [("latitude", latitude), ("longitude", longitude)]
        if let altitude { members.append(("altitude", altitude)) }
        if let accuracy { members.append(("accuracy", accuracy)) }
        return members
    }
}

/// Why text or numbers are not a `GeoPoint`.
public enum GeoPointProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// Not two to four numbers.
    case shape
    /// A part is NaN or infinite.
    case notFinite(String)
    case latitude
    case longitude
    case accuracy

    /// The problem in words, for a message: `the latitude must be between -90 and 90`.
    public var description: String {
        switch self {
        case .shape: return "latitude and longitude, then optional altitude and accuracy, separated by spaces"
        case .notFinite(let part): return "the \(part) must be a finite number"
        case .latitude: return "the latitude must be between -90 and 90"
        case .longitude: return "the longitude must be between -180 and 180"
        case .accuracy: return "the accuracy must be at least 0"
        }
    }
}

extension GeoPoint {
    static let memberNames = ["latitude", "longitude", "altitude", "accuracy"]

    /// A point from a mapping `{latitude, longitude, altitude?, accuracy?}` of a values
    /// file or a definition, or the rule it breaks.
    static func read(_ node: SyntaxNode, field: String) -> Result<GeoPoint, FieldError> {
        func failure(_ input: String, _ reason: String) -> Result<GeoPoint, FieldError> {
            .failure(FieldError(field: field, rule: .invalid(input: input, reason: reason)))
        }
        let input = node.scalarText ?? "an object"
        var numbers: [String: Double] = [:]
        for (key, value) in node.pairs ?? [] {
            let name = key.scalarText ?? ""
            guard memberNames.contains(name) else {
                return failure(name, "a geopoint has " + Suggestions.quotedList(memberNames, conjunction: "and"))
            }
            guard case .number(let number, _)? = value.scalar else {
                return failure(value.scalarText ?? value.typeDescription, "the \(name) must be a number")
            }
            numbers[name] = number
        }
        guard let latitude = numbers["latitude"], let longitude = numbers["longitude"] else {
            return failure(input, "a geopoint needs a latitude and a longitude")
        }
        if let problem = problem(
            latitude: latitude, longitude: longitude, altitude: numbers["altitude"], accuracy: numbers["accuracy"])
        {
            return failure(input, problem.description)
        }
        return .success(
            GeoPoint(
                latitude: latitude, longitude: longitude, altitude: numbers["altitude"],
                accuracy: numbers["accuracy"])!)
    }
}

import Foundation

/// ODK's measures of places on a map — `distance`, `area` and `geofence` — computed
/// with JavaRosa's formulas (`GeoUtils`): a sphere of the Earth's equatorial radius,
/// altitude left out.
///
/// A line or a shape is what a `geotrace` or `geoshape` field holds, text written as
/// ODK writes it (`52.1 4.3; 52.2 4.4 0 0`), or a list of geopoints (a repeat's
/// `$visits.place`). Points are read as JavaRosa reads them: numbers separated by
/// spaces, latitude then longitude, nothing checked against the globe; an empty
/// point (an unanswered geopoint, `;;`) is 0 0.
extension FunctionLibrary {
    static let geo: [FunctionDefinition] = [
        FunctionDefinition(
            name: "distance", signature: "distance(line) or distance(a, b, …)",
            summary:
                "the length in metres of a line (a geotrace, a list of geopoints), or of the path through the "
                + "points given (null if one is not a place)",
            arity: 1...manyArguments, check: places(returning: .number),
            evaluate: { arguments, _ in
                let points = arguments.count == 1 ? GeoMeasure.line(arguments[0]) : GeoMeasure.points(arguments)
                return points.map { .number(GeoMeasure.distance($0)) } ?? .null
            }),
        FunctionDefinition(
            name: "area", signature: "area(shape)",
            summary:
                "the area in square metres of a shape (a geoshape, a list of geopoints); 0 for fewer than 3 points",
            arity: 1...1, check: places(returning: .number),
            evaluate: { arguments, _ in GeoMeasure.line(arguments[0]).map { .number(GeoMeasure.area($0)) } ?? .null }),
        FunctionDefinition(
            name: "geofence", signature: "geofence(point, shape)",
            summary: "whether a point lies inside a shape (a geoshape, a list of geopoints)", arity: 2...2,
            check: places(returning: .bool),
            evaluate: { arguments, _ in
                guard let point = GeoMeasure.points([arguments[0]])?.first, let shape = GeoMeasure.line(arguments[1])
                else { return .null }
                return .bool(GeoMeasure.contains(shape, point))
            }),
    ]

    /// Arguments that are places: geopoints, text (a point, a line or a shape) or
    /// lists of them.
    static func places(returning result: ValueType) -> @Sendable ([ValueType]) -> Result<ValueType, ArgumentMismatch> {
        { types in
            for (index, type) in types.enumerated() {
                let element: ValueType
                if case .list(let inner) = type { element = inner } else { element = type }
                guard accepts(element, .string, .geopoint) else {
                    return .failure(ArgumentMismatch(index: index, expected: "a geopoint, a geotrace or a geoshape"))
                }
            }
            return .success(result)
        }
    }
}

/// JavaRosa's `GeoUtils`, on latitudes and longitudes in degrees.
enum GeoMeasure {
    /// A point's latitude and longitude.
    typealias Point = (latitude: Double, longitude: Double)

    static let earthRadius = 6_378_100.0
    static let earthCircumference = 2 * earthRadius * Double.pi

    /// The points of a line or a shape: a text's, separated by `;`; a list's, each a
    /// point (one element alone is read as a line, as JavaRosa reads a single node);
    /// a geopoint alone. `nil` when a part is not a point.
    static func line(_ value: Value) -> [Point]? {
        switch value {
        case .list(let elements):
            if elements.count == 1 { return line(elements[0]) }
            return points(elements)
        case .string(let text):
            // Java's `split(";")`: trailing empty parts dropped, but "" is one empty part.
            var parts = text.split(separator: ";", omittingEmptySubsequences: false)
            if !text.isEmpty { while parts.last?.isEmpty == true { parts.removeLast() } }
            var points: [Point] = []
            for part in parts {
                guard let point = point(part) else { return nil }
                points.append(point)
            }
            return points
        default: return points([value])
        }
    }

    /// Each value as one point (null: 0 0).
    static func points(_ values: [Value]) -> [Point]? {
        var points: [Point] = []
        for value in values {
            switch value {
            case .geopoint(let place): points.append((place.latitude, place.longitude))
            case .string(let text):
                guard let point = point(Substring(text)) else { return nil }
                points.append(point)
            case .null: points.append((0, 0))
            default: return nil
            }
        }
        return points
    }

    /// JavaRosa's `GeoPointData.cast`: up to four numbers separated by spaces, the
    /// missing ones 0.
    static func point(_ text: Substring) -> Point? {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: " ")
        guard parts.count <= 4 else { return nil }
        var numbers = [0.0, 0.0]
        for (index, part) in parts.enumerated() {
            guard let number = Double(part) else { return nil }
            if index < 2 { numbers[index] = number }
        }
        return (numbers[0], numbers[1])
    }

    static func radians(_ degrees: Double) -> Double { degrees * 0.017453292519943295 }

    /// The length of the path through the points, segment by segment on the sphere.
    static func distance(_ points: [Point]) -> Double {
        guard points.count >= 2 else { return 0 }
        var total = 0.0
        for index in 1..<points.count {
            let (a, b) = (points[index - 1], points[index])
            let delta = radians(a.longitude - b.longitude)
            let (phi1, phi2) = (radians(a.latitude), radians(b.latitude))
            total += acos(sin(phi1) * sin(phi2) + cos(phi1) * cos(phi2) * cos(delta)) * earthRadius
        }
        return total
    }

    /// The area of the polygon, by triangles from its first point on a local plane.
    static func area(_ points: [Point]) -> Double {
        guard points.count >= 3 else { return 0 }
        let reference = points[0]
        let ys = points.dropFirst().map { ($0.latitude - reference.latitude) * earthCircumference / 360 }
        let xs = points.dropFirst().map {
            ($0.longitude - reference.longitude) * earthCircumference * cos(radians($0.latitude)) / 360
        }
        var sum = 0.0
        for index in 1..<xs.count { sum += (ys[index - 1] * xs[index] - xs[index - 1] * ys[index]) / 2 }
        return abs(sum)
    }

    /// Whether the point is inside the shape (ray casting; the shape's last point
    /// closes it, as a geoshape's repeats its first).
    static func contains(_ shape: [Point], _ point: Point) -> Bool {
        var inside = false
        for index in shape.indices.dropFirst() {
            let (p1, p2) = (shape[index - 1], shape[index])
            if (p2.latitude > point.latitude) != (p1.latitude > point.latitude),
                point.longitude < (p1.longitude - p2.longitude) * (point.latitude - p2.latitude)
                    / (p1.latitude - p2.latitude) + p2.longitude
            {
                inside.toggle()
            }
        }
        return inside
    }
}

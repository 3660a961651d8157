import Foundation

/// Where the lines of an imported form's definition came from: the importer's
/// document is kept as it was, and its places (`survey!H12`, `40:7` in a survey's
/// JSON) are worked out the first time one is asked for — never while a form loads,
/// whose time goes to what every user needs.
final class SourcePlaces: @unchecked Sendable {
    private let document: DefinitionDocument
    private let lock = NSLock()
    private var places: [SourcePlace?]?

    init(_ document: DefinitionDocument) { self.document = document }

    /// The place a line of the written definition came from, if the importer said.
    func place(ofLine line: Int) -> SourcePlace? {
        lock.withLock {
            if places == nil { places = document.placedJSON().places }
            guard let places, line > 0, line <= places.count else { return nil }
            return places[line - 1]
        }
    }
}

extension FormDefinition {
    /// The place in the form's own file that a location in its definition stands for:
    /// for an imported form, the importer's (`survey!H12` in a workbook, `40:7` in a
    /// survey's JSON or an XForm); `nil` for a form written as a definition, whose
    /// locations are its own, or where the importer did not say.
    ///
    /// ```swift
    /// let form = try FormDefinition.load(contentsOf: URL(fileURLWithPath: "household.xlsx"))
    /// if let location = form.field("vaccines")?.visible?.location {
    ///     print(form.place(of: location)?.name ?? "\(location)")   // survey!H12
    /// }
    /// ```
    public func place(of location: SourceLocation) -> SourcePlace? {
        sourcePlaces?.place(ofLine: location.line)
    }

    /// Where a location is, as a person finds it: `survey!H12` or `40:7` in an
    /// imported form's own file, else the definition's `line:col`.
    public func placeName(of location: SourceLocation) -> String {
        place(of: location)?.name ?? location.description
    }
}

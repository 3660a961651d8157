import Formwork
import Foundation

/// What an element of the DSL becomes: the keys of its mapping, in the order they
/// were written, and where in the Swift source it was written.
///
/// Only the builder reads and writes it; a form's content is read through `Form.document`,
/// `yaml()` or `json()`.
public struct ElementNode: Sendable {
    /// The keys set so far and their values, in the order first set.
    private(set) var pairs: [(key: String, value: DefinitionDocument)] = []
    /// Where the element was written: `Module/File.swift:LINE:COLUMN`.
    let place: SourcePlace

    init(_ place: SourcePlace) {
        self.place = place
    }

    /// Sets `key` (replacing an earlier value, keeping its position).
    mutating func set(_ key: String, _ value: DefinitionDocument) {
        if let index = pairs.firstIndex(where: { $0.key == key }) {
            pairs[index].value = value
        } else {
            pairs.append((key, value))
        }
    }

    /// Sets an expression key at the call that wrote it, its text quoted when a
    /// problem is reported.
    mutating func setExpression(_ key: String, _ source: String, _ fileID: String, _ line: Int, _ column: Int) {
        set(key, .string(source, at: SwiftPlace.make(fileID, line, column, quote: source)))
    }

    /// The mapping, at its place.
    var document: DefinitionDocument {
        DefinitionDocument(.object(pairs), place: place)
    }
}

/// Places in Swift source: `Module/File.swift:LINE:COLUMN`.
enum SwiftPlace {
    static func make(_ fileID: String, _ line: Int, _ column: Int, quote: String? = nil) -> SourcePlace {
        SourcePlace("\(fileID):\(line):\(column)", quote: quote)
    }

    /// The document with the places in `fileID` shortened to `LINE:COLUMN`, which
    /// diagnostics render after the path (`fileID`) as a compiler does; places in
    /// other files keep their file.
    static func relative(_ document: DefinitionDocument, to fileID: String) -> DefinitionDocument {
        var document = document
        if let place = document.place, place.name.hasPrefix(fileID + ":") {
            document.place = SourcePlace(String(place.name.dropFirst(fileID.count + 1)), quote: place.quote)
        }
        switch document.content {
        case .list(let elements):
            document.content = .list(elements.map { relative($0, to: fileID) })
        case .object(let pairs):
            document.content = .object(pairs.map { ($0.key, relative($0.value, to: fileID)) })
        default: break
        }
        return document
    }
}

extension DefinitionDocument {
    /// A value as the definition format writes it (dates as `YYYY-MM-DD` text).
    init(_ value: Value, at place: SourcePlace? = nil) {
        switch value {
        case .null: self.init(.null, place: place)
        case .bool(let flag): self.init(.bool(flag), place: place)
        case .number(let number):
            let text = number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
            self.init(.number(text), place: place)
        case .string(let text): self.init(.string(text), place: place)
        case .list(let elements): self.init(.list(elements.map { DefinitionDocument($0) }), place: place)
        default: self.init(.string(value.description.trimmingCharacters(in: ["\""])), place: place)
        }
    }
}

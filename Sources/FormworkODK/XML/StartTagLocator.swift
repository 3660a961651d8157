import Foundation

/// Moves elements' positions from where `XMLParser` reports them — the end of the
/// start tag (`<age>` at its `>`), in characters — to the `<` that begins it, so a
/// problem in a submission or an XForm points where its element starts.
struct StartTagLocator {
    private let bytes: [UInt8]
    /// The byte offset each line starts at.
    private let lineStarts: [Int]

    /// Where a walk along a line stopped: its `characters`-th character (from 1)
    /// starts at byte `offset`, or the line ended there first.
    struct Cursor {
        var line = 0
        var characters = 1
        var offset = 0
    }

    init(_ data: Data) {
        bytes = [UInt8](data)
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == 0x0A { starts.append(offset + 1) }
        lineStarts = starts
    }

    /// Every element of the tree, iteratively (trees may be deep), in document order:
    /// the parser reports places in increasing order, so each walk along a line goes
    /// on from the last one (a document on one line is walked once, not once per
    /// element).
    func moveToStartTags(_ root: XMLTree.Element) {
        var cursor = Cursor()
        var pending = [root]
        while let element = pending.popLast() {
            if let (line, column) = startTag(line: element.line, column: element.column, cursor: &cursor) {
                element.line = line
                element.column = column
            }
            pending.append(contentsOf: element.children.reversed())
        }
    }

    /// The line and column (in characters) of the `<` before the reported place.
    func startTag(line: Int, column: Int) -> (line: Int, column: Int)? {
        var cursor = Cursor()
        return startTag(line: line, column: column, cursor: &cursor)
    }

    /// As `startTag(line:column:)`, walking on from `cursor` when it is on the line
    /// before the place, and leaving it at the place.
    func startTag(line: Int, column: Int, cursor: inout Cursor) -> (line: Int, column: Int)? {
        guard line >= 1, line <= lineStarts.count, column >= 1 else { return nil }
        // The reported column counts characters: walk that many from the line start.
        if cursor.line != line || cursor.characters > column {
            cursor = Cursor(line: line, characters: 1, offset: lineStarts[line - 1])
        }
        var offset = cursor.offset
        var characters = cursor.characters
        while characters < column, offset < bytes.count, bytes[offset] != 0x0A {
            offset += 1
            while offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
            characters += 1
        }
        cursor.offset = offset
        cursor.characters = characters
        var start = min(offset, bytes.count - 1)
        while start >= 0, bytes[start] != UInt8(ascii: "<") { start -= 1 }
        guard start >= 0 else { return nil }
        if start >= lineStarts[line - 1] {
            // On the reported line: `characters` less those from the `<` to the place.
            return (line, characters - bytes[start..<offset].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) })
        }
        // The line holding it (a start tag may span lines), and its column there.
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= start { low = middle } else { high = middle - 1 }
        }
        let startColumn = 1 + bytes[lineStarts[low]..<start].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        return (low + 1, startColumn)
    }
}

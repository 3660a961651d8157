import Foundation

/// Moves elements' positions from where `XMLParser` reports them — the end of the
/// start tag (`<age>` at its `>`), in characters — to the `<` that begins it, so a
/// problem in a submission or an XForm points where its element starts.
struct StartTagLocator {
    private let bytes: [UInt8]
    /// The byte offset each line starts at.
    private let lineStarts: [Int]

    init(_ data: Data) {
        bytes = [UInt8](data)
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == 0x0A { starts.append(offset + 1) }
        lineStarts = starts
    }

    /// Every element of the tree, iteratively (trees may be deep).
    func moveToStartTags(_ root: XMLTree.Element) {
        var pending = [root]
        while let element = pending.popLast() {
            if let (line, column) = startTag(line: element.line, column: element.column) {
                element.line = line
                element.column = column
            }
            pending.append(contentsOf: element.children)
        }
    }

    /// The line and column (in characters) of the `<` before the reported place.
    func startTag(line: Int, column: Int) -> (line: Int, column: Int)? {
        guard line >= 1, line <= lineStarts.count, column >= 1 else { return nil }
        // The reported column counts characters: walk that many from the line start.
        var offset = lineStarts[line - 1]
        var characters = 1
        while characters < column, offset < bytes.count, bytes[offset] != 0x0A {
            offset += 1
            while offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
            characters += 1
        }
        var start = min(offset, bytes.count - 1)
        while start >= 0, bytes[start] != UInt8(ascii: "<") { start -= 1 }
        guard start >= 0 else { return nil }
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

// libyaml, as Yams bundles it. Yams composes a whole document before anything of
// ours runs, and while composing it hashes every complex mapping key through its
// aliases (`Parser.checkDuplicates`): a key that is an alias of a list of lists of
// aliases takes minutes. libyaml's event stream lets the size of every anchor be
// known before Yams composes anything. CYaml is the module Yams itself builds on;
// it is not a product of its own, so the one import is kept in this file.
import CYaml

/// Checks a YAML text's aliases on libyaml's event stream, before Yams composes it:
/// what every alias expands to (each anchor's size is counted once, when its node
/// ends), and that no mapping key is an alias, a list or a mapping.
///
/// Linear in the length of the text whatever its aliases, so a definition with an
/// alias bomb anywhere — a value or a key — is rejected at once, at the alias that
/// crosses the limit or at the key.
///
/// ```swift
/// try YAMLAliasCheck.check(text, maximumNodes: 4_000_000)   // throws Diagnostic
/// ```
enum YAMLAliasCheck {
    /// Whether the text can hold an alias at all: an `&name` and a `*name`. Texts
    /// without both need no check (an alias without its anchor is a syntax error).
    static func mayUseAliases(_ text: String) -> Bool {
        var sawAnchor = false, sawAlias = false
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if isAnchorCharacter(byte) {
                if previous == UInt8(ascii: "&") { sawAnchor = true }
                if previous == UInt8(ascii: "*") { sawAlias = true }
                if sawAnchor, sawAlias { return true }
            }
            previous = byte
        }
        return false
    }

    /// libyaml's anchor characters: letters, digits, `_` and `-`.
    static func isAnchorCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }

    /// One open list or mapping.
    private struct Frame {
        var isMapping: Bool
        /// Nodes so far, the collection itself included, aliases expanded.
        var size: Int = 1
        /// In a mapping: whether the next node is a key.
        var expectsKey = true
        var anchor: String?
    }

    /// Throws at the first alias whose expansion takes the document past
    /// `maximumNodes`, or at the first key that is an alias or a collection.
    /// Syntax errors are left to Yams, which reports them in its words.
    static func check(_ text: String, maximumNodes: Int) throws(Diagnostic) {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return }
        defer { yaml_parser_delete(&parser) }
        var bytes = Array(text.utf8)
        var anchors: [String: Int] = [:]
        var stack: [Frame] = []
        var total = 0
        try bytes.withUnsafeMutableBufferPointer { (buffer) throws(Diagnostic) in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var event = yaml_event_t()
            while true {
                guard yaml_parser_parse(&parser, &event) == 1 else { return }  // Yams reports it
                defer { yaml_event_delete(&event) }
                let location = SourceLocation(
                    line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1)
                switch event.type {
                case YAML_STREAM_END_EVENT:
                    return
                case YAML_SCALAR_EVENT:
                    let anchor = string(event.data.scalar.anchor)
                    try add(1, anchor: anchor, isKeyAllowed: true, at: location)
                case YAML_ALIAS_EVENT:
                    let name = string(event.data.alias.anchor) ?? ""
                    try add(anchors[name] ?? 1, anchor: nil, isKeyAllowed: false, at: location)
                case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                    let isMapping = event.type == YAML_MAPPING_START_EVENT
                    if let parent = stack.last, parent.isMapping, parent.expectsKey {
                        throw Diagnostic(.complexKey(isMapping ? "a mapping" : "a list"), at: location)
                    }
                    let anchor = string(isMapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor)
                    stack.append(Frame(isMapping: isMapping, anchor: anchor))
                    try count(1, at: location)
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    guard let frame = stack.popLast() else { return }
                    if let anchor = frame.anchor { anchors[anchor] = frame.size }
                    if !stack.isEmpty {
                        stack[stack.count - 1].size = adding(stack[stack.count - 1].size, frame.size)
                        if stack[stack.count - 1].isMapping { stack[stack.count - 1].expectsKey.toggle() }
                    }
                default:
                    break
                }
            }

            /// A scalar or an alias of `size` nodes in the current collection.
            func add(_ size: Int, anchor: String?, isKeyAllowed: Bool, at location: SourceLocation) throws(Diagnostic) {
                if let parent = stack.last, parent.isMapping, parent.expectsKey, !isKeyAllowed {
                    throw Diagnostic(.complexKey("an alias"), at: location)
                }
                try count(size, at: location)
                if let anchor { anchors[anchor] = size }
                guard !stack.isEmpty else { return }
                stack[stack.count - 1].size = adding(stack[stack.count - 1].size, size)
                if stack[stack.count - 1].isMapping { stack[stack.count - 1].expectsKey.toggle() }
            }

            func count(_ size: Int, at location: SourceLocation) throws(Diagnostic) {
                total = adding(total, size)
                if total > maximumNodes { throw Diagnostic(.aliasExpansion(limit: maximumNodes), at: location) }
            }
        }
    }

    /// `a + b`, saturating (anchors of anchors grow geometrically).
    private static func adding(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? Int.max : sum
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(decodingCString: $0, as: UTF8.self) }
    }
}

/// XPath's text functions ODK forms use, with XPath's names and semantics:
/// `normalize-space`, `translate`, `substring-before`, `substring-after`.
extension FunctionLibrary {
    static let xpathText: [FunctionDefinition] = [
        FunctionDefinition(
            name: "normalize-space", signature: "normalize-space(text)",
            summary: "the text without spaces at its ends, each run of spaces inside made one: '  a   b ' is 'a b'",
            arity: 1...1, check: texts(1),
            evaluate: { arguments, _ in
                guard case .string(let text) = arguments[0] else { return .string("") }
                return .string(
                    text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
                        .joined(separator: " "))
            }),
        FunctionDefinition(
            name: "translate", signature: "translate(text, from, to)",
            summary: "the text with each character of from replaced by the one at its place in to, or removed "
                + "where to is shorter: translate('abc', 'ab', 'B') is 'Bc'",
            arity: 3...3, check: texts(3),
            evaluate: { arguments, _ in
                let parts = arguments.map { argument -> [Character] in
                    if case .string(let text) = argument { return Array(text) }
                    return []
                }
                var replacements: [Character: Character?] = [:]
                for (index, character) in parts[1].enumerated() where replacements[character] == nil {
                    replacements[character] = index < parts[2].count ? parts[2][index] : Character?.none
                }
                var result = ""
                for character in parts[0] {
                    if let replacement = replacements[character] {
                        if let replacement { result.append(replacement) }
                    } else {
                        result.append(character)
                    }
                }
                return .string(result)
            }),
        FunctionDefinition(
            name: "substring-before", signature: "substring-before(text, part)",
            summary: "the text before the first occurrence of part ('' when it has none)", arity: 2...2,
            check: texts(2),
            evaluate: { arguments, _ in
                guard case .string(let text) = arguments[0], case .string(let part) = arguments[1], !part.isEmpty,
                    let found = text.range(of: part)
                else { return .string("") }
                return .string(String(text[..<found.lowerBound]))
            }),
        FunctionDefinition(
            name: "substring-after", signature: "substring-after(text, part)",
            summary: "the text after the first occurrence of part ('' when it has none; all of it for '')",
            arity: 2...2, check: texts(2),
            evaluate: { arguments, _ in
                guard case .string(let text) = arguments[0] else { return .string("") }
                guard case .string(let part) = arguments[1], !part.isEmpty else { return .string(text) }
                guard let found = text.range(of: part) else { return .string("") }
                return .string(String(text[found.upperBound...]))
            }),
    ]

    /// A function of `count` texts (or null) returning text.
    static func texts(_ count: Int) -> @Sendable ([ValueType]) -> Result<ValueType, ArgumentMismatch> {
        { types in
            for (index, type) in types.prefix(count).enumerated() where !accepts(type, .string) {
                return .failure(ArgumentMismatch(index: index, expected: "text"))
            }
            return .success(.string)
        }
    }
}

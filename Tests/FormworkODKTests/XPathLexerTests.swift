import Foundation
import Testing

@testable import FormworkODK

/// ODK's XPath, token by token: references, paths, literals, word operators only
/// where an operator can stand, prefixed and hyphenated function names.
@Suite("XPath tokens")
struct XPathLexerTests {
    static func kinds(_ text: String) throws -> [XPathToken.Kind] {
        try XPathLexer.tokens(text).map(\.kind)
    }

    @Test func referencesOperatorsAndCalls() throws {
        #expect(
            try Self.kinds("${age} >= 18 and selected(${langs}, 'fr')") == [
                .reference("age"), .op(">="), .number("18"), .op("and"), .function("selected"), .leftParenthesis,
                .reference("langs"), .comma, .string("fr"), .rightParenthesis,
            ])
        #expect(
            try Self.kinds("jr:choice-name(${q}, '${q}') != \"x\"") == [
                .function("jr:choice-name"), .leftParenthesis, .reference("q"), .comma, .string("${q}"),
                .rightParenthesis, .op("!="), .string("x"),
            ])
        #expect(
            try Self.kinds("${a} div 2 mod 3") == [.reference("a"), .op("div"), .number("2"), .op("mod"), .number("3")])
        #expect(try Self.kinds("${a}-1") == [.reference("a"), .op("-"), .number("1")])
        #expect(
            try Self.kinds("count-selected(.) <= .5") == [
                .function("count-selected"), .leftParenthesis, .path("."), .rightParenthesis, .op("<="), .number(".5"),
            ])
    }

    @Test func pathsAndWordsThatAreNotOperators() throws {
        #expect(try Self.kinds("/data/group/and") == [.path("/data/group/and")])
        #expect(try Self.kinds("../sibling = 'x'") == [.path("../sibling"), .op("="), .string("x")])
        #expect(try Self.kinds("and = or") == [.path("and"), .op("="), .path("or")])
        #expect(try Self.kinds("/data/a * 2") == [.path("/data/a"), .op("*"), .number("2")])
        #expect(
            try Self.kinds("instance('cities')/root/item[county = current()/../county]") == [
                .function("instance"), .leftParenthesis, .string("cities"), .rightParenthesis, .path("/root/item"),
                .leftBracket, .path("county"), .op("="), .function("current"), .leftParenthesis, .rightParenthesis,
                .path("/../county"), .rightBracket,
            ])
        #expect(
            try Self.kinds("position(..)") == [.function("position"), .leftParenthesis, .path(".."), .rightParenthesis])
    }

    /// An expression is read by its bytes when each is a character, else by its
    /// characters: both readings give the same tokens, offsets in characters.
    @Test(arguments: [
        "${âge} >= 18 and selected(${langs}, 'fr')", "/données/a * 2 = 'été'", "jr:choice-name(${q}, 'ü') != \"x\"",
        "count-sélectionné(.) <= .5 - ${a}-1", "../sœur = 'x' or instance('villes')/root/item[county = 'ñ']",
    ])
    func bytesAndCharactersReadAlike(_ text: String) throws {
        let ascii = String(text.unicodeScalars.map { $0.isASCII ? Character($0) : "x" })
        let byCharacters = try XPathLexer.tokens(of: Array(text))
        let byBytes = try XPathLexer.tokens(of: Array(ascii.utf8))
        #expect(try XPathLexer.tokens(text) == byCharacters)
        #expect(byBytes.map(\.offset) == byCharacters.map(\.offset))
        #expect(
            byBytes.map { String(describing: $0.kind).replacingOccurrences(of: "x", with: "?") }
                == byCharacters.map {
                    String(String(describing: $0.kind).map { $0.isASCII && $0 != "x" ? $0 : "?" })
                })
    }

    @Test func errorsSayWhere() {
        #expect(throws: XPathError(message: "a string without its closing '", offset: 7)) {
            try XPathLexer.tokens("${a} = 'open")
        }
        #expect(throws: XPathError(message: "'$' must start a reference like ${name}", offset: 0)) {
            try XPathLexer.tokens("$a")
        }
        #expect(throws: XPathError(message: "'!' must be followed by '=' (XPath's 'not equal' is !=)", offset: 5)) {
            try XPathLexer.tokens("${a} ! 1")
        }
        #expect(throws: XPathError(message: "unexpected '#'", offset: 0)) { try XPathLexer.tokens("#") }
        #expect(throws: XPathError(message: "unexpected '§'", offset: 7)) { try XPathLexer.tokens("${é} = §") }
        #expect(XPathError(message: "unexpected '#'", offset: 0).description == "unexpected '#' (at character 1)")
    }

    /// Every expression of every corpus XLSForm (relevant, constraint, calculation,
    /// required, choice_filter, repeat_count, default, trigger) splits into tokens.
    @Test func everyCorpusExpressionSplits() throws {
        guard let surveys = Corpus.surveys() else { return }
        var count = 0
        for (name, _, survey) in surveys {
            for row in survey.rows {
                for column in ["relevant", "constraint", "calculation", "choice_filter", "repeat_count", "trigger"] {
                    guard let expression = row[column] else { continue }
                    count += 1
                    do {
                        _ = try XPathLexer.tokens(expression)
                    } catch {
                        Issue.record("\(name) \(survey.reference(of: column, in: row)): \(error) in \(expression)")
                    }
                }
            }
        }
        #expect(count > 200)
    }
}

import Testing

@testable import FormworkSurveyJS

/// The lexer reads ASCII text as Unicode scalars and other text as characters; both
/// give the same tokens at the same offsets (in characters: a carriage return and
/// line feed is one, an accented letter written with a combining mark is one).
@Suite("SurveyJS lexer")
struct SurveyJSLexerTests {
    static func describe(_ tokens: [SurveyJSToken]) -> [String] {
        tokens.map { "\($0.kind)@\($0.offset)-\($0.end)" }
    }

    @Test func asciiAndOtherTextGiveTheSameTokensAtTheSameOffsets() throws {
        let ascii = try SurveyJSLexer.tokens("{age} >= 0x1F and {name} = 'a\\'b' or [1, 2.5] contains x_1")
        let other = try SurveyJSLexer.tokens("{agé} >= 0x1F and {name} = 'é\\'b' or [1, 2.5] contains x_1")
        #expect(ascii.count == 16)
        #expect(ascii.map { [$0.offset, $0.end] } == other.map { [$0.offset, $0.end] })
        #expect(ascii[0].kind == .variable("age") && other[0].kind == .variable("agé"))
        #expect(ascii[7].kind == .string("a'b") && other[7].kind == .string("é'b"))
        #expect(Array(ascii[8...]) == Array(other[8...]))
    }

    @Test func aCarriageReturnAndLineFeedIsOneCharacter() throws {
        let tokens = try SurveyJSLexer.tokens("{a}\r\n= 1")
        #expect(tokens.map(\.offset) == [0, 4, 6])
        let combining = try SurveyJSLexer.tokens("'e\u{301}' = 1")
        #expect(combining.map(\.offset) == [0, 4, 6])
    }

    @Test func errorsAreAtTheSameCharacterEitherWay() {
        for (text, offset) in [("{a} = 'x' & 1", 10), ("{é} = 'x' & 1", 10), ("{a} = 07", 6), ("{a} = {", 6)] {
            do {
                _ = try SurveyJSLexer.tokens(text)
                Issue.record("\(text) lexes")
            } catch {
                #expect(error.offset == offset, "\(text): \(error.message)")
            }
        }
    }
}

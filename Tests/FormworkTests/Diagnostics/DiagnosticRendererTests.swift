import Testing

@testable import Formwork

/// `path:line:col: error: message`, the source line, a caret under the spot, the hint.
@Suite("Diagnostic renderer")
struct DiagnosticRendererTests {
    static func render(_ problem: Problem, line: Int, column: Int, length: Int = 1, source: String?) -> String {
        DiagnosticRenderer.render(
            Diagnostic(problem, at: SourceLocation(line: line, column: column), length: length), path: "form.yaml",
            source: source)
    }

    @Test func locationMessageLineCaretAndHint() {
        let source = "id: x\nvisible: not empty($emial)\ntitle: T\n"
        #expect(
            Self.render(.unknownReference("emial", suggestion: "email"), line: 2, column: 20, length: 6, source: source)
                == """
                form.yaml:2:20: error: unknown field '$emial'
                    visible: not empty($emial)
                                       ^~~~~~
                  hint: did you mean '$email'?
                """)
    }

    @Test func withoutAHintOrASourceOrALocation() {
        #expect(
            Self.render(.unterminatedString, line: 1, column: 7, source: "text: 'open")
                == """
                form.yaml:1:7: error: unterminated string
                    text: 'open
                          ^
                """)
        #expect(
            Self.render(.unterminatedString, line: 1, column: 7, source: nil)
                == "form.yaml:1:7: error: unterminated string")
        // A line the source does not have: the message alone.
        #expect(
            Self.render(.unterminatedString, line: 9, column: 1, source: "one line")
                == "form.yaml:9:1: error: unterminated string")
        #expect(
            DiagnosticRenderer.render(Diagnostic(.multipleDocuments, at: nil), path: nil, source: "a: 1")
                == """
                <input>: error: the file holds more than one YAML document
                  hint: remove the extra '---' separator
                """)
    }

    @Test func theCaretCountsColumnsAsTheLineIsShown() {
        // A tab is shown as one space; an escape character as `\e` (two columns, as the
        // line shows it); a CJK character takes two columns.
        #expect(
            Self.render(.unknownReference("x", suggestion: nil), line: 1, column: 7, length: 2, source: "\tkey: $x")
                == """
                form.yaml:1:7: error: unknown field '$x'
                     key: $x
                          ^~
                """)
        #expect(
            Self.render(.unknownReference("x", suggestion: nil), line: 1, column: 5, length: 2, source: "a\u{1B}b $x")
                == """
                form.yaml:1:5: error: unknown field '$x'
                    a\\eb $x
                         ^~
                """)
        #expect(
            Self.render(.unknownReference("名前", suggestion: nil), line: 1, column: 5, length: 3, source: "名前: $名前")
                == """
                form.yaml:1:5: error: unknown field '$名前'
                    名前: $名前
                          ^~~~~
                """)
    }

    @Test func carriageReturnsAndAByteOrderMarkAreNotShown() {
        #expect(
            Self.render(.unterminatedString, line: 2, column: 3, source: "\u{FEFF}a: 1\r\nb: 'x\r\n")
                == """
                form.yaml:2:3: error: unterminated string
                    b: 'x
                      ^
                """)
    }

    @Test func aSpotPastTheEndOfTheLineIsMarkedAfterIt() {
        #expect(
            Self.render(.unexpectedToken(found: "the end", expected: "')'"), line: 1, column: 9, source: "round(1")
                == """
                form.yaml:1:9: error: expected ')', found the end
                    round(1
                           ^
                """)
    }

    @Test func theUnderlineStopsAtTheEndOfTheLine() {
        #expect(
            Self.render(.unterminatedString, line: 1, column: 4, length: 50, source: "a: 'abc")
                == """
                form.yaml:1:4: error: unterminated string
                    a: 'abc
                       ^~~~
                """)
    }

    /// Lines up to 160 scalars are shown whole; a longer one as 120 scalars from 40
    /// before the spot, "…" marking what is left out.
    @Test func aLongLineIsShownAsAWindowAroundTheSpot() {
        let line = (0..<300).map { String($0 % 10) }.joined()
        let middle = Self.render(.unterminatedString, line: 1, column: 201, source: line)
            .split(separator: "\n", omittingEmptySubsequences: false)
        let digits = Array(line)
        #expect(middle[1] == "    …" + String(digits[160..<280]) + "…")
        #expect(middle[2] == String(repeating: " ", count: 4 + 1 + 40) + "^")

        let end = Self.render(.unterminatedString, line: 1, column: 300, source: line)
            .split(separator: "\n", omittingEmptySubsequences: false)
        #expect(end[1] == "    …" + String(digits[180..<300]))
        #expect(end[2] == String(repeating: " ", count: 4 + 1 + 119) + "^")

        let start = Self.render(.unterminatedString, line: 1, column: 3, source: line)
            .split(separator: "\n", omittingEmptySubsequences: false)
        #expect(start[1] == "    " + String(digits[0..<120]) + "…")
        #expect(start[2] == "      ^")

        let whole = String(repeating: "x", count: 160)
        #expect(Self.render(.unterminatedString, line: 1, column: 150, source: whole).contains("    " + whole + "\n"))
    }

    @Test func pathsAndMessagesAreEscaped() {
        #expect(
            DiagnosticRenderer.render(
                Diagnostic(.duplicateKey("a\u{1B}[2J"), at: nil), path: "evil\u{1B}].yaml", source: nil)
                == "evil\\e].yaml: error: duplicate key 'a\\e[2J'")
    }

    @Test func aListIsSortedByLocationFileWideProblemsFirst() {
        let list = DiagnosticList(
            path: "f.yaml", source: "a\nb\n",
            diagnostics: [
                Diagnostic(.unterminatedString, at: SourceLocation(line: 2, column: 1)),
                Diagnostic(.multipleDocuments, at: nil),
                Diagnostic(.invalidUTF8(byteOffset: 0), at: SourceLocation(line: 1, column: 1)),
            ])
        #expect(
            list.diagnostics.map(\.location) == [
                nil, SourceLocation(line: 1, column: 1), SourceLocation(line: 2, column: 1),
            ])
        #expect(
            list.rendered == """
                f.yaml: error: the file holds more than one YAML document
                  hint: remove the extra '---' separator
                f.yaml:1:1: error: the file is not valid UTF-8 (at byte 0)
                    a
                    ^
                  hint: save the file as UTF-8
                f.yaml:2:1: error: unterminated string
                    b
                    ^
                """)
        #expect(list.description == list.rendered)
    }

    @Test func longQuotedTextIsCutInMessages() {
        let long = String(repeating: "k", count: 100)
        #expect(
            DiagnosticRenderer.message(for: .duplicateKey(long))
                == "duplicate key '\(String(repeating: "k", count: 59))…'")
    }

    @Test func hintsListTheChoicesWhenThereIsNoSuggestion() {
        #expect(
            DiagnosticRenderer.hint(for: .unknownKind("txt", suggestion: "text")) == "did you mean 'text'?")
        #expect(
            DiagnosticRenderer.hint(for: .unknownKind("zzz", suggestion: nil))
                == "kinds are 'text', 'secure', 'number', 'switch', 'choice', 'multichoice', 'date', 'time', "
                + "'datetime', 'geopoint', 'file', 'rank', 'note', 'computed' or 'calculate'"
        )
        #expect(
            DiagnosticRenderer.hint(for: .unknownTextFormat("mail", suggestion: nil)) == "formats are 'email' and 'url'"
        )
        #expect(
            DiagnosticRenderer.hint(for: .unknownReference("emial", suggestion: "email")) == "did you mean '$email'?")
        #expect(DiagnosticRenderer.hint(for: .unknownReference("zzz", suggestion: nil)) == nil)
    }
}

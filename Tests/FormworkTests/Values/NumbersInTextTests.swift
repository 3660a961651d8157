import Formwork
import Testing

/// How numbers are written as text, in each style. The `java` cases are what
/// JavaRosa's `string()` gives for the same numbers (`../shared/oracles/javarosa/run.sh
/// xpath FORM "string(…)"`), so a text calculation of an imported ODK form holds
/// what JavaRosa's submission holds.
struct NumbersInTextTests {
    static let javaRosaTexts: [(Double, String)] = [
        (0.1 + 0.2, "0.30000000000000004"),
        (123_456_789.5, "1.234567895E8"),
        (1.0 / 3.0, "0.3333333333333333"),
        (0.0001, "1.0E-4"),
        (0.00001, "1.0E-5"),
        (-0.5, "-0.5"),
        (2_147_483_648.5, "2.1474836485E9"),
        (1e15, "1.0E15"),
        (1e16, "1.0E16"),
        (12_345_678.9, "1.23456789E7"),
        (1e23, "1.0E23"),
        (42.79.truncatingRemainder(dividingBy: 3), "0.7899999999999991"),
        (Double.infinity, "Infinity"),
        (-Double.infinity, "-Infinity"),
        (Double.nan, "NaN"),
        (-0.0, "0"),
        (3.0, "3"),
        (2_147_483_647, "2147483647"),
        (-2_147_483_647, "-2147483647"),
        (2_147_483_648, "2.147483648E9"),
        (9_007_199_254_740_992, "9.007199254740992E15"),
        (0.001, "0.001"),
        (1_234_567.0, "1234567"),
        (1_234_567.25, "1234567.25"),
        (100.5, "100.5"),
        (0.0012345, "0.0012345"),
        (0.1 + 0.2 - 0.3, "0"),
        (1.000_000_000_000_1, "1"),
        (-2.000_000_000_000_1, "-2"),
        (0.000_000_000_000_1, "0"),
        (-2_147_483_648, "-2147483648"),
        (Double.greatestFiniteMagnitude, "1.7976931348623157E308"),
    ]

    @Test(arguments: javaRosaTexts)
    func javaWritesAsJavaRosa(_ number: Double, _ expected: String) {
        #expect(NumbersInText.java.text(number) == expected)
    }

    @Test(arguments: [
        (12_345_678.0, "1.2345678E7"), (5.0, "5.0"), (100.0, "100.0"), (9_999_999.0, "9999999.0"),
        (10_000_000.0, "1.0E7"), (0.0, "0.0"), (-2.5, "-2.5"), (1.5e-3, "0.0015"), (9.99e-4, "9.99E-4"),
    ])
    func javaDoubleIsJavasDoubleToString(_ number: Double, _ expected: String) {
        #expect(NumbersInText.javaDouble(number) == expected)
    }

    /// Every double the Java style writes reads back as itself (the digits are the
    /// shortest that do).
    @Test func javaTextReadsBackAsTheSameNumber() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<10_000 {
            let number = Double(bitPattern: generator.next() & ~(0x7FF << 52) | (UInt64.random(in: 900...1150) << 52))
            let text = NumbersInText.javaDouble(number)
            #expect(Double(text) == number, "\(number) written \(text)")
        }
    }

    @Test func plainKeepsFormworksOwnWay() {
        #expect(NumbersInText.plain.text(0.1 + 0.2) == "0.3")
        #expect(NumbersInText.plain.text(12_345_678.5) == "12345678.5")
        #expect(NumbersInText.plain.text(.nan) == "")
    }

    /// The style reaches `string()`, `concat()`, `join()` and a label's `{…}` through
    /// the definition's `numbersInText`.
    static let styles = [
        ("plain", "n=0.789999999999999 [0.3] 0.3 0.3"),
        ("java", "n=0.7899999999999991 [0.30000000000000004] 0.30000000000000004 0.30000000000000004"),
    ]

    @Test(arguments: styles)
    func theDefinitionsStyleReachesEveryTextFunction(_ style: String, _ expected: String) throws {
        let form = try FormDefinition(
            yaml: """
                id: numbers
                title: Numbers
                numbersInText: \(style)
                sections:
                  - id: main
                    fields:
                      - { id: q1, kind: number, label: Q1, default: 42.79 }
                      - id: text
                        kind: calculate
                        value: "concat('n=', $q1 % 3, ' [', string(0.1 + 0.2), '] ', join(',', 0.1 + 0.2))"
                      - { id: shown, kind: note, text: "{0.1 + 0.2}" }
                """)
        let session = FormSession(definition: form)
        session.reload(nil, animated: false)
        let text = try #require(session.calculations().first { $0.path == "text" }?.value)
        let label = try session.display(.null, of: "shown")
        #expect("\(text.plainText) \(label)" == expected)
    }

    @Test func anUnknownStyleIsAnErrorAtItsPlace() {
        let yaml = """
            id: f
            title: F
            numbersInText: fortran
            sections: [{ id: s, fields: [{ id: a, kind: text, label: A }] }]
            """
        let error = #expect(throws: DiagnosticList.self) { try FormDefinition(yaml: yaml) }
        #expect(error?.description.contains("3:16: error:") == true)
        #expect(error?.description.contains("plain or java") == true)
    }
}

import FormworkTesting
import Foundation
import Testing

@testable import Formwork

/// `trimmed(_:)` trims what Foundation's `trimmingCharacters(in:)` trims, scalar for
/// scalar, for both sets the readers and `number()` use.
@Suite("Trimming without Foundation")
struct StringTrimmingTests {
    static let sets: [(TrimmedScalars, CharacterSet)] = [
        (.whitespaces, .whitespaces), (.whitespacesAndNewlines, .whitespacesAndNewlines),
    ]

    @Test func everyScalarIsTrimmedAsFoundationTrimsIt() {
        var differences: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            for (set, foundation) in Self.sets where set.contains(scalar) != foundation.contains(scalar) {
                differences.append("U+\(String(value, radix: 16, uppercase: true)) in \(set)")
            }
        }
        #expect(differences == [])
    }

    @Test func textsAreTrimmedAsFoundationTrimsThem() {
        let pool: [Unicode.Scalar] = [
            " ", "\t", "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}", "\u{200B}", "\u{2028}", "\u{3000}", "a",
            "é", "\u{301}", "😀", "\u{FEFF}", "\u{180E}", "\u{1F1EB}", "\u{1F1F7}",
        ]
        var generator = SeededGenerator(seed: 7)
        var differences: [[Unicode.Scalar]] = []
        for _ in 0..<20_000 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...7, using: &generator) {
                scalars.append(pool.randomElement(using: &generator)!)
            }
            let text = String(scalars)
            // A substring too, whose bounds are not its base's.
            let inner = ("x" + text + "y").dropFirst().dropLast()
            for (set, foundation) in Self.sets
            where Array(text.trimmed(set).unicodeScalars)
                != Array(text.trimmingCharacters(in: foundation).unicodeScalars)
                || Array(inner.trimmed(set).unicodeScalars)
                    != Array(inner.trimmingCharacters(in: foundation).unicodeScalars)
            {
                differences.append(Array(text.unicodeScalars))
            }
        }
        #expect(differences.isEmpty, "\(differences.prefix(5))")
    }

    @Test func examples() {
        #expect("  Oui\n".trimmed(.whitespacesAndNewlines) == "Oui")
        #expect("\u{A0}a b\t".trimmed(.whitespaces) == "a b")
        #expect("a\n".trimmed(.whitespaces) == "a\n")
        #expect(" \u{301}a".trimmed(.whitespaces).unicodeScalars.first == "\u{301}")
        #expect("".trimmed(.whitespacesAndNewlines) == "")
        #expect(" \n ".trimmed(.whitespacesAndNewlines) == "")
    }
}

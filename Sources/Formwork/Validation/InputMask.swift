import Foundation

/// How a value is typed at the prompt: a phone number's `+1(999)999-99-99`, a number
/// with separators and a currency sign, a date as `mm/dd/yyyy` — SurveyJS's input masks
/// (`maskType`, `maskSettings`), as a field's `mask`.
///
/// A mask reads what a person types: the masked form (`+1(555)123-45-67`, `$1,234.50`,
/// `01/31/2024`) or the bare value (`5551234567`, `1234.5`, `2024-01-31`); the field
/// holds the bare value (the masked text with `keepsMask`), and the table shows it
/// masked. It is an input rule: values from a file, a program or a finished response
/// are not masked (survey-core checks no mask there either).
///
/// ```swift
/// let phone = InputMask.pattern("+1(999)999-99-99")
/// try phone.unmasked("+1(555)123-45-67").get()   // "15551234567"
/// phone.masked("15551234567")                     // "+1(555)123-45-67"
/// ```
public enum InputMask: Sendable, Hashable {
    /// `9` a digit, `a` a letter, `#` a letter or a digit, `\` makes the next one a
    /// literal; anything else is written as it is (and held in the value when it is a
    /// letter or a digit, as survey-core holds it: `+1(999)` holds `1` and three digits).
    case pattern(String, keepsMask: Bool = false)
    /// A number: its separators, decimals, sign, bounds, and a prefix and suffix (a
    /// currency's `$`).
    case numeric(NumericMask)
    /// A date, a time, or both, by `yyyy`, `yy`, `mm`, `m`, `dd`, `d`, `HH`, `H`, `hh`, `h`,
    /// `MM`, `M`, `ss`, `s` and `TT`/`tt` (AM/PM); held as `YYYY-MM-DD`, `HH:MM`, or
    /// `YYYY-MM-DDTHH:MM`.
    case dateTime(String)

    /// What the mask says, for a message: "+1(999)999-99-99", "a number with at most 2
    /// decimals", "mm/dd/yyyy".
    public var description: String {
        switch self {
        case .pattern(let pattern, _): return pattern
        case .numeric(let mask): return mask.description
        case .dateTime(let pattern): return pattern
        }
    }

    /// The value of typed `text` (trimmed, not empty), or why the mask refuses it.
    public func unmasked(_ text: String) -> Result<String, MaskProblem> {
        switch self {
        case .pattern(let pattern, let keepsMask): return PatternMask(pattern).read(text, keepsMask: keepsMask)
        case .numeric(let mask): return mask.read(text)
        case .dateTime(let pattern): return DateTimeMask(pattern).read(text)
        }
    }

    /// A held value as the mask shows it (`nil` when it does not fit the mask).
    public func masked(_ value: String) -> String? {
        switch self {
        case .pattern(let pattern, _): return PatternMask(pattern).write(value)
        case .numeric(let mask): return Double(value).map(mask.write)
        case .dateTime(let pattern): return DateTimeMask(pattern).write(value)
        }
    }
}

/// Why typed text does not fit a mask.
public struct MaskProblem: Error, Sendable, Hashable {
    /// What the text should look like, in words.
    public var expected: String
}

/// A pattern mask's places, as survey-core reads a pattern: `9` a digit, `a` a
/// letter, `#` either (ASCII), `\` makes the next character a literal; a literal
/// that is a letter or a digit (or escaped) is part of the value, any other only of
/// the mask.
struct PatternMask {
    enum Place: Equatable {
        /// A literal: `kept` when the value holds it too (`1` in `+1(999)`).
        case literal(Character, kept: Bool)
        case digit, letter, any

        func accepts(_ character: Character) -> Bool {
            switch self {
            case .literal(let literal, _): return character == literal
            case .digit: return character.isASCII && character.isNumber
            case .letter: return character.isASCII && character.isLetter
            case .any: return character.isASCII && (character.isLetter || character.isNumber)
            }
        }

        /// Whether the value holds what is at this place.
        var isHeld: Bool { if case .literal(_, let kept) = self { kept } else { true } }
        var isOpen: Bool { if case .literal = self { false } else { true } }
    }

    let pattern: String
    let places: [Place]

    init(_ pattern: String) {
        self.pattern = pattern
        var places: [Place] = []
        var escaped = false
        for character in pattern {
            if escaped {
                places.append(.literal(character, kept: true))
                escaped = false
                continue
            }
            switch character {
            case "\\": escaped = true
            case "9": places.append(.digit)
            case "a": places.append(.letter)
            case "#": places.append(.any)
            default:
                let alphanumeric = character.isASCII && (character.isLetter || character.isNumber)
                places.append(.literal(character, kept: alphanumeric))
            }
        }
        self.places = places
    }

    /// The value of typed text: the masked form (literals in place), the value itself
    /// (kept literals and typed characters), or the typed characters alone.
    func read(_ text: String, keepsMask: Bool) -> Result<String, MaskProblem> {
        let typed = Array(text)
        var value: String?
        for layout in [places, places.filter(\.isHeld), places.filter(\.isOpen)] where typed.count == layout.count {
            guard zip(typed, layout).allSatisfy({ $1.accepts($0) }) else { continue }
            let open = zip(typed, layout).filter { $1.isOpen }.map(\.0)
            value = held(open: open)
            break
        }
        guard let value else {
            return .failure(MaskProblem(expected: "typed as \(pattern) (9 a digit, a a letter, # either)"))
        }
        return .success(keepsMask ? write(value) ?? value : value)
    }

    /// The value for the characters typed at the open places: those and the kept literals.
    private func held(open: [Character]) -> String {
        var remaining = open[...]
        var result = ""
        for place in places where place.isHeld {
            if case .literal(let literal, _) = place {
                result.append(literal)
            } else if let next = remaining.popFirst() {
                result.append(next)
            }
        }
        return result
    }

    /// A value in the mask (`nil` when it does not fit it); a value kept with its mask
    /// as it is.
    func write(_ value: String) -> String? {
        let characters = Array(value)
        if characters.count == places.count, zip(characters, places).allSatisfy({ $1.accepts($0) }) { return value }
        let held = places.filter(\.isHeld)
        guard characters.count == held.count, zip(characters, held).allSatisfy({ $1.accepts($0) }) else { return nil }
        var remaining = characters[...]
        var result = ""
        for place in places {
            if place.isHeld {
                result.append(remaining.removeFirst())
            } else if case .literal(let literal, _) = place {
                result.append(literal)
            }
        }
        return result
    }
}

import Foundation

/// A number typed with separators, a sign and a currency's prefix or suffix
/// (SurveyJS's numeric and currency masks).
///
/// ```swift
/// let price = NumericMask(precision: 2, prefix: "$")
/// try price.read("$1,234.50").get()   // "1234.5"
/// price.write(1234.5)                 // "$1,234.50"
/// ```
public struct NumericMask: Sendable, Hashable {
    /// The decimal separator (`.`).
    public var decimalSeparator: Character = "."
    /// The thousands separator (`,`); typed or not.
    public var thousandsSeparator: Character? = ","
    /// The most decimals (2).
    public var precision = 2
    /// Whether a number below zero may be typed.
    public var allowsNegative = true
    /// The least that may be typed.
    public var minimum: Double?
    /// The most that may be typed.
    public var maximum: Double?
    /// Written before the number (`$`).
    public var prefix = ""
    /// Written after the number (` €`).
    public var suffix = ""

    /// A mask of `precision` decimals with `prefix`; the rest as by default.
    public init(precision: Int = 2, prefix: String = "", suffix: String = "") {
        self.precision = precision
        self.prefix = prefix
        self.suffix = suffix
    }

    var description: String {
        var text = "a number"
        if !allowsNegative { text += " not below zero" }
        if let minimum, let maximum {
            text += " from \(JSONText.format(minimum)) to \(JSONText.format(maximum))"
        } else if let minimum {
            text += " of at least \(JSONText.format(minimum))"
        } else if let maximum {
            text += " of at most \(JSONText.format(maximum))"
        }
        return text + (precision == 0 ? ", whole" : " with at most \(precision) decimals")
    }

    /// The number typed (its prefix, suffix and thousands separators dropped), as
    /// text a number field reads.
    func read(_ text: String) -> Result<String, MaskProblem> {
        var body = Substring(text.trimmingCharacters(in: .whitespaces))
        var negative = false
        if body.hasPrefix("-") {
            negative = true
            body = body.dropFirst()
        }
        if !prefix.isEmpty, body.hasPrefix(prefix) { body = body.dropFirst(prefix.count) }
        if !suffix.isEmpty, body.hasSuffix(suffix) { body = body.dropLast(suffix.count) }
        if body.hasPrefix("-") {
            negative.toggle()
            body = body.dropFirst()
        }
        let trimmed = body.trimmingCharacters(in: .whitespaces)
        var digits = ""
        var decimals: Int?
        for character in trimmed {
            if character.isASCII && character.isNumber {
                digits.append(character)
                if let count = decimals { decimals = count + 1 }
            } else if character == decimalSeparator, decimals == nil {
                digits.append(".")
                decimals = 0
            } else if character == thousandsSeparator, decimals == nil {
                continue
            } else {
                return .failure(MaskProblem(expected: description))
            }
        }
        guard var number = Double(digits), digits.first != "." || digits.count > 1 else {
            return .failure(MaskProblem(expected: description))
        }
        if negative { number = -number }
        guard (decimals ?? 0) <= precision, allowsNegative || number >= 0, minimum.map({ number >= $0 }) ?? true,
            maximum.map({ number <= $0 }) ?? true
        else { return .failure(MaskProblem(expected: description)) }
        return .success(JSONText.format(number))
    }

    /// A number as the mask shows it: grouped, its decimals, prefix and suffix.
    func write(_ number: Double) -> String {
        let fixed = String(format: "%.\(precision)f", abs(number))
        let parts = fixed.split(separator: ".", maxSplits: 1)
        var whole = String(parts[0])
        if let separator = thousandsSeparator {
            var grouped = ""
            for (offset, character) in whole.reversed().enumerated() {
                if offset > 0, offset % 3 == 0 { grouped.append(separator) }
                grouped.append(character)
            }
            whole = String(grouped.reversed())
        }
        let fraction = parts.count > 1 ? String(decimalSeparator) + parts[1] : ""
        return (number < 0 ? "-" : "") + prefix + whole + fraction + suffix
    }
}

/// A date, a time or both typed by a pattern (`mm/dd/yyyy`, `HH:MM`).
struct DateTimeMask {
    enum Part: Equatable {
        case year(digits: Int), month, day, hour24, hour12, minute, second, meridiem
        case literal(Character)
    }

    let pattern: String
    let parts: [Part]

    init(_ pattern: String) {
        self.pattern = pattern
        var parts: [Part] = []
        var rest = Substring(pattern)
        let tokens: [(String, Part)] = [
            ("yyyy", .year(digits: 4)), ("yy", .year(digits: 2)), ("mm", .month), ("m", .month), ("dd", .day),
            ("d", .day), ("HH", .hour24), ("H", .hour24), ("hh", .hour12), ("h", .hour12), ("MM", .minute),
            ("M", .minute), ("ss", .second), ("s", .second), ("TT", .meridiem), ("tt", .meridiem),
        ]
        while let first = rest.first {
            if let (token, part) = tokens.first(where: { rest.hasPrefix($0.0) }) {
                parts.append(part)
                rest = rest.dropFirst(token.count)
            } else {
                parts.append(.literal(first))
                rest = rest.dropFirst()
            }
        }
        self.parts = parts
    }

    var hasDate: Bool { parts.contains { if case .year = $0 { true } else { $0 == .month || $0 == .day } } }
    var hasTime: Bool { parts.contains { [.hour24, .hour12, .minute, .second].contains($0) } }

    /// Typed text by the pattern (or already `YYYY-MM-DD[THH:MM[:SS]]`, `HH:MM`) as
    /// the value held.
    func read(_ text: String) -> Result<String, MaskProblem> {
        let problem = MaskProblem(
            expected: "a \(hasDate && hasTime ? "date and time" : hasDate ? "date" : "time") "
                + "typed as \(pattern)")
        if let held = Self.held(text, date: hasDate, time: hasTime) { return .success(held) }
        var year = 2000, month = 1, day = 1, hour = 0, minute = 0, second = 0
        var meridiem: String?
        var rest = Substring(text.trimmingCharacters(in: .whitespaces))
        for part in parts {
            if case .literal(let literal) = part {
                guard rest.first == literal else { return .failure(problem) }
                rest = rest.dropFirst()
                continue
            }
            if part == .meridiem {
                let word = rest.prefix(2).uppercased()
                guard word == "AM" || word == "PM" else { return .failure(problem) }
                meridiem = word
                rest = rest.dropFirst(2)
                continue
            }
            let most = if case .year(let digits) = part { digits } else { 2 }
            let digits = rest.prefix(most).prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, let number = Int(digits) else { return .failure(problem) }
            rest = rest.dropFirst(digits.count)
            switch part {
            case .year(let count): year = count == 2 ? 2000 + number : number
            case .month: month = number
            case .day: day = number
            case .hour24, .hour12: hour = number
            case .minute: minute = number
            case .second: second = number
            default: break
            }
        }
        if let meridiem {
            guard (1...12).contains(hour) else { return .failure(problem) }
            hour = hour % 12 + (meridiem == "PM" ? 12 : 0)
        }
        guard rest.isEmpty, hour < 24, minute < 60, second < 60 else { return .failure(problem) }
        let date = String(format: "%04d-%02d-%02d", year, month, day)
        guard !hasDate || LocalDate(date) != nil else { return .failure(problem) }
        let time =
            String(format: "%02d:%02d", hour, minute) + (parts.contains(.second) ? String(format: ":%02d", second) : "")
        if hasDate && hasTime { return .success(date + "T" + time) }
        return .success(hasDate ? date : time)
    }

    /// A held value (`YYYY-MM-DD`, `HH:MM`, both with a `T`) as it is, if it is one.
    static func held(_ text: String, date: Bool, time: Bool) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if date && time {
            let halves = trimmed.split(separator: "T", maxSplits: 1)
            guard halves.count == 2, LocalDate(String(halves[0])) != nil, LocalTime(String(halves[1])) != nil
            else { return nil }
            return trimmed
        }
        if date { return LocalDate(trimmed) != nil ? trimmed : nil }
        return time && LocalTime(trimmed) != nil ? trimmed : nil
    }

    /// A held value by the pattern (`nil` when it is none).
    func write(_ value: String) -> String? {
        let halves = value.split(separator: "T", maxSplits: 1).map(String.init)
        let dateText = hasDate ? halves.first : nil
        let timeText = hasTime ? (hasDate ? (halves.count > 1 ? halves[1] : nil) : halves.first) : nil
        let date = dateText.flatMap(LocalDate.init)
        let time = timeText.flatMap(LocalTime.init)
        if hasDate && date == nil || hasTime && time == nil { return nil }
        let clock = time?.description.split(separator: ":").compactMap { Int($0) } ?? [0, 0, 0]
        let ymd = date?.description.split(separator: "-").compactMap { Int($0) } ?? [2000, 1, 1]
        var result = ""
        for part in parts {
            switch part {
            case .literal(let character): result.append(character)
            case .year(let digits): result += digits == 2 ? String(format: "%02d", ymd[0] % 100) : String(ymd[0])
            case .month: result += String(format: "%02d", ymd[1])
            case .day: result += String(format: "%02d", ymd[2])
            case .hour24: result += String(format: "%02d", clock[0])
            case .hour12: result += String(format: "%02d", clock[0] % 12 == 0 ? 12 : clock[0] % 12)
            case .minute: result += String(format: "%02d", clock.count > 1 ? clock[1] : 0)
            case .second: result += String(format: "%02d", clock.count > 2 ? clock[2] : 0)
            case .meridiem: result += clock[0] < 12 ? "AM" : "PM"
            }
        }
        return result
    }
}

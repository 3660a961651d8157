/// Functions ODK forms use that the rest of the library has no word for: list
/// positions (`nth`, for `indexed-repeat` and `selected-at`), `join`, `substr`,
/// `starts-with`, `ends-with`, and days as numbers (`decimal-date-time`, `decimal-time`, `date-time`).
/// The names and semantics are JavaRosa's where it has the function, so an imported
/// expression reads as written.
extension FunctionLibrary {
    static let odk: [FunctionDefinition] = [
        FunctionDefinition(
            name: "words", signature: "words(text)",
            summary: "the text's words, split at runs of spaces, as a list ('a  b' is ['a', 'b'])", arity: 1...1,
            check: { types in
                accepts(types[0], .string)
                    ? .success(.list(.string)) : .failure(ArgumentMismatch(index: 0, expected: "text"))
            },
            evaluate: { arguments, _ in
                guard case .string(let text) = arguments[0] else { return .list([]) }
                return .list(text.split(whereSeparator: \.isWhitespace).map { .string(String($0)) })
            }),
        FunctionDefinition(
            name: "nth", signature: "nth(list, position)",
            summary: "the element at a position of a list, from 1 (null outside the list or for a position not whole)",
            arity: 2...2,
            check: { types in
                guard accepts(types[1], .number) else {
                    return .failure(ArgumentMismatch(index: 1, expected: "a number"))
                }
                switch types[0] {
                case .list(let element): return .success(element)
                case .null: return .success(.null)
                default: return .failure(ArgumentMismatch(index: 0, expected: "a list"))
                }
            },
            evaluate: { arguments, _ in
                guard case .list(let elements) = arguments[0], let position = number(arguments[1]),
                    position == position.rounded(), position >= 1, position <= Double(elements.count)
                else { return .null }
                return elements[Int(position) - 1]
            }),
        FunctionDefinition(
            name: "join", signature: "join(separator, list) or join(separator, a, b, …)",
            summary: "the values as text (string()'s rules), a list's elements each, with the separator between",
            arity: 2...manyArguments,
            check: { types in
                guard accepts(types[0], .string) else { return .failure(ArgumentMismatch(index: 0, expected: "text")) }
                for (index, type) in types.enumerated().dropFirst() {
                    if case .entries = type {
                        return .failure(ArgumentMismatch(index: index, expected: "a value or a list"))
                    }
                }
                return .success(.string)
            },
            writingNumbers: { arguments, numbers in
                let separator = text(of: arguments[0], numbers: numbers)
                var parts: [String] = []
                for argument in arguments.dropFirst() {
                    switch argument {
                    case .list(let elements): parts += elements.map { text(of: $0, numbers: numbers) }
                    case .null where arguments.count == 2: break
                    default: parts.append(text(of: argument, numbers: numbers))
                    }
                }
                return .string(parts.joined(separator: separator))
            }),
        FunctionDefinition(
            name: "substr", signature: "substr(text, start, end)",
            summary:
                "the characters from start (from 0) to before end (default: the end); negative positions count "
                + "from the end",
            arity: 2...3, check: textThenNumbers,
            evaluate: { arguments, _ in
                guard case .string(let text) = arguments[0], let start = number(arguments[1]) else { return .null }
                let characters = Array(text)
                let end = arguments.count > 2 ? number(arguments[2]) : Double(characters.count)
                guard let end else { return .null }
                func position(_ value: Double) -> Int {
                    let whole = Int(max(min(value.rounded(.towardZero), 1e9), -1e9))
                    return min(max(0, whole < 0 ? characters.count + whole : whole), characters.count)
                }
                let (from, to) = (position(start), position(end))
                return .string(from < to ? String(characters[from..<to]) : "")
            }),
        affix("starts-with", "whether text starts with a prefix (case-sensitive; true for an empty one)") {
            $0.hasPrefix($1)
        },
        affix("ends-with", "whether text ends with a suffix (case-sensitive; true for an empty one)") {
            $0.hasSuffix($1)
        },
        FunctionDefinition(
            name: "decimal-date-time", signature: "decimal-date-time(date)",
            summary: "the days since 1970-01-01T00:00 of a date or datetime, with the time as a fraction",
            arity: 1...1,
            check: { types in
                accepts(types[0], .date, .dateTime)
                    ? .success(.number) : .failure(ArgumentMismatch(index: 0, expected: "a date or a datetime"))
            },
            evaluate: { arguments, _ in
                switch arguments[0] {
                case .date(let date): return .number(Double(date.daysSinceEpoch))
                case .dateTime(let moment): return .number(Double(moment.secondsSinceEpoch) / 86_400)
                default: return .null
                }
            }),
        FunctionDefinition(
            name: "decimal-time", signature: "decimal-time(time)",
            summary:
                "the fraction of its day a time (or a datetime) is, 0.5 at noon, computed as JavaRosa computes it "
                + "(on today's date for a time); a number's fraction; 0 for a date",
            arity: 1...1,
            check: { types in
                accepts(types[0], .time, .dateTime, .date, .number)
                    ? .success(.number) : .failure(ArgumentMismatch(index: 0, expected: "a time"))
            },
            evaluate: { arguments, today in
                // JavaRosa divides the moment's milliseconds since 1970 by a day's and keeps
                // the fraction: the day it is on decides the last digits (a time: today).
                func fraction(days: Int, seconds: Int) -> Value {
                    let value = Double(days * 86_400_000 + seconds * 1000) / 86_400_000
                    return .number(value - value.rounded(.down))
                }
                switch arguments[0] {
                case .time(let time): return fraction(days: today.daysSinceEpoch, seconds: time.secondsSinceMidnight)
                case .dateTime(let moment):
                    return fraction(days: moment.date.daysSinceEpoch, seconds: moment.time.secondsSinceMidnight)
                case .date: return 0
                case .number(let number): return finite(number - number.rounded(.down))
                default: return .null
                }
            }),
        FunctionDefinition(
            name: "date-time", signature: "date-time(days or text)",
            summary:
                "the datetime so many days (a fraction is the time, to the second) after 1970-01-01T00:00, "
                + "or written as text (YYYY-MM-DD, YYYY-MM-DDTHH:MM[:SS])",
            arity: 1...1,
            check: { types in
                accepts(types[0], .number, .string, .date, .dateTime)
                    ? .success(.dateTime) : .failure(ArgumentMismatch(index: 0, expected: "a number or text"))
            },
            evaluate: { arguments, _ in
                switch arguments[0] {
                case .number(let days):
                    let seconds = (days * 86_400).rounded(.down)
                    guard abs(seconds) < 4_000_000 * 86_400 else { return .null }
                    let whole = Int(seconds)
                    let (day, second) = (whole.floorDivided(by: 86_400), whole.floorModulo(86_400))
                    let date = LocalDate(daysSinceEpoch: day)
                    guard (1...9999).contains(date.year), let time = LocalTime(secondsSinceMidnight: second) else {
                        return .null
                    }
                    return .dateTime(LocalDateTime(date: date, time: time))
                case .string(let text):
                    if let moment = LocalDateTime(text) { return .dateTime(moment) }
                    return LocalDate(text).map { .dateTime(LocalDateTime(date: $0, time: .midnight)) } ?? .null
                case .date(let date): return .dateTime(LocalDateTime(date: date, time: .midnight))
                case .dateTime: return arguments[0]
                default: return .null
                }
            }),
    ]

    static let textThenNumbers: @Sendable ([ValueType]) -> Result<ValueType, ArgumentMismatch> = { types in
        guard accepts(types[0], .string) else { return .failure(ArgumentMismatch(index: 0, expected: "text")) }
        for (index, type) in types.enumerated().dropFirst() where !accepts(type, .number) {
            return .failure(ArgumentMismatch(index: index, expected: "a number"))
        }
        return .success(.string)
    }

    /// `starts-with` and `ends-with`: false for a null text or affix, as `contains` is.
    static func affix(
        _ name: String, _ summary: String, _ test: @escaping @Sendable (String, String) -> Bool
    ) -> FunctionDefinition {
        FunctionDefinition(
            name: name, parameters: [.string, .string], returns: .bool, summary: summary,
            evaluate: { arguments, _ in
                guard case .string(let text) = arguments[0], case .string(let affix) = arguments[1] else {
                    return false
                }
                return .bool(test(text, affix))
            })
    }
}

extension Int {
    /// The quotient rounded toward negative infinity.
    fileprivate func floorDivided(by divisor: Int) -> Int {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }

    /// The remainder of `floorDivided(by:)`, between 0 and the divisor.
    fileprivate func floorModulo(_ divisor: Int) -> Int { self - floorDivided(by: divisor) * divisor }
}

extension LocalTime {
    /// The time so many seconds after midnight; `nil` outside one day.
    fileprivate init?(secondsSinceMidnight seconds: Int) {
        guard (0..<86_400).contains(seconds) else { return nil }
        self.init(hour: seconds / 3600, minute: seconds / 60 % 60, second: seconds % 60)
    }
}

/// Dates and times: `year`, `month`, `day`, `format-date`, `date-diff`, `now`, and
/// `uuid` (compiled specially, like `now`: they read the evaluation's clock and seed).
extension FunctionLibrary {
    /// The units `date-diff` counts in.
    static let dateDiffUnits = ["days", "months", "years", "hours", "minutes", "seconds"]

    static let dates: [FunctionDefinition] = [
        part("year", "the year of a date or datetime") { $0.year },
        part("month", "the month (1–12) of a date or datetime") { $0.month },
        part("day", "the day of the month (1–31) of a date or datetime") { $0.day },
        FunctionDefinition(
            name: "format-date", signature: "format-date(date, 'pattern')",
            summary: "the date or datetime written by a pattern of %Y %y %m %n %b %d %e %a %H %h %M %S (as ODK's)",
            arity: 2...2,
            check: { types in
                guard accepts(types[0], .date, .dateTime) else {
                    return .failure(ArgumentMismatch(index: 0, expected: "a date or a datetime"))
                }
                guard accepts(types[1], .string) else { return .failure(ArgumentMismatch(index: 1, expected: "text")) }
                return .success(.string)
            },
            evaluate: { arguments, _ in
                guard case .string(let pattern) = arguments[1] else { return .null }
                switch arguments[0] {
                case .date(let date): return .string(DateFormat.format(date, LocalTime(hour: 0, minute: 0)!, pattern))
                case .dateTime(let moment): return .string(DateFormat.format(moment.date, moment.time, pattern))
                default: return .null
                }
            }),
        FunctionDefinition(
            name: "date-diff", signature: "date-diff(from, to, 'days'|'months'|'years')",
            summary: "whole days, months or years (or hours, minutes, seconds) from the first date to the second",
            arity: 3...3,
            check: { types in
                guard accepts(types[0], .date, .dateTime) else {
                    return .failure(ArgumentMismatch(index: 0, expected: "a date or a datetime"))
                }
                guard types[1] == .null || types[1] == types[0] || types[0] == .null,
                    accepts(types[1], .date, .dateTime)
                else {
                    return .failure(
                        ArgumentMismatch(index: 1, expected: types[0] == .null ? "a date" : types[0].description))
                }
                guard accepts(types[2], .string) else {
                    return .failure(ArgumentMismatch(index: 2, expected: "a unit in quotes ('days')"))
                }
                return .success(.number)
            },
            evaluate: { arguments, _ in
                guard case .string(let unit) = arguments[2] else { return .null }
                switch (arguments[0], arguments[1]) {
                case let (.date(a), .date(b)):
                    return DateFormat.difference(
                        LocalDateTime(date: a, time: .midnight), LocalDateTime(date: b, time: .midnight), unit)
                case let (.dateTime(a), .dateTime(b)): return DateFormat.difference(a, b, unit)
                default: return .null
                }
            }),
        FunctionDefinition(
            name: "now", signature: "now()", summary: "the date and time the session started", arity: 0...0,
            check: { _ in .success(.dateTime) },
            evaluate: { _, today in .dateTime(LocalDateTime(date: today, time: .midnight)) }),
        FunctionDefinition(
            name: "uuid", signature: "uuid() or uuid(length)",
            summary:
                "a random identifier (RFC 4122 version 4), or so many random characters of 0–9 and A–Z; the same "
                + "each time the same field reads it",
            arity: 0...1, check: numbers(returning: .string), evaluate: { _, _ in .null }),
    ]

    static func part(
        _ name: String, _ summary: String, _ read: @escaping @Sendable (LocalDate) -> Int
    ) -> FunctionDefinition {
        FunctionDefinition(
            name: name, signature: "\(name)(date)", summary: summary, arity: 1...1,
            check: { types in
                accepts(types[0], .date, .dateTime)
                    ? .success(.number) : .failure(ArgumentMismatch(index: 0, expected: "a date or a datetime"))
            },
            evaluate: { arguments, _ in
                switch arguments[0] {
                case .date(let date): return .number(Double(read(date)))
                case .dateTime(let moment): return .number(Double(read(moment.date)))
                default: return .null
                }
            })
    }
}

extension LocalTime {
    /// 00:00.
    public static let midnight = LocalTime(hour: 0, minute: 0)!
}

/// `format-date` patterns and `date-diff` units.
enum DateFormat {
    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    static let dayNames = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]  // 1970-01-01 was a Thursday

    /// Writes a date and time by ODK's `format-date` patterns: `%Y` year, `%y` two-digit
    /// year, `%m` month 01–12, `%n` month 1–12, `%b` month name (Jan), `%d` day 01–31,
    /// `%e` day 1–31, `%a` weekday (Mon), `%H` hour 00–23, `%h` hour 0–23, `%M`
    /// minute, `%S` second. Anything else is written as it is.
    static func format(_ date: LocalDate, _ time: LocalTime, _ pattern: String) -> String {
        var output = ""
        var characters = pattern.makeIterator()
        while let character = characters.next() {
            guard character == "%", let code = characters.next() else {
                output.append(character)
                continue
            }
            switch code {
            case "Y": output += String(date.year)
            case "y": output += LocalTime.pad(date.year % 100)
            case "m": output += LocalTime.pad(date.month)
            case "n": output += String(date.month)
            case "b": output += monthNames[date.month - 1]
            case "d": output += LocalTime.pad(date.day)
            case "e": output += String(date.day)
            case "a": output += dayNames[((date.daysSinceEpoch % 7) + 7) % 7]
            case "H": output += LocalTime.pad(time.hour)
            case "h": output += String(time.hour)
            case "M": output += LocalTime.pad(time.minute)
            case "S": output += LocalTime.pad(time.second)
            default:
                output.append("%")
                output.append(code)
            }
        }
        return output
    }

    /// Whole units from `a` to `b` (negative when `b` is earlier); null for an unknown unit.
    static func difference(_ a: LocalDateTime, _ b: LocalDateTime, _ unit: String) -> Value {
        let seconds = b.secondsSinceEpoch - a.secondsSinceEpoch
        switch unit {
        case "seconds": return .number(Double(seconds))
        case "minutes": return .number(Double(seconds / 60))
        case "hours": return .number(Double(seconds / 3600))
        case "days": return .number(Double(seconds / 86_400))
        case "months", "years":
            let (from, to) = a <= b ? (a, b) : (b, a)
            var months = (to.date.year - from.date.year) * 12 + to.date.month - from.date.month
            if (to.date.day, to.time) < (from.date.day, from.time) { months -= 1 }
            let whole = unit == "years" ? months / 12 : months
            return .number(Double(a <= b ? whole : -whole))
        default: return .null
        }
    }
}

extension FunctionLibrary {
    /// 64-bit FNV-1a of a call site's text.
    static func siteHash(_ site: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in site.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// SplitMix64's finalizer: spreads every input bit over the output.
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// `uuid()`'s value: a version 4 UUID derived from the session's seed, the call
    /// site and the entry (scope) it is evaluated in — the same for the same three,
    /// different when one differs. Not for secrets: the seed decides every value.
    static func uuid(seed: UInt64, site: UInt64, scope: Int) -> String {
        let high = mix(seed ^ mix(site ^ mix(UInt64(truncatingIfNeeded: scope))))
        let low = mix(high ^ seed ^ 0x5851_F42D_4C95_7F2D)
        func hex(_ value: UInt64, _ digits: Int) -> String {
            let text = String(value, radix: 16)
            return String(repeating: "0", count: max(0, digits - text.count)) + text
        }
        let version = (high & 0xFFFF_FFFF_FFFF_0FFF) | 0x4000  // version 4
        let variant = (low & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000  // RFC 4122 variant
        let a = hex(version >> 32, 8), b = hex((version >> 16) & 0xFFFF, 4), c = hex(version & 0xFFFF, 4)
        let d = hex(variant >> 48, 4), e = hex(variant & 0xFFFF_FFFF_FFFF, 12)
        return "\(a)-\(b)-\(c)-\(d)-\(e)"
    }
}

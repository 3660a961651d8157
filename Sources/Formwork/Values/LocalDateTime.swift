import Foundation

/// A date and a time of day, local, without zone (ISO 8601 `YYYY-MM-DDTHH:MM[:SS]`).
///
/// Typed as a person would: a `T` or a space between date and time, seconds optional
/// (`2026-11-23 14:30`, `2026-11-23T14:30:05`). Written back with a `T` and seconds
/// (`2026-11-23T14:30:00`), the form JSON answers use.
///
/// ```swift
/// LocalDateTime("2026-11-23 14:30")!.description   // "2026-11-23T14:30:00"
/// ```
public struct LocalDateTime: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The day.
    public let date: LocalDate
    /// The time of day.
    public let time: LocalTime

    /// The moment `time` on `date`.
    public init(date: LocalDate, time: LocalTime) {
        self.date = date
        self.time = time
    }

    /// Parses a date and a time separated by `T` or one space; `nil` for anything else.
    public init?(_ text: some StringProtocol) {
        let separator = text.firstIndex { $0 == "T" || $0 == " " }
        guard let separator, let date = LocalDate(text[..<separator]),
            let time = LocalTime(text[text.index(after: separator)...])
        else { return nil }
        self.init(date: date, time: time)
    }

    /// A moment as `--now` and a test file's `now:` take it: a date and a time, or a
    /// date alone (its midnight); `nil` for anything else.
    ///
    /// ```swift
    /// LocalDateTime(moment: "2025-01-15")         // 2025-01-15T00:00:00
    /// LocalDateTime(moment: "2025-01-15T12:00")   // 2025-01-15T12:00:00
    /// ```
    public init?(moment text: some StringProtocol) {
        if let moment = LocalDateTime(text) {
            self = moment
        } else if let date = LocalDate(text), let midnight = LocalTime(hour: 0, minute: 0) {
            self.init(date: date, time: midnight)
        } else {
            return nil
        }
    }

    /// The local date and time now, to the second.
    public static func now(_ now: Date = Date(), timeZone: TimeZone = .current) -> LocalDateTime {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: now)
        return LocalDateTime(
            date: LocalDate(year: parts.year!, month: parts.month!, day: parts.day!)!,
            time: LocalTime(hour: parts.hour!, minute: parts.minute!, second: parts.second!)!)
    }

    /// Seconds since 1970-01-01T00:00:00 (of the same local clock).
    public var secondsSinceEpoch: Int { date.daysSinceEpoch * 86_400 + time.secondsSinceMidnight }

    /// `YYYY-MM-DDTHH:MM:SS`.
    public var description: String { date.description + "T" + time.fullDescription }

    /// `YYYY-MM-DD HH:MM[:SS]`, as a person types it (and messages show it).
    public var plainText: String { date.description + " " + time.description }

    /// Whether `lhs` comes first: by date, then by time.
    public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
        (lhs.date, lhs.time) < (rhs.date, rhs.time)
    }
}

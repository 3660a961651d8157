import Foundation

/// A time of day without date or zone (ISO 8601 `HH:MM` or `HH:MM:SS`, 24-hour clock).
///
/// Seconds are optional when typed and shown only when not zero, so `14:30` reads
/// back as `14:30` and `14:30:05` as `14:30:05`.
///
/// ```swift
/// LocalTime("14:30")! < LocalTime("14:30:05")!   // true
/// LocalTime("25:99")                              // nil
/// ```
public struct LocalTime: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Seconds since midnight, 0 ..< 86,400.
    public let secondsSinceMidnight: Int

    /// The time, or `nil` when a part is out of range (hours 0–23, minutes and seconds 0–59).
    public init?(hour: Int, minute: Int, second: Int = 0) {
        guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else { return nil }
        secondsSinceMidnight = hour * 3600 + minute * 60 + second
    }

    /// Parses `HH:MM` or `HH:MM:SS` (one or two digits for the hour); `nil` for
    /// anything else or a part out of range.
    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, (1...2).contains(parts[0].count),
            parts.dropFirst().allSatisfy({ $0.count == 2 }),
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let hour = Int(parts[0]), let minute = Int(parts[1])
        else { return nil }
        let second = parts.count == 3 ? Int(parts[2]) : 0
        guard let second else { return nil }
        self.init(hour: hour, minute: minute, second: second)
    }

    /// The local time now, to the second.
    public static func now(_ date: Date = Date(), timeZone: TimeZone = .current) -> LocalTime {
        LocalDateTime.now(date, timeZone: timeZone).time
    }

    /// The hour, 0 … 23.
    public var hour: Int { secondsSinceMidnight / 3600 }
    /// The minute, 0 … 59.
    public var minute: Int { secondsSinceMidnight / 60 % 60 }
    /// The second, 0 … 59.
    public var second: Int { secondsSinceMidnight % 60 }

    /// `HH:MM`, or `HH:MM:SS` when the seconds are not zero.
    public var description: String {
        let hoursAndMinutes = Self.pad(hour) + ":" + Self.pad(minute)
        return second == 0 ? hoursAndMinutes : hoursAndMinutes + ":" + Self.pad(second)
    }

    /// `HH:MM:SS`, always with seconds (ISO 8601's extended form).
    public var fullDescription: String { Self.pad(hour) + ":" + Self.pad(minute) + ":" + Self.pad(second) }

    /// Whether `lhs` is the earlier time of day.
    public static func < (lhs: LocalTime, rhs: LocalTime) -> Bool {
        lhs.secondsSinceMidnight < rhs.secondsSinceMidnight
    }

    static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}

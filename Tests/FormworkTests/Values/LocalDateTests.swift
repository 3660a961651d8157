import Foundation
import Testing

@testable import Formwork

@Suite("Local dates")
struct LocalDateTests {
    @Test(arguments: ["2024-02-29", "2000-02-29", "1970-01-01", "0001-01-01", "9999-12-31", "2023-12-31"])
    func validDatesReadAndWriteTheSame(text: String) throws {
        #expect(try #require(LocalDate(text)).description == text)
    }

    @Test(
        arguments: [
            "2023-02-29", "1900-02-29", "2024-02-30", "2024-04-31", "2024-13-01", "2024-00-10", "2024-01-00",
            "2024-01-32", "0000-01-01", "2024-1-01", "2024-01-1", "24-01-01", "12024-01-01", "2024/01/01",
            " 2024-01-01", "2024-01-01 ", "2024-01-01T00:00", "+024-01-01", "２０２４-01-01", "2024-0a-01", "",
            "today",
        ])
    func otherTextIsNotADate(text: String) {
        #expect(LocalDate(text) == nil)
    }

    @Test func componentsAreCheckedAgainstTheCalendar() {
        #expect(LocalDate(year: 2024, month: 2, day: 29) != nil)
        #expect(LocalDate(year: 2023, month: 2, day: 29) == nil)
        #expect(LocalDate(year: 2024, month: 6, day: 31) == nil)
        #expect(LocalDate(year: 10_000, month: 1, day: 1) == nil)
        #expect(LocalDate(year: 2024, month: 0, day: 1) == nil)
        #expect(LocalDate(year: 5, month: 3, day: 7)?.description == "0005-03-07")
    }

    /// Days since 1970-01-01, as Python's `datetime.date` counts them.
    @Test(
        arguments: [
            ("1970-01-01", 0), ("1969-12-31", -1), ("2000-03-01", 11_017), ("2024-02-29", 19_782),
            ("1600-01-01", -135_140), ("0001-01-01", -719_162), ("9999-12-31", 2_932_896),
        ])
    func daysSinceTheEpoch(text: String, days: Int) throws {
        let date = try #require(LocalDate(text))
        #expect(date.daysSinceEpoch == days)
        #expect(LocalDate(daysSinceEpoch: days) == date)
    }

    @Test func everyDayOfFourCenturiesRoundTrips() {
        var previous: LocalDate?
        for days in -135_140...11_017 {  // 1600-01-01 to 2000-03-01
            let date = LocalDate(daysSinceEpoch: days)
            #expect(LocalDate(year: date.year, month: date.month, day: date.day)?.daysSinceEpoch == days)
            if let previous { #expect(previous < date) }
            previous = date
        }
    }

    @Test func componentsAgreeWithFoundationsGregorianCalendar() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        for days in stride(from: -100_000, through: 100_000, by: 997) {
            let date = LocalDate(daysSinceEpoch: days)
            let parts = calendar.dateComponents(
                [.year, .month, .day], from: Date(timeIntervalSince1970: Double(days) * 86_400))
            #expect([date.year, date.month, date.day] == [parts.year, parts.month, parts.day])
        }
    }

    @Test func addingDaysCrossesMonthsYearsAndLeapDays() {
        let date = LocalDate("2024-02-28")!
        #expect(date.adding(days: 1).description == "2024-02-29")
        #expect(date.adding(days: 2).description == "2024-03-01")
        #expect(date.adding(days: 0) == date)
        #expect(LocalDate("2023-12-31")!.adding(days: 1).description == "2024-01-01")
        #expect(LocalDate("2024-03-01")!.adding(days: -1).description == "2024-02-29")
        #expect(LocalDate("2023-03-01")!.adding(days: -1).description == "2023-02-28")
        #expect(LocalDate("2024-01-01")!.adding(days: 366).description == "2025-01-01")
    }

    @Test func wholeYearsCountBirthdays() {
        let leapling = LocalDate("2000-02-29")!
        #expect(leapling.wholeYears(until: LocalDate("2001-02-28")!) == 0)
        #expect(leapling.wholeYears(until: LocalDate("2001-03-01")!) == 1)
        #expect(leapling.wholeYears(until: LocalDate("2004-02-29")!) == 4)
        let born = LocalDate("1990-06-15")!
        #expect(born.wholeYears(until: LocalDate("2024-06-14")!) == 33)
        #expect(born.wholeYears(until: LocalDate("2024-06-15")!) == 34)
        #expect(born.wholeYears(until: born) == 0)
    }

    @Test func todayIsTheDateInTheGivenTimeZone() throws {
        let epoch = Date(timeIntervalSince1970: 0)
        #expect(
            LocalDate.today(now: epoch, timeZone: try #require(TimeZone(identifier: "UTC"))).description == "1970-01-01"
        )
        #expect(
            LocalDate.today(now: epoch, timeZone: try #require(TimeZone(identifier: "America/Los_Angeles"))).description
                == "1969-12-31")
        #expect(
            LocalDate.today(now: epoch, timeZone: try #require(TimeZone(identifier: "Asia/Tokyo"))).description
                == "1970-01-01")
    }

    @Test func datesCompareByDay() {
        #expect(LocalDate("2024-02-29")! < LocalDate("2024-03-01")!)
        #expect(!(LocalDate("2024-03-01")! < LocalDate("2024-03-01")!))
        #expect(LocalDate("1999-12-31")! < LocalDate("2000-01-01")!)
    }
}

import Formwork

/// survey-core's date functions: `age`, `today`, `currentDate`, `getDate`,
/// `dateDiff`, `dateAdd`, `diffDays`, `year`, `month`, `day`, `weekday`, `getYear`,
/// `currentYear`. Their results are JavaScript Date objects (`isDateObject`), which
/// compare with text by reading the text as a date.
extension SurveyJSWalk {
    /// A date function's translation; `nil` when `name` is not one.
    func dateCall(
        _ name: String, _ arguments: [SurveyJSExpression], at offset: Int
    ) throws(TranslationError) -> SurveyJSOperand? {
        let values = try operands(arguments)
        func argument(_ index: Int) throws(TranslationError) -> SurveyJSOperand? {
            index < values.count ? try moment(values[index], at: arguments[index].offset) : nil
        }
        switch name {
        case "today":
            var today = SurveyJSOperand.call("today", [], kind: .date, mayBeNull: false)
            today.isDateObject = true
            guard values.count == 1 else { return today }
            let days = try number(values[0], at: arguments[0].offset)
            if days.literal == .number(0) { return today }
            var shifted = SurveyJSOperand(
                code: "today() + " + days.code(.multiplicative), kind: .date, mayBeNull: days.mayBeNull,
                precedence: .additive)
            shifted.isDateObject = true
            return shifted
        case "currentDate":
            var now = SurveyJSOperand.call("now", [], kind: .dateTime, mayBeNull: false)
            now.isDateObject = true
            return now
        case "getDate":
            guard var date = try argument(0) else { return .literal(.null) }
            date.isDateObject = true
            return date
        case "age":
            guard let date = try argument(0) else { return .literal(.null) }
            let unit = try self.unit(arguments, values, at: 1) ?? "years"
            let today = SurveyJSOperand.call("today", [], kind: .date, mayBeNull: false)
            if unit == "days" { return days(between: dateOf(date), today) }
            if unit == "months" { return months(from: dateOf(date), to: today) }
            return .call("age", [dateOf(date).code], kind: .number, mayBeNull: true)
        case "dateDiff":
            guard let first = try argument(0), let second = try argument(1) else { return .literal(.null) }
            return try difference(first, second, unit: try unit(arguments, values, at: 2) ?? "days")
        case "diffDays":
            guard values.count == 2, let first = try argument(0), let second = try argument(1) else {
                return .number(0)
            }
            return .call(
                "coalesce", [days(between: dateOf(first), dateOf(second)).code, "0"], kind: .number, mayBeNull: false)
        case "dateAdd":
            return try dateAdd(arguments, values, at: offset)
        case "year", "month", "day", "weekday":
            let today = SurveyJSOperand.call("today", [], kind: .date, mayBeNull: false)
            let date = try argument(0).map { dateOf($0) } ?? today
            let day = date.mayBeNull ? .call("coalesce", [date.code, "today()"], kind: .date, mayBeNull: false) : date
            if name == "weekday" {
                // 1970-01-01, day 0, was a Thursday (4); survey-core counts from Sunday (0).
                return SurveyJSOperand(
                    code: "(number(\(day.code)) % 7 + 11) % 7", kind: .number, mayBeNull: false,
                    precedence: .multiplicative)
            }
            return .call(name, [day.code], kind: .number, mayBeNull: false)
        case "getYear":
            guard values.count == 1, let date = try argument(0) else { return .literal(.null) }
            return .call("year", [date.code], kind: .number, mayBeNull: true)
        case "currentYear":
            return .call("year", ["today()"], kind: .number, mayBeNull: false)
        default:
            return nil
        }
    }

    /// A value survey-core reads as a date (`createDate`): a date or a date and time;
    /// text written `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM`.
    func moment(_ operand: SurveyJSOperand, at offset: Int) throws(TranslationError) -> SurveyJSOperand {
        if let value = operand.literal {
            guard case .text(let text) = value else {
                if value == .null { return .null(.date) }
                throw unsupported("a number read as a date (survey-core reads milliseconds since 1970)", at: offset)
            }
            let trimmed = text.trimmedForJavaScript
            if trimmed.count == 10, LocalDate(trimmed) != nil {
                return .call("date", [ExpressionText.string(trimmed)], kind: .date, mayBeNull: false)
            }
            if LocalDateTime(trimmed.uppercased()) != nil {
                return .call(
                    "date-time", [ExpressionText.string(trimmed.uppercased())], kind: .dateTime, mayBeNull: false)
            }
            throw unsupported("'\(text)' read as a date (Formwork reads YYYY-MM-DD and YYYY-MM-DDTHH:MM)", at: offset)
        }
        switch operand.kind {
        case .date, .dateTime: return operand
        case .text, .choice: return .call("date", [operand.code], kind: .date, mayBeNull: true)
        case .null: return .null(.date)
        default: throw unsupported("this value read as a date", at: offset)
        }
    }

    /// A unit argument, written in quotes (`nil` when it is left out).
    private func unit(
        _ arguments: [SurveyJSExpression], _ values: [SurveyJSOperand], at index: Int
    ) throws(TranslationError) -> String? {
        guard index < values.count else { return nil }
        switch values[index].literal {
        case .text(let unit)?: return unit.isEmpty ? nil : unit
        case .null?: return nil
        default:
            throw unsupported("a unit not written in quotes ('days', 'months', 'years')", at: arguments[index].offset)
        }
    }

    /// `dateDiff(first, second, unit)`: whole days (`diffDays`, never negative),
    /// months or years from `first` to `second` (survey-core's `dateDiffMonths`: the
    /// months between, less one when the day of the month is not reached), or hours,
    /// minutes, seconds (never negative, rounded up).
    private func difference(
        _ first: SurveyJSOperand, _ second: SurveyJSOperand, unit: String
    ) throws(TranslationError) -> SurveyJSOperand {
        switch unit {
        case "days": return days(between: dateOf(first), dateOf(second))
        case "months": return months(from: dateOf(first), to: dateOf(second))
        case "hours", "minutes", "seconds":
            let seconds = SurveyJSOperand.call(
                "abs", ["date-diff(\(first.code), \(second.code), 'seconds')"], kind: .number, mayBeNull: true)
            guard unit != "seconds" else { return seconds }
            let size = unit == "hours" ? "3600" : "60"
            return SurveyJSOperand.call(
                "int", ["(\(seconds.code) + \(size) - 1) / \(size)"], kind: .number, mayBeNull: true)
        default:
            // survey-core reads any other unit as years.
            let months = months(from: dateOf(first), to: dateOf(second))
            return .call("int", [months.code(.multiplicative) + " / 12"], kind: .number, mayBeNull: true)
        }
    }

    /// Whole days between two dates, never negative.
    private func days(between first: SurveyJSOperand, _ second: SurveyJSOperand) -> SurveyJSOperand {
        .call("abs", [second.code(.additive) + " - " + first.code(.multiplicative)], kind: .number, mayBeNull: true)
    }

    /// survey-core's months from `first` to `second`: `(years) * 12 + months`, less one
    /// when `second`'s day of the month is before `first`'s.
    private func months(from first: SurveyJSOperand, to second: SurveyJSOperand) -> SurveyJSOperand {
        let (a, b) = (first.code, second.code)
        return SurveyJSOperand(
            code: "(year(\(b)) - year(\(a))) * 12 + month(\(b)) - month(\(a)) - if(day(\(b)) < day(\(a)), 1, 0)",
            kind: .number, mayBeNull: true, precedence: .additive)
    }

    /// `dateAdd(date, n, 'days')`: `n` days later (empty when `n` is `0` or empty, as
    /// survey-core has it). A unit survey-core does not know (`'weeks'`) leaves the
    /// date as it is, as survey-core does.
    private func dateAdd(
        _ arguments: [SurveyJSExpression], _ values: [SurveyJSOperand], at offset: Int
    ) throws(TranslationError) -> SurveyJSOperand {
        guard values.count >= 2 else { return .literal(.null) }
        let unit = try self.unit(arguments, values, at: 2) ?? "days"
        let added = unit == "days"
        guard added || !["months", "years", "hours", "minutes", "seconds"].contains(unit) else {
            throw unsupported(
                "dateAdd() of \(unit): Formwork adds days to a date (survey-core's months and years overflow "
                    + "into the next month: Jan 31 + 1 month is Mar 2 or 3)",
                at: arguments.count > 2 ? arguments[2].offset : offset)
        }
        let date = try moment(values[0], at: arguments[0].offset)
        guard date.kind == .date else {
            throw unsupported("dateAdd() to a date and time (Formwork adds days to a date)", at: arguments[0].offset)
        }
        let days = try number(values[1], at: arguments[1].offset)
        var result: SurveyJSOperand
        if let value = days.literal {
            guard value.isTruthy else { return .literal(.null) }
            result =
                added
                ? SurveyJSOperand(
                    code: date.code(.additive) + " + " + days.code(.multiplicative), kind: .date,
                    mayBeNull: date.mayBeNull, precedence: .additive) : date
        } else {
            let later = added ? date.code(.additive) + " + " + days.code(.multiplicative) : date.code
            result = .call("if", ["boolean(\(days.code))", later, "null"], kind: .date, mayBeNull: true)
        }
        result.isDateObject = true
        return result
    }
}

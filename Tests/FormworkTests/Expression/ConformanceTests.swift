import Foundation
import Testing

@testable import Formwork

/// The language's conformance table: expression, expected value or error message,
/// against fixed variables and a fixed today (2024-03-01).
///
/// Cases marked `surveyJS` are adapted from SurveyJS' `tests/expressions/expressionParserTest.ts`
/// and `javaRosa` from JavaRosa's `XPathEvalTest.java` (dimagi/commcare-core), with
/// `{name}` / XPath spellings rewritten in our syntax. Where our semantics differ on
/// purpose the case says `differs:` and the semantics table of Formwork's ConditionLanguage
/// article explains why.
@Suite("Expression conformance")
struct ConformanceTests {
    struct Vector: CustomTestStringConvertible, Sendable {
        let expression: String
        let expected: ExpectedValue
        let source: String
        init(_ expression: String, _ expected: ExpectedValue, _ source: String = "") {
            self.expression = expression
            self.expected = expected
            self.source = source
        }
        var testDescription: String {
            "\(expression.prefix(60)) → \(expected)" + (source.isEmpty ? "" : " [\(source)]")
        }
    }

    enum ExpectedValue: Sendable, CustomStringConvertible {
        case value(Value)
        case error(String)
        var description: String {
            switch self {
            case .value(let value): return "\(value)"
            case .error(let message): return "error: \(message)"
            }
        }
    }

    static let surveyJS = "surveyJS"
    static let javaRosa = "javaRosa"

    static func v(_ value: Value) -> ExpectedValue { .value(value) }
    static func date(_ text: String) -> ExpectedValue { .value(.date(LocalDate(text)!)) }
    static func err(_ message: String) -> ExpectedValue { .error(message) }

    /// The variables every vector can read.
    static let variables: [(String, ValueType, Value, [String]?)] = [
        ("n", .number, 5, nil), ("m", .number, 0, nil), ("x", .number, 2.5, nil), ("neg", .number, -3, nil),
        ("s", .string, "Hello", nil), ("e", .string, "", nil), ("t", .bool, true, nil), ("f", .bool, false, nil),
        ("d", .date, .date(LocalDate("2000-02-29")!), nil), ("u", .number, nil, nil), ("us", .string, nil, nil),
        ("ud", .date, nil, nil), ("ub", .bool, nil, nil), ("l", .list(.string), ["a", "b"], nil),
        ("el", .list(.string), nil, nil),
        ("c", .string, "red", ["red", "green", "blue"]), ("mc", .list(.string), ["x", "z"], ["x", "y", "z"]),
        ("age", .number, 21, nil), ("sex", .string, "female", nil), ("kids", .number, 2, nil),
    ]

    static let environment = ExpressionEnvironment(
        fields: variables.enumerated().map { index, variable in
            FieldSignature(id: variable.0, index: index, type: variable.1, options: variable.3)
        })

    static func context() -> EvaluationContext {
        EvaluationContext(today: LocalDate("2024-03-01")!, now: LocalDateTime("2024-03-01 09:30:05"), seed: 42) {
            variables[$0].2
        }
    }

    static let vectors: [Vector] = [
        // Literals
        Vector("1", v(1)), Vector("1.5", v(1.5)), Vector("'text'", v("text")), Vector("\"double\"", v("double")),
        Vector("'it\\'s'", v("it's")), Vector("'a\\\\b'", v("a\\b")), Vector("'tab\\there'", v("tab\there")),
        Vector("true", v(true)), Vector("false", v(false)), Vector("null", v(nil)), Vector("[1, 2, 3]", v([1, 2, 3])),
        Vector("[]", v([])), Vector("1e3", v(1000)), Vector(".5", v(0.5)),
        Vector("5", v(5), javaRosa), Vector(".000555", v(0.000555), javaRosa), Vector("-5", v(-5), javaRosa),
        Vector("555555.555", v(555555.555), javaRosa), Vector("''", v(""), javaRosa),
        Vector("'   '", v("   "), javaRosa),
        Vector("\"test string\"", v("test string"), javaRosa),
        // References
        Vector("$n", v(5)), Vector("$s", v("Hello")), Vector("$u", v(nil)), Vector("$l", v(["a", "b"])),
        // Arithmetic and precedence
        Vector("1 + 2 * 3", v(7)), Vector("(1 + 2) * 3", v(9)), Vector("10 - 4 - 3", v(3)), Vector("2 * 3 / 4", v(1.5)),
        Vector("7 % 3", v(1)), Vector("-7 % 3", v(-1)), Vector("7.5 % 2", v(1.5)), Vector("-$n", v(-5)),
        Vector("--$n", v(5)), Vector("-(2 + 3)", v(-5)), Vector("$n / 2", v(2.5)),
        Vector("2 + 2 * 2", v(6), surveyJS), Vector("5.5 + 5.5", v(11), javaRosa),
        Vector("6.1 - 7.8", v(.number(6.1 - 7.8)), javaRosa),
        Vector("-3 + 4", v(1), javaRosa), Vector("3 + -4", v(-1), javaRosa), Vector("1 - 2 - 3", v(-4), javaRosa),
        Vector("1 - (2 - 3)", v(2), javaRosa), Vector("-(8*5)", v(-40), javaRosa),
        Vector("1.1 * -1.1", v(.number(1.1 * -1.1)), javaRosa),
        Vector("-10 / -4", v(2.5), javaRosa), Vector("2 * 3 / 8 * 2", v(1.5), javaRosa),
        Vector("3 + 3 * 3", v(12), javaRosa),
        Vector("0.1 + 0.2", v(.number(0.1 + 0.2))),
        // Arithmetic with null and by zero
        Vector("$n / 0", v(nil)), Vector("$n % 0", v(nil)), Vector("$n / $m", v(nil)),
        Vector("1 / 0", v(nil), javaRosa + " differs: Infinity there"),
        Vector("-1 / 0", v(nil), javaRosa + " differs: -Infinity there"),
        Vector("$u + 1", v(nil)), Vector("1 - $u", v(nil)), Vector("$u * 0", v(nil)), Vector("-$u", v(nil)),
        Vector("1e308 * 10", v(nil)),
        // Text and dates
        Vector("'a' + 'b'", v("ab")), Vector("'ab' + ' ' + 'cd'", v("ab cd"), surveyJS),
        Vector("$s + ' world'", v("Hello world")),
        Vector("$us + 'x'", v(nil)), Vector("$d + 1", date("2000-03-01")), Vector("$d - 60", date("1999-12-31")),
        Vector(
            "date('2024-03-01') - $d",
            v(.number(Double(LocalDate("2024-03-01")!.daysSinceEpoch - LocalDate("2000-02-29")!.daysSinceEpoch)))),
        Vector("$ud + 1", v(nil)), Vector("today() + 30", date("2024-03-31")),
        // Comparisons
        Vector("1 == 1", v(true)), Vector("1 == 1.0", v(true)), Vector("1 != 2", v(true)),
        Vector("'a' == 'a'", v(true)),
        Vector("'a' == 'A'", v(false)), Vector("'a' < 'b'", v(true)), Vector("'B' < 'a'", v(true)),
        Vector("'abc' < 'abd'", v(true)),
        Vector("'ab' < 'abc'", v(true)), Vector("2 < 10", v(true)), Vector("2 <= 2", v(true)), Vector("3 > 2", v(true)),
        Vector("3 >= 4", v(false)), Vector("$d < '2000-03-01'", v(true)), Vector("$d == '2000-02-29'", v(true)),
        Vector("$d > today()", v(false)), Vector("true == true", v(true)), Vector("true != false", v(true)),
        Vector("$l == ['a', 'b']", v(true)), Vector("$l == ['b', 'a']", v(false)),
        Vector("1 != 1", v(false), surveyJS), Vector("false || 1 > -101", v(true), surveyJS),
        Vector("true && 5 <= 12 || !(5 > 2)", v(true), surveyJS), Vector("2 + 2 < 3 + 3 && 5 < 10", v(true), surveyJS),
        Vector("$age >= 21 and ($sex == 'male' or $kids > 1)", v(true), surveyJS), Vector("5>2", v(true), surveyJS),
        // Null rules
        Vector("$u == null", v(true)), Vector("$u != null", v(false)), Vector("$n == null", v(false)),
        Vector("$n != null", v(true)),
        Vector("null == null", v(true)), Vector("$u == 0", v(false)), Vector("$u != 3", v(true), surveyJS + " (#377)"),
        Vector("$u < 1", v(false)), Vector("$u > 1", v(false)), Vector("$u <= 1", v(false)),
        Vector("$u >= $u", v(false)),
        Vector("$us == ''", v(false)), Vector("$ud < today()", v(false)),
        Vector("$u < 3 or empty($u)", v(true), surveyJS + " (#323)"),
        Vector("age($ud) >= 21", v(false), surveyJS), Vector("age($ud) < 21", v(false), surveyJS),
        // Boolean logic and precedence
        Vector("true and false", v(false)), Vector("true or false", v(true)), Vector("not true", v(false)),
        Vector("!false", v(true)),
        Vector("true && true", v(true)), Vector("false || true", v(true)), Vector("not $f and $t", v(true)),
        Vector("$t or $f and $f", v(true)), Vector("($t or $f) and $f", v(false)), Vector("not not $t", v(true)),
        Vector("$u == null or $u > 1", v(true)), Vector("$f and $n / 0 == null", v(false)),
        Vector("1 < 2 and 2 < 3", v(true)),
        Vector("not 1 == 2", v(true)), Vector("true || true && false", v(true), surveyJS),
        Vector("false && true && false", v(false), surveyJS),
        Vector("false || true || false || false || true || true", v(true), surveyJS),
        Vector("!(2 + 2 * 2 != 6)", v(true), surveyJS),
        Vector("true && $kids >= 2", v(true), surveyJS + " (#643)"), Vector("$t and $ub", v(false)),
        Vector("not $ub", v(true)), Vector("$ub or $t", v(true)),
        // in
        Vector("'a' in $l", v(true)), Vector("'c' in $l", v(false)), Vector("'a' in $el", v(false)),
        Vector("$us in ['a']", v(false)),
        Vector("2 in [1, 2, 3]", v(true)), Vector("$c in ['red', 'blue']", v(true)), Vector("'x' in $mc", v(true)),
        Vector("'y' in $mc", v(false)), Vector("$d in ['2000-02-29']", v(true)), Vector("null in [1]", v(false)),
        // Functions
        Vector("empty(null)", v(true)), Vector("empty('')", v(true)), Vector("empty($e)", v(true)),
        Vector("empty(' ')", v(false)),
        Vector("empty($s)", v(false)), Vector("empty([])", v(true)), Vector("empty($l)", v(false)),
        Vector("empty($u)", v(true)),
        Vector("empty(0)", v(false)), Vector("empty(false)", v(false)),
        Vector("len('héllo')", v(5)), Vector("len($l)", v(2)), Vector("len($us)", v(0)), Vector("len('')", v(0)),
        Vector("len('👍🏽')", v(1)), Vector("count($l)", v(2)), Vector("count($el)", v(0)), Vector("count([])", v(0)),
        Vector("contains('Hello', 'ell')", v(true)), Vector("contains('Hello', 'ELL')", v(false)),
        Vector("contains($l, 'b')", v(true)),
        Vector("contains($el, 'b')", v(false)), Vector("contains($us, 'a')", v(false)),
        Vector("contains('abc', '')", v(true)),
        Vector("contains($mc, 'z')", v(true)), Vector("contains('abc', $us)", v(false)),
        Vector("matches('ABC-42', '[A-Z]+-\\d+')", v(true)), Vector("matches('ABC-42x', '[A-Z]+-\\d+')", v(false)),
        Vector("matches($us, 'a*')", v(false)), Vector("matches('', 'a*')", v(true)),
        Vector("matches('Hello', '(?i)hello')", v(true)),
        Vector("matches('12345', '[0-9]+')", v(true), javaRosa),
        Vector("matches('cocotero', 'te')", v(false), javaRosa + " differs: regex() searches, matches() is whole-text"),
        Vector("matches('Is this right?', 'Is this right\\?')", v(true), javaRosa),
        Vector(
            "matches('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!', '(a+)+$')",
            v(false)),
        Vector("lower('ÀB')", v("àb")), Vector("upper($s)", v("HELLO")), Vector("trim('  a b  ')", v("a b")),
        Vector("lower($us)", v(nil)),
        Vector("if($t, 1, 2)", v(1)), Vector("if($f, 1, 2)", v(2)), Vector("if($u > 1, 'big', 'small')", v("small")),
        Vector("if($t, $n, null)", v(5)), Vector("if($t, 1, $n / 0)", v(1)), Vector("if(6 > 7, 5, 7)", v(7), javaRosa),
        Vector("today()", date("2024-03-01")), Vector("age($d)", v(24)), Vector("age(date('2000-03-02'))", v(23)),
        Vector("age($ud)", v(nil)),
        Vector("round(2.5)", v(3)), Vector("round(-2.5)", v(-3)), Vector("round(3.14159, 2)", v(3.14)),
        Vector("round($u, 2)", v(nil)),
        Vector("round(1234.5, -2)", v(1200)), Vector("date('1996-02-29')", date("1996-02-29"), javaRosa),
        Vector("date($s)", v(nil)),
        Vector("min(3, 1)", v(1)), Vector("max(3, $n)", v(5)), Vector("min($u, 1)", v(nil)),
        Vector("max($d, '2001-01-01')", date("2001-01-01")),
        Vector("min(0, 3)", v(0), surveyJS + " (#2229)"), Vector("max(0, -3)", v(0), surveyJS + " (#2229)"),
        Vector("min(5.5, 0.5)", v(0.5), javaRosa), Vector("max(-2, -3)", v(-2), javaRosa),
        Vector("min(date('2012-02-05'), date('2012-01-01'))", date("2012-01-01"), javaRosa),
        Vector("abs(-4)", v(4)), Vector("abs($u)", v(nil)),
        // Errors found when the expression is checked
        Vector("$nope", err("unknown field '$nope'")), Vector("nope(1)", err("unknown function 'nope'")),
        Vector("len(1)", err("argument 1 of 'len' must be text or a list, not a number")),
        Vector("len()", err("'len' takes 1 argument, not 0")),
        Vector("round(1, 2, 3)", err("'round' takes 1 or 2 arguments, not 3")),
        Vector(
            "1 + 'a'", err("'+' needs numbers, text and text, or a date and a number of days, not text"),
            surveyJS + " differs: '1a' there"),
        Vector("'a' - 1", err("'-' needs numbers, a date and a number of days, or two dates, not text")),
        Vector("$t * 2", err("'*' needs numbers, not a boolean")),
        Vector("not 1", err("'not' needs a boolean, not a number")),
        Vector("-'19'", err("'-' needs a number, not text"), javaRosa + " differs: -19 there"),
        Vector("1 == 'a'", err("cannot compare a number == text")),
        Vector("$t < $f", err("cannot compare a boolean < a boolean")),
        Vector("$l < $l", err("cannot compare a list of text < a list of text")),
        Vector("1 and true", err("'and' needs a boolean, not a number")),
        Vector("$c == 'purple'", err("'purple' is not an option of '$c'")),
        Vector("'w' in $mc", err("'w' is not an option of '$mc'")),
        Vector("$c in ['red', 'pink']", err("'pink' is not an option of '$c'")),
        Vector("contains($mc, 'q')", err("'q' is not an option of '$mc'")),
        Vector("matches($s, $s)", err("the pattern of 'matches' must be a string literal")),
        Vector("matches($s, '(a')", err("invalid pattern '(a': missing ')'")),
        Vector("matches($s, '(a)\\1')", err("invalid pattern '(a)\\1': backreferences are not supported")),
        Vector("matches($s, '[')", err("invalid pattern '[': missing ']'"), javaRosa),
        Vector(
            "matches($s, 'a(?=b)')",
            err("invalid pattern 'a(?=b)': lookaround is not supported (it cannot be matched in linear time)")),
        Vector("[1, 'a']", err("a list cannot mix a number and text")),
        Vector("$d < 'yesterday'", err("'yesterday' is not a date")),
        Vector("date('1983-09-31')", err("'1983-09-31' is not a date"), javaRosa),
        Vector("date('not a date')", err("'not a date' is not a date"), javaRosa),
        Vector("1 < 2 < 3", err("expected the end of the comparison (comparisons do not chain; use 'and'), found '<'")),
        Vector("(1 + 2", err("expected ')', found the end of the expression")),
        Vector("'abc", err("unterminated string")),
        Vector("1 = 1", err("expected '==' to compare, found '='")),
        Vector("1 +", err("expected a value, found the end of the expression")),
        Vector("", err("expected an expression, found nothing")),
        Vector("$", err("expected a reference like $field, found '$' without a field id")),
        Vector("1 # 2", err("unexpected character '#'")),
        Vector("foo", err("expected a value (fields are written $foo), found 'foo'")),
        Vector("1 2", err("expected an operator or the end of the expression, found the number 2")),
        Vector("if($n, 1, 2)", err("argument 1 of 'if' must be a boolean, not a number")),
        Vector(
            "if($t, 1, 'a')", err("argument 3 of 'if' must be a number like the second argument, not text"),
            javaRosa + " differs: mixed branches allowed there"),
        Vector("if($t)", err("'if' takes 3 arguments, not 1"), javaRosa),
        Vector("contains($l, 1)", err("argument 2 of 'contains' must be text, not a number")),
        Vector("age($s)", err("argument 1 of 'age' must be a date, not text")),
        Vector("$n in $n", err("'in' needs a list on the right, not a number")),
        Vector("1 in $l", err("cannot compare a number in a list of text")),
        Vector(
            String(repeating: "(", count: 150) + "1" + String(repeating: ")", count: 150),
            err("the expression is nested deeper than 100 levels")),
        Vector(String(repeating: "-", count: 150) + "1", err("the expression is nested deeper than 100 levels")),
        Vector(String(repeating: "not ", count: 150) + "true", err("the expression is nested deeper than 100 levels")),
        Vector(
            String(repeating: "(", count: 100_000),
            err("the expression is 100000 characters long; the limit is 10000")
        ),
        Vector("1e999", err("'1e999' is not a finite number")),
    ]

    /// Every vector: the core table, then the conversions and dates.
    static let allVectors = vectors + conversionVectors + dateVectors + odkVectors

    static let jr = javaRosa

    /// Conversions and n-ary functions; JavaRosa's results checked with its oracle
    /// (`/work/shared/oracles`), SurveyJS' likewise.
    static let conversionVectors: [Vector] = [
        Vector("number(' 3.5 ')", v(3.5), jr), Vector("number('abc')", v(nil), "differs: JavaRosa gives NaN"),
        Vector("number(true)", v(1), jr), Vector("number($u)", v(nil)), Vector("number(date('1970-01-11'))", v(10), jr),
        Vector("int(-3.7)", v(-3), jr), Vector("int('7.9')", v(7), jr), Vector("int($u)", v(nil)),
        Vector("string(true)", v("true"), jr), Vector("string(3)", v("3")), Vector("string($d)", v("2000-02-29")),
        Vector("string($u)", v("")),
        Vector("string($l)", err("argument 1 of 'string' must be one value, not a list, not a list of text")),
        Vector("boolean('')", v(false), jr), Vector("boolean(0)", v(false), jr), Vector("boolean('a')", v(true)),
        Vector("boolean($u)", v(false)),
        Vector("coalesce($us, '', 'x')", v("x"), jr), Vector("coalesce($u, $n)", v(5)),
        Vector("coalesce($u, $u)", v(nil)),
        Vector("coalesce(1, 'a')", err("argument 2 of 'coalesce' must be a number like the others, not text")),
        Vector("concat('a', 1, true)", v("a1true"), jr), Vector("concat($s, $us, '!')", v("Hello!")),
        Vector("concat($l)", v("ab")),
        Vector("sum(1, 2, 3)", v(6), surveyJS), Vector("sum(1, $u, 2)", v(3), surveyJS), Vector("sum([1, 2])", v(3)),
        Vector("sum(1, 'a')", err("argument 2 of 'sum' must be a number, not text")),
        Vector("min(3, 1, 2)", v(1), jr), Vector("max(3, 1, 2)", v(3), jr), Vector("min(3, $u, 2)", v(nil)),
        Vector("max([4, 9, 1])", v(9)),
        Vector("pow(2, 10)", v(1024), jr), Vector("pow(10, 400)", v(nil), "differs: JavaRosa gives Infinity"),
        Vector("pow(-8, 1 / 3)", v(nil), "differs: JavaRosa gives NaN"), Vector("pow($u, 2)", v(nil)),
        Vector("sqrt(16)", v(4), jr), Vector("sqrt(-1)", v(nil), "differs: JavaRosa gives NaN"),
        Vector("abs(-4)", v(4), jr), Vector("round(2.5)", v(3), surveyJS),
    ]

    /// Dates, times and the clock (now: 2024-03-01 09:30:05).
    static let dateVectors: [Vector] = [
        Vector("year($d)", v(2000)), Vector("month($d)", v(2)), Vector("day($d)", v(29)), Vector("year($ud)", v(nil)),
        Vector("day(now())", v(1)),
        Vector("year('x')", err("argument 1 of 'year' must be a date or a datetime, not text")),
        Vector("format-date(date('2026-11-03'), '%e %b %Y, %a')", v("3 Nov 2026, Tue"), jr),
        Vector("format-date(date('2026-11-03'), '%Y-%m-%d %n %y')", v("2026-11-03 11 26"), jr),
        Vector("format-date(now(), '%H:%M:%S %h')", v("09:30:05 9")), Vector("format-date($ud, '%Y')", v(nil)),
        Vector("date-diff($d, date('2026-02-28'), 'years')", v(25)),
        Vector("date-diff(date('2026-01-31'), date('2026-03-01'), 'months')", v(1)),
        Vector("date-diff(date('2026-03-01'), date('2026-01-31'), 'days')", v(-29)),
        Vector("date-diff(date('0001-01-01'), date('9999-12-31'), 'days')", v(3_652_058)),
        Vector("date-diff($ud, $d, 'days')", v(nil)),
        Vector(
            "date-diff($d, $d, 'weeks')",
            err(
                "argument 3 of 'date-diff' must be 'days', 'months', 'years', 'hours', 'minutes' or 'seconds', "
                    + "not 'weeks'"
            )),
        Vector("now()", v(.dateTime(LocalDateTime("2024-03-01T09:30:05")!))),
        Vector("now() > '2024-03-01 09:00'", v(true)),
        Vector("now() < '2024-03-01 25:00'", err("'2024-03-01 25:00' is not a date and time")),
        Vector("len(uuid())", v(36)), Vector("uuid() == uuid()", v(false)),
        Vector("a-b(1)", err("unknown function 'a-b'")),
        Vector("$n-$m", v(5)), Vector("$n - -1", v(6)),
    ]

    /// The functions imported ODK expressions need (FunctionLibrary+ODK.swift), with
    /// JavaRosa's results from its oracle where it has the function.
    static let odkVectors: [Vector] = [
        Vector("nth($l, 2)", v("b")), Vector("nth($l, 3)", v(nil)), Vector("nth($l, 0)", v(nil)),
        Vector("nth($l, 1.5)", v(nil)), Vector("nth($el, 1)", v(nil)), Vector("nth($l, $u)", v(nil)),
        Vector("nth([1, 2], 1) + 1", v(2)), Vector("nth($s, 1)", err("argument 1 of 'nth' must be a list, not text")),
        Vector("occurrences(['a', 'b', 'a'], 'a')", v(2)), Vector("occurrences($l, 'z')", v(0)),
        Vector("occurrences($l, $us)", v(0)), Vector("occurrences($el, 'a')", v(0)),
        Vector("index-of(['a', 'b', 'a'], 'a')", v(1)), Vector("index-of($l, 'b')", v(2)),
        Vector("index-of($l, 'z')", v(nil)),
        Vector("index-of([1, 2], 'a')", err("argument 2 of 'index-of' must be a number, not text")),
        Vector("join(' ', $mc)", v("x z"), jr), Vector("join(', ', 1, 'a', true)", v("1, a, true"), jr),
        Vector("join(' ', $el)", v("")), Vector("join('-', $l, $n)", v("a-b-5")),
        Vector("substr('hello', 1, 3)", v("el"), jr), Vector("substr('hello', -2)", v("lo"), jr),
        Vector("substr('hello', 3, 1)", v(""), jr), Vector("substr('hello', 2, 99)", v("llo"), jr),
        Vector("substr('hello', -9, -3)", v("he"), jr), Vector("substr($us, 1)", v(nil)),
        Vector("substr('hello', 1.9, 3)", v("el"), jr),
        Vector("starts-with('hello', 'he')", v(true), jr), Vector("starts-with('hello', '')", v(true), jr),
        Vector("starts-with($us, 'he')", v(false), jr), Vector("ends-with('hello', 'lo')", v(true), jr),
        Vector("ends-with('hello', 'he')", v(false), jr),
        Vector("decimal-date-time(date('1970-01-11'))", v(10), jr),
        Vector("decimal-date-time(now())", v(19783.395_891_203_705), jr),
        Vector("decimal-date-time($ud)", v(nil)),
        Vector("date-time(0.5)", v(.dateTime(LocalDateTime("1970-01-01T12:00:00")!)), jr),
        Vector("date-time(-0.25)", v(.dateTime(LocalDateTime("1969-12-31T18:00:00")!))),
        Vector("date-time('2024-02-29')", v(.dateTime(LocalDateTime("2024-02-29T00:00:00")!))),
        Vector("date-time('2024-02-29T13:45')", v(.dateTime(LocalDateTime("2024-02-29T13:45:00")!))),
        Vector("date-time('x')", v(nil)), Vector("date-time(1e9)", v(nil)),
    ]

    @Test func thereAreAtLeast150Vectors() {
        #expect(Self.vectors.count >= 150)
    }

    @Test(arguments: allVectors)
    func vector(_ vector: Vector) {
        let result: ExpectedValue
        do {
            let compiled = try CompiledExpression(vector.expression, environment: Self.environment)
            result = .value(compiled.evaluate(Self.context()))
        } catch {
            result = .error(error.errors.map { DiagnosticRenderer.message(for: $0.problem) }.joined(separator: "; "))
        }
        switch (vector.expected, result) {
        case let (.value(expected), .value(actual)):
            #expect(actual == expected, "\(vector.expression)")
        case let (.error(expected), .error(actual)):
            #expect(actual == expected, "\(vector.expression)")
        default:
            Issue.record("\(vector.expression): expected \(vector.expected), got \(result)")
        }
    }

    @Test func errorsPointAtTheirPlace() throws {
        let error = try #require(throws: ExpressionErrors.self) {
            try CompiledExpression("$n > 1 and $nope", environment: Self.environment)
        }
        #expect(error.errors.map(\.offset) == [11])
        #expect(error.errors.map(\.length) == [5])
    }

    @Test func referencesAreListedInOrder() throws {
        let compiled = try CompiledExpression(
            "$s == 'a' or ($n > 1 and empty($s)) or $t", environment: Self.environment)
        #expect(compiled.references == ["s", "n", "t"])
    }

    @Test func suggestsCloseNames() throws {
        let error = try #require(throws: ExpressionErrors.self) {
            try CompiledExpression("$cc == 'red' and lenn($s) > 1", environment: Self.environment)
        }
        #expect(
            error.errors.map { DiagnosticRenderer.hint(for: $0.problem) } == [
                "did you mean '$c'?", "did you mean 'len'?",
            ])
    }
}

import Foundation
import Testing

@testable import Formwork
@testable import FormworkODK

/// XPath in, Formwork out: each conversion JavaRosa makes, written out; the errors,
/// with their reasons and offsets. Every translation type-checks in the fixture's
/// Formwork form where it is written (`XPathFixture`); what each computes is checked
/// against JavaRosa in `XPathConformanceTests`.
@Suite("XPath translation")
struct XPathTranslatorTests {
    typealias Place = XPathFixture.Place

    struct Translation: CustomTestStringConvertible, Sendable {
        let xpath: String
        let formwork: String
        let type: ValueType
        let use: ExpressionUse
        let place: Place
        var testDescription: String { "\(xpath) → \(formwork)" }
    }

    static func tr(
        _ xpath: String, _ formwork: String, _ type: ValueType, _ use: ExpressionUse = .condition,
        at place: Place = .form
    ) -> Translation {
        Translation(xpath: xpath, formwork: formwork, type: type, use: use, place: place)
    }

    static let translations: [Translation] = [
        tr("${num} > 5", "$num > 5", .bool),
        tr("${num} >= ${dec} + 1", "$num >= $dec + 1", .bool),
        tr("${num} = 5", "$num == 5", .bool),
        tr("${num} = '5'", "$num == 5", .bool),
        tr("${num} = 'abc'", "false", .bool),
        tr("${num} = ''", "empty($num)", .bool),
        tr("${num} = ${dec}", "$num == $dec", .bool),
        tr("${num} + 1 = ${dec}", "$num + 1 == $dec and $num + 1 != null", .bool),
        tr("${num} = ${txt}", "if(empty($num), empty($txt), $num == number($txt))", .bool),
        tr("${num} = true()", "boolean($num)", .bool),
        tr("${num} != ${txt}", "if(empty($num), not empty($txt), $num != number($txt))", .bool),
        tr("${sel} = 'b'", "$sel == 'b'", .bool),
        tr("${sel} = 'zz'", "string($sel) == 'zz'", .bool),
        tr("${sel} = 2", "number($sel) == 2", .bool),
        tr("${sel} != 'b'", "$sel != 'b'", .bool),
        tr("${txt} = ''", "empty($txt)", .bool),
        tr("${txt} != ''", "not empty($txt)", .bool),
        tr("${txt} = 'hello'", "$txt == 'hello'", .bool),
        tr("${txt} = ${calc}", "$txt == $calc", .bool),
        tr("concat(${txt}, 'x') = ${calc}", "concat($txt, 'x') == $calc", .bool),
        tr("${multi} = 'a c'", "join(' ', $multi) == 'a c'", .bool),
        tr("${d} = '2024-02-29'", "$d == '2024-02-29'", .bool),
        tr("${d} = 'soon'", "false", .bool),
        tr("${d} > '2020-01-01'", "false", .bool),
        tr("${d} > date('2020-01-01')", "$d > date('2020-01-01')", .bool),
        tr("${dt} > ${d}", "date(format-date($dt, '%Y-%m-%d')) > $d", .bool),
        tr("${dt} = '2024-02-29'", "date(format-date($dt, '%Y-%m-%d')) == '2024-02-29'", .bool),
        tr("${d} < today()", "$d < today()", .bool),
        tr("today() - ${d}", "number(today()) - number($d)", .number, .value),
        tr("${d} + 1", "number($d) + 1", .number, .value),
        tr("'a' = 'a'", "true", .bool),
        tr("1 = '1.0'", "true", .bool),
        tr("1 < 2 < 3", "true", .bool),
        tr("${txt} and (${num} or not(${dec}))", "not empty($txt) and (boolean($num) or not boolean($dec))", .bool),
        tr("not(${txt})", "empty($txt)", .bool),
        tr("not(not(${txt}))", "not empty($txt)", .bool),
        tr("-(${num} - 1)", "-($num - 1)", .number, .value),
        tr("${num} * (${dec} + 1)", "$num * ($dec + 1)", .number, .value),
        tr("${num} - (${dec} - 1)", "$num - ($dec - 1)", .number, .value),
        tr("${num} div 2 mod 3", "$num / 2 % 3", .number, .value),
        tr("${txt} + 1", "number($txt) + 1", .number, .value),
        tr("true() + 1", "1 + 1", .number, .value),
        tr(". >= 0 and . <= ${dec}", "$num >= 0 and $num <= $dec", .bool),
        tr(". > 3", "$f > 3", .bool, at: .rep),
        tr("../name = 'x'", "$name == 'x'", .bool, at: .rep),
        tr("current()/../name = 'x'", "$name == 'x'", .bool, at: .rep),
        // pyxform's reference, within an entry, to a question in a group of the entry.
        tr("../box/h > 2", "$h > 2", .bool, at: .rep),
        tr("position(..)", "index()", .number, .value, at: .rep),
        tr("position(current()/..)", "index()", .number, .value, at: .inner),
        tr("position(..)", "1", .number, .value),
        tr("position(..)", "1", .number, .value, at: .box),
        tr("position(../..)", "index()", .number, .value, at: .box),
        tr("position(current()/../..)", "index()", .number, .value, at: .box),
        tr("count(${rep})", "count($rep)", .number, .value),
        tr("count(${rep})", "1", .number, .value, at: .rep),
        tr("count(${inner})", "count($inner)", .number, .value, at: .inner),
        tr("count(${f})", "count($rep.f)", .number, .value),
        tr("count(${f})", "1", .number, .value, at: .rep),
        tr("sum(${f})", "sum($rep.f)", .number, .value),
        tr("sum(${f})", "sum([$f])", .number, .value, at: .rep),
        tr("sum(${g})", "sum($rep.inner.g)", .number, .value),
        tr("sum(${g})", "sum($inner.g)", .number, .value, at: .rep),
        tr("sum(${num})", "sum([$num])", .number, .value),
        tr("max(${f})", "max($rep.f)", .number, .value),
        tr("min(${num}, ${dec}, 3)", "min([$num, $dec, 3])", .number, .value),
        tr("count-non-empty(${name})", "count($rep, not empty($name))", .number, .value),
        tr("count-non-empty(${txt})", "if(empty($txt), 0, 1)", .number, .value),
        tr("indexed-repeat(${f}, ${rep}, 2)", "nth($rep.f, 2)", .number, .value),
        tr("indexed-repeat(${name}, ${rep}, ${num})", "nth($rep.name, max([int($num), 1]))", .string, .text),
        tr("concat(${name})", "join('', $rep.name)", .string, .text),
        tr("join(' ', ${name})", "join(' ', $rep.name)", .string, .text),
        tr("join(', ', ${txt}, ${num}, ${multi})", "join(', ', $txt, string($num), join(' ', $multi))", .string, .text),
        tr(
            "concat('a', ${num}, ${d}, ${multi}, ${dt}, true())",
            "concat('a', $num, $d, join(' ', $multi), format-date($dt, '%Y-%m-%d'), true)", .string, .text),
        tr("concat()", "''", .string, .text),
        tr("string-length(${txt})", "len($txt)", .number, .value),
        tr("string-length()", "len(string($num))", .number, .value),
        tr("contains(${txt}, 'a')", "contains($txt, 'a')", .bool),
        tr("contains(${sel}, 'b')", "contains(string($sel), 'b')", .bool),
        tr("contains(${txt}, '')", "true", .bool),
        tr("starts-with(${calc}, ${txt})", "starts-with(string($calc), string($txt))", .bool),
        tr("ends-with(${txt}, 'o')", "ends-with($txt, 'o')", .bool),
        tr("substr(${txt}, 1)", "substr($txt, 1)", .string, .text),
        tr("regex(${txt}, '^[a-z]+$')", "matches($txt, '^[a-z]+$')", .bool),
        tr("regex(${txt}, '[a-z]*')", "matches(string($txt), '[a-z]*')", .bool),
        tr("selected(${multi}, 'a')", "'a' in $multi", .bool),
        tr("selected(${multi}, ' a ')", "'a' in $multi", .bool),
        tr("selected(${multi}, 'a b')", "contains(concat(' ', join(' ', $multi), ' '), ' a b ')", .bool),
        tr("selected(${sel}, 'b')", "$sel == 'b'", .bool),
        tr("selected(${txt}, 'b')", "contains(concat(' ', string($txt), ' '), ' b ')", .bool),
        tr(
            "selected(${multi}, ${txt})", "contains(concat(' ', join(' ', $multi), ' '), concat(' ', trim($txt), ' '))",
            .bool),
        tr("count-selected(${multi})", "count($multi)", .number, .value),
        tr("count-selected(${sel})", "if(empty($sel), 0, 1)", .number, .value),
        tr("selected-at(${multi}, ${num})", "nth($multi, int($num) + 1)", .string, .text),
        tr("jr:choice-name(${sel}, '${sel}')", "label($sel)", .string, .text),
        tr("jr:choice-name(${sel}, ' /data/sel ')", "label($sel)", .string, .text),
        tr("if(${num} > 1, ${num}, '')", "if($num > 1, $num, null)", .number, .value),
        tr("if(${num} > 1, ${d}, '')", "if($num > 1, $d, null)", .date, .value),
        tr("if(${num} > 1, ${num}, ${txt})", "if($num > 1, string($num), $txt)", .string, .value),
        tr("if(true(), ${num}, ${txt})", "$num", .number, .value),
        tr("coalesce(${txt}, ${calc})", "coalesce($txt, $calc)", .string, .text),
        tr("coalesce('x', ${calc})", "'x'", .string, .text),
        tr("int(${txt})", "int(number($txt))", .number, .value),
        tr("round(${dec})", "round($dec)", .number, .value),
        tr("round(${dec}, ${num})", "round($dec, int($num))", .number, .value),
        tr("round(${dec}, 1.7)", "round($dec, 1)", .number, .value),
        tr("pow(${num}, 0.5)", "pow($num, 0.5)", .number, .value),
        tr("number('1e3')", "null", .number, .value),
        tr("number(' 3,5 ')", "3.5", .number, .value),
        tr("boolean-from-string(${txt})", "lower($txt) in ['true', '1']", .bool),
        tr("pi()", "3.141592653589793", .number, .value),
        tr("today()", "today()", .date, .value),
        tr("now()", "now()", .dateTime, .value),
        tr("date('2024-02-29T10:00')", "date('2024-02-29')", .date, .value),
        tr("date(19000)", "date('2022-01-08')", .date, .value),
        tr("date(${num})", "date('1970-01-01') + int($num)", .date, .value),
        tr("date(${dt})", "date(format-date($dt, '%Y-%m-%d'))", .date, .value),
        tr("date-time(${dec})", "date-time($dec)", .dateTime, .value),
        tr("decimal-date-time(${calc})", "decimal-date-time(date-time($calc))", .number, .value),
        tr("format-date(${d}, '%d/%m/%Y')", "format-date($d, '%d/%m/%Y')", .string, .text),
        tr("format-date(${calc}, '%Y')", "format-date(date-time($calc), '%Y')", .string, .text),
        tr("uuid()", "uuid()", .string, .text),
        tr("once(now())", "now()", .dateTime, .value),
        tr("once(concat('a', 'b'))", "concat('a', 'b')", .string, .text),
        tr("${num}", "string($num)", .string, .text),
        tr("${dec}", "$dec", .number, .value),
        tr("${sel}", "$sel", .string, .value),
        tr("${multi}", "$multi", .list(.string), .value),
        tr("${multi}", "join(' ', $multi)", .string, .text),
        tr("${dt}", "format-date($dt, '%Y-%m-%d')", .string, .text),
        tr("${d}", "string($d)", .string, .text),
        tr("${note}", "''", .string, .text),
        tr("${grp} = ''", "true", .bool),
        tr("5.0", "'5'", .string, .text),
        tr("0.5", "'0.5'", .string, .text),
        tr("100000000", "'100000000'", .string, .text),
        tr("\"it's\"", "'it\\'s'", .string, .text),
        tr("'a\\b'", "'a\\\\b'", .string, .text),
    ]

    @Test(arguments: translations)
    func translates(_ vector: Translation) throws {
        let result = try XPathTranslator.translate(vector.xpath, as: vector.use, in: XPathFixture.context(vector.place))
        #expect(result == TranslatedExpression(text: vector.formwork, type: vector.type))
    }

    /// Each translation is a Formwork expression of its type where it is written.
    @Test(arguments: translations)
    func typeChecks(_ vector: Translation) throws {
        let session = try XPathFixture.session(probe: vector.formwork, at: vector.place, .unanswered)
        _ = session.value(of: vector.place.entry.map { $0 + ".probe" } ?? "probe")
    }

    // MARK: Errors

    static func error(_ xpath: String, _ use: ExpressionUse = .condition, at place: Place = .form) -> TranslationError?
    {
        do {
            _ = try XPathTranslator.translate(xpath, as: use, in: XPathFixture.context(place))
            return nil
        } catch {
            return error
        }
    }

    @Test func unknownNamesAreReportedWhereTheyAre() {
        #expect(
            Self.error("${num} > 1 and ${nope}")
                == TranslationError(
                    .unknownReference("nope", suggestion: nil), message: "'nope' names no question", offset: 15))
        #expect(Self.error("/data/nope = 1")?.reason == .unknownReference("/data/nope", suggestion: nil))
        #expect(Self.error("../nope = 1", at: .rep)?.reason == .unknownReference("nope", suggestion: nil))
        #expect(
            Self.error("indexed-repeat(${nope}, ${rep}, 1)", .value)?.reason
                == .unknownReference("nope", suggestion: nil))
    }

    /// What Formwork cannot compute is unsupported, with a message that names it, at
    /// its place.
    @Test(arguments: [
        (
            "instance('c')/root/item[../x > 'a']/label", 24,
            "the path '../x' in a filter on an instance's rows (a filter reads the row's columns by name, "
                + "and questions as ${q}, current()/../q or /data/q)"
        ),
        (
            "instance('c')/root/item[name = 'a'][position() = 1][name = 'b']/label", 52,
            "a filter after a position on instance('c') (filter the rows first, then take a position: "
                + "[name = ${x}][position() = 2])"
        ),
        (
            "instance('c')/root/item/label/x", 0,
            "the path '/root/item/label/x' in instance('c') (its rows are read as /root/item, and a row's "
                + "columns one level below)"
        ),
        (
            "${num} + ${f}", 9,
            "'f' is read as one value but is in each entry of a repeat (JavaRosa reads it only while there is "
                + "one entry): use sum(), count(), max(), min(), join() or indexed-repeat()"
        ),
        ("${rep} = 1", 0, "the repeat 'rep' is read as a value (only count() reads a repeat)"),
        ("floor(${dec})", 0, "floor(): JavaRosa has no such function (a form using it does not load in ODK Collect)"),
        ("lenght(${txt})", 0, "lenght() is not a function of ODK forms (JavaRosa has none of that name)"),
        (
            "concat('n', once(${txt}))", 12,
            "once() of answers inside an expression (a calculation that is once(…) keeps its first value)"
        ),
        ("regex(${txt}, '(a)\\1')", 14, "the pattern '(a)\\1' (backreferences are not supported)"),
        ("regex(${txt}, ${calc})", 14, "regex() with a pattern that is not written in quotes"),
        (
            "format-date(${d}, '%Y week %W')", 18,
            "the format-date() pattern '%Y week %W' (Formwork writes %Y %y %m %n %b %d %e %a %H %h %M %S)"
        ),
        ("indexed-repeat(${g}, ${rep}, 1)", 15, "indexed-repeat() of 'g', which is not a question directly in 'rep'"),
        ("indexed-repeat(${g}, ${rep}, 1, ${inner}, 2)", 0, "indexed-repeat() through repeats within repeats"),
        ("position()", 0, "position() of anything but '..', '../..' (the entry or group the question is in)"),
        ("${num} | ${dec}", 7, "a union ('|') of node-sets"),
        (
            "count-non-empty(instance('c')/root/item/name)", 16,
            "count-non-empty() of an instance's rows (JavaRosa fails on it when the form loads; "
                + "count(instance('x')/root/item[col != '']) counts them)"
        ),
        ("count-non-empty(${g})", 16, "count-non-empty() of a question in repeats within repeats"),
        (
            "jr:choice-name(${sel}, '${txt}')", 0,
            "jr:choice-name() of anything but a single choice question, named again in quotes"
        ),
        ("/data/* = 1", 0, "the path '/data/*' (axes, attributes, wildcards and '//' select nodes)"),
        ("${num}[. > 1]", 6, "a predicate ([…]) that selects nodes"),
    ])
    func unsupported(_ xpath: String, _ offset: Int, _ message: String) {
        #expect(Self.error(xpath, .value) == TranslationError(.unsupported, message: message, offset: offset))
    }

    /// What JavaRosa rejects whatever the answers is a syntax error.
    @Test func invalidExpressions() {
        #expect(
            Self.error("round()")
                == TranslationError(.syntax, message: "round() takes 1 to 2 arguments, not 0", offset: 0))
        #expect(Self.error("not(${a}, ${b})")?.message == "not() takes 1 argument, not 2")
        #expect(
            Self.error("count('a')")
                == TranslationError(.syntax, message: "count() counts the nodes of a path", offset: 6))
        #expect(
            Self.error("selected(${multi}, 2)")?.message
                == "the value selected() looks for must be text, in quotes (like '1')")
        #expect(
            Self.error("date('soon') < today()")
                == TranslationError(.syntax, message: "'soon' is not a date (YYYY-MM-DD)", offset: 5))
        #expect(Self.error("${num} = = 1")?.reason == .syntax)
        // JavaRosa's own refusals: a literal shape, an algorithm it does not know, a value that is no node-set.
        #expect(
            Self.error("area('0 0; 0 1; 1 1; 0 0') > 0")
                == TranslationError(
                    .syntax, message: "area() takes a question holding a shape (JavaRosa refuses anything else)",
                    offset: 5))
        #expect(
            Self.error("digest(${txt}, 'SHA-3')")?.message
                == "digest() has no algorithm 'SHA-3' (JavaRosa knows MD5, SHA-1, SHA-256, SHA-384 or SHA-512)")
        #expect(Self.error("digest(${txt}, 'md5', 'base32')")?.reason == .syntax)
        #expect(Self.error("count(randomize('a b', 1))")?.reason == .syntax)
        #expect(Self.error("distance(5)")?.reason == .syntax)
        #expect(Self.error(String(repeating: "1 + ", count: 2500) + "1")?.reason == .unsupported)
    }

    // MARK: Contexts

    /// Where the options are unknown, a text compared with a choice is written so
    /// that it holds for any text.
    @Test func unknownOptions() throws {
        let context = XPathFixture.context(knownOptions: false)
        func translate(_ xpath: String) throws -> String {
            try XPathTranslator.translate(xpath, as: .condition, in: context).text
        }
        #expect(try translate("${sel} = 'b'") == "string($sel) == 'b'")
        #expect(try translate("selected(${sel}, 'b')") == "string($sel) == 'b'")
        #expect(try translate("selected(${multi}, 'a')") == "contains(concat(' ', join(' ', $multi), ' '), ' a ')")
        #expect(try translate("selected(${multi}, 'a') and ${sel} != 'b'").contains("string($sel) != 'b'"))
    }

    /// In a choice_filter, a name is the choice row's column, as text.
    @Test func choiceFilters() throws {
        func translate(_ xpath: String, _ columns: [String: String]) throws -> String {
            try XPathTranslator.translate(xpath, as: .condition, in: XPathFixture.context(choiceColumns: columns)).text
        }
        #expect(try translate("cf = ${sel}", ["cf": "b"]) == "$sel == 'b'")
        #expect(try translate("cf = ${sel}", ["cf": "q"]) == "string($sel) == 'q'")
        #expect(try translate("cf=${num}", ["cf": "5"]) == "$num == 5")
        #expect(try translate("${txt} = cf", ["cf": "x y"]) == "$txt == 'x y'")
        #expect(try translate("selected(${multi}, cf)", ["cf": "c"]) == "'c' in $multi")
        #expect(try translate("name = 'a' or name = 'b'", ["name": "b"]) == "true")
        #expect(try translate("cf = ''", ["name": "b"]) == "true")
        #expect(try translate("cf > 3", ["cf": "10"]) == "true")
        #expect(try translate("cf = current()", ["cf": "5"]) == "$num == 5")
        #expect(try translate(". = ''", ["cf": "5"]) == "true")
    }

    /// `position(..)` is the entry's position where the question is directly in it;
    /// where the context does not say how many groups lie between, only `..` is read.
    @Test func positionsFindTheEntry() throws {
        var context = XPathFixture.context(.box)
        #expect(try XPathTranslator.translate("position(../..)", as: .value, in: context).text == "index()")
        #expect(
            throws: TranslationError(
                .unsupported,
                message: "position() of a node above the entry the question is in (Formwork's index() is the entry's)",
                offset: 0)
        ) { try XPathTranslator.translate("position(../../..)", as: .value, in: context) }
        context.groupsInEntry = nil
        #expect(try XPathTranslator.translate("position(..)", as: .value, in: context).text == "index()")
        #expect(throws: TranslationError.self) {
            try XPathTranslator.translate("position(../..)", as: .value, in: context)
        }
    }

    /// The use decides the result: a condition is `boolean()` of the value, text is
    /// the value as JavaRosa writes it.
    @Test func usesConvertTheResult() throws {
        func translate(_ xpath: String, _ use: ExpressionUse) throws -> TranslatedExpression {
            try XPathTranslator.translate(xpath, as: use, in: XPathFixture.context())
        }
        #expect(try translate("${txt}", .condition) == TranslatedExpression(text: "not empty($txt)", type: .bool))
        #expect(
            try translate("${num} * 2", .condition) == TranslatedExpression(text: "boolean($num * 2)", type: .bool))
        #expect(try translate("${num} * 2", .value) == TranslatedExpression(text: "$num * 2", type: .number))
        #expect(
            try translate("${num} * 2", .text) == TranslatedExpression(text: "string($num * 2)", type: .string))
        #expect(try translate("${sel}", .text) == TranslatedExpression(text: "$sel", type: .string))
        #expect(try translate("${num} > 1", .text) == TranslatedExpression(text: "string($num > 1)", type: .string))
        #expect(try translate("'5'", .condition) == TranslatedExpression(text: "true", type: .bool))
        #expect(try translate("0", .condition) == TranslatedExpression(text: "false", type: .bool))
    }
}

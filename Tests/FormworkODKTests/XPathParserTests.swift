import Formwork
import Foundation
import Testing

@testable import FormworkODK

/// XPath 1.0's grammar as ODK writes it: precedence, chains, paths that continue a
/// call, errors at their offsets, and nesting bounded so no input overflows the stack.
@Suite("XPath parser")
struct XPathParserTests {
    /// The tree as a compact S-expression: `(= (+ 1 (* 2 3)) 7)`.
    static func tree(_ text: String) throws -> String {
        func render(_ expression: XPathExpression) -> String {
            switch expression {
            case .number(let number, _): return number
            case .string(let text, _): return "'\(text)'"
            case .reference(let name, _): return "${\(name)}"
            case .path(let path, _): return path
            case .call(let name, let arguments, _):
                return "\(name)(" + arguments.map(render).joined(separator: ", ") + ")"
            case .step(let base, let path, _): return "(step \(render(base)) \(path))"
            case .predicate(let base, let predicate, _): return "(where \(render(base)) \(render(predicate)))"
            case .negation(let operand, _): return "(- \(render(operand)))"
            case .chain(let first, let links, _):
                let op = links[0].op.rawValue
                let rest = links.map { ($0.op.rawValue == op ? "" : $0.op.rawValue + " ") + render($0.operand) }
                return "(\(op) \(render(first)) " + rest.joined(separator: " ") + ")"
            }
        }
        return render(try XPathParser.parse(text))
    }

    static func error(_ text: String) -> TranslationError? {
        do {
            _ = try XPathParser.parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func precedenceFollowsXPath() throws {
        #expect(try Self.tree("1 + 2 * 3 = 7") == "(= (+ 1 (* 2 3)) 7)")
        #expect(try Self.tree("${a} or ${b} and ${c}") == "(or ${a} (and ${b} ${c}))")
        #expect(try Self.tree("${a} = 1 or ${b} != 2") == "(or (= ${a} 1) (!= ${b} 2))")
        #expect(try Self.tree("${a} < 1 = true()") == "(= (< ${a} 1) true())")
        #expect(try Self.tree("(${a} or ${b}) and ${c}") == "(and (or ${a} ${b}) ${c})")
        #expect(try Self.tree("-${a} * 2") == "(* (- ${a}) 2)")
        #expect(try Self.tree("- - 1") == "(- (- 1))")
        #expect(try Self.tree("1 - -2") == "(- 1 (- 2))")
        #expect(try Self.tree("${a} div 2 mod 3") == "(div ${a} 2 mod 3)")
        #expect(try Self.tree("-${a} | ${b}") == "(- (| ${a} ${b}))")
        #expect(try Self.tree("not(${a}) and 1 > 2") == "(and not(${a}) (> 1 2))")
    }

    @Test func chainsReadLeftToRight() throws {
        #expect(try Self.tree("1 < 2 < 3") == "(< 1 2 3)")
        #expect(try Self.tree("1 - 2 + 3") == "(- 1 2 + 3)")
        let long = Array(repeating: "selected(${a}, 'x')", count: 2000).joined(separator: " or ")
        guard case .chain(_, let links, _) = try XPathParser.parse(long) else {
            Issue.record("not a chain")
            return
        }
        #expect(links.count == 1999)
    }

    @Test func pathsCallsAndPredicates() throws {
        #expect(try Self.tree("current()/../x") == "(step current() /../x)")
        #expect(try Self.tree("count(/data/rep) + position(..)") == "(+ count(/data/rep) position(..))")
        #expect(
            try Self.tree("instance('c')/root/item[name = current()/../x]")
                == "(where (step instance('c') /root/item) (= name (step current() /../x)))")
        #expect(try Self.tree("concat()") == "concat()")
        #expect(try Self.tree("jr:choice-name(${a}, '${a}')") == "jr:choice-name(${a}, '${a}')")
        #expect(try Self.tree(". >= 0 and . <= ${max}") == "(and (>= . 0) (<= . ${max}))")
    }

    @Test func errorsSayWhere() {
        func expectError(_ text: String, _ message: String, _ offset: Int) {
            let error = Self.error(text)
            #expect(error == TranslationError(.syntax, message: message, offset: offset), "\(text)")
        }
        expectError("", "an empty expression", 0)
        expectError("${a} =", "the expression ends where a value is expected", 6)
        expectError("(1 + 2", "expected ')', found the end", 6)
        expectError("concat(1, ", "the expression ends where a value is expected", 10)
        expectError("1 2", "expected an operator or the end, found 2", 2)
        expectError(") = 1", "expected a value, found ')'", 0)
        expectError("${a} and = ${b}", "expected a value, found '='", 9)
        expectError("1.2.3 + 1", "'1.2.3' is not a number", 0)
        expectError("${a} / 2", "XPath divides with 'div', not '/'", 5)
        expectError("${a} = 'open", "a string without its closing '", 7)
        expectError("f(1 2)", "expected ')', found 2", 4)
        expectError("${a}[1", "expected ']', found the end", 6)
        #expect(
            Self.error("${a} =")?.description == "the expression ends where a value is expected (at character 7)")
    }

    @Test func nestingIsBounded() throws {
        let limit = XPathParser.maximumDepth
        // The whole expression is one level; each bracket another.
        let deep = String(repeating: "(", count: limit - 1) + "1" + String(repeating: ")", count: limit - 1)
        #expect(try Self.tree(deep) == "1")
        let tooDeep = "(" + deep + ")"
        #expect(
            Self.error(tooDeep)
                == TranslationError(
                    .syntax, message: "the expression nests more than 100 levels deep", offset: limit))
        #expect(Self.error(String(repeating: "-", count: 200) + "1")?.reason == .syntax)
        #expect(Self.error(String(repeating: "f(", count: 100_000))?.reason == .syntax)
        #expect(Self.error(String(repeating: "(", count: 100_000))?.reason == .syntax)
    }
}

import Formwork

/// Numbers written as JavaScript writes them (`Number.prototype.toString`, which
/// `JSON.stringify` uses): the shortest digits that read back as the same double, in
/// decimal notation from 10⁻⁶ up to 10²¹ and in exponent notation outside
/// (`1e-7`, `1.5e+21`). SurveyJS's data is written so, so a value Formwork computes is
/// the same double, and the same text, as survey-core's (`0.3333333333333333`).
///
/// ```swift
/// JavaScriptNumber.text(1.0 / 3)   // "0.3333333333333333"
/// JavaScriptNumber.text(1e21)      // "1e+21"
/// JavaScriptNumber.text(0.000001)  // "0.000001"
/// ```
enum JavaScriptNumber {
    /// `number` as JavaScript writes it; `null` for one that is not finite (as
    /// `JSON.stringify` writes `NaN` and `Infinity`).
    static func text(_ number: Double) -> String {
        number.isFinite ? NumbersInText.javaScriptNumber(number) : "null"
    }

    /// `output` with every number written as JavaScript writes it.
    static func written(_ output: JSONOutput) -> JSONOutput {
        switch output {
        case .object(let members): return .object(members.map { ($0.0, written($0.1)) })
        case .array(let elements): return .array(elements.map(written))
        case .value(.number(let number)): return .verbatimNumber(text(number))
        default: return output
        }
    }
}

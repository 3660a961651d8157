import Formwork

/// ODK's measures of places: `distance`, `area` (`enclosed-area`) and `geofence`,
/// Formwork's functions of the same names. A geotrace or geoshape question is text
/// as ODK writes it, a geopoint a place, a question in each entry of a repeat a list.
extension XPathTranslation {
    /// `distance(line)` of a question or of text, or `distance(a, b, …)` through points.
    func distance(_ arguments: [XPathExpression], at offset: Int) throws(TranslationError) -> XPathOperand {
        let operands = try arguments.map { argument throws(TranslationError) in try translate(argument) }
        var codes: [String] = []
        for (operand, argument) in zip(operands, arguments) {
            if operands.count == 1 {
                // JavaRosa measures a field, or text; a number is neither.
                guard operand.isNodeSet || [.text, .choice].contains(operand.kind) else {
                    throw invalid("distance() takes a question or text (JavaRosa refuses a number)", at: offset)
                }
                codes.append(try place(operand, line: true, at: argument.offset).code)
            } else {
                codes.append(try place(operand, line: false, at: argument.offset).code)
            }
        }
        return .call(
            "distance", codes, kind: .number, absence: .nan, readsAnswers: operands.contains(where: \.readsAnswers))
    }

    /// `area(shape)` and `enclosed-area(shape)`, of a question (JavaRosa measures only
    /// a field).
    func area(_ argument: XPathExpression, name: String) throws(TranslationError) -> XPathOperand {
        let shape = try shape(argument, of: name)
        return .call("area", [shape.code], kind: .number, absence: .nan, readsAnswers: shape.readsAnswers)
    }

    /// `geofence(point, shape)`: whether the point is inside the shape (a question).
    func geofence(_ arguments: [XPathExpression]) throws(TranslationError) -> XPathOperand {
        let point = try place(try translate(arguments[0]), line: false, at: arguments[0].offset)
        let shape = try shape(arguments[1], of: "geofence")
        return .call(
            "geofence", [point.code, shape.code], kind: .bool, absence: .never,
            readsAnswers: point.readsAnswers || shape.readsAnswers)
    }

    /// A shape argument: a question, as JavaRosa requires.
    private func shape(_ argument: XPathExpression, of name: String) throws(TranslationError) -> XPathOperand {
        let operand = try translate(argument)
        guard operand.isNodeSet else {
            throw invalid(
                "\(name)() takes a question holding a shape (JavaRosa refuses anything else)", at: argument.offset)
        }
        return try place(operand, line: true, at: argument.offset)
    }

    /// An operand as Formwork's geo functions read it: a geopoint, text (a point, or
    /// with `line` a line or shape), or a question in each entry of a repeat.
    private func place(_ operand: XPathOperand, line: Bool, at offset: Int) throws(TranslationError) -> XPathOperand {
        switch operand.kind {
        case .geopoint, .text, .choice: return operand
        case .list(let element) where line && [.geopoint, .text, .choice].contains(element): return operand
        case .number, .bool, .date, .multichoice: return try text(operand, at: offset)
        default:
            try single(operand, at: offset)
            throw unsupported("a place read from this value", at: offset)
        }
    }
}

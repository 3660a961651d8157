import Formwork

/// Chance and hashes: `uuid(length)`, `random()`, `randomize(nodes, seed)`, `digest`
/// and `extract-signed`. Formwork draws `uuid`, `random` and an unseeded `randomize`
/// once for the session where JavaRosa draws anew on each computation; a seeded
/// `randomize` gives JavaRosa's order.
extension XPathTranslation {
    /// `uuid()`, or `uuid(length)`: so many characters of 0–9 and A–Z.
    func uuid(_ arguments: [XPathExpression]) throws(TranslationError) -> XPathOperand {
        guard let argument = arguments.first else {
            return .call("uuid", [], kind: .text, absence: .never, readsAnswers: false)
        }
        let length = try number(try translate(argument), at: argument.offset)
        return .call("uuid", [length.code], kind: .text, absence: .never, readsAnswers: length.readsAnswers)
    }

    /// `randomize(nodes, seed)`: the values of a question in each entry of a repeat,
    /// shuffled; a single node is itself.
    func randomize(_ arguments: [XPathExpression], at offset: Int) throws(TranslationError) -> XPathOperand {
        let nodes = try translate(arguments[0])
        guard nodes.isNodeSet else {
            throw invalid("randomize() takes a node-set (JavaRosa refuses anything else)", at: arguments[0].offset)
        }
        var codes = [nodes.code]
        var reads = nodes.readsAnswers
        if arguments.count == 2 {
            let operand = try translate(arguments[1])
            let seed =
                [.text, .choice].contains(operand.kind)
                ? try text(operand, at: arguments[1].offset) : try number(operand, at: arguments[1].offset)
            codes.append(seed.code)
            reads = reads || seed.readsAnswers
        }
        guard case .list = nodes.kind else { return nodes }
        var shuffled = XPathOperand.call(
            "randomize", codes, kind: nodes.kind, absence: nodes.absence, readsAnswers: reads)
        shuffled.isNodeSet = true
        return shuffled
    }

    /// `digest(data, algorithm, encoding)`: an algorithm or encoding written in quotes
    /// must be one JavaRosa knows, as it refuses the others.
    func digest(_ arguments: [XPathExpression]) throws(TranslationError) -> XPathOperand {
        var codes = [try text(try translate(arguments[0]), at: arguments[0].offset)]
        var known = true
        for (index, argument) in arguments.enumerated().dropFirst() {
            let operand = try text(try translate(argument), at: argument.offset)
            if case .text(let name)? = operand.literal {
                let allowed =
                    index == 1
                    ? ["MD5", "SHA1", "SHA256", "SHA384", "SHA512"].contains(
                        name.uppercased().replacingOccurrences(of: "-", with: ""))
                    : ["HEX", "BASE64"].contains(name.uppercased())
                guard allowed else {
                    let what = index == 1 ? "algorithm" : "encoding"
                    let choices = index == 1 ? "MD5, SHA-1, SHA-256, SHA-384 or SHA-512" : "base64 or hex"
                    throw invalid("digest() has no \(what) '\(name)' (JavaRosa knows \(choices))", at: argument.offset)
                }
            } else {
                known = false
            }
            codes.append(operand)
        }
        return .call(
            "digest", codes.map(\.code), kind: .text, absence: known ? .never : .empty,
            readsAnswers: codes.contains(where: \.readsAnswers))
    }
}

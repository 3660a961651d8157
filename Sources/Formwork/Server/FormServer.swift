import FormworkCore
import Foundation

/// A JSON-RPC 2.0 engine over one form session: one request per line in, one
/// response (and notifications) per line out. No I/O: `formwork serve` reads and
/// writes the lines.
///
/// ```swift
/// let server = FormServer(session: session)
/// server.handle(#"{"jsonrpc":"2.0","id":1,"method":"field.set","params":{"id":"firstName","value":"Ada"}}"#)
/// // ["{\"jsonrpc\":\"2.0\",\"method\":\"form.changed\",\"params\":{…}}",
/// //  "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{…}}"]
/// ```
///
/// Every mutating method answers with what changed (`changes`: the changeset with
/// field ids, `values`, `errors`) and sends the same as a `form.changed`
/// notification first. Bad input of any kind gets an error response and the
/// engine keeps serving.
public final class FormServer {
    /// The session every request reads and changes.
    public let session: FormSession

    /// The application error codes (JSON-RPC reserves -32000…-32099 for servers).
    public enum ErrorCode: Int, Sendable {
        case parseError = -32700
        case invalidRequest = -32600
        case methodNotFound = -32601
        case invalidParams = -32602
        case rejectedValue = -32001
        case unknownField = -32002
        case nothingToUndo = -32003
        case submitFailed = -32004
        case invalidValues = -32005
        /// An entry that cannot be added, removed or moved (`min`, `max`, `count`, no
        /// such entry).
        case entryRefused = -32006
        /// A value the person may not give: a read-only field (`readonly:`), or an
        /// input of the form (`form.setInput` gives those).
        case readOnlyField = -32007
        /// A language the form is not written in (`form.setLanguage`).
        case unknownLanguage = -32008
    }

    /// An error response's code, message and structured data.
    struct Failure {
        let code: ErrorCode
        let message: String
        var data: JSONOutput? = nil
    }

    /// The formats answers can be given in and asked for: `form.answers` gives them in
    /// any of them (`{"format": NAME}`), `form.submit` adds them in the form's own
    /// (`format` and `data`, for an imported form), and `response.validate` reads a
    /// response's `text` in whichever recognises it.
    ///
    /// ```swift
    /// let server = FormServer(session: session, formats: .standard)
    /// ```
    public let formats: FormatRegistry

    /// A server of `session`'s form, with answers in `formats`' answer formats.
    public init(session: FormSession, formats: FormatRegistry = .formwork) {
        self.session = session
        self.formats = formats
        session.reload(nil, animated: false)
    }

    /// The answer to a request line longer than `Limits.maximumRequestLength` (see
    /// `RequestLineReader`): an Invalid Request error with a null id, since the id was
    /// never read.
    public func oversizedRequest(bytes: Int) -> String {
        let limit = session.definition.limits.maximumRequestLength
        return Self.errorResponse(id: nil, ServerProblem.requestTooLong(bytes: bytes, limit: limit).failure)
    }

    /// Handles one line; returns the lines to write (notifications, then the response;
    /// nothing for a notification request).
    public func handle(_ line: String) -> [String] {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return [] }
        let root: SyntaxNode
        do {
            root = try JSONParser.parse(Array(trimmed.utf8))
        } catch {
            return [
                Self.errorResponse(
                    id: nil, ServerProblem.parseError(error.message, column: error.location?.column ?? 0).failure)
            ]
        }
        if let batch = root.elements {
            guard !batch.isEmpty else {
                return [
                    Self.errorResponse(id: nil, ServerProblem.emptyBatch.failure)
                ]
            }
            var notifications: [String] = []
            var responses: [JSONOutput] = []
            for request in batch {
                let (sent, response) = handle(request)
                notifications += sent
                if let response { responses.append(response) }
            }
            return notifications + (responses.isEmpty ? [] : [JSONOutput.array(responses).encoded])
        }
        let (sent, response) = handle(root)
        return sent + (response.map { [$0.encoded] } ?? [])
    }

    /// Handles one request object: the notifications it caused, and its response (none
    /// for a notification).
    func handle(_ request: SyntaxNode) -> ([String], JSONOutput?) {
        guard let pairs = request.pairs else {
            return (
                [],
                Self.errorObject(id: nil, ServerProblem.requestNotAnObject.failure)
            )
        }
        let members = Dictionary(
            pairs.map { ($0.key.scalarText ?? "", $0.value) }, uniquingKeysWith: { first, _ in first })
        let id: JSONOutput?
        switch members["id"].map(Self.requestID) {
        case nil: id = nil  // a notification
        case .some(.some(let valid)): id = valid
        case .some(.none):
            return (
                [],
                Self.errorObject(id: nil, ServerProblem.invalidID.failure)
            )
        }
        guard members["jsonrpc"]?.scalarText == "2.0", members["jsonrpc"]?.isQuoted == true else {
            return (
                [],
                Self.errorObject(id: id ?? nil, ServerProblem.invalidVersion.failure)
            )
        }
        guard let methodNode = members["method"], methodNode.isQuoted, let method = methodNode.scalarText else {
            return (
                [],
                Self.errorObject(id: id ?? nil, ServerProblem.methodNotAString.failure)
            )
        }
        let params = members["params"]
        if let params, params.pairs == nil, params.elements == nil {
            // An invalid request gets an error even without an id (JSON-RPC 2.0, 5.1).
            return (
                [],
                Self.errorObject(id: id ?? nil, ServerProblem.paramsNotAnObject.failure)
            )
        }
        var notifications: [String] = []
        let result: Result<JSONOutput, ServerProblem>
        do {
            result = .success(try call(method, Parameters(node: params), notify: { notifications.append($0) }))
        } catch let problem as ServerProblem {
            result = .failure(problem)
        } catch {
            result = .failure(.other("\(error)"))
        }
        guard let id else { return (notifications, nil) }  // a notification: no response
        switch result {
        case .success(let value):
            return (notifications, .object([("jsonrpc", "2.0"), ("id", id), ("result", value)]))
        case .failure(let problem):
            return (notifications, Self.errorObject(id: id, problem.failure))
        }
    }

    /// A request's id as it is echoed: a string, a number (its digits as sent), or
    /// null; `nil` when the id is not one of these (the request is invalid).
    static func requestID(_ node: SyntaxNode) -> JSONOutput? {
        switch node.scalar {
        case .number?:
            return node.isQuoted ? .value(.string(node.scalarText ?? "")) : .verbatimNumber(node.scalarText ?? "0")
        case .string(let text)? where node.isQuoted: return .value(.string(text))
        case .null? where !node.isQuoted: return .value(.null)
        default: return nil
        }
    }

    static func errorObject(id: JSONOutput?, _ failure: Failure) -> JSONOutput {
        var error: [(String, JSONOutput)] = [
            ("code", .value(.number(Double(failure.code.rawValue)))), ("message", .value(.string(failure.message))),
        ]
        if let data = failure.data { error.append(("data", data)) }
        return .object([("jsonrpc", "2.0"), ("id", id ?? nil), ("error", .object(error))])
    }

    static func errorResponse(id: JSONOutput?, _ failure: Failure) -> String {
        errorObject(id: id, failure).encoded
    }
}

/// A request's `params`, read with clear errors.
struct Parameters {
    let node: SyntaxNode?

    func member(_ name: String) -> SyntaxNode? {
        node?.pairs?.first { $0.key.scalarText == name }?.value
    }

    func string(_ name: String) throws -> String {
        guard let value = member(name) else { throw ServerProblem.missingParameter(name) }
        guard value.isQuoted, let text = value.scalarText else {
            throw ServerProblem.parameterType(name, expected: "string", found: value.typeDescription)
        }
        return text
    }

    /// An optional string (`nil` when absent or `null`).
    func optionalString(_ name: String) throws -> String? {
        guard let value = member(name), !(value.scalar == .null && !value.isQuoted) else { return nil }
        return try string(name)
    }

    /// An optional whole number from 1 (an entry position).
    func optionalPosition(_ name: String) throws -> Int? {
        guard let value = member(name), !(value.scalar == .null && !value.isQuoted) else { return nil }
        guard !value.isQuoted, let text = value.scalarText, let number = Double(text), number.rounded() == number,
            number >= 1, number <= Double(Int32.max)
        else {
            throw ServerProblem.notAPosition(
                name, found: value.isQuoted ? value.typeDescription : value.scalarText ?? value.typeDescription)
        }
        return Int(number)
    }
}

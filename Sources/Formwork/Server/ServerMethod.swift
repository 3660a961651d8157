import Foundation

/// One JSON-RPC method of `FormServer`, all of it in one place: its name, its
/// params and what it does (for `formwork serve --help` and the docs), and how it
/// runs (a method that changes the session answers with the changes, and sends
/// `form.changed` first). The table (`FormServer.methodTable`) is the
/// only list of methods: dispatch, "Method not found" suggestions and the help read it.
struct ServerMethod: Sendable {
    let name: String
    /// The params it takes, as help shows them: `{id, value}`.
    let params: String
    let summary: String
    let run: @Sendable (FormServer, Parameters, (String) -> Void) throws -> JSONOutput
}

extension FormServer {
    /// Every method, in the order help lists them.
    static let methodTable: [ServerMethod] = [
        ServerMethod(
            name: "form.describe", params: "{}", summary: "the form: its fields, sections, repeats and languages"
        ) { server, _, _ in server.describe() },
        ServerMethod(
            name: "form.snapshot", params: "{}", summary: "what is shown now: sections, rows, values, errors"
        ) { server, _, _ in server.snapshot() },
        ServerMethod(
            name: "form.validate", params: "{}", summary: "every problem (and shows them all from now on)"
        ) { server, _, notify in server.validateForm(notify) },
        ServerMethod(
            name: "form.answers", params: "{format?}",
            summary: "the answers, in Formwork's JSON or another registered answer format"
        ) { server, params, _ in try server.answers(format: try params.optionalString("format")) },
        ServerMethod(
            name: "form.submit", params: "{}",
            summary: "the answers and attachments (and in the form's own format), or why not"
        ) { server, _, notify in try server.submit(notify) },
        ServerMethod(
            name: "field.set", params: "{id, value} or {id, text}", summary: "sets a field, as a person would"
        ) { server, params, notify in
            try server.setValue(params, input: false)
            return server.reloadAndReport(notify)
        },
        ServerMethod(name: "field.clear", params: "{id}", summary: "clears a field") {
            server, params, notify in try server.clearField(params, notify)
        },
        ServerMethod(
            name: "entry.add", params: "{group, position?}", summary: "adds an entry to a repeat"
        ) { server, params, notify in try server.addEntry(params, notify) },
        ServerMethod(name: "entry.remove", params: "{entry}", summary: "removes an entry") {
            server, params, notify in try server.removeEntry(params, notify)
        },
        ServerMethod(
            name: "entry.move", params: "{entry, position}", summary: "moves an entry within its repeat"
        ) { server, params, notify in try server.moveEntry(params, notify) },
        ServerMethod(name: "session.undo", params: "{}", summary: "undoes the last change") {
            server, _, notify in try server.undo(redoing: false, notify)
        },
        ServerMethod(name: "session.redo", params: "{}", summary: "redoes what undo undid") {
            server, _, notify in try server.undo(redoing: true, notify)
        },
        ServerMethod(
            name: "session.load", params: "{values}", summary: "loads values, all of them or none"
        ) { server, params, notify in try server.loadValues(params, notify) },
        ServerMethod(
            name: "form.setInput", params: "{id, value} or {id, text}",
            summary: "gives an input of the form (or a read-only field) its value"
        ) { server, params, notify in
            try server.setValue(params, input: true)
            return server.reloadAndReport(notify)
        },
        ServerMethod(
            name: "form.setLanguage", params: "{language}", summary: "shows the form in a language (null: its default)"
        ) { server, params, notify in try server.setLanguage(params, notify) },
        ServerMethod(
            name: "response.validate", params: "{response} or {text}, clean?",
            summary: "checks a finished response as formwork validate does (the session untouched)"
        ) { server, params, _ in try server.validateResponse(params) },
    ]

    /// The methods by name, for dispatch.
    static let methodsByName = Dictionary(uniqueKeysWithValues: methodTable.map { ($0.name, $0) })

    /// The methods' names, in the table's order.
    public static var methods: [String] { methodTable.map(\.name) }

    /// Each method as help shows it (`formwork serve --help`): its name and params,
    /// then what it does, indented on a line of its own.
    public static var methodHelp: [String] {
        methodTable.map { method in method.name + " " + method.params + "\n    " + method.summary }
    }
}

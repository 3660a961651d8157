import Foundation
import Testing

@testable import Formwork

/// The JSON-RPC engine without I/O: each method's result, each error code, batches
/// and notifications, and snapshots that read what the data source shows.
@Suite("JSON-RPC server")
struct FormServerTests {
    static let yaml = """
        id: order
        title: Order
        sections:
          - id: main
            header: Main
            fields:
              - { id: name, kind: text, label: Name, required: true }
              - { id: qty, kind: number, label: Quantity, min: 1, max: 9 }
              - { id: total, kind: computed, label: Total, value: $qty * 10 }
              - { id: pin, kind: secure, label: PIN }
              - { id: gift, kind: switch, label: Gift }
          - id: wrap
            header: Wrapping
            visible: $gift
            fields:
              - { id: paper, kind: choice, label: Paper, options: [red, gold] }
        """

    static func server(_ yaml: String = Self.yaml) throws -> FormServer {
        FormServer(session: try FormSession(definition: FormDefinition(yaml: yaml), today: Fixtures.today))
    }

    /// A request line; `id: nil` makes a notification.
    static func request(_ method: String, id: String? = "1", params: String? = nil) -> String {
        var members = [#""jsonrpc":"2.0""#]
        if let id { members.append(#""id":\#(id)"#) }
        members.append(#""method":"\#(method)""#)
        if let params { members.append(#""params":\#(params)"#) }
        return "{" + members.joined(separator: ",") + "}"
    }

    static func error(id: String = "1", code: Int, _ message: String, data: String? = nil) -> String {
        let data = data.map { #","data":\#($0)"# } ?? ""
        return #"{"jsonrpc":"2.0","id":\#(id),"error":{"code":\#(code),"message":"\#(message)"\#(data)}}"#
    }

    static func object(_ line: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    // MARK: The method table

    /// The table is the only list of methods: each of its methods is dispatched (none
    /// answers "Method not found"), help lists each once, and a near miss is
    /// suggested from it.
    @Test func everyMethodOfTheTableIsDispatchedAndListed() throws {
        #expect(FormServer.methods.count == Set(FormServer.methods).count)
        for method in FormServer.methods {
            let reply = try Self.object(try #require(try Self.server().handle(Self.request(method)).last))
            let code = (reply["error"] as? [String: Any])?["code"] as? Int
            #expect(code != -32601, "\(method): \(reply)")
            #expect(FormServer.methodHelp.filter { $0.hasPrefix(method + " ") }.count == 1, "\(method)")
        }
        #expect(FormServer.methodHelp.count == FormServer.methods.count)
        let missed = try Self.object(try #require(try Self.server().handle(Self.request("entry.ad")).last))
        #expect(
            ((missed["error"] as? [String: Any])?["data"] as? [String: Any])?["suggestion"] as? String == "entry.add")
    }

    // MARK: The JSON-RPC article

    /// The conversation the JSON-RPC article shows (`Sources/Formwork/Documentation.docc/JSONRPC.md`,
    /// once the README's), replayed line for line.
    @Test func theREADMEConversation() throws {
        let article = try String(
            contentsOf: Fixtures.packageDirectory.appendingPathComponent(
                "Sources/Formwork/Documentation.docc/JSONRPC.md"),
            encoding: .utf8)
        let start = try #require(article.range(of: "$ formwork serve Forms/seed.yaml\n"))
        let block = article[start.upperBound...].prefix { $0 != "`" }
        let server = FormServer(session: try Fixtures.session("seed.yaml"))
        var expected: [String] = []
        var written: [String] = []
        for line in block.split(separator: "\n") {
            if line.hasPrefix(">>> ") { written += server.handle(String(line.dropFirst(4))) }
            if line.hasPrefix("<<< ") { expected.append(String(line.dropFirst(4))) }
        }
        #expect(expected.count >= 5)
        #expect(written == expected)
    }

    // MARK: Methods

    @Test func describeGivesTheDefinitionWithConditionsAsText() throws {
        let server = try Self.server(
            """
            id: tiny
            title: Tiny
            version: "3"
            sections:
              - id: s
                fields:
                  - { id: age, kind: number, label: Age, required: true, min: 0, max: 120, step: 1 }
                  - { id: hello, kind: note, text: Hello, visible: $age > 10 }
                  - id: size
                    kind: choice
                    label: Size
                    required: $age < 18
                    options: [{ value: s, label: Small, visible: $age < 12 }, m]
            """)
        #expect(
            server.handle(Self.request("form.describe")) == [
                #"{"jsonrpc":"2.0","id":1,"result":{"id":"tiny","title":"Tiny","version":"3","sections":[{"id":"s","#
                    + #""fields":[{"id":"age","kind":"number","label":"Age","type":"number","required":true,"min":0,"#
                    + #""max":120,"step":1},{"id":"hello","kind":"note","text":"Hello","visible":"$age > 10"},"#
                    + #"{"id":"size","kind":"choice","label":"Size","type":"text","required":"$age < 18","#
                    + #""options":[{"value":"s","label":"Small","visible":"$age < 12"},"#
                    + #"{"value":"m","label":"m"}]}]}]}}"#
            ])
    }

    @Test func setSendsTheChangesAsANotificationAndAsTheResult() throws {
        let server = try Self.server()
        let lines = server.handle(Self.request("field.set", id: "2", params: #"{"id":"qty","value":3}"#))
        let changes =
            #"{"changes":{"sections":{"deleted":[],"inserted":[],"moved":[],"updated":[]},"#
            + #""rows":{"deleted":[],"inserted":[],"moved":[],"updated":["#
            + #"{"from":{"section":0,"row":1},"to":{"section":0,"row":1},"id":"qty"},"#
            + #"{"from":{"section":0,"row":2},"to":{"section":0,"row":2},"id":"total"}]}},"#
            + #""values":[{"field":"qty","from":null,"to":3},{"field":"total","from":null,"to":30}],"#
            + #""errors":[{"field":"name","rule":"required","message":"is required"}]}"#
        #expect(
            lines == [
                #"{"jsonrpc":"2.0","method":"form.changed","params":\#(changes)}"#,
                #"{"jsonrpc":"2.0","id":2,"result":\#(changes)}"#,
            ])
        #expect(server.session.value(of: "qty") == 3)
    }

    @Test func setTakesTextAsAPersonTypesIt() throws {
        let server = try Self.server()
        let lines = server.handle(Self.request("field.set", params: #"{"id":"gift","text":"yes"}"#))
        #expect(lines.count == 2)
        #expect(lines.last?.contains(#""sections":{"deleted":[],"inserted":[{"index":1,"id":"wrap"}]"#) == true)
        #expect(server.session.value(of: "gift") == true)
    }

    @Test func clearReportsTheRowsThatVanishWithTheirIDs() throws {
        let server = try Self.server()
        _ = server.handle(Self.request("field.set", params: #"{"id":"name","value":"Ada"}"#))
        let lines = server.handle(Self.request("field.clear", id: "2", params: #"{"id":"name"}"#))
        #expect(lines.count == 2)
        #expect(lines.last?.contains(#""values":[{"field":"name","from":"Ada","to":null}]"#) == true)
        #expect(server.session.value(of: "name") == .null)
        // A row that vanishes is named by the field it showed, in old coordinates.
        let seed = FormServer(session: try Fixtures.session("seed.yaml"))
        _ = seed.handle(Self.request("field.set", params: #"{"id":"firstName","value":"Ada"}"#))
        let cleared = seed.handle(Self.request("field.clear", id: "2", params: #"{"id":"firstName"}"#))
        #expect(cleared.last?.contains(#""rows":{"deleted":[{"section":0,"row":1,"id":"lastName"}]"#) == true)
        _ = seed.handle(Self.request("field.set", id: "3", params: #"{"id":"additional","value":true}"#))
        let hidden = seed.handle(Self.request("field.clear", id: "4", params: #"{"id":"additional"}"#))
        #expect(hidden.last?.contains(#""sections":{"deleted":[1],"inserted":[]"#) == true)
    }

    @Test func undoAndRedoReportTheirChanges() throws {
        let server = try Self.server()
        _ = server.handle(Self.request("field.set", params: #"{"id":"name","value":"Ada"}"#))
        let undo = server.handle(Self.request("session.undo", id: "2"))
        #expect(undo.count == 2)
        #expect(undo.last?.contains(#""values":[{"field":"name","from":"Ada","to":null}]"#) == true)
        #expect(server.session.value(of: "name") == .null)
        let redo = server.handle(Self.request("session.redo", id: "3"))
        #expect(redo.last?.contains(#""values":[{"field":"name","from":null,"to":"Ada"}]"#) == true)
        #expect(server.session.value(of: "name") == "Ada")
    }

    @Test func loadSetsEveryValueAsOneUndoStep() throws {
        let server = try Self.server()
        let lines = server.handle(
            Self.request("session.load", params: #"{"values":{"name":"Ada","qty":2,"gift":true,"paper":"gold"}}"#))
        #expect(lines.count == 2)
        #expect(
            server.handle(Self.request("form.answers", id: "2")) == [
                #"{"jsonrpc":"2.0","id":2,"result":{"name":"Ada","qty":2,"total":20,"gift":true,"paper":"gold"}}"#
            ])
        _ = server.handle(Self.request("session.undo", id: "3"))
        #expect(
            server.handle(Self.request("form.answers", id: "4")) == [
                #"{"jsonrpc":"2.0","id":4,"result":{"gift":false}}"#
            ])
    }

    @Test func validateShowsEveryErrorFromNowOn() throws {
        let server = try Self.server()
        let lines = server.handle(Self.request("form.validate"))
        // The name row now shows its error: the rows changed, so a notification comes first.
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix(#"{"jsonrpc":"2.0","method":"form.changed""#) == true)
        #expect(
            lines.last
                == #"{"jsonrpc":"2.0","id":1,"result":{"valid":false,"errors":[{"field":"name","rule":"required","#
                + #""message":"is required"}]}}"#)
        _ = server.handle(Self.request("field.set", params: #"{"id":"name","text":"Ada"}"#))
        #expect(
            server.handle(Self.request("form.validate", id: "2")) == [
                #"{"jsonrpc":"2.0","id":2,"result":{"valid":true,"errors":[]}}"#
            ])
    }

    @Test func submitGivesTheAnswersSecureOnesIncluded() throws {
        let server = try Self.server()
        _ = server.handle(Self.request("session.load", params: #"{"values":{"name":"Ada","pin":"1234"}}"#))
        #expect(
            server.handle(Self.request("form.submit", id: "2")) == [
                #"{"jsonrpc":"2.0","id":2,"result":{"answers":{"name":"Ada","pin":"1234","gift":false},"#
                    + #""attachments":[]}}"#
            ])
    }

    /// A secure value is masked wherever it is shown: snapshots and changes.
    @Test func secureValuesAreMaskedInSnapshotsAndChanges() throws {
        let server = try Self.server()
        let set = server.handle(Self.request("field.set", params: #"{"id":"pin","text":"1234"}"#))
        #expect(set.allSatisfy { !$0.contains("1234") })
        #expect(set.last?.contains(#""values":[{"field":"pin","from":null,"to":"•••"}]"#) == true)
        let snapshot = try #require(server.handle(Self.request("form.snapshot", id: "2")).first)
        #expect(!snapshot.contains("1234"))
        #expect(snapshot.contains(#"{"id":"pin","kind":"secure","label":"PIN","value":"•••","display":"•••""#))
    }

    @Test func aHiddenFieldKeepsAValueThatShowsWhenItDoes() throws {
        let server = try Self.server()
        // Nothing shown changes: no notification, and empty changes.
        #expect(
            server.handle(Self.request("field.set", params: #"{"id":"paper","value":"gold"}"#)) == [
                #"{"jsonrpc":"2.0","id":1,"result":{"changes":{"sections":{"deleted":[],"inserted":[],"moved":[],"#
                    + #""updated":[]},"rows":{"deleted":[],"inserted":[],"moved":[],"updated":[]}},"values":[],"#
                    + #""errors":[{"field":"name","rule":"required","message":"is required"}]}}"#
            ])
        let shown = try #require(
            server.handle(Self.request("field.set", id: "2", params: #"{"id":"gift","value":true}"#)).last)
        #expect(shown.contains(#"{"field":"paper","from":null,"to":"gold"}"#))
    }

    /// `form.snapshot` reads the data source after the last reload: the same sections,
    /// the same rows in the same order, with what each row shows.
    @Test func theSnapshotListsWhatTheDataSourceShows() throws {
        let server = try Self.server()
        for request in [
            Self.request("field.set", params: #"{"id":"qty","text":"4"}"#),
            Self.request("field.set", params: #"{"id":"gift","value":true}"#),
            Self.request("field.set", params: #"{"id":"pin","text":"s3cret"}"#),
            Self.request("field.set", params: #"{"id":"paper","text":"Gold"}"#),
        ] {
            _ = server.handle(request)
            let snapshot = try Self.object(try #require(server.handle(Self.request("form.snapshot", id: "9")).first))
            let result = try #require(snapshot["result"] as? [String: Any])
            let sections = try #require(result["sections"] as? [[String: Any]])
            let dataSource = server.session.dataSource
            #expect(sections.count == dataSource.numberOfSections)
            for (index, section) in sections.enumerated() {
                #expect(section["id"] as? String == dataSource.section(at: index)?.identifier)
                #expect(section["header"] as? String == dataSource.header(inSection: index).title)
                let rows = try #require(section["rows"] as? [[String: Any]])
                #expect(rows.count == dataSource.numberOfRows(inSection: index))
                for (position, row) in rows.enumerated() {
                    let item = try #require(
                        dataSource.row(at: IndexPath(row: position, section: index))?.item(as: FieldRow.self))
                    let field = server.session.definition.fields[item.index]
                    #expect(row["id"] as? String == item.id)
                    #expect(row["kind"] as? String == field.kindName)
                    #expect(row["label"] as? String == field.label)
                    #expect(row["display"] as? String == item.displayValue)
                    #expect(row["required"] as? Bool == item.isRequired)
                    let value = JSONText.encode(FormSession.presented(item.value, of: field))
                    #expect(
                        try JSONSerialization.data(withJSONObject: row["value"] ?? NSNull(), options: .fragmentsAllowed)
                            == Data(value.utf8))
                }
            }
        }
        #expect(server.session.dataSource.numberOfSections == 2)
    }

    // MARK: Errors

    @Test func aLineThatIsNotJSONIsAParseError() throws {
        let server = try Self.server()
        #expect(
            server.handle(#"{"jsonrpc":"2.0","id":13,"#) == [
                Self.error(
                    id: "null", code: -32700, "Parse error: invalid JSON: expected a string key, found end of file",
                    data: #"{"column":26}"#)
            ])
        #expect(server.handle("   ").isEmpty)
        #expect(server.handle("").isEmpty)
    }

    @Test func invalidRequests() throws {
        let server = try Self.server()
        let jsonrpc = #"Invalid Request: \"jsonrpc\" must be \"2.0\""#
        #expect(server.handle(#"{"id":1,"method":"form.answers"}"#) == [Self.error(code: -32600, jsonrpc)])
        #expect(
            server.handle(#"{"jsonrpc":"1.0","id":1,"method":"form.answers"}"#) == [Self.error(code: -32600, jsonrpc)])
        #expect(
            server.handle(#"{"jsonrpc":2.0,"id":1,"method":"form.answers"}"#) == [Self.error(code: -32600, jsonrpc)])
        let id = #"Invalid Request: \"id\" must be a string, a number or null"#
        for bad in ["true", "{}", "[1]"] {
            #expect(server.handle(Self.request("form.answers", id: bad)) == [Self.error(id: "null", code: -32600, id)])
        }
        let method = #"Invalid Request: \"method\" must be a string"#
        #expect(server.handle(#"{"jsonrpc":"2.0","id":1,"method":42}"#) == [Self.error(code: -32600, method)])
        #expect(server.handle(#"{"jsonrpc":"2.0","id":1}"#) == [Self.error(code: -32600, method)])
        let params = #"Invalid Request: \"params\" must be an object"#
        for bad in [#""x""#, "3", "null", "true"] {
            #expect(server.handle(Self.request("form.answers", params: bad)) == [Self.error(code: -32600, params)])
        }
        #expect(server.handle("42") == [Self.error(id: "null", code: -32600, "Invalid Request: expected an object")])
        #expect(server.handle("[]") == [Self.error(id: "null", code: -32600, "Invalid Request: empty batch")])
    }

    @Test func idsAreEchoedAsSent() throws {
        let server = try Self.server()
        for id in [#""abc""#, #""7""#, "12345678901234567890", "1.50", "-3", "null"] {
            #expect(
                server.handle(Self.request("form.answers", id: id)) == [
                    #"{"jsonrpc":"2.0","id":\#(id),"result":{"gift":false}}"#
                ])
        }
    }

    @Test func anUnknownMethodSuggestsTheClosest() throws {
        let server = try Self.server()
        #expect(
            server.handle(Self.request("form.snapshto")) == [
                Self.error(
                    code: -32601, "Method not found: form.snapshto",
                    data: #"{"method":"form.snapshto","suggestion":"form.snapshot"}"#)
            ])
        #expect(
            server.handle(Self.request("launch")) == [
                Self.error(code: -32601, "Method not found: launch", data: #"{"method":"launch"}"#)
            ])
    }

    @Test func invalidParams() throws {
        let server = try Self.server()
        #expect(
            server.handle(Self.request("field.set", params: #"{"value":1}"#)) == [
                Self.error(code: -32602, #"Invalid params: missing \"id\""#, data: #"{"parameter":"id"}"#)
            ])
        #expect(
            server.handle(Self.request("field.clear", params: #"{"id":5}"#)) == [
                Self.error(
                    code: -32602, #"Invalid params: \"id\" must be a string, not a number"#,
                    data: #"{"parameter":"id","expected":"string"}"#)
            ])
        #expect(
            server.handle(Self.request("field.set", params: #"{"id":"name","text":["Ada"]}"#)) == [
                Self.error(
                    code: -32602, #"Invalid params: \"text\" must be a string, not a list"#,
                    data: #"{"parameter":"text","expected":"string"}"#)
            ])
        #expect(
            server.handle(Self.request("field.set", params: #"{"id":"name"}"#)) == [
                Self.error(
                    code: -32602, #"Invalid params: give \"value\" (typed) or \"text\" (as typed by a person)"#,
                    data: #"{"parameter":"value"}"#)
            ])
        let values = Self.error(
            code: -32602, #"Invalid params: \"values\" must be an object of field ids to values"#,
            data: #"{"parameter":"values","expected":"object"}"#)
        #expect(server.handle(Self.request("session.load")) == [values])
        #expect(server.handle(Self.request("session.load", params: #"{"values":[1]}"#)) == [values])
    }

    @Test func anUnknownFieldGivesSuggestionsAsData() throws {
        let server = try Self.server()
        #expect(
            server.handle(Self.request("field.set", params: #"{"id":"nme","value":"Ada"}"#)) == [
                Self.error(code: -32002, "no field 'nme'", data: #"{"field":"nme","suggestions":["name"]}"#)
            ])
        #expect(
            server.handle(Self.request("field.clear", params: #"{"id":"zzzzzz"}"#)) == [
                Self.error(code: -32002, "no field 'zzzzzz'", data: #"{"field":"zzzzzz","suggestions":[]}"#)
            ])
    }

    @Test func aRejectedValueNamesTheRuleAndChangesNothing() throws {
        let server = try Self.server()
        #expect(
            server.handle(Self.request("field.set", params: #"{"id":"qty","value":0}"#)) == [
                Self.error(
                    code: -32001, "qty must be at least 1",
                    data: #"{"field":"qty","rule":"min","message":"must be at least 1"}"#)
            ])
        #expect(
            server.handle(Self.request("field.set", params: #"{"id":"qty","text":"lots"}"#)) == [
                Self.error(
                    code: -32001, "qty 'lots' is not a number",
                    data: #"{"field":"qty","rule":"type","message":"'lots' is not a number"}"#)
            ])
        #expect(
            server.handle(Self.request("field.set", params: #"{"id":"paper","value":"blue"}"#)) == [
                Self.error(
                    code: -32001, "paper 'blue' is not an option (choose 'red' or 'gold')",
                    data:
                        #"{"field":"paper","rule":"options","#
                        + #""message":"'blue' is not an option (choose 'red' or 'gold')"}"#
                )
            ])
        #expect(
            server.handle(Self.request("field.set", params: #"{"id":"total","value":3}"#)) == [
                Self.error(
                    code: -32001, "total is read-only (computed)",
                    data: #"{"field":"total","rule":"readOnly","message":"is read-only (computed)"}"#)
            ])
        #expect(server.session.answers().map(\.id) == ["gift"])
    }

    @Test func nothingToUndoOrRedo() throws {
        let server = try Self.server()
        #expect(server.handle(Self.request("session.undo")) == [Self.error(code: -32003, "nothing to undo")])
        #expect(server.handle(Self.request("session.redo")) == [Self.error(code: -32003, "nothing to redo")])
    }

    @Test func aFailedSubmitListsTheProblems() throws {
        let server = try Self.server()
        let lines = server.handle(Self.request("form.submit"))
        #expect(lines.count == 2)  // the errors now shown: a notification first
        #expect(
            lines.last
                == Self.error(
                    code: -32004, "1 problem to fix before submitting",
                    data: #"{"errors":[{"field":"name","rule":"required","message":"is required"}]}"#))
    }

    @Test func valuesThatDoNotLoadChangeNothing() throws {
        let server = try Self.server()
        #expect(
            server.handle(
                Self.request("session.load", params: #"{"values":{"name":"Ada","nme":"Ada","qty":"lots","total":3}}"#))
                == [
                    Self.error(
                        code: -32005, "the values were not loaded",
                        data: #"{"problems":[{"message":"the form has no field 'nme'","hint":"did you mean 'name'?"},"#
                            + #"{"message":"invalid value for 'qty': 'lots' is not a number"},"#
                            + #"{"message":"invalid value for 'total': is read-only (computed)"}]}"#)
                ])
        #expect(server.session.value(of: "name") == .null)
    }

    @Test func afterAnErrorTheServerGoesOn() throws {
        let server = try Self.server()
        _ = server.handle("not json")
        _ = server.handle(Self.request("nope"))
        _ = server.handle(Self.request("field.set", params: #"{"id":"qty","value":99}"#))
        #expect(server.handle(Self.request("form.answers")) == [#"{"jsonrpc":"2.0","id":1,"result":{"gift":false}}"#])
    }

    // MARK: Batches and notifications

    @Test func aBatchAnswersWithOneArrayAfterTheNotifications() throws {
        let server = try Self.server()
        let lines = server.handle(
            "[" + Self.request("field.set", id: "1", params: #"{"id":"gift","value":true}"#) + ","
                + Self.request("form.answers", id: nil) + ",1,"
                + Self.request("form.answers", id: #""b""#) + "]")
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix(#"{"jsonrpc":"2.0","method":"form.changed","params":{"#) == true)
        #expect(lines[1].hasPrefix(#"[{"jsonrpc":"2.0","id":1,"result":{"changes":"#))
        #expect(
            lines[1].hasSuffix(
                #",{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"#
                    + #""message":"Invalid Request: expected an object"}},"#
                    + #"{"jsonrpc":"2.0","id":"b","result":{"gift":true}}]"#))
    }

    @Test func aBatchOfNotificationsGetsNoResponse() throws {
        let server = try Self.server()
        let lines = server.handle(
            "[" + Self.request("field.set", id: nil, params: #"{"id":"qty","value":2}"#) + ","
                + Self.request("form.answers", id: nil) + "]")
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix(#"{"jsonrpc":"2.0","method":"form.changed""#) == true)
        #expect(server.session.value(of: "qty") == 2)
    }

    @Test func notificationsChangeTheFormButGetNoResponse() throws {
        let server = try Self.server()
        let lines = server.handle(Self.request("field.set", id: nil, params: #"{"id":"name","value":"Ada"}"#))
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix(#"{"jsonrpc":"2.0","method":"form.changed""#) == true)
        #expect(server.session.value(of: "name") == "Ada")
        // Nor does a notification that fails.
        #expect(server.handle(Self.request("nope", id: nil)).isEmpty)
        #expect(server.handle(Self.request("field.set", id: nil, params: #"{"id":"qty","value":0}"#)).isEmpty)
        #expect(server.handle(Self.request("session.redo", id: nil)).isEmpty)
    }

    // MARK: Found by the tests that mirror the sources

    /// A row's `error` in a snapshot is the one its row shows (after a change or a
    /// validate), not every current error: it used to list `name`'s `required` on a
    /// fresh form, which the data source did not show.
    @Test func aSnapshotRowShowsTheErrorItsRowShows() throws {
        let server = try Self.server()
        let fresh = try Self.object(try #require(server.handle(Self.request("form.snapshot")).last))
        let result = try #require(fresh["result"] as? [String: Any])
        let rows = try #require((result["sections"] as? [[String: Any]])?.first?["rows"] as? [[String: Any]])
        #expect(rows.first?["error"] is NSNull)
        #expect((result["errors"] as? [Any])?.count == 1)  // every current error is still listed
        _ = server.handle(Self.request("form.validate"))
        let validated = try Self.object(try #require(server.handle(Self.request("form.snapshot")).last))
        let shown =
            ((validated["result"] as? [String: Any])?["sections"] as? [[String: Any]])?.first?["rows"]
            as? [[String: Any]]
        #expect((shown?.first?["error"] as? [String: Any])?["rule"] as? String == "required")
    }

    /// An invalid request gets an error even as a notification (JSON-RPC 2.0, 5.1).
    @Test func anInvalidNotificationIsAnsweredWithANullID() throws {
        let server = try Self.server()
        #expect(
            server.handle(Self.request("form.answers", id: nil, params: #""x""#))
                == [Self.error(id: "null", code: -32600, #"Invalid Request: \"params\" must be an object"#)])
    }
}

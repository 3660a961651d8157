import Foundation
import Testing

@testable import Formwork

/// The JSON-RPC methods for entries, and how `form.describe` and `form.snapshot`
/// show repeats.
@Suite("JSON-RPC server: entries")
struct FormServerEntryTests {
    static func server() throws -> FormServer {
        try FormServerTests.server(RepeatSessionTests.flat)
    }

    /// The one line a call answers with (its notification, if any, left out).
    static func call(_ server: FormServer, _ method: String, _ params: String? = nil) -> String {
        server.handle(FormServerTests.request(method, id: "1", params: params)).last ?? ""
    }

    @Test func entriesAreAddedMovedAndRemoved() throws {
        let server = try Self.server()
        let added = Self.call(server, "entry.add", #"{"group":"items"}"#)
        #expect(added.hasPrefix(#"{"jsonrpc":"2.0","id":1,"result":{"entry":"items[1]","changes":{"sections":"#))
        #expect(added.contains(#""inserted":[{"index":1,"id":"items#1"}]"#))
        _ = Self.call(server, "entry.add", #"{"group":"items","position":1}"#)
        _ = Self.call(server, "field.set", #"{"id":"items[1].qty","value":3}"#)
        let moved = Self.call(server, "entry.move", #"{"entry":"items[1]","position":2}"#)
        #expect(moved.contains(#""moved":[{"from":2,"to":1}]"#), "\(moved)")  // one move: the other entry
        #expect(server.session.value(of: "items[2].qty") == 3)
        let removed = Self.call(server, "entry.remove", #"{"entry":"items[2]"}"#)
        #expect(removed.contains(#""deleted":[2]"#), "\(removed)")
        #expect(Self.call(server, "form.answers") == #"{"jsonrpc":"2.0","id":1,"result":{"items":[{}],"total":0}}"#)
    }

    @Test func refusalsAreErrorsWithTheirReason() throws {
        let server = try Self.server()
        #expect(
            Self.call(server, "entry.remove", #"{"entry":"items[1]"}"#)
                == #"{"jsonrpc":"2.0","id":1,"error":{"code":-32006,"#
                + #""message":"there is no items[1]: the repeat has no "#
                + #"entries yet"}}"#)
        #expect(
            Self.call(server, "entry.add", #"{"group":"title"}"#)
                == #"{"jsonrpc":"2.0","id":1,"error":{"code":-32006,"message":"title is not a repeat (entries are "#
                + #"added to a repeat, like members or members[1].visits)"}}"#)
        #expect(
            Self.call(server, "entry.move", #"{"entry":"items[1]","position":"first"}"#)
                == #"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Invalid params: \"position\" must be a "#
                + #"whole number from 1, not a string","data":{"parameter":"position","expected":"integer"}}}"#)
        #expect(
            Self.call(server, "field.set", #"{"id":"qty","value":1}"#)
                == #"{"jsonrpc":"2.0","id":1,"error":{"code":-32002,"message":"qty is in each entry of a repeat: name "#
                + #"the entry, as in items[1].qty","data":{"field":"qty","example":"items[1].qty"}}}"#)
    }

    @Test func describeAndSnapshotShowRepeats() throws {
        let server = try Self.server()
        let described = Self.call(server, "form.describe")
        #expect(
            described.contains(
                #"{"id":"items","kind":"repeat","label":"Item","#
                    + #""repeat":{"min":0,"max":20,"start":0,"addLabel":"Add to Item"},"#
                    + #""fields":[{"id":"qty","kind":"number""#), "\(described)")
        _ = Self.call(server, "entry.add", #"{"group":"items"}"#)
        let snapshot = Self.call(server, "form.snapshot")
        #expect(
            snapshot.contains(#"{"id":"items#1","header":"Item #1","entry":"items[1]","rows":[{"id":"items[1].qty""#))
        #expect(
            snapshot.contains(
                #"{"id":"items","kind":"add","label":"Add to Item","display":"1 of at most 20","enabled":true}"#))
    }
}

import FormworkTesting
import Foundation
import Testing

/// `formwork serve`, driven by a client in another language (Python, standard library
/// only) through whole fills of three forms (one with nested repeats), bad requests included.
@Suite("formwork serve, from Python")
struct RPCClientTests {
    @Test func pythonClientFillsThreeForms() throws {
        let package = CommandLineTests.package
        let result = try CommandRunner.run(
            executable: URL(fileURLWithPath: "/usr/bin/env"),
            [
                "python3", package.appendingPathComponent("Tests/formworkTests/rpc_client.py").path,
                CommandRunner.productsDirectory.appendingPathComponent("formwork").path,
                package.appendingPathComponent("Forms").path,
            ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "ok: three forms filled over JSON-RPC\n")
    }

    @Test func onlyProtocolMessagesOnStandardOutput() throws {
        let result = try CommandRunner.run(
            "formwork", ["serve", "Forms/seed.yaml"],
            input: "nonsense\n{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"form.answers\"}\n",
            directory: CommandLineTests.package)
        #expect(result.status == 0)
        #expect(
            result.standardOutput == """
                {"jsonrpc":"2.0","id":null,"error":{"code":-32700,\
                "message":"Parse error: invalid JSON: expected a value, found 'nonsense'","data":{"column":1}}}
                {"jsonrpc":"2.0","id":1,"result":{"additional":false}}

                """)
        let broken = try CommandRunner.run(
            "formwork", ["serve", "Tests/FormworkTests/Fixtures/broken/21-cycle.yaml"],
            directory: CommandLineTests.package)
        #expect(broken.status == 2)
        #expect(broken.standardOutput.isEmpty)
        #expect(broken.standardError.contains("circular dependency"))
    }

    /// Before the line limit a 200 MB `field.set` line was read whole (78 s, 1 GB).
    /// Now a line over 8 MiB is skimmed to its end, answered with an error, and the
    /// engine goes on serving.
    @Test func anOversizedLineIsRefusedAndServingGoesOn() throws {
        var input = Data(#"{"jsonrpc":"2.0","id":1,"method":"field.set","params":{"id":"firstName","text":""#.utf8)
        input.append(Data(repeating: UInt8(ascii: "x"), count: 9 * 1024 * 1024))
        input.append(Data(#""}}"#.utf8))
        input.append(Data("\n".utf8))
        input.append(
            Data(#"{"jsonrpc":"2.0","id":2,"method":"field.set","params":{"id":"firstName","text":"Ada"}}"#.utf8))
        input.append(Data("\n".utf8))
        let result = try CommandRunner.run(
            "formwork", ["serve", "Forms/seed.yaml"], bytes: input, directory: CommandLineTests.package,
            timeout: .seconds(30))
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(
            lines.first?.hasPrefix(
                #"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: the line is 9437267 "#
                    + #"bytes; requests are limited to 8388608 bytes""#
            ) == true, "\(lines.first ?? "")")
        #expect(lines.last?.hasPrefix(#"{"jsonrpc":"2.0","id":2,"result":"#) == true)
    }
}

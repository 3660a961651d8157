import Foundation
import FormworkTesting
import Testing

/// `formwork serve`, driven by a client in another language (Python, standard library
/// only) through whole fills of two forms, bad requests included.
@Suite("formwork serve, from Python")
struct RPCClientTests {
    @Test func pythonClientFillsTwoForms() throws {
        let package = CommandLineTests.package
        let result = try CommandRunner.run(
            executable: URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", package.appendingPathComponent("Tests/formworkTests/rpc_client.py").path,
             CommandRunner.productsDirectory.appendingPathComponent("formwork").path,
             package.appendingPathComponent("Forms").path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "ok: two forms filled over JSON-RPC\n")
    }

    @Test func onlyProtocolMessagesOnStandardOutput() throws {
        let result = try CommandRunner.run("formwork", ["serve", "Forms/seed.yaml"],
                                           input: "nonsense\n{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"form.answers\"}\n",
                                           directory: CommandLineTests.package)
        #expect(result.status == 0)
        #expect(result.standardOutput == """
            {"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error: invalid JSON: expected a value, found 'nonsense'","data":{"column":1}}}
            {"jsonrpc":"2.0","id":1,"result":{"additional":false}}

            """)
        let broken = try CommandRunner.run("formwork", ["serve", "Tests/FormworkTests/Fixtures/broken/21-cycle.yaml"],
                                           directory: CommandLineTests.package)
        #expect(broken.status == 2)
        #expect(broken.standardOutput.isEmpty)
        #expect(broken.standardError.contains("circular dependency"))
    }
}

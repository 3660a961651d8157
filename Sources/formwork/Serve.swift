import ArgumentParser
import Formwork
import Foundation

struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Serve a form to another program: JSON-RPC 2.0, one JSON object per line, over standard input and output.",
        discussion: """
            Methods:
            \(Serve.methods)

            Mutating calls answer with the changes and the current errors, and send a
            form.changed notification first. Only protocol messages are written to
            standard output; diagnostics go to standard error. Ends at end of input.
            A request line may be up to 8 MiB; a longer one is skipped (never held in
            memory) and answered with an Invalid Request error.

            Example:
              echo '{"jsonrpc":"2.0","id":1,"method":"form.snapshot"}' | formwork serve Forms/seed.yaml
            """)

    @OptionGroup var source: FormArguments

    /// The method table's help, indented under "Methods:".
    static var methods: String {
        FormServer.methodHelp.map { "  " + $0.replacingOccurrences(of: "\n", with: "\n  ") }.joined(separator: "\n")
    }

    func run() throws {
        let session = try source.session(failing: 2)
        let definition = session.definition
        let server = FormServer(session: session, formats: FormArguments.formats)
        let output = FileHandle.standardOutput
        var reader = RequestLineReader(maximumLength: definition.limits.maximumRequestLength) { buffer in
            while true {
                let count = read(STDIN_FILENO, buffer.baseAddress, buffer.count)
                if count >= 0 || errno != EINTR { return count }
            }
        }
        while let line = reader.next() {
            let messages: [String]
            switch line {
            case .text(let text): messages = server.handle(text)
            case .tooLong(let bytes): messages = [server.oversizedRequest(bytes: bytes)]
            }
            for message in messages { output.write(Data((message + "\n").utf8)) }
        }
    }
}

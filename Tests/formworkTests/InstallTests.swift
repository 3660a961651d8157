import FormworkTesting
import Foundation
import Testing

/// `make install` and `make uninstall`, into a temporary DESTDIR.
///
/// A release build takes minutes, and inside `swift test` no build can run at all (SwiftPM
/// holds its lock on .build until the tests end), so this installs the debug build that
/// `make test` stages before the tests start (`CONFIGURATION=debug NO_BUILD=1`). Only the
/// build differs from what users get; the paths, the man page (generated from the debug
/// build in either case) and the completions are the same. Run alone, after changing a
/// source: `make stage CONFIGURATION=debug && swift test --filter InstallTests`.
@Suite("make install")
struct InstallTests {
    /// Everything `make install` puts under DESTDIR with PREFIX=/usr.
    static let installed = [
        "usr/bin/formwork",
        "usr/share/bash-completion/completions/formwork",
        "usr/share/fish/vendor_completions.d/formwork.fish",
        "usr/share/man/man1/formwork.1",
        "usr/share/zsh/site-functions/_formwork",
    ]

    static let subcommands = ["fill", "check", "eval", "show", "serve", "schema", "answers-schema"]

    func make(_ target: String, destdir: URL) throws -> CommandRunner.Result {
        // MAKEFLAGS from an outer `make test` (its variables, its jobserver) must not reach this make.
        try CommandRunner.run(
            executable: URL(fileURLWithPath: "/usr/bin/env"),
            [
                "make", "--no-print-directory", target, "CONFIGURATION=debug", "NO_BUILD=1", "DESTDIR=\(destdir.path)",
                "PREFIX=/usr",
            ],
            directory: CommandLineTests.package, environment: ["MAKEFLAGS": "", "MFLAGS": ""], timeout: .seconds(120))
    }

    /// The paths of everything but directories under `directory`, sorted.
    func files(under directory: URL) throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: directory.path).filter { path in
            var isDirectory: ObjCBool = false
            return
                !(FileManager.default.fileExists(
                    atPath: directory.appendingPathComponent(path).path, isDirectory: &isDirectory)
                && isDirectory.boolValue)
        }.sorted()
    }

    @Test func installAndUninstallUnderDestdir() throws {
        let destdir = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-install-\(UUID())")
        try FileManager.default.createDirectory(at: destdir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: destdir) }

        let install = try make("install", destdir: destdir)
        try #require(install.status == 0, "make install failed:\n\(install.standardOutput)\(install.standardError)")
        #expect(try files(under: destdir) == Self.installed)

        // The installed binary runs on its own, from where it was installed.
        let binary = destdir.appendingPathComponent("usr/bin/formwork")
        #expect(FileManager.default.isExecutableFile(atPath: binary.path))
        let version = try CommandRunner.run(executable: binary, ["--version"])
        #expect(version.status == 0 && version.standardOutput == "0.1.0\n", "\(version.standardError)")
        let check = try CommandRunner.run(
            executable: binary, ["check", "Forms/seed.yaml"], directory: CommandLineTests.package)
        #expect(check.status == 0, "\(check.standardError)")
        #expect(check.standardOutput == "Forms/seed.yaml: ok (5 fields in 2 sections)\n")

        // Each completion script is the one the installed binary prints for its shell, is
        // for that shell (the line that registers it), and completes every subcommand.
        for (shell, path, registration) in [
            ("bash", "usr/share/bash-completion/completions/formwork", "complete -o filenames -F _formwork formwork"),
            ("zsh", "usr/share/zsh/site-functions/_formwork", "#compdef formwork"),
            ("fish", "usr/share/fish/vendor_completions.d/formwork.fish", "complete -c 'formwork' -f"),
        ] {
            let script = try String(contentsOf: destdir.appendingPathComponent(path), encoding: .utf8)
            let printed = try CommandRunner.run(executable: binary, ["--generate-completion-script", shell])
            #expect(printed.status == 0)
            #expect(script == printed.standardOutput, "\(path) is not what formwork prints for \(shell)")
            #expect(
                script.split(separator: "\n").contains { $0 == registration }, "\(path) has no line \(registration)")
            for subcommand in Self.subcommands {
                #expect(script.contains(subcommand), "\(path) does not complete \(subcommand)")
            }
        }

        // The man page: mdoc from swift-argument-parser's generate-manual, one page for
        // formwork and its subcommands.
        let manual = try String(
            contentsOf: destdir.appendingPathComponent("usr/share/man/man1/formwork.1"), encoding: .utf8)
        let macros = manual.split(separator: "\n").filter { !$0.hasPrefix(".\\\"") }.prefix(3).map {
            $0.split(separator: " ").first ?? ""
        }
        #expect(
            macros == [".Dd", ".Dt", ".Os"] || macros.first == ".TH",
            "not a man page: \(manual.prefix(200).debugDescription)")
        #expect(manual.contains(".Dt FORMWORK 1"))
        #expect(!manual.contains("\n\n"), "a blank line, which mdoc warns about on every reading")
        #expect(manual.contains(".Nm formwork"))
        for subcommand in Self.subcommands {
            #expect(manual.contains(".It Em \(subcommand)\n"), "the man page has no \(subcommand)")
        }
        // Rendered, where man is installed: no error, and the page's name.
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/man") {
            let rendered = try CommandRunner.run(
                executable: URL(fileURLWithPath: "/usr/bin/man"),
                ["-l", destdir.appendingPathComponent("usr/share/man/man1/formwork.1").path],
                environment: ["MANPAGER": "cat", "PAGER": "cat", "MANWIDTH": "80"])
            #expect(rendered.status == 0, "\(rendered.standardError)")
            #expect(!rendered.standardError.contains("warning"), "\(rendered.standardError)")
            #expect(rendered.standardOutput.hasPrefix("FORMWORK(1)"), "\(rendered.standardOutput.prefix(300))")
            #expect(rendered.standardOutput.contains("Declarative forms for the terminal"))
        }

        // make uninstall takes away every file make install put there, and nothing else.
        let bystander = destdir.appendingPathComponent("usr/share/man/man1/other.1")
        try ".TH OTHER 1\n".write(to: bystander, atomically: true, encoding: .utf8)
        let uninstall = try make("uninstall", destdir: destdir)
        #expect(uninstall.status == 0, "make uninstall failed:\n\(uninstall.standardOutput)\(uninstall.standardError)")
        #expect(try files(under: destdir) == ["usr/share/man/man1/other.1"])
        let again = try make("uninstall", destdir: destdir)
        #expect(again.status == 0, "a second make uninstall failed: \(again.standardError)")
    }
}

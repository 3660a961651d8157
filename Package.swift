// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "Formwork",
    products: [
        .library(name: "FormworkCore", targets: ["FormworkCore"]),
        .library(name: "Formwork", targets: ["Formwork"]),
        .library(name: "FormworkREPL", targets: ["FormworkREPL"]),
        .library(name: "FormworkBuilder", targets: ["FormworkBuilder"]),
        .library(name: "FormworkODK", targets: ["FormworkODK"]),
        .library(name: "FormworkSurveyJS", targets: ["FormworkSurveyJS"]),
        .library(name: "FormworkFormats", targets: ["FormworkFormats"]),
        .executable(name: "formwork", targets: ["formwork"]),
        .library(name: "FormworkTesting", targets: ["FormworkTesting"]),
        .executable(name: "formwork-core-demo", targets: ["FormworkCoreDemo"]),
        .executable(name: "formwork-prompt-demo", targets: ["FormworkPromptDemo"]),
        .executable(name: "formwork-bench", targets: ["FormworkBench"]),
        .executable(name: "formwork-fuzz", targets: ["FormworkFuzz"]),
    ],
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
    ],
    targets: [
        // The UI-free descriptor engine: descriptors, data sources, the diff. No I/O, no terminal.
        .target(name: "FormworkCore"),
        // The form model: definitions (YAML/JSON), the condition language, validation, sessions.
        .target(name: "Formwork", dependencies: ["FormworkCore", .product(name: "Yams", package: "Yams")]),
        // libedit, through a shim for its variadic calls. Only FormworkREPL's LineEditor imports it.
        .systemLibrary(name: "CEditLine", pkgConfig: "libedit", providers: [.apt(["libedit-dev"])]),
        // The line-edited REPL: readers, commands, the terminal table, guided filling.
        // libedit's key reader, so that Ctrl-C is never lost (C: signal handlers, ppoll).
        .target(name: "CKeyReader", dependencies: ["CEditLine"]),
        .target(name: "FormworkREPL", dependencies: ["Formwork", "CEditLine", "CKeyReader"]),
        // Forms written in Swift: a result-builder DSL whose product is the definition
        // a file gives (checked by the same loader, problems at the Swift call).
        .target(name: "FormworkBuilder", dependencies: ["Formwork"]),
        // ODK forms: XLSForm workbooks (.xlsx, read with ZIPFoundation and Foundation's
        // XML parser) and, later, XForms, imported as Formwork definitions.
        .target(
            name: "FormworkODK",
            dependencies: ["Formwork", .product(name: "ZIPFoundation", package: "ZIPFoundation")]),
        // SurveyJS surveys (JSON) imported as Formwork definitions; answers as SurveyJS data.
        .target(name: "FormworkSurveyJS", dependencies: ["Formwork"]),
        // Every format in one registry (`FormatRegistry.standard`): the list the tool,
        // its tests and embedders share. A new format is a module and a line here.
        .target(name: "FormworkFormats", dependencies: ["Formwork", "FormworkODK", "FormworkSurveyJS"]),
        // The command-line tool.
        .executableTarget(
            name: "formwork",
            dependencies: [
                "Formwork", "FormworkREPL", "FormworkODK", "FormworkSurveyJS", "FormworkFormats",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // Test support shared by the test targets and by embedders: a recording list view.
        .target(name: "FormworkTesting", dependencies: ["FormworkCore", "Formwork"]),
        // `swift run -c release formwork-bench`: every speed target, measured against its baseline.
        .executableTarget(
            name: "FormworkBench",
            dependencies: [
                "Formwork", "FormworkCore", "FormworkREPL", "FormworkODK", "FormworkSurveyJS", "FormworkTesting",
                .product(name: "Yams", package: "Yams"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]),
        // Fuzz targets: `make fuzz` builds them for libFuzzer (-DFUZZING); a normal build
        // replays the seeds and past findings (`formwork-fuzz TARGET FILE…`).
        .executableTarget(
            name: "FormworkFuzz", dependencies: ["Formwork", "FormworkREPL", "FormworkODK", "FormworkSurveyJS"]),
        // A small example of FormworkCore alone: the seed form through a transcript view.
        .executableTarget(name: "FormworkCoreDemo", dependencies: ["FormworkCore"]),
        // A command-line tool that asks what its options leave out through the prompt
        // (`FormPrompt`), written with products only, as an outside package would.
        .executableTarget(
            name: "FormworkPromptDemo",
            dependencies: [
                "Formwork", "FormworkREPL", "FormworkBuilder",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .testTarget(name: "FormworkCoreTests", dependencies: ["FormworkCore", "FormworkTesting"]),
        // Fixtures and helper scripts are read from the source tree (#filePath), not bundled.
        .testTarget(
            name: "FormworkTests", dependencies: ["Formwork", "FormworkTesting"],
            exclude: ["Fixtures", "validate_json_schema.py"]),
        .testTarget(name: "FormworkREPLTests", dependencies: ["FormworkREPL", "FormworkTesting"]),
        .testTarget(
            name: "FormworkODKTests",
            dependencies: [
                "Formwork", "FormworkODK", "FormworkTesting", .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ], exclude: ["Regressions"]),
        .testTarget(
            name: "FormworkSurveyJSTests",
            dependencies: ["Formwork", "FormworkSurveyJS", "FormworkREPL", "FormworkTesting"], exclude: ["Fixtures"]),
        // Written as an outside tool would: products only, no @testable. The README's
        // Embedding guide quotes its code.
        .testTarget(name: "EmbeddingTests", dependencies: ["FormworkCore", "Formwork", "FormworkTesting"]),
        // Forms in Swift, used as an outside tool would (products only).
        .testTarget(
            name: "FormworkBuilderTests", dependencies: ["Formwork", "FormworkBuilder", "FormworkTesting", "formwork"]),
        // The prompt-asking sample tool, run as a person and as a script would.
        .testTarget(name: "FormworkPromptDemoTests", dependencies: ["FormworkTesting", "FormworkPromptDemo"]),
        .testTarget(
            name: "formworkTests", dependencies: ["FormworkTesting", "formwork", "FormworkBench", "FormworkFuzz"],
            exclude: ["rpc_client.py", "Hostile"]),
    ],
    swiftLanguageModes: [.v6]
)

// Zero warnings: in the project's own Swift targets a warning is an error (a
// dependency's warnings are its own).
for target in package.targets where target.type != .system && target.name != "CKeyReader" {
    target.swiftSettings = (target.swiftSettings ?? []) + [.treatAllWarnings(as: .error)]
}

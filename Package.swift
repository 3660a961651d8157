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
        .library(name: "FormworkTesting", targets: ["FormworkTesting"]),
        .library(name: "FormworkScenarios", targets: ["FormworkScenarios"]),
        .executable(name: "formwork", targets: ["formwork"]),
        // The benchmark, the fuzz targets and the two demos are executable targets but no
        // products: another package does not get them. `swift run TARGET` runs each here, so
        // their targets have the executables' names (their folders keep the module names).
    ],
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        // The CSV files sent with an ODK form (select_one_from_file), read by FormworkODK.
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
        // The hashes of `digest()` and the Ed25519 signatures of `extract-signed()` (ODK's
        // functions, in the condition language): Foundation on Linux has no CryptoKit.
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        // `make docs`: the DocC catalogs (Sources/TARGET/Documentation.docc). No target uses it.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // The UI-free descriptor engine: cell and section descriptors, data sources (composite
        // ones too), the linear diff and its changeset, the ListView protocol. No I/O, no terminal.
        .target(name: "FormworkCore"),
        // The form model: definitions (YAML, JSON, or built by an importer), the condition
        // language, validation, sessions (values, repeats, undo, drafts' log), answer formats as
        // plug-ins (AnswerFormat, FormatRegistry), finished responses checked (ResponseValidator),
        // FormServer (JSON-RPC without I/O), the JSON Schemas.
        .target(
            name: "Formwork",
            dependencies: [
                "FormworkCore", .product(name: "Yams", package: "Yams"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]),
        // libedit, through a shim for its variadic calls. Only FormworkREPL's LineEditor imports it.
        .systemLibrary(name: "CEditLine", pkgConfig: "libedit", providers: [.apt(["libedit-dev"])]),
        // libedit's key reader, so that Ctrl-C is never lost (C: a self-pipe SIGINT handler, ppoll).
        .target(name: "CKeyReader", dependencies: ["CEditLine"]),
        // Filling forms at the prompt: ReplSession, the command table, line reading, the terminal
        // table, guided filling, paging, drafts and their locks; FormPrompt for any tool.
        .target(name: "FormworkREPL", dependencies: ["Formwork", "CEditLine", "CKeyReader"]),
        // Forms written in Swift: a result-builder DSL whose product is the definition
        // a file gives (checked by the same loader, problems at the Swift call).
        .target(name: "FormworkBuilder", dependencies: ["Formwork"]),
        // ODK forms: XLSForm workbooks (.xlsx, read with ZIPFoundation and Foundation's XML
        // parser; .xls, BIFF8 in a compound file, read here; the CSV files sent with them with
        // CSV.swift) and XForms imported as Formwork definitions (XPath translated); answers
        // written as ODK submissions, and read back to be validated (an AnswerFormat).
        .target(
            name: "FormworkODK",
            dependencies: [
                "Formwork", .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "CSV", package: "CSV.swift"),
            ]),
        // SurveyJS surveys (JSON) imported as Formwork definitions (survey-core's expressions
        // translated); answers written and read as SurveyJS's survey.data (an AnswerFormat).
        .target(name: "FormworkSurveyJS", dependencies: ["Formwork"]),
        // Every format in one registry (`FormatRegistry.standard`): the list the tool,
        // its tests and embedders share. A new format is a module and a line here.
        .target(name: "FormworkFormats", dependencies: ["Formwork", "FormworkODK", "FormworkSurveyJS"]),
        // Scenario tests of a form's logic (`formwork test`, and from Swift): test files of cases,
        // run on fresh sessions on every core, each failure with its reason; JUnit, TAP, JSON.
        .target(name: "FormworkScenarios", dependencies: ["Formwork", "FormworkFormats"]),
        // The command-line tool (swift-argument-parser): fill, check, eval, show, serve, convert,
        // validate, test, schema, answers-schema. Its help is also its man page (make stage).
        .executableTarget(
            name: "formwork",
            dependencies: [
                "Formwork", "FormworkREPL", "FormworkODK", "FormworkSurveyJS", "FormworkFormats", "FormworkScenarios",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                // The user's settings file (config.yaml).
                .product(name: "Yams", package: "Yams"),
            ]),
        // Test support shared by the test targets and by embedders: a recording list view and
        // cell, CommandRunner, PseudoTerminal, seeded, scripted and random fills, the
        // conformance report, a JSON-RPC replay.
        .target(name: "FormworkTesting", dependencies: ["FormworkCore", "Formwork"]),
        // `swift run -c release formwork-bench` (make bench): every speed and memory target,
        // measured against its baseline, in one table.
        .executableTarget(
            name: "formwork-bench",
            dependencies: [
                "Formwork", "FormworkCore", "FormworkREPL", "FormworkODK", "FormworkSurveyJS", "FormworkTesting",
                "FormworkScenarios", .product(name: "Yams", package: "Yams"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            path: "Sources/FormworkBench"),
        // Fuzz targets: `make fuzz` builds them for libFuzzer (-DFUZZING); a normal build
        // replays the seeds and past findings (`formwork-fuzz TARGET FILE…`).
        .executableTarget(
            name: "formwork-fuzz", dependencies: ["Formwork", "FormworkREPL", "FormworkODK", "FormworkSurveyJS"],
            path: "Sources/FormworkFuzz"),
        // A small example of FormworkCore alone: the seed form through a transcript view.
        .executableTarget(name: "formwork-core-demo", dependencies: ["FormworkCore"], path: "Sources/FormworkCoreDemo"),
        // A command-line tool that asks what its options leave out through the prompt
        // (`FormPrompt`), written with products only, as an outside package would.
        .executableTarget(
            name: "formwork-prompt-demo",
            dependencies: [
                "Formwork", "FormworkREPL", "FormworkBuilder",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/FormworkPromptDemo"),
        // The descriptor engine: descriptors, data sources, the diff (random changesets applied by
        // its documented rules), the CoreConcepts article's example.
        .testTarget(name: "FormworkCoreTests", dependencies: ["FormworkCore", "Formwork", "FormworkTesting"]),
        // The model: definitions and their diagnostics (a golden file per broken fixture), the
        // condition language (the conformance vectors), sessions, values, responses, the server,
        // the schemas. Fixtures and helper scripts are read from the source tree (#filePath), not bundled.
        .testTarget(
            name: "FormworkTests", dependencies: ["Formwork", "FormworkTesting"],
            exclude: ["Fixtures", "validate_json_schema.py"]),
        // The prompt without a terminal: every command and kind through ReplSession, the table,
        // paging, guided filling, drafts, FormPrompt.
        .testTarget(name: "FormworkREPLTests", dependencies: ["FormworkREPL", "FormworkTesting"], exclude: ["Golden"]),
        // The ODK import (workbook, XLSForm, XForm, XPath, submissions), the corpus and random
        // forms judged by JavaRosa where ../shared/oracles is; Regressions/ replays what they found;
        // the Testing forms guide's examples, run as written (its XLSForm built from its table);
        // Fixtures/XLS holds .xls workbooks and the script that writes them (with what xlrd reads).
        .testTarget(
            name: "FormworkODKTests",
            dependencies: [
                "Formwork", "FormworkODK", "FormworkTesting", "FormworkScenarios",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ], exclude: ["Regressions", "Fixtures"]),
        // The SurveyJS import (reader, translator, data), the corpus and random surveys judged
        // by survey-core where ../shared/oracles is; Fixtures/ holds surveys and regressions.
        .testTarget(
            name: "FormworkSurveyJSTests",
            dependencies: ["Formwork", "FormworkSurveyJS", "FormworkREPL", "FormworkTesting"], exclude: ["Fixtures"]),
        // Test files read and run: the case format, failures with their reasons, every format's
        // names and answers, the reports read back as tools read them.
        .testTarget(
            name: "FormworkScenariosTests", dependencies: ["Formwork", "FormworkFormats", "FormworkScenarios"]),
        // Written as an outside tool would: products only, no @testable. Formwork's
        // Embedding article quotes its code.
        .testTarget(name: "EmbeddingTests", dependencies: ["FormworkCore", "Formwork", "FormworkTesting"]),
        // Forms in Swift, used as an outside tool would (products only).
        .testTarget(
            name: "FormworkBuilderTests", dependencies: ["Formwork", "FormworkBuilder", "FormworkTesting", "formwork"]),
        // The prompt-asking sample tool, run as a person and as a script would.
        .testTarget(name: "FormworkPromptDemoTests", dependencies: ["FormworkTesting", "formwork-prompt-demo"]),
        // The built tools, run as a user runs them: every formwork command, scripts and
        // pseudo-terminals, the hostile corpus, make install; formwork-bench --quick; the fuzz
        // corpus replayed through formwork-fuzz.
        .testTarget(
            name: "formworkTests", dependencies: ["FormworkTesting", "formwork", "formwork-bench", "formwork-fuzz"],
            exclude: ["rpc_client.py", "Hostile"]),
    ],
    swiftLanguageModes: [.v6]
)

// Zero warnings: in the project's own Swift targets a warning is an error (a
// dependency's warnings are its own).
for target in package.targets where target.type != .system && target.name != "CKeyReader" {
    target.swiftSettings = (target.swiftSettings ?? []) + [.treatAllWarnings(as: .error)]
}

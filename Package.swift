// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Formwork",
    products: [
        .library(name: "FormworkCore", targets: ["FormworkCore"]),
        .library(name: "FormworkTesting", targets: ["FormworkTesting"]),
        .executable(name: "formwork-core-demo", targets: ["FormworkCoreDemo"]),
    ],
    targets: [
        // The UI-free descriptor engine: descriptors, data sources, the diff. No I/O, no terminal.
        .target(name: "FormworkCore"),
        // Test support shared by the test targets and by embedders: a recording list view.
        .target(name: "FormworkTesting", dependencies: ["FormworkCore"]),
        // Until the REPL exists, `make demo` runs this: the seed form through a transcript view.
        .executableTarget(name: "FormworkCoreDemo", dependencies: ["FormworkCore"]),
        .testTarget(name: "FormworkCoreTests", dependencies: ["FormworkCore", "FormworkTesting"]),
    ],
    swiftLanguageModes: [.v6]
)

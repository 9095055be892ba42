// swift-tools-version: 6.0
// RigKit: a hardware-in-the-loop test harness. Targets are layered as Docs/Architecture.md describes.
import PackageDescription

let package = Package(
    name: "RigKit",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "RigKit", targets: ["RigScenario", "RigHost", "RoomScan"]),
        .library(name: "RigKitTesting", targets: ["RigKitTesting"]),
        .executable(name: "rig", targets: ["rig"]),
    ],
    targets: [
        // Core: clock (virtual and wall), trace, rig files, errors. No device knowledge.
        .target(name: "RigCore"),
        // The phone host model and the power-guard policy.
        .target(name: "RigHost", dependencies: ["RigCore"]),
        // Roomio-style room-scan session facade, simulated on the phone host.
        .target(name: "RoomScan", dependencies: ["RigCore", "RigHost"]),
        // Scenario DSL, runner, expectations, reports.
        .target(name: "RigScenario", dependencies: ["RigCore", "RigHost", "RoomScan"]),
        // The bundled scenarios, a target of their own.
        .target(name: "BundledScenarios", dependencies: ["RigScenario", "RigHost", "RoomScan"], path: "scenarios"),
        // Swift Testing integration: one test per scenario.
        .target(name: "RigKitTesting", dependencies: ["RigScenario"]),
        // The `rig` command line: commands as a library so tests can drive them.
        .target(name: "RigCLI", dependencies: ["RigCore", "RigScenario", "BundledScenarios", "BarcodeDecoder", "ImageIO", "BarcodeBench"]),
        .executableTarget(name: "rig", dependencies: ["RigCLI", "BundledScenarios"]),
        // Benchmarks (run with `swift run -c release rig-bench`).
        .executableTarget(name: "rig-bench", dependencies: ["RigCore", "RigScenario"], path: "Benchmarks/rig-bench"),

        // MARK: Barcode decoder (issue 5)
        // The pure decoder core: grayscale frames in, symbols out. Optimized even in debug builds, so the
        // image tests (synthesized frames, fuzzing) stay fast. SwiftPM refuses unsafe flags in packages used as
        // dependencies: drop them before these targets join a library product.
        .target(name: "BarcodeDecoder", swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        // Pure encoders for every decoded symbology, and the seeded frame synthesizer.
        .target(name: "BarcodeEncoder", dependencies: ["BarcodeDecoder", "RigCore"],
                swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        // libpng and libjpeg-turbo from Debian, and a C shim that keeps their setjmp/longjmp error handling in C.
        .systemLibrary(name: "CLibPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CLibJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"])]),
        .target(name: "CImageShim", dependencies: ["CLibPNG", "CLibJPEG"]),
        // Image files (PNG, JPEG, PGM) in and out: the only barcode target that does I/O.
        .target(name: "ImageIO", dependencies: ["BarcodeDecoder", "CImageShim"]),
        // Benchmark corpora, RigKit's run over them, and the read-rate/timing statistics (`rig bench decoder`, `decoder-bench`).
        .target(name: "BarcodeBench", dependencies: ["BarcodeDecoder", "ImageIO"]),
        // Compares RigKit with zxing-cpp and ZBar on the same images (`swift run -c release decoder-bench`).
        .executableTarget(name: "decoder-bench", dependencies: ["BarcodeBench", "BarcodeDecoder", "BarcodeEncoder", "ImageIO"],
                          path: "Benchmarks/decoder-bench", exclude: ["reference_decoders.py"]),
        .testTarget(name: "BarcodeDecoderTests", dependencies: ["BarcodeDecoder", "BarcodeEncoder", "RigCore"]),
        .testTarget(name: "ImageIOTests", dependencies: ["ImageIO", "BarcodeDecoder", "BarcodeEncoder"]),
        // MARK: end

        .testTarget(name: "RigCoreTests", dependencies: ["RigCore"]),
        .testTarget(name: "RigHostTests", dependencies: ["RigHost", "RigCore"]),
        .testTarget(name: "RoomScanTests", dependencies: ["RoomScan", "RigHost", "RigCore"]),
        .testTarget(name: "RigScenarioTests", dependencies: ["RigScenario", "RigCore", "RigHost", "RoomScan"]),
        .testTarget(name: "RigCLITests", dependencies: ["RigCLI", "BarcodeDecoder", "BarcodeEncoder", "ImageIO"]),
        .testTarget(name: "BundledScenarioTests", dependencies: ["BundledScenarios", "RigKitTesting", "RigScenario"]),
    ],
    swiftLanguageModes: [.v6]
)

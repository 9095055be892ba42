// swift-tools-version: 6.0
// A QA team's own package: scenarios for its app on RigKit's four families, a device family of its own (a chest strap
// with the Bluetooth Heart Rate Service) and its own `rig`-like runner — using only RigKit's declared products.
import PackageDescription

let package = Package(
    name: "LabScenarios",
    dependencies: [
        // RigKit's checkout next to this folder; a lab would write `.package(url: "…/RigKit.git", from: "0.13.0")`.
        .package(name: "RigKit", path: ".."),
    ],
    targets: [
        // The lab's fifth device family: simulator, facade, rig-file kind and plug-in.
        .target(name: "HeartRateStrap", dependencies: [
            .product(name: "RigKit", package: "RigKit"),
            .product(name: "RigKitBLE", package: "RigKit"),
        ]),
        .target(name: "LabScenarios", dependencies: [
            "HeartRateStrap",
            .product(name: "RigKit", package: "RigKit"),
            .product(name: "RigKitBLE", package: "RigKit"),
            .product(name: "RigKitUSB", package: "RigKit"),
            .product(name: "RigKitRoomScan", package: "RigKit"),
            .product(name: "RigKitWristband", package: "RigKit"),
            .product(name: "RigKitScio", package: "RigKit"),
            .product(name: "RigKitCognex", package: "RigKit"),
        ]),
        .executableTarget(name: "lab-rig", dependencies: [
            "LabScenarios",
            .product(name: "RigCommandLine", package: "RigKit"),
        ]),
        .testTarget(name: "LabScenarioTests", dependencies: [
            "LabScenarios", "HeartRateStrap",
            .product(name: "RigKit", package: "RigKit"),
            .product(name: "RigKitTesting", package: "RigKit"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)

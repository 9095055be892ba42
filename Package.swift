// swift-tools-version: 6.0
// RigKit: a hardware-in-the-loop test harness. Targets are layered as Docs/Architecture.md describes: a thin core
// (RigCore, RigHost, RigScenario) that knows no device family, link plug-ins (the simulated radio and bus, BlueZ,
// libusb) and device families that plug in as values, each a product a user's package can depend on
// (Docs/UsingRigKit.md). Linux only: no `platforms:` entry claims an Apple platform nobody builds or tests here.
import PackageDescription

let package = Package(
    name: "RigKit",
    products: [
        // The core: `import RigKit` gives the DSL, the runner and reports, rig files, clocks and the phone host.
        .library(name: "RigKit", targets: ["RigKit", "RigScenario", "RigCore", "RigHost", "RigSystem"]),
        .library(name: "RigKitTesting", targets: ["RigKitTesting"]),
        // A `rig`-like command line of one's own: run (every report option), list, rigs validate, trace, report merge.
        .library(name: "RigCommandLine", targets: ["RigCommandLine"]),
        // Links: the in-memory BLE radio and USB bus (no C library), and the real backends.
        .library(name: "RigKitBLE", targets: ["RigKitBLE", "BLESimulation", "GATT", "ATT"]),
        .library(name: "RigKitUSB", targets: ["RigKitUSB", "USBSimulation", "USBLink", "USBDeviceSide"]),
        .library(name: "RigKitBlueZ", targets: ["RigKitBlueZ", "BlueZ"]),
        .library(name: "RigKitLibUSB", targets: ["RigKitLibUSB", "USBLibUSB"]),
        // Device families.
        .library(name: "RigKitRoomScan", targets: ["RigKitRoomScan", "RoomScan"]),
        .library(name: "RigKitWristband", targets: ["RigKitWristband", "Wristband", "WristbandSimulator", "E4Protocol"]),
        .library(name: "RigKitScio", targets: ["RigKitScio", "Spectrometer", "ScioSimulator", "ScioCloud", "ScioProtocol"]),
        .library(name: "RigKitCognex", targets: ["RigKitCognex", "CognexReader", "CognexSimulator", "CognexCore", "DMCC", "BarcodeDecoder"]),
        // Photos replayed through the camera reader: on its own, as it needs libpng and libjpeg.
        .library(name: "RigKitCognexPhotos", targets: ["CognexPhotos"]),
        .executable(name: "rig", targets: ["rig"]),
    ],
    targets: [
        // RigKit's one layer over the operating system: errno, and the one safe writer for every output file.
        .target(name: "RigSystem"),
        .testTarget(name: "RigSystemTests", dependencies: ["RigSystem"]),
        // Core: clock (virtual and wall), trace, rig files, errors. No device knowledge.
        .target(name: "RigCore", dependencies: ["RigSystem"]),
        // The phone host model and the power-guard policy.
        .target(name: "RigHost", dependencies: ["RigCore"]),
        // Roomio-style room-scan session facade, simulated on the phone host.
        .target(name: "RoomScan", dependencies: ["RigCore", "RigHost"]),
        // Scenario DSL, runner, expectations, reports, the live rig and the plug-in registry. No family, no backend.
        .target(name: "RigScenario", dependencies: ["RigCore", "RigHost"]),
        // The umbrella module of the RigKit product.
        .target(name: "RigKit", dependencies: ["RigCore", "RigHost", "RigScenario"]),
        // Swift Testing integration: one test per scenario.
        .target(name: "RigKitTesting", dependencies: ["RigScenario", "RigCore", "RigSystem"]),
        // The command-line framework and the runner commands.
        .target(name: "RigCommandLine", dependencies: ["RigCore", "RigScenario", "CZlib"]),
        // zlib from Debian: gzip traces.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),

        // MARK: Link and family plug-ins
        .target(name: "RigKitBLE", dependencies: ["RigScenario", "RigCore", "BLESimulation", "GATT", "ATT"]),
        .target(name: "RigKitUSB", dependencies: ["RigScenario", "RigCore", "USBSimulation", "USBLink", "USBDeviceSide"]),
        .target(name: "RigKitBlueZ", dependencies: ["RigKitBLE", "RigScenario", "RigCore", "BlueZ", "BLESimulation", "GATT", "ATT"]),
        .target(name: "RigKitLibUSB", dependencies: ["RigKitUSB", "RigScenario", "RigCore", "USBLibUSB", "USBLink"]),
        .target(name: "RigKitRoomScan", dependencies: ["RigScenario", "RigCore", "RoomScan"]),
        .target(name: "RigKitWristband", dependencies: ["RigKitBLE", "RigScenario", "RigCore", "BLESimulation", "Wristband", "WristbandSimulator", "E4Protocol"]),
        .target(name: "RigKitScio", dependencies: ["RigKitBLE", "RigKitUSB", "RigScenario", "RigCore", "BLESimulation", "USBLink", "USBSimulation",
                                                   "Spectrometer", "ScioSimulator", "ScioCloud", "ScioProtocol"]),
        .target(name: "RigKitCognex", dependencies: ["RigKitUSB", "RigScenario", "RigCore", "USBLink", "USBSimulation",
                                                     "CognexReader", "CognexSimulator", "CognexCore", "DMCC", "BarcodeDecoder"]),
        // The fault matrix: every fault after every protocol step of a good run ends in a named error or recovers.
        .testTarget(name: "FaultMatrixTests", dependencies: ["BundledScenarios", "RigKitBLE", "RigKitCognex", "RigKitScio", "RigKitWristband",
                                                             "RigScenario", "RigCore", "CognexCore"]),
        .testTarget(name: "RigKitPluginTests", dependencies: ["RigKitBLE", "RigKitBlueZ", "BlueZ", "RigKitScio", "RigKitWristband", "RigKitCognex", "RigKitRoomScan",
                                                              "RigKitUSB", "RigScenario", "RigCore", "GATT", "ATT", "BundledScenarios"]),

        // The bundled scenarios, a target of their own, and the plug-ins they run with.
        .target(name: "BundledScenarios", dependencies: ["RigKit", "RigScenario", "RigCore", "RigHost", "RigSystem", "RigKitBLE", "RigKitUSB", "RigKitBlueZ", "RigKitLibUSB",
                                                         "RigKitRoomScan", "RigKitWristband", "RigKitScio", "RigKitCognex",
                                                         "RoomScan", "Wristband", "WristbandSimulator", "BLESimulation", "E4Protocol",
                                                         "CognexCore", "CognexReader", "CognexSimulator", "CognexPhotos", "ImageIO", "BarcodeEncoder", "BarcodeDecoder", "DMCC",
                                                         "ScioProtocol", "ScioSimulator", "Spectrometer", "ScioCloud"], path: "scenarios"),
        // RigKit's own `rig`: the runner commands plus decode, bench, model and probe.
        .target(name: "RigCLI", dependencies: ["RigCommandLine", "RigCore", "RigScenario", "AnalyzerCommands",
                                               "BarcodeDecoder", "ImageIO", "BarcodeBench", "USBLibUSB", "USBLink", "BlueZ", "GATT", "ATT"]),
        .executableTarget(name: "rig", dependencies: ["RigCLI", "BundledScenarios"]),
        // Every parser and decoder as a libFuzzer target (scripts/fuzz builds it with -sanitize=fuzzer,address); an
        // ordinary build replays inputs through the same targets (kept crashes as regression tests).
        .executableTarget(name: "rig-fuzz", dependencies: ["ATT", "BarcodeBench", "BarcodeDecoder", "DMCC", "E4Protocol", "ImageIO", "RigCore",
                                                           "ScioProtocol", "SpectralModelIO"], path: "Tools/rig-fuzz"),
        // Benchmarks (run with `swift run -c release rig-bench`).
        .executableTarget(name: "rig-bench", dependencies: ["RigCore", "RigScenario", "RigKitWristband", "RigKitCognex", "BundledScenarios",
                                                            "Wristband", "WristbandSimulator", "CognexReader"],
                          path: "Benchmarks/rig-bench"),

        // MARK: BLE link layer (issue 3)
        // ATT PDUs, UUIDs, advertising data and btsnoop records: pure wire formats.
        .target(name: "ATT"),
        // GATT client and server over an abstract ATT bearer.
        .target(name: "GATT", dependencies: ["ATT", "RigCore"]),
        // In-memory links with faults and a simulated radio (advertising, connections), on the rig's clock.
        .target(name: "BLESimulation", dependencies: ["ATT", "GATT", "RigCore"]),
        .testTarget(name: "ATTTests", dependencies: ["ATT"]),
        // USB: the link abstraction every USB family speaks through (libusb implements it too).
        .target(name: "USBLink"),
        // An in-memory USB bus on the rig's clock, with plug/unplug, stalls and time-outs.
        .target(name: "USBSimulation", dependencies: ["USBLink", "RigCore"]),
        .testTarget(name: "USBSimulationTests", dependencies: ["USBSimulation", "USBLink", "RigCore"]),
        // MARK: Cognex reader family (issue 7)
        // DMCC: the text protocol of Cognex readers (commands, responses, read strings): pure codec.
        .target(name: "DMCC"),
        .testTarget(name: "DMCCTests", dependencies: ["DMCC"]),
        // Symbologies as the cmbSDK names them, scenes in front of a reader, and read results: shared by reader and simulators.
        .target(name: "CognexCore", dependencies: ["BarcodeDecoder", "BarcodeEncoder"]),
        // MX-1000/MX-1502 speaking DMCC over USB bulk endpoints, and the MX-100 aimer.
        .target(name: "CognexSimulator", dependencies: ["CognexCore", "DMCC", "USBLink", "USBSimulation", "RigCore", "BarcodeDecoder"]),
        // The cmbSDK-shaped reader: MX readers over USB and the camera reader with every mode and preview option.
        .target(name: "CognexReader", dependencies: ["CognexCore", "DMCC", "USBLink", "RigCore", "RigHost", "BarcodeDecoder"]),
        .target(name: "CognexPhotos", dependencies: ["CognexCore", "ImageIO", "BarcodeDecoder"]),
        .testTarget(name: "CognexTests", dependencies: ["CognexReader", "CognexSimulator", "CognexCore", "DMCC", "USBSimulation", "USBLink", "RigCore", "RigHost", "BarcodeDecoder"]),
        // MARK: end
        // MARK: BlueZ backend (issue 8)
        // libbluetooth from Debian, and a tiny C shim for its macros, bit filters and sockaddr_l2.
        .systemLibrary(name: "CBluetooth", pkgConfig: "bluez", providers: [.apt(["libbluetooth-dev"])]),
        .target(name: "CBlueZShim", dependencies: ["CBluetooth"]),
        // The BLE central over the kernel's Bluetooth stack: LE scan on a raw HCI socket, ATT on an L2CAP LE socket.
        .target(name: "BlueZ", dependencies: ["CBlueZShim", "GATT", "ATT", "RigCore"]),
        .testTarget(name: "BlueZTests", dependencies: ["BlueZ", "GATT", "ATT", "RigCore"]),
        // The QEMU lane's BLE check (scripts/vm-lane ble): BlueZCentral and GATTClient against a Bumble peripheral.
        .executableTarget(name: "vm-ble-check", dependencies: ["BlueZ", "GATT", "ATT", "RigCore", "RigHost", "Wristband", "E4Protocol"], path: "Tools/vm-ble-check"),
        // MARK: end
        // MARK: libusb backend (issue 9)
        // libusb-1.0 from Debian.
        .systemLibrary(name: "CLibUSB", pkgConfig: "libusb-1.0", providers: [.apt(["libusb-1.0-0-dev"])]),
        // The USBLink interface on the machine's real bus through libusb.
        .target(name: "USBLibUSB", dependencies: ["CLibUSB", "USBLink", "RigCore"]),
        .testTarget(name: "USBLibUSBTests", dependencies: ["USBLibUSB", "USBLink", "RigCore"]),
        // A simulator in the rig process as the device side of a real USB path (the `usb-gadget` rig-file link):
        // a gadget tty on a kernel USB stack, or the socket of Tools/umockdev-mx.
        .target(name: "USBDeviceSide", dependencies: ["USBLink", "USBSimulation", "RigCore"]),
        .testTarget(name: "USBDeviceSideTests", dependencies: ["USBDeviceSide"]),
        // The umockdev USB lane (scripts/usb-lane-umockdev): the checks that drive LibUSBHost against Tools/umockdev-mx,
        // serving the MX simulator behind the emulator's socket themselves.
        .executableTarget(name: "usb-lane-check", dependencies: ["USBLibUSB", "USBLink", "RigCore", "USBDeviceSide", "USBSimulation", "CognexSimulator"],
                          path: "Tools/usb-lane-check"),
        // The QEMU USB lane (scripts/vm-lane): the MX simulator behind the g_serial gadget tty in the guest, and the
        // unplug/replug checks that drive LibUSBHost and MXReader against that gadget.
        .executableTarget(name: "mx-gadget", dependencies: ["CognexSimulator", "USBSimulation", "USBLink", "RigCore"],
                          path: "Tools/mx-gadget"),
        .executableTarget(name: "vm-usb-check", dependencies: ["CognexReader", "USBLibUSB", "USBLink", "RigCore"], path: "Tools/vm-usb-check"),
        // MARK: end
        // MARK: Wristband family (issue 3)
        // The E4's GATT layout and packet formats: pure codecs shared by driver and simulator.
        .target(name: "E4Protocol", dependencies: ["ATT"]),
        // The EmpaLink-shaped facade: authentication, discovery, device managers, sample streams.
        .target(name: "Wristband", dependencies: ["E4Protocol", "GATT", "ATT", "RigCore", "RigHost"]),
        // A virtual E3/E4 with physiological signal models, reachable over the simulated radio.
        .target(name: "WristbandSimulator", dependencies: ["E4Protocol", "GATT", "BLESimulation", "ATT", "RigCore"]),
        .testTarget(name: "E4ProtocolTests", dependencies: ["E4Protocol"]),
        .testTarget(name: "WristbandTests", dependencies: ["Wristband", "WristbandSimulator", "E4Protocol", "BLESimulation", "GATT", "RigCore", "RigHost"]),
        .testTarget(name: "GATTTests", dependencies: ["GATT", "BLESimulation", "ATT", "RigCore"]),
        // MARK: end

        // MARK: Spectral analyzer (issue 4)
        // Pure chemometrics core (no I/O): linear algebra, preprocessing, PLS, PLS-DA, SIMCA, outliers, cross-validation.
        .target(name: "SpectralAnalyzer"),
        // Model files (versioned JSON, atomic writes) and spectra CSV reading.
        .target(name: "SpectralModelIO", dependencies: ["SpectralAnalyzer", "RigSystem"]),
        // `rig model ...` and `rig bench analyzer` as a library the `rig` executable calls.
        .target(name: "AnalyzerCommands", dependencies: ["SpectralAnalyzer", "SpectralModelIO", "RigCommandLine"]),
        // Accuracy and speed against scikit-learn on real NIR data (`swift run -c release analyzer-bench`).
        .executableTarget(
            name: "analyzer-bench",
            dependencies: ["SpectralAnalyzer", "SpectralModelIO", "RigSystem"],
            path: "Benchmarks/analyzer-bench"
        ),
        .testTarget(name: "SpectralAnalyzerTests", dependencies: ["SpectralAnalyzer", "SpectralModelIO"]),
        .testTarget(name: "SpectralModelIOTests", dependencies: ["SpectralModelIO", "SpectralAnalyzer"]),
        .testTarget(name: "AnalyzerCommandsTests", dependencies: ["AnalyzerCommands", "SpectralModelIO", "SpectralAnalyzer"]),
        // MARK: end

        // MARK: Barcode decoder (issue 5)
        // The pure decoder core: grayscale frames in, symbols out. No unsafe flags (a versioned dependency refuses
        // them); scripts/test builds the tests optimized instead.
        .target(name: "BarcodeDecoder"),
        // Pure encoders for every decoded symbology, and the seeded frame synthesizer.
        .target(name: "BarcodeEncoder", dependencies: ["BarcodeDecoder", "RigCore"]),
        // libpng and libjpeg-turbo from Debian, and a C shim that keeps their setjmp/longjmp error handling in C.
        .systemLibrary(name: "CLibPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CLibJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"])]),
        .target(name: "CImageShim", dependencies: ["CLibPNG", "CLibJPEG"]),
        // Image files (PNG, JPEG, PGM) in and out: the only barcode target that does I/O.
        .target(name: "ImageIO", dependencies: ["BarcodeDecoder", "CImageShim", "RigSystem"]),
        // Pins the benchmark's engines to one CPU (Linux scheduling calls Swift's Glibc module does not show).
        .target(name: "CCPUAffinity"),
        // Benchmark corpora, RigKit's run over them, and the read-rate/timing statistics (`rig bench decoder`, `decoder-bench`).
        .target(name: "BarcodeBench", dependencies: ["BarcodeDecoder", "CCPUAffinity", "ImageIO"]),
        .testTarget(name: "BarcodeBenchTests", dependencies: ["BarcodeBench"]),
        // Compares RigKit with zxing-cpp and ZBar on the same images (`swift run -c release decoder-bench`).
        .executableTarget(name: "decoder-bench", dependencies: ["BarcodeBench", "BarcodeDecoder", "BarcodeEncoder", "ImageIO", "RigSystem"],
                          path: "Benchmarks/decoder-bench", exclude: ["reference_decoders.py"]),
        .testTarget(name: "BarcodeDecoderTests", dependencies: ["BarcodeDecoder", "BarcodeEncoder", "RigCore"]),
        .testTarget(name: "ImageIOTests", dependencies: ["ImageIO", "BarcodeDecoder", "BarcodeEncoder"]),
        // MARK: SCiO family (issue 6)
        // SCiO frames, BLE fragments, USB stream framing and message payloads: pure codecs shared by driver and simulator.
        .target(name: "ScioProtocol", dependencies: ["ATT", "USBLink"]),
        .testTarget(name: "ScioProtocolTests", dependencies: ["ScioProtocol"]),
        // A virtual SCiO with a library of NIR materials, reachable over the simulated radio or a simulated USB CDC link.
        .target(name: "ScioSimulator", dependencies: ["ScioProtocol", "ATT", "GATT", "BLESimulation", "USBLink", "USBSimulation", "RigCore"]),
        // The SCiO SDK's device API (`CPScioDevice`) over BLE or USB CDC: calibration, scans, battery, name, button.
        .target(name: "Spectrometer", dependencies: ["ScioProtocol", "ATT", "GATT", "USBLink", "RigCore"]),
        // The SDK's cloud side run locally on the spectral analyzer (models, version gating, analysis) and the phone's scan cache.
        .target(name: "ScioCloud", dependencies: ["Spectrometer", "ScioProtocol", "SpectralAnalyzer", "SpectralModelIO", "RigCore", "RigHost"],
                resources: [.copy("Models")]),
        .testTarget(name: "ScioCloudTests", dependencies: ["ScioCloud", "Spectrometer", "ScioSimulator", "ScioProtocol", "SpectralAnalyzer", "SpectralModelIO", "RigCore", "RigHost"]),
        // Writes the training CSVs of the shipped SCiO models from the simulator (`swift run scio-training-data DIR`).
        .executableTarget(name: "scio-training-data", dependencies: ["ScioSimulator", "ScioProtocol", "RigCore"]),
        .testTarget(name: "SpectrometerTests", dependencies: ["Spectrometer", "ScioSimulator", "ScioProtocol", "BLESimulation", "USBSimulation", "USBLink", "RigCore"]),
        // MARK: end

        .testTarget(name: "RigCoreTests", dependencies: ["RigCore"]),
        .testTarget(name: "RigHostTests", dependencies: ["RigHost", "RigCore"]),
        .testTarget(name: "RoomScanTests", dependencies: ["RoomScan", "RigHost", "RigCore"]),
        .testTarget(name: "RigScenarioTests", dependencies: ["RigScenario", "RigCore", "RigHost"]),
        .testTarget(name: "RigCLITests", dependencies: ["RigCLI", "RigCommandLine", "RigScenario", "RigCore", "BundledScenarios", "RigKitWristband",
                                                        "BarcodeDecoder", "BarcodeEncoder", "ImageIO"]),
        .testTarget(name: "BundledScenarioTests", dependencies: ["BundledScenarios", "RigKitTesting", "RigScenario", "RigCore", "RigSystem"]),
    ],
    swiftLanguageModes: [.v6]
)

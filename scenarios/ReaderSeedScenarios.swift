import BarcodeDecoder
import CognexCore
import CognexPhotos
import CognexReader
import CognexSimulator
import DMCC
import Foundation
import ImageIO
import RigCore
import RigScenario
import RigSystem

/// The cmbSDK behaviours apps get wrong: every supported symbology through both readers, triggers pressed and released,
/// the licence obfuscation in every form of a result, zoom changed mid-scan, resetConfig and DMCC settings on the camera
/// reader, and the errors of calls on a reader that is not connected.
enum ReaderSeedScenarios {
    static var all: [Scenario] {
        [everySymbologyThroughMX, everySymbologyThroughCamera, mxTriggerHeldAndReleased, cameraVirtualTrigger, licenceHidesEveryForm,
         zoomDuringScan, cameraResetConfig, cameraOneDOrientation, notConnectedErrors] + phoneCameraScenarios
    }

    /// A text each decoder symbology can encode. A symbology the decoder learns to read joins the two
    /// every-symbology scenarios by itself; give it a sample here if the fallback is not valid for it.
    static func sampleText(_ symbology: Symbology) -> String {
        switch symbology {
        case .ean13: "4006381333931"
        case .ean8: "96385074"
        case .upcA: "036000291452"
        case .upcE: "01234565"
        case .code128: "RigKit 128"
        case .code39: "RIGKIT-39"
        case .interleaved2of5: "1234567890"
        case .codabar: "A12345-678B"
        case .qr: "https://rigkit.example/qr"
        case .dataMatrix: "RIGKIT DM 42"
        case .code93: "RIGKIT-93"
        case .code25, .matrix2of5: "1234567890"
        case .pdf417: "RigKit PDF417 sample: lot 42, line 7"
        case .dataBar, .dataBarLimited: "0101234567890128"      // AI 01 and the GTIN-14, as readers print it
        case .dataBarExpanded: "0109501101020917" + "10ABC"     // (01)… (10)ABC, without parentheses as read
        case .aztec: "RigKit Aztec boarding pass: seat 42C"
        case .maxiCode: "1Z RIGKIT PARCEL 42"
        case .microPDF417: "RigKit Micro 42"
        default: "0123456789012"
        }
    }

    /// Every (reader symbology, decoder symbology) pair the decoder reads today, in a stable order.
    static var readable: [(ReaderSymbology, Symbology)] {
        ReaderSymbology.allCases.flatMap { reader in reader.decoderSymbologies.filter(\.isSupported).map { (reader, $0) } }
    }

    static let everySymbologyThroughMX = Scenario("Reader: every symbology the decoder supports is read through an MX reader", .tags(.reader)) { rig in
        let reader = try await rig.mxReader("reader")
        let station = try await rig.mxStation("reader")
        Step("Connect; all symbologies off") {
            try await reader.connect()
            for symbology in ReaderSymbology.allCases { _ = await reader.send("SET SYMBOL.\(symbology.dmccName) OFF") }
        }
        for (family, symbology) in readable {
            Step("\(symbology) with only \(family.dmccName) enabled") {
                let text = sampleText(symbology)
                try await reader.setSymbology(family, enabled: true)
                await station.simulator.setScene(ReaderScene([.init(symbology, text, size: 0.4)]))
                let results = try await ReaderScenarios.scanForRead(rig)
                try require(results.first?.goodRead == true, "a good read of \(symbology)")
                expect(results.first?.symbology, equals: family, "symbology")
                expect(results.first?.readString ?? "", equals: text, "read string")
                try await reader.setSymbology(family, enabled: false)
            }
        }
    }

    static let everySymbologyThroughCamera = Scenario("Reader: every symbology the decoder supports is read through the camera reader",
                                                      .tags(.reader, .camera)) { rig in
        let camera = try await rig.cameraReader("camera", mode: .noAimer, licenseKey: "lab")
        let results = rig.record(camera.results, "camera results")
        Step("Connect (no symbology enabled)") {
            try await camera.connect()
            _ = await camera.send("SET DECODER.MAX-SCAN-TIMEOUT 3")
        }
        for (family, symbology) in readable {
            Step("\(symbology) with only \(family.dmccName) enabled") {
                let text = sampleText(symbology)
                try await camera.setSymbology(family, enabled: true)
                await camera.setScene(ReaderScene([.init(symbology, text, size: 0.4)]))
                try await camera.startScanning()
                let read = try await results.next(within: .seconds(5))
                try require(read.first?.goodRead == true, "a good read of \(symbology)")
                expect(read.first?.symbology, equals: family, "symbology")
                expect(read.first?.readString ?? "", equals: text, "read string")
                try await camera.setSymbology(family, enabled: false)
            }
        }
    }

    static let mxTriggerHeldAndReleased = Scenario("Reader: the MX trigger starts a read when pressed; released before a read, the scan ends",
                                                   .tags(.reader), .requires(.faultInjection)) { rig in
        let reader = try await rig.mxReader("reader")
        let station = try await rig.mxStation("reader")
        let log = try await ReaderScenarios.results(rig, "reader")
        Step("Connect, nothing in view, a long time-out") {
            try await reader.connect()
            _ = await reader.send("SET DECODER.MAX-SCAN-TIMEOUT 60")
            await station.simulator.setScene(.empty)
        }
        Step("Press and hold for 2 s with nothing in view, release: a no-read at the release") {
            await station.simulator.pressTrigger()
            expect(await station.simulator.isScanning, "scanning while the trigger is held")
            try await log.expectNever("a result while held", during: .seconds(2)) { _ in true }
            await station.simulator.releaseTrigger()
            expect(try await log.next(within: .seconds(1)).map(\.goodRead), equals: [false], "goodRead after the release")
            expect(await station.simulator.isScanning, equals: false, "scanning after the release")
        }
        Step("Press with a code in view: read") {
            await station.simulator.setScene(ReaderScenarios.qr)
            await station.simulator.pressTrigger()
            let read = try await log.next(within: .seconds(5))
            expect(read.first?.readString ?? "", equals: "https://rigkit.example/lot/42", "read string")
            await station.simulator.releaseTrigger()
            try await wait(.milliseconds(50))   // past the instant of the read, which the next check would count
            try await log.expectNever("a result after releasing a trigger that already read", during: .seconds(1)) { _ in true }
        }
    }

    static let cameraVirtualTrigger = Scenario("Reader: the on-screen trigger scans while held; releasing stops the scan", .tags(.reader, .camera)) { rig in
        let camera = try await rig.cameraReader("camera", mode: .noAimer, licenseKey: "lab")
        let results = rig.record(camera.results, "camera results")
        Step("Press and hold with nothing in view, release after 3 s: a no-read") {
            try await camera.connect()
            try await camera.setSymbology(.qr, enabled: true)
            try await camera.pressVirtualTrigger()
            expect(await camera.isScanning, "scanning while held")
            try await results.expectNever("a result while held", during: .seconds(3)) { _ in true }
            await camera.releaseVirtualTrigger()
            expect(try await results.next(within: .seconds(1)).map(\.goodRead), equals: [false], "goodRead after the release")
            expect(await camera.isScanning, equals: false, "scanning after the release")
        }
        Step("Press with a code in view: read before the release") {
            await camera.setScene(ReaderScenarios.qr)
            try await camera.pressVirtualTrigger()
            expect(try await results.next(within: .seconds(1)).first?.readString ?? "", equals: "https://rigkit.example/lot/42", "read string")
            await camera.releaseVirtualTrigger()
            try await wait(.milliseconds(50))   // past the instant of the read, which the next check would count
            try await results.expectNever("a result after releasing", during: .seconds(1)) { _ in true }
        }
        Step("Volume-down (hardware trigger option) starts but a second press does not stop") {
            let volume = try await rig.cameraReader("camera", mode: .noAimer, options: .hardwareTrigger, licenseKey: "lab")
            try await volume.connect()
            try await volume.pressHardwareTrigger()
            try await volume.pressHardwareTrigger()
            expect(await volume.isScanning, "still scanning after two presses")
            await volume.stopScanning()
        }
    }

    static let licenceHidesEveryForm = Scenario("Reader: without a licence the same * replacement shows in the read string, the bytes and the XML",
                                                .tags(.reader, .camera)) { rig in
        let camera = try await rig.cameraReader("camera", mode: .noAimer)
        let results = rig.record(camera.results, "camera results")
        Step("Read a QR code unlicensed") {
            try await camera.connect()
            try await camera.setSymbology(.qr, enabled: true)
            await camera.setScene(ReaderScenarios.qr)
            try await camera.startScanning()
            let result = try require(try await results.next(within: .seconds(2)).first, "a result")
            let text = try require(result.readString, "read string")
            expect(text.contains("*"), "the read string is obfuscated: \(text)")
            expect(result.bytes, equals: Array(text.utf8), "the bytes are the obfuscated string")
            expect(result.xml.contains("<string>\(text)</string>"), "the XML string is the obfuscated string")
            expect(result.xml.contains("<full_string encoding=\"base64\">\(Data(text.utf8).base64EncodedString())</full_string>"),
                   "the XML full_string is the obfuscated string")
            expect(!result.bytes.elementsEqual("https://rigkit.example/lot/42".utf8), "the original bytes appear nowhere")
        }
    }

    static let zoomDuringScan = Scenario("Reader: zoom changed during a scan applies to the next frames and resets after the scan",
                                         .tags(.reader, .camera)) { rig in
        let camera = try await rig.cameraReader("camera", mode: .noAimer, licenseKey: "lab")
        let results = rig.record(camera.results, "camera results")
        Step("A tiny code, scanning at zoom 0 without a read") {
            try await camera.connect()
            try await camera.setSymbology(.qr, enabled: true)
            await camera.setScene(ReaderScene([.init(.qr, "SMALL-7", size: 0.014)]))
            _ = await camera.send("SET DECODER.MAX-SCAN-TIMEOUT 10")
            try await camera.startScanning()
            try await results.expectNever("a read at zoom 0", during: .seconds(2)) { _ in true }
        }
        Step("Zoom to level 2 mid-scan: read, then zoom back to 0") {
            expect(await camera.send("SET CAMERA.ZOOM 2").status, equals: .noError, "SET CAMERA.ZOOM 2 while scanning")
            expect(try await results.next(within: .seconds(1)).first?.readString ?? "", equals: "SMALL-7", "read after zooming")
            expect(await camera.send("GET CAMERA.ZOOM").payload, equals: "0", "zoom after the scan")
        }
    }

    static let cameraResetConfig = Scenario("Reader: resetConfig puts the camera reader back to its defaults", .tags(.reader, .camera)) { rig in
        let camera = try await rig.cameraReader("camera", mode: .noAimer, licenseKey: "lab")
        Step("Change symbologies, lights, zoom, time-out, effort") {
            try await camera.connect()
            try await camera.setSymbology(.qr, enabled: true)
            try await camera.setSymbology(.c128, enabled: true)
            try await camera.setLightsOn(true)
            for command in ["SET CAMERA.ZOOM-PERCENT 300 600", "SET DECODER.MAX-SCAN-TIMEOUT 7", "SET DECODER.EFFORT 3", "SET DECODER.1D-SYMBOLORIENTATION 2"] {
                expect(await camera.send(command).status, equals: .noError, command)
            }
        }
        Step("resetConfig: no symbology, lights off, zoom 200 400, no time-out, effort 2") {
            try await camera.resetConfig()
            expect(await camera.symbologies.isEmpty, "no symbology enabled")
            for (command, expected) in [("GET SYMBOL.QR", "OFF"), ("GET LIGHT.INTERNAL-ENABLE", "OFF"), ("GET CAMERA.ZOOM-PERCENT", "200 400"),
                                        ("GET DECODER.MAX-SCAN-TIMEOUT", "0"), ("GET DECODER.EFFORT", "2"), ("GET DECODER.1D-SYMBOLORIENTATION", "0")] {
                expect(await camera.send(command).payload, equals: expected, command)
            }
        }
    }

    static let cameraOneDOrientation = Scenario("Reader: SET DECODER.1D-SYMBOLORIENTATION 0 on the camera reader succeeds", .tags(.reader, .camera)) { rig in
        let camera = try await rig.cameraReader("camera", mode: .noAimer, licenseKey: "lab")
        Step("The seed's command, as sendCommand sends it") {
            try await camera.connect()
            expect(await camera.send("SET DECODER.1D-SYMBOLORIENTATION 0").status, equals: .noError, "status")
            expect(await camera.send("GET DECODER.1D-SYMBOLORIENTATION").payload, equals: "0", "read back")
            expect(await camera.send("SET DECODER.1D-SYMBOLORIENTATION 4").status, equals: .invalidParameter, "4 is out of range")
        }
        Step("A rotated Code 128 still reads") {
            let results = rig.record(camera.results, "camera results")
            try await camera.setSymbology(.c128, enabled: true)
            await camera.setScene(ReaderScene([.init(.code128, "ROTATED-128", size: 0.4, rotation: 90)]))
            try await camera.startScanning()
            expect(try await results.next(within: .seconds(2)).first?.readString ?? "", equals: "ROTATED-128", "read string")
        }
    }

    static let notConnectedErrors = Scenario("Reader: setSymbology and other calls on a reader that is not connected fail with notConnected",
                                             .tags(.reader, .camera)) { rig in
        let reader = try await rig.mxReader("reader")
        let camera = try await rig.cameraReader("camera", mode: .noAimer, licenseKey: "lab")
        Step("MX reader before connect") {
            await expect(throws: ReaderError.notConnected, "setSymbology") { try await reader.setSymbology(.qr, enabled: true) }
            await expect(throws: ReaderError.notConnected, "setLightsOn") { try await reader.setLightsOn(true) }
            await expect(throws: ReaderError.notConnected, "resetConfig") { try await reader.resetConfig() }
            await expect(throws: ReaderError.notConnected, "startScanning") { try await reader.startScanning() }
        }
        Step("Camera reader before connect") {
            await expect(throws: ReaderError.notConnected, "setSymbology") { try await camera.setSymbology(.qr, enabled: true) }
            await expect(throws: ReaderError.notConnected, "setLightsOn") { try await camera.setLightsOn(true) }
            await expect(throws: ReaderError.notConnected, "resetConfig") { try await camera.resetConfig() }
            await expect(throws: ReaderError.notConnected, "startScanning") { try await camera.startScanning() }
        }
        Step("MX reader after a disconnect") {
            try await reader.connect()
            await reader.disconnect()
            await expect(throws: ReaderError.notConnected, "setSymbology after disconnect") { try await reader.setSymbology(.qr, enabled: true) }
        }
    }
}

extension ReaderSeedScenarios {
    static var phoneCameraScenarios: [Scenario] { [orientation, squareCodesEitherWay, frontCamera, basicPhone, mx100Battery, resumeWithoutAvailability, photoReplay, mxArmedByStartScanning] }

    /// The long symbol of the orientation scenario: a PDF417 as the seed has it once the decoder reads PDF417, a long
    /// Code 128 until then.
    static let longSymbology: Symbology = Symbology.pdf417.isSupported ? .pdf417 : .code128

    static let orientation = Scenario("Reader: a long symbol 1000 pixels across reads in landscape, not in portrait, and follows the phone in auto",
                                      .tags(.reader, .camera)) { rig in
        let camera = try await rig.cameraReader("camera", mode: .noAimer, licenseKey: "lab")
        let results = rig.record(camera.results, "camera results")
        let text = "RIGKIT-LONG-CODE-ORIENTATION-0001-ABCDEFGH"
        Step("Connect, a \(longSymbology) across 80 % of the long side") {
            try await camera.connect()
            try await camera.setSymbology(ReaderSymbology(longSymbology), enabled: true)
            _ = await camera.send("SET DECODER.MAX-SCAN-TIMEOUT 1")
            await camera.setScene(ReaderScene([.init(longSymbology, text, size: 0.8)]))
        }
        for (orientation, device, expected) in [(ScanOrientation.landscape, DeviceOrientation.portrait, true), (.portrait, .portrait, false),
                                                (.auto, .portrait, false), (.auto, .landscape, true)] {
            Step("App \(orientation.rawValue), phone held \(device.rawValue): \(expected ? "read" : "no read")") {
                await camera.setOrientation(orientation)
                await camera.setDeviceOrientation(device)
                try await camera.startScanning()
                let read = try await results.next(within: .seconds(2))
                expect(read.first?.goodRead ?? false, equals: expected, "goodRead")
                if expected { expect(read.first?.readString ?? "", equals: text, "read string") }
            }
        }
    }

    /// The seed: "Orientation makes little to no difference when scanning square barcodes like QR, Data Matrix, and MaxiCode."
    static let squareCodesEitherWay = Scenario("Reader: square codes (QR, Data Matrix, MaxiCode) read alike in landscape and in portrait",
                                               .tags(.reader, .camera)) { rig in
        let camera = try await rig.cameraReader("camera", mode: .noAimer, licenseKey: "lab")
        let results = rig.record(camera.results, "camera results")
        Step("Connect") {
            try await camera.connect()
            _ = await camera.send("SET DECODER.MAX-SCAN-TIMEOUT 1")
        }
        for symbology in [Symbology.qr, .dataMatrix, .maxiCode] {
            for (orientation, device) in [(ScanOrientation.landscape, DeviceOrientation.landscape), (.portrait, .portrait)] {
                Step("\(symbology), app \(orientation.rawValue): read") {
                    let text = sampleText(symbology)
                    try await camera.setSymbology(ReaderSymbology(symbology), enabled: true)
                    await camera.setScene(ReaderScene([.init(symbology, text, size: 0.35)]))
                    await camera.setOrientation(orientation)
                    await camera.setDeviceOrientation(device)
                    try await camera.startScanning()
                    let read = try await results.next(within: .seconds(2))
                    expect(read.first?.readString ?? "", equals: text, "read string")
                }
            }
        }
    }

    static let frontCamera = Scenario("Reader: the front camera films 640×480 with a fixed focus: a small code reads on the back camera only",
                                      .tags(.reader, .camera)) { rig in
        Step("Preview size and focus") {
            let front = try await rig.cameraReader("camera", mode: .frontCamera, licenseKey: "lab")
            try await front.connect()
            try await front.startScanning()
            let preview = try require(await front.preview, "preview")
            expect(preview.width, equals: 640, "width")
            expect(preview.height, equals: 480, "height")
            expect(preview.autofocus, equals: false, "autofocus")
            await front.stopScanning()
        }
        for (mode, expected) in [(CameraMode.noAimer, true), (.frontCamera, false)] {
            Step("A 5 %-wide QR code in \(mode.rawValue): \(expected ? "read" : "no read")") {
                let camera = try await rig.cameraReader("camera", mode: mode, licenseKey: "lab")
                let results = rig.record(camera.results, "\(mode.rawValue) results")
                try await camera.connect()
                try await camera.setSymbology(.qr, enabled: true)
                _ = await camera.send("SET DECODER.MAX-SCAN-TIMEOUT 1")
                await camera.setScene(ReaderScene([.init(.qr, "FRONT-1", size: 0.05)]))
                try await camera.startScanning()
                expect(try await results.next(within: .seconds(2)).first?.goodRead ?? false, equals: expected, "goodRead")
            }
        }
        Step("A code held close, filling 60 % of the width: blurred on the front camera, sharp on the back") {
            for (mode, expected) in [(CameraMode.noAimer, true), (.frontCamera, false)] {
                let camera = try await rig.cameraReader("camera", mode: mode, licenseKey: "lab")
                let results = rig.record(camera.results, "\(mode.rawValue) close-up results")
                try await camera.connect()
                try await camera.setSymbology(.c128, enabled: true)
                _ = await camera.send("SET DECODER.MAX-SCAN-TIMEOUT 1")
                await camera.setScene(ReaderScene([.init(.code128, "CLOSE-UP-128", size: 0.6)]))
                try await camera.startScanning()
                expect(try await results.next(within: .seconds(2)).first?.goodRead ?? false, equals: expected, "goodRead in \(mode.rawValue)")
            }
        }
    }

    static let basicPhone = Scenario("Reader: a phone without a front camera or 1080p: frontCamera unavailable, highResolution falls back to 1280×720",
                                     .tags(.reader, .camera)) { rig in
        Step("frontCamera mode is unavailable and cannot connect") {
            let front = try await rig.cameraReader("camera-basic", mode: .frontCamera, licenseKey: "lab")
            expect(await front.availability, equals: .unavailable, "availability")
            await expect(throws: ReaderError.unavailable("no front camera"), "connect") { try await front.connect() }
        }
        Step("highResolution gives the default 1280×720 on this phone, 1920×1080 on one that films it") {
            for (role, width, height) in [("camera-basic", 1280, 720), ("camera", 1920, 1080)] {
                let camera = try await rig.cameraReader(role, mode: .noAimer, options: .highResolution, licenseKey: "lab")
                try await camera.connect()
                try await camera.startScanning()
                expect(await camera.preview?.width ?? 0, equals: width, "\(role) width")
                expect(await camera.preview?.height ?? 0, equals: height, "\(role) height")
                await camera.stopScanning()
            }
        }
    }

    static let mx100Battery = Scenario("Reader: the MX-100's battery is read from the aimer; empty, the aimer cannot connect", .tags(.reader, .camera)) { rig in
        let aimer = try rig.mx100("aimer")
        Step("80 % through the SDK and through DMCC") {
            let camera = try await rig.cameraReader("camera", mode: .activeAimer)
            try await camera.connect()
            expect(try await camera.aimerBatteryPercent(), equals: 80, "aimerBatteryPercent")
            expect(await camera.send("GET BATTERY.CHARGE").payload, equals: "80", "GET BATTERY.CHARGE")
            await aimer.setBattery(percent: 15)
            expect(try await camera.aimerBatteryPercent(), equals: 15, "battery read again, not cached")
            await camera.disconnect()
        }
        Step("Empty: connecting fails, the reader says why") {
            await aimer.setBattery(percent: 0)
            let camera = try await rig.cameraReader("camera", mode: .activeAimer)
            await expect(throws: ReaderError.unavailable("the MX-100's battery is empty"), "connect") { try await camera.connect() }
            expect(await camera.connectionState, equals: .disconnected, "state")
        }
        Step("No aimer in noAimer mode") {
            let camera = try await rig.cameraReader("camera", mode: .noAimer, licenseKey: "lab")
            try await camera.connect()
            await expect(throws: ReaderError.unavailable("no MX-100 in camera mode noAimer"), "aimerBatteryPercent") { try await camera.aimerBatteryPercent() }
            expect(await camera.send("GET BATTERY.CHARGE").status, equals: .invalidCommand, "GET BATTERY.CHARGE without an aimer")
        }
    }

    static let resumeWithoutAvailability = Scenario("Reader: on an iOS that does not announce availability on resume, the app reconnects from didBecomeActive",
                                                    .tags(.reader)) { rig in
        let reader = try await rig.mxReader("reader")
        let states = rig.record(reader.connectionStateChanges, "connection")
        let availability = rig.record(reader.availabilityChanges, "availability")
        Step("Connected; the app goes inactive: initialised, not connected") {
            await reader.setAnnouncesAvailabilityOnResume(false)
            try await reader.connect()
            await rig.host.setAppState(.background)
            try await states.expectEventually(.disconnected, within: .seconds(1))
        }
        Step("Resume: no availability notification; the did-become-active check reconnects") {
            try await wait(.milliseconds(10))   // past the instant of the earlier availability event, which the next check would count
            await rig.host.setAppState(.foreground)
            try await availability.expectNever("an availability notification", during: .seconds(2)) { _ in true }
            expect(await reader.availability, equals: .available, "availability as the reader still reports it")
            try await reader.reconnectIfNeeded()
            expect(await reader.connectionState, equals: .connected, "state after reconnectIfNeeded")
        }
    }
}

extension ReaderSeedScenarios {
    static let photoReplay = Scenario("Reader: photos from a folder replay through the camera reader's workflow", .tags(.reader, .camera)) { rig in
        let folder = rig.directory.appendingPathComponent("photos", isDirectory: true).path
        let camera = try await rig.cameraReader("camera", mode: .noAimer, licenseKey: "lab")
        let results = rig.record(camera.results, "camera results")
        Step("Two photos on the phone: an empty shelf, then a box with an EAN-13") {
            let shelf = SceneCamera(seed: 1)
            try ImageFile.write(shelf.frame(.empty, SceneCamera.Settings(symbologies: [])), to: folder + "/01-shelf.png")
            try ImageFile.write(shelf.frame(ReaderScenarios.ean, SceneCamera.Settings(symbologies: [])), to: folder + "/02-box.jpg")
            let photos = try PhotoFrameSource(folder: folder)
            expect(photos.paths.map { URL(fileURLWithPath: $0).lastPathComponent }, equals: ["01-shelf.png", "02-box.jpg"], "replay order")
            await camera.setFrameSource(photos)
        }
        Step("Scan: the shelf reads nothing, the box reads its EAN-13, the result image is the photo") {
            try await camera.connect()
            try await camera.setSymbology(.upcEan, enabled: true)
            await camera.setImageResultEnabled(true)
            try await camera.startScanning()
            let read = try await results.next(within: .seconds(1))
            expect(read.first?.readString ?? "", equals: "4006381333931", "read string")
            expect(read.first?.symbology, equals: .upcEan, "symbology")
            expect(read.first?.image?.width ?? 0, equals: 1280, "the result's image is the photo")
        }
        Step("A file that is no image is refused, naming it") {
            try OutputFile.write(Array("not a photo".utf8), to: folder + "/03-broken.png")
            do {
                _ = try PhotoFrameSource(folder: folder)
                expect(false, "loading the folder failed")
            } catch let error as ImageFileError {
                expect(error.path.hasSuffix("03-broken.png"), "the error names the file: \(error)")
            }
        }
    }
}

extension ReaderSeedScenarios {
    static let mxArmedByStartScanning = Scenario("Reader: with an armed-trigger MX, startScanning arms it and only the trigger reads",
                                                 .tags(.reader), .requires(.faultInjection)) { rig in
        let reader = try await rig.mxReader("reader")
        let station = try await rig.mxStation("reader")
        let log = try await ReaderScenarios.results(rig, "reader")
        Step("Armed-trigger mode, a code in view; the trigger before startScanning does nothing") {
            await station.simulator.setTriggerMode(.armed)
            try await reader.connect()
            _ = await reader.send("SET DECODER.MAX-SCAN-TIMEOUT 60")
            await station.simulator.setScene(ReaderScenarios.qr)
            await station.simulator.pressTrigger()
            expect(await station.simulator.isScanning, equals: false, "scanning before the app armed the reader")
            await station.simulator.releaseTrigger()
        }
        Step("startScanning arms: no scan until the trigger is pressed") {
            try await reader.startScanning()
            expect(await station.simulator.isArmed, "armed")
            try await log.expectNever("a result before the trigger", during: .seconds(3)) { _ in true }
        }
        Step("Press: read; release after the read: nothing more") {
            await station.simulator.pressTrigger()
            expect(try await log.next(within: .seconds(5)).first?.readString ?? "", equals: "https://rigkit.example/lot/42", "read string")
            await station.simulator.releaseTrigger()
        }
        Step("Still armed: press with nothing in view, release: a no-read; stopScanning disarms") {
            await station.simulator.setScene(.empty)
            try await wait(.milliseconds(50))
            await station.simulator.pressTrigger()
            try await wait(.seconds(1))
            await station.simulator.releaseTrigger()
            expect(try await log.next(within: .seconds(1)).map(\.goodRead), equals: [false], "goodRead after the release")
            try await reader.stopScanning()
            expect(await station.simulator.isArmed, equals: false, "armed after stopScanning")
            await station.simulator.pressTrigger()
            expect(await station.simulator.isScanning, equals: false, "the trigger after stopScanning")
        }
    }
}

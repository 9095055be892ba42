import RigKitCognex
import RigKitUSB
import BarcodeDecoder
import CognexCore
import CognexReader
import CognexSimulator
import DMCC
import Foundation
import RigCore
import RigScenario

/// The Cognex readers as the cmbSDK documents them: MX readers over USB, the camera reader in every mode, the MX-100.
enum ReaderScenarios {
    static var all: [Scenario] {
        [mxConnect, mxSymbologies, mxConfigSave, mxTimeout, mxUnplug, mxPower, mxBattery, mxDeviceChange, mxMultiple,
         cameraNoSymbologies, cameraLicence, cameraModes, cameraIgnoredCommands, cameraPaused, cameraHardwareTrigger,
         cameraZoom, cameraTimeout, cameraResolution, cameraPermission, cameraLights, mx100Defaults, mx100Caches,
         mx100Pessimistic, cameraResume, cameraImages, mxImages, mxResume] + ReaderSeedScenarios.all
    }

    static let ean = ReaderScene([.init(.ean13, "4006381333931", size: 0.35)])
    static let qr = ReaderScene([.init(.qr, "https://rigkit.example/lot/42", size: 0.3)])

    /// Results of the MX reader playing `role`, recorded once per scenario.
    static func results(_ rig: LiveRig, _ role: String) async throws -> EventLog<[ReadResult]> {
        try await rig.part(RigKey("mx-results"), of: role, orBuild: { rig.record(try await rig.mxReader(role).results, "\(role) results") })
    }

    /// Starts a scan on the MX reader playing `role` and returns its results.
    static func scan(_ rig: LiveRig, _ role: String = "reader", within limit: Duration = .seconds(15)) async throws -> [ReadResult] {
        let log = try await results(rig, role)
        try await rig.mxReader(role).startScanning()
        return try await log.next(within: limit)
    }

    /// Scans for a read on the MX reader playing `role`: the step is about what is read, not about the reader's time-out,
    /// so the time-out is set to 60 s first. A real reader decodes a frame in tens of milliseconds; the simulator decodes
    /// on the rig's host, and the time-out is a deadline that does not wait for a decode (Docs/Cognex.md), so on a slow
    /// host (the QEMU guest under TCG takes 15-20 s for the first 1280×720 QR frame) the default 5 s would turn
    /// the read into a no-read. On the virtual clock decoding takes no time and nothing changes.
    static func scanForRead(_ rig: LiveRig, _ role: String = "reader") async throws -> [ReadResult] {
        let response = await (try await rig.mxReader(role)).send("SET DECODER.MAX-SCAN-TIMEOUT 60")
        try require(response.status, equals: .noError, "SET DECODER.MAX-SCAN-TIMEOUT 60")
        return try await scan(rig, role, within: .seconds(65))
    }

    static let mxConnect = Scenario("Reader: an MX-1502 on USB is available, connects and reports its type", .tags(.reader)) { rig in
        let reader = try await rig.mxReader("reader")
        let states = rig.record(reader.connectionStateChanges, "connection")
        Step("Available on the bus") { try require(await reader.availability, equals: .available, "availability") }
        Step("Connect") {
            try await reader.connect()
            try await states.expectInOrder([.connecting, .connected], within: .seconds(2))
            expect(await reader.deviceType, equals: "MX-1502", "device type")
            expect(await reader.send("GET DEVICE.SERIAL-NUMBER").payload, equals: try rig.mxSerialNumber("reader") ?? "", "serial number")
            expect(await reader.send("GET NO.SUCH-THING").status, equals: .invalidCommand, "status of an unknown command")
        }
    }

    static let mxSymbologies = Scenario("Reader: symbology settings decide what an MX reader reads", .tags(.reader)) { rig in
        let reader = try await rig.mxReader("reader")
        let station = try await rig.mxStation("reader")
        Step("Connect, QR in view") {
            try await reader.connect()
            await station.simulator.setScene(qr)
        }
        Step("QR off: the scan times out with no read") {
            try await reader.setSymbology(.qr, enabled: false)
            expect(try await reader.isEnabled(.qr), equals: false, "QR enabled")
            _ = await reader.send("SET DECODER.MAX-SCAN-TIMEOUT 2")
            let results = try await scan(rig)
            expect(results.map(\.goodRead), equals: [false], "goodRead")
        }
        Step("QR on: read") {
            try await reader.setSymbology(.qr, enabled: true)
            let results = try await scanForRead(rig)
            try require(results.first?.goodRead == true, "a good read")
            expect(results.first?.readString ?? "", equals: "https://rigkit.example/lot/42", "read string")
            expect(results.first?.symbology, equals: .qr, "symbology")
            expect(results.first?.xml.contains("<full_string encoding=\"base64\">\(Data("https://rigkit.example/lot/42".utf8).base64EncodedString())</full_string>") ?? false,
                   "XML carries the raw bytes in base64")
        }
        Step("A setting the reader does not know is refused with status 102") {
            expect(await reader.send("SET SYMBOL.NOPE ON").status, equals: .invalidParameter, "status of SET SYMBOL.NOPE")
            expect(await reader.send("SET SYMBOL.QR MAYBE").status, equals: .invalidParameter, "status of a bad value")
        }
    }

    static let mxConfigSave = Scenario("Reader: CONFIG.SAVE keeps a configuration that reset restores", .tags(.reader)) { rig in
        let reader = try await rig.mxReader("reader")
        Step("Save with Code 39 on, change, reset") {
            try await reader.connect()
            try await reader.setSymbology(.c39, enabled: true)
            expect(await reader.send("CONFIG.SAVE").status, equals: .noError, "CONFIG.SAVE")
            try await reader.setSymbology(.c39, enabled: false)
            try await reader.setLightsOn(false)
            try await reader.resetConfig()
            expect(try await reader.isEnabled(.c39), equals: true, "Code 39 after reset")
            expect(await reader.send("GET LIGHT.INTERNAL-ENABLE").payload, equals: "ON", "lights after reset")
        }
    }

    static let mxTimeout = Scenario("Reader: DECODER.MAX-SCAN-TIMEOUT ends a scan without a read", .tags(.reader)) { rig in
        let reader = try await rig.mxReader("reader")
        Step("Nothing in view, 3 s timeout") {
            try await reader.connect()
            expect(await reader.send("SET DECODER.MAX-SCAN-TIMEOUT 3").status, equals: .noError, "set timeout")
            let start = rigNow
            let results = try await scan(rig)
            expect(results.map(\.goodRead), equals: [false], "goodRead")
            measure("scan length", (rigNow - start).seconds, unit: "s", limits: 2.9...3.2)
        }
    }

    static let mxUnplug = Scenario("Reader: unplugging during a scan, then replugging and reconnecting", .tags(.reader), .requires(.faultInjection)) { rig in
        let reader = try await rig.mxReader("reader")
        let station = try await rig.mxStation("reader")
        let availability = rig.record(reader.availabilityChanges, "availability")
        let states = rig.record(reader.connectionStateChanges, "connection")
        Step("Scan, pull the cable mid-scan") {
            try await reader.connect()
            _ = await reader.send("SET DECODER.MAX-SCAN-TIMEOUT 10")
            try await reader.startScanning()
            try await wait(.seconds(1))
            await station.unplugCable()
            try await availability.expectEventually(.unavailable, within: .seconds(2))
            try await states.expectEventually(.disconnected, within: .seconds(2))
            expect(await reader.send("GET DEVICE.TYPE").status, equals: .readerOffline, "a command while unplugged")
            await expect(throws: ReaderError.unavailable("no \(try rig.mxMatch("reader")) on the bus"), "connect while unplugged") { try await reader.connect() }
        }
        Step("Replug, reconnect, read") {
            await station.plugCable()
            // A real bus enumerates the replugged device in its own time (a second or more on the QEMU lane's
            // emulated controller, more when its host is busy); the simulated one answers in rig time.
            let enumeration: Duration = rig.file.devices.allSatisfy(\.link.isSimulated) ? .seconds(2) : .seconds(6)
            try await availability.expectEventually(.available, within: enumeration)
            try await reader.connect()
            await station.simulator.setScene(ean)
            let results = try await scanForRead(rig)
            expect(results.first?.readString ?? "", equals: "4006381333931", "read after reconnecting")
        }
    }

    static let mxPower = Scenario("Reader: an idle MX reader powers down after its inactivity time-out and becomes unavailable", .tags(.reader), .requires(.virtualClock), .timeLimit(.seconds(3600))) { rig in
        let reader = try await rig.mxReader("reader")
        let availability = rig.record(reader.availabilityChanges, "availability")
        Step("Connect and wait 15 minutes") {
            try await reader.connect()
            try await availability.expectEventually(.unavailable, within: .seconds(16 * 60))
            measure("idle before power-down", rigNow.seconds / 60, unit: "min", limits: 14.9...15.1)
            try require(await reader.connectionState, equals: .disconnected, "connection")
        }
        Step("Power up: available again, saved configuration") {
            let station = try await rig.mxStation("reader")
            await station.simulator.powerUp()
            try await availability.expectEventually(.available, within: .seconds(1))
        }
    }

    static let mxBattery = Scenario("Reader: each scan drains the battery and an empty battery takes the reader away", .tags(.reader), .requires(.faultInjection)) { rig in
        let reader = try await rig.mxReader("reader-2")
        let station = try await rig.mxStation("reader-2")
        Step("Twenty scans") {
            try await reader.connect()
            await station.simulator.setScene(ean)
            try await reader.setSymbology(.upcEan, enabled: true)
            let before = await station.simulator.batteryPercent
            for _ in 0..<20 { _ = try await scan(rig, "reader-2") }
            measure("battery used by 20 scans", before - (await station.simulator.batteryPercent), unit: "%", limits: 0.99...1.01)
            expect(await reader.send("GET BATTERY.CHARGE").payload, equals: "59", "battery the reader reports")
        }
        Step("Battery dies") {
            await station.simulator.setBattery(percent: 0)
            // Simulated: at once. Behind a real USB path the gadget leaves the bus and libusb must notice it, which takes
            // seconds in a loaded QEMU guest: the step is about the reader going away, not about how fast a kernel says so.
            let limit: Duration = rig.clock.isVirtual ? .seconds(1) : .seconds(15)
            try await eventually(within: limit, "the reader is unavailable") { await reader.availability == .unavailable }
        }
    }

    static let mxDeviceChange = Scenario("Reader: changing devices mid-session (disconnect one reader, connect another)", .tags(.reader)) { rig in
        let first = try await rig.mxReader("reader")
        let second = try await rig.mxReader("reader-2")
        Step("First, then second") {
            try await first.connect()
            expect(await first.deviceType, equals: "MX-1502", "first device")
            await first.disconnect()
            try await second.connect()
            expect(await second.deviceType, equals: "MX-1000", "second device")
            expect(await first.connectionState, equals: .disconnected, "first reader state")
            let station = try await rig.mxStation("reader-2")
            await station.simulator.setScene(qr)
            expect(try await scanForRead(rig, "reader-2").first?.readString ?? "", equals: "https://rigkit.example/lot/42", "read on the second reader")
        }
    }

    static let mxMultiple = Scenario("Reader: several codes in one frame come back together", .tags(.reader)) { rig in
        let reader = try await rig.mxReader("reader")
        let station = try await rig.mxStation("reader")
        Step("QR and EAN-13 side by side") {
            try await reader.connect()
            await station.simulator.setScene(ReaderScene([.init(.qr, "LEFT-42", x: 0.25, size: 0.2), .init(.ean13, "4006381333931", x: 0.72, size: 0.3)]))
            let results = try await scanForRead(rig)
            expect(Set(results.compactMap(\.readString)), equals: ["LEFT-42", "4006381333931"], "read strings")
            measure("results in one frame", Double(results.count), unit: "", limits: 2...2)
        }
    }

    // MARK: Camera reader

    static let cameraNoSymbologies = Scenario("Reader: the camera reader starts with no symbologies enabled", .tags(.reader, .camera)) { rig in
        let camera = try await rig.cameraReader("camera", mode: .noAimer, licenseKey: "lab-licence")
        let results = rig.record(camera.results, "camera results")
        Step("Every symbology off; nothing is read") {
            try await camera.connect()
            for symbology in ReaderSymbology.allCases {
                expect(await camera.send("GET SYMBOL.\(symbology.dmccName)").payload, equals: "OFF", "\(symbology.rawValue) enabled")
            }
            await camera.setScene(qr)
            _ = await camera.send("SET DECODER.MAX-SCAN-TIMEOUT 2")
            try await camera.startScanning()
            try await results.expectNext([ReadResult.noRead], within: .seconds(3))
        }
        Step("Enable QR: read") {
            try await camera.setSymbology(.qr, enabled: true)
            try await camera.startScanning()
            let read = try await results.next(within: .seconds(2))
            expect(read.first?.readString ?? "", equals: "https://rigkit.example/lot/42", "read string with a licence")
            try await camera.setSymbology(.c93, enabled: true)
            expect(await camera.symbologies.contains(.c93), "Code 93 is accepted by the camera reader (the decoder reads it)")
        }
    }

    static let cameraLicence = Scenario("Reader: without a licence key the camera reader hides characters behind *", .tags(.reader, .camera)) { rig in
        let camera = try await rig.cameraReader("camera", mode: .noAimer)
        let results = rig.record(camera.results, "camera results")
        Step("Read unlicensed") {
            try await camera.connect()
            try await camera.setSymbology(.qr, enabled: true)
            await camera.setScene(qr)
            try await camera.startScanning()
            let read = try await results.next(within: .seconds(2))
            let text = read.first?.readString ?? ""
            let original = "https://rigkit.example/lot/42"
            expect(text.count, equals: original.count, "length kept")
            expect(text.contains("*"), "some characters replaced by *")
            expect(zip(text, original).allSatisfy { $0 == "*" || $0 == $1 }, "the others unchanged")
            expect(read.first?.bytes ?? [], equals: Array(text.utf8), "the bytes carry the obfuscated string too")
        }
    }

    static let cameraModes: Scenario = Scenario("Reader: each camera mode shows the preview and buttons the SDK documents", .tags(.reader, .camera)) { rig in
        Step("noAimer, passiveAimer, activeAimer, frontCamera, and alwaysShow") {
            let expectations: [(CameraMode, PreviewOptions, Bool, Bool, Bool)] = [
                (.noAimer, .defaults, true, true, true), (.passiveAimer, .defaults, false, false, false),
                (.activeAimer, .defaults, false, false, false), (.frontCamera, .defaults, true, true, false),
                (.passiveAimer, .alwaysShow, true, true, false), (.activeAimer, .alwaysShow, true, true, true),
                (.noAimer, [.noZoomButton, .noIlluminationButton], true, false, false),
            ]
            for (mode, options, preview, zoom, illumination) in expectations {
                let camera = try await rig.cameraReader("camera", mode: mode, options: options, licenseKey: "lab")
                try await camera.connect()
                try await camera.startScanning()
                let state = await camera.preview
                let label = "\(mode.rawValue) \(options.rawValue)"
                expect(state?.isShown ?? false, equals: preview, "\(label): preview shown")
                expect(state?.zoomButton ?? false, equals: zoom, "\(label): zoom button")
                expect(state?.illuminationButton ?? false, equals: illumination, "\(label): illumination button")
                await camera.stopScanning()
                await camera.disconnect()
            }
        }
    }

    static let cameraIgnoredCommands = Scenario("Reader: illumination and aimer commands are accepted or ignored by mode", .tags(.reader, .camera)) { rig in
        Step("Per mode") {
            for (mode, lightsTake, aimerTakes) in [(CameraMode.noAimer, true, false), (.passiveAimer, false, false), (.activeAimer, true, true), (.frontCamera, false, false)] {
                let camera = try await rig.cameraReader("camera", mode: mode, licenseKey: "lab")
                try await camera.connect()
                let before = await camera.lightsOn
                expect(await camera.send("SET LIGHT.INTERNAL-ENABLE \(before ? "OFF" : "ON")").status, equals: .noError, "\(mode.rawValue): status of an illumination command")
                expect(await camera.lightsOn != before, equals: lightsTake, "\(mode.rawValue): illumination changed")
                expect(await camera.send("SET AIMER.INTENSITY 20").status, equals: .noError, "\(mode.rawValue): status of an aimer command")
                expect(await camera.aimerCommandsApplied > 0, equals: aimerTakes, "\(mode.rawValue): aimer command applied")
                await camera.disconnect()
            }
        }
    }

    static let cameraPaused = Scenario("Reader: a paused preview decodes only after its scan button", .tags(.reader, .camera)) { rig in
        let camera = try await rig.cameraReader("camera", mode: .noAimer, options: .paused, licenseKey: "lab")
        let results = rig.record(camera.results, "camera results")
        Step("Start: preview, no decoding") {
            try await camera.connect()
            try await camera.setSymbology(.qr, enabled: true)
            await camera.setScene(qr)
            try await camera.startScanning()
            expect(await camera.preview?.scanButton ?? false, "scan button shown")
            try await results.expectNever("a result", during: .seconds(10)) { _ in true }
        }
        Step("Tap: read") {
            await camera.tapScanButton()
            expect(try await results.next(within: .seconds(1)).first?.goodRead ?? false, "good read after the tap")
        }
    }

    static let cameraHardwareTrigger = Scenario("Reader: the simulated hardware trigger only starts scanning", .tags(.reader, .camera)) { rig in
        let camera = try await rig.cameraReader("camera", mode: .noAimer, options: .hardwareTrigger, licenseKey: "lab")
        Step("Press twice") {
            try await camera.connect()
            _ = await camera.send("SET DECODER.MAX-SCAN-TIMEOUT 20")
            try await camera.pressHardwareTrigger()
            expect(await camera.isScanning, "scanning after the first press")
            try await camera.pressHardwareTrigger()
            expect(await camera.isScanning, "still scanning after the second press")
        }
        Step("Without the option the button does nothing") {
            let plain = try await rig.cameraReader("camera", mode: .noAimer, licenseKey: "lab")
            try await plain.connect()
            try await plain.pressHardwareTrigger()
            expect(await plain.isScanning, equals: false, "scanning")
        }
    }

    static let cameraZoom = Scenario("Reader: zoom levels read small codes and reset after a scan", .tags(.reader, .camera)) { rig in
        let camera = try await rig.cameraReader("camera", mode: .noAimer, licenseKey: "lab")
        let results = rig.record(camera.results, "camera results")
        let tiny = ReaderScene([.init(.qr, "SMALL-7", size: 0.014)])
        Step("Zoom percents") {
            try await camera.connect()
            try await camera.setSymbology(.qr, enabled: true)
            expect(await camera.send("GET CAMERA.ZOOM-PERCENT").payload, equals: "200 400", "default zoom percents")
            expect(await camera.send("SET CAMERA.ZOOM-PERCENT 250 500").status, equals: .noError, "set zoom percents")
            expect(await camera.send("SET CAMERA.ZOOM-PERCENT 90 500").status, equals: .invalidParameter, "below 100 %")
            expect(await camera.send("SET CAMERA.ZOOM 3").status, equals: .invalidParameter, "level 3")
        }
        Step("A tiny code: no read at 100 %, read at level 2 (500 %)") {
            await camera.setScene(tiny)
            _ = await camera.send("SET DECODER.MAX-SCAN-TIMEOUT 1")
            try await camera.startScanning()
            try await results.expectNext([ReadResult.noRead], within: .seconds(2))
            _ = await camera.send("SET CAMERA.ZOOM 2")
            try await camera.startScanning()
            expect(try await results.next(within: .seconds(2)).first?.readString ?? "", equals: "SMALL-7", "read zoomed")
            expect(await camera.send("GET CAMERA.ZOOM").payload, equals: "0", "zoom after the scan")
        }
    }

    static let cameraTimeout = Scenario("Reader: the camera reader times out without a read and stops on stopScanning", .tags(.reader, .camera)) { rig in
        let camera = try await rig.cameraReader("camera", mode: .noAimer, licenseKey: "lab")
        let results = rig.record(camera.results, "camera results")
        Step("Timeout") {
            try await camera.connect()
            try await camera.setSymbology(.c128, enabled: true)
            _ = await camera.send("SET DECODER.MAX-SCAN-TIMEOUT 4")
            let start = rigNow
            try await camera.startScanning()
            try await results.expectNext([ReadResult.noRead], within: .seconds(5))
            measure("camera scan length", (rigNow - start).seconds, unit: "s", limits: 3.9...4.1)
        }
        Step("Stop") {
            _ = await camera.send("SET DECODER.MAX-SCAN-TIMEOUT 0")
            try await camera.startScanning()
            try await wait(.seconds(30))
            await camera.stopScanning()
            try await results.expectNext([ReadResult.noRead], within: .seconds(1))
            expect(await camera.isScanning, equals: false, "scanning")
        }
    }

    static let cameraResolution = Scenario("Reader: high resolution and high frame rate change the camera's frames", .tags(.reader, .camera)) { rig in
        Step("Defaults and options") {
            for (options, width, fps) in [(PreviewOptions.defaults, 1280, 30), (.highResolution, 1920, 30), (.highFrameRate, 1280, 60),
                                          ([.highResolution, .highFrameRate], 1920, 60)] {
                let camera = try await rig.cameraReader("camera", mode: .noAimer, options: options, licenseKey: "lab")
                try await camera.connect()
                try await camera.startScanning()
                expect(await camera.preview?.width ?? 0, equals: width, "width with options \(options.rawValue)")
                expect(await camera.preview?.framesPerSecond ?? 0, equals: fps, "fps with options \(options.rawValue)")
                await camera.disconnect()
            }
        }
    }

    static let cameraPermission = Scenario("Reader: the camera reader cannot connect without camera access", .tags(.reader, .camera)) { rig in
        Step("Refused") {
            await rig.host.setCameraPermission(.denied)
            let camera = try await rig.cameraReader("camera", mode: .noAimer, licenseKey: "lab")
            await expect(throws: ReaderError.cameraPermissionDenied, "connect") { try await camera.connect() }
            expect(await camera.connectionState, equals: .disconnected, "state")
        }
    }

    static let cameraLights = Scenario("Reader: in the dark only illumination reads; passive aimer and front camera have none", .tags(.reader, .camera)) { rig in
        let dark = ReaderScene([.init(.qr, "DARK-1", size: 0.3)], ambientLight: 0.1)
        Step("noAimer: no read dark, read with lights") {
            let camera = try await rig.cameraReader("camera", mode: .noAimer, licenseKey: "lab")
            let results = rig.record(camera.results, "camera results")
            try await camera.connect()
            try await camera.setSymbology(.qr, enabled: true)
            await camera.setScene(dark)
            _ = await camera.send("SET DECODER.MAX-SCAN-TIMEOUT 1")
            try await camera.startScanning()
            try await results.expectNext([ReadResult.noRead], within: .seconds(2))
            try await camera.setLightsOn(true)
            try await camera.startScanning()
            expect(try await results.next(within: .seconds(2)).first?.readString ?? "", equals: "DARK-1", "read with lights")
        }
        Step("passiveAimer and frontCamera refuse lights") {
            for mode in [CameraMode.passiveAimer, .frontCamera] {
                let camera = try await rig.cameraReader("camera", mode: mode, licenseKey: "lab")
                try await camera.connect()
                await expect(throws: ReaderError.illuminationNotAvailable(mode), "lights in \(mode.rawValue)") { try await camera.setLightsOn(true) }
            }
        }
    }

    static let mx100Defaults = Scenario("Reader: the MX-100 enables Code 39, Code 128, DataBar, PDF417, QR and UPC/EAN and needs no licence", .tags(.reader, .camera)) { rig in
        let camera = try await rig.cameraReader("camera", mode: .activeAimer)
        let results = rig.record(camera.results, "camera results")
        Step("Defaults") {
            try await camera.connect()
            expect(await camera.symbologies, equals: ReaderSymbology.mx100Defaults, "enabled symbologies")
            expect(await camera.send("GET DEVICE.TYPE").payload, equals: "MX-100", "device type")
        }
        Step("Reads unobfuscated without a licence key") {
            await camera.setScene(ean)
            try await camera.startScanning()
            expect(try await results.next(within: .seconds(2)).first?.readString ?? "", equals: "4006381333931", "read string")
        }
        Step("Every default symbology really reads, PDF417 and DataBar included") {
            let defaults = ReaderSymbology.allCases.filter { ReaderSymbology.mx100Defaults.contains($0) }
            for family in defaults {
                for symbology in family.decoderSymbologies where symbology.isSupported {
                    let text = ReaderSeedScenarios.sampleText(symbology)
                    await camera.setScene(ReaderScene([.init(symbology, text, size: 0.4)]))
                    try await camera.startScanning()
                    let read = try await results.next(within: .seconds(3))
                    expect(read.first?.readString ?? "no read", equals: text, "\(symbology) read with the MX-100's defaults")
                }
            }
        }
    }

    static let mx100Caches = Scenario("Reader: the MX-100's identity is cached for 7 days, its settings read at the initial connection", .tags(.reader, .camera, .long), .requires(.virtualClock), .timeLimit(.seconds(9 * 24 * 3600))) { rig in
        let aimer = try rig.mx100("aimer")
        let camera = try await rig.cameraReader("camera", mode: .activeAimer)
        Step("First connect reads both") {
            try await camera.connect()
            expect(await aimer.identityReads, equals: 1, "identity reads")
            expect(await aimer.settingsReads, equals: 1, "settings reads")
            expect(await camera.caches.identity?.serial ?? "", equals: "MX100C3301", "cached serial")
        }
        Step("Reconnect a day later: both caches hold (optimistic session cache)") {
            await camera.disconnect()
            try await wait(.seconds(24 * 3600))
            try await camera.connect()
            expect(await aimer.identityReads, equals: 1, "identity reads")
            expect(await aimer.settingsReads, equals: 1, "settings reads: the session cache is read at the initial connection only")
        }
        Step("Reconnect after 7 days: identity again") {
            await camera.disconnect()
            try await wait(.seconds(7 * 24 * 3600))
            try await camera.connect()
            expect(await aimer.identityReads, equals: 2, "identity reads")
        }
    }

    static let mx100Pessimistic = Scenario("Reader: with pessimistic caching the MX-100 settings are re-read on resume", .tags(.reader, .camera)) { rig in
        let aimer = try rig.mx100("aimer")
        Step("Optimistic: another app's change is not seen after resuming and reconnecting") {
            let camera = try await rig.cameraReader("camera", mode: .activeAimer)
            try await camera.connect()
            await aimer.change { $0.aimerIntensity = 99 }
            await rig.host.setAppState(.background)
            await rig.host.setAppState(.foreground)
            try await wait(.seconds(2))
            try await camera.reconnectIfNeeded()
            expect(await camera.connectionState, equals: .connected, "reconnected")
            expect(await camera.caches.session?.aimerIntensity ?? 0, equals: 50, "cached intensity")
            await camera.disconnect()
        }
        Step("Pessimistic: re-read at the reconnection after the resume") {
            let camera = try await rig.cameraReader("camera", mode: .activeAimer, options: .pessimisticCaching)
            try await camera.connect()
            await aimer.change { $0.aimerIntensity = 12 }
            await rig.host.setAppState(.background)
            await rig.host.setAppState(.foreground)
            try await wait(.seconds(1))
            try await camera.reconnectIfNeeded()
            expect(await camera.caches.session?.aimerIntensity ?? 0, equals: 12, "the cache follows the aimer")
        }
    }

    static let cameraResume = Scenario("Reader: going to the background stops a camera scan; after resuming the camera reader is initialised but not connected until the app reconnects", .tags(.reader, .camera)) { rig in
        let camera = try await rig.cameraReader("camera", mode: .noAimer, licenseKey: "lab")
        let results = rig.record(camera.results, "camera results")
        let states = rig.record(camera.connectionStateChanges, "connection")
        Step("Background mid-scan") {
            try await camera.connect()
            try await camera.setSymbology(.qr, enabled: true)
            try await camera.startScanning()
            await rig.host.setAppState(.background)
            try await eventually(within: .seconds(1), "scanning stopped") { await !camera.isScanning }
            try await states.expectEventually(.disconnected, within: .seconds(1))
        }
        Step("Foreground: initialised, not connected; scanning needs a reconnect") {
            await rig.host.setAppState(.foreground)
            try await wait(.milliseconds(100))
            expect(await camera.connectionState, equals: .disconnected, "state after resuming")
            await expect(throws: ReaderError.notConnected, "startScanning before reconnecting") { try await camera.startScanning() }
            expect(await camera.symbologies.contains(.qr), "the reader kept its settings (no reinitialisation)")
        }
        Step("Reconnect as appBecameActive does, scan again") {
            try await camera.reconnectIfNeeded()
            let connecting = states.entries.filter { $0.element == .connecting }.count
            try await camera.reconnectIfNeeded()   // already connected: nothing happens
            try await wait(.milliseconds(100))
            expect(states.entries.filter { $0.element == .connecting }.count, equals: connecting, "no second connection attempt")
            await camera.setScene(qr)
            try await camera.startScanning()
            expect(try await results.next(within: .seconds(2)).first?.goodRead ?? false, "read after reconnecting")
        }
    }
}

extension ReaderScenarios {
    static let cameraImages = Scenario("Reader: image and SVG results only when enabled", .tags(.reader, .camera)) { rig in
        let camera = try await rig.cameraReader("camera", mode: .noAimer, licenseKey: "lab")
        let results = rig.record(camera.results, "camera results")
        Step("Off by default") {
            try await camera.connect()
            try await camera.setSymbology(.qr, enabled: true)
            await camera.setScene(qr)
            try await camera.startScanning()
            let read = try await results.next(within: .seconds(2))
            expect(read.first?.image == nil && read.first?.svgOutline == nil, "no image or SVG by default")
        }
        Step("Enabled") {
            await camera.setImageResultEnabled(true)
            await camera.setSVGResultEnabled(true)
            try await camera.startScanning()
            let read = try await results.next(within: .seconds(2))
            expect(read.first?.image?.width ?? 0, equals: 1280, "image width")
            expect(read.first?.svgOutline?.hasPrefix("M") ?? false, "SVG path")
        }
    }

    static let mxImages = Scenario("Reader: an MX reader sends a result image and the SDK draws the SVG outline from the corners", .tags(.reader)) { rig in
        let reader = try await rig.mxReader("reader")
        let station = try await rig.mxStation("reader")
        Step("Enable both and read") {
            try await reader.connect()
            await station.simulator.setScene(ean)
            await reader.setSVGResultEnabled(true)
            try await reader.setImageResultEnabled(true)
            let read = try await scanForRead(rig)
            expect(read.first?.readString ?? "", equals: "4006381333931", "read string")
            expect(read.first?.image?.width ?? 0, equals: 320, "image width (a quarter of the frame)")
            expect(read.first?.svgOutline?.hasSuffix(" Z") ?? false, "closed SVG path")
        }
    }

    static let mxResume = Scenario("Reader: after the app resumes, the MX reader is available again and the app reconnects", .tags(.reader)) { rig in
        let reader = try await rig.mxReader("reader")
        let states = rig.record(reader.connectionStateChanges, "connection")
        let availability = rig.record(reader.availabilityChanges, "availability")
        Step("Inactive: initialized but not connected") {
            try await reader.connect()
            await rig.host.setAppState(.background)
            try await states.expectEventually(.disconnected, within: .seconds(1))
        }
        Step("Resume: available again, reconnect as appBecameActive does") {
            await rig.host.setAppState(.foreground)
            try await availability.expectEventually(.available, within: .seconds(1))
            try await reader.reconnectIfNeeded()
            try require(await reader.connectionState, equals: .connected, "state")
            try await reader.reconnectIfNeeded()
            try await states.expectNever(.connecting, during: .seconds(1))
        }
    }
}

extension Tag {
    /// Scenarios of the Cognex readers.
    public static let reader: Tag = "reader"
    /// Scenarios of the camera reader.
    public static let camera: Tag = "camera"
}

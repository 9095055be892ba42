import RigKitBLE
import RigKitWristband
import E4Protocol
import Foundation
import RigCore
import RigScenario
import Wristband
import WristbandSimulator

/// The Empatica wristbands as EmpaLink documents them: authentication, discovery, connection, streams, faults.
enum WristbandScenarios {
    static var all: [Scenario] {
        [authentication, lifecycle, bleStatus, anyBand] + discovery + [
            connectionLifecycle, connectOutOfRange, rates, ibiWarmUp, ibiMatchesBeats, heartRateKnob, motionFiltersIBI,
            tags, e3HasNoTags, batteryDrain, reconnect, twoBands, notificationLoss, outOfRange, batteryDeath, rigFileFaults,
        ] + WristbandSemanticsScenarios.all
    }

    /// The one wristband scenario that needs no simulator: it runs on a real band bound over `ble` (the QEMU lane
    /// runs it against a Bumble E4), a broadcast simulator, or the simulated radio.
    static let anyBand = Scenario("Wristband: a band, real or simulated, streams BVP, acceleration, GSR and temperature in order", .tags(.wristband)) { rig in
        let api = try await rig.empatica()
        let address = try rig.wristbandAddress("wristband")
        Step("Find the band at its address") {
            try require(await api.authenticate(apiKey: WristbandSimulation.defaultTestKey).success, "authentication")
            await api.followAppLifecycle()
        }
        Step("Stream for 10 s") {
            let band = try require(try await api.discoverDevices().first { $0.address == address }, "band at \(address) in the scan")
            let samples = rig.record(band.samples(), "samples")
            try require(await band.connect(), "connection to \(band.serialNumber)")
            try await wait(.seconds(10))
            await band.disconnect()
            func stamps(_ keep: (WristbandSample) -> Bool) -> [Double] { samples.entries.map(\.element).filter(keep).map(\.timestamp) }
            for (name, keep) in [("BVP", { if case .bvp = $0 { true } else { false } }),
                                 ("acceleration", { if case .acceleration = $0 { true } else { false } }),
                                 ("GSR", { if case .gsr = $0 { true } else { false } }),
                                 ("temperature", { if case .temperature = $0 { true } else { false } })] as [(String, (WristbandSample) -> Bool)] {
                let times = stamps(keep)
                expect(!times.isEmpty, "\(name) samples arrived")
                expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 }, "\(name) timestamps strictly increase")
            }
            let values = samples.entries.map(\.element)
            let temperatures = values.compactMap { if case .temperature(let c, _) = $0 { c } else { nil } }
            expect(temperatures.allSatisfy { (20...42).contains($0) }, "skin temperatures plausible: \(Set(temperatures).sorted().prefix(5))")
            let conductances = values.compactMap { if case .gsr(let us, _) = $0 { us } else { nil } }
            expect(conductances.allSatisfy { $0 > 0 }, "skin conductances positive: \(Set(conductances).sorted().prefix(5))")
            measure("BVP samples in 10 s", Double(stamps { if case .bvp = $0 { true } else { false } }.count), unit: "")
        }
    }

    static let authentication = Scenario("Wristband: discovery fails without a valid API key", .tags(.wristband)) { rig in
        let api = try await rig.empatica()
        Step("Lifecycle wired, no key yet") {
            await api.followAppLifecycle()
            try await require(throws: EmpaticaError.notAuthenticated, "discovery before authenticating") { try await api.discoverDevices() }
        }
        Step("Missing and invalid keys are refused with a reason") {
            let missing = await api.authenticate(apiKey: "")
            expect(missing.success, equals: false, "success with no key")
            expect(missing.description, equals: "no API key given", "description")
            let invalid = await api.authenticate(apiKey: "not-a-key-0000")
            expect(invalid.description, equals: "the API key is not valid for this account", "description")
            try await require(throws: EmpaticaError.notAuthenticated, "discovery after a refused key") { try await api.discoverDevices() }
        }
        Step("The valid key works and no key reaches the trace") {
            try require(await api.authenticate(apiKey: WristbandSimulation.defaultTestKey).success, "valid key accepted")
            let devices = try await api.discoverDevices()
            expect(devices.count, equals: 3, "wristbands found")
            let leaked = rig.trace.all.contains { event in
                event.fields.contains { $0.1.contains("not-a-key") || $0.1.contains(WristbandSimulation.defaultTestKey) }
            }
            expect(!leaked, "no API key in the trace")
        }
    }

    static let lifecycle = Scenario("Wristband: discovery fails until the app wires prepareForBackground and prepareForResume", .tags(.wristband)) { rig in
        let api = try await rig.empatica()
        Step("Authenticated but lifecycle not wired") {
            _ = await api.authenticate(apiKey: WristbandSimulation.defaultTestKey)
            try await require(throws: EmpaticaError.lifecycleNotPrepared, "discovery") { try await api.discoverDevices() }
        }
        Step("Wired: discovery works") {
            await api.followAppLifecycle()
            expect(try await api.discoverDevices().count, equals: 3, "wristbands found")
        }
    }

    static let bleStatus = Scenario("Wristband: BLE status is scanning during discovery and notAvailable with Bluetooth off", .tags(.wristband)) { rig in
        let api = try await rig.empatica()
        let statuses = rig.record(api.bleStatusUpdates, "BLE status")
        Step("Ready, scanning, ready") {
            try require(await api.bleStatus, equals: .ready, "status before the scan")
            _ = await api.authenticate(apiKey: WristbandSimulation.defaultTestKey)
            await api.followAppLifecycle()
            _ = try await api.discoverDevices(scanFor: .seconds(2))
            try await statuses.expectInOrder([.scanning, .ready], within: .seconds(1))
            let scanning = statuses.entries.map(\.time)
            // Exactly 2 s on the virtual clock; a real adapter's scan ends a few milliseconds late.
            measure("scan length", (scanning[1] - scanning[0]).seconds, unit: "s", limits: 2.0...2.25)
        }
        Step("Bluetooth off: notAvailable, discovery fails; on again: ready") {
            await rig.host.setBluetooth(false)
            try await statuses.expectNext(.notAvailable, within: .seconds(1))
            try await require(throws: EmpaticaError.bluetoothNotAvailable, "discovery with Bluetooth off") { try await api.discoverDevices() }
            await rig.host.setBluetooth(true)
            try await statuses.expectNext(.ready, within: .seconds(1))
        }
    }

    static let discovery: [Scenario] = [0, 1, 3].map { count in
        Scenario("Wristband: discovery finds \(count == 0 ? "none" : String(count)) of three bands when \(count) \(count == 1 ? "is" : "are") on", .tags(.wristband)) { rig in
            let api = try await rig.empatica()
            let roles = ["wristband", "wristband-2", "wristband-3"]
            Step("Switch off all but \(count)") {
                for (index, role) in roles.enumerated() where index >= count {
                    await try rig.wristbandSimulator(role).powerOff()
                }
                // A real scan reports whatever advertised while it ran: let the switch-off reach the air first
                // (a broadcast simulator's adapter stops advertising within 100 ms).
                try await wait(.seconds(1))
            }
            Step("Discover") {
                _ = await api.authenticate(apiKey: WristbandSimulation.defaultTestKey)
                await api.followAppLifecycle()
                let found = try await api.discoverDevices()
                var expected: [String] = []
                for role in roles.prefix(count) { expected.append(try rig.wristbandSimulator(role).serialNumber) }
                expect(found.map(\.serialNumber).sorted(), equals: expected.sorted(), "serial numbers found")
                expect(found.allSatisfy { $0.name.hasPrefix("Empatica E") }, "names are Empatica E3/E4")
            }
        }
    }

    static let connectionLifecycle = Scenario("Wristband: status goes connecting, connected, disconnecting, disconnected", .tags(.wristband)) { rig in
        let fixture = try await BandFixture(rig)
        Step("Disconnect with nothing connected does nothing") {
            await fixture.band.disconnect()
            try await fixture.statuses.expectNever("a status change", during: .seconds(1)) { _ in true }
        }
        Step("Connect") {
            try await fixture.connect()
            try await fixture.statuses.expectInOrder([.connecting, .connected], within: .seconds(5))
        }
        Step("Disconnect") {
            try await wait(.seconds(5))
            await fixture.band.disconnect()
            try await fixture.statuses.expectInOrder([.disconnecting, .disconnected], within: .seconds(5))
            // The band's host learns of the link's end from its own controller, after the app's: over a real link (the
            // QEMU lane's emulated controllers) that can come a moment later; on a simulated rig it is the same instant.
            try await eventually(within: .seconds(2), "the band stopped streaming after disconnect") { await !fixture.simulator.isStreaming }
            let count = fixture.samples.entries.count
            try await wait(.seconds(5))
            expect(fixture.samples.entries.count, equals: count, "samples after disconnect")
        }
    }

    static let connectOutOfRange = Scenario("Wristband: connecting to a band that left range fails back to disconnected", .tags(.wristband), .requires(.faultInjection)) { rig in
        let fixture = try await BandFixture(rig)
        Step("Band walks away, connect fails") {
            await fixture.simulator.goOutOfRange()
            try await wait(.seconds(1))   // gone from the air before the app tries (a broadcast stops within 100 ms)
            expect(await fixture.band.connect(), equals: false, "connect() succeeded")
            try await fixture.statuses.expectInOrder([.connecting, .disconnected], within: .seconds(5))
            expect(await fixture.band.lastError ?? "", equals: "no peripheral \(fixture.band.address) in range", "reason")
        }
    }

    static let rates = Scenario("Wristband: every stream runs at its rate over five minutes", .tags(.wristband, .long), .timeLimit(.seconds(900))) { rig in
        let fixture = try await BandFixture(rig)
        Step("Connect") { try await fixture.connect() }
        let window = Duration.seconds(300)
        Step("Measure BVP 64 Hz, ACC 32 Hz, GSR 4 Hz, temperature 4 Hz") {
            try await wait(.seconds(30))
            let start = fixture.samples.entries.count
            try await wait(window)
            let entries = fixture.samples.entries.dropFirst(start)
            for (kind, hertz, tolerance) in [(WristbandSample.Kind.bvp, 64.0, 0.01), (.acceleration, 32, 0.01), (.gsr, 4, 0.02),
                                             (.temperature, 4, 0.02)] {
                let count = entries.filter { $0.element.kind == kind }.count
                measure("\(kind.rawValue) rate", Double(count) / window.seconds, unit: "Hz", limits: hertz * (1 - tolerance)...hertz * (1 + tolerance))
            }
            let ibis = entries.filter { $0.element.kind == .ibi }.count
            measure("IBI rate at 68 bpm", Double(ibis) / window.seconds * 60, unit: "per minute", limits: 62...74)
        }
        Step("Timestamps sit on each stream's sample grid") {
            let bvp = fixture.timestamps(.bvp)
            let steps = zip(bvp.dropFirst(), bvp).map { $0 - $1 }
            expect(steps.allSatisfy { abs($0 - 1 / 64) < 1e-6 }, "every BVP step is 1/64 s")
            let now = rig.clock.unixNow
            expect(now - (bvp.last ?? 0), in: 0...0.35, "BVP latency behind real time (s): one packet of 1/4 s plus the link")
        }
    }

    static let ibiWarmUp = Scenario("Wristband: IBIs start after about 20 seconds of streaming", .tags(.wristband)) { rig in
        let fixture = try await BandFixture(rig)
        Step("Connect") { try await fixture.connect() }
        Step("No IBI in the first 19 s") {
            try await fixture.samples.expectNever("an IBI", during: .seconds(19)) { $0.kind == .ibi }
        }
        Step("IBIs within a few seconds after") {
            let first = try await fixture.samples.expectInOrder(["an IBI"], within: .seconds(6), matching: [{ $0.kind == .ibi }])
            _ = first
            let ibi = fixture.samples.entries.first { $0.element.kind == .ibi }!
            measure("first IBI after connecting", ibi.time.seconds, unit: "s", limits: 20...26)
        }
    }

    static let ibiMatchesBeats = Scenario("Wristband: every IBI falls on a BVP peak and equals the time since the previous peak", .tags(.wristband)) { rig in
        let fixture = try await BandFixture(rig)
        Step("Stream 90 s") {
            try await fixture.connect()
            try await wait(.seconds(90))
        }
        Step("Compare IBIs with the BVP waveform") {
            let bvp = fixture.samples.entries.compactMap { e -> (Double, Double)? in
                if case .bvp(let v, let t) = e.element { (t, v) } else { nil }
            }
            var peaks: [Double] = []
            for i in 2..<(bvp.count - 2) where bvp[i].1 > 10 && bvp[i].1 >= bvp[i - 1].1 && bvp[i].1 > bvp[i + 1].1
                && bvp[i].1 >= bvp[i - 2].1 && bvp[i].1 >= bvp[i + 2].1 {
                peaks.append(bvp[i].0)
            }
            let ibis = fixture.samples.entries.compactMap { e -> (Double, Double)? in
                if case .ibi(let s, let t) = e.element { (t, s) } else { nil }
            }
            try require(ibis.count >= 50, "at least 50 IBIs in 70 s")
            var worstOffset = 0.0, worstInterval = 0.0
            for (time, interval) in ibis.dropFirst() {
                guard let nearest = peaks.min(by: { abs($0 - time) < abs($1 - time) }),
                      let index = peaks.firstIndex(of: nearest), index > 0 else { continue }
                worstOffset = max(worstOffset, abs(nearest - time))
                worstInterval = max(worstInterval, abs((peaks[index] - peaks[index - 1]) - interval))
            }
            measure("largest IBI-to-BVP-peak offset", worstOffset * 1000, unit: "ms", limits: 0...35)
            measure("largest IBI vs peak-to-peak difference", worstInterval * 1000, unit: "ms", limits: 0...50)
        }
    }

    static let heartRateKnob = Scenario("Wristband: IBIs follow the heart rate", .tags(.wristband)) { rig in
        let fixture = try await BandFixture(rig)
        Step("Stream at 68 bpm, then 120 bpm") {
            try await fixture.connect()
            try await wait(.seconds(60))
            await fixture.simulator.setHeartRate(120)
            try await wait(.seconds(10))
            let from = rig.clock.unixNow
            try await wait(.seconds(60))
            let late = fixture.samples.entries.compactMap { e -> Double? in
                if case .ibi(let s, let t) = e.element, t > from { s } else { nil }
            }
            measure("mean IBI at 120 bpm", late.reduce(0, +) / Double(max(1, late.count)), unit: "s", limits: 0.47...0.53)
        }
    }

    static let motionFiltersIBI = Scenario("Wristband: strong motion filters out IBIs but not BVP", .tags(.wristband)) { rig in
        let fixture = try await BandFixture(rig)
        Step("Stream while running") {
            await fixture.simulator.setMotion(0.9)
            try await fixture.connect()
            try await fixture.samples.expectNever("an IBI", during: .seconds(60)) { $0.kind == .ibi }
            expect(fixture.timestamps(.bvp).count, in: 3800...3850, "BVP samples in 60 s")
        }
    }

    static let tags = Scenario("Wristband: each button press gives a tag stamped at the press", .tags(.wristband)) { rig in
        let fixture = try await BandFixture(rig)
        Step("Press three times") {
            try await fixture.connect()
            var pressed: [Double] = []
            for gap in [5, 12, 30] {
                try await wait(.seconds(gap))
                pressed.append(rig.clock.unixNow)
                await fixture.simulator.pressButton()
            }
            try await wait(.seconds(1))
            let tags = fixture.timestamps(.tag)
            try require(tags.count, equals: 3, "tags")
            for (tag, press) in zip(tags, pressed) { expect(abs(tag - press), in: 0...(1.0 / 64), "tag stamp vs press (s)") }
        }
    }

    static let e3HasNoTags = Scenario("Wristband: an E3 streams but has no tags", .tags(.wristband)) { rig in
        let fixture = try await BandFixture(rig, role: "wristband-3")
        Step("Press on an E3") {
            try await fixture.connect()
            expect(fixture.band.name, equals: "Empatica E3", "name")
            await fixture.simulator.pressButton()
            try await wait(.seconds(10))
            expect(fixture.timestamps(.tag).isEmpty, "no tags from an E3")
            expect(fixture.timestamps(.gsr).count, in: 30...40, "GSR samples in 10 s")
        }
    }

    static let batteryDrain = Scenario("Wristband: battery reports each 1 % step and drains faster while streaming", .tags(.wristband, .long), .requires(.virtualClock), .timeLimit(.seconds(4 * 3600))) { rig in
        let fixture = try await BandFixture(rig)
        Step("An idle hour") {
            let before = await fixture.simulator.batteryPercent
            try await wait(.seconds(3600))
            measure("idle drain", before - (await fixture.simulator.batteryPercent), unit: "% per hour", limits: 0.4...0.6)
        }
        Step("Two hours of streaming") {
            try await fixture.connect()
            try await wait(.seconds(2 * 3600))
            let levels = fixture.samples.entries.compactMap { e -> Double? in if case .battery(let l, _) = e.element { l } else { nil } }
            try require(levels.count, in: 20...22, "battery reports in 2 h (one per percent)")
            measure("streaming drain", (levels.first! - levels.last!) * 100 / 2, unit: "% per hour", limits: 9...11)
            expect(zip(levels.dropFirst(), levels).allSatisfy { abs($1 - $0 - 0.01) < 1e-9 }, "each report is one percent below the last")
            measure("BVP samples in 2 h", Double(fixture.timestamps(.bvp).count), unit: "", limits: 460_500...460_900)
        }
    }

    static let reconnect = Scenario("Wristband: a dropped connection and a reconnect lose no order and duplicate nothing", .tags(.wristband), .requires(.faultInjection)) { rig in
        let fixture = try await BandFixture(rig)
        Step("Stream, drop, reconnect") {
            try await fixture.connect()
            try await wait(.seconds(30))
            await fixture.simulator.dropConnection()
            try await fixture.statuses.expectEventually(.disconnected, within: .seconds(2))
            try await wait(.seconds(3))
            try await fixture.connect()
            try await wait(.seconds(30))
        }
        Step("Each stream strictly increasing, with one gap") {
            for kind in [WristbandSample.Kind.bvp, .acceleration, .gsr, .temperature, .ibi] {
                let stamps = fixture.timestamps(kind)
                expect(zip(stamps.dropFirst(), stamps).allSatisfy { $0 > $1 }, "\(kind.rawValue) timestamps strictly increasing")
                expect(Set(stamps).count, equals: stamps.count, "\(kind.rawValue) timestamps unique")
            }
            let bvp = fixture.timestamps(.bvp)
            let gaps = zip(bvp.dropFirst(), bvp).filter { $0 - $1 > 0.5 }.count
            expect(gaps, equals: 1, "gaps in BVP")
            expect(bvp.count, in: 3800...3860, "BVP samples over two 30 s sessions")
        }
    }

    static let twoBands = Scenario("Wristband: two bands stream at once, each on its own streams", .tags(.wristband)) { rig in
        let first = try await BandFixture(rig)
        let second = try await BandFixture(rig, role: "wristband-3")
        // Both stream from the second connection on; the first streamed a little longer (a connection takes a second
        // or more on a real link), so each rate is counted over the minute they share, by arrival time.
        let both = Shared<RigInstant>("both streaming from")
        Step("Connect both and stream a minute") {
            try await first.connect()
            try await second.connect()
            both.set(rig.clock.now)
            try await wait(.seconds(60))
        }
        Step("Rates and heart rates apart") {
            let from = try both.get()
            let window = (rig.clock.now - from).seconds
            for fixture in [first, second] {
                let arrived = fixture.arrivals(.bvp, from: from).count
                measure("\(fixture.band.serialNumber) BVP rate", Double(arrived) / window, unit: "Hz", limits: 63...64.5)
            }
            func meanIBI(_ f: BandFixture) -> Double {
                let v = f.samples.entries.compactMap { e -> Double? in if case .ibi(let s, _) = e.element { s } else { nil } }
                return v.reduce(0, +) / Double(max(1, v.count))
            }
            measure("band 1 heart rate", 60 / meanIBI(first), unit: "bpm", limits: 65...71)
            measure("band 2 heart rate", 60 / meanIBI(second), unit: "bpm", limits: 57...63)
        }
    }

    static let notificationLoss = Scenario("Wristband: lost notifications leave gaps but keep every timestamp on its grid", .tags(.wristband), .requires(.faultInjection)) { rig in
        let fixture = try await BandFixture(rig)
        Step("Stream a minute with 10 % of notifications lost") {
            try await fixture.connect()
            await fixture.simulator.setLinkConditions { $0.notificationLoss = 0.1 }
            try await wait(.seconds(60))
        }
        Step("Check") {
            let bvp = fixture.timestamps(.bvp)
            measure("BVP samples received of 3840", Double(bvp.count), unit: "", limits: 3300...3700)
            let base = bvp[0]
            expect(bvp.allSatisfy { abs(($0 - base) * 64 - (($0 - base) * 64).rounded()) < 1e-6 }, "every BVP stamp on the 1/64 s grid")
            expect(zip(bvp.dropFirst(), bvp).allSatisfy { $0 > $1 }, "in order")
        }
    }

    static let outOfRange = Scenario("Wristband: leaving range ends the connection after the supervision timeout", .tags(.wristband), .requires(.faultInjection)) { rig in
        let fixture = try await BandFixture(rig)
        Step("Walk away") {
            try await fixture.connect()
            try await wait(.seconds(10))
            let left = rig.clock.now
            await fixture.simulator.goOutOfRange()
            try await fixture.statuses.expectEventually(.disconnected, within: .seconds(10))
            measure("time to notice", (rig.clock.now - left).seconds, unit: "s", limits: 3.9...4.1)
            // On a real link the kernel reports the timeout without its length, so the reason is checked up to there.
            let reason = (await fixture.band.lastError) ?? ""
            expect(reason.hasPrefix("link lost: no answer within the supervision timeout"), "reason is a supervision time-out: \(reason)")
            if rig.file.devices.allSatisfy(\.link.isSimulated) {
                expect(reason, equals: "link lost: no answer within the supervision timeout of 4.0 seconds", "reason on the simulated link")
            }
        }
        Step("Not found while away, found again when back") {
            expect(try await fixture.api.discoverDevices().contains { $0.serialNumber == fixture.band.serialNumber }, equals: false, "found while away")
            await fixture.simulator.comeBackInRange()
            expect(try await fixture.api.discoverDevices().contains { $0.serialNumber == fixture.band.serialNumber }, "found when back")
        }
    }

    static let batteryDeath = Scenario("Wristband: a band whose battery dies disconnects and disappears", .tags(.wristband), .requires(.faultInjection)) { rig in
        let fixture = try await BandFixture(rig)
        Step("Battery at 1 %, streaming") {
            await fixture.simulator.setBattery(percent: 0.05)
            try await fixture.connect()
            try await fixture.statuses.expectEventually(.disconnected, within: .seconds(60))
            expect(await fixture.simulator.batteryPercent, equals: 0, "battery")
            expect(try await fixture.api.discoverDevices().contains { $0.serialNumber == fixture.band.serialNumber }, equals: false, "found after dying")
        }
    }
}

extension Tag {
    /// Scenarios of the Empatica wristbands.
    public static let wristband: Tag = "wristband"
}

extension WristbandScenarios {
    /// Faults a rig file can schedule, without scenario code.
    static let rigFileFaults = Scenario("Wristband: faults from the rig file: a scheduled drop and lost notifications", .tags(.wristband), .requires(.faultInjection)) { rig in
        let fixture = try await BandFixture(rig, role: "wristband-2")
        Step("Stream until the scheduled drop at 40 s") {
            try await fixture.connect()
            try await fixture.statuses.expectEventually(.disconnected, within: .seconds(60))
            measure("drop at", rig.clock.now.seconds, unit: "s", limits: 39.99...40.01)
            let bvp = fixture.timestamps(.bvp).count
            measure("BVP samples of ~2300 with 5 % of notifications lost", Double(bvp), unit: "", limits: 2000...2290)
        }
    }
}

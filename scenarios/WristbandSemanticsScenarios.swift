import Foundation
import RigCore
import RigScenario
import Wristband
import WristbandSimulator

/// EmpaLink's exact semantics, where apps break: acceleration values and axes, tags and firmware, battery updates on
/// change, BVP free of motion, batched delivery in the background, the lifecycle methods called directly, and each
/// authentication failure on its own.
enum WristbandSemanticsScenarios {
    static var all: [Scenario] {
        [accelerationAxesAndRange, bvpFilteredOfMotion, tagsNeedFirmware, batteryOnChange, backgroundBatches, lifecycleCalledDirectly,
         authenticationFailures]
    }

    /// Acceleration samples stamped from `start` on, as (x, y, z) in raw units.
    static func acceleration(_ fixture: BandFixture, since start: Double) -> [(x: Int8, y: Int8, z: Int8)] {
        fixture.samples.entries.compactMap { entry in
            if case .acceleration(let x, let y, let z, let t) = entry.element, t >= start { (x, y, z) } else { nil }
        }
    }

    static func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(max(1, values.count)) }

    /// The standard deviation of BVP values, or of acceleration x, stamped from `start` on.
    static func spread(_ fixture: BandFixture, since start: Double, _ kind: WristbandSample.Kind) -> Double {
        let values = fixture.samples.entries.filter { $0.element.kind == kind && $0.element.timestamp >= start }.compactMap { entry -> Double? in
            switch entry.element {
            case .bvp(let v, _): v
            case .acceleration(let x, _, _, _): Double(x)
            default: nil
            }
        }
        let m = mean(values)
        return mean(values.map { ($0 - m) * ($0 - m) }).squareRoot()
    }

    /// The battery levels received so far.
    static func levels(_ fixture: BandFixture) -> [Double] {
        fixture.samples.entries.compactMap { if case .battery(let l, _) = $0.element { l } else { nil } }
    }

    /// How long after its timestamp each BVP sample received in `from..<to` reached the app, in seconds.
    static func lags(_ fixture: BandFixture, _ rig: LiveRig, from: RigInstant, to: RigInstant) -> [Double] {
        fixture.samples.entries.filter { $0.element.kind == .bvp && $0.time >= from && $0.time < to }
            .map { rig.clock.unixStart + $0.time.seconds - $0.element.timestamp }
    }

    static let accelerationAxesAndRange = Scenario("Wristband: acceleration is ±2 g in 1/64 g, gravity on the axis that points down at rest",
                                                   .tags(.wristband)) { rig in
        let fixture = try await BandFixture(rig)
        Step("Connect at rest, dial up") {
            await fixture.simulator.setPosture(.dialUp)
            try await fixture.connect()
            try await wait(.seconds(1))
        }
        for (posture, axis, sign) in [(WristPosture.dialUp, "z", 1.0), (.dialDown, "z", -1), (.usbSlotDown, "x", 1), (.shortStrapDown, "y", 1)] {
            Step("\(posture.rawValue): +1 g (64) on \(sign > 0 ? "+" : "−")\(axis), about 0 on the other axes") {
                await fixture.simulator.setPosture(posture)
                let from = rig.clock.unixNow
                try await wait(.seconds(5))
                let samples = acceleration(fixture, since: from)
                try require(samples.count >= 150, "acceleration samples in 5 s")
                let means = ["x": mean(samples.map { Double($0.x) }), "y": mean(samples.map { Double($0.y) }), "z": mean(samples.map { Double($0.z) })]
                for name in ["x", "y", "z"] {
                    let expected = name == axis ? 64 * sign : 0
                    expect(means[name]!, in: expected - 3...expected + 3, "mean \(name) (1/64 g)")
                }
                measure("\(posture.rawValue) gravity", abs(means[axis]!) / 64, unit: "g", limits: 0.95...1.05)
            }
        }
        Step("Running: the arm swings up to ±1.2 g, every value inside −127…+128 (±2 g)") {
            await fixture.simulator.setPosture(.dialUp)
            await fixture.simulator.setMotion(1)
            let from = rig.clock.unixNow
            try await wait(.seconds(10))
            let samples = acceleration(fixture, since: from)
            let xs = samples.map { Int($0.x) }
            let all = samples.flatMap { [Int($0.x), Int($0.y), Int($0.z)] }
            expect(all.allSatisfy { (-127...128).contains($0) }, "every value in −127…+128")
            measure("x swing (peak to peak)", Double(xs.max()! - xs.min()!) / 64, unit: "g", limits: 1.4...1.8)
            expect(Double(all.max()!) / 64, in: 1.2...2, "the largest value, in g (raw / 64)")
        }
    }

    static let bvpFilteredOfMotion = Scenario("Wristband: BVP is filtered of movement: running shows in acceleration, not in BVP", .tags(.wristband)) { rig in
        let fixture = try await BandFixture(rig)
        let still = Shared<(bvp: Double, acc: Double)>("spread at rest")
        Step("At rest for 30 s") {
            try await fixture.connect()
            let from = rig.clock.unixNow
            try await wait(.seconds(30))
            still.set((spread(fixture, since: from, .bvp), spread(fixture, since: from, .acceleration)))
        }
        Step("Running for 30 s: acceleration spreads, BVP does not") {
            await fixture.simulator.setMotion(0.9)
            let from = rig.clock.unixNow
            try await wait(.seconds(30))
            let rest = try still.get()
            measure("BVP spread running / at rest", spread(fixture, since: from, .bvp) / rest.bvp, unit: "", limits: 0.85...1.15)
            measure("acceleration x spread running / at rest", spread(fixture, since: from, .acceleration) / max(rest.acc, 0.5), unit: "", limits: 10...1000)
        }
    }

    static let tagsNeedFirmware = Scenario("Wristband: tags only with E4 firmware 2.0 or later", .tags(.wristband)) { rig in
        let fixture = try await BandFixture(rig)
        Step("Firmware 1.5: no tag characteristic, a press gives no tag") {
            await fixture.simulator.setFirmware(E4Firmware(major: 1, minor: 5))
            try await fixture.connect()
            expect(await fixture.band.supportsTags, equals: false, "supportsTags")
            try await wait(.seconds(2))
            await fixture.simulator.pressButton()
            try await fixture.samples.expectNever("a tag", during: .seconds(5)) { $0.kind == .tag }
            await fixture.band.disconnect()
        }
        Step("Firmware 2.1: the press gives a tag") {
            await fixture.simulator.setFirmware(E4Firmware(major: 2, minor: 1))
            try await fixture.connect()
            expect(await fixture.band.supportsTags, equals: true, "supportsTags")
            try await wait(.seconds(2))
            let pressed = rig.clock.unixNow
            await fixture.simulator.pressButton()
            let tag = try await fixture.samples.expectInOrder(["a tag"], within: .seconds(2), matching: [{ $0.kind == .tag }])
            _ = tag
            expect(abs(fixture.timestamps(.tag).last! - pressed), in: 0...(1.0 / 64), "tag stamp vs press (s)")
        }
    }

    static let batteryOnChange = Scenario("Wristband: battery level is sent when it changes, not on a timer", .tags(.wristband)) { rig in
        let fixture = try await BandFixture(rig)
        Step("Connected: the level once, then nothing while it stays at 90 %") {
            try await fixture.connect()
            try await wait(.seconds(11))
            expect(levels(fixture), equals: [0.9], "levels in the first 11 s")
            try await wait(.seconds(120))
            expect(levels(fixture), equals: [0.9], "levels after two minutes at 90 % (10 % an hour drains 0.33 %)")
        }
        Step("The level drops to 40 %: one update within 10 s") {
            await fixture.simulator.setBattery(percent: 40)
            try await wait(.seconds(10))
            expect(levels(fixture), equals: [0.9, 0.4], "levels")
        }
    }

    static let backgroundBatches = Scenario("Wristband: in the background samples arrive in 5 s batches, stamped as before", .tags(.wristband)) { rig in
        let fixture = try await BandFixture(rig)
        Step("Foreground: each packet as it arrives") {
            try await fixture.connect()
            let from = rig.clock.now
            try await wait(.seconds(10))
            measure("largest BVP delivery lag in the foreground", lags(fixture, rig, from: from, to: rig.clock.now).max() ?? 99, unit: "s", limits: 0...0.5)
        }
        let background = Shared<RigInstant>("background from")
        Step("Background for 30 s: batches every 5 s, no sample lost") {
            await rig.host.setAppState(.background)
            try await eventually(within: .seconds(1), "prepareForBackground called") { await fixture.api.isInBackground }
            background.set(rig.clock.now)
            let before = fixture.timestamps(.bvp).count
            try await wait(.seconds(30))
            let from = try background.get()
            let arrivals = fixture.arrivals(.bvp, from: from).map(\.seconds)
            let bursts = 1 + zip(arrivals.dropFirst(), arrivals).filter { $0 - $1 > 2 }.count
            expect(bursts, in: 5...7, "bursts of BVP in 30 s")
            measure("largest BVP delivery lag in the background", lags(fixture, rig, from: from, to: rig.clock.now).max() ?? 0, unit: "s", limits: 4...5.5)
            expect(fixture.timestamps(.bvp).count - before, in: 1580...1940, "BVP samples delivered in 30 s of background")
        }
        Step("Resume: what was held arrives at once, then each packet again") {
            await rig.host.setAppState(.foreground)
            try await eventually(within: .seconds(1), "prepareForResume called") { await !fixture.api.isInBackground }
            let from = rig.clock.now
            try await wait(.seconds(10))
            let stamps = fixture.timestamps(.bvp)
            expect(zip(stamps.dropFirst(), stamps).allSatisfy { abs($0 - $1 - 1.0 / 64) < 1e-6 }, "every BVP step is 1/64 s: none lost or reordered")
            measure("largest BVP delivery lag after resuming", lags(fixture, rig, from: from + .seconds(1), to: rig.clock.now).max() ?? 99, unit: "s", limits: 0...0.5)
        }
    }

    static let lifecycleCalledDirectly = Scenario("Wristband: calling prepareForResume and prepareForBackground directly satisfies the lifecycle check",
                                                  .tags(.wristband)) { rig in
        let api = try await rig.empatica()
        Step("Authenticated, lifecycle not implemented: discovery refused") {
            try require(await api.authenticate(apiKey: WristbandSimulation.defaultTestKey).success, "authentication")
            try await require(throws: EmpaticaError.lifecycleNotPrepared, "discovery") { try await api.discoverDevices() }
        }
        Step("The app's didBecomeActive calls prepareForResume: discovery works") {
            await api.prepareForResume()
            expect(try await api.discoverDevices().count, equals: 3, "wristbands found")
        }
        Step("Its didEnterBackground calls prepareForBackground: the API is in background mode") {
            await api.prepareForBackground()
            expect(await api.isInBackground, "in background")
            await api.prepareForResume()
            expect(await !api.isInBackground, "back in the foreground")
        }
    }

    static let authenticationFailures = Scenario("Wristband: authentication fails offline, on a server error and with a bad key, each told apart",
                                                 .tags(.wristband)) { rig in
        let api = try await rig.empatica()
        let server = try rig.empaticaServer()
        Step("Lifecycle wired") { await api.followAppLifecycle() }
        for (outage, failure) in [(EmpaticaServiceOutage.offline, EmpaticaAuthenticationFailure.offline),
                                  (.serverError(status: 503), .serverError(status: 503))] {
            Step("Server \(failure): the valid key fails with its own reason; discovery refused") {
                server.setOutage(outage)
                let result = await api.authenticate(apiKey: WristbandSimulation.defaultTestKey)
                expect(result.success, equals: false, "success")
                expect(result.description, equals: failure.description, "description")
                expect(await api.authenticationFailure, equals: failure, "failure")
                try await require(throws: EmpaticaError.notAuthenticated, "discovery") { try await api.discoverDevices() }
            }
        }
        Step("Server back: a missing key and an invalid key are their own failures") {
            server.setOutage(nil)
            _ = await api.authenticate(apiKey: "")
            expect(await api.authenticationFailure, equals: .missingKey, "failure with no key")
            _ = await api.authenticate(apiKey: "not-a-key-0000")
            expect(await api.authenticationFailure, equals: .invalidKey, "failure with a bad key")
        }
        Step("The valid key: authenticated, discovery works") {
            try require(await api.authenticate(apiKey: WristbandSimulation.defaultTestKey).success, "authentication")
            expect(await api.authenticationFailure == nil, "no failure")
            expect(try await api.discoverDevices().count, equals: 3, "wristbands found")
        }
    }
}

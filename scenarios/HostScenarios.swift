import RigCore
import RigHost
import RigScenario

/// The phone host itself: set, sweep, drain, charge.
enum HostScenarios {
    static var all: [Scenario] { [sweep, drainAndCharge] }

    static let sweep = Scenario("Host: a battery sweep crosses the power-guard thresholds in order", .tags(.host, .powerGuard)) { rig in
        await rig.host.reset(to: HostSettings())
        let changes = rig.record(await rig.host.changes(), "host changes")
        Step("Sweep 60 → 20 % in 5 % steps, one a minute") {
            try await rig.host.sweepBattery(through: Array(stride(from: 60.0, through: 20, by: -5)), every: .seconds(60))
            let levels = changes.entries.compactMap { if case .battery(let p) = $0.element { p } else { nil } }
            try require(levels, equals: [60, 55, 50, 45, 40, 35, 30, 25, 20], "battery levels seen")
            expect(changes.entries.last?.time.seconds ?? 0, equals: 480, "the last step's time (s)")
        }
        Step("The policy's verdict at each level") {
            var verdicts: [PowerGuardVerdict] = []
            for level in [50.0, 49, 26, 25] {
                await rig.host.setBattery(percent: level)
                verdicts.append(PowerGuardPolicy.roomio.verdictForStart(await rig.host.snapshot))
            }
            try require(verdicts, equals: [.clear, .ask([.batteryBelowHalf]), .ask([.batteryBelowHalf]), .block(.lowBattery)], "verdicts at 50/49/26/25 %")
        }
    }

    static let drainAndCharge = Scenario("Host: draining for two hours and charging back", .tags(.host, .long), .requires(.virtualClock), .timeLimit(.seconds(6 * 3600))) { rig in
        Step("Drain 20 %/h for 2 h from 80 %") {
            await rig.host.reset(to: HostSettings())
            let level = try await rig.host.drain(percentPerHour: 20, for: .seconds(7200))
            measure("battery after 2 h", level, unit: "%", limits: 39.999...40.001)
        }
        Step("Charge 30 %/h for 3 h stops at 100 %") {
            await rig.host.setCharging(true)
            let level = try await rig.host.drain(percentPerHour: 30, for: .seconds(3 * 3600))
            try require(level, equals: 100, "battery when full")
        }
    }
}

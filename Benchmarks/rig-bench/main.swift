// Runner benchmark: how many virtual seconds the scenario runner gets through per wall second.
// Run with `swift run -c release rig-bench [--json FILE]`; figures are also written to
// .build/bench/runner.json so runs can be compared.
import BundledScenarios
import RigKitCognex
import RigKitWristband
import Foundation
import RigCore
import RigScenario

struct Figure {
    var name: String
    var virtualSeconds: Double
    var wallSeconds: Double
    var events: Int
    var ratio: Double { virtualSeconds / wallSeconds }
}

/// Stops the benchmark if a run did not pass: its figures would mean nothing.
func check(_ result: ScenarioResult, _ name: String) {
    guard result.status != .passed else { return }
    print("benchmark scenario \(name) \(result.status.rawValue): \(result.failures.map(\.description).joined(separator: "\n"))")
    exit(1)
}

/// Runs `scenario` `repeats` times (after one warm-up) and returns the best wall time.
func measure(_ name: String, repeats: Int = 5, _ scenario: Scenario) async -> Figure {
    let runner = ScenarioRunner(rig: .builtinSimulated(), plugins: BundledScenarios.plugins, directory: FileManager.default.temporaryDirectory.appendingPathComponent("rig-bench"))
    let warmUp = await runner.run(scenario)
    check(warmUp, name)
    var best = Duration.seconds(1_000_000)
    var last = warmUp
    for _ in 0..<repeats {
        let start = ContinuousClock.now
        last = await runner.run(scenario)
        best = min(best, ContinuousClock.now - start)
        check(last, name)
    }
    return Figure(name: name, virtualSeconds: last.rigDuration.seconds, wallSeconds: best.seconds, events: last.trace.count)
}

let idle = Scenario("idle two hours", .timeLimit(.seconds(3 * 3600))) { _ in
    Step("wait") { try await wait(.seconds(7200)) }
}
let ticking = Scenario("1 Hz for two hours", .timeLimit(.seconds(3 * 3600))) { rig in
    Step("tick") {
        for _ in 0..<7200 { try await rig.clock.sleep(for: .seconds(1)) }
    }
}
let streaming = Scenario("64 Hz stream for ten minutes", .timeLimit(.seconds(3600))) { rig in
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .unbounded)
    let log = rig.record(stream, "bvp")
    _ = rig.clock.spawn {
        for sample in 0..<(64 * 600) {
            try? await rig.clock.sleep(for: .nanoseconds(15_625_000))
            continuation.yield(sample)
        }
        continuation.finish()
    }
    Step("count") {
        try await wait(.seconds(601))
        try require(log.entries.count, equals: 64 * 600, "samples")
    }
}

let onlyWristband = CommandLine.arguments.contains("--wristband-only")
var figures: [Figure] = []
for (name, scenario) in [("idle wait, 2 h", idle), ("1 Hz timer, 2 h", ticking), ("64 Hz AsyncStream, 10 min", streaming)] where !onlyWristband {
    figures.append(await measure(name, scenario))
}

if !onlyWristband {
print("RigKit runner benchmark (release build, best of 5 after a warm-up)")
print(String(repeating: "-", count: 86))
print("scenario".padding(toLength: 30, withPad: " ", startingAt: 0) + "rig time".padding(toLength: 12, withPad: " ", startingAt: 0)
      + "wall".padding(toLength: 14, withPad: " ", startingAt: 0) + "virtual s / wall s".padding(toLength: 22, withPad: " ", startingAt: 0) + "wakeups/s")
for f in figures {
    let wakeups = f.name.hasPrefix("idle") ? 1.0 : f.name.hasPrefix("1 Hz") ? 7200.0 : 38400.0
    print(f.name.padding(toLength: 30, withPad: " ", startingAt: 0)
          + "\(Int(f.virtualSeconds)) s".padding(toLength: 12, withPad: " ", startingAt: 0)
          + String(format: "%.3f ms", f.wallSeconds * 1000).padding(toLength: 14, withPad: " ", startingAt: 0)
          + String(format: "%.3g×", f.ratio).padding(toLength: 22, withPad: " ", startingAt: 0)
          + String(format: "%.0f", wakeups / f.wallSeconds))
}
let target = 100_000.0
let idleRatio = figures[0].ratio
print(String(repeating: "-", count: 86))
print("idle-wait target ≥ \(Int(target))× real time: \(idleRatio >= target ? "met" : "NOT met") (\(String(format: "%.3g", idleRatio))×)")

let json = "[" + figures.map {
    "{\"name\":\(JSONText.quote($0.name)),\"virtual_s\":\($0.virtualSeconds),\"wall_s\":\($0.wallSeconds),\"ratio\":\($0.ratio)}"
}.joined(separator: ",") + "]\n"
var output = ".build/bench/runner.json"
if let index = CommandLine.arguments.firstIndex(of: "--json"), index + 1 < CommandLine.arguments.count { output = CommandLine.arguments[index + 1] }
do {
    try OutputFile.write(Array(json.utf8), to: output)
    print("figures written to \(output)")
} catch {
    print("warning: \(error)")
}
}

// MARK: Wristband streaming

import Wristband
import WristbandSimulator

let wristbandHour = Scenario("one E4 streaming everything for an hour", .timeLimit(.seconds(7200))) { rig in
    let api = try await rig.empatica()
    let serial = try rig.wristbandSimulator("wristband").serialNumber
    Step("stream") {
        _ = await api.authenticate(apiKey: WristbandSimulation.defaultTestKey)
        await api.followAppLifecycle()
        let band = try require(try await api.discoverDevices().first { $0.serialNumber == serial }, "band")
        let counter = rig.clock.spawn { () async -> Int in
            var count = 0
            for await batch in band.sampleBatches() { count += batch.count }
            return count
        }
        try require(await band.connect(), "connected")
        try await wait(.seconds(3600))
        await band.disconnect()
        counter.cancel()
        let received = await counter.value
        try require(received > 370_000, "samples streamed (\(received))")
    }
}
let band = await measure("wristband, 1 h, all streams", repeats: 2, wristbandHour)
print("")
print("wristband: \(String(format: "%.2f", band.virtualSeconds / 3600)) h of full-rate streaming (\(band.events) trace events) in \(String(format: "%.3f", band.wallSeconds)) s wall")
print("wristband-hours per wall-second: \(String(format: "%.2f", band.virtualSeconds / 3600 / band.wallSeconds)) (target ≥ 1)")

// MARK: DMCC round trips over the in-memory USB link

import CognexReader

let dmccCount = 20_000
let dmcc = Scenario("DMCC round trips", .timeLimit(.seconds(3600))) { rig in
    let reader = try await rig.mxReader("reader")
    Step("round trips") {
        try await reader.connect()
        for i in 0..<dmccCount {
            let answer = await reader.send(i % 2 == 0 ? "GET DEVICE.TYPE" : "SET DECODER.EFFORT 2")
            try require(answer.status == .noError, "command \(i) answered")
        }
    }
}
if !onlyWristband {
    let trips = await measure("DMCC, \(dmccCount) commands", repeats: 3, dmcc)
    print("")
    print("DMCC over the in-memory USB link: \(dmccCount) command round trips in \(String(format: "%.3f", trips.wallSeconds)) s wall "
          + "= \(String(format: "%.0f", Double(dmccCount) / trips.wallSeconds)) round trips per second (every transfer traced)")
}

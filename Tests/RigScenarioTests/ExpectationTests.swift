import Foundation
import RigCore
import RigHost
import RigScenario
import Testing

/// Runs `scenario` on the built-in simulated rig.
func run(_ scenario: Scenario, rig: RigFile = .builtinSimulated(), seed: UInt64? = nil) async -> ScenarioResult {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rigkit-dsl-\(ProcessInfo.processInfo.processIdentifier)")
    return await ScenarioRunner(rig: rig, plugins: .forCoreTests, seed: seed, directory: directory).run(scenario)
}

/// The one failure of a failed result, or a recorded issue.
func onlyFailure(_ result: ScenarioResult, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> ExpectationFailure? {
    #expect(result.status == .failed, sourceLocation: sourceLocation)
    #expect(result.failures.count == 1, "\(result.failures)", sourceLocation: sourceLocation)
    return result.failures.first
}

/// Each expectation passes when it holds and fails with a message that names the scenario line, step, expected, actual and time.
@Suite struct ExpectationTests {
    @Test func expectEqualsFailsWithExpectedAndActualAndGoesOn() async throws {
        let line = #line + 3
        let result = await run(Scenario("s") { _ in
            Step("compare") {
                expect(2 + 2, equals: 5, "sum")
                try await wait(.seconds(2))
            }
            Step("second step still runs") { expect(true, "reached") }
        })
        let failure = try #require(onlyFailure(result))
        #expect(failure.description == """
        Tests/RigScenarioTests/ExpectationTests.swift:\(line): in step "compare": sum is not as expected
            expected: 5
            actual:   4
            at t = 0.000 s
        """)
        #expect(result.steps.map(\.name) == ["compare", "second step still runs"])
        #expect(result.steps.map(\.passed) == [false, true])
        #expect(result.rigDuration == .seconds(2))
    }

    @Test func expectConditionAndRange() async throws {
        let result = await run(Scenario("s") { _ in
            Step("a") {
                expect(1 > 2, "one to exceed two")
                expect(7, in: 1...5, "level")
                expect(true, "fine")
                expect(3, in: 1...5)
            }
        })
        #expect(result.failures.map(\.summary) == ["expected one to exceed two", "level is out of range"])
        #expect(result.failures.map(\.actual) == ["false", "7"])
        #expect(result.failures[1].expected == "1…5")
    }

    struct Refused: Error, Equatable, CustomStringConvertible {
        var code: Int
        var description: String { "refused(\(code))" }
    }

    @Test func expectThrowsFailsWhenNothingOrSomethingElseIsThrown() async throws {
        let result = await run(Scenario("s") { _ in
            Step("a") {
                await expect(throws: Refused(code: 1), "quiet call") { 42 }
                await expect(throws: Refused(code: 1), "other call") { throw Refused(code: 2) }
                await expect(throws: Refused(code: 1), "right call") { throw Refused(code: 1) }
            }
        })
        #expect(result.failures.map(\.summary) == ["quiet call did not throw", "other call threw a different error"])
        #expect(result.failures.map(\.actual) == ["returned 42", "threw refused(2)"])
        #expect(result.failures.allSatisfy { $0.expected == "throws refused(1)" })
    }

    @Test func requireEndsTheStepAndTheScenario() async throws {
        let result = await run(Scenario("s") { _ in
            Step("a") {
                try require(1, equals: 2, "count")
                expect(false, "never evaluated")
            }
            Step("b") { expect(false, "never run") }
        })
        let failure = try #require(onlyFailure(result))
        #expect(failure.summary == "count is not as expected")
        #expect(result.steps.map(\.name) == ["a"])
    }

    @Test func requireOptionalAndRequireThrows() async throws {
        let missing = await run(Scenario("s") { _ in
            Step("a") { _ = try require(Int?.none, "the reading") }
        })
        #expect(try #require(onlyFailure(missing)).summary == "the reading is missing")
        let noThrow = await run(Scenario("s") { _ in
            Step("a") { try await require(throws: Refused(code: 3), "stop()") { () } }
        })
        let failure = try #require(onlyFailure(noThrow))
        #expect(failure.summary == "stop() did not throw")
        #expect(failure.actual == "returned ()")
    }

    @Test func measurementsLandInTheResultAndFailOutsideTheirLimits() async throws {
        let result = await run(Scenario("s") { _ in
            Step("measure") {
                measure("battery drop", 3.25, unit: "%", limits: 0...2)
                measure("scan time", 12, unit: "s")
            }
        })
        #expect(result.measurements.map(\.name) == ["battery drop", "scan time"])
        #expect(result.measurements.map(\.passed) == [false, true])
        #expect(result.measurements[0].step == "measure")
        let failure = try #require(onlyFailure(result))
        #expect(failure.summary == "measurement battery drop is outside its limits")
        #expect(failure.expected == "0…2 %")
        #expect(failure.actual == "3.25 %")
    }

    @Test func withinFailsWhenTheBodyRunsPastItsLimit() async throws {
        let result = await run(Scenario("s") { _ in
            Step("slow") {
                _ = try await within(.seconds(5), "the save") { try await wait(.seconds(1)); return 1 }
                _ = try await within(.seconds(5), "the upload") { try await wait(.seconds(60)) }
            }
        })
        let failure = try #require(onlyFailure(result))
        #expect(failure.summary == "the upload did not finish in time")
        #expect(failure.expected == "within 5.000 s")
        #expect(failure.actual == "still running after 5.000 s")
        #expect(failure.time == RigInstant(offset: .seconds(6)))
    }

    @Test func eventuallyPollsInRigTimeAndFailsWhenNeverTrue() async throws {
        let result = await run(Scenario("s") { rig in
            Step("poll") {
                _ = rig.clock.spawn { try? await rig.clock.sleep(for: .seconds(3)); await rig.host.setBattery(percent: 10) }
                try await eventually(within: .seconds(10), "battery low") { await rig.host.snapshot.batteryPercent < 20 }
                try await eventually(within: .seconds(2), "charging") { await rig.host.snapshot.isCharging }
            }
        })
        let failure = try #require(onlyFailure(result))
        #expect(failure.summary == "charging never became true")
        #expect(failure.time == RigInstant(offset: .seconds(5)))
    }
}

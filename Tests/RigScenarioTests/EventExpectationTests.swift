import RigCore
import RigScenario
import Testing

/// A scenario that emits `events` at the given rig times into a recorded log.
private func withEvents(
    _ events: [(Int, String)],
    @StepBuilder steps: @escaping @Sendable (EventLog<String>) -> [Step]
) -> Scenario {
    Scenario("events") { rig in
        let (stream, continuation) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .unbounded)
        let log = rig.record(stream, "device events")
        _ = rig.clock.spawn {
            var last = 0
            for (time, event) in events {
                try? await rig.clock.sleep(for: .seconds(time - last))
                last = time
                continuation.yield(event)
            }
        }
        steps(log)
    }
}

@Suite struct EventExpectationTests {
    @Test func nextAndExpectNextPassInOrder() async {
        let result = await run(withEvents([(1, "a"), (2, "b")]) { log in
            Step("read") {
                let first = try await log.next(within: .seconds(5))
                expect(first, equals: "a")
                try await log.expectNext("b", within: .seconds(5))
            }
        })
        #expect(result.status == .passed, "\(result.failures)")
    }

    @Test func expectNextFailsOnAnotherEventAndOnSilence() async throws {
        let wrong = await run(withEvents([(1, "a")]) { log in
            Step("read") { try await log.expectNext("b", within: .seconds(5)) }
        })
        let failure = try #require(onlyFailure(wrong))
        #expect(failure.summary == "the next event from device events is not the expected one")
        #expect(failure.expected == "\"b\"" && failure.actual == "\"a\"")
        #expect(failure.time == RigInstant(offset: .seconds(1)))

        let silent = await run(withEvents([(10, "late")]) { log in
            Step("read") { try await log.next(within: .seconds(5)) }
        })
        let timeout = try #require(onlyFailure(silent))
        #expect(timeout.summary == "no event from device events")
        #expect(timeout.actual == "nothing (timed out)")
        #expect(timeout.time == RigInstant(offset: .seconds(5)))
    }

    @Test func inOrderSkipsOthersButFailsOnWrongOrder() async throws {
        let ok = await run(withEvents([(1, "a"), (2, "x"), (3, "b"), (4, "c")]) { log in
            Step("order") { try await log.expectInOrder(["a", "b", "c"], within: .seconds(10)) }
        })
        #expect(ok.status == .passed, "\(ok.failures)")
        let bad = await run(withEvents([(1, "b"), (2, "a")]) { log in
            Step("order") { try await log.expectInOrder(["a", "b"], within: .seconds(10)) }
        })
        let failure = try #require(onlyFailure(bad))
        #expect(failure.summary == "events from device events did not arrive in order")
        #expect(failure.expected == "\"a\" → \"b\" within 10.000 s")
        #expect(failure.actual == "1 of 2 arrived (missing \"b\"); other events seen: \"b\"")
    }

    @Test func neverFailsWhenTheEventComesDuringTheInterval() async throws {
        let quiet = await run(withEvents([(20, "alarm")]) { log in
            Step("quiet") { try await log.expectNever("alarm", during: .seconds(10)) }
        })
        #expect(quiet.status == .passed)
        let loud = await run(withEvents([(3, "alarm")]) { log in
            Step("quiet") { try await log.expectNever("alarm", during: .seconds(10)) }
        })
        let failure = try #require(onlyFailure(loud))
        #expect(failure.summary == "device events sent an event it should not have")
        #expect(failure.actual == "\"alarm\" at t = 3.000 s")
        #expect(failure.time == RigInstant(offset: .seconds(10)))
    }

    @Test func rateIsMeasuredAndChecked() async throws {
        let ticks = (1...20).map { ($0, "tick") }
        let good = await run(withEvents(ticks) { log in
            Step("rate") { try await log.expectRate("tick", hertz: 1, tolerance: 0.1, during: .seconds(10)) { $0 == "tick" } }
        })
        #expect(good.status == .passed, "\(good.failures)")
        #expect(good.measurements.first?.value == 1)
        let bad = await run(withEvents(ticks) { log in
            Step("rate") { try await log.expectRate("tick", hertz: 4, tolerance: 0.1, during: .seconds(10)) { $0 == "tick" } }
        })
        let failure = try #require(onlyFailure(bad))
        #expect(failure.summary == "measurement tick rate is outside its limits")
        #expect(failure.actual == "1 Hz")
        #expect(failure.expected == "3.6…4.4 Hz")
    }
}

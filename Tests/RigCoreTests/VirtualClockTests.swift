import Foundation
import RigCore
import Synchronization
import Testing

/// Collects labels in the order tasks reach them.
private final class Order: Sendable {
    private let items = Mutex<[String]>([])
    func add(_ s: String) { items.withLock { $0.append(s) } }
    var all: [String] { items.withLock { $0 } }
}

private actor Tally {
    var count = 0
    var threads: Set<String> = []
    func bump() {
        count += 1
        threads.insert("\(Thread.current)")
    }
}

@Suite struct VirtualClockTests {
    @Test func timersFireInDeadlineOrderWithTiesByArrival() async throws {
        let clock = VirtualClock()
        let order = Order()
        try await clock.run {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (name, seconds) in [("a", 3), ("b", 1), ("c", 2), ("d", 1), ("e", 0)] {
                    group.addTask {
                        try await clock.sleep(for: .seconds(seconds))
                        order.add("\(name)@\(clock.now)")
                    }
                }
                try await group.waitForAll()
            }
        }
        #expect(order.all == ["e@0.000 s", "b@1.000 s", "d@1.000 s", "c@2.000 s", "a@3.000 s"])
    }

    @Test func sameProgramGivesTheSameInterleaving() async throws {
        func program() async throws -> [String] {
            let clock = VirtualClock()
            let order = Order()
            try await clock.run {
                await withTaskGroup(of: Void.self) { group in
                    for worker in 0..<4 {
                        group.addTask {
                            for tick in 0..<50 {
                                try? await clock.sleep(for: .milliseconds(7 * (worker + 1)))
                                order.add("\(worker).\(tick)@\(clock.now.offset.nanoseconds)")
                            }
                        }
                    }
                }
            }
            return order.all
        }
        let first = try await program()
        let second = try await program()
        #expect(first.count == 200)
        #expect(first == second)
    }

    /// A two-hour sleep ends at exactly two hours of rig time, each of its one-second steps on the second. Nothing here
    /// reads the wall clock: a clock that slept for real would keep the run (and CI, which has a time limit) waiting two hours.
    @Test func twoHoursOfVirtualSleepStepThroughRigTimeOnTheSecond() async throws {
        let clock = VirtualClock()
        let reached = try await clock.run { () async throws -> [RigInstant] in
            var stamps: [RigInstant] = []
            for _ in 0..<7200 {
                try await clock.sleep(for: .seconds(1))
                stamps.append(clock.now)
            }
            return stamps
        }
        #expect(reached == (1...7200).map { RigInstant(offset: .seconds($0)) })
    }

    @Test func actorsAndChildTasksRunOnTheClocksExecutor() async throws {
        let clock = VirtualClock()
        let tally = Tally()
        try await clock.run {
            async let left: Void = { for _ in 0..<10 { try? await clock.sleep(for: .seconds(1)); await tally.bump() } }()
            async let right: Void = { for _ in 0..<10 { try? await clock.sleep(for: .seconds(1)); await tally.bump() } }()
            _ = await (left, right)
        }
        #expect(await tally.count == 20)
        #expect(await tally.threads.count == 1, "all actor work ran on the clock's one thread")
        #expect(clock.now == RigInstant(offset: .seconds(10)))
    }

    @Test func spawnedTasksLiveInVirtualTime() async throws {
        let clock = VirtualClock()
        let order = Order()
        try await clock.run {
            clock.spawn {
                try? await clock.sleep(for: .seconds(5))
                order.add("spawned@\(clock.now)")
            }
            try await clock.sleep(for: .seconds(10))
            order.add("body@\(clock.now)")
        }
        #expect(order.all == ["spawned@5.000 s", "body@10.000 s"])
    }

    @Test func cancellingASleeperResumesItWithCancellationError() async throws {
        let clock = VirtualClock()
        let outcome = try await clock.run { () async -> String in
            let sleeper = Task(executorPreference: clock) { () async -> String in
                do { try await clock.sleep(for: .seconds(100)); return "slept" } catch is CancellationError { return "cancelled@\(clock.now)" } catch { return "other" }
            }
            try? await clock.sleep(for: .seconds(1))
            sleeper.cancel()
            return await sleeper.value
        }
        #expect(outcome == "cancelled@1.000 s")
        #expect(clock.now == RigInstant(offset: .seconds(1)), "the cancelled 100 s sleep did not advance time")
    }

    @Test func aRunWhereEveryTaskWaitsOnNothingIsADeadlock() async throws {
        let clock = VirtualClock(deadlockGrace: .milliseconds(50))
        await #expect(throws: VirtualClockError.deadlock(at: .zero)) {
            try await clock.run {
                let (stream, _) = AsyncStream.makeStream(of: Int.self)
                for await _ in stream {}
            }
        }
    }

    @Test func sleepersLeftByTheBodyAreCancelledWhenItReturns() async throws {
        let clock = VirtualClock()
        let order = Order()
        try await clock.run {
            clock.spawn {
                do { try await clock.sleep(for: .seconds(1000)) } catch { order.add("cancelled") }
            }
            try await clock.sleep(for: .seconds(1))
        }
        #expect(order.all == ["cancelled"])
        #expect(clock.now == RigInstant(offset: .seconds(1)))
    }

    @Test func errorsOfTheBodyReachTheCaller() async {
        struct Boom: Error, Equatable {}
        let clock = VirtualClock()
        await #expect(throws: Boom()) { try await clock.run { throw Boom() } }
    }

    @Test func wallClockCountsFromZero() async throws {
        let clock = WallClock()
        #expect(clock.now.offset >= .zero)
        #expect(!clock.isVirtual)
        try await clock.sleep(for: .milliseconds(1))
        #expect(clock.now.offset >= .milliseconds(1))
    }
}

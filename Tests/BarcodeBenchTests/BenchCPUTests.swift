import BarcodeBench
import Foundation
import Testing

/// Pinning the benchmark's engines to one CPU (`BenchCPU`). Made on a thread of its own: the pin holds for the thread
/// that asks for it, and the other tests' threads keep every CPU.
@Suite struct BenchCPUTests {
    /// What a thread of its own sees before and after pinning itself.
    func onOwnThread() -> (before: Int?, pinned: Int?, after: Int?, current: Int?) {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var seen: (before: Int?, pinned: Int?, after: Int?, current: Int?) = (nil, nil, nil, nil)
        let thread = Thread {
            let before = BenchCPU.allowedCount
            let pinned = BenchCPU.pinToCurrent()
            seen = (before, pinned, BenchCPU.allowedCount, BenchCPU.current)
            done.signal()
        }
        thread.start()
        done.wait()
        return seen
    }

    @Test func aPinnedThreadRunsOnTheOneCPUItWasOn() throws {
        let seen = onOwnThread()
        let pinned = try #require(seen.pinned, "the system refused the pin")
        #expect(seen.after == 1)
        #expect(seen.current == pinned)
        #expect((seen.before ?? 0) >= 1)
    }

    @Test func pinningOneThreadLeavesTheOthersTheirCPUs() {
        let before = BenchCPU.allowedCount
        _ = onOwnThread()
        #expect(BenchCPU.allowedCount == before)
    }
}

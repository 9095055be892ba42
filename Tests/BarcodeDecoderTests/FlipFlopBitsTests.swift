@testable import BarcodeDecoder
import Foundation
import RigCore
import Testing

/// The set–reset flip-flop run 64 steps at a time, and the edge bound built on it, against the step-by-step rule.
@Suite struct FlipFlopBitsTests {
    /// The states step by step: set where `set` has the bit, cleared where `reset` has it, else kept.
    static func statesByStep(set: UInt64, reset: UInt64, carry: UInt64) -> UInt64 {
        var state = carry, states: UInt64 = 0
        for k in 0..<64 {
            if (set >> UInt64(k)) & 1 == 1 { state = 1 } else if (reset >> UInt64(k)) & 1 == 1 { state = 0 }
            states |= state << UInt64(k)
        }
        return states
    }

    @Test func statesMatchTheStepByStepRule() {
        var random = SeededGenerator(seed: 64)
        // Sparse, dense and clustered events; the ends of the word; the carry either way.
        var words: [(UInt64, UInt64)] = [(0, 0), (1, 0), (0, 1), (1 << 63, 0), (0, 1 << 63), (0x8000_0000_0000_0001, 0x4000_0000_0000_0002),
                                         (0x5555_5555_5555_5555, 0xAAAA_AAAA_AAAA_AAAA), (0xAAAA_AAAA_AAAA_AAAA, 0x5555_5555_5555_5555)]
        for trial in 0..<3_000 {
            let a = UInt64.random(in: .min ... .max, using: &random), b = UInt64.random(in: .min ... .max, using: &random)
            let density = trial % 3
            let events = density == 0 ? a & b & UInt64.random(in: .min ... .max, using: &random) : density == 1 ? a : a | b
            let sets = events & UInt64.random(in: .min ... .max, using: &random)
            words.append((sets, events & ~sets))
        }
        for (set, reset) in words {
            for carry: UInt64 in [0, 1] {
                let expected = Self.statesByStep(set: set, reset: reset, carry: carry)
                #expect(FlipFlopBits.states(set: set, reset: reset, carry: carry) == expected, "\(set) \(reset) \(carry)")
                let changes = FlipFlopBits.changes(set: set, reset: reset, carry: carry)
                #expect(changes.count == (expected ^ ((expected << 1) | carry)).nonzeroBitCount)
                #expect(changes.carry == expected >> 63)
            }
        }
    }

    @Test func bytesAreGatheredIntoBits() {
        var random = SeededGenerator(seed: 8)
        for _ in 0..<200 {
            let bytes = (0..<64).map { _ in UInt8.random(in: 0...3, using: &random) }
            let (low, high) = bytes.withUnsafeBufferPointer { FlipFlopBits.gathered($0.baseAddress!) }
            for k in 0..<64 {
                #expect((low >> UInt64(k)) & 1 == UInt64(bytes[k] & 1))
                #expect((high >> UInt64(k)) & 1 == UInt64(bytes[k] >> 1))
            }
        }
    }

    /// `mayHaveEdges` by the rule it had sample by sample (the direction looked for after each peak, the count at each
    /// sample), on lines of every length around the blocks of 64, with peaks sparse and dense, at several floors.
    @Test func edgeBoundMatchesTheSampleBySampleRule() {
        var random = SeededGenerator(seed: 28)
        var compared = 0
        for length in [1, 4, 5, 6, 7, 20, 65, 66, 67, 68, 69, 70, 131, 132, 133, 200, 643] {
            for trial in 0..<6 {
                let amplitude = [2.0, 10.0, 60.0][trial % 3]
                let frequency = 0.3 + Double(trial) * 0.4
                var g: [Double] = []
                for k in 0..<length {
                    let wave: Double = amplitude * sin(Double(k) * frequency)
                    g.append(128 + wave + Double.random(in: -3...3, using: &random))
                }
                var slope = [Double](repeating: 0, count: length)
                if length >= 3 { for k in 1..<(length - 1) { slope[k] = (g[k + 1] - g[k - 1]) / 2 } }
                let strength: [Double] = slope.map { abs($0) }
                for floor in [3.0, 6.5] {
                    var peaks = 0, falling: UInt64 = 1
                    var countAt: [Int] = []
                    if length >= 5 {
                        for k in 2..<(length - 2) {
                            let rising: UInt64 = slope[k] < 0 ? 0 : 1
                            let peak = LinearReader.isPeak(strength[k - 1], strength[k], strength[k + 1], floor: floor, near: 0)
                            peaks += Int(peak & (rising ^ falling))
                            falling = peak != 0 ? rising : falling
                            countAt.append(peaks)
                        }
                    }
                    for times in Set([-1, 0, 1, 2, peaks - 1, peaks, peaks + 1, peaks / 2]) {
                        let expected = length < 5 ? times <= 0 : peaks >= times
                        #expect(LinearReader.mayHaveEdges(slope: slope, strength: strength, count: length, floor: floor, times: times) == expected,
                                "length \(length) trial \(trial) floor \(floor): \(peaks) peaks, \(times) asked")
                        compared += 1
                    }
                }
            }
        }
        #expect(compared > 500)
    }
}

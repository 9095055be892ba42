import Foundation
import RigCore

/// Seeded, physiologically plausible signals of one wearer, as functions of time since streaming began.
///
/// Heart beats follow a heart-rate model with respiratory sinus arrhythmia
/// and jitter; the PPG (BVP) is a systolic and a diastolic wave per beat; IBIs
/// are the intervals between those beats' systolic peaks. EDA has a slowly
/// drifting tonic level and random phasic responses; skin temperature drifts;
/// the accelerometer sees gravity plus activity. Queries must move forward in
/// time per signal; each signal draws from its own random stream.
struct Physiology: Sendable {
    /// Heart rate in beats per minute.
    var heartRate: Double
    /// Activity level, 0 (still) … 1 (running).
    var motion: Double
    /// How the band is held, which puts gravity on one axis.
    var posture: WristPosture = .dialUp

    private var beatRandom: SeededGenerator
    private var noiseRandom: SeededGenerator
    private var edaRandom: SeededGenerator
    /// Beat onsets (seconds), oldest first; older ones are dropped as time moves on.
    private var beats: [Double] = []
    private var responses: [(time: Double, amplitude: Double)] = []
    private var nextResponse: Double

    /// Delay from a beat's onset to its systolic peak in the PPG.
    static let peakDelay = 0.25

    init(heartRate: Double, motion: Double, seed: UInt64, name: String) {
        self.heartRate = heartRate
        self.motion = motion
        beatRandom = SeededGenerator(seed: seed, stream: "\(name)/beats")
        noiseRandom = SeededGenerator(seed: seed, stream: "\(name)/noise")
        edaRandom = SeededGenerator(seed: seed, stream: "\(name)/eda")
        nextResponse = 5
        beats = [0.3]
    }

    private static func uniform(_ generator: inout SeededGenerator) -> Double {
        Double(generator.next() >> 11) / Double(1 << 53)
    }

    private static func gaussian(_ generator: inout SeededGenerator) -> Double {
        let u1 = max(uniform(&generator), 1e-12), u2 = uniform(&generator)
        return (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
    }

    /// Makes sure beats are known up to `time` (plus one beyond).
    private mutating func extendBeats(to time: Double) {
        while let last = beats.last, last <= time + 2 {
            let rsa = 1 + 0.04 * sin(2 * .pi * last / 4.5)
            let jitter = 1 + 0.012 * Self.gaussian(&beatRandom)
            beats.append(last + 60 / heartRate * rsa * jitter)
        }
        while beats.count > 8, beats[1] < time - 3 { beats.removeFirst() }
    }

    /// The beats whose systolic peak falls in `start..<end`, with the interval since the previous one.
    mutating func peaks(from start: Double, to end: Double) -> [(peak: Double, interval: Double)] {
        extendBeats(to: end)
        var out: [(Double, Double)] = []
        for i in beats.indices.dropFirst() {
            let peak = beats[i] + Self.peakDelay
            if peak >= start && peak < end { out.append((peak, beats[i] - beats[i - 1])) }
        }
        return out
    }

    /// The BVP value at `time`, as the band sends it: the raw PPG filtered of movement artefacts (EmpaLink:
    /// "the raw signal is filtered to remove movement artifacts"), so motion shows in acceleration, not here.
    mutating func bvp(at time: Double) -> Double {
        extendBeats(to: time)
        var value = 0.0
        for onset in beats where onset <= time && time - onset < 1.5 {
            let x = time - onset
            value += 60 * exp(-pow((x - Self.peakDelay) / 0.07, 2)) + 22 * exp(-pow((x - 0.55) / 0.1, 2))
        }
        return value - 25 + 0.5 * Self.gaussian(&noiseRandom)
    }

    /// Skin conductance in µS at `time`.
    mutating func eda(at time: Double) -> Double {
        while nextResponse <= time {
            responses.append((nextResponse, 0.05 + 0.35 * Self.uniform(&edaRandom)))
            nextResponse += -log(max(Self.uniform(&edaRandom), 1e-9)) * 40
        }
        responses.removeAll { time - $0.time > 40 }
        var phasic = 0.0
        for response in responses where response.time <= time {
            let x = time - response.time
            phasic += response.amplitude * (1 - exp(-x / 0.75)) * exp(-x / 4)
        }
        return 2 + 0.5 * sin(2 * .pi * time / 1800) + phasic + 0.002 * Self.gaussian(&noiseRandom)
    }

    /// Skin temperature in °C at `time`.
    mutating func temperature(at time: Double) -> Double {
        32.5 + 0.4 * sin(2 * .pi * time / 3600) + 0.01 * Self.gaussian(&noiseRandom)
    }

    /// Acceleration in g on the three axes at `time`: gravity on the posture's axis, plus the arm's swing when active.
    mutating func acceleration(at time: Double) -> (Double, Double, Double) {
        let g = posture.gravity
        let swing = motion * 0.8 * sin(2 * .pi * 2 * time)
        let sway = motion * 0.3 * cos(2 * .pi * 2 * time)
        return (g.x + swing + 0.02 * Self.gaussian(&noiseRandom),
                g.y + sway + 0.02 * Self.gaussian(&noiseRandom),
                g.z + 0.5 * abs(swing) * (g.z >= 0 ? 1 : -1) + 0.02 * Self.gaussian(&noiseRandom))
    }
}

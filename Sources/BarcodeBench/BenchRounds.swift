/// Several passes (rounds) of the benchmark over one corpus, each image's time the least of its rounds'.
///
/// A slow spell of a shared machine lasts a second or more: in it this VM's code runs 1.2–1.4 times slower (RigKit's
/// and zxing-cpp's both, pinned to one CPU). An engine's repeats of one image come back to back, well under a second
/// apart, so a spell that lands on an image slows every repeat and the best of them too. In five runs of the dev corpus
/// (forty-second session) 6–22 % of each engine's images took over 1.25 times their best of the five runs; in one,
/// RigKit's `pdf417-3/09` and `pdf417-3/10` took 0.315 and 0.297 ms against 0.236 and 0.224 in the run before, and
/// zxing-cpp's, decoded between them, 2.94 and 0.89 against 2.57 and 0.74. A round of the dev corpus takes about 7 s.
/// Every engine takes every round, image by image in turn as before, so the rounds treat them alike.
///
/// Two rounds did not make the check meet more often (forty runs at the forty-second session's end: 36 met on the
/// rounds' best times, 77 of the 80 rounds alone): what still missed were p95s whose slowest image stayed slow through
/// both rounds in RigKit's process (its slowest UPC-E photo at least 0.28 ms in both, where it took 0.20–0.22 in 36 of
/// the 40 runs), while zxing-cpp's slow images differed from round to round and its best times fell. So one round is
/// the default; more tell a spell (a miss in one round alone) from a run slow throughout.
public enum BenchRounds {
    /// The first round's outcomes (the texts of each image's first decode, as with one round), each with the least time
    /// any round took for that image. An image a later round lacks (an engine that could not read it that time) keeps
    /// the time it has.
    public static func fastest(_ rounds: [[BenchOutcome]]) -> [BenchOutcome] {
        guard var merged = rounds.first else { return [] }
        for round in rounds.dropFirst() {
            // Matched by path, not position, in case a round left an image out; a lookup only, so no order depends on it.
            var later: [String: Double] = [:]
            for outcome in round where outcome.failure == nil {
                later[outcome.entry.path] = min(later[outcome.entry.path] ?? .infinity, outcome.milliseconds)
            }
            for index in merged.indices where merged[index].failure == nil {
                if let time = later[merged[index].entry.path] { merged[index].milliseconds = min(merged[index].milliseconds, time) }
            }
        }
        return merged
    }
}

/// A k-fold partition of sample indices, reproducible from a seed.
///
/// The indices are shuffled by Fisher–Yates driven by `SplitMix64` (for `i` from `n − 1` down to 1,
/// swap `i` with `next() % (i + 1)`); the sample at shuffled position `p` goes to fold `p mod k`.
/// `scripts/sklearn_reference.py` reproduces the same folds.
///
/// Grouped folds (`init(groups:folds:seed:)`) shuffle the distinct groups the same way instead
/// of the samples, so every sample of a group (replicate scans of one sample, say) is validated
/// in the same fold and never helps predict itself.
public struct KFold: Sendable, Equatable, Codable {
    /// The number of folds.
    public let folds: Int
    /// The seed that fixed the shuffle.
    public let seed: UInt64
    /// The fold of each sample, in sample order.
    public let assignments: [Int]
    /// The number of distinct groups when the folds keep groups together; nil for sample folds.
    public let groupCount: Int?

    /// Partitions `count` samples into `folds` folds; `folds` is clamped to 2…count.
    public init(count: Int, folds: Int, seed: UInt64) {
        let k = max(2, min(folds, count))
        var order = Array(0..<count)
        var generator = SplitMix64(seed: seed)
        var index = count - 1
        while index > 0 {
            let other = Int(generator.next() % UInt64(index + 1))
            order.swapAt(index, other)
            index -= 1
        }
        var assignments = [Int](repeating: 0, count: count)
        for (position, sample) in order.enumerated() { assignments[sample] = position % k }
        self.folds = k
        self.seed = seed
        self.assignments = assignments
        self.groupCount = nil
    }

    /// Partitions samples so that samples with equal `groups` labels share a fold.
    ///
    /// The distinct labels, sorted, are shuffled as samples are in `init(count:folds:seed:)`;
    /// the group at shuffled position `p` goes to fold `p mod k`, with `k` clamped to 2…groups.
    /// Returns nil when there are fewer than two groups.
    public init?(groups: [String], folds: Int, seed: UInt64) {
        let names = Array(Set(groups)).sorted()
        guard names.count >= 2 else { return nil }
        let byGroup = KFold(count: names.count, folds: folds, seed: seed)
        let index = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
        self.folds = byGroup.folds
        self.seed = seed
        self.assignments = groups.map { byGroup.assignments[index[$0]!] }
        self.groupCount = names.count
    }

    /// The training and validation sample indices of fold `fold`, each in ascending order.
    public func split(_ fold: Int) -> (training: [Int], validation: [Int]) {
        var training: [Int] = [], validation: [Int] = []
        for (sample, assigned) in assignments.enumerated() {
            if assigned == fold { validation.append(sample) } else { training.append(sample) }
        }
        return (training, validation)
    }
}

/// A k-fold partition of sample indices, reproducible from a seed.
///
/// The indices are shuffled by Fisher–Yates driven by `SplitMix64` (for `i` from `n − 1` down to 1,
/// swap `i` with `next() % (i + 1)`); the sample at shuffled position `p` goes to fold `p mod k`.
/// `scripts/sklearn_reference.py` reproduces the same folds.
public struct KFold: Sendable, Equatable, Codable {
    /// The number of folds.
    public let folds: Int
    /// The seed that fixed the shuffle.
    public let seed: UInt64
    /// The fold of each sample, in sample order.
    public let assignments: [Int]

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

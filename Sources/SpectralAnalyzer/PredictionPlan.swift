/// A fitted pipeline and PLS model compiled for prediction: flat stages over preallocated buffers.
///
/// Compiling turns each fitted step into a stage with its constants laid out for the loop that
/// uses them (Savitzky–Golay weights per edge row, rotations and loadings one component after
/// the other), so analyzing a spectrum allocates nothing and runs straight loops over
/// `UnsafeBufferPointer`s. The arithmetic is the model's own — same steps, same order per point —
/// except that sums run over several accumulators, SNV/MSC multiply by a reciprocal (and, right
/// before Savitzky–Golay, are applied by the filter), (anti)symmetric SG weights are folded, a
/// trailing centring joins the PLS means and predictions come from the scores; results agree with
/// `FittedPreprocessingPipeline`, `PLSRegression` and `OutlierDetector` to 1e-12 relative
/// (`PredictionPlanTests`).
///
/// A plan is immutable and can be shared between threads; each thread analyzes with its own
/// `Workspace`.
public struct PredictionPlan: Sendable {
    let storage: Storage

    /// Compiles a fitted pipeline and the PLS model it feeds.
    public init(preprocessing: FittedPreprocessingPipeline, regression: PLSRegression) {
        precondition(preprocessing.outputWidth == regression.predictorCount, "the pipeline must produce the model's predictors")
        storage = Storage(preprocessing: preprocessing, regression: regression)
    }

    /// The number of points an input spectrum has.
    public var inputWidth: Int { storage.inputWidth }
    /// The number of responses predicted per spectrum.
    public var responseCount: Int { storage.responses }
    /// The number of latent components.
    public var components: Int { storage.components }

    /// Scratch buffers for one thread's analyses; reuse one per thread so no call allocates.
    public final class Workspace {
        let first: UnsafeMutableBufferPointer<Double>
        let second: UnsafeMutableBufferPointer<Double>
        let scores: UnsafeMutableBufferPointer<Double>

        /// Creates buffers large enough for `plan`.
        public convenience init(for plan: PredictionPlan) {
            self.init(width: plan.storage.largestWidth, components: plan.storage.components)
        }

        init(width: Int, components: Int) {
            first = .allocate(capacity: max(width, 4))
            second = .allocate(capacity: max(width, 4))
            scores = .allocate(capacity: max(components, 1))
        }

        deinit {
            first.deallocate()
            second.deallocate()
            scores.deallocate()
        }
    }

    /// What the plan computes for one spectrum: the first response, Hotelling's T² and Q.
    public struct Output: Sendable, Equatable {
        /// The first (for estimation, the only) predicted response.
        public var response: Double
        /// Hotelling's T² in the score space.
        public var hotellingT2: Double
        /// Q, the squared residual off the score space.
        public var qResidual: Double
    }

    /// Runs the pipeline and the model on one spectrum of `inputWidth` finite points.
    ///
    /// `responses`, when given, receives every predicted response (it must hold `responseCount`).
    public func run(
        _ spectrum: UnsafeBufferPointer<Double>, workspace: Workspace,
        responses: UnsafeMutableBufferPointer<Double>? = nil
    ) -> Output {
        precondition(spectrum.count == storage.inputWidth, "spectrum width must match the plan's input width")
        return storage.run(spectrum.baseAddress!, workspace: workspace, responses: responses?.baseAddress)
    }
}

extension PredictionPlan {
    /// One compiled preprocessing step.
    enum Stage {
        /// Keeps a contiguous run of columns: only the start of the data moves.
        case slice(start: Int, count: Int)
        /// Keeps the listed columns.
        case gather(UnsafeMutableBufferPointer<Int>)
        /// Standard normal variate; `deferred` when a Savitzky–Golay stage follows and applies it (see there).
        case standardNormalVariate(deferred: Bool)
        /// MSC against a reference with its mean; `deferred` as for SNV.
        case multiplicativeScatterCorrection(reference: UnsafeMutableBufferPointer<Double>, mean: Double, deferred: Bool)
        /// Savitzky–Golay: centre weights, then the leading and trailing rows, tap-major with the rows
        /// padded to a multiple of four (window × padded each).
        ///
        /// The centre weights of an even derivative are symmetric (wₖ = w₋ₖ) and of an odd one
        /// antisymmetric (wₖ = −w₋ₖ), so the interior sums `w₀xᵢ + Σₖ wₖ(xᵢ₊ₖ ± xᵢ₋ₖ)`: `folded` holds
        /// w₀, w₁ … w_half, and `sign` is ±1. It is nil when the computed weights are not (anti)symmetric.
        ///
        /// SNV and MSC right before it are per-spectrum affine maps `(x − a)·m`, and the filter is
        /// linear, so it filters the raw points and stores `(Σw·x − a·Σw)·m`: `rowSums` holds Σw of
        /// the interior rows, then of the padded leading and trailing rows.
        case savitzkyGolay(
            window: Int, centre: UnsafeMutableBufferPointer<Double>, leading: UnsafeMutableBufferPointer<Double>,
            trailing: UnsafeMutableBufferPointer<Double>, folded: UnsafeMutableBufferPointer<Double>?, sign: Double,
            rowSums: UnsafeMutableBufferPointer<Double>)
        /// Subtracts means, then divides by scales when there are any.
        case affine(means: UnsafeMutableBufferPointer<Double>, scales: UnsafeMutableBufferPointer<Double>?)
    }

    /// The compiled constants; immutable after `init`, so sharing it between threads is safe.
    final class Storage: @unchecked Sendable {
        let inputWidth: Int
        let outputWidth: Int
        let largestWidth: Int
        let components: Int
        let responses: Int
        let stages: [Stage]
        /// The PLS training means of the predictors.
        let xMeans: UnsafeMutableBufferPointer<Double>
        /// Rotations, component after component (components × outputWidth).
        let rotations: UnsafeMutableBufferPointer<Double>
        /// X loadings, component after component (components × outputWidth).
        let loadings: UnsafeMutableBufferPointer<Double>
        /// Y loadings, response after response (responses × components).
        let yLoadings: UnsafeMutableBufferPointer<Double>
        let yMeans: UnsafeMutableBufferPointer<Double>
        let scoreVariances: UnsafeMutableBufferPointer<Double>
        private var owned: [UnsafeMutableRawBufferPointer] = []

        init(preprocessing: FittedPreprocessingPipeline, regression: PLSRegression) {
            inputWidth = preprocessing.inputWidth
            outputWidth = preprocessing.outputWidth
            components = regression.components
            responses = regression.responseCount
            var owned: [UnsafeMutableRawBufferPointer] = []
            func copy(_ values: [Double]) -> UnsafeMutableBufferPointer<Double> {
                let buffer = UnsafeMutableBufferPointer<Double>.allocate(capacity: max(values.count, 1))
                _ = buffer.initialize(from: values)
                owned.append(UnsafeMutableRawBufferPointer(buffer))
                return buffer
            }
            var stages: [Stage] = []
            var width = preprocessing.inputWidth, largest = width
            let steps = preprocessing.steps
            var position = 0
            /// Whether the step at `position` is directly followed by a Savitzky–Golay filter.
            func feedsSavitzkyGolay(_ step: FittedPreprocessingStep) -> Bool {
                guard position + 1 < steps.count, case .savitzkyGolay = steps[position + 1] else { return false }
                return true
            }
            for step in steps {
                defer { position += 1 }
                let stage: Stage
                switch step {
                case .columnSelection(let indices):
                    if indices.count > 0, indices.last! - indices.first! == indices.count - 1,
                       zip(indices, indices.dropFirst()).allSatisfy({ $1 == $0 + 1 }) {
                        stage = .slice(start: indices[0], count: indices.count)
                    } else {
                        let buffer = UnsafeMutableBufferPointer<Int>.allocate(capacity: indices.count)
                        _ = buffer.initialize(from: indices)
                        owned.append(UnsafeMutableRawBufferPointer(buffer))
                        stage = .gather(buffer)
                    }
                case .standardNormalVariate:
                    stage = .standardNormalVariate(deferred: feedsSavitzkyGolay(step))
                case .multiplicativeScatterCorrection(let reference):
                    stage = .multiplicativeScatterCorrection(
                        reference: copy(reference), mean: Vector.mean(reference), deferred: feedsSavitzkyGolay(step))
                case .savitzkyGolay(let filter):
                    let weights = filter.makeWeights()
                    let centre = weights.centre, half = filter.window / 2
                    let sign: Double = filter.derivative % 2 == 1 ? -1 : 1
                    let scale = centre.map(abs).max() ?? 0
                    let symmetric = (1...half).allSatisfy { abs(centre[half + $0] - sign * centre[half - $0]) <= 1e-13 * scale }
                    // Edge rows tap-major, rows padded to a multiple of four with zero weights.
                    let padded = (half + 3) / 4 * 4
                    let tapMajor = { (rows: [[Double]]) -> [Double] in
                        (0..<filter.window).flatMap { tap in (0..<padded).map { $0 < rows.count ? rows[$0][tap] : 0 } }
                    }
                    let folded = symmetric ? [centre[half]] + (1...half).map { centre[half + $0] } : nil
                    // Σw per row, summed as the kernel sums a row of ones.
                    let interiorSum = folded.map { sign < 0 ? $0[0] : $0[1...].reduce($0[0]) { $0 + $1 * 2 } }
                        ?? centre.reduce(0, +)
                    let edgeSums = { (rows: [[Double]]) in (0..<padded).map { $0 < rows.count ? rows[$0].reduce(0, +) : 0 } }
                    stage = .savitzkyGolay(
                        window: filter.window, centre: copy(centre), leading: copy(tapMajor(weights.leading)),
                        trailing: copy(tapMajor(weights.trailing)), folded: folded.map(copy), sign: sign,
                        rowSums: copy([interiorSum] + edgeSums(weights.leading) + edgeSums(weights.trailing)))
                case .centering(let means):
                    stage = .affine(means: copy(means), scales: nil)
                case .scaling(let means, let scales):
                    stage = .affine(means: copy(means), scales: copy(scales))
                }
                stages.append(stage)
                width = step.outputWidth(forInputWidth: width) ?? width
                largest = max(largest, width)
            }
            // A trailing mean centring is folded into the PLS means: one subtraction instead of two.
            var means = regression.xMeans
            while case .affine(let stepMeans, nil)? = stages.last {
                means = zip(stepMeans, means).map { $0 + $1 }
                stages.removeLast()
            }
            self.stages = stages
            largestWidth = largest
            let a = regression.components
            xMeans = copy(means)
            rotations = copy((0..<a).flatMap { regression.rotations.column($0) })
            loadings = copy((0..<a).flatMap { regression.xLoadings.column($0) })
            yLoadings = copy(regression.yLoadings.values)
            yMeans = copy(regression.yMeans)
            scoreVariances = copy(regression.scoreVariances)
            self.owned = owned
        }

        deinit {
            for buffer in owned { buffer.deallocate() }
        }

        func run(
            _ spectrum: UnsafePointer<Double>, workspace: Workspace, responses output: UnsafeMutablePointer<Double>?
        ) -> Output {
            // `current` is read-only input; stages write into whichever workspace buffer it is not.
            var current = spectrum
            var width = inputWidth
            let first = workspace.first.baseAddress!, second = workspace.second.baseAddress!
            var inFirst: Bool? = nil
            // The affine map of a deferred SNV or MSC, applied by the Savitzky–Golay stage that follows.
            var pending: (shift: Double, scale: Double) = (0, 1)
            func target() -> UnsafeMutablePointer<Double> {
                let out = inFirst == true ? second : first
                inFirst = out == first
                return out
            }
            for stage in stages {
                switch stage {
                case .slice(let start, let count):
                    current += start
                    width = count
                case .gather(let indices):
                    let out = target()
                    for (position, index) in indices.enumerated() { out[position] = current[index] }
                    current = UnsafePointer(out)
                    width = indices.count
                case .standardNormalVariate(let deferred):
                    let (shift, scale) = Kernels.standardNormalVariateCoefficients(current, width)
                    if deferred {
                        pending = (shift, scale)
                    } else {
                        let out = target()
                        Kernels.affine(current, out, width, minus: shift, times: scale)
                        current = UnsafePointer(out)
                    }
                case .multiplicativeScatterCorrection(let reference, let referenceMean, let deferred):
                    let (shift, scale) = Kernels.multiplicativeScatterCorrectionCoefficients(
                        current, width, reference.baseAddress!, referenceMean)
                    if deferred {
                        pending = (shift, scale)
                    } else {
                        let out = target()
                        Kernels.affine(current, out, width, minus: shift, times: scale)
                        current = UnsafePointer(out)
                    }
                case .savitzkyGolay(let window, let centre, let leading, let trailing, let folded, let sign, let rowSums):
                    let out = target()
                    Kernels.savitzkyGolay(
                        current, out, width, window, centre.baseAddress!, leading.baseAddress!, trailing.baseAddress!,
                        folded: folded?.baseAddress, sign: sign, rowSums: rowSums.baseAddress!,
                        shift: pending.shift, scale: pending.scale)
                    pending = (0, 1)
                    current = UnsafePointer(out)
                case .affine(let means, let scales):
                    let out = target()
                    if let scales {
                        for index in 0..<width { out[index] = (current[index] - means[index]) / scales[index] }
                    } else {
                        Kernels.subtract(current, means.baseAddress!, out, width)
                    }
                    current = UnsafePointer(out)
                }
            }
            // Centre on the PLS means while scoring, then the residual off the score space in one pass.
            let centred = target()
            let scores = workspace.scores.baseAddress!
            Kernels.centreAndScore(current, xMeans.baseAddress!, centred, width, rotations.baseAddress!, components, scores)
            var t2 = 0.0
            for component in 0..<components { t2 += scores[component] * scores[component] / scoreVariances[component] }
            let q = Kernels.residualSquares(UnsafePointer(centred), loadings.baseAddress!, scores, components, width)
            var firstResponse = 0.0
            for response in 0..<responses {
                var value = 0.0
                for component in 0..<components { value += yLoadings[response * components + component] * scores[component] }
                value += yMeans[response]
                if response == 0 { firstResponse = value }
                output?[response] = value
            }
            return Output(response: firstResponse, hotellingT2: t2, qResidual: q)
        }
    }
}

/// The loops of a prediction plan: SIMD over four lanes, no allocation.
enum Kernels {
    typealias Lanes = SIMD4<Double>

    @inline(__always)
    static func load(_ pointer: UnsafePointer<Double>) -> Lanes {
        UnsafeRawPointer(pointer).loadUnaligned(as: Lanes.self)
    }

    @inline(__always)
    static func store(_ value: Lanes, _ pointer: UnsafeMutablePointer<Double>) {
        UnsafeMutableRawPointer(pointer).storeBytes(of: value, as: Lanes.self)
    }

    /// Σ aᵢ·bᵢ over eight running sums.
    static func dot(_ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>, _ count: Int) -> Double {
        var low = Lanes(), high = Lanes()
        var index = 0
        while index + 8 <= count {
            low += load(a + index) * load(b + index)
            high += load(a + index + 4) * load(b + index + 4)
            index += 8
        }
        var sum = (low + high).sum()
        while index < count {
            sum += a[index] * b[index]
            index += 1
        }
        return sum
    }

    /// Σ aᵢ over eight running sums.
    static func sum(_ a: UnsafePointer<Double>, _ count: Int) -> Double {
        var low = Lanes(), high = Lanes()
        var index = 0
        while index + 8 <= count {
            low += load(a + index)
            high += load(a + index + 4)
            index += 8
        }
        var total = (low + high).sum()
        while index < count {
            total += a[index]
            index += 1
        }
        return total
    }

    /// out = a − b.
    static func subtract(_ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>, _ out: UnsafeMutablePointer<Double>, _ count: Int) {
        var index = 0
        while index + 4 <= count {
            store(load(a + index) - load(b + index), out + index)
            index += 4
        }
        while index < count {
            out[index] = a[index] - b[index]
            index += 1
        }
    }

    /// out = (x − a) · m, with a and m broadcast.
    static func affine(_ x: UnsafePointer<Double>, _ out: UnsafeMutablePointer<Double>, _ count: Int, minus a: Double, times m: Double) {
        let va = Lanes(repeating: a), vm = Lanes(repeating: m)
        var index = 0
        while index + 4 <= count {
            store((load(x + index) - va) * vm, out + index)
            index += 4
        }
        while index < count {
            out[index] = (x[index] - a) * m
            index += 1
        }
    }

    /// SNV as `ScatterCorrection.standardNormalVariate`: the spectrum's mean and the reciprocal of its deviation (1 when flat).
    static func standardNormalVariateCoefficients(_ x: UnsafePointer<Double>, _ count: Int) -> (shift: Double, scale: Double) {
        let mean = sum(x, count) / Double(count)
        guard count > 1 else { return (mean, 1) }
        let vm = Lanes(repeating: mean)
        var low = Lanes(), high = Lanes()
        var index = 0
        while index + 8 <= count {
            let d0 = load(x + index) - vm, d1 = load(x + index + 4) - vm
            low += d0 * d0
            high += d1 * d1
            index += 8
        }
        var squares = (low + high).sum()
        while index < count {
            squares += (x[index] - mean) * (x[index] - mean)
            index += 1
        }
        let deviation = (squares / Double(count - 1)).squareRoot()
        return (mean, 1 / (deviation > 0 ? deviation : 1))
    }

    /// MSC as `ScatterCorrection.multiplicativeScatterCorrection`: the intercept and the reciprocal slope (1 when 0).
    static func multiplicativeScatterCorrectionCoefficients(
        _ x: UnsafePointer<Double>, _ count: Int, _ reference: UnsafePointer<Double>, _ referenceMean: Double
    ) -> (shift: Double, scale: Double) {
        let mean = sum(x, count) / Double(count)
        let vr = Lanes(repeating: referenceMean), vx = Lanes(repeating: mean)
        var covariance = Lanes(), variance = Lanes()
        var index = 0
        while index + 4 <= count {
            let r = load(reference + index) - vr
            covariance += r * (load(x + index) - vx)
            variance += r * r
            index += 4
        }
        var cov = covariance.sum(), vari = variance.sum()
        while index < count {
            let r = reference[index] - referenceMean
            cov += r * (x[index] - mean)
            vari += r * r
            index += 1
        }
        let slope = vari > 0 ? cov / vari : 0
        let intercept = mean - slope * referenceMean
        let divisor = slope != 0 && slope.isFinite ? slope : 1
        return (intercept, 1 / divisor)
    }

    /// Savitzky–Golay with SciPy's `interp` edges, four interior points at a time.
    ///
    /// With `folded` weights each interior point is `w₀xᵢ + Σₖ wₖ(xᵢ₊ₖ ± xᵢ₋ₖ)`; otherwise it sums its window in order.
    static func savitzkyGolay(
        _ x: UnsafePointer<Double>, _ out: UnsafeMutablePointer<Double>, _ count: Int, _ window: Int,
        _ centre: UnsafePointer<Double>, _ leading: UnsafePointer<Double>, _ trailing: UnsafePointer<Double>,
        folded: UnsafePointer<Double>?, sign: Double, rowSums: UnsafePointer<Double>, shift: Double, scale: Double
    ) {
        let half = window / 2
        guard count >= window else {
            affine(x, out, count, minus: shift, times: scale)
            return
        }
        // (Σw·x − shift·Σw)·scale: exactly Σw·x when there is no deferred map (shift 0, scale 1).
        let offset = Lanes(repeating: shift * rowSums[0]), factor = Lanes(repeating: scale)
        let scalarOffset = shift * rowSums[0]
        @inline(__always) func put(_ lanes: Lanes, _ at: Int) { store((lanes - offset) * factor, out + at) }
        let end = count - half
        var index = half
        if let folded {
            let w0 = Lanes(repeating: folded[0])
            // Sixteen points per block: eight independent vector sums hide the adds' latency.
            if sign < 0 {
                while index + 16 <= end {
                    let at = x + index
                    var l0 = w0 * load(at), l1 = w0 * load(at + 4), l2 = w0 * load(at + 8), l3 = w0 * load(at + 12)
                    for k in 1...half {
                        let w = Lanes(repeating: folded[k])
                        l0 += w * (load(at + k) - load(at - k))
                        l1 += w * (load(at + 4 + k) - load(at + 4 - k))
                        l2 += w * (load(at + 8 + k) - load(at + 8 - k))
                        l3 += w * (load(at + 12 + k) - load(at + 12 - k))
                    }
                    put(l0, index)
                    put(l1, index + 4)
                    put(l2, index + 8)
                    put(l3, index + 12)
                    index += 16
                }
                while index + 4 <= end {
                    let at = x + index
                    var lanes = w0 * load(at)
                    for k in 1...half { lanes += Lanes(repeating: folded[k]) * (load(at + k) - load(at - k)) }
                    put(lanes, index)
                    index += 4
                }
            } else {
                while index + 16 <= end {
                    let at = x + index
                    var l0 = w0 * load(at), l1 = w0 * load(at + 4), l2 = w0 * load(at + 8), l3 = w0 * load(at + 12)
                    for k in 1...half {
                        let w = Lanes(repeating: folded[k])
                        l0 += w * (load(at + k) + load(at - k))
                        l1 += w * (load(at + 4 + k) + load(at + 4 - k))
                        l2 += w * (load(at + 8 + k) + load(at + 8 - k))
                        l3 += w * (load(at + 12 + k) + load(at + 12 - k))
                    }
                    put(l0, index)
                    put(l1, index + 4)
                    put(l2, index + 8)
                    put(l3, index + 12)
                    index += 16
                }
                while index + 4 <= end {
                    let at = x + index
                    var lanes = w0 * load(at)
                    for k in 1...half { lanes += Lanes(repeating: folded[k]) * (load(at + k) + load(at - k)) }
                    put(lanes, index)
                    index += 4
                }
            }
            while index < end {
                var sum = folded[0] * x[index]
                for k in 1...half { sum += folded[k] * (x[index + k] + sign * x[index - k]) }
                out[index] = (sum - scalarOffset) * scale
                index += 1
            }
        } else {
            while index + 16 <= end {
                var l0 = Lanes(), l1 = Lanes(), l2 = Lanes(), l3 = Lanes()
                let start = x + index - half
                for tap in 0..<window {
                    let w = Lanes(repeating: centre[tap])
                    l0 += w * load(start + tap)
                    l1 += w * load(start + tap + 4)
                    l2 += w * load(start + tap + 8)
                    l3 += w * load(start + tap + 12)
                }
                put(l0, index)
                put(l1, index + 4)
                put(l2, index + 8)
                put(l3, index + 12)
                index += 16
            }
            while index + 4 <= end {
                var lanes = Lanes()
                let start = x + index - half
                for tap in 0..<window { lanes += Lanes(repeating: centre[tap]) * load(start + tap) }
                put(lanes, index)
                index += 4
            }
            while index < end {
                var sum = 0.0
                let start = x + index - half
                for tap in 0..<window { sum += centre[tap] * start[tap] }
                out[index] = (sum - scalarOffset) * scale
                index += 1
            }
        }
        // The edge rows four at a time (weights stored tap-major), each row still summed in tap order.
        let padded = (half + 3) / 4 * 4
        let tail = x + count - window
        var group = 0
        while group < half {
            var head = Lanes(), last = Lanes()
            for tap in 0..<window {
                head += load(leading + tap * padded + group) * Lanes(repeating: x[tap])
                last += load(trailing + tap * padded + group) * Lanes(repeating: tail[tap])
            }
            for lane in 0..<min(4, half - group) {
                out[group + lane] = (head[lane] - shift * rowSums[1 + group + lane]) * scale
                out[count - half + group + lane] = (last[lane] - shift * rowSums[1 + padded + group + lane]) * scale
            }
            group += 4
        }
    }

    /// centred = x − means, and scoresₐ = rotationsₐ · centred, two components per pass.
    static func centreAndScore(
        _ x: UnsafePointer<Double>, _ means: UnsafePointer<Double>, _ centred: UnsafeMutablePointer<Double>, _ width: Int,
        _ rotations: UnsafePointer<Double>, _ components: Int, _ scores: UnsafeMutablePointer<Double>
    ) {
        subtract(x, means, centred, width)
        var component = 0
        while component + 2 <= components {
            let r0 = rotations + component * width, r1 = r0 + width
            var a0 = Lanes(), a1 = Lanes(), b0 = Lanes(), b1 = Lanes()
            var index = 0
            while index + 8 <= width {
                let c0 = load(centred + index), c1 = load(centred + index + 4)
                a0 += load(r0 + index) * c0
                a1 += load(r0 + index + 4) * c1
                b0 += load(r1 + index) * c0
                b1 += load(r1 + index + 4) * c1
                index += 8
            }
            var first = (a0 + a1).sum(), second = (b0 + b1).sum()
            while index < width {
                first += r0[index] * centred[index]
                second += r1[index] * centred[index]
                index += 1
            }
            scores[component] = first
            scores[component + 1] = second
            component += 2
        }
        if component < components {
            scores[component] = dot(rotations + component * width, centred, width)
        }
    }

    /// Σⱼ (centredⱼ − Σₐ scoresₐ·loadingsₐⱼ)², the explained part summed in component order per point.
    static func residualSquares(
        _ centred: UnsafePointer<Double>, _ loadings: UnsafePointer<Double>, _ scores: UnsafePointer<Double>,
        _ components: Int, _ width: Int
    ) -> Double {
        var total = Lanes(), other = Lanes()
        var index = 0
        while index + 8 <= width {
            var e0 = load(loadings + index) * Lanes(repeating: scores[0])
            var e1 = load(loadings + index + 4) * Lanes(repeating: scores[0])
            for component in 1..<max(components, 1) {
                let s = Lanes(repeating: scores[component]), row = loadings + component * width + index
                e0 += load(row) * s
                e1 += load(row + 4) * s
            }
            let r0 = load(centred + index) - e0, r1 = load(centred + index + 4) - e1
            total += r0 * r0
            other += r1 * r1
            index += 8
        }
        total += other
        while index + 4 <= width {
            var explained = load(loadings + index) * Lanes(repeating: scores[0])
            for component in 1..<max(components, 1) {
                explained += load(loadings + component * width + index) * Lanes(repeating: scores[component])
            }
            let residual = load(centred + index) - explained
            total += residual * residual
            index += 4
        }
        var sum = total.sum()
        while index < width {
            var explained = loadings[index] * scores[0]
            for component in 1..<max(components, 1) { explained += loadings[component * width + index] * scores[component] }
            let residual = centred[index] - explained
            sum += residual * residual
            index += 1
        }
        return sum
    }

    /// The index of the first value that is not finite, or nil; one vector pass when all are finite.
    static func firstNonFinite(_ x: UnsafePointer<Double>, _ count: Int) -> Int? {
        // x·0 is 0 for a finite x and NaN for an infinite or NaN one, so the sum is NaN exactly when one is.
        var low = Lanes(), high = Lanes()
        var index = 0
        while index + 8 <= count {
            low += load(x + index) * 0
            high += load(x + index + 4) * 0
            index += 8
        }
        var sum = (low + high).sum()
        while index < count {
            sum += x[index] * 0
            index += 1
        }
        if sum == 0 { return nil }
        return (0..<count).first { !x[$0].isFinite }
    }
}

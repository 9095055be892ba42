/// A fitted pipeline and PLS model compiled for prediction: flat stages over preallocated buffers.
///
/// Compiling turns each fitted step into a stage with its constants laid out for the loop that
/// uses them (Savitzky–Golay weights per edge row, rotations and loadings one component after
/// the other), so analyzing a spectrum allocates nothing and runs straight loops over
/// `UnsafeBufferPointer`s. The arithmetic is the model's own — same steps, same order per point —
/// except that sums run over several accumulators and SNV/MSC multiply by a reciprocal, so results
/// agree with `FittedPreprocessingPipeline` and `PLSRegression` to rounding (about 1e-15 relative).
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
        public init(for plan: PredictionPlan) {
            first = .allocate(capacity: max(plan.storage.largestWidth, 4))
            second = .allocate(capacity: max(plan.storage.largestWidth, 4))
            scores = .allocate(capacity: max(plan.storage.components, 1))
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
        /// Standard normal variate.
        case standardNormalVariate
        /// MSC against a reference with its mean and its centred copy's sum of squares.
        case multiplicativeScatterCorrection(reference: UnsafeMutableBufferPointer<Double>, mean: Double)
        /// Savitzky–Golay: centre weights, then the leading and trailing rows (half × window each).
        case savitzkyGolay(
            window: Int, centre: UnsafeMutableBufferPointer<Double>, leading: UnsafeMutableBufferPointer<Double>,
            trailing: UnsafeMutableBufferPointer<Double>)
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
        let stages: [(stage: Stage, inputWidth: Int)]
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
            var stages: [(Stage, Int)] = []
            var width = preprocessing.inputWidth, largest = width
            for step in preprocessing.steps {
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
                    stage = .standardNormalVariate
                case .multiplicativeScatterCorrection(let reference):
                    stage = .multiplicativeScatterCorrection(reference: copy(reference), mean: Vector.mean(reference))
                case .savitzkyGolay(let filter):
                    let weights = filter.makeWeights()
                    stage = .savitzkyGolay(
                        window: filter.window, centre: copy(weights.centre), leading: copy(weights.leading.flatMap { $0 }),
                        trailing: copy(weights.trailing.flatMap { $0 }))
                case .centering(let means):
                    stage = .affine(means: copy(means), scales: nil)
                case .scaling(let means, let scales):
                    stage = .affine(means: copy(means), scales: copy(scales))
                }
                stages.append((stage, width))
                width = step.outputWidth(forInputWidth: width) ?? width
                largest = max(largest, width)
            }
            self.stages = stages
            largestWidth = largest
            let a = regression.components
            xMeans = copy(regression.xMeans)
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
            func target() -> UnsafeMutablePointer<Double> {
                let out = inFirst == true ? second : first
                inFirst = out == first
                return out
            }
            for (stage, _) in stages {
                switch stage {
                case .slice(let start, let count):
                    current += start
                    width = count
                case .gather(let indices):
                    let out = target()
                    for (position, index) in indices.enumerated() { out[position] = current[index] }
                    current = UnsafePointer(out)
                    width = indices.count
                case .standardNormalVariate:
                    let out = target()
                    Kernels.standardNormalVariate(current, out, width)
                    current = UnsafePointer(out)
                case .multiplicativeScatterCorrection(let reference, let referenceMean):
                    let out = target()
                    Kernels.multiplicativeScatterCorrection(current, out, width, reference.baseAddress!, referenceMean)
                    current = UnsafePointer(out)
                case .savitzkyGolay(let window, let centre, let leading, let trailing):
                    let out = target()
                    Kernels.savitzkyGolay(
                        current, out, width, window, centre.baseAddress!, leading.baseAddress!, trailing.baseAddress!)
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
            // Centre on the PLS means, score, then the residual off the score space.
            let centred = target()
            Kernels.subtract(current, xMeans.baseAddress!, centred, width)
            let scores = workspace.scores.baseAddress!
            var t2 = 0.0
            for component in 0..<components {
                let score = Kernels.dot(rotations.baseAddress! + component * width, UnsafePointer(centred), width)
                scores[component] = score
                t2 += score * score / scoreVariances[component]
            }
            let explained = centred == first ? second : first
            Kernels.combination(loadings.baseAddress!, scores, components, width, explained)
            let q = Kernels.squaredDistance(UnsafePointer(centred), UnsafePointer(explained), width)
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

    /// Σ (aᵢ − bᵢ)².
    static func squaredDistance(_ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>, _ count: Int) -> Double {
        var low = Lanes(), high = Lanes()
        var index = 0
        while index + 8 <= count {
            let d0 = load(a + index) - load(b + index), d1 = load(a + index + 4) - load(b + index + 4)
            low += d0 * d0
            high += d1 * d1
            index += 8
        }
        var sum = (low + high).sum()
        while index < count {
            let d = a[index] - b[index]
            sum += d * d
            index += 1
        }
        return sum
    }

    /// out = Σₖ coefficientsₖ · rowsₖ (rows stored one after the other), summed in k order per point.
    static func combination(
        _ rows: UnsafePointer<Double>, _ coefficients: UnsafePointer<Double>, _ count: Int, _ width: Int,
        _ out: UnsafeMutablePointer<Double>
    ) {
        guard count >= 1 else {
            out.update(repeating: 0, count: width)
            return
        }
        let c0 = coefficients[0]
        var index = 0
        while index + 4 <= width {
            store(load(rows + index) * Lanes(repeating: c0), out + index)
            index += 4
        }
        while index < width {
            out[index] = rows[index] * c0
            index += 1
        }
        for k in 1..<max(count, 1) {
            let row = rows + k * width, c = coefficients[k]
            index = 0
            while index + 4 <= width {
                store(load(out + index) + load(row + index) * Lanes(repeating: c), out + index)
                index += 4
            }
            while index < width {
                out[index] += row[index] * c
                index += 1
            }
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

    /// SNV as `ScatterCorrection.standardNormalVariate`, multiplying by the reciprocal deviation.
    static func standardNormalVariate(_ x: UnsafePointer<Double>, _ out: UnsafeMutablePointer<Double>, _ count: Int) {
        let mean = sum(x, count) / Double(count)
        guard count > 1 else {
            affine(x, out, count, minus: mean, times: 1)
            return
        }
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
        affine(x, out, count, minus: mean, times: 1 / (deviation > 0 ? deviation : 1))
    }

    /// MSC as `ScatterCorrection.multiplicativeScatterCorrection`, multiplying by the reciprocal slope.
    static func multiplicativeScatterCorrection(
        _ x: UnsafePointer<Double>, _ out: UnsafeMutablePointer<Double>, _ count: Int,
        _ reference: UnsafePointer<Double>, _ referenceMean: Double
    ) {
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
        affine(x, out, count, minus: intercept, times: 1 / divisor)
    }

    /// Savitzky–Golay with SciPy's `interp` edges; each interior point sums its window in order, four points at a time.
    static func savitzkyGolay(
        _ x: UnsafePointer<Double>, _ out: UnsafeMutablePointer<Double>, _ count: Int, _ window: Int,
        _ centre: UnsafePointer<Double>, _ leading: UnsafePointer<Double>, _ trailing: UnsafePointer<Double>
    ) {
        let half = window / 2
        guard count >= window else {
            out.update(from: x, count: count)
            return
        }
        let end = count - half
        var index = half
        while index + 8 <= end {
            var low = Lanes(), high = Lanes()
            let start = x + index - half
            for tap in 0..<window {
                let weight = Lanes(repeating: centre[tap])
                low += weight * load(start + tap)
                high += weight * load(start + tap + 4)
            }
            store(low, out + index)
            store(high, out + index + 4)
            index += 8
        }
        while index + 4 <= end {
            var lanes = Lanes()
            let start = x + index - half
            for tap in 0..<window { lanes += Lanes(repeating: centre[tap]) * load(start + tap) }
            store(lanes, out + index)
            index += 4
        }
        while index < end {
            var sum = 0.0
            let start = x + index - half
            for tap in 0..<window { sum += centre[tap] * start[tap] }
            out[index] = sum
            index += 1
        }
        let tail = x + count - window
        for row in 0..<half {
            var head = 0.0, last = 0.0
            let leadingRow = leading + row * window, trailingRow = trailing + row * window
            for tap in 0..<window {
                head += leadingRow[tap] * x[tap]
                last += trailingRow[tap] * tail[tap]
            }
            out[row] = head
            out[count - half + row] = last
        }
    }
}

@testable import BarcodeDecoder
import Testing

@Suite struct NeighbourRunsTests {
    typealias Seeded = LinearLineBoundsTests.Seeded

    /// Each run's byte is 1 exactly where the next run is within three times its length and it within three times the
    /// next one's; the last run's byte and the padding are 0.
    @Test func aRunIsMarkedWhereItsNextIsWithinThreeTimes() {
        var random = Seeded(state: 31)
        for count in [0, 1, 2, 3, 17, 200] {
            let runs = (0..<count).map { k in (start: k, length: 1 + random.next(random.next(2) == 0 ? 4 : 40)) }
            let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: count + NeighbourRuns.padding)
            defer { bytes.deallocate() }
            runs.withUnsafeBufferPointer { NeighbourRuns.markNearNext($0.baseAddress!, count: count, into: bytes) }
            for k in 0..<count {
                let near = k + 1 < count && 3 * runs[k].length >= runs[k + 1].length && runs[k].length <= 3 * runs[k + 1].length
                #expect(bytes[k] == (near ? 1 : 0), "run \(k) of \(count)")
            }
            for k in count..<(count + NeighbourRuns.padding) { #expect(bytes[k] == 0, "padding \(k) of \(count)") }
        }
    }

    /// The places visited are those the plain loop over every second place visits where all the marks hold, in order,
    /// and none at or past the end.
    @Test func visitsThePlacesWhoseMarksAllHold() {
        var random = Seeded(state: 32)
        for round in 0..<300 {
            let count = random.next(90)
            let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: count + NeighbourRuns.padding)
            defer { bytes.deallocate() }
            // Mostly marked, so that runs of marks long enough for a place occur.
            for k in 0..<(count + NeighbourRuns.padding) { bytes[k] = random.next(5) == 0 ? 0 : 1 }
            let first = 4 + random.next(2), end = count - 4
            func holds(_ i: Int) -> Bool { (-3...2).allSatisfy { bytes[i + $0] == 1 } }
            var expected: [Int] = []
            var i = first
            while i < end { if holds(i) { expected.append(i) }; i += 2 }
            var visited: [Int] = []
            NeighbourRuns.visit(from: first, below: end, bytes: bytes, marks: { p in
                NeighbourRuns.word(p, -3) & NeighbourRuns.word(p, -2) & NeighbourRuns.word(p, -1) & NeighbourRuns.word(p, 0)
                    & NeighbourRuns.word(p, 1) & NeighbourRuns.word(p, 2)
            }) { visited.append($0) }
            #expect(visited == expected, "round \(round): \(count) bytes from \(first)")
        }
    }

    /// Wherever the Aztec search's tests pass at a place, the six pairs of its middle seven runs are marked; wherever the
    /// MaxiCode search's do, the three pairs of each side's rings and the first test's pair are. (Runs around a mean, so
    /// that both tests pass often.)
    @Test func everyPlaceTheSearchesAcceptHasItsPairsMarked() {
        var random = Seeded(state: 33)
        var aztecPasses = 0, maxiCodePasses = 0
        for _ in 0..<4000 {
            let mean = 2 + random.next(12)
            let runs = (0..<11).map { k in (start: k, length: max(1, mean + random.next(mean + 1) - mean / 2 - (random.next(6) == 0 ? mean : 0))) }
            var bytes = [UInt8](repeating: 0, count: runs.count + NeighbourRuns.padding)
            runs.withUnsafeBufferPointer { runs in
                bytes.withUnsafeMutableBufferPointer { NeighbourRuns.markNearNext(runs.baseAddress!, count: runs.count, into: $0.baseAddress!) }
            }
            // Aztec's place i = 4: its first test and `bullsEyeRuns` over runs 0…8.
            let i = 4, w = runs[i].length
            if 3 * runs[i - 1].length >= w, runs[i - 1].length <= 3 * w, 3 * runs[i + 1].length >= w, runs[i + 1].length <= 3 * w,
               AztecBullsEye.bullsEyeRuns(runs[0...8].map { $0.length }) != nil {
                aztecPasses += 1
                #expect((-3...2).allSatisfy { bytes[i + $0] == 1 }, "\(runs.map { $0.length })")
            }
            // MaxiCode's place j = 5: its first test and `pattern` over runs 0…10.
            let j = 5, v = runs[j].length
            if 3 * runs[j - 1].length >= v, runs[j - 1].length <= 3 * v, MaxiCodeBullsEye.pattern(runs.map { $0.length }) != nil {
                maxiCodePasses += 1
                #expect([-4, -3, -2, -1, 1, 2, 3].allSatisfy { bytes[j + $0] == 1 }, "\(runs.map { $0.length })")
            }
        }
        #expect(aztecPasses > 100 && maxiCodePasses > 100, "\(aztecPasses) and \(maxiCodePasses) places passed")
    }

    /// On frames of random blocks with bull's-eyes drawn among them, both searches find the candidates the loop over
    /// every place found, in the same order.
    @Test func theBullsEyeSearchesFindWhatTheLoopOverEveryPlaceFound() throws {
        var random = Seeded(state: 34)
        var aztecFound = 0, maxiCodeFound = 0
        for round in 0..<6 {
            let width = 240, height = 180
            var pixels = BinaryRowRunsTests.randomBlocks(width: width, height: height, band: 2, longestRun: 5, &random)
            // Concentric squares (an Aztec bull's-eye) and concentric rings round a light centre (a MaxiCode one), modules of
            // 2–4 pixels. The outermost dark ring of each is one module wide or four: the searches' full tests ask only that
            // it be at least half a module, so its run is then over three times its neighbour's, a pair no mark may need.
            let module = 2 + round % 3, thick = round < 3 ? 1 : 4
            let (sx, sy) = (40 + random.next(30), 40 + random.next(60))
            for dy in -(5 + thick) * module..<((5 + thick) * module) { for dx in -(5 + thick) * module..<((5 + thick) * module) {
                let ring = max(abs(dx >= 0 ? dx / module : (dx + 1) / module - 1), abs(dy >= 0 ? dy / module : (dy + 1) / module - 1))
                pixels[(sy + dy) * width + sx + dx] = ring == 0 || ring == 2 || (ring >= 4 && ring < 4 + thick) ? 30 : 220
            } }
            let (cx, cy) = (170 + random.next(10), 60 + random.next(60))
            for dy in -(7 + thick) * module...((7 + thick) * module) { for dx in -(7 + thick) * module...((7 + thick) * module) {
                let r = (Double(dx * dx + dy * dy)).squareRoot() / Double(module)
                guard r < Double(6 + thick) else { continue }
                pixels[(cy + dy) * width + cx + dx] = (r >= 1 && r < 2) || (r >= 3 && r < 4) || (r >= 5 && r < Double(5 + thick)) ? 30 : 220
            } }
            let frame = PreparedFrame(try GrayImage(width: width, height: height, pixels: pixels), binarization: .hybrid)
            for step in 1...2 {
                let aztec = AztecBullsEye.candidates(frame, step: step), maxiCode = MaxiCodeBullsEye.candidates(frame, step: step)
                let plainAztec = Self.aztecCandidatesAtEveryPlace(frame, step: step)
                let plainMaxiCode = Self.maxiCodeCandidatesAtEveryPlace(frame, step: step)
                #expect(aztec.map(\.center) == plainAztec.map(\.center) && aztec.map(\.moduleSize) == plainAztec.map(\.moduleSize),
                        "round \(round), step \(step)")
                #expect(maxiCode.map(\.center) == plainMaxiCode.map(\.center) && maxiCode.map(\.ringWidth) == plainMaxiCode.map(\.ringWidth),
                        "round \(round), step \(step)")
                aztecFound += plainAztec.count
                maxiCodeFound += plainMaxiCode.count
            }
        }
        // Not an empty comparison: the drawn bull's-eyes are found (most of them; a ring drawn on whole pixels may fail
        // the diagonal test).
        #expect(aztecFound >= 6 && maxiCodeFound >= 4, "\(aztecFound) and \(maxiCodeFound) candidates")
    }

    /// `AztecBullsEye.candidates` as it was: its tests at every dark run's place.
    static func aztecCandidatesAtEveryPlace(_ frame: PreparedFrame, step: Int) -> [AztecBullsEye.Candidate] {
        let binary = frame.binary, rows = frame.binaryRows(step: step)
        var found: [AztecBullsEye.Candidate] = []
        for y in stride(from: step / 2, to: binary.height, by: step) {
            let runs = rows.withRow(y) { runs, _ in Array(runs) }
            var i = (binary[0, y] ? 0 : 1) + 4
            while i < runs.count - 4 {
                defer { i += 2 }
                let w = runs[i].length
                guard 3 * runs[i - 1].length >= w, runs[i - 1].length <= 3 * w, 3 * runs[i + 1].length >= w, runs[i + 1].length <= 3 * w,
                      let module = AztecBullsEye.bullsEyeRuns(runs[(i - 4)...(i + 4)].map { $0.length }) else { continue }
                let cx = Double(runs[i].start) + Double(runs[i].length) / 2
                guard let vertical = AztecBullsEye.confirm(binary, x: Int(cx), y: y, vertical: true),
                      let horizontal = AztecBullsEye.confirm(binary, x: Int(cx), y: Int(vertical.center), vertical: false),
                      AztecBullsEye.confirmDiagonals(binary, x: Int(horizontal.center), y: Int(vertical.center)) else { continue }
                let center = Point(horizontal.center + 0.5, vertical.center + 0.5)
                let size = (module + vertical.module + horizontal.module) / 3
                if !found.contains(where: { $0.center.distance(to: center) < 2 * max(size, $0.moduleSize) }) {
                    found.append(AztecBullsEye.Candidate(center: center, moduleSize: size))
                }
            }
        }
        return found
    }

    /// `MaxiCodeBullsEye.candidates` as it was: its tests at every light run's place.
    static func maxiCodeCandidatesAtEveryPlace(_ frame: PreparedFrame, step: Int) -> [MaxiCodeBullsEye.Candidate] {
        let binary = frame.binary, rows = frame.binaryRows(step: step)
        var found: [MaxiCodeBullsEye.Candidate] = []
        for y in stride(from: step / 2, to: binary.height, by: step) {
            let runs = rows.withRow(y) { runs, _ in Array(runs) }
            var i = binary[0, y] ? 5 : 6
            while i < runs.count - 5 {
                defer { i += 2 }
                let w = runs[i].length
                guard 3 * runs[i - 1].length >= w, runs[i - 1].length <= 3 * w,
                      let unit = MaxiCodeBullsEye.pattern(runs[(i - 5)...(i + 5)].map { $0.length }) else { continue }
                let cx = Double(runs[i].start) + Double(w) / 2
                guard let vertical = MaxiCodeBullsEye.confirm(binary, x: Int(cx), y: y, dx: 0, dy: 1),
                      let horizontal = MaxiCodeBullsEye.confirm(binary, x: Int(cx), y: Int(vertical.center), dx: 1, dy: 0),
                      MaxiCodeBullsEye.confirm(binary, x: Int(horizontal.center), y: Int(vertical.center), dx: 1, dy: 1) != nil,
                      MaxiCodeBullsEye.confirm(binary, x: Int(horizontal.center), y: Int(vertical.center), dx: 1, dy: -1) != nil else { continue }
                let center = Point(horizontal.center + 0.5, vertical.center + 0.5)
                if !found.contains(where: { $0.center.distance(to: center) < 6 * $0.ringWidth }) {
                    found.append(MaxiCodeBullsEye.Candidate(center: center, ringWidth: (unit + horizontal.unit + vertical.unit) / 3))
                }
            }
        }
        return found
    }
}

import Synchronization

/// What the linear reader's plain scan lines read on a pyramid's smallest layer at its first look, kept for the second-look
/// pass over the same frame (`BarcodeDecoder.decode`), which crosses many of the same lines again: the middle pixel rows,
/// each striped region at its own angle and at the angle its bars show. A line's readings follow from its samples and the
/// decoders alone (`LinearReader.scan`), so a line read again with the same ends, step and edges reads as recorded
/// (`falsepositives-1/15`: 3.7 M instructions of its 37.7 M second-look pass were lines its first look had read).
///
/// Shared by the copies of one `PreparedFrame`, behind a lock, as `FrameScanLines` is.
final class RecordedLineReadings: Sendable {
    /// A plain (not sharpened) line as `LinearReader.scan` is asked to read it.
    struct Line: Hashable {
        var originX: Double, originY: Double, directionX: Double, directionY: Double
        var length: Double, step: Double
        var startsAtBorder: Bool, endsAtBorder: Bool
        var faintEdges: Bool
    }

    private let readings = Mutex<[Line: PlainRowReadings.Reading]>([:])

    init() {}

    /// The readings recorded for `line`.
    func reading(of line: Line) -> PlainRowReadings.Reading? {
        readings.withLock { $0[line] }
    }

    func record(_ reading: PlainRowReadings.Reading, of line: Line) {
        readings.withLock { $0[line] = reading }
    }

    /// How many lines are recorded.
    var count: Int { readings.withLock { $0.count } }

    /// Whether the linear reader reads a line under `a` as under `b`: the row decoders see only the linear symbologies and
    /// the options, but for the shortest Interleaved 2 of 5, which follows from every symbology searched (4 digits when it
    /// is the only one).
    static func readAlike(_ a: DecoderOptions, _ b: DecoderOptions) -> Bool {
        func linearOnly(_ options: DecoderOptions) -> DecoderOptions {
            var linear = options
            linear.symbologies = options.symbologies.filter { $0.isLinear }
            linear.minimumITFLength = options.shortestITF
            return linear
        }
        return linearOnly(a) == linearOnly(b)
    }
}

import RigCore

/// Draws a reader's life on the report's plots, over rig time: availability and connection as levels (1 = available,
/// connected), and each scan's results as marks (the strings read, or "no read").
struct ReaderPlots: Sendable {
    let plots: PlotRecorder
    /// The reader as the trace names it, e.g. "reader reader".
    let name: String

    private var pen: PlotPen { plots.plot("\(name): availability, connection and reads", unit: "1 = yes") }

    func availability(_ value: ReaderAvailability) {
        pen.record(value == .available ? 1 : 0, as: "available", stepped: true)
    }

    func connection(_ state: ReaderConnectionState) {
        pen.record(state == .connected ? 1 : 0, as: "connected", stepped: true)
    }

    func results(_ strings: [String?], goodRead: Bool) {
        let read = strings.compactMap { $0 }.filter { !$0.isEmpty }
        pen.mark(goodRead ? "read: " + (read.isEmpty ? "(no string)" : read.joined(separator: " | ")) : "no read")
    }
}

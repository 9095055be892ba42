import BarcodeDecoder

/// A linear symbol as modules, bar (true) or space (false), without quiet zones.
public struct LinearPattern: Sendable, Equatable {
    public var symbology: Symbology
    public var modules: [Bool]
    /// The quiet zone each side needs, in modules.
    public var quietZone: Int

    public init(symbology: Symbology, modules: [Bool], quietZone: Int = 10) {
        self.symbology = symbology
        self.modules = modules
        self.quietZone = quietZone
    }

    /// Appends elements given as alternating widths in modules, starting with a bar when `bar` is true.
    mutating func append(widths: [Int], startingWithBar bar: Bool = true) {
        var dark = bar
        for w in widths {
            modules.append(contentsOf: repeatElement(dark, count: w))
            dark.toggle()
        }
    }
}

import BarcodeDecoder

/// One entry point over every encoder: text in, an upright rendered symbol out.
public enum SymbolEncoder {
    /// Renders `text` as `symbology` with `moduleSize` pixels per module (linear symbols `barHeight` tall).
    public static func image(_ symbology: Symbology, _ text: String, moduleSize: Int = 3, barHeight: Int? = nil) throws(EncoderError) -> GrayImage {
        func linear(_ pattern: LinearPattern) -> GrayImage {
            let height = barHeight ?? max(moduleSize * 25, pattern.modules.count * moduleSize / 5)
            return SymbolRenderer.render(pattern, moduleWidth: moduleSize, height: height)
        }
        switch symbology {
        case .ean13, .ean8, .upcA, .upcE:
            return linear(try EANUPCEncoder.encode(text, as: symbology))
        case .code128:
            return linear(try Code128Encoder.encode(text))
        case .code39:
            return linear(try Code39Encoder.encode(text))
        case .interleaved2of5:
            return linear(try ITFEncoder.encode(text))
        case .codabar:
            return linear(try CodabarEncoder.encode(text))
        case .code93:
            return linear(try Code93Encoder.encode(text))
        case .code25, .matrix2of5:
            return linear(try Code25Encoder.encode(text, as: symbology))
        case .qr:
            return SymbolRenderer.render(try QREncoder.encode(text), moduleSize: moduleSize)
        case .dataMatrix:
            return SymbolRenderer.render(try DataMatrixEncoder.encode(text), moduleSize: moduleSize, quietZone: 2)
        case .pdf417:
            return SymbolRenderer.render(try PDF417Encoder.encode(text), moduleSize: moduleSize, quietZone: 2)
        case .dataBar:
            return linear(try DataBarEncoder.encode(text))
        case .dataBarExpanded:
            return linear(try DataBarExpandedEncoder.encode(text))
        case .dataBarLimited:
            return linear(try DataBarLimitedEncoder.encode(text))
        case .aztec:
            return SymbolRenderer.render(try AztecEncoder.encode(text), moduleSize: moduleSize, quietZone: 2)
        case .microPDF417:
            return SymbolRenderer.render(try MicroPDF417Encoder.encode(text), moduleSize: moduleSize, quietZone: 2)
        case .maxiCode:
            // A module of MaxiCode is a hexagon about 2.5 times as wide as a QR module at the same print size.
            return MaxiCodeRenderer.render(try MaxiCodeEncoder.encode(text), moduleWidth: Double(moduleSize) * 2.5, quietZone: 1)
        }
    }
}

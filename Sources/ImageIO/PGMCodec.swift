import BarcodeDecoder

/// Netpbm graymaps: binary (P5, 8 or 16 bit) and plain (P2) read, binary 8-bit written.
public enum PGMCodec {
    /// Parses PGM bytes; the error message says what is wrong (the caller adds the file name).
    public static func decode(_ bytes: [UInt8], pixelBudget: Int = 1 << 28) throws(PGMError) -> GrayImage {
        var i = 0
        func skipSpaceAndComments() {
            while i < bytes.count {
                if bytes[i] == UInt8(ascii: "#") {
                    while i < bytes.count && bytes[i] != 10 { i += 1 }
                } else if [9, 10, 13, 32].contains(bytes[i]) { i += 1 } else { return }
            }
        }
        func number(_ what: String) throws(PGMError) -> Int {
            skipSpaceAndComments()
            var value = 0, digits = 0
            while i < bytes.count, (48...57).contains(bytes[i]) {
                value = value * 10 + Int(bytes[i] - 48)
                digits += 1
                i += 1
                guard value <= 1 << 24 else { throw PGMError("\(what) is too large") }
            }
            guard digits > 0 else { throw PGMError("missing \(what)") }
            return value
        }
        guard bytes.count >= 2, bytes[0] == UInt8(ascii: "P"), bytes[1] == UInt8(ascii: "5") || bytes[1] == UInt8(ascii: "2") else {
            throw PGMError("not a P5 or P2 graymap")
        }
        let plain = bytes[1] == UInt8(ascii: "2")
        i = 2
        let width = try number("width"), height = try number("height"), maxValue = try number("maximum value")
        guard width > 0, height > 0 else { throw PGMError("the image declares no pixels") }
        guard width * height <= pixelBudget else {
            throw PGMError("the image declares \(width) x \(height) pixels, over the budget of \(pixelBudget) pixels")
        }
        guard (1...65535).contains(maxValue) else { throw PGMError("maximum value \(maxValue) out of range") }
        var pixels = [UInt8](repeating: 0, count: width * height)
        func scale(_ v: Int) -> UInt8 { UInt8(min(255, v * 255 / maxValue)) }
        if plain {
            for k in 0..<pixels.count { pixels[k] = scale(try number("pixel \(k)")) }
        } else {
            i += 1
            let bytesPerSample = maxValue > 255 ? 2 : 1
            guard bytes.count - i >= pixels.count * bytesPerSample else {
                throw PGMError("file is truncated: \(bytes.count - i) pixel bytes, expected \(pixels.count * bytesPerSample)")
            }
            for k in 0..<pixels.count {
                let v = bytesPerSample == 1 ? Int(bytes[i + k]) : Int(bytes[i + 2 * k]) << 8 | Int(bytes[i + 2 * k + 1])
                pixels[k] = scale(v)
            }
        }
        do { return try GrayImage(width: width, height: height, pixels: pixels) } catch { throw PGMError("\(error)") }
    }

    /// Binary 8-bit PGM bytes for `image`.
    public static func encode(_ image: GrayImage) -> [UInt8] {
        Array("P5\n\(image.width) \(image.height)\n255\n".utf8) + image.packed().pixels
    }
}

/// What is wrong with PGM bytes.
public struct PGMError: Error, Equatable {
    public var reason: String
    init(_ reason: String) { self.reason = reason }
}

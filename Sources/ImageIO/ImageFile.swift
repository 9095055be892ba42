import BarcodeDecoder
import CImageShim
import Foundation
import RigSystem

/// Reads and writes grayscale image files: PNG (libpng), JPEG (libjpeg-turbo) and PGM.
public enum ImageFile {
    /// The format the leading bytes announce.
    public static func format(of bytes: [UInt8]) -> ImageFormat? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return .png }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.count >= 2, bytes[0] == UInt8(ascii: "P"), bytes[1] == UInt8(ascii: "5") || bytes[1] == UInt8(ascii: "2") { return .pgm }
        return nil
    }

    /// How many pixels an image may declare before it is refused unread: 64 megapixels (64 MB of gray, a 48-megapixel
    /// phone photo fits), so a small file that declares 16384 × 16384 cannot make RigKit allocate gigabytes.
    public static let defaultPixelBudget = 64 << 20
    /// The largest image file read: 512 MB.
    public static let maximumFileSize = 512 << 20

    /// The image in the file at `path`, converted to 8-bit gray; an image of more than `pixelBudget` pixels is refused.
    public static func load(path: String, pixelBudget: Int = defaultPixelBudget) throws(ImageFileError) -> GrayImage {
        try decode(try ImageFileReader.read(path, limit: maximumFileSize), path: path, pixelBudget: pixelBudget)
    }

    /// Decodes file bytes; `path` only names the file in errors.
    public static func decode(_ bytes: [UInt8], path: String, pixelBudget: Int = defaultPixelBudget) throws(ImageFileError) -> GrayImage {
        guard let format = format(of: bytes) else { throw .unknownFormat(path: path) }
        switch format {
        case .pgm:
            do { return try PGMCodec.decode(bytes, pixelBudget: pixelBudget) } catch { throw .corrupt(path: path, format: .pgm, reason: error.reason) }
        case .png, .jpeg:
            var pixels: UnsafeMutablePointer<UInt8>?
            var width: Int32 = 0, height: Int32 = 0
            var message = [CChar](repeating: 0, count: 256)
            let status = bytes.withUnsafeBufferPointer { buffer in
                format == .png
                    ? rig_png_decode_gray(buffer.baseAddress, buffer.count, pixelBudget, &pixels, &width, &height, &message, message.count)
                    : rig_jpeg_decode_gray(buffer.baseAddress, buffer.count, pixelBudget, &pixels, &width, &height, &message, message.count)
            }
            guard status == 0, let pixels else {
                let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                throw .corrupt(path: path, format: format, reason: reason.isEmpty ? "decoder status \(status)" : reason)
            }
            defer { rig_image_free(pixels) }
            let count = Int(width) * Int(height)
            let array = Array(UnsafeBufferPointer(start: pixels, count: count))
            do { return try GrayImage(width: Int(width), height: Int(height), pixels: array) } catch {
                throw .corrupt(path: path, format: format, reason: "\(error)")
            }
        }
    }

    /// Encodes `image` as `format` (JPEG at `quality`).
    public static func encode(_ image: GrayImage, as format: ImageFormat, quality: Int = 90) -> [UInt8]? {
        let packed = image.packed()
        var message = [CChar](repeating: 0, count: 256)
        switch format {
        case .pgm:
            return PGMCodec.encode(packed)
        case .png:
            var out: UnsafeMutablePointer<UInt8>?
            var size = 0
            let status = packed.pixels.withUnsafeBufferPointer {
                rig_png_encode_gray($0.baseAddress, Int32(packed.width), Int32(packed.height), &out, &size, &message, message.count)
            }
            guard status == 0, let out else { return nil }
            defer { rig_image_free(out) }
            return Array(UnsafeBufferPointer(start: out, count: size))
        case .jpeg:
            var out: UnsafeMutablePointer<UInt8>?
            var size: UInt = 0
            let status = packed.pixels.withUnsafeBufferPointer {
                rig_jpeg_encode_gray($0.baseAddress, Int32(packed.width), Int32(packed.height), Int32(quality), &out, &size, &message, message.count)
            }
            guard status == 0, let out else { return nil }
            defer { rig_image_free(out) }
            return Array(UnsafeBufferPointer(start: out, count: Int(size)))
        }
    }

    /// Writes `image` to `path` in the format its extension names (`.png`, `.jpg`/`.jpeg`, else PGM).
    public static func write(_ image: GrayImage, to path: String, quality: Int = 90) throws(ImageFileError) {
        let lower = path.lowercased()
        let format: ImageFormat = lower.hasSuffix(".png") ? .png : (lower.hasSuffix(".jpg") || lower.hasSuffix(".jpeg")) ? .jpeg : .pgm
        guard let bytes = encode(image, as: format, quality: quality) else { throw .unwritable(path: path, reason: "\(format.rawValue) encoder failed") }
        do { try OutputFile.write(bytes, to: path) } catch { throw .unwritable(path: path, reason: error.reason) }
    }
}

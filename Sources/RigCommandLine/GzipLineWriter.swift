import CZlib
import Foundation
import RigCore
import RigScenario
import Synchronization

/// Trace lines compressed as gzip (zlib's deflate with a gzip header) into the one safe writer: the `.gz` file appears
/// whole when closed, or not at all.
final class GzipLineWriter: TraceLineSink {
    private let file: OutputFile
    /// zlib's stream state; touched only under the lock.
    private let stream: Mutex<UnsafeMutablePointer<z_stream>?>

    init(path: String) throws(FileWriteError) {
        file = try OutputFile(path: path)
        let z = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        z.initialize(to: z_stream())
        // 15 window bits + 16: a gzip header and trailer instead of zlib's.
        guard deflateInit2_(z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            z.deallocate()
            file.abandon()
            throw FileWriteError(path: path, reason: "zlib could not start a gzip stream")
        }
        stream = Mutex(z)
    }

    func write(line: String) {
        var bytes = Array((line + "\n").utf8)
        stream.withLock { z in
            guard let z else { return }
            deflate(z, &bytes, flush: Z_NO_FLUSH)
        }
    }

    func close() throws(FileWriteError) {
        let finished = stream.withLock { z -> Bool in
            guard let stream = z else { return false }
            var none: [UInt8] = []
            deflate(stream, &none, flush: Z_FINISH)
            deflateEnd(stream)
            stream.deallocate()
            z = nil
            return true
        }
        guard finished else { return }
        try file.commit()
    }

    deinit {
        stream.withLock { z in
            if let stream = z { deflateEnd(stream); stream.deallocate() }
        }
    }

    /// Runs deflate over `input` until it is consumed (and, for `Z_FINISH`, the stream ends), writing what comes out.
    private func deflate(_ z: UnsafeMutablePointer<z_stream>, _ input: inout [UInt8], flush: Int32) {
        var output = [UInt8](repeating: 0, count: 64 * 1024)
        input.withUnsafeMutableBufferPointer { inBuffer in
            z.pointee.next_in = inBuffer.baseAddress
            z.pointee.avail_in = UInt32(inBuffer.count)
            repeat {
                let produced = output.withUnsafeMutableBufferPointer { outBuffer -> Int in
                    z.pointee.next_out = outBuffer.baseAddress
                    z.pointee.avail_out = UInt32(outBuffer.count)
                    _ = CZlib.deflate(z, flush)
                    return outBuffer.count - Int(z.pointee.avail_out)
                }
                if produced > 0 { file.write(output[0..<produced]) }
            } while z.pointee.avail_out == 0 || (flush == Z_FINISH && z.pointee.avail_in > 0)
            z.pointee.next_in = nil
        }
    }
}

/// Reads a trace file's lines, plain or gzip (by its first two bytes).
enum TraceFileReader {
    static func lines(_ path: String) throws(FileReadProblem) -> [Substring] {
        guard let data = FileManager.default.contents(atPath: path) else { throw FileReadProblem(path: path, reason: "cannot read it") }
        var bytes = [UInt8](data)
        if bytes.starts(with: [0x1F, 0x8B]) { bytes = try inflate(bytes, path: path) }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n")
    }

    private static func inflate(_ compressed: [UInt8], path: String) throws(FileReadProblem) -> [UInt8] {
        var z = z_stream()
        guard inflateInit2_(&z, 15 + 32, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw FileReadProblem(path: path, reason: "zlib could not start")
        }
        defer { inflateEnd(&z) }
        var input = compressed
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 256 * 1024)
        var status: Int32 = Z_OK
        input.withUnsafeMutableBufferPointer { inBuffer in
            z.next_in = inBuffer.baseAddress
            z.avail_in = UInt32(inBuffer.count)
            repeat {
                let produced = chunk.withUnsafeMutableBufferPointer { outBuffer -> Int in
                    z.next_out = outBuffer.baseAddress
                    z.avail_out = UInt32(outBuffer.count)
                    status = CZlib.inflate(&z, Z_NO_FLUSH)
                    return outBuffer.count - Int(z.avail_out)
                }
                out += chunk[0..<produced]
            } while status == Z_OK
        }
        guard status == Z_STREAM_END else { throw FileReadProblem(path: path, reason: "not a whole gzip stream (zlib status \(status))") }
        return out
    }
}

/// A trace file that cannot be read.
struct FileReadProblem: Error, CustomStringConvertible {
    var path: String
    var reason: String
    var description: String { "\(path): \(reason)" }
}

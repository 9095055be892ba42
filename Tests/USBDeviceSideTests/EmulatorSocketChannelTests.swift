import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import Testing
@testable import USBDeviceSide

/// The channel to Tools/umockdev-mx's socket against a stand-in emulator: a listening Unix socket whose one
/// connection this test accepts late, as the emulator does while it drains the last scenario's connection.
@Suite struct EmulatorSocketChannelTests {
    /// A listening socket in a fresh folder; `serve` runs on its own thread with the accepted connection.
    final class StandInEmulator: @unchecked Sendable {
        let path: String
        private let listener: Int32
        private let finished = DispatchSemaphore(value: 0)

        init() throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rigkit-emulator-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            path = folder.appendingPathComponent("device.sock").path
            listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                for (i, byte) in path.utf8.enumerated() { raw[i] = byte }
            }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            #expect(bound == 0 && listen(listener, 4) == 0, "the stand-in emulator listens")
        }

        /// Accepts one connection after `delay` and hands it to `serve`, which owns it until it returns.
        func accept(after delay: Duration, serve: @escaping @Sendable (Int32) -> Void) {
            Thread.detachNewThread { [self] in
                Thread.sleep(forTimeInterval: Double(delay.components.attoseconds) / 1e18 + Double(delay.components.seconds))
                let connection = Glibc.accept(listener, nil, nil)
                if connection >= 0 { serve(connection); Glibc.close(connection) }
                finished.signal()
            }
        }

        func waitUntilServed() { finished.wait() }

        deinit {
            Glibc.close(listener)
            try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path)
        }
    }

    static func frame(_ endpoint: UInt8, _ payload: [UInt8]) -> [UInt8] {
        let n = UInt32(payload.count)
        return [UInt8(n & 0xFF), UInt8((n >> 8) & 0xFF), UInt8((n >> 16) & 0xFF), UInt8(n >> 24), endpoint] + payload
    }

    static func write(_ fd: Int32, _ bytes: [UInt8]) {
        #expect(bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress!, $0.count) } == bytes.count)
    }

    /// Until the channel hangs up, or 5 s (a failing test may leave its channel open).
    static func waitForHangUp(_ fd: Int32) {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        _ = poll(&p, 1, 5000)
    }

    @Test func theChannelIsReadyOnlyAfterTheGreetingAndThenCarriesBulkOut() async throws {
        let emulator = try StandInEmulator()
        let greeted = Mutex(false)
        emulator.accept(after: .milliseconds(300)) { connection in
            greeted.withLock { $0 = true }   // before the greeting goes out
            Self.write(connection, Self.frame(0xFF, Array("ready".utf8)))
            Self.write(connection, Self.frame(0x02, Array("||>GET DEVICE.TYPE\r\n".utf8)))
            Self.waitForHangUp(connection)
        }
        let channel = try await EmulatorSocketChannel(socket: emulator.path, inEndpoint: 0x81)
        #expect(greeted.withLock { $0 }, "the channel was made before the emulator took the connection and greeted")
        var inputs = channel.incoming.makeAsyncIterator()
        #expect(await inputs.next() == .bulkOut(Array("||>GET DEVICE.TYPE\r\n".utf8)), "the greeting is not passed on; the bulk OUT after it is")
        await channel.close()
        emulator.waitUntilServed()
    }

    @Test func aFirstFrameOtherThanTheGreetingIsRefusedNamingTheSocket() async throws {
        let emulator = try StandInEmulator()
        emulator.accept(after: .zero) { connection in
            Self.write(connection, Self.frame(0x02, Array("data".utf8)))
            Self.waitForHangUp(connection)
        }
        await #expect(throws: DeviceSideError.noEmulator(path: emulator.path,
                                                         reason: "its first frame was not the greeting `ready` (a Tools/umockdev-mx older than this RigKit? rebuild it)")) {
            _ = try await EmulatorSocketChannel(socket: emulator.path, inEndpoint: 0x81)
        }
        emulator.waitUntilServed()
    }

    @Test func anEmulatorThatHangsUpBeforeGreetingIsAnError() async throws {
        let emulator = try StandInEmulator()
        emulator.accept(after: .zero) { _ in }
        await #expect(throws: DeviceSideError.noEmulator(path: emulator.path, reason: "it closed the connection before greeting")) {
            _ = try await EmulatorSocketChannel(socket: emulator.path, inEndpoint: 0x81)
        }
        emulator.waitUntilServed()
    }
}

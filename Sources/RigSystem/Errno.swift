#if canImport(Glibc)
import Glibc
#endif

/// A system call's `errno`, with the system's own words for it: the one errno type of RigKit's C-facing code
/// (files, Bluetooth sockets, gadget ttys), as swift-system's `Errno`.
public struct Errno: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    public var code: Int32

    public init(code: Int32) { self.code = code }

    /// The calling thread's `errno` now.
    public static var current: Errno { Errno(code: errno) }

    /// `strerror`'s text, e.g. "No space left on device".
    public var description: String { String(cString: strerror(code)) }
}

#if canImport(Glibc)
import Glibc
#endif
import RigSystem

/// Reads an image file's bytes, naming what is wrong in the system's words: a directory, a FIFO or device (which
/// would block or never end), a file over the size limit, a permission the process lacks.
enum ImageFileReader {
    static func read(_ path: String, limit: Int) throws(ImageFileError) -> [UInt8] {
        var info = stat()
        guard stat(path, &info) == 0 else { throw .unreadable(path: path, reason: Errno.current.description) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .unreadable(path: path, reason: "it is a directory, not an image file")
        case S_IFIFO: throw .unreadable(path: path, reason: "it is a FIFO (named pipe), not an image file")
        case S_IFCHR, S_IFBLK: throw .unreadable(path: path, reason: "it is a device, not an image file")
        case S_IFSOCK: throw .unreadable(path: path, reason: "it is a socket, not an image file")
        default: throw .unreadable(path: path, reason: "it is not a regular file")
        }
        guard Int(info.st_size) <= limit else {
            throw .unreadable(path: path, reason: "it is \(info.st_size) bytes, over the \(limit >> 20) MB limit for an image")
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { throw .unreadable(path: path, reason: Errno.current.description) }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path: path, reason: Errno.current.description)
            }
            if count == 0 { break }
            offset += count
        }
        return Array(bytes.prefix(offset))
    }
}

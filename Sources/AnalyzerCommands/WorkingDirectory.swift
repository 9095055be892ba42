import Foundation

/// The directory relative paths on the command line are resolved against; nil means the process's own.
struct WorkingDirectory {
    /// The absolute directory, or nil for the process's current directory.
    let path: String?

    /// `file` made absolute against this directory (unchanged when already absolute or no directory is set).
    func resolve(_ file: String) -> String {
        guard let path, !file.hasPrefix("/") else { return file }
        return (path as NSString).appendingPathComponent(file)
    }

    /// `message` with the resolved form of `file` shown as the user typed it.
    func showingAsTyped(_ message: String, _ file: String) -> String {
        let resolved = resolve(file)
        return resolved == file ? message : message.replacingOccurrences(of: resolved, with: file)
    }
}

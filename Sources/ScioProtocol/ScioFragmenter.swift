/// Splits a frame into the 20-byte BLE notifications a SCiO sends, each led by the frame's sequence byte.
///
/// The first notification is the frame's first 20 bytes (it starts with the
/// sequence byte and the magic). Each continuation is RigKit-defined:
/// `[seq, index, up to 18 frame bytes]` with `index` counting from 1, so the
/// driver can tell a lost or reordered notification from a complete frame.
public enum ScioFragmenter {
    /// The size of one notification.
    public static let notificationSize = 20
    /// Frame bytes in a continuation notification.
    public static let continuationBytes = notificationSize - 2
    /// The most continuations one frame may have (indexes stay below the magic 0xBA, so a continuation never looks like a first fragment).
    public static let maximumContinuations = 185

    /// The notifications for `frame`, in order.
    public static func split(_ frame: ScioFrame) -> [[UInt8]] {
        let bytes = frame.encode()
        var fragments = [Array(bytes.prefix(notificationSize))]
        var offset = notificationSize
        var index: UInt8 = 1
        while offset < bytes.count {
            let end = min(bytes.count, offset + continuationBytes)
            fragments.append([frame.sequence, index] + bytes[offset..<end])
            offset = end
            index &+= 1
        }
        return fragments
    }
}

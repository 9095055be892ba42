/// Bluetooth device addresses as rig files, traces and the kernel's tools write them: `AA:BB:CC:DD:EE:FF`,
/// most significant byte first. The one parser every family and the BlueZ backend use.
public enum BluetoothAddressText {
    /// The six bytes of `text` (either case), most significant first; nil unless it is six pairs of hex digits.
    public static func bytes(_ text: String) -> [UInt8]? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 6 else { return nil }
        var bytes: [UInt8] = []
        for part in parts {
            guard part.count == 2, let byte = UInt8(part, radix: 16) else { return nil }
            bytes.append(byte)
        }
        return bytes
    }
}

extension JSONCursor {
    /// The value as a Bluetooth address, upper-cased; `example` shows the expected form in the error.
    public func bluetoothAddress(example: String) throws(RigFileError) -> String {
        let text = try string()
        guard BluetoothAddressText.bytes(text) != nil else { throw invalid("a Bluetooth address like \(JSONText.quote(example))") }
        return text.uppercased()
    }
}

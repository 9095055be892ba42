import BarcodeDecoder

/// Encodes Code 93 with both check characters; characters outside its 43 use the Full ASCII shift pairs.
public enum Code93Encoder {
    public static func encode(_ text: String) throws(EncoderError) -> LinearPattern {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { throw .invalidLength(.code93, got: 0, allowed: "1 or more characters") }
        let values: [Int]
        switch Code93Tables.values(bytes) {
        case .success(let v): values = v
        case .failure(let e): throw .unencodableCharacter(.code93, Character(Unicode.Scalar(bytes[e.index])), position: e.index)
        }
        let c = Code93Tables.check(values, maximumWeight: 20)
        let k = Code93Tables.check(values + [c], maximumWeight: 15)
        var p = LinearPattern(symbology: .code93, modules: [], quietZone: 10)
        for v in [Code93Tables.startStop] + values + [c, k, Code93Tables.startStop] { p.append(widths: Code93Tables.widths(v)) }
        p.modules.append(true)  // termination bar
        return p
    }
}

/// Text from ISO 8859-1 bytes, the default character set of the linear symbologies.
enum Latin1 {
    static func string(_ bytes: [UInt8]) -> String {
        var s = String.UnicodeScalarView()
        for b in bytes { s.append(Unicode.Scalar(b)) }
        return String(s)
    }
}

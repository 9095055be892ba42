/// A word or a quoted string in a DMCC command.
public enum DMCCArgument: Sendable, Equatable, CustomStringConvertible {
    /// An unquoted word: a verb, a setting name, ON/OFF, a number.
    case word(String)
    /// A double-quoted string, unescaped.
    case string(String)

    /// The text without quotes or escapes.
    public var text: String {
        switch self {
        case .word(let w): w
        case .string(let s): s
        }
    }

    /// ON/OFF (also 1/0, TRUE/FALSE) as a Boolean.
    public var bool: Bool? {
        switch text.uppercased() {
        case "ON", "1", "TRUE": true
        case "OFF", "0", "FALSE": false
        default: nil
        }
    }

    /// The word as an integer.
    public var int: Int? { if case .word(let w) = self { Int(w) } else { nil } }

    /// As written on the wire: quoted and escaped for strings.
    public var encoded: String {
        switch self {
        case .word(let w): return w
        case .string(let s):
            var out = "\""
            for c in s {
                switch c {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "|": out += "\\|"
                case "\t": out += "\\t"
                case "\r": out += "\\r"
                case "\n": out += "\\n"
                default: out.append(c)
                }
            }
            return out + "\""
        }
    }

    public var description: String { encoded }

    /// Splits command text into words and strings.
    public static func split(_ text: String) throws(DMCCError) -> [DMCCArgument] {
        var out: [DMCCArgument] = []
        var chars = Array(text)[...]
        while let c = chars.first {
            if c == " " || c == "\t" { chars.removeFirst(); continue }
            if c == "\"" {
                chars.removeFirst()
                var value = ""
                var closed = false
                while let d = chars.popFirst() {
                    if d == "\"" { closed = true; break }
                    if d == "\\" {
                        guard let e = chars.popFirst() else { break }
                        switch e {
                        case "\"": value += "\""
                        case "\\": value += "\\"
                        case "|": value += "|"
                        case "t": value += "\t"
                        case "r": value += "\r"
                        case "n": value += "\n"
                        default: throw .malformed("unknown escape '\\\(e)' in a string", excerpt: text)
                        }
                    } else {
                        value.append(d)
                    }
                }
                guard closed else { throw .malformed("a string is not closed", excerpt: text) }
                out.append(.string(value))
            } else {
                var word = ""
                while let d = chars.first, d != " ", d != "\t", d != "\"" { word.append(d); chars.removeFirst() }
                out.append(.word(word))
            }
        }
        return out
    }
}

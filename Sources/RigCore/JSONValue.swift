/// A parsed JSON value that remembers where in its file it was written.
///
/// Rig files are parsed with this instead of a `Decoder` so that every error
/// can name the line and column as well as the JSON path.
public struct JSONValue: Sendable, Equatable {
    /// The kinds of JSON value.
    public indirect enum Content: Sendable, Equatable {
        case null
        case bool(Bool)
        /// A number with the text it was written as, so integers stay exact.
        case number(Double, text: String)
        case string(String)
        case array([JSONValue])
        /// Members in the order written; duplicate keys are a parse error.
        case object([(key: String, value: JSONValue)])

        public static func == (a: Content, b: Content) -> Bool {
            switch (a, b) {
            case (.null, .null): true
            case let (.bool(x), .bool(y)): x == y
            case let (.number(x, _), .number(y, _)): x == y
            case let (.string(x), .string(y)): x == y
            case let (.array(x), .array(y)): x == y
            case let (.object(x), .object(y)): x.elementsEqual(y) { $0.key == $1.key && $0.value == $1.value }
            default: false
            }
        }
    }

    public var content: Content
    /// 1-based line of the value's first character.
    public var line: Int
    /// 1-based column of the value's first character.
    public var column: Int

    /// A short name for the kind of value, for messages: `a string`, `an object`, …
    public var kindName: String {
        switch content {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The value as it would be quoted in a message, shortened if long.
    public var excerpt: String {
        let text: String
        switch content {
        case .null: text = "null"
        case .bool(let b): text = b ? "true" : "false"
        case .number(_, let raw): text = raw
        case .string(let s): text = JSONText.quote(s)
        case .array(let a): text = "[…\(a.count) items]"
        case .object: text = "{…}"
        }
        return text.count > 40 ? String(text.prefix(40)) + "…" : text
    }
}

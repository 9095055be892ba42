/// A position in a parsed rig file that reads typed values and reports errors by JSON path.
public struct JSONCursor: Sendable {
    /// The file the value came from, for messages.
    public let file: String
    /// The JSON path of `value`, e.g. `$.devices[0].simulated`.
    public let path: String
    /// The value at this position.
    public let value: JSONValue

    public init(file: String, path: String = "$", value: JSONValue) {
        self.file = file
        self.path = path
        self.value = value
    }

    /// An error at this position saying what was expected and what was found.
    public func invalid(_ expected: String, found: String? = nil) -> RigFileError {
        .invalid(file: file, path: path, line: value.line, column: value.column,
                 expected: expected, found: found ?? "\(value.kindName) \(value.excerpt)")
    }

    /// The members of an object, after checking that none is outside `allowed`.
    public func object(allowed: [String]) throws(RigFileError) -> [String: JSONCursor] {
        guard case .object(let members) = value.content else { throw invalid("an object") }
        var out: [String: JSONCursor] = [:]
        for member in members {
            let child = JSONCursor(file: file, path: Self.append(path, key: member.key), value: member.value)
            guard allowed.contains(member.key) else {
                throw .unknownMember(file: file, path: child.path, line: member.value.line, column: member.value.column, allowed: allowed)
            }
            out[member.key] = child
        }
        return out
    }

    /// The items of an array.
    public func array() throws(RigFileError) -> [JSONCursor] {
        guard case .array(let items) = value.content else { throw invalid("an array") }
        return items.enumerated().map { JSONCursor(file: file, path: "\(path)[\($0.offset)]", value: $0.element) }
    }

    public func string() throws(RigFileError) -> String {
        guard case .string(let s) = value.content else { throw invalid("a string") }
        return s
    }

    /// A non-empty string of at most 200 characters, with no leading or trailing spaces and no control characters
    /// (names reach terminals, file names and reports: an escape sequence or a 50 MB name must not).
    public func name() throws(RigFileError) -> String {
        let s = try string()
        guard !s.isEmpty, s.trimmingSpaces == s else { throw invalid("a non-empty name without surrounding spaces") }
        guard s.count <= 200 else { throw invalid("a name of at most 200 characters", found: "a string of \(s.count) characters") }
        guard !s.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw invalid("a name without control characters (such as escape sequences)")
        }
        return s
    }

    /// A Bluetooth adapter name as the kernel gives them: `hci` and a number (`hci0`, `hci12`).
    public func adapterName() throws(RigFileError) -> String {
        let s = try string()
        guard s.hasPrefix("hci"), (4...6).contains(s.count), s.dropFirst(3).allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw invalid("a Bluetooth adapter name such as \"hci0\"")
        }
        return s
    }

    public func bool() throws(RigFileError) -> Bool {
        guard case .bool(let b) = value.content else { throw invalid("true or false") }
        return b
    }

    public func number(in range: ClosedRange<Double>? = nil, unit: String = "") throws(RigFileError) -> Double {
        guard case .number(let n, _) = value.content else { throw invalid(Self.describe(range, unit: unit)) }
        if let range, !range.contains(n) { throw invalid(Self.describe(range, unit: unit)) }
        return n
    }

    public func integer<T: FixedWidthInteger>(_ type: T.Type = T.self, in range: ClosedRange<T>? = nil) throws(RigFileError) -> T {
        let expected = range.map { "an integer from \($0.lowerBound) to \($0.upperBound)" } ?? "an integer from \(T.min) to \(T.max)"
        guard case .number(_, let text) = value.content, let n = T(text) else { throw invalid(expected) }
        if let range, !range.contains(n) { throw invalid(expected) }
        return n
    }

    /// One of `choices`, compared exactly.
    public func choice(_ choices: [String]) throws(RigFileError) -> String {
        let expected = "one of " + choices.map { JSONText.quote($0) }.joined(separator: ", ")
        guard case .string(let s) = value.content else { throw invalid(expected) }
        guard choices.contains(s) else { throw invalid(expected) }
        return s
    }

    private static func describe(_ range: ClosedRange<Double>?, unit: String) -> String {
        guard let range else { return "a number" }
        let u = unit.isEmpty ? "" : " \(unit)"
        return "a number from \(trim(range.lowerBound)) to \(trim(range.upperBound))\(u)"
    }

    private static func trim(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int64(x)) : String(x)
    }

    private static func append(_ path: String, key: String) -> String {
        let plain = !key.isEmpty && key.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-" }
        return plain ? "\(path).\(key)" : "\(path)[\(JSONText.quote(key))]"
    }
}

/// A required member was missing from an object.
extension JSONCursor {
    /// The member `key`, or an error naming it as missing.
    public func required(_ key: String, in members: [String: JSONCursor], expected: String) throws(RigFileError) -> JSONCursor {
        guard let member = members[key] else {
            throw .invalid(file: file, path: "\(path).\(key)", line: value.line, column: value.column,
                           expected: expected, found: "nothing (the member is missing)")
        }
        return member
    }
}

extension String {
    var trimmingSpaces: Substring {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map { index(after: $0) } ?? start
        return self[start..<end]
    }
}

extension Substring {
    static func == (a: Substring, b: String) -> Bool { a.elementsEqual(b) }
}

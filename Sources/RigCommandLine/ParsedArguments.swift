/// One option a command accepts.
public struct OptionSpec: Sendable {
    /// The long name without dashes, e.g. `rig`.
    public var name: String
    /// A one-letter alias without the dash, e.g. `v`.
    public var short: Character?
    /// The value's placeholder in help, e.g. `FILE`; nil for a flag.
    public var valueName: String?
    /// Whether the option may be given more than once.
    public var repeatable: Bool
    public var help: String

    public init(_ name: String, short: Character? = nil, value: String? = nil, repeatable: Bool = false, help: String) {
        self.name = name
        self.short = short
        self.valueName = value
        self.repeatable = repeatable
        self.help = help
    }
}

/// Command-line arguments split into options and positionals against a command's option specs.
public struct ParsedArguments: Sendable {
    private var values: [String: [String]] = [:]
    /// Arguments that are not options, in order.
    public private(set) var positionals: [String] = []
    /// Whether `-h` or `--help` was given.
    public private(set) var wantsHelp = false

    /// Parses `arguments` for `command` (named in messages) accepting `options`.
    public init(_ arguments: [String], options: [OptionSpec], command: String) throws(UsageError) {
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
                positionals.append(argument)
                continue
            }
            if argument == "--" { onlyPositionals = true; continue }
            if argument == "-h" || argument == "--help" { wantsHelp = true; continue }
            var name: String
            var inlineValue: String?
            if argument.hasPrefix("--") {
                name = String(argument.dropFirst(2))
                if let eq = name.firstIndex(of: "=") {
                    inlineValue = String(name[name.index(after: eq)...])
                    name = String(name[..<eq])
                }
            } else {
                guard argument.count == 2, let spec = options.first(where: { $0.short == argument.last }) else {
                    throw UsageError(command: command, message: "unknown option '\(argument)'")
                }
                name = spec.name
            }
            guard let spec = options.first(where: { $0.name == name }) else {
                let hint = Self.closest(to: name, in: options.map(\.name)).map { " (did you mean '--\($0)'?)" } ?? ""
                throw UsageError(command: command, message: "unknown option '--\(name)'\(hint)")
            }
            let value: String
            if spec.valueName == nil {
                guard inlineValue == nil else { throw UsageError(command: command, message: "option '--\(name)' takes no value") }
                value = "true"
            } else if let inlineValue {
                value = inlineValue
            } else {
                guard index < arguments.count else {
                    throw UsageError(command: command, message: "option '--\(name)' needs a value (\(spec.valueName!))")
                }
                value = arguments[index]
                index += 1
            }
            if !spec.repeatable && values[name] != nil {
                throw UsageError(command: command, message: "option '--\(name)' given more than once")
            }
            values[name, default: []].append(value)
        }
    }

    /// The value of a single-value option, if given.
    public func value(_ name: String) -> String? { values[name]?.last }
    /// Every value of a repeatable option.
    public func values(_ name: String) -> [String] { values[name] ?? [] }
    /// Whether a flag was given.
    public func flag(_ name: String) -> Bool { values[name] != nil }

    /// The option name nearest to `name` by edit distance, if it is close enough to be a typo.
    static func closest(to name: String, in names: [String]) -> String? {
        let scored = names.map { ($0, editDistance(Array(name), Array($0))) }.min { $0.1 < $1.1 }
        guard let (best, distance) = scored, distance <= max(2, best.count / 3) else { return nil }
        return best
    }

    private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        var row = Array(0...b.count)
        for i in 1...max(1, a.count) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let current = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = current
            }
        }
        return a.isEmpty ? b.count : row[b.count]
    }
}

/// The command line was wrong; the message says how, and the command's usage follows it.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    /// The command, e.g. `rig run`.
    public var command: String
    public var message: String
    public init(command: String, message: String) {
        self.command = command
        self.message = message
    }
    public var description: String { "\(command): \(message)" }
}

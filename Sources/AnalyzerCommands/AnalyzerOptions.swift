import RigCommandLine

/// A command's parsed arguments as the analyzer commands read them: values and flags by their `--name`, with typed
/// readers whose problems name the option. Parsing itself is `rig`'s one parser (`ParsedArguments`).
struct AnalyzerOptions {
    /// The last value given for each option, by `--name`.
    private(set) var values: [String: String] = [:]
    /// The flags present, by `--name`.
    private(set) var flags: Set<String> = []
    let positionals: [String]

    init(_ parsed: ParsedArguments, specs: [OptionSpec]) {
        for spec in specs {
            if spec.valueName == nil {
                if parsed.flag(spec.name) { flags.insert("--" + spec.name) }
            } else if let value = parsed.value(spec.name) {
                values["--" + spec.name] = value
            }
        }
        positionals = parsed.positionals
    }

    /// The value of a required option.
    func required(_ option: String) throws(ArgumentProblem) -> String {
        guard let value = values[option] else { throw .missingArgument(option) }
        return value
    }

    /// An optional integer option within a range.
    func integer(_ option: String, in range: ClosedRange<Int>) throws(ArgumentProblem) -> Int? {
        guard let text = values[option] else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw .invalidValue(option: option, value: text, expected: "an integer in \(range.lowerBound)…\(range.upperBound)")
        }
        return value
    }

    /// An optional finite number option within a range.
    func number(_ option: String, in range: ClosedRange<Double>) throws(ArgumentProblem) -> Double? {
        guard let text = values[option] else { return nil }
        guard let value = Double(text), value.isFinite, range.contains(value) else {
            throw .invalidValue(option: option, value: text, expected: "a number in \(range.lowerBound)…\(range.upperBound)")
        }
        return value
    }

    /// An optional `COLUMN=VALUE` row filter.
    func rowFilter(_ option: String) throws(ArgumentProblem) -> RowFilter? {
        guard let text = values[option] else { return nil }
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
            throw .invalidValue(option: option, value: text, expected: "COLUMN=VALUE")
        }
        return RowFilter(column: String(text[..<equals]), value: String(text[text.index(after: equals)...]))
    }

    /// The one positional argument a command takes (e.g. MODEL).
    func single(_ name: String) throws(ArgumentProblem) -> String {
        guard let first = positionals.first else { throw .missingArgument(name) }
        if positionals.count > 1 { throw .unexpectedArgument(positionals[1]) }
        return first
    }
}

/// What is wrong with an analyzer command's arguments; it becomes `rig`'s `UsageError` for the command at hand.
enum ArgumentProblem: Error, Equatable, CustomStringConvertible {
    case missingArgument(String)
    case invalidValue(option: String, value: String, expected: String)
    case unexpectedArgument(String)

    var description: String {
        switch self {
        case .missingArgument(let name): "missing \(name)"
        case .invalidValue(let option, let value, let expected): "\(option) '\(value)': expected \(expected)"
        case .unexpectedArgument(let argument): "unexpected argument '\(argument)'"
        }
    }

    func usageError(_ command: String) -> UsageError { UsageError(command: command, message: description) }
}

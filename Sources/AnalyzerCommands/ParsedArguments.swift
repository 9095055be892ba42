/// A command line split into options with values, flags and positional arguments.
struct ParsedArguments {
    /// The last value given for each option.
    private(set) var values: [String: String] = [:]
    /// The flags present.
    private(set) var flags: Set<String> = []
    /// The positional arguments, in order.
    private(set) var positionals: [String] = []

    /// Whether `--help` or `-h` appears anywhere, which wins over every other argument.
    static func asksForHelp(_ arguments: [String]) -> Bool {
        arguments.contains("--help") || arguments.contains("-h")
    }

    /// Parses `arguments`; `options` take a value (`--name VALUE` or `--name=VALUE`), `flags` do not.
    init(_ arguments: [String], options: Set<String>, flags: Set<String>, aliases: [String: String] = [:]) throws(UsageError) {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-"), argument != "-" else {
                positionals.append(argument)
                continue
            }
            var name = argument, inlineValue: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            name = aliases[name] ?? name
            if flags.contains(name), inlineValue == nil {
                self.flags.insert(name)
            } else if options.contains(name) {
                if let inlineValue {
                    values[name] = inlineValue
                } else {
                    guard index < arguments.count else { throw .missingValue(option: name) }
                    values[name] = arguments[index]
                    index += 1
                }
            } else {
                throw .unknownOption(argument)
            }
        }
    }

    /// The value of a required option.
    func required(_ option: String) throws(UsageError) -> String {
        guard let value = values[option] else { throw .missingArgument(option) }
        return value
    }

    /// An optional integer option within a range.
    func integer(_ option: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = values[option] else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw .invalidValue(option: option, value: text, expected: "an integer in \(range.lowerBound)…\(range.upperBound)")
        }
        return value
    }

    /// An optional finite number option within a range.
    func number(_ option: String, in range: ClosedRange<Double>) throws(UsageError) -> Double? {
        guard let text = values[option] else { return nil }
        guard let value = Double(text), value.isFinite, range.contains(value) else {
            throw .invalidValue(option: option, value: text, expected: "a number in \(range.lowerBound)…\(range.upperBound)")
        }
        return value
    }

    /// An optional `COLUMN=VALUE` row filter.
    func rowFilter(_ option: String) throws(UsageError) -> RowFilter? {
        guard let text = values[option] else { return nil }
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
            throw .invalidValue(option: option, value: text, expected: "COLUMN=VALUE")
        }
        return RowFilter(column: String(text[..<equals]), value: String(text[text.index(after: equals)...]))
    }
}

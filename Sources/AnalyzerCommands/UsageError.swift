extension AnalyzerCommands {
    /// Why a command line cannot be run; each case names the offending argument.
    public enum UsageError: Error, Sendable, Equatable, CustomStringConvertible {
        /// An option the command does not know.
        case unknownOption(String)
        /// An option that needs a value came last.
        case missingValue(option: String)
        /// A required option or argument is absent.
        case missingArgument(String)
        /// An option's value cannot be used.
        case invalidValue(option: String, value: String, expected: String)
        /// More positional arguments than the command takes.
        case unexpectedArgument(String)
        /// A subcommand the command does not have.
        case unknownSubcommand(String)

        public var description: String {
            switch self {
            case .unknownOption(let option): "unknown option '\(option)'"
            case .missingValue(let option): "option '\(option)' needs a value"
            case .missingArgument(let name): "missing \(name)"
            case .invalidValue(let option, let value, let expected): "\(option) '\(value)': expected \(expected)"
            case .unexpectedArgument(let argument): "unexpected argument '\(argument)'"
            case .unknownSubcommand(let name): "unknown subcommand '\(name)'"
            }
        }
    }
}

/// The usage error type, named briefly inside this module.
typealias UsageError = AnalyzerCommands.UsageError

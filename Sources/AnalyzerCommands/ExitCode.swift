extension AnalyzerCommands {
    /// The exit codes the analyzer commands use, the same as `rig`'s (Docs/CLI.md on main).
    public enum ExitCode {
        /// The command did what was asked.
        public static let success: Int32 = 0
        /// The command ran but a check it was asked to make failed.
        public static let checkFailed: Int32 = 1
        /// The arguments were wrong; the usage was printed.
        public static let usage: Int32 = 2
        /// An input file (CSV or model) is missing, unreadable or invalid.
        public static let badInput: Int32 = 3
        /// An output file (a model) cannot be written.
        public static let cannotWrite: Int32 = 4
    }
}

/// The exit codes, named briefly inside this module.
typealias ExitCode = AnalyzerCommands.ExitCode

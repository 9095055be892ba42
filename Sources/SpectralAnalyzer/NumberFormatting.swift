extension Double {
    /// The value when finite, otherwise nil.
    var finiteOrNil: Double? { isFinite ? self : nil }
}

/// Formats numbers that serve as labels, such as numeric class codes or wavelength bounds.
enum NumberFormatting {
    /// A number as a label: integral values without a fractional part.
    static func label(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

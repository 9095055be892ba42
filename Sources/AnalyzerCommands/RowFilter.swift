/// Keeps the spectra whose named column holds a given value, such as `set=train`.
struct RowFilter: Equatable {
    /// The named column to look at.
    let column: String
    /// The value a kept row has in that column.
    let value: String
}

/// File sizes as a definition writes them (`maxSize: 10MB`) and as messages show them.
///
/// A size is a whole number of bytes (`2000000`), or a number and a unit: `B`, `KB`,
/// `MB`, `GB` (powers of 1000, as disks and networks count) or `KiB`, `MiB`, `GiB`
/// (powers of 1024), with or without a space (`1.5 MB`). Units are case-sensitive
/// except for `kB`, the SI spelling.
public enum FileSize {
    static let units: [(suffix: String, factor: Double)] = [
        ("KiB", 1024), ("MiB", 1_048_576), ("GiB", 1_073_741_824),
        ("KB", 1000), ("kB", 1000), ("MB", 1_000_000), ("GB", 1_000_000_000), ("B", 1),
    ]

    /// The size in bytes, or `nil` when `text` is not a size (or is above 2^53 bytes).
    public static func parse(_ text: String) -> Int? {
        var number = text
        var factor = 1.0
        if let unit = units.first(where: { text.hasSuffix($0.suffix) }) {
            number = String(text.dropLast(unit.suffix.count))
            if number.hasSuffix(" ") { number.removeLast() }
            factor = unit.factor
        }
        guard let value = PlainScalar.parseNumber(number), value >= 0 else { return nil }
        let bytes = (value * factor).rounded(.down)
        guard bytes.isFinite, bytes <= 9_007_199_254_740_992 else { return nil }
        return Int(bytes)
    }

    /// `10 MB` for 10,000,000; `512 KiB` for 524,288; `1500 bytes`.
    public static func describe(_ bytes: Int) -> String {
        for (suffix, factor) in [
            ("GB", 1e9), ("MB", 1e6), ("KB", 1e3), ("GiB", 1_073_741_824.0),
            ("MiB", 1_048_576.0), ("KiB", 1024.0),
        ]
        where bytes >= Int(factor) && Double(bytes).truncatingRemainder(dividingBy: factor) == 0 {
            return JSONText.format(Double(bytes) / factor) + " " + suffix
        }
        return bytes == 1 ? "1 byte" : "\(bytes) bytes"
    }
}

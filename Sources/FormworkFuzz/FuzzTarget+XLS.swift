extension FuzzTarget {
    /// A compound file's first eight bytes.
    static let compoundFileSignature: [UInt8] = [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]

    /// The bytes as an `.xls`: given the compound file's signature when they lack it,
    /// so that no input is spent on the signature check.
    static func xls(_ bytes: [UInt8]) {
        let file = bytes.starts(with: compoundFileSignature) ? bytes : compoundFileSignature + bytes.dropFirst(8)
        importWorkbook(file, path: "fuzz.xls")
    }
}

extension String {
    /// Whether the text's UTF-8 holds a byte for which `test` holds, read from its
    /// contiguous storage (a text's bytes, not its characters).
    ///
    /// - Complexity: O(*n*) in the text's UTF-8 length.
    func containsByte(where test: (UInt8) -> Bool) -> Bool {
        if let found = utf8.withContiguousStorageIfAvailable({ bytes in
            for byte in bytes where test(byte) { return true }
            return false
        }) {
            return found
        }
        return utf8.contains(where: test)
    }
}

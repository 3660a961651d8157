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

extension String {
    /// Whether the text's UTF-8 holds `pattern`'s bytes, in a row: a test before a
    /// search through Foundation, for an ASCII pattern (which, having no canonical
    /// equivalent, Foundation finds nowhere its bytes are not).
    func containsBytes(_ pattern: StaticString) -> Bool {
        let count = pattern.utf8CodeUnitCount
        let search = { (bytes: UnsafeBufferPointer<UInt8>) -> Bool in
            guard count > 0, bytes.count >= count else { return count == 0 }
            let first = pattern.utf8Start[0]
            var offset = 0
            while offset + count <= bytes.count {
                if bytes[offset] == first {
                    var position = 1
                    while position < count, bytes[offset + position] == pattern.utf8Start[position] { position += 1 }
                    if position == count { return true }
                }
                offset += 1
            }
            return false
        }
        if let found = utf8.withContiguousStorageIfAvailable(search) { return found }
        return Array(utf8).withUnsafeBufferPointer(search)
    }
}

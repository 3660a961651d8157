import Foundation

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
    /// Whether the text's UTF-8 holds any of `bytes`, each looked for with `memchr`
    /// over its contiguous storage: a few passes that step over many bytes at once,
    /// where a test of each byte costs more than all of them on a long label.
    ///
    /// - Complexity: O(*n* × *k*) in the text's UTF-8 length and the bytes' count.
    func containsAnyByte(_ bytes: UInt8...) -> Bool {
        let search = { (buffer: UnsafeBufferPointer<UInt8>) -> Bool in
            guard let base = buffer.baseAddress else { return false }
            return bytes.contains { memchr(base, Int32($0), buffer.count) != nil }
        }
        if let found = utf8.withContiguousStorageIfAvailable(search) { return found }
        return Array(utf8).withUnsafeBufferPointer(search)
    }
}

extension String {
    /// Whether the text holds `word` (lowercase ASCII letters) in any case, by its bytes: a
    /// test that lets a cell pass without being parsed (`XLSFormType`) where what is
    /// looked for needs the word (`or_other` needs `other`).
    ///
    /// - Complexity: O(*n* × *m*) in the text's and the word's UTF-8 lengths.
    func containsASCIIIgnoringCase(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        let search = { (bytes: UnsafeBufferPointer<UInt8>) -> Bool in
            guard count > 0 else { return true }
            guard bytes.count >= count else { return false }
            for offset in 0...(bytes.count - count) {
                var position = 0
                // ASCII letters only differ by 0x20 between cases.
                while position < count, bytes[offset + position] | 0x20 == word.utf8Start[position] { position += 1 }
                if position == count { return true }
            }
            return false
        }
        if let found = utf8.withContiguousStorageIfAvailable(search) { return found }
        return Array(utf8).withUnsafeBufferPointer(search)
    }
}

extension String {
    /// Whether the text calls one of `names` (`instance(`, ASCII names): each `(` is
    /// found with `memchr`, and the bytes before it compared, so that a label (which
    /// calls nothing, and mostly holds no parenthesis) is passed over in one scan.
    ///
    /// - Complexity: O(*n*) in the text's UTF-8 length.
    func containsCall(toAnyOf names: [StaticString]) -> Bool {
        let search = { (bytes: UnsafeBufferPointer<UInt8>) -> Bool in
            guard let base = bytes.baseAddress else { return false }
            var offset = 0
            while offset < bytes.count,
                let found = memchr(base + offset, 0x28, bytes.count - offset)
            {
                let position = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
                for name in names where name.utf8CodeUnitCount <= position {
                    let count = name.utf8CodeUnitCount
                    if memcmp(base + position - count, name.utf8Start, count) == 0 { return true }
                }
                offset = position + 1
            }
            return false
        }
        if let found = utf8.withContiguousStorageIfAvailable(search) { return found }
        return Array(utf8).withUnsafeBufferPointer(search)
    }
}

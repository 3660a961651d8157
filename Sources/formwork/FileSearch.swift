import Foundation

/// The files a command finds under a directory it is given (`check`, `validate`,
/// `test`): in its folders too, hidden entries and what hidden folders hold left out,
/// sorted.
enum FileSearch {
    /// The paths (`DIR/sub/name`) of the files under `directory` whose name (its last
    /// part) `keeps`.
    static func files(under directory: String, where keeps: (String) -> Bool) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
        let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        var found: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") {
                enumerator.skipDescendants()
                continue
            }
            if keeps(name) { found.append(base + "/" + relative) }
        }
        return found.sorted()
    }
}

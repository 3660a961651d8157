/// Text written into an XML document (an ODK submission, a JUnit report): markup
/// characters as entities, and the characters XML 1.0 cannot hold at all (C0 controls
/// but tab, line feed and carriage return; U+FFFE, U+FFFF) left out.
///
/// ```swift
/// XMLText.escaped("a < b & \"c\"")                 // a &lt; b &amp; &quot;c&quot;
/// XMLText.escaped("one\ntwo", inAttribute: true)   // one&#10;two
/// ```
public enum XMLText {
    /// `text` escaped for an element's content, or for an attribute's value in double
    /// quotes (`inAttribute`: line breaks as `&#10;`, which a parser would otherwise
    /// read as spaces).
    public static func escaped(_ text: String, inAttribute: Bool = false) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "\n" where inAttribute: output += "&#10;"
            case "\n", "\t", "\r": output.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: continue
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}

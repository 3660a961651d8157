import Crypto
import Foundation

/// ODK's cryptographic functions, computed as JavaRosa computes them: `digest` (a
/// hash of text, as XForms 1.1 has it) and `extract-signed` (a message signed with
/// Ed25519, read only when its signature holds), with swift-crypto.
extension FunctionLibrary {
    static let digests: [FunctionDefinition] = [
        FunctionDefinition(
            name: "digest", signature: "digest(text, algorithm, encoding)",
            summary:
                "the hash of the text's UTF-8 bytes by 'MD5', 'SHA-1', 'SHA-256', 'SHA-384' or 'SHA-512' (any "
                + "case, dashes optional), written in 'base64' (the default) or 'hex'; null for another algorithm "
                + "or encoding",
            arity: 2...3, check: texts(3),
            evaluate: { arguments, _ in
                guard case .string(let name) = arguments[1], let algorithm = DigestAlgorithm(javaRosaName: name)
                else { return .null }
                var hex = false
                if arguments.count == 3 {
                    guard case .string(let encoding) = arguments[2] else { return .null }
                    switch encoding.uppercased() {
                    case "HEX": hex = true
                    case "BASE64": hex = false
                    default: return .null
                    }
                }
                let bytes = algorithm.digest(Data(text(arguments[0]).utf8))
                return .string(hex ? bytes.map { String(format: "%02x", $0) }.joined() : bytes.base64EncodedString())
            }),
        FunctionDefinition(
            name: "extract-signed", signature: "extract-signed(signed, key)",
            summary:
                "the message of a base64 text that is an Ed25519 signature (64 bytes) followed by the message, "
                + "when the signature holds for the base64 public key; '' otherwise",
            arity: 2...2, check: texts(2),
            evaluate: { arguments, _ in
                let signed = Data(base64Encoded: text(arguments[0]), options: .ignoreUnknownCharacters) ?? Data()
                let key = Data(base64Encoded: text(arguments[1]), options: .ignoreUnknownCharacters) ?? Data()
                guard signed.count >= 64, let publicKey = try? Curve25519.Signing.PublicKey(rawRepresentation: key)
                else { return .string("") }
                let (signature, message) = (signed.prefix(64), signed.dropFirst(64))
                guard publicKey.isValidSignature(signature, for: message) else { return .string("") }
                return .string(String(decoding: message, as: UTF8.self))
            }),
    ]

    /// A text argument's text (null: '').
    private static func text(_ value: Value) -> String {
        if case .string(let text) = value { return text }
        return ""
    }
}

/// The hashes `digest()` knows, by JavaRosa's names.
enum DigestAlgorithm {
    case md5, sha1, sha256, sha384, sha512

    /// JavaRosa's reading of a name: upper case, dashes taken out (`sha-256`, `S-H-A-1`).
    init?(javaRosaName name: String) {
        switch name.uppercased().replacingOccurrences(of: "-", with: "") {
        case "MD5": self = .md5
        case "SHA1": self = .sha1
        case "SHA256": self = .sha256
        case "SHA384": self = .sha384
        case "SHA512": self = .sha512
        default: return nil
        }
    }

    func digest(_ data: Data) -> Data {
        switch self {
        case .md5: return Data(Insecure.MD5.hash(data: data))
        case .sha1: return Data(Insecure.SHA1.hash(data: data))
        case .sha256: return Data(SHA256.hash(data: data))
        case .sha384: return Data(SHA384.hash(data: data))
        case .sha512: return Data(SHA512.hash(data: data))
        }
    }
}

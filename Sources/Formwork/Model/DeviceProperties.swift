import Foundation

/// What a device tells a form about itself, as ODK's metadata names it: an input may
/// stand for one (`inputs: [{ id: device, type: text, device: deviceid }]`), and
/// `FormSession.applyDeviceProperties(_:)` gives such inputs their values.
public enum DeviceProperty: String, Sendable, CaseIterable {
    /// A stable identifier of the device (Collect's `collect:…`; here of the machine and user).
    case deviceID = "deviceid"
    /// The name of the person using the device.
    case username
    case email
    case phoneNumber = "phonenumber"
    case simSerial = "simserial"
    case subscriberID = "subscriberid"
}

/// The values of the device's properties, for the inputs that stand for them.
///
/// ```swift
/// let session = FormSession(definition: form)
/// session.applyDeviceProperties(.current)   // deviceid, and username from $USER
/// ```
public struct DeviceProperties: Sendable, Equatable {
    /// The value of each property known (a property left out is not known: its input
    /// stays empty).
    public var values: [DeviceProperty: String]

    /// Properties with these values.
    public init(_ values: [DeviceProperty: String] = [:]) { self.values = values }

    /// This machine and user at a terminal: `deviceid` is `formwork:` and 16 hex
    /// digits derived from the machine's id (`/etc/machine-id`, else the host name) and
    /// the user name, the same every time for them and different for others (as
    /// Collect's is stable for a device); `username` is `$USER` (or `$LOGNAME`, or the
    /// account's name); the
    /// others (e-mail, phone number, SIM) a terminal does not have.
    public static var current: DeviceProperties {
        let environment = ProcessInfo.processInfo.environment
        let user = environment["USER"] ?? environment["LOGNAME"] ?? NSUserName()
        let machine =
            (try? String(contentsOfFile: "/etc/machine-id", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? ProcessInfo.processInfo.hostName
        var values: [DeviceProperty: String] = [.deviceID: deviceID(machine: machine, user: user)]
        if !user.isEmpty { values[.username] = user }
        return DeviceProperties(values)
    }

    /// `formwork:` and the 64-bit FNV-1a hash of the machine's id and the user's name,
    /// in hex.
    static func deviceID(machine: String, user: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in (machine + "\u{0}" + user).utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return "formwork:" + String(repeating: "0", count: 16 - hex.count) + hex
    }
}

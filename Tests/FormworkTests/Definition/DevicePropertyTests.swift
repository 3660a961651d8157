import FormworkTesting
import Foundation
import Testing

@testable import Formwork

/// Inputs that stand for the device's properties (`device: deviceid`): given the
/// device's values when they have none, never over a value given, and a stable
/// device id for a machine and user.
@Suite("Device properties")
struct DevicePropertyTests {
    static let yaml = """
        id: d
        title: D
        inputs:
          - { id: phone, type: text, label: Phone, device: deviceid }
          - { id: who, type: text, label: Who, device: username }
          - { id: mail, type: text, label: Mail, device: email }
          - { id: site, type: text, label: Site }
        sections:
          - id: s
            fields:
              - { id: note, kind: note, text: "{$phone} {$who}" }
        """

    @Test func inputsWithoutAValueGetTheDevicesAndOthersKeepTheirs() throws {
        let form = try FormDefinition(yaml: Self.yaml)
        #expect(form.field("phone")?.deviceProperty == .deviceID)
        #expect(form.field("site")?.deviceProperty == nil)
        let session = FormSession(definition: form)
        try session.setInput("who", text: "ada")
        let given = session.applyDeviceProperties(
            DeviceProperties([.deviceID: "formwork:0123456789abcdef", .username: "root", .email: "a@b.c"]))
        #expect(given == ["phone", "mail"])
        #expect(session.value(of: "phone") == .string("formwork:0123456789abcdef"))
        #expect(session.value(of: "who") == .string("ada"))
        #expect(session.value(of: "site") == .null)
    }

    @Test func theDeviceIDIsStableForAMachineAndUserAndDiffersOtherwise() {
        let one = DeviceProperties.deviceID(machine: "m1", user: "ada")
        #expect(one == DeviceProperties.deviceID(machine: "m1", user: "ada"))
        #expect(one != DeviceProperties.deviceID(machine: "m1", user: "bob"))
        #expect(one != DeviceProperties.deviceID(machine: "m2", user: "ada"))
        #expect(one.hasPrefix("formwork:") && one.count == 25)
        #expect(DeviceProperties.current.values[.deviceID] == DeviceProperties.current.values[.deviceID])
    }

    @Test func anUnknownPropertyIsAnErrorNamingTheKnownOnes() {
        let text = Fixtures.diagnostics(
            yaml: """
                id: d
                title: D
                inputs: [{ id: a, type: text, device: imei }]
                sections: [{ id: s, fields: [{ id: n, kind: note, text: x }] }]
                """)
        #expect(text.contains("form.yaml:3:39: error: 'device' must be 'deviceid', 'username'"), "\(text)")
    }
}

import Formwork
import FormworkODK
import Foundation

extension FuzzTarget {
    /// The folder the `media` target writes its input to, once per process.
    static let mediaFolder: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "formwork-fuzz-media-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }()

    /// A form whose three selects take their choices from files sent with it: the
    /// fuzzed bytes are each of them in turn (CSV.swift and the CSV reading, the XML
    /// reader, the GeoJSON reading, and the choice filter over what they give).
    static let mediaForm = """
        <?xml version="1.0"?>
        <h:html xmlns="http://www.w3.org/2002/xforms" xmlns:h="http://www.w3.org/1999/xhtml">
        <h:head><h:title>media</h:title><model>
        <instance><data id="media"><zone/><a/><b/><c/></data></instance>
        <instance id="villages" src="jr://file-csv/villages.csv"/>
        <instance id="places" src="jr://file/places.xml"/>
        <instance id="sites" src="jr://file/sites.geojson"/>
        <bind nodeset="/data/zone" type="string"/><bind nodeset="/data/a" type="string"/>
        <bind nodeset="/data/b" type="string"/><bind nodeset="/data/c" type="string"/></model></h:head>
        <h:body><input ref="/data/zone"><label>Zone</label></input>
        <select1 ref="/data/a"><label>A</label><itemset nodeset="instance('villages')/root/item[zone = /data/zone]">
        <value ref="name"/><label ref="label"/></itemset></select1>
        <select1 ref="/data/b"><label>B</label><itemset nodeset="instance('places')/root/item">
        <value ref="name"/><label ref="label"/></itemset></select1>
        <select ref="/data/c"><label>C</label><itemset nodeset="instance('sites')/root/item">
        <value ref="name"/><label ref="label"/></itemset></select></h:body></h:html>
        """

    static func media(_ bytes: [UInt8]) {
        let folder = mediaFolder
        let form = folder.appendingPathComponent("media.xml")
        if !FileManager.default.fileExists(atPath: form.path) { try? Data(mediaForm.utf8).write(to: form) }
        for name in ["villages.csv", "places.xml", "sites.geojson"] {
            try? Data(bytes).write(to: folder.appendingPathComponent(name))
        }
        guard let definition = try? FormDefinition.load(contentsOf: form, formats: .odk, skipUnsupported: true)
        else { return }
        let session = FormSession(definition: definition)
        for value in ["a", "", "1"] {
            try? session.set("zone", text: value)
            _ = session.visibleOptions(of: "a")
        }
        _ = session.validate()
    }
}

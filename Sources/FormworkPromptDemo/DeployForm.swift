import Formwork
import FormworkBuilder

/// The deploy command's questions, written in Swift (`FormworkBuilder`): checked
/// as a definition file is, each problem reported at its line here.
enum DeployForm {
    static let form = Form("deploy", title: "Deploy") {
        Section("target", header: "Target") {
            TextField("service", label: "Service").pattern("[a-z][a-z0-9-]*").required()
            Choice("env", label: "Environment", options: ["staging", "production"]).required()
            NumberField("replicas", label: "Replicas").range(1...20).defaultValue(2).required()
                .rule("$env != 'production' or $replicas >= 2", message: "production runs at least 2")
            Switch("confirm", label: "I know this is production").visible("$env == 'production'").required()
            TextField("notify", label: "Notify").format(.email)
        }
    }

    static func definition() throws -> FormDefinition {
        try form.definition()
    }
}

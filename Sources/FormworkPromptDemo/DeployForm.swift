import Formwork

/// The deploy command's questions, as a Formwork definition.
enum DeployForm {
    static let yaml = """
        id: deploy
        title: Deploy
        sections:
          - id: target
            header: Target
            fields:
              - { id: service, kind: text, label: Service, required: true, pattern: "[a-z][a-z0-9-]*" }
              - { id: env, kind: choice, label: Environment, options: [staging, production], required: true }
              - id: replicas
                kind: number
                label: Replicas
                default: 2
                min: 1
                max: 20
                required: true
                rules:
                  - { check: "$env != 'production' or $replicas >= 2", message: production runs at least 2 }
              - id: confirm
                kind: switch
                label: I know this is production
                visible: "$env == 'production'"
                required: true
              - { id: notify, kind: text, label: Notify, format: email }
        """

    static func definition() throws -> FormDefinition {
        try FormDefinition(yaml: yaml)
    }
}

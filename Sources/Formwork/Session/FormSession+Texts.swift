import Foundation

/// What a person reads, in the session's language, with the answers it reads:
/// labels, help, notes, option labels, headers, titles. Rows carry their rendered
/// label and help, so a row whose text changed (an answer it reads, or the
/// language) is an updated row of the diff like any other.
extension FormSession {
    /// Shows every text in `code` (one of `definition.languages`); `nil` for the
    /// form's default. Every row whose text changes is updated at the next reload.
    ///
    /// ```swift
    /// try session.setLanguage("ar")
    /// session.reload(view)    // ~ every row whose label, help or value text changed
    /// ```
    ///
    /// - Throws: `SessionError.unknownLanguage` for a language the form lacks.
    public func setLanguage(_ code: String?) throws(SessionError) {
        let codes = definition.languages.map(\.code)
        let chosen = code ?? definition.defaultLanguage
        if let chosen, !codes.contains(chosen) {
            throw .unknownLanguage(chosen, languages: codes)
        }
        guard chosen != language else { return }
        language = chosen
        invalidateEverything()
    }

    /// Shows the form in the language a person asked for (`--lang`, a tool's
    /// option; its code in any case), else the one the environment asks for
    /// (`language(fromEnvironment:in:)`), else its default.
    ///
    /// - Throws: `SessionError.unknownLanguage` when `requested` is not the form's.
    public func chooseLanguage(
        _ requested: String?, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(SessionError) {
        if let requested {
            let codes = definition.languages.map(\.code)
            try setLanguage(codes.first { $0.lowercased() == requested.lowercased() } ?? requested)
        } else if let language = Self.language(fromEnvironment: environment, in: definition) {
            try setLanguage(language)
        }
    }

    /// The form language that best fits a locale (`fr_CA.UTF-8`, `pt-BR`, `fr`):
    /// the exact code, else the language alone (`fr` for `fr_CA`), case and `_`/`-`
    /// ignored; `nil` when the form has none of them.
    public static func language(matching locale: String, in definition: FormDefinition) -> String? {
        func normal(_ text: some StringProtocol) -> String {
            text.lowercased().replacingOccurrences(of: "_", with: "-")
        }
        let name =
            normal(locale.split(separator: ".").first.map(String.init) ?? locale)
            .split(separator: "@").first.map(String.init) ?? ""
        guard !name.isEmpty, name != "c", name != "posix" else { return nil }
        let codes = definition.languages.map(\.code)
        if let exact = codes.first(where: { normal($0) == name }) { return exact }
        let base = name.split(separator: "-").first.map(String.init) ?? name
        return codes.first { normal($0) == base } ?? codes.first { normal($0).hasPrefix(base + "-") }
    }

    /// The language the environment asks for, as POSIX orders it (`LC_ALL`, then
    /// `LC_MESSAGES`, then `LANG`; the first that is set decides), if the form has it.
    public static func language(
        fromEnvironment environment: [String: String] = ProcessInfo.processInfo.environment,
        in definition: FormDefinition
    ) -> String? {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            return language(matching: value, in: definition)
        }
        return nil
    }

    /// A text in the session's language, with the values of the entry (or form)
    /// `scope` sees.
    func text(_ text: FormText, in scope: Int = 0) -> String {
        evaluation.render(text, in: scope)
    }

    /// The form's title in the session's language.
    public var title: String { text(definition.titleText) }

    /// The form's description in the session's language.
    public var formDescription: String? { definition.descriptionText.map { text($0) } }

    /// A field's label as shown now (`members[2].age`, or an id).
    public func label(of path: String) throws(SessionError) -> String {
        label(ofInstance: try instance(path))
    }

    /// An instance's label as shown now.
    public func label(ofInstance instance: Int) -> String {
        text(definition.fields[tree.field(ofInstance: instance)].texts.label, in: tree.scope(ofInstance: instance))
    }

    /// An instance's help as shown now, if it has one.
    public func help(ofInstance instance: Int) -> String? {
        definition.fields[tree.field(ofInstance: instance)].texts.help.map {
            text($0, in: tree.scope(ofInstance: instance))
        }
    }

    /// A repeat's add label (`Add a member`) as shown now, for the entries at `group`
    /// (`members`, `members[1].visits`).
    public func addLabel(of group: String) -> String? {
        guard let (repeatIndex, holder) = try? self.group(group) else { return nil }
        return text(definition.repeats[repeatIndex].addLabelText, in: holder)
    }

    /// The field of an instance with its options' labels as shown now, so a person
    /// can type an option's label in the language shown (`Petit`).
    func fieldAsShown(_ instance: Int) -> FieldDefinition {
        var field = definition.fields[tree.field(ofInstance: instance)]
        guard field.options.contains(where: { $0.labelText.isTranslated || !$0.labelText.isConstant }) else {
            return field
        }
        let scope = tree.scope(ofInstance: instance)
        field.options = field.options.map { shown($0, in: scope) }
        return field
    }

    /// An option with its label as shown now (`label` holds the rendered text).
    func shown(_ option: ChoiceOption, in scope: Int) -> ChoiceOption {
        guard option.labelText.isTranslated || !option.labelText.isConstant else { return option }
        var shown = option
        shown.label = text(option.labelText, in: scope)
        return shown
    }

    /// A field's help as shown now, if it has one.
    public func help(of path: String) throws(SessionError) -> String? {
        let instance = try instance(path)
        return definition.fields[tree.field(ofInstance: instance)].texts.help.map {
            text($0, in: tree.scope(ofInstance: instance))
        }
    }

    /// A field's options as shown now: value and label (in the session's language).
    public func optionLabels(of path: String) throws(SessionError) -> [(value: String, label: String)] {
        let instance = try instance(path)
        let scope = tree.scope(ofInstance: instance)
        return definition.fields[tree.field(ofInstance: instance)].options.map {
            ($0.value, text($0.labelText, in: scope))
        }
    }

    /// A value as a person sees it in an instance, in the session's language: option
    /// labels for choices, `[x]`/`[ ]` for switches, the mask for secure text, a
    /// note's text, a masked field's value in its mask.
    public func display(_ value: Value, ofInstance instance: Int) -> String {
        let field = definition.fields[tree.field(ofInstance: instance)]
        let scope = tree.scope(ofInstance: instance)
        func optionLabel(_ selected: String) -> String {
            field.option(withValue: selected).map { text($0.labelText, in: scope) } ?? selected
        }
        // A masked field shows its value as it is typed (`+1(555)123-45-67`).
        if let mask = field.mask, !value.isNull, let masked = mask.masked(value.plainText) { return masked }
        return field.kind.specification.display(
            value, of: field, optionLabel: optionLabel, noteText: { field.texts.note.map { text($0, in: scope) } ?? "" }
        )
    }

    /// A value as shown for a field (by path), in the session's language.
    public func display(_ value: Value, of path: String) throws(SessionError) -> String {
        display(value, ofInstance: try instance(path))
    }
}

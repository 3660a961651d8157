/// Repeats in the definition schema: a section's `repeat:`, and the group, an item
/// of a `fields` list with `repeat:` whose own `fields` may hold further groups.
/// Keys come from the decoder's tables (`groupKeys`, `repeatOptionKeys`).
extension DefinitionSchema {
    /// What repeats add to `$defs`.
    static var repeatDefinitions: [(String, JSONOutput)] {
        [("item", item), ("group", group), ("repeat", repeatOptions)]
    }

    /// A `fields` list: at least one item.
    static func items(_ description: String) -> JSONOutput {
        .object([
            ("type", "array"), ("minItems", 1), ("items", reference("item")),
            ("description", .value(.string(description))),
        ])
    }

    /// An item of a `fields` list: a group when it has `repeat:` (as the decoder
    /// tells them apart), else a field.
    static var item: JSONOutput {
        .object([
            ("description", "A field, or a repeating group (an item with repeat: and fields:)."),
            ("if", .object([("type", "object"), ("required", strings(["repeat"]))])),
            ("then", reference("group")),
            ("else", reference("field")),
        ])
    }

    static var group: JSONOutput {
        .object([
            ("type", "object"),
            (
                "description",
                .value(
                    .string(
                        "A repeating group: its fields (and the groups nested in it, at most "
                            + "\(Limits.default.maximumRepeatDepth) deep) are filled in once per entry (household "
                            + "members, line items, visits)."))
            ),
            ("required", strings(["id", "label", "repeat", "fields"])),
            ("additionalProperties", false),
            ("properties", .object(DefinitionDecoder.groupKeys.map { ($0, schema(forGroupKey: $0)) })),
        ])
    }

    /// The schema of one group key.
    static func schema(forGroupKey key: String) -> JSONOutput {
        switch key {
        case "id":
            return described(
                reference("id"),
                "Names the repeat: expressions read its entries as $id, the answers hold them under it.")
        case "label":
            return described(
                reference("translatable"), "What the group is called; entries' headers and the add row use it.")
        case "visible":
            return described(
                reference("condition"), "When the group is shown; a hidden group's entries are left out of the answers."
            )
        case "repeat": return reference("repeat")
        case "fields": return items("The template of each entry: fields, and groups nested in it.")
        default: return .object([])
        }
    }

    /// `repeat:`: its options, or `true` (or nothing) for none. Not a `oneOf`, so
    /// that a wrong key is reported as such rather than as matching no alternative.
    static var repeatOptions: JSONOutput {
        .object([
            (
                "description",
                .value(
                    .string(
                        "How entries are made: added by the person within min and max, or as many as count says. "
                            + "true, or nothing: a repeat with no options."))
            ),
            ("type", strings(["object", "boolean", "null"])),
            ("if", .object([("type", "boolean")])),
            ("then", .object([("const", true)])),
            ("additionalProperties", false),
            ("properties", .object(DefinitionDecoder.repeatOptionKeys.map { ($0, schema(forRepeatOption: $0)) })),
        ])
    }

    /// The schema of one key of `repeat:`.
    static func schema(forRepeatOption key: String) -> JSONOutput {
        let most = JSONOutput.value(.number(Double(Limits.default.maximumEntries)))
        switch key {
        case "min":
            return .object([
                ("type", "integer"), ("minimum", 0), ("maximum", most),
                ("description", "The fewest entries a submitted form may have (0 if not given)."),
            ])
        case "max":
            return .object([
                ("type", "integer"), ("minimum", 1), ("maximum", most),
                ("description", .value(.string("The most entries (\(Limits.default.maximumEntries) if not given)."))),
            ])
        case "start":
            return .object([
                ("type", "integer"), ("minimum", 0), ("maximum", most),
                (
                    "description",
                    .value(
                        .string(
                            "How many entries a new group begins with, from min to max (min if not given); "
                                + "the person may remove those above min. Not with count."))
                ),
            ])
        case "count":
            return .object([
                (
                    "anyOf",
                    .array([
                        reference("expression"), .object([("type", "integer"), ("minimum", 0), ("maximum", most)]),
                    ])
                ),
                (
                    "description",
                    .value(
                        .string(
                            "How many entries there are, when the form decides: an expression such as "
                                + "\"$children\", or a number. The entries follow it; they cannot be added or "
                                + "removed by hand."))
                ),
            ])
        case "addLabel":
            return described(
                reference("translatable"), "The text of the row that adds an entry (default: \"Add to\" the label).")
        case "entryLabel":
            return described(
                reference("translatable"),
                "An entry's header, with {expressions} that read the entry's fields and index(), "
                    + "e.g. \"Member {index()}: {$name}\"; by default the label and the entry's number.")
        default: return .object([])
        }
    }
}

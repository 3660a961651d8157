import Formwork
import Testing

@testable import FormworkREPL

/// The one table of commands: how lines become `Command`s at the prompt and inside
/// guided filling, the usage lines and help it derives, and its "did you mean".
@Suite("Command table")
struct CommandTableTests {
    /// What a line makes: a command, or the message of its error.
    enum Parsed: Equatable {
        case command(Command)
        case error(String)
    }

    static func parse(_ line: String, in scope: CommandSpec.Scope = .prompt) -> Parsed {
        switch CommandTable.parse(line, in: scope) {
        case .success(let command): return .command(command)
        case .failure(let error): return .error(error.message)
        }
    }

    static func spec(_ name: String, in scope: CommandSpec.Scope = .prompt) throws -> CommandSpec {
        try #require(CommandTable.entries(in: scope).first { $0.name == name })
    }

    // MARK: Parsing at the prompt

    @Test(
        arguments: [
            ("show", Command.show(section: nil)),
            ("ls", .show(section: nil)),
            ("show about", .show(section: "about")),
            ("ls 7", .show(section: "7")),
            ("3", .select(3)),
            ("  12  ", .select(12)),
            ("select 3", .select(3)),
            ("s 3", .select(3)),
            ("set email ada@example.org", .set(id: "email", value: "ada@example.org")),
            ("set 2 Ada", .set(id: "2", value: "Ada")),
            ("set email", .set(id: "email", value: nil)),
            ("toggle additional", .toggle(id: "additional", option: nil)),
            ("toggle colours red", .toggle(id: "colours", option: "red")),
            ("clear firstName", .clear(id: "firstName")),
            ("next", .next), ("n", .next),
            ("back", .back), ("b", .back),
            ("goto country", .goto(id: "country")), ("g 4", .goto(id: "4")),
            ("why lastName", .why(id: "lastName")),
            ("errors", .errors),
            ("undo", .undo), ("u", .undo),
            ("redo", .redo), ("r", .redo),
            ("values", .values),
            ("save", .save(path: nil)),
            ("save my answers.json", .save(path: "my answers.json")),
            ("submit", .submit),
            ("help", .help(command: nil)), ("?", .help(command: nil)), ("h set", .help(command: "set")),
            ("quit", .quit), ("q", .quit), ("exit", .quit),
        ])
    func parsesEveryCommandAndAlias(line: String, command: Command) {
        #expect(Self.parse(line) == .command(command))
    }

    @Test func namesAndAliasesIgnoreCase() {
        #expect(Self.parse("SHOW") == .command(.show(section: nil)))
        #expect(Self.parse("Set Email ada@example.org") == .command(.set(id: "Email", value: "ada@example.org")))
        #expect(Self.parse(":BACK", in: .guided) == .command(.back))
    }

    @Test func aValueIsTheRestOfTheLineWithItsInnerSpaces() {
        #expect(Self.parse("set   story  two  spaces  ") == .command(.set(id: "story", value: "two  spaces")))
        #expect(Self.parse("set note a: b, c") == .command(.set(id: "note", value: "a: b, c")))
        #expect(Self.parse("toggle colours light blue") == .command(.toggle(id: "colours", option: "light blue")))
    }

    @Test(
        arguments: [
            ("select", "usage: N  or  select N"),
            ("select two", "'two' is not a row number"),
            ("s 1.5", "'1.5' is not a row number"),
            ("select 1 2", "usage: N  or  select N"),
            ("set", "usage: set ID [VALUE]"),
            ("toggle", "usage: toggle ID [OPTION]"),
            ("clear", "usage: clear ID"),
            ("clear a b", "usage: clear ID"),
            ("goto", "usage: goto ID"),
            ("why", "usage: why ID"),
            ("why a b", "usage: why ID"),
            ("show a b", "usage: show [SECTION]"),
            ("undo 2", "usage: undo"),
            ("help set now", "usage: help [COMMAND]"),
        ])
    func badArgumentsGiveTheUsage(line: String, message: String) {
        #expect(Self.parse(line) == .error(message))
    }

    @Test func aBareNumberSelectsOnlyAtThePrompt() {
        #expect(Self.parse("7") == .command(.select(7)))
        #expect(Self.parse("7", in: .guided) == .error("unknown guided command '7' (type :help)"))
        // A number too large for Int is not a number: it is a word, and no command.
        #expect(Self.parse("99999999999999999999") == .error("unknown command '99999999999999999999' (type 'help')"))
        #expect(Self.parse("select 99999999999999999999") == .error("'99999999999999999999' is not a row number"))
    }

    // MARK: Guided filling

    @Test(
        arguments: [
            (":back", Command.back), (":b", .back),
            (":skip", .skip), (":s", .skip),
            (":goto name", .goto(id: "name")), (":g 3", .goto(id: "3")),
            (":review", .review), (":r", .review),
            (":quit", .quit), (":q", .quit),
            (":help", .help(command: nil)), (":h", .help(command: nil)), (":?", .help(command: nil)),
        ])
    func parsesEveryGuidedCommand(line: String, command: Command) {
        #expect(Self.parse(line, in: .guided) == .command(command))
    }

    @Test func guidedCommandsNeedTheirColonAndOnlyTheirOwnNames() {
        #expect(Self.parse("back", in: .guided) == .error("unknown guided command 'back' (did you mean ':back'?)"))
        #expect(Self.parse(":set x 1", in: .guided) == .error("unknown guided command ':set' (type :help)"))
        #expect(Self.parse(":goto", in: .guided) == .error("usage: :goto ID"))
        #expect(Self.parse(":skip now", in: .guided) == .error("usage: :skip"))
        // And the prompt does not take guided spellings.
        #expect(Self.parse(":back") == .error("unknown command ':back' (did you mean 'back'?)"))
    }

    @Test func entryLooksUpNamesAndAliasesInOneScope() throws {
        #expect(CommandTable.entry("exit")?.name == "quit")
        #expect(CommandTable.entry("skip") == nil)
        #expect(CommandTable.entry(":skip", in: .guided)?.name == "skip")
        #expect(CommandTable.entry("skip", in: .guided) == nil)
        // `s` is `select` at the prompt and `:s` is `:skip` in guided filling.
        #expect(CommandTable.entry("s")?.name == "select")
        #expect(CommandTable.entry(":s", in: .guided)?.name == "skip")
    }

    @Test func everyNameAndAliasNamesOneCommandOfItsScope() {
        for scope in [CommandSpec.Scope.prompt, .guided] {
            var seen: [String: String] = [:]
            for entry in CommandTable.entries(in: scope) {
                for word in [entry.name] + entry.aliases {
                    #expect(seen[word] == nil, "'\(word)' names both '\(seen[word] ?? "")' and '\(entry.name)'")
                    seen[word] = entry.name
                    let typed = scope == .guided ? ":" + word : word
                    #expect(CommandTable.entry(typed, in: scope)?.name == entry.name)
                }
            }
        }
    }

    @Test func namesAreTheSpellingsInHelpOrder() {
        #expect(
            CommandTable.names(in: .prompt) == [
                "show", "select", "set", "toggle", "clear", "add", "remove", "move", "next", "back", "goto", "why",
                "errors", "language", "undo", "redo",
                "values", "save", "submit", "help", "quit",
            ])
        #expect(CommandTable.names(in: .guided) == [":back", ":skip", ":goto", ":review", ":quit", ":help"])
    }

    // MARK: Usage and help

    @Test func usageLinesComeFromTheParameters() throws {
        #expect(try Self.spec("select").usage == "N  or  select N")
        #expect(try Self.spec("set").usage == "set ID [VALUE]")
        #expect(try Self.spec("toggle").usage == "toggle ID [OPTION]")
        #expect(try Self.spec("why").usage == "why ID")
        #expect(try Self.spec("save").usage == "save [PATH]")
        #expect(try Self.spec("help").usage == "help [COMMAND]")
        #expect(try Self.spec("quit").usage == "quit")
        #expect(try Self.spec("show").usage == "show [SECTION]")
        #expect(try Self.spec("goto", in: .guided).usage == ":goto ID")
        #expect(try Self.spec("back", in: .guided).usage == ":back")
    }

    /// Every command left without a required argument answers with its own usage line.
    @Test func aMissingArgumentAnswersWithThatCommandsUsage() {
        for entry in CommandTable.entries where entry.parameters.contains(where: { !$0.optional }) {
            #expect(
                Self.parse(entry.spelling, in: entry.scope)
                    == .error("usage: \(entry.usage)"))
        }
    }

    @Test func detailsGiveUsageSummaryIDsAndAliases() throws {
        #expect(
            try CommandTable.details(of: Self.spec("set")) == [
                "  set ID [VALUE]",
                "    set a field's value (without VALUE: edit it)",
                "    ID is a field id or the row's number in the table.",
            ])
        #expect(
            try CommandTable.details(of: Self.spec("show")) == [
                "  show [SECTION]",
                "    print the whole form, or one section (by id, or the one holding row N)",
                "    SECTION is a section's id, or a row's number for the section that holds it.",
                "    also: ls",
            ])
        #expect(
            try CommandTable.details(of: Self.spec("quit")) == [
                "  quit",
                "    leave; answers stay in the draft (without a draft, asks first if there are unsaved changes)",
                "    also: q, exit",
            ])
        #expect(
            try CommandTable.details(of: Self.spec("back", in: .guided)) == [
                "  :back",
                "    the previous question or page (never blocked by a bad value)",
                "    also: :b",
            ])
    }

    @Test func theOverviewListsEveryCommandOfItsScopeInColumns() {
        let prompt = CommandTable.overview(of: .prompt, width: 80)
        #expect(prompt.first == "Commands:")
        // The column is the widest usage ("toggle ID [OPTION]") and four spaces.
        #expect(prompt.contains("  show [SECTION]      print the whole form, or one section (by id, or the one"))
        #expect(prompt.contains("  N  or  select N     select row N: edit its value (prefilled), toggle a switch,"))
        #expect(prompt.contains(String(repeating: " ", count: 22) + "pick options"))
        #expect(prompt.allSatisfy { $0.count <= 80 })
        #expect(
            prompt.suffix(2).joined(separator: " ").hasSuffix("TAB completes commands, field ids, paths and options."))

        let guided = CommandTable.overview(of: .guided, width: 80)
        #expect(
            guided == [
                "At any question:",
                "  :back     the previous question or page (never blocked by a bad value)",
                "  :skip     leave this question as it is",
                "  :goto ID  jump to a field (or the first field of a section)",
                "  :review   show the whole form",
                "  :quit     leave (answers stay in the draft)",
                "  :help     list these commands",
            ])
    }

    // MARK: Did you mean

    @Test(
        arguments: [
            ("sumbit", "unknown command 'sumbit' (did you mean 'submit'?)"),
            ("tgogle x", "unknown command 'tgogle' (did you mean 'toggle'?)"),
            ("HLEP", "unknown command 'HLEP' (did you mean 'help'?)"),
            ("vlaues", "unknown command 'vlaues' (did you mean 'values'?)"),
            ("xyzzy", "unknown command 'xyzzy' (type 'help')"),
        ])
    func unknownCommandsSuggestTheClosest(line: String, message: String) {
        #expect(Self.parse(line) == .error(message))
    }

    @Test func unknownGuidedCommandsSuggestGuidedOnes() {
        #expect(Self.parse(":skp", in: .guided) == .error("unknown guided command ':skp' (did you mean ':skip'?)"))
        #expect(
            Self.parse(":reveiw", in: .guided) == .error("unknown guided command ':reveiw' (did you mean ':review'?)")
        )
        #expect(Self.parse(":xyzzy", in: .guided) == .error("unknown guided command ':xyzzy' (type :help)"))
    }

    // MARK: Commands

    /// What a read-only session refuses up front. `select` is not among them: what it
    /// does depends on the row, and the session refuses a change when it comes to one.
    @Test func changesAnswersNamesTheCommandsThatChangeAnswers() {
        let changing: [Command] = [
            .set(id: "a", value: "1"), .set(id: "a", value: ""), .toggle(id: "a", option: nil),
            .toggle(id: "a", option: "x"), .clear(id: "a"), .undo, .redo, .submit,
        ]
        let viewing: [Command] = [
            .show(section: nil), .show(section: "a"), .select(1), .set(id: "a", value: nil), .next, .back,
            .goto(id: "a"), .why(id: "a"), .errors,
            .values, .save(path: nil), .save(path: "x.json"), .help(command: nil), .quit, .skip, .review,
        ]
        for command in changing { #expect(command.changesAnswers, "\(command)") }
        for command in viewing { #expect(!command.changesAnswers, "\(command)") }
    }

    /// At 40 and 41 columns the summaries' 20-column floor made `help` 42 wide; they
    /// now go under their usage when they would not fit beside it.
    @Test(arguments: [40, 41, 45, 60, 80, 120])
    func helpFitsEveryWidth(width: Int) {
        for scope in [CommandSpec.Scope.prompt, .guided] {
            for line in CommandTable.overview(of: scope, width: width) {
                #expect(TerminalText.displayWidth(line) <= width, "\(line)")
            }
        }
    }
}

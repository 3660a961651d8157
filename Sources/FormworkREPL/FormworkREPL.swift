// FormworkREPL: filling a form at the prompt.
//
// Design
// ======
//
// Pure state apart from I/O. `ReplSession` is the whole behaviour: given a
// `LineInput` (a line, an interrupt, the end of input) it changes the form and
// returns a `ReplStep`: lines for standard output and error, and the `Prompt` to ask
// next (the command prompt, or a question such as a field's value prefilled with
// the current one). It never reads or writes a terminal, so every command and every
// field kind is tested with scripted input. `ReplDriver` is the loop that reads with
// a `LineReader` and writes the step.
//
// Line reading (`LineReading/`). `LineEditor` (libedit: history persisted across
// runs, TAB completion, prefilled editing, Ctrl-C abandons the line, Ctrl-D ends)
// on a terminal; `ScriptReader` (one command per line, no prompts) otherwise. Both
// feed the same session. `LineEditor` is the only importer of `CEditLine`.
//
// Rendering (`Rendering/`). `TerminalTable` is a `ListView`: it mirrors what the
// form's data source shows, and for each batch prints only what changed, marked
// `+` (appeared), `-` (vanished), `~` (changed), with the rows' numbers. `show`
// prints the whole table. Widths are display widths; colours only on a terminal
// without `NO_COLOR`; text from definitions and users is escaped.
//
// Commands (`Commands/`). `CommandParser` turns a line into a `Command` or a
// `CommandError` ("did you mean …"); `CommandHelp` documents them (the `help`
// command and the README use it).
//
// Guided filling (`ReplSession+Guided`). Asks each visible field in form order,
// re-evaluating after each answer, so a field that appears is asked next in its
// place; `:back`, `:skip`, `:goto ID`, `:review` work inside; it ends with the review
// and a question to submit.

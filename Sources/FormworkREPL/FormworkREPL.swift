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
// Selection (`ReplSession+Selection`). Every way of acting on a row selects it through
// the form's data source first — `N`, `select N`, `goto`/`next`/`back`, `set ID
// [VALUE]`, `toggle`, `clear` and guided filling alike (`FormSession.selectRow`, hidden
// rows by their place in the model): the row's descriptor decides what happens (its
// `didSelect`, or the form's default by kind), answering with a `FieldInteraction` —
// toggle, edit, choose one or many, show a note or a computed value — that the session
// carries out in the context of the selection (a switch toggles at `N`, is asked in
// guided mode, takes the value of `set`); a descriptor that answers otherwise has
// acted on the row itself.
//
// Line reading (`LineReading/`). `LineEditor` (libedit: history persisted across
// runs, TAB completion, prefilled editing, Ctrl-C abandons the line, Ctrl-D ends)
// on a terminal; `ScriptReader` (one command per line, no prompts) otherwise. Both
// feed the same session. `LineEditor` is the only importer of `CEditLine`.
//
// Rendering (`Rendering/`). All terminal presentation lives here: `TextLayout` (the
// one wrapping function, clipping, escaping), `TextStyle` (ANSI or plain),
// `TableRenderer` (how a row, a header, a title look), `TerminalMessage` (how a
// message wraps). `TerminalTable` is a `ListView` that mirrors what the data source
// shows and renders from that mirror alone (no reference to the session): a batch
// prints only what changed, marked `+` (appeared), `-` (vanished), `~` (changed),
// with the rows' numbers, kept per section so a batch costs what it changed.
//
// Commands (`Commands/`). `CommandTable` is the one description of every command —
// name, aliases, parameters (from which usage, parsing and TAB completion follow),
// summary — for the prompt and for guided filling (`:back`, `:skip`, …); `help`, the
// articles' tables and "did you mean" come from it. `ReplError` is the one place
// runtime errors become words (engine errors keep theirs, in `SessionError`).
//
// Guided filling (`ReplSession+Guided`). Selects each visible field in form order,
// re-evaluating after each answer, so a field that appears is asked next in its
// place; the guided commands work at any question; it ends with the review and a
// question to submit. A section with `page: true` is shown whole when its first
// question comes, then asked question by question; `:back` goes back a page
// (`ReplSession+Pages`).
//
// Paging (`Paging/`). Lines of a text read whole (`show`, `:review`) are marked
// pageable; the driver sends a run of them that does not fit the terminal to the
// user's pager (`$PAGER`, else `less -FRX`, through `/bin/sh -c`), plain unless the
// pager passes colours. Script mode never pages.
//
// Drafts (`Session/DraftStore`, `DraftLock`). One writer per draft (an advisory
// lock); a change appends a line to the draft and flushes it, so saving costs what
// changed. The state directory (history, drafts) is read once (`StateDirectory`).

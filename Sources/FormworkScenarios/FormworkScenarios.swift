/// Scenario tests for a form's logic: `formwork test`, and the same from Swift.
///
/// A test file (`*.test.yaml`) names one form, in any format Formwork reads, and many
/// cases; each case is a list of steps run in order on a fresh session of the form,
/// loaded once per file:
///
/// ```yaml
/// form: household.xlsx
/// now: 2025-01-15T12:00
/// cases:
///   - name: a child under five is asked about vaccines
///     steps:
///       - set: { age: 3 }
///       - expect: { visible: [vaccines], hidden: [pregnant] }
/// ```
///
/// The design, in the order a file goes through it:
/// - **Reading** (`FormTestFile`): the file is parsed with positions
///   (`SyntaxLoader.load`); every key, step and expectation is checked against the
///   case format, and every name a step uses against the form (`FormTestNames`), so a
///   misspelt key or question is an error at its line and column, with "did you mean",
///   before any case runs (`formwork test` exits 2).
/// - **Running** (`FormTestRunner`): each case gets its own `FormSession` (the
///   definition is shared, immutable, so cases run on every core); a step acts through
///   the session as the prompt does (`set` parses text as typed), and an `expect`
///   reads the session's state: visibility, values, labels after interpolation,
///   options offered, required, the problems submit would report, and the answers
///   written in the form's own answer format (`AnswerFormat`).
/// - **Explaining** (`FormTestFailure`): a failed expectation says where it is
///   (`file:line:col`), what was expected, what was found, and why, in the words of
///   the prompt's `why` (`FormSession.explanation(of:)`): the condition and the values
///   it read.
/// - **Reporting** (`FormTestReport`): text for people, JUnit XML, TAP and JSON Lines
///   for tools.
public enum FormworkScenarios {}

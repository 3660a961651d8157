import Formwork
import FormworkODK
import FormworkSurveyJS

extension FormatRegistry {
    /// Every format Formwork reads forms from and writes answers in: its own, ODK's
    /// (XLSForm, XForm; submissions) and SurveyJS's (surveys; `survey.data`). The one
    /// list the `formwork` tool, its tests and embedders that read every format share.
    ///
    /// ```swift
    /// import Formwork
    /// import FormworkFormats
    ///
    /// let form = try FormDefinition.load(contentsOf: url, formats: .standard)
    /// ```
    ///
    /// A new format is a module that declares its own registry, and one line here.
    public static let standard: FormatRegistry =
        .odk
        + .surveyJS
}

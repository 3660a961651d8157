import Testing

@testable import FormworkSurveyJS

@Suite("SurveyJS module")
struct SurveyJSModuleTests {
    @Test func aSymbolKeepsItsOptions() {
        let symbol = SurveyJSSymbol(id: "q", kind: .choice, options: ["1", "2"], numericOptions: true)
        #expect(symbol.options == ["1", "2"])
        #expect(symbol.numericOptions)
    }
}

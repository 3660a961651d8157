import Foundation
import Testing

@testable import FormworkREPL

@Suite("The pager: which command, colours, when")
struct PagerCommandTests {
    @Test func pagerIsPAGERElseLessFRX() {
        #expect(PagerCommand(environment: [:])?.command == "less -FRX")
        #expect(PagerCommand(environment: ["PAGER": ""])?.command == "less -FRX")  // set but empty
        #expect(PagerCommand(environment: ["PAGER": "  "])?.command == "less -FRX")
        #expect(PagerCommand(environment: ["PAGER": "most -s"])?.command == "most -s")
        #expect(PagerCommand(environment: ["PAGER": "cat"]) == nil)  // no pager, as in git
        #expect(PagerCommand(environment: ["PAGER": " cat "]) == nil)
    }

    @Test func coloursGoOnlyToALessThatPassesThem() {
        #expect(PagerCommand(environment: [:])?.passesColors == true)  // less -FRX
        #expect(PagerCommand(environment: ["PAGER": "less"])?.passesColors == true)  // LESS defaults to FRX
        #expect(PagerCommand(environment: ["PAGER": "less", "LESS": "-i"])?.passesColors == false)
        #expect(PagerCommand(environment: ["PAGER": "less", "LESS": "-i -R"])?.passesColors == true)
        #expect(PagerCommand(environment: ["PAGER": "/usr/bin/less -r", "LESS": ""])?.passesColors == true)
        #expect(
            PagerCommand(environment: ["PAGER": "less --RAW-CONTROL-CHARS", "LESS": ""])?.passesColors == true)
        #expect(PagerCommand(environment: ["PAGER": "less --quit-if-one-screen", "LESS": ""])?.passesColors == false)
        #expect(PagerCommand(environment: ["PAGER": "more"])?.passesColors == false)
        #expect(PagerCommand(environment: ["PAGER": "lessR -R"])?.passesColors == false)
    }

    @Test func thePagersEnvironmentDefaultsLessAndLv() throws {
        let command = try #require(PagerCommand(environment: [:]))
        #expect(command.environment(["HOME": "/h"]) == ["HOME": "/h", "LESS": "FRX", "LV": "-c"])
        #expect(command.environment(["LESS": "-i", "LV": ""]) == ["LESS": "-i", "LV": ""])  // set: kept
    }

    @Test func textPagesWhenItAndThePromptDoNotFit() {
        #expect(!Pager.isNeeded(lineCount: 39, height: 40))
        #expect(Pager.isNeeded(lineCount: 40, height: 40))
        #expect(!Pager.isNeeded(lineCount: 500, height: 0))  // height unknown: never
    }

    @Test func stylesAreRemovedForAPagerThatWouldShowThem() {
        let styled = TextStyle.ansi.header("Name") + " " + TextStyle.ansi.value("Ada") + TextStyle.ansi.error("!")
        #expect(TextStyle.removingStyles(styled) == "Name Ada!")
        #expect(TextStyle.removingStyles("plain, ünïcode 李") == "plain, ünïcode 李")
    }
}

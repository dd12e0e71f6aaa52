import Foundation
import XCTest
import Frame
import PinModel
@testable import PinmapCLI

/// Help that agrees with the commands and fits an 80-column terminal; a slip of the keyboard
/// gets the name it missed.
final class HelpTextTests: XCTestCase {
    func testEveryHelpLineFitsEightyColumns() {
        var texts = PinmapCLI.commands.map { c in (c.spec.name, c.spec.helpText()) }
        texts.append(("pinmap --help", PinmapCLI.globalHelp))
        for (name, text) in texts {
            for line in text.split(separator: "\n") {
                XCTAssertLessThanOrEqual(DisplayWidth.of(String(line)), 80, "\(name): \(line)")
            }
        }
    }

    func testHelpSaysWhatTheCommandsDo() {
        let edit = EditCommand.spec.helpText()
        XCTAssertFalse(edit.contains("required"), edit)
        XCTAssertTrue(edit.contains("  --title VALUE        new title (surrounding spaces dropped)\n"), edit)
        XCTAssertTrue(AddCommand.spec.helpText().contains("  --title VALUE        title, required (surrounding spaces dropped)\n"))
        XCTAssertTrue(ListCommand.spec.helpText().contains("""
              --search VALUE    words that must all occur in the title, description,
                                category or a property value (ignoring case)
              --sort VALUE      relevance (the default with --search), newest (the default
                                without), or name

            """))
    }

    /// `import --help` says --json prints an array for several files: it said "a JSON report",
    /// and a script reading `.imported` broke when its glob matched a second file.
    func testImportHelpSaysSeveralFilesGiveAnArray() {
        XCTAssertTrue(ImportCommand.spec.helpText().contains("""
              --json             print a JSON report: an object, or for several FILEs an
                                 array of them

            """), ImportCommand.spec.helpText())
    }

    /// `list --help` names the tiers in the order `SearchRelevance` ranks them: it put
    /// "property value" last, while a value that is the text (an airport's `iata` "ICN")
    /// lists before a title holding it inside a word (`Picnic Point`).
    func testListHelpNamesTheSearchTiersInTheirOrder() {
        let help = ListCommand.spec.helpText()
        XCTAssertTrue(help.contains("""
            List pins filtered by text, category and bounding box. With --search the best
            match comes first (exact title, title start, title word, a property value that
            is the text, title, description or category, a property value holding it), else
            the newest; --near sorts by great-circle distance instead and adds it in metres

            """.dropLast()), help)
        XCTAssertEqual(SearchRelevance.allCases, [.exactTitle, .titlePrefix, .titleWord, .propertyValue,
                                                  .titleAnywhere, .descriptionOrCategory, .propertyOnly])
    }

    /// Every command that takes --db says it takes a server too (list, show, export and 12
    /// others said "store path" alone, though each opens a postgresql:// URI).
    func testEveryDbOptionSaysItTakesAServer() {
        let takers = PinmapCLI.commands.filter { c in c.spec.options.contains { $0.0 == "--db" } }.map { $0.spec.name }
        XCTAssertEqual(takers, ["ui", "import", "index", "imports", "undo-import", "list", "render", "add", "edit", "delete", "show",
                                "comment", "comments", "uncomment", "export", "init", "bench"])
        for c in PinmapCLI.commands {
            for (name, text) in c.spec.options where name == "--db" {
                XCTAssertEqual(text, "store file path or postgresql:// URI (default: $PINMAP_DB; see pinmap --help)", c.spec.name)
            }
        }
        XCTAssertTrue(ShowCommand.spec.helpText().contains("""
              --db VALUE  store file path or postgresql:// URI (default: $PINMAP_DB; see
                          pinmap --help)

            """), ShowCommand.spec.helpText())
    }

    func testAUsageLineWrapsBetweenWholeGroups() {
        XCTAssertEqual(HelpLayout.usage("pinmap list [--db PATH] [--search TEXT] [--sort ORDER] [--category C] [--bbox SOUTH,WEST,NORTH,EAST] [--near LAT,LON] [--limit N] [--json]"), [
            "Usage: pinmap list [--db PATH] [--search TEXT] [--sort ORDER] [--category C]",
            "                   [--bbox SOUTH,WEST,NORTH,EAST] [--near LAT,LON] [--limit N]",
            "                   [--json]",
        ])
    }

    func testASlipGetsTheNameItMissed() {
        let names = PinmapCLI.commands.map { c in c.spec.name }
        XCTAssertEqual(Suggestion.closest(to: "lsit", among: names), "list")
        XCTAssertEqual(Suggestion.closest(to: "imprt", among: names), "import")
        XCTAssertEqual(Suggestion.closest(to: "commnets", among: names), "comments")
        XCTAssertEqual(Suggestion.closest(to: "LIST", among: names), "list")
        XCTAssertNil(Suggestion.closest(to: "xyzzy", among: names))
        XCTAssertNil(Suggestion.closest(to: "ls", among: names), "two edits from a 4-letter name is another word")
        let r = PinmapCLI.execute(["list", "--serch", "x"])
        XCTAssertEqual(r.code, 2)
        XCTAssertEqual(r.stderr, "pinmap list: unknown option '--serch' (did you mean '--search'?)\nTry 'pinmap list --help'.\n")
    }
}

import Foundation
import XCTest
@testable import PinmapCLI
import PinModel
@testable import PinStorePostgres
import PinmapCore
import PinmapTestSupport

/// A password written in any argument (`--db`, `--from`, `--to`, `-o`, a file to import) never
/// shows in what Pinmap prints (`PasswordMask`), and a `--db` that looks like a URI is read as
/// one: a PostgreSQL scheme in any case, any other scheme refused by name. No server is needed:
/// port 1 refuses at once, and libpq refuses an unreadable URI before connecting.
final class PasswordInMessagesTests: XCTestCase {
    private let secret = "postgresql://secretuser:Hunter2Secret@127.0.0.1:1/pins"
    private let shown = "postgresql://secretuser:****@127.0.0.1:1/pins"
    private let refused = "pinmap: cannot connect to the PostgreSQL server 127.0.0.1:1 (database pins): connection to server at \"127.0.0.1\", "
        + "port 1 failed: Connection refused; Is the server running on that host and accepting TCP/IP connections?\n"

    func testAPostgreSQLSchemeInAnyCaseOrWithSpacesAroundIsAServer() {
        for db in ["PostgreSQL://secretuser:Hunter2Secret@127.0.0.1:1/pins", "POSTGRES://secretuser:Hunter2Secret@127.0.0.1:1/pins",
                   " postgresql://secretuser:Hunter2Secret@127.0.0.1:1/pins "] {
            let list = PinmapCLI.execute(["list", "--db", db])
            XCTAssertEqual(list.code, 1, db)
            XCTAssertEqual(list.stderr, refused, db)
        }
    }

    /// A server at an IPv6 address is named in brackets ("::1:1" before).
    func testAnIPv6ServerIsNamedInBrackets() {
        let list = PinmapCLI.execute(["list", "--db", "postgresql://secretuser:Hunter2Secret@[::1]:1/pins"])
        XCTAssertEqual(list.code, 1)
        XCTAssertEqual(list.stderr, "pinmap: cannot connect to the PostgreSQL server [::1]:1 (database pins): connection to server at \"::1\", "
                       + "port 1 failed: Connection refused; Is the server running on that host and accepting TCP/IP connections?\n")
    }

    /// A URI of two hosts that both refuse is named with both; it named the last alone, without its port.
    func testTwoHostsThatRefuseAreBothNamed() {
        let list = PinmapCLI.execute(["list", "--db", "postgresql://secretuser:Hunter2Secret@127.0.0.1:1,127.0.0.2:1/pins"])
        XCTAssertEqual(list.code, 1)
        XCTAssertEqual(list.stderr, "pinmap: cannot connect to the PostgreSQL server 127.0.0.1:1,127.0.0.2:1 (database pins): connection to server "
                       + "at \"127.0.0.1\", port 1 failed: Connection refused; Is the server running on that host and accepting TCP/IP connections?; "
                       + "connection to server at \"127.0.0.2\", port 1 failed: Connection refused\n")
    }

    func testAURIOfAnotherSchemeIsRefusedNamingTheSchemesPinmapTakes() throws {
        let list = PinmapCLI.execute(["list", "--db", "postgresl://secretuser:Hunter2Secret@127.0.0.1:1/pins"])
        XCTAssertEqual(list.code, 2)
        XCTAssertEqual(list.stderr, """
            pinmap: --db 'postgresl://secretuser:****@127.0.0.1:1/pins': Pinmap opens no postgresl:// URI; give a postgresql:// \
            (or postgres://) URI for a PostgreSQL server, or a store file's path
            Try 'pinmap --help'.

            """)
        let folder = try makeTempFolder().path
        let copy = PinmapCLI.execute(["copy", "--from", folder + "/a.sqlite", "--to", "https://ann:Hunter2Secret@example.org/pins"])
        XCTAssertEqual(copy.code, 2)
        XCTAssertEqual(copy.stderr, """
            pinmap copy: --to 'https://ann:****@example.org/pins': Pinmap opens no https:// URI; give a postgresql:// \
            (or postgres://) URI for a PostgreSQL server, or a store file's path
            Try 'pinmap copy --help'.

            """)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [], "nothing created")
    }

    /// A libpq key=value string (psql's and QGIS's form) or GDAL's `PG:` form is refused, its
    /// password hidden: `add` took it as a file path and made a store file named
    /// "host=… password=rd" in the current folder, exit 0.
    func testAKeywordValueConnectionStringIsRefusedNotMadeAFile() throws {
        let folder = try makeTempFolder().path
        let keywords = "host=127.0.0.1 port=1 dbname=pins user=ann password=Hunter2Secret"
        let path = PinmapCLI.execute(["add", "--title", "x", "--lat", "1", "--lon", "1", "--db", folder + "/" + keywords])
        XCTAssertEqual(path.code, 0, "a path whose last part looks so is still a path")
        try FileManager.default.removeItem(atPath: folder + "/" + keywords)
        let db = PinmapCLI.execute(["add", "--title", "x", "--lat", "1", "--lon", "1", "--db", keywords])
        XCTAssertEqual(db.code, 2)
        XCTAssertEqual(db.stderr, """
            pinmap: --db 'host=127.0.0.1 port=1 dbname=pins user=ann password=****': Pinmap reads no key=value connection \
            string; give it as a URI, postgresql://USER@HOST:PORT/DBNAME (other keys as ?KEY=VALUE), or a store file's path \
            (./NAME for a file so named)
            Try 'pinmap --help'.

            """)
        let copy = PinmapCLI.execute(["copy", "--from", folder + "/a.sqlite", "--to", "PG:dbname=pins password='Hunter2Secret'"])
        XCTAssertEqual(copy.code, 2)
        XCTAssertEqual(copy.stderr, """
            pinmap copy: --to 'PG:dbname=pins password='****'': Pinmap reads no key=value connection string; give it as \
            a URI, postgresql://USER@HOST:PORT/DBNAME (other keys as ?KEY=VALUE), or a store file's path (./NAME for a file \
            so named)
            Try 'pinmap copy --help'.

            """)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [], "nothing created")
        XCTAssertFalse(FileManager.default.fileExists(atPath: keywords), "no store file named after the string")
        XCTAssertFalse(PGLocation.isKeywordValueString("./host=db"))
        XCTAssertFalse(PGLocation.isKeywordValueString("pins=1.sqlite"))
        XCTAssertTrue(PGLocation.isKeywordValueString("  Service=team"))
    }

    func testAnOutputPathOrAFileToImportHidesItsPassword() throws {
        let store = CLITestStore(self)
        XCTAssertEqual(store.run("add", "--title", "Jongmyo", "--lat", "37.5744", "--lon", "126.994").code, 0)
        let export = store.run("export", "-o", secret)
        XCTAssertEqual(export.code, 1)
        XCTAssertEqual(export.stderr, "pinmap: cannot write \(shown): No such file or directory (nothing was written)\n")
        let imported = store.run("import", secret)
        XCTAssertEqual(imported.code, 1)
        XCTAssertEqual(imported.stderr, "pinmap import: \(shown): cannot read the file: No such file or directory\n")
        let json = try JSON.object(store.run("import", secret, "--json").stdout)
        XCTAssertEqual(json["file"] as? String, shown)
        XCTAssertEqual(json["file_error"] as? String, "\(shown): cannot read the file: No such file or directory")
    }

    /// A file path may hold `://` (a folder "postgresql:", then an empty name): the messages
    /// of commands that worked name it with its password hidden too.
    func testWhatACommandDidNamesAPathWithItsPasswordHidden() throws {
        let folder = try makeTempFolder().path
        try FileManager.default.createDirectory(atPath: folder + "/postgresql:/ann:Hunter2Secret@h", withIntermediateDirectories: true)
        let given = folder + "/postgresql://ann:Hunter2Secret@h/", shownFolder = folder + "/postgresql://ann:****@h/"
        XCTAssertEqual(PinmapCLI.execute(["init", "--db", given + "pins.sqlite"]).stdout, "Store ready: \(shownFolder)pins.sqlite (0 pins)\n")
        XCTAssertEqual(PinmapCLI.execute(["export", "--db", given + "pins.sqlite", "-o", given + "pins.csv"]).stderr,
                       "Exported 0 pins to \(shownFolder)pins.csv\n")
        XCTAssertEqual(PinmapCLI.execute(["copy", "--from", given + "pins.sqlite", "--to", given + "trip.sqlite"]).stdout,
                       "Copied 0 pins, 0 comments and 0 import batches to \(shownFolder)trip.sqlite\n")
        setenv("PINMAP_DB", "http://ann:Hunter2Secret@example.org/pins", 1)
        defer { unsetenv("PINMAP_DB") }
        XCTAssertEqual(PinmapCLI.execute(["list"]).stderr, """
            pinmap: PINMAP_DB 'http://ann:****@example.org/pins': Pinmap opens no http:// URI; give a postgresql:// \
            (or postgres://) URI for a PostgreSQL server, or a store file's path
            Try 'pinmap --help'.

            """)
    }

    /// The UI's Import tab names a file it cannot read by its last path component: a URI typed
    /// there as a path shows no password either.
    func testTheUIsImportFailureNamesNoPassword() {
        guard case .failure(let failure) = UIFileImporter.preview("postgresql://ann:Hunter2Secret@db.example", rows: 5) else {
            return XCTFail("a URI is no file")
        }
        XCTAssertEqual(failure, ImportFailure(file: "ann:****@db.example", .notFound))
    }

    func testAURILibpqCannotReadNamesNoServerAndAServiceIsNamed() {
        let bogus = PinmapCLI.execute(["list", "--db", "postgresql://u:pass1@127.0.0.1:1/pins?bogus=1"])
        XCTAssertEqual(bogus.code, 1)
        XCTAssertEqual(bogus.stderr, "pinmap: cannot read the PostgreSQL URI postgresql://u:****@127.0.0.1:1/pins?bogus=1: "
                       + "invalid URI query parameter: \"bogus\" (nothing was connected; correct the URI)\n")
        // A password in the query: only its value is hidden; the parameter after it and the
        // ": " before libpq's words stay.
        let inQuery = PinmapCLI.execute(["list", "--db", "postgresql://127.0.0.1:1/pins?password=S3cretPW&bogus=1"])
        XCTAssertEqual(inQuery.code, 1)
        XCTAssertEqual(inQuery.stderr, "pinmap: cannot read the PostgreSQL URI postgresql://127.0.0.1:1/pins?password=****&bogus=1: "
                       + "invalid URI query parameter: \"bogus\" (nothing was connected; correct the URI)\n")
        let service = PinmapCLI.execute(["list", "--db", "postgresql:///pins?service=pinmap_no_such_service"])
        XCTAssertEqual(service.code, 1)
        XCTAssertEqual(service.stderr, "pinmap: cannot connect to the PostgreSQL service pinmap_no_such_service (database pins): "
                       + "definition of service \"pinmap_no_such_service\" not found\n")
    }

    /// Settings shows the store's path as given: a password in it is hidden (`pinmap render`,
    /// the UI's own frame, through the built binary).
    func testSettingsHidesAPasswordInTheStorePath() throws {
        let binary = RepoFiles.root.appendingPathComponent(".build/debug/pinmap").path
        guard FileManager.default.isExecutableFile(atPath: binary) else { throw XCTSkip("no binary at \(binary)") }
        let folder = try makeTempFolder().path
        // A file path may hold `://` (the folder "postgresql:", then an empty name).
        try FileManager.default.createDirectory(atPath: folder + "/postgresql:/ann:Hunter2Secret@h", withIntermediateDirectories: true)
        let path = folder + "/postgresql://ann:Hunter2Secret@h/pins.sqlite"
        XCTAssertEqual(PinmapCLI.execute(["add", "--title", "Jongmyo", "--lat", "37.5744", "--lon", "126.994", "--db", path]).code, 0)
        let render = try Processes.run(binary, ["render", "--tab", "settings", "--size", "100x16", "--db", path])
        XCTAssertEqual(render.status, 0)
        let frame = render.output.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.replacingOccurrences(of: " +$", with: "", options: .regularExpression) }.joined(separator: "\n")
            // The file's size (with its write-ahead log) is not this test's subject.
            .replacingOccurrences(of: "size     [0-9.]+ kB", with: "size     N kB", options: .regularExpression)
        XCTAssertEqual(frame, """

              Store
              path     \(folder)/postgresql://ann:****@h/pins.sqlite
              size     N kB   1 pin
              imports  none yet

              Settings  (↑↓ move · Enter/Space/←→ change · click)
              ▸ Drag sensitivity  × 1  (0.5 less, 1 normal, 2 more)
                Reduced motion    on: sheets move instantly
                Map mode          braille (2×4 dots per cell)
                Colour            off
                Place names       English
                Export pins       [csv] geojson gpx kml gpkg  (←/→ format, Enter writes it next to the store)
             ↑↓ move · Enter/Space/←→ change · click a row · ? help
             medium · 1 of 1 pin in view · Jongmyo                                                       ? help
                      1 Map                 2 Timeline                3 Import                4 Settings

            """)
    }

    /// A scheme mistyped as a path (`postgresql:/`, `postgresql:`, `postgresql//`) makes the
    /// URI a file path: every message that names that path hides its password all the same.
    func testAMistypedSchemeHidesItsPasswordInEveryMessage() throws {
        for (db, shownDB) in [("postgresql:/bob:SECRETPW@localhost:1/pins", "postgresql:/bob:****@localhost:1/pins"),
                              ("postgresql:bob:SECRETPW@localhost:1/pins", "postgresql:bob:****@localhost:1/pins"),
                              ("postgresql//bob:SECRETPW@localhost:1/pins", "postgresql//bob:****@localhost:1/pins")] {
            let folder = String(shownDB.dropLast("/pins".count))
            let list = PinmapCLI.execute(["list", "--db", db])
            XCTAssertEqual(list.code, 1, db)
            XCTAssertEqual(list.stderr, "pinmap: no Pinmap store at \(shownDB) (nothing was created; `pinmap import` or `pinmap add` creates one)\n")
            for command in [["add", "--title", "Jongmyo", "--lat", "37.5744", "--lon", "126.994"], ["init"]] {
                let run = PinmapCLI.execute(command + ["--db", db])
                XCTAssertEqual(run.code, 1, db)
                XCTAssertEqual(run.stderr, "pinmap: cannot open store \(shownDB): the folder \(folder) does not exist; create it first or choose another --db path\n")
            }
        }
        let db = "postgresql:/bob:SECRETPW@localhost:1/pins", shownDB = "postgresql:/bob:****@localhost:1/pins"
        setenv("PINMAP_DB", db, 1)
        let fromEnvironment = PinmapCLI.execute(["list"])
        unsetenv("PINMAP_DB")
        XCTAssertEqual(fromEnvironment.stderr,
                       "pinmap: no Pinmap store at \(shownDB) (from PINMAP_DB) (nothing was created; `pinmap import` or `pinmap add` creates one)\n")
        let store = CLITestStore(self)
        XCTAssertEqual(store.run("add", "--title", "Jongmyo", "--lat", "37.5744", "--lon", "126.994").code, 0)
        let copy = PinmapCLI.execute(["copy", "--from", store.path, "--to", db])
        XCTAssertEqual(copy.stderr, "pinmap copy: --to: cannot open store \(shownDB): the folder postgresql:/bob:****@localhost:1 does not exist; "
                       + "create it first or choose another --to path\n")
        let imported = store.run("import", db + ".csv")
        XCTAssertEqual(imported.stderr, "pinmap import: \(shownDB).csv: cannot read the file: No such file or directory\n")
    }

    /// A password holding an unencoded `@`: libpq ends the user information at the first
    /// `@` and looks for a host holding the password's tail. Refused before connecting, as a
    /// `/` is, saying to write it %40 (it said "could not translate host name "****@localhost"",
    /// nothing about the `@`), with the whole password hidden; the server's name hides the
    /// tail too.
    func testAPasswordHoldingAnAtIsRefusedShowingNoPartOfIt() throws {
        let list = PinmapCLI.execute(["list", "--db", "postgresql://bob:SECRET@PW@localhost:1/pins"])
        XCTAssertEqual(list.code, 2)
        XCTAssertEqual(list.stderr, "pinmap: --db: the password in 'postgresql://bob:****@localhost:1/pins' holds a “@”, which ends "
                       + "the password in a URI: write it as %40 (nothing was connected)\nTry 'pinmap --help'.\n")
        XCTAssertThrowsError(try PGConnection(uri: "postgres://al:p@w@db.example.com/pins")) { error in
            XCTAssertEqual((error as? StoreError)?.message, "the password in postgres://al:****@db.example.com/pins holds a “@”, "
                           + "which ends the password in a URI: write it as %40 (nothing was connected)")
        }
        XCTAssertFalse(PGLocation.passwordHoldsAt("postgresql://bob:SECRET%40PW@localhost:1/pins"))
        XCTAssertFalse(PGLocation.passwordHoldsAt("postgresql://bob:pw@/pins?host=/tmp/socket&user=x@y"))
        XCTAssertFalse(PGLocation.passwordHoldsAt("postgresql://bob@localhost/pins"))
        XCTAssertEqual(PGLocation(uri: "postgresql://bob:SECRET@PW@localhost:1/pins").description, "postgresql://bob@****@localhost:1/pins")
    }

    /// A password in the query string that libpq cannot decode (`%ZZ`, `%00`) is quoted in its
    /// reason alone ("invalid percent-encoded token: "s3%ZZcr3t""): hidden there too, however
    /// short. It was shown whole, since a URI libpq cannot read gave no options to mask by.
    func testAPasswordLibpqCannotDecodeIsHiddenInItsReason() {
        for (password, reason) in [("s3%ZZcr3t", "invalid percent-encoded token"), ("a%Z", "invalid percent-encoded token"),
                                   ("ab%00cd", "forbidden value %00 in percent-encoded value")] {
            let r = PinmapCLI.execute(["list", "--db", "postgresql://u@localhost:1/pins?password=\(password)"])
            XCTAssertEqual(r.code, 1)
            XCTAssertEqual(r.stderr, "pinmap: cannot read the PostgreSQL URI postgresql://u@localhost:1/pins?password=**** \(reason): \"****\" "
                           + "(nothing was connected; correct the URI)\n")
        }
    }

    /// A password holding an unencoded `/`: libpq would end the address there (a host
    /// `bob:se`, a database `cret@…`) and quote the pieces; refused before connecting, on
    /// every option that names a store, with the whole password hidden.
    func testAPasswordHoldingASlashIsRefusedShowingNoPartOfIt() throws {
        let db = "postgresql://bob:se/cret@127.0.0.1:1/pins"
        let list = PinmapCLI.execute(["list", "--db", db])
        XCTAssertEqual(list.code, 2)
        XCTAssertEqual(list.stderr, "pinmap: --db: the password in 'postgresql://bob:****@127.0.0.1:1/pins' holds a “/”, which ends "
                       + "the server's address in a URI: write it as %2F (nothing was connected)\nTry 'pinmap --help'.\n")
        let folder = try makeTempFolder().path
        let copy = PinmapCLI.execute(["copy", "--from", folder + "/a.sqlite", "--to", "postgres://al:p/w@db.example.com/pins"])
        XCTAssertEqual(copy.code, 2)
        XCTAssertEqual(copy.stderr, "pinmap copy: --to: the password in 'postgres://al:****@db.example.com/pins' holds a “/”, which ends "
                       + "the server's address in a URI: write it as %2F (nothing was connected)\nTry 'pinmap copy --help'.\n")
        // Encoded, or in a socket folder of the query, a `/` is no password's.
        XCTAssertFalse(PGLocation.passwordHoldsSlash("postgresql://bob:se%2Fcret@127.0.0.1:1/pins"))
        XCTAssertFalse(PGLocation.passwordHoldsSlash("postgresql://bob:pw@/pins?host=/tmp/socket&user=x@y"))
        XCTAssertFalse(PGLocation.passwordHoldsSlash("postgresql:///pins?host=/tmp/socket&password=a/b"))
        XCTAssertThrowsError(try PGConnection(uri: db)) { error in
            XCTAssertEqual((error as? StoreError)?.message, "the password in postgresql://bob:****@127.0.0.1:1/pins holds a “/”, "
                           + "which ends the server's address in a URI: write it as %2F (nothing was connected)")
        }
    }

    /// A service libpq cannot find names no database: none is known.
    func testAServiceWithoutADatabaseNamesNone() {
        let service = PinmapCLI.execute(["list", "--db", "postgresql:///?service=pinmap_no_such_service"])
        XCTAssertEqual(service.code, 1)
        XCTAssertEqual(service.stderr, "pinmap: cannot connect to the PostgreSQL service pinmap_no_such_service: "
                       + "definition of service \"pinmap_no_such_service\" not found\n")
    }

    func testTheMaskFindsAPasswordAfterAMistypedSchemeAnywhereInAWord() {
        let cases = [
            "no store at postgresql:/bob:SECRETPW@localhost:1/pins (x)": "no store at postgresql:/bob:****@localhost:1/pins (x)",
            "postgresql:bob:SECRETPW@localhost:1/pins": "postgresql:bob:****@localhost:1/pins",
            "postgresql//bob:SECRETPW@localhost:1/pins": "postgresql//bob:****@localhost:1/pins",
            "There is no such folder: /tmp/x/postgresql://bob:SECRETPW@localhost:1": "There is no such folder: /tmp/x/postgresql://bob:****@localhost:1",
            "/tmp/x/postgresql:/bob:SECRETPW@localhost:1/pins.sqlite": "/tmp/x/postgresql:/bob:****@localhost:1/pins.sqlite",
            "'postgresql://bob:SECRET@PW@localhost:1/pins'": "'postgresql://bob:****@localhost:1/pins'",
            "postgresql://:SECRETPW@db/pins": "postgresql://:****@db/pins",
            // A folder with a colon before the URI: the user name is the one without a `/`.
            "/tmp/a:b/postgresql://bob:SECRETPW@db/pins": "/tmp/a:b/postgresql://bob:****@db/pins",
        ]
        for (text, shown) in cases { XCTAssertEqual(PasswordMask.masked(text), shown, text) }
        for plain in ["mailto:ann@example.org", "git@example.org:ann/pins.git", "at 12:30@home", "postgresql:/bob@localhost:1/pins",
                      "//x:1/y", "a:b:c"] {
            XCTAssertEqual(PasswordMask.masked(plain), plain)
        }
        XCTAssertEqual(PasswordMask.maskedName(ofPath: "/tmp/postgresql:/ann:SECRETPW@db"), "ann:****@db")
        XCTAssertEqual(PasswordMask.maskedName(ofPath: "/tmp/pins/"), "pins")
    }

    func testTheMaskHidesEveryPasswordAndKeepsEverythingElse() {
        XCTAssertEqual(PasswordMask.masked("a postgresql://ann:p@ss/w0rd@db:5432/pins?x=1 and http://bo:x@h/ end"),
                       "a postgresql://ann:****@db:5432/pins?x=1 and http://bo:****@h/ end")
        // In a URI's query the value ends at `&`; in libpq's key=value form a `&` is the password's.
        XCTAssertEqual(PasswordMask.masked("postgresql://db/pins?password=S3cretPW&bogus=1: invalid URI query parameter: \"bogus\""),
                       "postgresql://db/pins?password=****&bogus=1: invalid URI query parameter: \"bogus\"")
        XCTAssertEqual(PasswordMask.masked("postgresql://db/pins?sslmode=disable&password=a%26b&user=ann x"),
                       "postgresql://db/pins?sslmode=disable&password=****&user=ann x")
        XCTAssertEqual(PasswordMask.masked("host=db password=a&b user=ann"), "host=db password=**** user=ann")
        XCTAssertEqual(PasswordMask.masked("'host=db password=Hunter2 user=ann' or PASSWORD = 'it\\'s here' x"),
                       "'host=db password=**** user=ann' or PASSWORD = '****' x")
        for plain in ["http://db.example:8080/pins", "postgresql://ann@db/pins", "no URI: a=b", "mypassword=kept", ""] {
            XCTAssertEqual(PasswordMask.masked(plain), plain)
        }
        // Cut messages are masked before they are cut: the password never shows in part.
        let long = String(repeating: "x", count: 300) + " postgresql://ann:Hunter2Secret@db/pins"
        XCTAssertEqual(MessageText.sentence(long, limit: 320),
                       String(repeating: "x", count: 214) + "…" + String(repeating: "x", count: 76) + " postgresql://ann:****@db/pins")
        XCTAssertEqual(MessageText.bounded("postgresql://ann:Hunter2Secret@db/pins", limit: 20), "postgresql://ann:***…")
    }
}

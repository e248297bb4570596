@testable import FavsLibrary
import Testing

@Test func theLibraryOptionWinsOverEveryVariable() throws {
    let environment = ["FAVS_LIBRARY": "/env/lib.sqlite", "XDG_DATA_HOME": "/xdg", "HOME": "/home/u"]
    #expect(try LibraryLocation.resolve(option: "/opt/lib.sqlite", environment: environment).path == "/opt/lib.sqlite")
}

@Test func favsLibraryWinsOverXDGAndHome() throws {
    let environment = ["FAVS_LIBRARY": "/env/lib.sqlite", "XDG_DATA_HOME": "/xdg", "HOME": "/home/u"]
    #expect(try LibraryLocation.resolve(option: nil, environment: environment).path == "/env/lib.sqlite")
}

@Test func theConfigFilesLibraryComesAfterTheOptionAndTheVariable() throws {
    let environment = ["FAVS_LIBRARY": "/env/lib.sqlite", "XDG_DATA_HOME": "/xdg", "HOME": "/home/u"]
    var asked = 0
    func configured() -> String? {
        asked += 1
        return "/config/lib.sqlite"
    }
    #expect(try LibraryLocation.resolve(option: "/opt/lib.sqlite", environment: environment, configured: configured).path
            == "/opt/lib.sqlite")
    #expect(try LibraryLocation.resolve(option: nil, environment: environment, configured: configured).path
            == "/env/lib.sqlite")
    #expect(asked == 0, "the config file is not read when the option or the variable names a library")
    let location = try LibraryLocation.resolve(option: nil, environment: ["XDG_DATA_HOME": "/xdg"], configured: configured)
    #expect(location.path == "/config/lib.sqlite")
    #expect(!location.createsFolders, "a folder the user named must exist")
    #expect(try LibraryLocation.resolve(option: nil, environment: ["XDG_DATA_HOME": "/xdg"], configured: { "" }).path
            == "/xdg/favs/library.sqlite")
}

@Test func xdgDataHomeWinsOverHome() throws {
    let environment = ["XDG_DATA_HOME": "/xdg/", "HOME": "/home/u"]
    #expect(try LibraryLocation.resolve(option: nil, environment: environment).path == "/xdg/favs/library.sqlite")
}

@Test func homeIsTheLastResort() throws {
    #expect(try LibraryLocation.resolve(option: nil, environment: ["HOME": "/home/u"]).path
            == "/home/u/.local/share/favs/library.sqlite")
}

@Test func emptyValuesCountAsUnset() throws {
    let environment = ["FAVS_LIBRARY": "", "XDG_DATA_HOME": "", "HOME": "/home/u"]
    #expect(try LibraryLocation.resolve(option: "", environment: environment).path
            == "/home/u/.local/share/favs/library.sqlite")
}

@Test func onlyTheDefaultLocationCreatesFolders() throws {
    let xdg = ["XDG_DATA_HOME": "/xdg", "HOME": "/home/u"]
    #expect(try LibraryLocation.resolve(option: nil, environment: xdg).createsFolders)
    #expect(try LibraryLocation.resolve(option: nil, environment: ["HOME": "/home/u"]).createsFolders)
    #expect(try !LibraryLocation.resolve(option: "/opt/lib.sqlite", environment: xdg).createsFolders)
    #expect(try !LibraryLocation.resolve(option: nil, environment: ["FAVS_LIBRARY": "/env/lib.sqlite"]).createsFolders)
}

@Test func aURLOtherThanPostgresIsRefusedWhereverItComesFrom() throws {
    #expect(throws: LibraryError.unsupportedLocation("mysql://u@h/db")) {
        try LibraryLocation.resolve(option: "mysql://u@h/db", environment: [:])
    }
    #expect(try LibraryLocation.resolve(option: "postgres://u@h/db", environment: [:]).isPostgres)
    #expect(try LibraryLocation.resolve(option: nil, environment: ["FAVS_LIBRARY": "postgresql://h/db"]).isPostgres)
    #expect(try !LibraryLocation.resolve(option: "lib.sqlite", environment: [:]).isPostgres)
    #expect(throws: LibraryError.unsupportedLocation("sqlite+file.v2-x://lib")) {
        try LibraryLocation.resolve(option: nil, environment: ["FAVS_LIBRARY": "sqlite+file.v2-x://lib"])
    }
    // The default location is built on $XDG_DATA_HOME, so a URL there is refused too.
    #expect(throws: LibraryError.unsupportedLocation("s3://bucket/favs/library.sqlite")) {
        try LibraryLocation.resolve(option: nil, environment: ["XDG_DATA_HOME": "s3://bucket"])
    }
}

@Test func theMessageForAURLNeverShowsItsPassword() {
    #expect(LibraryError.unsupportedLocation(LibraryLocation.redacted("postgres://u:secret@h:5432/db")).description
            == "unsupported library location 'postgres://u:***@h:5432/db'")
    #expect(LibraryLocation.redacted("postgres://u@h/db") == "postgres://u@h/db")
    #expect(LibraryLocation.redacted("postgres://h:5432/db") == "postgres://h:5432/db")
    // A password typed without escaping its `@` or `/` is hidden whole.
    #expect(LibraryLocation.redacted("postgres://u:p@ss/w@h/db") == "postgres://u:***@h/db")
    #expect(throws: LibraryError.unsupportedLocation("mysql://root:***@localhost")) {
        try LibraryLocation(path: "mysql://root:hunter2@localhost")
    }
}

@Test func aPasswordGivenAsAParameterIsHiddenWhereverItIsWritten() {
    let base = "postgres://favs@127.0.0.1:5432/team"
    #expect(LibraryLocation.redacted(base + "?schema=new&password=Wr0ngSecret")
            == base + "?schema=new&password=***")
    #expect(LibraryLocation.redacted(base + "?password=Wr0ngSecret&schema=new")
            == base + "?password=***&schema=new")
    #expect(LibraryLocation.redacted(base + "?PassWord=Wr0ngSecret") == base + "?PassWord=***", "in any case")
    #expect(LibraryLocation.redacted(base + "?pass%77ord=Wr0ngSecret") == base + "?pass%77ord=***",
            "a name percent-encoded is the same name")
    #expect(LibraryLocation.redacted(base + "?password=Wr0ng%40Secret%2F") == base + "?password=***")
    #expect(LibraryLocation.redacted("postgres://u:one@h/db?password=two") == "postgres://u:***@h/db?password=***")
    #expect(LibraryLocation.redacted(base + "?password=Wr0ng@Secret") == base + "?password=***",
            "an `@` in the parameter hides no port and shows no piece of the password")
    #expect(LibraryLocation.redacted(base + "?password=Wr0ng&Secret&schema=new") == base + "?password=***&schema=new",
            "an unescaped `&` is hidden up to the next parameter favs knows")
    #expect(LibraryLocation.redacted("postgres://h:5432/db?user=me@corp&password=s")
            == "postgres://h:5432/db?user=me@corp&password=***", "an `@` in another parameter is no user's")
    #expect(LibraryLocation.redacted(base + "?schema=password") == base + "?schema=password")
}

@Test func pathsThatOnlyLookLikeURLsAreFiles() throws {
    for path in ["./postgres://u@h/db", "1db://x", "my db://x", "é://x", "notes:1.sqlite", "a/b://c", ":memory:",
                 "C:/lib.sqlite"] {
        #expect(try LibraryLocation(path: path).path == path)
    }
}

@Test func theFolderIsWhatTheUserWrote() throws {
    #expect(try LibraryLocation(path: "/nope/x.sqlite").folder == "/nope")
    #expect(try LibraryLocation(path: "sub/dir/x.sqlite").folder == "sub/dir")
    #expect(try LibraryLocation(path: "x.sqlite").folder == ".")
    #expect(try LibraryLocation(path: "/x.sqlite").folder == "/")
}

@Test func aReadOnlyMembersStarsAreNamedByServerDatabaseSchemaAndMember() throws {
    let environment = ["XDG_DATA_HOME": "/xdg", "HOME": "/home/u"]
    let location = try LibraryLocation.personalStars(server: "db.example.com:5432", database: "team", schema: "public",
                                                     member: "ana", environment: environment)
    #expect(location.path == "/xdg/favs/stars/db.example.com:5432+team+public+ana.sqlite")
    #expect(location.createsFolders)
    // A socket's folder, a `+`, a `/` or a leading dot never runs two parts together, leaves the folder or hides it.
    let odd = try LibraryLocation.personalStars(server: "/run/postgresql", database: "a+b", schema: ".x/y", member: "é %",
                                                environment: ["HOME": "/home/u"])
    #expect(odd.path == "/home/u/.local/share/favs/stars/%2Frun%2Fpostgresql+a%2Bb+%2Ex%2Fy+%C3%A9%20%25.sqlite")
}

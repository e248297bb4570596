/// Every status a favs command can end with (sysexits.h numbers from 64 on). The commands list theirs from
/// these, and the manual's EXIT STATUS section is `all`, so help and manual cannot disagree.
extension ExitStatus {
    public static let success = ExitStatus(0, "success")

    public static let unknownID = ExitStatus(1, "an unknown item id (nothing was changed)")
    public static let rawControls = ExitStatus(1, "csv or tsv with control characters to a terminal")
    public static let nothingToOpen = ExitStatus(1, "the item has no url, link, href or path to open")
    public static let nothingChosen = ExitStatus(1, "nothing chosen (esc, q, or --exit-0 with no match)")
    public static let noChosenField = ExitStatus(1, "no chosen item has the field --print names")
    public static let unknownSearch = ExitStatus(1, "an unknown saved search, or a new name another one has (nothing "
                                                 + "was changed)")

    public static let nothingToClaim = ExitStatus(1, "no stars from before members kept their own, or they are yours "
                                                  + "already (nothing was changed)")
    public static let badScript = ExitStatus(2, "a bad script step")
    public static let noTerminal = ExitStatus(2, "no terminal favs can draw on")

    public static let usage = ExitStatus(64, "usage error")
    public static let badLocation = ExitStatus(64, "a library location favs cannot use (a URL other than "
                                                   + "postgres://, or a malformed one)")
    public static let notFavs = ExitStatus(65, "a library location that holds something other than a favs library")
    public static let badImportData = ExitStatus(65, "an error in an import file (FILE:LINE:COLUMN: message)")
    public static let noLibrary = ExitStatus(66, "no library, no folder for one, or no such database on the server")
    public static let cannotReadInput = ExitStatus(66, "an input file cannot be read")
    public static let unreachable = ExitStatus(69, "the library's PostgreSQL server cannot be reached, or did not answer in time")
    public static let openerFailed = ExitStatus(69, "the opener could not be run or failed")
    public static let cannotWriteFile = ExitStatus(73, "an output file cannot be written")
    public static let copyTargetHoldsItems = ExitStatus(73, "favs copy onto a library that holds items")
    public static let io = ExitStatus(74, "the library cannot be read or written")
    public static let cannotWriteOutput = ExitStatus(74, "standard output cannot be written")
    public static let newer = ExitStatus(76, "a library made by a newer version of favs")
    public static let loginRefused = ExitStatus(77, "the PostgreSQL server refused the login")
    public static let readOnlyRole = ExitStatus(77, "a change to a team library your role may only read (nothing was "
                                                + "changed)")

    public static let interrupted = ExitStatus(130, "interrupted (ctrl-c in favs pick)")

    /// What opening a library can end with, whatever the command: a command that opens one lists all of these.
    public static let libraryOpen: [ExitStatus] = [.badLocation, .notFavs, .noLibrary, .unreachable, .io, .newer,
                                                   .loginRefused, .readOnlyRole]

    /// Every status, for the manual.
    public static let all: [ExitStatus] = [
        .success, .unknownID, .rawControls, .nothingToOpen, .nothingChosen, .noChosenField, .unknownSearch, .nothingToClaim, .badScript, .noTerminal,
        .usage, .badLocation, .notFavs, .badImportData, .noLibrary, .cannotReadInput, .unreachable, .openerFailed,
        .cannotWriteFile, .copyTargetHoldsItems, .io, .cannotWriteOutput, .newer, .loginRefused, .readOnlyRole, .interrupted,
    ]
}

import FavsExitStatus

/// The manual's text that no help screen carries: what surrounds the keys table, the files favs reads and writes,
/// the environment it looks at and its exit codes, from the commands' own list (README.md says the same).
enum WrittenSections {
    static let keysIntroduction = """
        The keys of the browser, as the help overlay (?) lists them. A config file's [keys] table can bind \
        others; the help overlay, the key hints and the messages then show the keys in force.
        """

    static let keysMore = """
        The filter prompt, the help overlay and a range being marked take esc, enter, backspace and v for \
        themselves. A click on a row selects it and focuses its pane; a click on its star column favorites or \
        unfavorites it; the wheel moves the selection (or scrolls the detail) 3 lines. --no-mouse leaves the \
        mouse to the terminal.
        """

    static let scriptStepsIntroduction = """
        The steps favs script reads (from FILE, or stdin; plain favs reads them too when stdin is not a terminal), \
        separated by spaces, tabs or newlines; # starts a comment that runs to the end of the line. The whole \
        script is checked before anything runs. docs/script.md describes the frames, --svg and --cast.
        """

    /// (section title, [(term in roff, text)]).
    static let tables: [(String, [(String, String)])] = [
        ("FILES", [
            (#"\fI$XDG_DATA_HOME/favs/library.sqlite\fR"#, """
                The library when neither --library, $FAVS_LIBRARY nor the config file names one \
                (~/.local/share/favs/library.sqlite when XDG_DATA_HOME is unset). Created, with its folders, \
                holding the built-in sample the first time the browser opens it.
                """),
            (#"\fI$XDG_DATA_HOME/favs/picks/NAME.sqlite\fR"#, """
                The stars and picks of favs pick --stdin NAME: the lines ever starred or picked there, each pick \
                with its time (a library like any other, which favs list --library can read). Created, with its \
                folders, by the first pick on NAME.
                """),
            (#"\fI$XDG_DATA_HOME/favs/stars/SERVER+DATABASE+SCHEMA+MEMBER.sqlite\fR"#, """
                The stars and picks of a member whose role may only read a team (postgres://) library: what f, favs \
                fav and favs unfav star there, and what favs pick picks, kept on this machine and seen by no one else \
                (a library like any other, its items the ids starred or picked). Each part of the name is percent-encoded where a file name could not hold it. \
                Created, with its folders, the first time such a member opens the library.
                """),
            (#"\fI$XDG_CONFIG_HOME/favs/config.toml\fR"#, """
                The config file (~/.config/favs/config.toml when XDG_CONFIG_HOME is unset): keys, colours, sort, \
                mouse, library, and [[sources]], the bookmark files the browser follows as --watch does. favs config --print-default prints one with every setting explained.
                """),
        ]),
        ("ENVIRONMENT", [
            (#"\fBFAVS_LIBRARY\fR"#, "The library file or postgres:// URL, when --library names none."),
            (#"\fBPGUSER\fR, \fBPGHOST\fR, \fBPGPORT\fR, \fBPGDATABASE\fR, \fBPGPASSWORD\fR, \fBPGPASSFILE\fR, \fBPGSSLMODE\fR"#,
             "For a postgres:// library, what the URL leaves out, as psql reads them (the password also from ~/.pgpass)."),
            (#"\fBFAVS_CONFIG\fR"#, "The config file to read instead of the default one."),
            (#"\fBXDG_DATA_HOME\fR"#, "Where the default library, the memories of favs pick --stdin and a read-only member's stars live."),
            (#"\fBXDG_CONFIG_HOME\fR"#, "Where the default config file lives."),
            (#"\fBNO_COLOR\fR"#, """
                Set to a non-empty value: no colour unless --color always (or the config's color = "always").
                """),
            (#"\fBTERM\fR"#, "The terminal the browser draws on, and whether it has colour."),
            (#"\fBLC_ALL\fR, \fBLC_CTYPE\fR, \fBLANG\fR"#, "A locale that is not UTF-8 makes --ascii the default."),
        ]),
        // Every status any command can end with: the list each command's help takes its sentence from.
        ("EXIT STATUS", ExitStatus.manualEntries.map { ($0.code, $0.text) }),
    ]
}

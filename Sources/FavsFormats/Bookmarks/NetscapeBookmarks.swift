/// Reads a Netscape bookmark file (`bookmarks.html`, what every browser, buku, Pinboard and linkding export) into
/// bookmarks, pointing at a `FILE:LINE:COLUMN` for what it cannot read.
///
/// The format is a fixed shape of HTML, not HTML at large: after `<!DOCTYPE NETSCAPE-Bookmark-file-1>`, a `<DL>`
/// lists `<DT><A HREF=…>title</A>` links, `<DT><H3>name</H3>` folders each followed by a `<DL>` … `</DL>` of their
/// own, `<HR>` separators, and `<DD>` text describing the link before it. `<DT>` and `<p>` are never closed,
/// tag and attribute names come in any case, and `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&#39;`, `&apos;`, `&nbsp;`,
/// `&#NNN;` and `&#xHH;` are decoded (any other `&` stays as written, as browsers read it). Every other tag
/// (`<META>`, `<TITLE>`, `<H1>`, `<p>`) is passed over.
///
/// A link's `ADD_DATE` is in seconds since 1970 (one that is not a number is no date), `TAGS` its own tags
/// separated by commas, `SHORTCUTURL` its keyword. A folder whose `<H3>` has `FAVS_FAVORITES` (as `favs export
/// --format html` writes its "Favorites") is not a folder tag: its links are the favorites.
public enum NetscapeBookmarks {
    /// The marker `favs export` puts on the folder of the favorites.
    public static let favoritesAttribute = "FAVS_FAVORITES"

    /// Whether a file's first bytes (after any whitespace) are the format's doctype, in any case.
    public static func recognises(_ head: some Collection<UInt8>) -> Bool {
        let doctype = Array("<!doctype netscape-bookmark-file-1".utf8)
        let start = head.drop { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
        return start.count >= doctype.count && zip(start, doctype).allSatisfy { lowered($0) == $1 }
    }

    /// The bookmarks of a whole file, in file order, separators included.
    public static func read(_ bytes: [UInt8], file: String) throws -> [Bookmark] {
        var list = BookmarkList()
        try read(bytes, file: file, into: &list)
        return list.bookmarks
    }

    /// Reads a whole file into `sink`, each bookmark once its description (`<DD>`) is read.
    static func read<Sink: BookmarkSink>(_ bytes: [UInt8], file: String, into sink: inout Sink) throws {
        var reader = Reader(bytes: bytes, file: file)
        try reader.read(into: &sink)
    }

    static func lowered(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }
}

/// One pass over the file's bytes.
private struct Reader {
    /// A `<DL>` open: a folder's (its number, its name, and where its `<H3>` is), or one that is no folder (the
    /// outermost, and the favorites' folder, whose links are starred instead).
    struct Level {
        var name: String?
        var folder: Int32?
        var favorites: Bool
        var line: Int
        var column: Int
    }

    /// What the text between tags is collected for.
    enum Collecting {
        case nothing
        case folderName(Level)
        case linkTitle(Bookmark, Int32?)
        case description
    }

    let bytes: [UInt8]
    let file: String
    var levels: [Level] = []
    /// A folder's `<H3>` read, waiting for its `<DL>`.
    var heading: Level?
    var collecting = Collecting.nothing
    /// The last link read, and its folder: a `<DD>` after it describes it, so it goes to the sink at the next
    /// link or separator, or at the end.
    var last: (link: Bookmark, folder: Int32?)?
    var text: [UInt8] = []
    /// Where `offset`'s line starts, to count lines and columns only as far as the reader goes.
    var counted = 0
    var line = 1
    var lineStart = 0

    init(bytes: [UInt8], file: String) {
        (self.bytes, self.file) = (bytes, file)
    }

    mutating func read(into sink: inout some BookmarkSink) throws {
        guard NetscapeBookmarks.recognises(bytes) else {
            throw ImportError(file: file, line: 1, column: 1,
                              message: "not a Netscape bookmark file: it does not start with <!DOCTYPE NETSCAPE-Bookmark-file-1>")
        }
        var index = 0
        while let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
            text.append(contentsOf: bytes[index..<open])
            if bytes[open...].starts(with: Array("<!--".utf8)) {
                index = Self.end(of: Array("-->".utf8), in: bytes, from: open + 4) ?? bytes.count
                continue
            }
            let close = bytes[open...].firstIndex(of: UInt8(ascii: ">")) ?? bytes.count
            let tag = Tag(bytes[(open + 1)..<close])
            try take(tag, at: open, into: &sink)
            index = min(close + 1, bytes.count)
        }
        if case let .linkTitle(link, _) = collecting {
            throw ImportError(file: file, line: link.line, column: link.column, message: "<A> opened here is never closed")
        }
        text.append(contentsOf: bytes[index...])
        finishText(into: &sink)
        if let open = levels.last {
            let what = open.name.map { "folder “\(Self.shown($0))”" } ?? "<DL>"
            throw ImportError(file: file, line: open.line, column: open.column, message: "\(what) opened here is never closed")
        }
        handOn(into: &sink)
    }

    /// A name from the file as a message shows it: a control character written as an escape, never sent raw.
    static func shown(_ name: String) -> String {
        name.unicodeScalars.map { $0.properties.generalCategory == .control ? $0.escaped(asASCII: true) : String($0) }.joined()
    }

    /// Just after the first `pattern` at or after `start`.
    static func end(of pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + pattern.count <= bytes.count {
            if bytes[index..<(index + pattern.count)].elementsEqual(pattern) { return index + pattern.count }
            index += 1
        }
        return nil
    }

    /// The innermost folder open (nil: none, the links are at the top).
    var folder: Int32? { levels.last { $0.folder != nil }?.folder }

    mutating func take(_ tag: Tag, at offset: Int, into sink: inout some BookmarkSink) throws {
        switch (tag.name, tag.closing) {
        case ("a", false):
            finishText(into: &sink)
            let (line, column) = place(of: offset)
            guard let href = tag.attributes["href"] else {
                throw ImportError(file: file, line: line, column: column, message: "<A> has no HREF")
            }
            var link = Bookmark(url: href, title: "", line: line, column: column)
            link.tags = (tag.attributes["tags"] ?? "").split(separator: ",")
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            link.added = tag.attributes["add_date"].flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) }
                .flatMap { $0.multipliedReportingOverflow(by: 1000).overflow ? nil : $0 * 1000 }
            link.keyword = tag.attributes["shortcuturl"].flatMap { $0.isEmpty ? nil : $0 }
            link.favorite = levels.contains(where: \.favorites)
            collecting = .linkTitle(link, folder)
        case ("a", true): finishText(into: &sink)
        case ("h3", false):
            finishText(into: &sink)
            let (line, column) = place(of: offset)
            collecting = .folderName(Level(name: "", favorites: tag.attributes[NetscapeBookmarks.favoritesAttribute.lowercased()] != nil,
                                           line: line, column: column))
        case ("h3", true): finishText(into: &sink)
        case ("dd", false):
            finishText(into: &sink)
            if last != nil { collecting = .description }
        case ("dl", false):
            finishText(into: &sink)
            let (line, column) = place(of: offset)
            var level = heading ?? Level(name: nil, favorites: false, line: line, column: column)
            // The favorites' folder stars its links; it is not a tag.
            if level.favorites { level.name = nil }
            if let name = level.name { level.folder = sink.folders.open(in: folder, name: name) }
            levels.append(level)
            heading = nil
        case ("dl", true):
            finishText(into: &sink)
            guard levels.popLast() != nil else {
                let (line, column) = place(of: offset)
                throw ImportError(file: file, line: line, column: column, message: "</DL> closes no <DL>")
            }
        case ("hr", false):
            finishText(into: &sink)
            let (line, column) = place(of: offset)
            handOn(into: &sink)
            sink.add(Bookmark(kind: .separator, url: "", title: "", line: line, column: column), in: folder)
        case ("dt", _), ("p", _), ("br", _): break
        default: finishText(into: &sink)
        }
    }

    /// Hands the last link to the sink: nothing more can describe it.
    mutating func handOn(into sink: inout some BookmarkSink) {
        if let (link, folder) = last { sink.add(link, in: folder) }
        last = nil
    }

    /// Hands the text collected since the last tag to what it belongs to.
    mutating func finishText(into sink: inout some BookmarkSink) {
        defer { text.removeAll(keepingCapacity: true) }
        guard case .nothing = collecting else {
            let value = Entities.decode(text).trimmingCharacters(in: .whitespacesAndNewlines)
            switch collecting {
            case .nothing: break
            case var .folderName(level):
                level.name = value
                heading = level
            case .linkTitle(var link, let folder):
                link.title = value
                handOn(into: &sink)
                last = (link, folder)
            case .description:
                if !value.isEmpty { last?.link.description = value }
            }
            collecting = .nothing
            return
        }
    }

    /// The line and column (in characters) of a byte; offsets asked for only grow.
    mutating func place(of offset: Int) -> (line: Int, column: Int) {
        while let newline = bytes[counted..<offset].firstIndex(of: 0x0A) {
            line += 1
            lineStart = newline + 1
            counted = newline + 1
        }
        counted = offset
        return (line, String(decoding: bytes[lineStart..<offset], as: UTF8.self).count + 1)
    }
}

/// A tag as written between `<` and `>`: its name in lower case, whether it closes, and its attributes (names
/// in lower case, values with entities decoded; the first of a repeated name).
private struct Tag {
    var name: String
    var closing: Bool
    var attributes: [String: String] = [:]

    init(_ inside: ArraySlice<UInt8>) {
        var index = inside.startIndex
        closing = index < inside.endIndex && inside[index] == UInt8(ascii: "/")
        if closing { index += 1 }
        func isNameByte(_ byte: UInt8) -> Bool {
            !(byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: "=")
              || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">"))
        }
        func readName() -> String {
            let start = index
            while index < inside.endIndex, isNameByte(inside[index]) { index += 1 }
            return String(decoding: inside[start..<index].map(NetscapeBookmarks.lowered), as: UTF8.self)
        }
        func skipSpace() {
            while index < inside.endIndex, !isNameByte(inside[index]), inside[index] != UInt8(ascii: "=") { index += 1 }
        }
        name = readName()
        while true {
            skipSpace()
            guard index < inside.endIndex else { break }
            let attribute = readName()
            while index < inside.endIndex, [0x20, 0x09, 0x0A, 0x0D].contains(inside[index]) { index += 1 }
            var value = ""
            if index < inside.endIndex, inside[index] == UInt8(ascii: "=") {
                index += 1
                while index < inside.endIndex, [0x20, 0x09, 0x0A, 0x0D].contains(inside[index]) { index += 1 }
                let quote = index < inside.endIndex ? inside[index] : 0
                let start: Int
                if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                    start = index + 1
                    index = inside[start...].firstIndex(of: quote) ?? inside.endIndex
                    value = Entities.decode(inside[start..<index])
                    if index < inside.endIndex { index += 1 }
                } else {
                    start = index
                    while index < inside.endIndex, ![0x20, 0x09, 0x0A, 0x0D].contains(inside[index]) { index += 1 }
                    value = Entities.decode(inside[start..<index])
                }
            }
            if !attribute.isEmpty, attributes[attribute] == nil { attributes[attribute] = value }
        }
    }
}

import FavsFormats
import FavsLibrary
import FavsModel
import Foundation
import Testing

/// A Chrome `Bookmarks` file: each folder of the bookmark bar (the bar itself for "") with its (URL, title) links.
func chromeBookmarks(_ folders: KeyValuePairs<String, [(String, String)]>) -> String {
    func link(_ url: String, _ title: String) -> String {
        #"{"date_added": "13302153838000000", "id": "1", "name": "\#(title)", "type": "url", "url": "\#(url)"}"#
    }
    let bar = folders.first { $0.key.isEmpty }?.value.map(link) ?? []
    let subfolders = folders.filter { !$0.key.isEmpty }.map { name, links in
        #"{"children": [\#(links.map(link).joined(separator: ", "))], "id": "2", "name": "\#(name)", "type": "folder"}"#
    }
    return #"""
        {"checksum": "0", "roots": {
          "bookmark_bar": {"children": [\#((bar + subfolders).joined(separator: ", "))], "id": "1", "name": "Bookmarks bar", "type": "folder"},
          "other": {"children": [], "id": "3", "name": "Other bookmarks", "type": "folder"},
          "synced": {"children": [], "id": "4", "name": "Mobile bookmarks", "type": "folder"}},
         "version": 1}
        """#
}

/// Writes `text` beside `path` and renames it over it, as Chrome saves its file.
func replace(_ path: String, with text: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path + ".tmp"))
    guard rename(path + ".tmp", path) == 0 else { throw TestFailure("cannot rename over \(path)") }
}

/// A folder of its own for a test's bookmark file, removed at the end of the test process.
func bookmarkPath() throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("favs-watch-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder.appendingPathComponent("Bookmarks").path
}

@Suite struct BookmarkWatchTests {
    @Test(arguments: Backend.allCases)
    func aRemovedBookmarkGoesUnlessStarredOrTaggedInFavs(_ backend: Backend) throws {
        let place = try Place(backend)
        let library = try place.open()
        let path = try bookmarkPath()
        try replace(path, with: chromeBookmarks([
            "": [("https://a.example/", "A"), ("https://b.example/", "B")],
            "dev": [("https://c.example/", "C"), ("https://d.example/", "D")],
        ]))
        let watcher = BookmarkWatcher(path: path, file: "Bookmarks")
        let first = try #require(try watcher.land(watcher.read(), in: library))
        #expect(first.first && first.summary.added == 4 && first.source == "Chrome")
        // Starred in favs, tagged in favs, and one with only the file's own folder tag, given again in favs' words.
        try library.apply(.favorite, to: ["https://a.example/"])
        _ = try library.changeMembers(["https://c.example/"], join: [.tag("later")], leave: [])
        _ = try library.changeMembers(["https://d.example/"], join: [.tag("bookmarks-bar/DEV")], leave: [])
        let follower = try #require(try place.open().follower(after: nil))

        try replace(path, with: chromeBookmarks(["": [("https://e.example/", "E")]]))
        let report = try #require(try watcher.land(watcher.read(), in: library))
        #expect(report.summary.added == 1)
        #expect(report.removed == 2)  // B, and D, which had only its folder's tag
        #expect(report.kept.map(\.title) == ["A", "C"])
        #expect(try listed(library) == ["https://a.example/ ★ A", "https://c.example/   C", "https://e.example/   E"])
        // Another process follows it as ordinary changes: the import reloads, each removal is a delete of its own.
        let updates = try poll(follower) { $0.contains { if case .reload = $0 { true } else { false } } }
        #expect(updates.contains { if case .reload = $0 { true } else { false } })
        // A removal is a delete like any other: favs restore takes it back.
        #expect(try library.apply(.restore, to: ["https://b.example/"]) == ["https://b.example/"])
        // Said once: the kept ones are not in the file any more, so the next change does not name them again.
        try replace(path, with: chromeBookmarks(["": [("https://e.example/", "E"), ("https://f.example/", "F")]]))
        #expect(try watcher.land(watcher.read(), in: library)?.kept.isEmpty == true)
    }

    @Test(arguments: Backend.allCases)
    func aMovedBookmarkLeavesTheFolderTagTheFileNoLongerGives(_ backend: Backend) throws {
        let library = try Place(backend).open()
        let path = try bookmarkPath()
        try replace(path, with: chromeBookmarks(["dev": [("https://a.example/", "A")]]))
        let watcher = BookmarkWatcher(path: path)
        _ = try watcher.land(watcher.read(), in: library)
        _ = try library.changeMembers(["https://a.example/"], join: [.tag("mine")], leave: [])
        try replace(path, with: chromeBookmarks(["swift": [("https://a.example/", "A")]]))
        let report = try #require(try watcher.land(watcher.read(), in: library))
        #expect(report.summary.updated == 1 && report.removed == 0)
        #expect(try library.itemTags()["https://a.example/"] == ["Bookmarks-bar/swift", "mine"])
    }

    @Test(arguments: Backend.allCases)
    func aBrokenRewriteChangesNothingAndTheNextGoodOneLands(_ backend: Backend) throws {
        let library = try Place(backend).open()
        let path = try bookmarkPath()
        let good = chromeBookmarks(["": [("https://a.example/", "A"), ("https://b.example/", "B")]])
        try replace(path, with: good)
        let watcher = BookmarkWatcher(path: path, file: "Bookmarks")
        _ = try watcher.land(watcher.read(), in: library)
        try replace(path, with: String(good.prefix(good.count / 2)))
        #expect(throws: BookmarkFileError.self) { try watcher.read() }
        do {
            _ = try watcher.read()
        } catch {
            #expect(error.description.hasPrefix("Bookmarks:"))
            #expect(!error.description.contains("\n"))
        }
        #expect(try listed(library) == ["https://a.example/   A", "https://b.example/   B"])
        try replace(path, with: chromeBookmarks(["": [("https://b.example/", "B")]]))
        #expect(try watcher.land(watcher.read(), in: library)?.removed == 1)
        #expect(try listed(library) == ["https://b.example/   B"])
    }

    @Test(arguments: Backend.allCases)
    func aRewriteThatChangesNoBookmarkWritesNothing(_ backend: Backend) throws {
        let place = try Place(backend)
        let library = try place.open()
        let path = try bookmarkPath()
        let text = chromeBookmarks(["": [("https://a.example/", "A")]])
        try replace(path, with: text)
        let watcher = BookmarkWatcher(path: path)
        _ = try watcher.land(watcher.read(), in: library)
        let follower = try #require(try place.open().follower(after: nil))
        _ = try follower.poll()
        try replace(path, with: text.replacingOccurrences(of: #""checksum": "0""#, with: #""checksum": "1""#))
        #expect(try watcher.land(watcher.read(), in: library) == nil)
        #expect(try follower.poll().isEmpty)
    }
}

/// Where a bookmark reader puts what it reads, as it reads it: folders by number, and each bookmark in its
/// folder. A reader never holds the bookmarks it has read; the sink decides what to keep (`BookmarkMerge` keeps
/// the items, compactly; `BookmarkList` keeps `Bookmark` values, for the readers' public entry points).
package protocol BookmarkSink {
    /// An empty sink.
    init()
    /// The folders met so far.
    var folders: BookmarkFolders { get set }
    /// Takes a bookmark or separator read in `folder` (nil: at the top); its own `folders` is not read.
    mutating func add(_ bookmark: Bookmark, in folder: Int32?)
}

/// The folders of a bookmark tree, by number, each with its parent and its name. A folder is numbered when the
/// reader meets it and named then or later: Chrome writes a folder's children before its name.
package struct BookmarkFolders {
    private var parents: [Int32] = []
    private var names: [String] = []
    /// Each folder's path made a tag, once asked for (`.some(nil)`: it makes none).
    private var tags: [String??] = []
    /// Folders opened by their path (`folder(path:)`), for bookmarks that come with their folder names.
    private var byPath: [[String]: Int32] = [:]

    package init() {}

    /// A new folder under `parent` (nil: at the top), named `name` (empty until it is named).
    package mutating func open(in parent: Int32?, name: String = "") -> Int32 {
        parents.append(parent ?? -1)
        names.append(name)
        tags.append(nil)
        return Int32(names.count - 1)
    }

    /// Names a folder opened before its name was read.
    package mutating func name(_ folder: Int32, _ name: String) {
        names[Int(folder)] = name
    }

    /// The folder whose path from the top is `path`, opened (with each folder above it) when first asked for;
    /// nil for no folders at all.
    mutating func folder(path: [String]) -> Int32? {
        guard !path.isEmpty else { return nil }
        if let known = byPath[path] { return known }
        let folder = open(in: folder(path: Array(path.dropLast())), name: path[path.count - 1])
        byPath[path] = folder
        return folder
    }

    /// The names of the folders from the top down to `folder`.
    func path(_ folder: Int32?) -> [String] {
        var path: [String] = []
        var at = folder.map(Int.init) ?? -1
        // A folder's parent was opened before it, so the walk up ends.
        while at >= 0 {
            path.append(names[at])
            at = Int(parents[at])
        }
        return path.reversed()
    }

    /// The folder's path as one nested tag (`BookmarkItems.folderTag`), made once per folder.
    mutating func tag(_ folder: Int32?) -> String? {
        guard let folder else { return nil }
        if let known = tags[Int(folder)] { return known }
        let tag = BookmarkItems.folderTag(path(folder))
        tags[Int(folder)] = .some(tag)
        return tag
    }
}

/// The bookmarks a reader read, as `Bookmark` values with their folder names: what the readers' public entry
/// points return (`ChromeBookmarks.read`, `FirefoxPlaces.bookmarks`).
package struct BookmarkList: BookmarkSink {
    package var folders = BookmarkFolders()
    private var read: [(bookmark: Bookmark, folder: Int32?)] = []

    package init() {}

    package mutating func add(_ bookmark: Bookmark, in folder: Int32?) {
        read.append((bookmark, folder))
    }

    /// The bookmarks in file order, each with its folders' names (known once the whole file is read).
    package var bookmarks: [Bookmark] {
        read.map { bookmark, folder in
            var named = bookmark
            named.folders = folders.path(folder)
            return named
        }
    }
}

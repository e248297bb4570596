import Foundation

/// What a tag may be called, checked once for every way a tag comes in (the `t` prompt, `favs tag`, a file's
/// `tags`): one or more names joined by `/` (each `/` nests: `dev/swift/server` is under `dev/swift`, under `dev`),
/// without spaces, control characters or `;` (the separator of a CSV/TSV `tags` cell), not starting with `#`,
/// `+` or `-` (what a search and the prompt read before a tag), and no empty name between slashes.
public enum TagPath {
    /// A tag's path as given, or the one-line reason it cannot be one.
    public static func parse(_ text: String) throws(TagError) -> String {
        guard !text.isEmpty else { throw TagError(tag: text, message: "a tag cannot be empty") }
        if let bad = text.unicodeScalars.first(where: { $0.properties.isWhitespace || $0.isControlCharacter || $0 == ";" }) {
            let what = bad == ";" ? "“;” (it separates tags in CSV and TSV)" : bad.properties.isWhitespace ? "a space" : "a control character"
            throw TagError(tag: text, message: "tag “\(shown(text))” has \(what)")
        }
        if let first = text.first, "#+-".contains(first) {
            throw TagError(tag: text, message: "tag “\(text)” cannot start with “\(first)”")
        }
        if text.split(separator: "/", omittingEmptySubsequences: false).contains(where: \.isEmpty) {
            throw TagError(tag: text, message: "tag “\(text)” has an empty name between slashes")
        }
        return text
    }

    /// A tag as a message may show it: control characters written as `\u{1B}`, never raw.
    static func shown(_ text: String) -> String {
        text.unicodeScalars.map { $0.isControlCharacter ? "\\u{\(String($0.value, radix: 16, uppercase: true))}" : String($0) }.joined()
    }

    /// The folders a tag is nested in, outermost first, and the tag itself last: `a/b/c` → `a`, `a/b`, `a/b/c`.
    public static func lineage(_ path: String) -> [String] {
        var result: [String] = []
        var end = path.startIndex
        while let slash = path[end...].firstIndex(of: "/") {
            result.append(String(path[..<slash]))
            end = path.index(after: slash)
        }
        result.append(path)
        return result
    }

    /// `path` with the folder `old` it is within renamed `new` (`work/x`, `work` to `job`: `job/x`); nil when it is
    /// not within `old`.
    public static func renaming(_ path: String, from old: String, to new: String) -> String? {
        guard isWithin(path, old) else { return nil }
        let rest = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst(lineage(old).count)
        return ([new] + rest.map(String.init)).joined(separator: "/")
    }

    /// Whether `path` is `folder` or nested under it, without case.
    public static func isWithin(_ path: String, _ folder: String) -> Bool {
        let p = path.lowercased(), f = folder.lowercased()
        return p == f || p.hasPrefix(f + "/")
    }
}

/// A tag that cannot be one, with the reason.
public struct TagError: Error, Equatable, Sendable, CustomStringConvertible {
    public var tag: String
    public var message: String
    public var description: String { message }
}

/// Tags to add and tags to take off, as `+work -old` words name them (the `t` prompt, `favs tag`): a tag asked twice
/// the same way (in any case) is taken once, and one asked both ways is refused by the caller, who says which words.
public struct TagChange: Equatable, Sendable {
    public private(set) var join: [String] = []
    public private(set) var leave: [String] = []

    public init() {}

    public var isEmpty: Bool { join.isEmpty && leave.isEmpty }

    /// Asks for a tag (checked by the caller) to be added, or taken off (`removing`); returns the spelling it was
    /// already asked the other way in, and then asks nothing.
    public mutating func ask(_ path: String, removing: Bool) -> String? {
        let (same, other) = removing ? (leave, join) : (join, leave)
        if let asked = other.first(where: { SetID.tag($0) == .tag(path) }) { return asked }
        guard !same.contains(where: { SetID.tag($0) == .tag(path) }) else { return nil }
        if removing { leave.append(path) } else { join.append(path) }
        return nil
    }
}

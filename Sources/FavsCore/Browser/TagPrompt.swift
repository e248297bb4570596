import FavsModel
import Foundation

/// The tag prompt's text (`t`): words typed on the status line, `+work` adding a tag, `-old` taking one off, a bare
/// `work` adding it; tab completing the last word from the library's tags. View state, like the filter's text: what
/// it asks becomes one `Action.changeMembers` on enter (Browser+Tags.swift). The same field names a tag anew (`r` in
/// the collections pane): then its text is the new path, and enter sends one `Action.renameTag`. It is the name
/// prompt too (`S`, and `r` on a saved search), whose text is a search's name.
struct TagPrompt: Equatable {
    var text = ""
    /// The path of the tag being renamed (the name of the search, in the name prompt); nil while the prompt tags
    /// items (or names the search on the list).
    var renaming: String?
    /// The tags a tab left to choose from (several start with the word), shown after the prompt until the next key.
    var candidates: [String] = []
    /// What the last tab found to say: no tag starts with the word.
    var note: String?
    /// Why enter did not apply the words (a word that is no tag); shown as an error until the text changes.
    var problem: String?

    /// The text edited (a character typed, one erased, all cleared): what the last tab or enter said goes with it.
    mutating func edit(_ change: (String) -> String) {
        text = change(text)
        candidates = []
        note = nil
        problem = nil
    }

    /// The words as a change: each checked by `TagPath.parse`, the first that is no tag giving the reason; a tag
    /// asked twice the same way counted once, and one both added and taken off refused (which was meant?).
    func change() -> Result<TagChange, TagProblem> {
        var change = TagChange()
        for word in text.split(whereSeparator: \.isWhitespace) {
            let removes = word.first == "-"
            let path: String
            do { path = try TagPath.parse(String(word.first == "+" || removes ? word.dropFirst() : word)) } catch {
                return .failure(TagProblem(message: error.message))
            }
            if change.ask(path, removing: removes) != nil {
                return .failure(TagProblem(message: "tag “\(path)” is both added and taken off"))
            }
        }
        return .success(change)
    }

    /// The new path a rename asks, or the one-line reason it is none; nil for an empty prompt (nothing to do).
    func newPath() -> Result<String?, TagProblem> {
        let path = text.trimmingCharacters(in: .whitespaces)
        guard !path.isEmpty else { return .success(nil) }
        do { return .success(try TagPath.parse(path)) } catch { return .failure(TagProblem(message: error.message)) }
    }

    /// Tab: the last word completed from `tags` (the library's, A–Z), by prefix without case, its `+`/`-` kept. One
    /// tag starting with it: the word becomes that tag and a space, ready for the next. Several: the word grows to
    /// what they all start with and they are listed (as zsh and fish list them at once, rather than bash's second
    /// tab). None: the word stays as typed (enter makes a new tag) and the prompt says so.
    mutating func complete(from tags: [String]) {
        let start = text.lastIndex(where: \.isWhitespace).map(text.index(after:)) ?? text.startIndex
        let word = text[start...]
        let sign = word.first.map { "+-".contains($0) ? String($0) : "" } ?? ""
        let typed = word.dropFirst(sign.count)
        let matches = tags.filter { $0.lowercased().hasPrefix(typed.lowercased()) }
        let before = String(text[..<start])
        edit { $0 }
        guard let first = matches.first else {
            note = "no tag starts with “\(typed)”"
            return
        }
        if matches.count == 1 {
            text = before + sign + first + " "
            return
        }
        let common = Self.commonPrefix(matches)
        if common.count > typed.count { text = before + sign + common }
        candidates = matches
    }

    /// What every one of `tags` starts with, without case, in the first's spelling.
    private static func commonPrefix(_ tags: [String]) -> String {
        guard let first = tags.first else { return "" }
        var length = first.count
        for tag in tags.dropFirst() {
            length = min(length, zip(first.lowercased(), tag.lowercased()).prefix { $0 == $1 }.count)
        }
        return String(first.prefix(length))
    }
}

/// Why the tag prompt's words are not a change, in one line.
struct TagProblem: Error, Equatable {
    var message: String
}

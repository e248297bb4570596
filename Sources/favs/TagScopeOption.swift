import ArgumentParser
import FavsLibrary
import FavsModel
import Foundation

/// `--tag TAG [--only]`, shared by `favs list` and `favs pick`: the items carrying a tag, with those nested under it
/// unless `--only`.
struct TagScopeOption: ParsableArguments {
    @Option(help: ArgumentHelp("Only the items carrying this tag or one nested under it.", valueName: "tag"))
    var tag: String?

    @Flag(help: "With --tag: only the items carrying that very tag, not those nested under it.")
    var only = false

    @Option(name: .customLong("favorites-of"),
            help: ArgumentHelp("Only the items this member of a team library starred (--favorites: yours).",
                               valueName: "member"))
    var favoritesOf: String?

    /// What the list is scoped to: a tag (with what is nested under it, unless --only), a member's stars, the
    /// favorites, or all.
    func scope(favorites: Bool) -> ListQuery.Scope {
        if let tag { return .members(only ? .tag(tag) : .tagFolder(tag)) }
        if let favoritesOf { return .members(.stars(of: favoritesOf)) }
        return favorites ? .favorites : .all
    }

    /// Checks the tag's name, and that `--favorites` (the command's) and `--only` go with it as they must.
    func validate(favorites: Bool) throws {
        if let tag {
            do { _ = try TagPath.parse(tag) } catch { throw ValidationError("--tag: \(error.message)") }
            if favorites { throw ValidationError("--tag and --favorites: choose one") }
            if favoritesOf != nil { throw ValidationError("--tag and --favorites-of: choose one") }
        } else if only {
            throw ValidationError("--only goes with --tag TAG")
        }
        if let favoritesOf {
            if favorites { throw ValidationError("--favorites and --favorites-of: choose one") }
            if favoritesOf.isEmpty { throw ValidationError("--favorites-of: a member's name, not nothing") }
        }
    }
}

extension ListQuery.Scope {
    /// The scope as this library holds it: a member's stars that are yours are the favorites. A library without
    /// members (`ItemLibrary.member` nil) has no one else's: asking for them is an error, not an empty list.
    func resolved(for library: any ItemLibrary) throws -> ListQuery.Scope {
        guard let member = set?.starsMember else { return self }
        guard let you = library.member else {
            throw failure("--favorites-of: library \(library.location) keeps one set of favorites (members star apart only in a team library)",
                          .usage)
        }
        return member == you ? .favorites : self
    }
}

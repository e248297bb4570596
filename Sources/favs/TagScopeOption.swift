import ArgumentParser
import FavsModel

/// `--tag TAG [--only]`, shared by `favs list` and `favs pick`: the items carrying a tag, with those nested under it
/// unless `--only`.
struct TagScopeOption: ParsableArguments {
    @Option(help: ArgumentHelp("Only the items carrying this tag or one nested under it.", valueName: "tag"))
    var tag: String?

    @Flag(help: "With --tag: only the items carrying that very tag, not those nested under it.")
    var only = false

    /// What the list is scoped to: a tag (with what is nested under it, unless --only), the favorites, or all.
    func scope(favorites: Bool) -> ListQuery.Scope {
        if let tag { return .members(only ? .tag(tag) : .tagFolder(tag)) }
        return favorites ? .favorites : .all
    }

    /// Checks the tag's name, and that `--favorites` (the command's) and `--only` go with it as they must.
    func validate(favorites: Bool) throws {
        if let tag {
            do { _ = try TagPath.parse(tag) } catch { throw ValidationError("--tag: \(error.message)") }
            if favorites { throw ValidationError("--tag and --favorites: choose one") }
        } else if only {
            throw ValidationError("--only goes with --tag TAG")
        }
    }
}

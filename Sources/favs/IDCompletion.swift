import ArgumentParser
import FavsLibrary
import FavsModel
import Foundation

/// Shell completion for the ids of `favs fav|unfav|delete|restore`: the ids of the library the command line would
/// use (its `--library`, else the usual resolution) that the command can change, starting with what is typed.
/// Completion runs on every TAB, so any problem (no library, a bad config file) means no ids and no message.
extension CompletionKind {
    static func ids(changedBy command: ItemCommand) -> CompletionKind {
        .custom { words, _, prefix in
            guard let location = try? completionLocation(words: words),
                  let library = try? openExistingLibrary(location),
                  let ids = try? library.ids(changedBy: command) else { return [] }
            return ids.map(\.rawValue).filter { $0.hasPrefix(prefix) }
        }
    }
}

/// The library `words` (the command line so far) name with `--library PATH` or `--library=PATH`, else the one
/// `$FAVS_LIBRARY`, the config file or the default location gives, as for the command itself (quietly).
func completionLocation(words: [String]) throws -> LibraryLocation {
    var option: String?
    for (index, word) in words.enumerated() {
        if word == "--library", index + 1 < words.count {
            option = words[index + 1]
        } else if word.hasPrefix("--library=") {
            option = String(word.dropFirst("--library=".count))
        }
    }
    return try LibraryLocation.resolve(option: option, environment: ProcessInfo.processInfo.environment,
                                       configured: { StartupConfig.load().config.library })
}

import FavsLibrary
import FavsModel
import FavsPostgres
import Foundation

/// The library at `location`: a SQLite file (or `:memory:`), or a schema on a PostgreSQL server. Created when
/// missing (a file's folders only at the default location), and seeded with the sample when `seedIfNew`.
func openLibrary(_ location: LibraryLocation, seedIfNew: Bool) throws -> any ItemLibrary {
    if location.isPostgres {
        return keepingOwnStars(try PostgresLibrary.open(url: location.path, seedIfNew: seedIfNew, timeout: serverTimeout))
    }
    return try SQLiteLibrary.open(location, seedIfNew: seedIfNew)
}

/// A team library the member's role may only read, with their own stars kept on this machine beside it
/// (`PersonalStarsLibrary`); any other as it is. A file of stars that cannot be made or opened (a home folder
/// that cannot be written) leaves the library read-only as it was, whatever the command: `favs fav` says why
/// (`ownStars(in:)`).
private func keepingOwnStars(_ library: PostgresLibrary) -> any ItemLibrary {
    (try? ownStars(in: library)) ?? library
}

/// The team library with the member's own stars beside it; nil when the role may write it (or its tables are too
/// old for members' stars). Throws when the file of stars cannot be opened.
private func ownStars(in library: PostgresLibrary) throws -> PersonalStarsLibrary? {
    guard let stars = try library.personalStarsLocation(environment: ProcessInfo.processInfo.environment) else { return nil }
    return try PersonalStarsLibrary(team: library, starsAt: stars)
}

/// The library an import or a copy writes into, created when missing but never seeded. On a PostgreSQL server
/// its tables are made by the import's own transaction, so a failed or killed one leaves the schema as it was; a
/// new file is the command's to remove.
func openLibraryToFill(_ location: LibraryLocation) throws -> any ItemLibrary {
    if location.isPostgres {
        return sayingOpeningNotice(try PostgresLibrary.open(url: location.path, seedIfNew: false, tablesWithFirstWrite: true,
                                                            timeout: serverTimeout))
    }
    return try SQLiteLibrary.open(location, seedIfNew: false)
}

/// A library that must exist already: never created or seeded. A file is opened read-only unless `readOnly` is
/// false, so reading one writes nothing.
func openExistingLibrary(_ location: LibraryLocation, readOnly: Bool = true) throws -> any ItemLibrary {
    if location.isPostgres {
        return sayingOpeningNotice(keepingOwnStars(try PostgresLibrary.open(url: location.path, seedIfNew: false,
                                                                            mustExist: true, timeout: serverTimeout)))
    }
    return try SQLiteLibrary.openExisting(location, readOnly: readOnly)
}

/// A command's library, with what opening it did said on stderr (`ItemLibrary.openingNotice`; the browser shows it
/// on its status line instead).
private func sayingOpeningNotice(_ library: any ItemLibrary) -> any ItemLibrary {
    say(openingNotice: library.openingNotice)
    return library
}

/// Says on stderr what opening a library did (`ItemLibrary.openingNotice`), when it did something.
private func say(openingNotice notice: String?) {
    if let notice { FileHandle.standardError.write(Data("favs: \(notice)\n".utf8)) }
}

/// Puts items in tags and takes them out (`favs tag`) on a library that must exist: a team library is checked with the
/// change itself, two trips to the server after the login, as `apply` does.
func changeMembers(_ ids: [ItemID], join: [SetID], leave: [SetID], at location: LibraryLocation) throws -> [ItemID] {
    if location.isPostgres {
        let (changed, notice) = try PostgresLibrary.changeMembers(ids, join: join, leave: leave, url: location.path,
                                                                  timeout: serverTimeout)
        say(openingNotice: notice)
        return changed
    }
    return try openExistingLibrary(location, readOnly: false).changeMembers(ids, join: join, leave: leave)
}

/// Applies a command-line change (`favs fav`, `unfav`, `delete`, `restore`) to a library that must exist. A team
/// library is checked with the change itself, so the command costs two trips to the server after the login.
///
/// A star of a member whose role may only read the team library is kept in their own file on this machine
/// (`PersonalStarsLibrary`), each id checked in the library first; stderr says where.
func apply(_ command: ItemCommand, to ids: [ItemID], at location: LibraryLocation) throws -> [ItemID] {
    if location.isPostgres {
        var kept: (stars: String, location: String, role: String)?
        let (changed, notice) = try PostgresLibrary.apply(
            command, to: ids, url: location.path, timeout: serverTimeout,
            readOnly: command != .favorite && command != .unfavorite ? nil : { team in
                guard let opened = try ownStars(in: team), let stars = opened.personalStars else {
                    return try team.apply(command, to: ids)  // refused: the library is read-only
                }
                let changed = try opened.apply(command, to: ids)
                kept = (stars, team.location, team.role)
                return changed
            })
        say(openingNotice: notice)
        if let kept {
            FileHandle.standardError.write(Data("""
                favs: your role \(kept.role) may only read library \(kept.location): your stars are kept on this machine, in \(kept.stars)

                """.utf8))
        }
        return changed
    }
    return try openExistingLibrary(location, readOnly: false).apply(command, to: ids)
}

/// The config file's `timeout` for a team library's server (what is wrong with the file is said where the command
/// reads it for everything else; here its defaults stand in).
private var serverTimeout: Int { StartupConfig.load().config.timeout }

/// Work done on a thread of its own (a team library opening while the screen says "connecting", stdin read while a
/// picker opens its memory): `take` is nil until it ends, then its value or its error; `wait` waits for it. What it
/// made belongs to the thread that takes it.
final class InBackground<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private let ended = DispatchSemaphore(value: 0)
    /// Guarded by `lock`.
    private var outcome: Result<Value, any Error>?

    init(_ work: @escaping @Sendable () throws -> Value) {
        Thread.detachNewThread { [self] in
            let result = Result { try work() }
            lock.withLock { outcome = result }
            ended.signal()
        }
    }

    func take() -> Result<Value, any Error>? { lock.withLock { outcome } }

    /// The work's value once it ends; throws its error.
    func wait() throws -> Value {
        ended.wait()
        ended.signal()  // for a later `wait`
        // Set before the signal: never nil here.
        guard let outcome = take() else { preconditionFailure("InBackground signalled before its outcome was set") }
        return try outcome.get()
    }
}

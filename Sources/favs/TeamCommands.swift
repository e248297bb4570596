import ArgumentParser
import FavsExitStatus
import FavsLibrary
import FavsCore
import FavsPostgres
import Foundation

/// `favs team`: what a team library's members do about each other's stars.
struct Team: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "team",
        abstract: "Members' stars in a team library (postgres://).",
        discussion: """
            In a team library each member keeps their own stars: who you are is the role you log in as, or \
            member=NAME in the library's URL when a team logs in as one role. Tags and saved searches are \
            everyone's. favs list --favorites lists yours, --favorites-of NAME another member's; the browser's \
            collections pane shows ★ Mine and ★ Team, every item someone starred with how many did.
            """,
        subcommands: [ClaimFavorites.self])
}

/// `favs team claim-favorites`: the stars a library had before each member kept their own, moved to you.
struct ClaimFavorites: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "claim-favorites",
        abstract: "Take the stars the library had before each member kept their own.",
        discussion: """
            When a team library is upgraded to members' own stars, its one set of favorites becomes the stars of \
            the member whose favs upgraded it (their screen says so once). claim-favorites, run by another member, \
            moves those stars to them: they leave the first member's stars (a star that member gave one of them \
            since goes too) and join yours, each with the time it was made. Every favs following the library shows \
            it at once. It prints how many stars moved.
            """ + "\n\n" + ExitStatus.sentence(exitStatuses))

    static let exitStatuses: [ExitStatus] = [.success, .nothingToClaim, .usage] + ExitStatus.libraryOpen

    @OptionGroup var library: LibraryOption

    func run() throws {
        let location = try library.location()
        guard location.isPostgres else {
            throw failure("library \(location.display) keeps one set of favorites: members star apart only in a team library (postgres://)",
                          .usage)
        }
        let opened: any ItemLibrary
        do {
            opened = try openExistingLibrary(location, readOnly: false)
        } catch {
            throw failure(opening: error)
        }
        // A member who may only read it keeps their stars apart: the claim is the team library's to refuse.
        guard let team = ((opened as? PersonalStarsLibrary)?.team ?? opened) as? PostgresLibrary else { return }
        let claim: PostgresLibrary.Claim
        do {
            claim = try team.claimFavorites()
        } catch let nothing as PostgresLibrary.NothingToClaim {
            throw failure(nothing.description, .nothingToClaim)
        } catch {
            throw failure(opening: error)
        }
        let stars = claim.count == 1 ? "star" : "stars"
        try StandardOutput.write("\(claim.count) \(stars) from before members kept their own: \(Sanitize.visible(claim.from))'s, now yours\n")
    }
}

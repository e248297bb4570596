import Foundation
import Testing

/// Faults a team meets when it opens its library on a server: a server that speaks another language, and a
/// network that drops every packet while a browser starts.
@Suite struct ConnectionFaultTests {
    /// A server whose messages are German (`lc_messages=de_DE.UTF-8`, as a German team's server may be): a wrong
    /// password still exits 77 with favs's own English words and an unknown database 66, as on an English server.
    /// (Both exited 69: a failed login was told apart by the server's English words, and the German ones were
    /// taken for an unreachable server.)
    @Test(.enabled(if: GermanLocale.canBeMade, "no German locale can be made: localedef or the locales package is missing (make deps installs it)"))
    func aServerInAnotherLanguageGetsTheSameExitStatusesAndWords() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let locales = try await GermanLocale.make(in: scratch)
        let server = try await Postgres.Server(scratch: scratch, environment: ["FAVS_TEST_LC_MESSAGES": GermanLocale.name,
                                                                             "LOCPATH": locales])
        do {
            guard let components = URLComponents(string: server.url), let password = components.password,
                  let port = components.port else { throw HarnessError("the server's URL has no password or port: \(server.url)") }
            let wrong = server.url.replacingOccurrences(of: ":\(password)@", with: ":not-the-password@")
            // The server does speak German: psql shows its words.
            let refused = try await run("/usr/bin/psql", [wrong, "-X", "-c", "SELECT 1"], environment: pinnedEnvironment(home: scratch.url),
                                        in: scratch.url)
            #expect(refused.err.contains("Passwort-Authentifizierung für Benutzer »favs« fehlgeschlagen"), "psql said: \(refused.err)")

            func expect(_ library: String, _ status: Int32, _ message: String,
                        sourceLocation: SourceLocation = #_sourceLocation) async throws {
                for command in [["list"], ["fav", "rec-001"]] {
                    let result = try await run(try favsBinary(), command + ["--library", library],
                                               environment: pinnedEnvironment(home: scratch.url), in: scratch.url)
                    #expect(result.status == status, "favs \(command[0]): \(result.err)", sourceLocation: sourceLocation)
                    #expect(result.err == "favs: \(message)\n", sourceLocation: sourceLocation)
                    #expect(result.out == "", sourceLocation: sourceLocation)
                }
            }
            try await expect(wrong, 77,
                             "cannot log in to library postgres://favs:***@127.0.0.1:\(port)/postgres: password authentication failed for user \"favs\"")
            let missing = server.url.replacingOccurrences(of: "/postgres", with: "/nosuchdb")
            try await expect(missing, 66,
                             "cannot open library postgres://favs:***@127.0.0.1:\(port)/nosuchdb: the server has no database 'nosuchdb'")
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }
}

/// A German locale for a test server, made with `localedef` into a folder of the test's (the server finds it by
/// `LOCPATH`): nothing on the machine changes, and no locale need be installed.
enum GermanLocale {
    static let name = "de_DE.UTF-8"

    /// localedef (libc-bin) and its sources for German in UTF-8 (the locales package).
    static let canBeMade = hasProgram("localedef")
        && FileManager.default.fileExists(atPath: "/usr/share/i18n/locales/de_DE")
        && FileManager.default.fileExists(atPath: "/usr/share/i18n/charmaps/UTF-8.gz")

    /// Makes the locale in `scratch` and returns the folder for `LOCPATH` (readable by the server's user).
    static func make(in scratch: Scratch) async throws -> String {
        let folder = scratch.path("locales")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let result = try await run("/usr/bin/env", ["localedef", "-i", "de_DE", "-f", "UTF-8", folder + "/" + name],
                                   environment: pinnedEnvironment(home: scratch.url), in: scratch.url)
        guard FileManager.default.fileExists(atPath: folder + "/" + name + "/LC_MESSAGES") else {
            throw HarnessError("localedef could not make \(name) (\(result.status)): \(result.err)")
        }
        return folder
    }
}

import Foundation
import Testing

/// A private PostgreSQL server "on another machine" (scripts/netns-pg.sh): in a network namespace of its own,
/// reached over a veth pair, with the faults a real network has. Use it through `running`, which stops it (the
/// cluster, the namespace, the proxy) however the test ends.
final class NamespacedServer {
    let folder: String
    /// Straight to the server's address in the namespace.
    let url: String
    let scratch: Scratch
    /// The namespace's name, to check that `stop` removed it.
    private(set) var namespace = ""

    private init(scratch: Scratch) async throws {
        self.scratch = scratch
        folder = NSTemporaryDirectory() + "favs-netns-\(UUID().uuidString.prefix(8))"
        url = try await Self.call(["start", folder], in: scratch)
        namespace = (try? String(contentsOfFile: folder + "/namespace", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    }

    /// Every packet between this machine and the server dropped, both ways, without a word to either side.
    func drop() async throws { try await call("drop") }
    /// That share of the packets dropped at random, both ways.
    func loss(percent: Int) async throws { try await call("loss", "\(percent)") }
    /// No more drop or loss.
    func heal() async throws { try await call("heal") }
    /// Starts (or restarts) a proxy on loopback that holds every chunk this long each way; returns its URL.
    func delay(milliseconds: Int) async throws -> String { try await call("delay", "\(milliseconds)") }
    func undelay() async throws { try await call("undelay") }

    /// The command that runs what follows it inside the namespace, on the server's side of a partition (as a
    /// `Tmux` launcher, or before `favs`): it reaches the server at `url` whatever `drop` and `loss` do.
    var launcher: [String] { [Self.scripts.appendingPathComponent("netns-pg.sh").path, "exec", folder] }

    /// `netns-pg.sh COMMAND DIR` as shell text, to run in one shell command line with something else.
    func shellCommand(_ command: String) -> String {
        [Self.scripts.appendingPathComponent("netns-pg.sh").path, command, folder].map(shellQuoted).joined(separator: " ")
    }

    /// Stops everything and records an issue if anything is left: a namespace, or a process (the cluster, the
    /// proxy) whose command line names the folder.
    func stop() async {
        do {
            _ = try await call("stop")
        } catch {
            Issue.record("netns-pg.sh stop: \(error)")
        }
        let environment = pinnedEnvironment(home: scratch.url)
        if !namespace.isEmpty, let namespaces = try? await run("/usr/sbin/ip", ["netns", "list"], environment: environment,
                                                               in: scratch.url) {
            #expect(!namespaces.out.contains(namespace), "netns-pg.sh stop left the namespace \(namespace)")
        }
        if let left = try? await run("/usr/bin/pgrep", ["-af", folder], environment: environment, in: scratch.url) {
            #expect(left.out.isEmpty, "netns-pg.sh stop left processes behind:\n\(left.out)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder), "netns-pg.sh stop left \(folder)")
    }

    /// A server for `body`, stopped however `body` ends.
    static func running(_ body: (NamespacedServer, Scratch) async throws -> Void) async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let server = try await NamespacedServer(scratch: scratch)
        do {
            try await body(server, scratch)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    @discardableResult
    private func call(_ arguments: String...) async throws -> String {
        try await Self.call([arguments[0], folder] + arguments.dropFirst(), in: scratch)
    }

    private static func call(_ arguments: [String], in scratch: Scratch) async throws -> String {
        let result = try await run(scripts.appendingPathComponent("netns-pg.sh").path, arguments,
                                   environment: ProcessInfo.processInfo.environment, in: scratch.url)
        guard result.status == 0 else {
            throw HarnessError("netns-pg.sh \(arguments.joined(separator: " ")) failed (\(result.status)): \(result.err)")
        }
        return result.out.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static var scripts: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts")
    }

    /// Whether this machine can run the server: `netns-pg.sh check` (root, a namespace made and removed, nft
    /// working inside it, PostgreSQL installed). Asked once, when the tests are planned.
    static let available: Bool = {
        guard getuid() == 0,
              let pid = try? spawn(scripts.appendingPathComponent("netns-pg.sh").path, ["check"],
                                   environment: ProcessInfo.processInfo.environment, directory: "/",
                                   stdin: "/dev/null", stdout: "/dev/null", stderr: "/dev/null") else { return false }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return status == 0
    }()
}

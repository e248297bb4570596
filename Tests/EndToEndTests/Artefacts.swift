import Foundation
import Testing

/// What `make dist` and `make deb` wrote for the tests: make test runs `make dist deb CONFIG=debug` into a folder
/// before `swift test` (a build inside a test would wait on the lock `swift test` holds) and names it in
/// FAVS_DIST_DIR. The same rules as a release; CONFIG=debug only builds the static binary unoptimised, and sooner.
enum Artefacts {
    /// FAVS_DIST_DIR, when make test set it.
    static let folder: String? = {
        guard let given = ProcessInfo.processInfo.environment["FAVS_DIST_DIR"], !given.isEmpty else { return nil }
        return given
    }()

    /// Why the artefact tests are skipped.
    static let missing: Comment = "FAVS_DIST_DIR is unset: make test builds the artefacts (make dist deb CONFIG=debug) and sets it"

    /// The version, read from its one line as the Makefile reads it.
    static func version() throws -> String {
        let source = try String(contentsOf: InstallTests.packageRoot.appendingPathComponent("Sources/favs/Version.swift"),
                                encoding: .utf8)
        let prefix = "let favsVersion = \""
        guard let line = source.split(separator: "\n").first(where: { $0.hasPrefix(prefix) && $0.hasSuffix("\"") }) else {
            throw HarnessError("Sources/favs/Version.swift has no line `let favsVersion = \"…\"`")
        }
        return String(line.dropFirst(prefix.count).dropLast())
    }

    /// The one file in the folder whose name has this prefix and suffix.
    static func file(prefix: String, suffix: String) throws -> String {
        guard let folder else { throw HarnessError(missing.rawValue) }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
            .filter { $0.hasPrefix(prefix) && $0.hasSuffix(suffix) }
        guard names.count == 1, let name = names.first else {
            throw HarnessError("expected one \(prefix)*\(suffix) in \(folder), found \(names)")
        }
        return folder + "/" + name
    }

    /// The shared libraries `ldd` says the binary loads: soname and the file it resolved to (nil when not found).
    static func sharedLibraries(of binary: String, in scratch: Scratch) async throws -> [(name: String, path: String?)] {
        let ldd = try await run("/usr/bin/env", ["ldd", binary], environment: pinnedEnvironment(home: scratch.url),
                                in: scratch.url)
        try #require(ldd.status == 0, "ldd \(binary): \(ldd.err)")
        return ldd.out.split(separator: "\n").compactMap { line in
            let words = line.split(whereSeparator: \.isWhitespace).map(String.init)
            guard let name = words.first else { return nil }
            if words.count >= 3, words[1] == "=>" { return (name, words[2] == "not" ? nil : words[2]) }
            return (name, name.hasPrefix("/") ? name : nil)  // the loader itself, or the kernel's vDSO
        }
    }

    /// The libraries the binary names itself (its ELF `NEEDED` entries, from `readelf -d`), each with where ldd
    /// finds it: what the package's Depends must cover. What they load in turn (libpq's Kerberos, LDAP and
    /// OpenSSL) is their own packages' business.
    static func neededLibraries(of binary: String, in scratch: Scratch) async throws -> [(name: String, path: String?)] {
        let readelf = try await run("/usr/bin/env", ["readelf", "-d", binary], environment: pinnedEnvironment(home: scratch.url),
                                    in: scratch.url)
        try #require(readelf.status == 0, "readelf -d \(binary): \(readelf.err)")
        let loaded = try await sharedLibraries(of: binary, in: scratch)
        return readelf.out.split(separator: "\n").compactMap { line -> (name: String, path: String?)? in
            guard line.contains("(NEEDED)"), let open = line.firstIndex(of: "["), let close = line.lastIndex(of: "]") else {
                return nil
            }
            let name = String(line[line.index(after: open)..<close])
            // ldd names the loader by its path (`/lib64/ld-linux-x86-64.so.2`).
            return (name, loaded.first { $0.name == name || $0.name.hasSuffix("/" + name) }?.path)
        }
    }

    /// Where the system's loader finds a library (`ldconfig -p`), nil when it has none of that name.
    static func systemLibrary(_ name: String, in scratch: Scratch) async throws -> String? {
        let cache = try await run("/usr/bin/env", ["PATH=/usr/sbin:/sbin:/usr/bin:/bin", "ldconfig", "-p"],
                                  environment: pinnedEnvironment(home: scratch.url), in: scratch.url)
        try #require(cache.status == 0, "ldconfig -p: \(cache.err)")
        return cache.out.split(separator: "\n").lazy
            .compactMap { line -> String? in
                let words = line.split(whereSeparator: \.isWhitespace)
                guard words.first == Substring(name), let arrow = words.firstIndex(of: "=>"), arrow + 1 < words.count
                else { return nil }
                return String(words[arrow + 1])
            }.first
    }

    /// The Swift toolchain's folder (`/opt/swift` for `/opt/swift/usr/bin/swift`), found as `which swift` and
    /// `readlink -f` find it; nil when swift is not on PATH or lives in the system's own /usr.
    static let toolchain: String? = {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
            .map { "\($0)/swift" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let path else { return nil }
        // <toolchain>/usr/bin/swift-driver, or <toolchain>/bin/… for a toolchain without usr/.
        var folder = URL(fileURLWithPath: path).resolvingSymlinksInPath().deletingLastPathComponent()
            .deletingLastPathComponent()
        if folder.lastPathComponent == "usr" { folder.deleteLastPathComponent() }
        return ["/", "/usr", ""].contains(folder.path) ? nil : folder.path
    }()
}

/// Runs `binary ARGS` in a mount namespace of its own (`unshare -m`: root) after `mount MOUNT` there, so that one
/// process alone sees a folder hidden or a file replaced. Also says how long `binary` itself ran, timed in the
/// child around it alone: the test process's own scheduling (its pool busy with other suites at the start of
/// make test) is left out. Nil when the mount failed.
func runMounting(_ mount: [String], _ binary: String, _ arguments: [String], stdin: String? = nil,
                 in scratch: Scratch) async throws -> (result: RunResult, milliseconds: Int?) {
    let timing = scratch.path("run-\(UUID().uuidString.prefix(8))-ms")
    let script = #"""
        n=$1; shift; mount "${@:1:n}" || exit 1; shift "$n"; out=$1; shift
        start=$(date +%s%N); "$@"; status=$?
        echo $(( ($(date +%s%N) - start) / 1000000 )) > "$out"; exit $status
        """#
    let result = try await run("/usr/bin/env", ["unshare", "--mount", "--propagation", "private", "/bin/bash", "-c", script,
                                                "bash", String(mount.count)] + mount + [timing, binary] + arguments,
                               stdin: stdin, environment: pinnedEnvironment(home: scratch.url), in: scratch.url)
    let milliseconds = (try? String(contentsOfFile: timing, encoding: .utf8))
        .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    return (result, milliseconds)
}

/// Runs `binary ARGS` with an empty tmpfs over `hidden` (the toolchain's folder), as a machine without that
/// toolchain would.
func runHiding(_ hidden: String, _ binary: String, _ arguments: [String], stdin: String? = nil,
               in scratch: Scratch) async throws -> RunResult {
    try await runMounting(["-t", "tmpfs", "favs-test-hides", hidden], binary, arguments, stdin: stdin, in: scratch).result
}

/// Runs `binary ARGS` with `file` emptied for it alone (/dev/null bound over it).
func runEmptying(_ file: String, _ binary: String, _ arguments: [String], in scratch: Scratch) async throws -> RunResult {
    try await runMounting(["--bind", "/dev/null", file], binary, arguments, in: scratch).result
}

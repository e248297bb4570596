import Foundation
import Testing

/// `make deb`: the package's files lie under /usr where Debian's readers look, its control fields name the version
/// and a dependency for every library the binary loads, and apt installs it and removes every file of it.
@Suite(.enabled(if: Artefacts.folder != nil, Artefacts.missing))
struct DebianPackageTests {
    static let files = [
        "./usr/bin/favs", "./usr/share/bash-completion/completions/favs", "./usr/share/doc/favs/copyright",
        "./usr/share/fish/vendor_completions.d/favs.fish", "./usr/share/man/man1/favs.1.gz",
        "./usr/share/zsh/vendor-completions/_favs",
    ]

    @Test func thePackageHoldsItsFilesUnderUsrOwnedByRoot() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let version = try Artefacts.version()
        let deb = try Artefacts.file(prefix: "favs_", suffix: ".deb")
        #expect(URL(fileURLWithPath: deb).lastPathComponent == "favs_\(version)_\(try await architecture(in: scratch)).deb")

        let contents = try await tool(["dpkg-deb", "-c", deb], in: scratch)
        let entries = contents.split(separator: "\n").map { $0.split(whereSeparator: \.isWhitespace).map(String.init) }
        let files = entries.filter { $0.first?.hasPrefix("-") == true }.compactMap(\.last).sorted()
        #expect(files == Self.files)
        for entry in entries {
            #expect(entry.count >= 6 && entry[1] == "root/root", "not owned by root: \(entry.joined(separator: " "))")
        }
        #expect(entries.first { $0.last == "./usr/bin/favs" }?.first == "-rwxr-xr-x")
    }

    @Test func theControlFieldsNameTheVersionAndAPackageForEveryLibraryTheBinaryLoads() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let deb = try Artefacts.file(prefix: "favs_", suffix: ".deb")
        let fields = try await tool(["dpkg-deb", "-f", deb, "Package", "Version", "Architecture", "Depends", "Recommends"],
                                    in: scratch)
        var field: [String: String] = [:]
        for line in fields.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2 { field[parts[0]] = parts[1] }
        }
        #expect(field["Package"] == "favs")
        #expect(field["Version"] == (try Artefacts.version()))
        #expect(field["Architecture"] == (try await architecture(in: scratch)))

        // dpkg-shlibdeps worked Depends out; here ldd and dpkg -S check it from the other side.
        let depends = Set((field["Depends"] ?? "").split(separator: ",").compactMap {
            $0.split(whereSeparator: \.isWhitespace).first.map(String.init)
        })
        _ = try await tool(["dpkg-deb", "-x", deb, scratch.path("root")], in: scratch)
        let needed = try await Artefacts.neededLibraries(of: scratch.path("root/usr/bin/favs"), in: scratch)
        #expect(!needed.contains { $0.name == "libpq.so.5" }, "libpq is loaded when a team library is opened, not at launch")
        for library in needed {
            guard let path = library.path else {
                Issue.record("\(library.name) is not found")
                continue
            }
            let package = try await owner(of: path, in: scratch)
            #expect(depends.contains(package), "\(library.name) is \(package)'s, which Depends lacks: \(field["Depends"] ?? "")")
        }
        // libpq, loaded when a team library is opened, is recommended by hand: the package that holds it here.
        #expect(field["Recommends"] == "libpq5 (>= 9.2)")
        if let libpq = try await Artefacts.systemLibrary("libpq.so.5", in: scratch) {
            #expect(try await owner(of: libpq, in: scratch) == "libpq5")
        }
    }

    /// The package that installed a file, as `dpkg -S` names it.
    private func owner(of path: String, in scratch: Scratch) async throws -> String {
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let owner = try await run("/usr/bin/env", ["dpkg", "-S", resolved], environment: pinnedEnvironment(home: scratch.url),
                                  in: scratch.url)
        // /lib is a link to /usr/lib on a merged-/usr system, and dpkg knows a file by the path its package gave.
        let owners = owner.status == 0 ? owner.out : try await tool(["dpkg", "-S", path], in: scratch)
        return owners.split(separator: ":").first.map(String.init) ?? ""
    }

    @Test(.enabled(if: getuid() == 0, "apt-get install needs root"),
          .enabled(if: hasProgram("apt-get"), "apt-get is not installed"),
          .enabled(if: !isInstalled("favs"), "a favs package is installed already: this test would replace it"))
    func aptInstallsThePackageAndRemoveLeavesNothingOfIt() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let deb = try Artefacts.file(prefix: "favs_", suffix: ".deb")
        let contents = try await tool(["dpkg-deb", "-c", deb], in: scratch)
        let paths = contents.split(separator: "\n").compactMap { $0.split(whereSeparator: \.isWhitespace).last }
            .map { String($0.dropFirst()).replacingOccurrences(of: #"/$"#, with: "", options: .regularExpression) }
            .filter { !$0.isEmpty }
        let new = paths.filter { !FileManager.default.fileExists(atPath: $0) }

        var environment = pinnedEnvironment(home: scratch.url)
        environment["DEBIAN_FRONTEND"] = "noninteractive"
        let lock = ["-o", "DPkg::Lock::Timeout=120"]
        // apt-get reads its lists and unpacks 80 MB: over a minute once, on 2 cores busy with the other tests.
        let install = try await run("/usr/bin/env", ["apt-get", "install", "-y", "-q"] + lock + [deb],
                                    environment: environment, in: scratch.url, limit: .seconds(300))
        var listed: [String] = []
        if install.status == 0 {
            let version = try await run("/usr/bin/favs", ["--version"], environment: environment, in: scratch.url)
            #expect(version.out == "favs \(try Artefacts.version())\n")
            listed = try await tool(["dpkg", "-L", "favs"], in: scratch).split(separator: "\n").map(String.init)
        }
        // remove, not purge: the package has no conffiles, so nothing of it may stay behind.
        let remove = try await run("/usr/bin/env", ["apt-get", "remove", "-y", "-q"] + lock + ["favs"],
                                  environment: environment, in: scratch.url)
        try #require(install.status == 0, "apt-get install \(deb) failed:\n\(install.out)\n\(install.err)")
        #expect(remove.status == 0, "apt-get remove favs failed:\n\(remove.err)")

        for file in Self.files.map({ String($0.dropFirst()) }) {
            #expect(listed.contains(file), "dpkg -L favs lacks \(file)")
        }
        for path in listed + new {
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
            // A folder that was there before (/usr/bin) stays; every file goes, and every folder the package made.
            #expect(!exists || (isFolder.boolValue && !new.contains(path)), "\(path) is still there after apt-get remove")
        }
        #expect(!isInstalled("favs"))
        #expect(!dpkgKnows("favs"), "dpkg still records favs after apt-get remove")
    }

    // MARK: Helpers

    /// `dpkg --print-architecture`, as the Makefile names the package.
    private func architecture(in scratch: Scratch) async throws -> String {
        try await tool(["dpkg", "--print-architecture"], in: scratch).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Runs a tool that must succeed; returns what it printed.
    private func tool(_ arguments: [String], in scratch: Scratch,
                      sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let result = try await run("/usr/bin/env", arguments, environment: pinnedEnvironment(home: scratch.url), in: scratch.url)
        try #require(result.status == 0, "\(arguments.joined(separator: " ")) failed:\n\(result.err)",
                     sourceLocation: sourceLocation)
        return result.out
    }
}

/// Whether dpkg's status has an entry for this package at all (a removed package with conffiles keeps one).
func dpkgKnows(_ package: String) -> Bool {
    guard let status = try? String(contentsOfFile: "/var/lib/dpkg/status", encoding: .utf8) else { return false }
    return status.components(separatedBy: "\n\n").contains { $0.hasPrefix("Package: \(package)\n") }
}

/// Whether dpkg has this package installed (its status says "install ok installed").
func isInstalled(_ package: String) -> Bool {
    guard let status = try? String(contentsOfFile: "/var/lib/dpkg/status", encoding: .utf8) else { return false }
    return status.components(separatedBy: "\n\n").contains {
        $0.hasPrefix("Package: \(package)\n") && $0.contains("\nStatus: install ok installed")
    }
}

import FavsCore
import Foundation

// favs-man VERSION < dump-help.json > favs.1
// Writes the manual page from `favs --experimental-dump-help` (on stdin) and favs's key map.

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 1, let version = arguments.first else {
    FileHandle.standardError.write(Data("usage: favs --experimental-dump-help | favs-man \"$(favs --version)\" > favs.1\n".utf8))
    exit(64)
}
do {
    let info = try JSONDecoder().decode(ToolInfo.self, from: FileHandle.standardInput.readDataToEndOfFile())
    guard info.serializationVersion == 0 else {
        FileHandle.standardError.write(Data("favs-man: ToolInfo version \(info.serializationVersion), expected 0\n".utf8))
        exit(65)
    }
    print(ManualPage(tool: info.command, version: version, keyMap: .standard).roff, terminator: "")
} catch {
    FileHandle.standardError.write(Data("favs-man: not the output of --experimental-dump-help: \(error)\n".utf8))
    exit(65)
}

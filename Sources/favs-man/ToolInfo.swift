/// The part of `favs --experimental-dump-help` (argument-parser's ToolInfo, version 0) the manual is written from.
/// argument-parser does not export its own decoder (ArgumentParserToolInfo is not a product), so this is a copy of
/// just the fields used; an unknown field is ignored and a missing optional one is nil.
struct ToolInfo: Decodable {
    let serializationVersion: Int
    let command: CommandInfo
}

struct CommandInfo: Decodable {
    let commandName: String
    let superCommands: [String]?
    let abstract: String?
    let discussion: String?
    let shouldDisplay: Bool?
    let subcommands: [CommandInfo]?
    let arguments: [ArgumentInfo]?

    /// `favs import`, as a user types it.
    var fullName: String { ((superCommands ?? []) + [commandName]).joined(separator: " ") }
}

struct ArgumentInfo: Decodable {
    enum Kind: String, Decodable { case positional, option, flag }
    struct Name: Decodable {
        let kind: String
        let name: String

        /// `--library`, `-h`.
        var spelled: String { kind == "short" || kind == "longWithSingleDash" ? "-" + name : "--" + name }
    }

    let kind: Kind
    let shouldDisplay: Bool
    let isOptional: Bool
    let isRepeating: Bool
    let names: [Name]?
    let valueName: String?

    /// The name usage shows: the long one when there is one (`--output`, not `-o`).
    var usageName: Name? { names?.first { $0.kind == "long" } ?? names?.first }
    let defaultValue: String?
    let abstract: String?
    let discussion: String?
}

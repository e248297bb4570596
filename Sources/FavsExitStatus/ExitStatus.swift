/// One way a favs command ends: the code a shell sees and what it means, as the help and the manual say it.
///
/// Several statuses share a code (64 is a usage error or a library location favs cannot use): a command lists the
/// ones it can end with, and its help and the manual join the meanings of one code.
public struct ExitStatus: Hashable, Sendable {
    public let code: Int32
    public let meaning: String

    public init(_ code: Int32, _ meaning: String) {
        self.code = code
        self.meaning = meaning
    }

    /// A command's `Exit status: 0 success; 1 …; 64 usage error, or …` sentence, in code order.
    public static func sentence(_ statuses: [ExitStatus]) -> String {
        "Exit status: " + grouped(statuses).map { "\($0.code) " + $0.meanings.joined(separator: ", or ") }
            .joined(separator: "; ") + "."
    }

    /// The manual's EXIT STATUS entries: each code once, in order, with every meaning it has in `all`.
    public static var manualEntries: [(code: String, text: String)] {
        grouped(all).map { group in
            let text = group.meanings.joined(separator: "; ")
            return ("\(group.code)", text.prefix(1).uppercased() + text.dropFirst() + ".")
        }
    }

    /// The statuses by code, in code order; each meaning once, in the order first given.
    public static func grouped(_ statuses: [ExitStatus]) -> [(code: Int32, meanings: [String])] {
        var meanings: [Int32: [String]] = [:]
        for status in statuses where !(meanings[status.code] ?? []).contains(status.meaning) {
            meanings[status.code, default: []].append(status.meaning)
        }
        return meanings.keys.sorted().map { ($0, meanings[$0] ?? []) }
    }
}

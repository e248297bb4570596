import FavsModel

/// The tags of one record of an import file, however the file holds them (a JSON array, a CSV or TSV cell joined
/// by `;`): each checked by `TagPath.parse`, and a tag given again in another case kept once, as first spelled.
enum ImportTags {
    /// The separator of a CSV or TSV `tags` cell; `TagPath.parse` refuses it inside a tag.
    static let separator: Character = ";"

    /// The tags as the record keeps them, or the first one that cannot be a tag.
    static func checked(_ tags: some Sequence<some StringProtocol>) throws(TagError) -> [String] {
        var result: [String] = [], seen = Set<SetID>()
        for tag in tags {
            let path = try TagPath.parse(String(tag))
            if seen.insert(.tag(path)).inserted { result.append(path) }
        }
        return result
    }

    /// The tags of a CSV or TSV cell: none when it is empty.
    static func checked(cell: String) throws(TagError) -> [String] {
        cell.isEmpty ? [] : try checked(cell.split(separator: separator, omittingEmptySubsequences: false))
    }
}

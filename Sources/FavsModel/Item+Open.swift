import Foundation

extension Item {
    /// What `o` and `favs open` open for an item, given its fields in order: the first field named `url`,
    /// `link` or `href` (any case), else the first value that is an `http://` or `https://` URL, else the
    /// field `path`; nil when there is none. The value is handed to the opener as it is, as one argument.
    public static func openTarget(in fields: [Field]) -> String? {
        let named = { (names: Set<String>) in
            fields.first { names.contains($0.name.lowercased()) && !$0.value.isEmpty }?.value
        }
        if let link = named(["url", "link", "href"]) { return link }
        if let web = fields.first(where: { Self.isWebURL($0.value) }) { return web.value }
        return named(["path"])
    }

    private static func isWebURL(_ value: String) -> Bool {
        let lower = value.prefix(8).lowercased()
        return (lower.hasPrefix("http://") && value.count > 7) || (lower.hasPrefix("https://") && value.count > 8)
    }
}

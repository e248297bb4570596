/// A location fit for a message, a title bar or a log: every password in a URL hidden.
extension LibraryLocation {
    /// The location with every password in it replaced by `***`: the one of a `user:password@` part, and the value
    /// of each `password=` parameter, its name written in any case or percent-encoded. A file path is unchanged.
    ///
    /// A password written with characters it should have escaped is hidden whole, at worst with a little more:
    /// the `user:password@` part runs from the first `:` after `://` to the last `@` that is not inside a known
    /// parameter's value (`?user=me@corp` names no user part), so an unescaped `/`, `?` or `@` in it is hidden too;
    /// a parameter's value runs to the next `&` that starts a parameter favs knows, so an unescaped `&` is too.
    public static func redacted(_ location: String) -> String {
        guard let start = location.range(of: "://")?.upperBound else { return location }
        let parameters = self.parameters(in: location[start...])
        var hidden = parameters.filter { $0.name == "password" }.map(\.value)
        let userAt = location[start...].indices.last { index in
            location[index] == "@" && !parameters.contains { $0.value.contains(index) }
        }
        if let at = userAt, let colon = location[start..<at].firstIndex(of: ":") {
            hidden.append(location.index(after: colon)..<at)
        }
        var shown = ""
        var next = location.startIndex
        for range in hidden.sorted(by: { $0.lowerBound < $1.lowerBound }) where range.upperBound >= next {
            if range.lowerBound >= next {
                shown += location[next..<range.lowerBound]
                shown += "***"
            }
            next = range.upperBound
        }
        return shown + location[next...]
    }

    /// The parameters libpq's URLs take, and favs's own `schema`: the names `PostgresTarget` reads.
    static let parameterNames: Set<String> = [
        "schema", "member", "sslmode", "host", "port", "user", "password", "dbname", "connect_timeout", "application_name",
        "options", "fallback_application_name",
    ]

    /// Each `name=value` after a `?` or `&` whose name (percent-decoded, in lower case) is a known parameter: its
    /// name, and its value up to the next such parameter or the end.
    private static func parameters(in text: Substring) -> [(name: String, value: Range<String.Index>)] {
        var found: [(name: String, start: String.Index, value: String.Index)] = []
        for index in text.indices where text[index] == "?" || text[index] == "&" {
            let nameStart = text.index(after: index)
            guard let equals = text[nameStart...].firstIndex(where: { "=&?/@#".contains($0) }), text[equals] == "=",
                  let name = String(text[nameStart..<equals]).removingPercentEncoding?.lowercased(),
                  parameterNames.contains(name) else { continue }
            found.append((name, index, text.index(after: equals)))
        }
        return found.indices.map { number in
            let end = number + 1 < found.count ? found[number + 1].start : text.endIndex
            return (found[number].name, found[number].value..<max(end, found[number].value))
        }
    }
}

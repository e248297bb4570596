import FavsModel

/// An asciicast v2 recording (what `asciinema play` plays): a JSON header line, then one JSON array line per
/// event, `[seconds, "o", "bytes written to the terminal"]`.
public struct Asciicast {
    public let width: Int
    public let height: Int
    /// When the recording was made, in seconds since 1970; fixed by the caller so a recording is reproducible.
    public let timestamp: Int
    /// The terminal type the bytes were written for (the header's `env.TERM`).
    public let term: String
    /// The output events: when (milliseconds from the start) and what was written.
    public private(set) var events: [(milliseconds: Int, output: String)] = []

    public init(width: Int, height: Int, timestamp: Int, term: String) {
        self.width = width
        self.height = height
        self.timestamp = timestamp
        self.term = term
    }

    /// Appends output written at `milliseconds`; an event never goes back in time.
    public mutating func append(_ output: String, at milliseconds: Int) {
        events.append((max(milliseconds, events.last?.milliseconds ?? 0), output))
    }

    /// The recording as text, one line each for the header and every event.
    public var text: String {
        var text = "{\"version\":2,\"width\":\(width),\"height\":\(height),\"timestamp\":\(timestamp),\"env\":{\"TERM\":"
        JSONString.write(term, to: &text)
        text += "}}\n"
        for event in events {
            let thousandths = String(event.milliseconds % 1000)
            text += "[\(event.milliseconds / 1000).\(String(repeating: "0", count: 3 - thousandths.count))\(thousandths), \"o\", "
            JSONString.write(event.output, to: &text)
            text += "]\n"
        }
        return text
    }
}

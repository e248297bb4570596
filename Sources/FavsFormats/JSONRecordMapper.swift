import FavsModel

/// Turns the parsed objects of a JSON or JSON Lines file into records (see `ImportReader` for the rules).
struct JSONRecordMapper {
    let file: String
    let idField: String
    let titleField: String

    init(file: String, idField: String, titleField: String) {
        self.file = file
        self.idField = idField
        self.titleField = titleField
    }

    /// The record of an object starting at `position`; the caller checks its id is new.
    func record(_ value: JSONValue, at position: JSONParser.Position) throws -> ImportRecord {
        func error(_ message: String) -> ImportError {
            ImportError(file: file, line: position.line, column: position.column, message: message)
        }
        guard case let .object(members) = value else { throw error("expected a JSON object") }
        var idValue: JSONValue?
        var titleValue: JSONValue?
        var favorite: Bool?
        var tagsValue: JSONValue?
        var picks: [Pick]?
        var fields: [Field] = []
        fields.reserveCapacity(members.count)
        for member in members {
            var consumed = false
            if member.key == idField, idValue == nil { idValue = member.value; consumed = true }
            if member.key == titleField, titleValue == nil { titleValue = member.value; consumed = true }
            if member.key == "favorite", !consumed, favorite == nil, case let .bool(flag) = member.value {
                favorite = flag
                consumed = true
            }
            if member.key == "tags", !consumed, tagsValue == nil { tagsValue = member.value; consumed = true }
            // An array named picks is an export's picks (`PicksJSON`); any other value stays a field, as before.
            if member.key == "picks", !consumed, picks == nil, case let .array(elements) = member.value {
                do {
                    picks = try PicksJSON.read(elements)
                } catch {
                    throw ImportError(file: file, line: position.line, column: position.column, message: error.message)
                }
                consumed = true
            }
            if !consumed { fields.append(member.value.field(named: member.key)) }
        }
        let id: ItemID
        switch idValue {
        case let .string(text) where !Blank.isBlank(text): id = ItemID(text)
        case let .number(text): id = ItemID(text)
        case .string: throw error("id field '\(idField)' is empty")
        case nil, .null: throw error("missing id field '\(idField)'")
        default: throw error("id field '\(idField)' must be a string or number")
        }
        let title: String
        switch titleValue {
        case nil, .null, .string(""): title = id.rawValue
        case let .string(text): title = text
        case let .number(text): title = text
        case let .bool(flag): title = flag ? "true" : "false"
        case .array, .object: throw error("title field '\(titleField)' must be a string")
        }
        // SQLite takes the id and title as C strings, which end at a NUL: the rest would be lost without a word.
        // (Fields are stored as escaped JSON, so a NUL in one is kept.)
        if Blank.containsNUL(id.rawValue) {
            throw error("id field '\(idField)' holds a NUL character, which cannot be stored")
        }
        if Blank.containsNUL(title) {
            throw error("title field '\(titleField)' holds a NUL character, which cannot be stored")
        }
        return ImportRecord(id: id, title: title, fields: fields, favorite: favorite ?? false,
                            tags: try tagsValue.map { value in try tags(value, error) }, picks: picks,
                            line: position.line, column: position.column)
    }

    /// A `tags` member's tags: an array of strings, each one a tag.
    private func tags(_ value: JSONValue, _ error: (String) -> ImportError) throws -> [String] {
        guard case let .array(elements) = value else { throw error("tags must be an array of strings") }
        var texts: [String] = []
        texts.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            guard case let .string(text) = element else {
                throw error("tags must be an array of strings (item \(index + 1) is not a string)")
            }
            texts.append(text)
        }
        do {
            return try ImportTags.checked(texts)
        } catch let problem {
            throw error("tags: \(problem.message)")
        }
    }
}

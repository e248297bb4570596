import Foundation

/// Answers a search's field terms for the store: the library's field index (FavsLibrary's `LibraryFieldSearch`),
/// asked off the input thread in a browser, so keys are answered while it works, or at once for a script or a
/// command, whose output must not depend on timing.
public protocol FieldSearch: AnyObject {
    /// Starts answering `groups` (every group must match, one of its terms) as `ticket`; a later request makes
    /// this one's answer worthless (it may be dropped, and the store ignores it).
    func request(_ groups: [[FieldTerm]], ticket: Int)
    /// The answers finished since the last call, oldest first.
    func takeAnswers() -> [FieldAnswer]
}

/// A field search's answer to one request: the items its field terms accept, or why they could not be asked.
public struct FieldAnswer: Sendable, Equatable {
    public let ticket: Int
    public let result: Result<FieldMatches, FieldReadError>

    public init(ticket: Int, result: Result<FieldMatches, FieldReadError>) {
        self.ticket = ticket
        self.result = result
    }
}

import Foundation

/// A library on the other side of a network: changes are persisted and fields read off the input thread, so no
/// key ever waits on the network (a server that hangs, a network that drops every packet). The store hands
/// each change over in order, applied on screen already, and learns later how it went; a change that failed is
/// taken back with its reason (an optimistic update with rollback).
///
/// Results are collected by the run loop's poll (`Store.settleBackground()`), on the input thread, which owns
/// the store: the threads doing the work only queue results here.
public protocol BackgroundLibrary: ChangeSink, FieldSource {
    /// Starts persisting `change`. Changes are persisted in the order handed over; once one of an `epoch`
    /// fails, the later ones of that epoch are not tried (they were made on top of it) and fail too.
    func submit(_ change: ModelChange, ticket: Int, epoch: Int)
    /// Starts reading an item's fields.
    func requestFields(of id: ItemID)
    /// Starts reading items as stored (after a change was taken back: what the screen shows then is what this
    /// process saw before it, which another process may have changed meanwhile).
    func requestItems(_ ids: [ItemID])
    /// What finished since the last call, in the order it finished.
    func takeResults() -> [BackgroundResult]
    /// Waits until everything handed over has finished (each step within its own deadline): before the
    /// process ends, so a change made just before quitting is not lost.
    func finish()
}

/// How a piece of background work ended.
public enum BackgroundResult: Sendable, Equatable {
    /// A change was persisted (`error` nil) or not (with the reason, one line).
    case persisted(ticket: Int, error: String?)
    /// An item's fields were read, or could not be (with the reason).
    case fields(ItemID, Result<[Field], FieldReadError>)
    /// Items as stored, as `requestItems` asked.
    case items([RemoteUpdate])
}

/// Why an item's fields could not be read: one line.
public struct FieldReadError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

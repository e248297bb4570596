import FavsModel
import Foundation

extension Browser {
    /// Applies what other processes changed; returns whether the screen needs a new frame.
    @discardableResult
    public func sync(_ updates: [RemoteUpdate]) -> Bool {
        guard !updates.isEmpty else { return false }
        defer { settle() }
        return store.sync(updates)
    }
}

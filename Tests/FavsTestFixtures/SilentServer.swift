import Glibc

/// A TCP port on loopback that takes connections (the kernel completes them into its backlog) and never says a
/// word: to a client, a server that hung or sits behind a network that lost its packets after the handshake.
/// No root needed, unlike a real partition. `close()` in a `defer`.
public final class SilentServer {
    public let port: Int
    private let socket: Int32

    /// Why a listening socket could not be made.
    public struct Failed: Error, CustomStringConvertible {
        public let description: String
    }

    public init() throws {
        let listener = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw Failed(description: "socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(listener, address, length) == 0 && listen(listener, 16) == 0
                    && getsockname(listener, address, &length) == 0
            }
        }
        guard bound else {
            Glibc.close(listener)
            throw Failed(description: "a listening socket on 127.0.0.1: \(String(cString: strerror(errno)))")
        }
        socket = listener
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    public func close() { Glibc.close(socket) }
}

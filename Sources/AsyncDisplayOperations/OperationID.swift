import Synchronization

/// The identity of an operation, unique in the process.
///
/// Every `OperationStep` gets one when it is made; copies of the step share it, so it names
/// the same operation wherever the step value travels.
public struct OperationID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The identity's number, increasing in order of creation.
    public let rawValue: UInt64

    /// A new identity, never handed out before in this process.
    static func next() -> OperationID {
        OperationID(rawValue: nextRawValue.add(1, ordering: .relaxed).newValue)
    }

    private init(rawValue: UInt64) { self.rawValue = rawValue }

    public static func < (lhs: OperationID, rhs: OperationID) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { "#\(rawValue)" }
}

private let nextRawValue = Atomic<UInt64>(0)

/// Something that names an operation: a step, a handle to a submitted step, or an identity.
///
/// Dependencies and queries accept any of them, so a call site can say
/// `dependsOn: [login, config]` whatever the steps' output types.
public protocol OperationReference: Sendable {
    /// The operation named.
    var operationID: OperationID { get }
}

extension OperationID: OperationReference {
    public var operationID: OperationID { self }
}

import AsyncDisplayLocks

/// The process-wide exclusivity categories, shared by every manager.
///
/// Managers claim an operation's process-scoped categories here once its manager-scoped ones are
/// held, and withdraw or release them when it ends; grants are delivered back to the claiming
/// manager after this registry's lock is released.
///
/// Concurrency: all state is behind one mutex, never held while calling a manager.
final class ProcessExclusivity: Sendable {
    static let shared = ProcessExclusivity()

    /// A claim's key: unique per submission, since one step may be submitted to several managers.
    /// A claim keeps its manager alive, so no other manager has its identifier meanwhile.
    private struct Token: Hashable, Sendable {
        let manager: ObjectIdentifier
        let sequence: Int

        init(_ manager: OperationManager, sequence: Int) {
            self.manager = ObjectIdentifier(manager)
            self.sequence = sequence
        }
    }

    private struct Claim: Sendable {
        let manager: OperationManager
        let id: OperationID
        let slot: Int
        let sequence: Int
        let name: String
        let categories: [String]
        var isHeld = false
    }

    private struct State: Sendable {
        var table = ExclusivityTable<Token>()
        var claims: [Token: Claim] = [:]
    }

    private let state = LockedState(State())

    /// Queues a claim; true if granted at once.
    func request(_ request: ProcessClaimRequest, name: String, from manager: OperationManager) -> Bool {
        let token = Token(manager, sequence: request.sequence)
        return state.withLock { state in
            state.claims[token] = Claim(
                manager: manager, id: request.id, slot: request.slot, sequence: request.sequence, name: name,
                categories: request.categories)
            let granted = state.table.request(request.categories, for: token)
            if granted { state.claims[token]?.isHeld = true }
            return granted
        }
    }

    /// Releases or withdraws the claim `request` made for `manager`, and delivers the grants that
    /// follow.
    func withdraw(_ request: ProcessClaimRequest, from manager: OperationManager) {
        let token = Token(manager, sequence: request.sequence)
        let granted = state.withLock { state -> [Claim] in
            guard let claim = state.claims.removeValue(forKey: token) else { return [] }
            let claims = state.claims
            let next =
                claim.isHeld
                ? state.table.release(claim.categories, heldBy: token) { claims[$0]?.categories ?? [] }
                : state.table.withdraw(claim.categories, for: token) { claims[$0]?.categories ?? [] }
            return next.compactMap { token in
                state.claims[token]?.isHeld = true
                return state.claims[token]
            }
        }
        for claim in granted {
            claim.manager.processCategoriesGranted(slot: claim.slot, id: claim.id, sequence: claim.sequence)
        }
    }

    /// The name of the operation holding `category` and how many wait for it ahead of the claim
    /// `manager` made for its operation submitted as `sequence` (all of them if it has none).
    func holder(
        of category: String, aheadOf sequence: Int, in manager: OperationManager
    ) -> (holder: String?, ahead: Int) {
        let token = Token(manager, sequence: sequence)
        return state.withLock { state in
            let holder = state.table.holder(of: category).flatMap { state.claims[$0]?.name }
            let queue = state.table.queue(of: category)
            return (holder, queue.firstIndex(of: token) ?? queue.count)
        }
    }
}

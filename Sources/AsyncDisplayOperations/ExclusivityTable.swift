/// Who holds each exclusivity category and who waits for it: a pure state machine.
///
/// A contender asks for all its categories at once and joins the end of each one's queue; it is
/// granted when it is first in every queue it joined and none of its categories is held. The
/// earliest contender is always first in all its queues, so it is granted as soon as the current
/// holders release: the table never deadlocks, and contenders for one category are served in
/// the order they asked.
///
/// Complexity: O(c × q) per call, c the categories of the contender, q their queue lengths.
struct ExclusivityTable<Token: Hashable & Sendable>: Sendable {
    private struct Category: Sendable {
        var holder: Token?
        var queue: [Token] = []
    }

    private var categories: [String: Category] = [:]

    /// Queues `token` for `names`; true if it holds them all now.
    mutating func request(_ names: [String], for token: Token) -> Bool {
        for name in names { categories[name, default: Category()].queue.append(token) }
        return grantIfFirst(token, names)
    }

    /// Releases what `token` holds; returns the contenders granted as a result, with their categories.
    mutating func release(_ names: [String], heldBy token: Token, waiting: (Token) -> [String]) -> [Token] {
        for name in names where categories[name]?.holder == token { categories[name]?.holder = nil }
        return grantHeads(of: names, waiting: waiting)
    }

    /// Takes `token` out of the queues it waits in (it was cancelled); returns the contenders
    /// granted as a result.
    mutating func withdraw(_ names: [String], for token: Token, waiting: (Token) -> [String]) -> [Token] {
        for name in names { categories[name]?.queue.removeAll { $0 == token } }
        return grantHeads(of: names, waiting: waiting)
    }

    /// The token holding `name`, if any.
    func holder(of name: String) -> Token? { categories[name]?.holder }

    /// The tokens queued for `name`, first first.
    func queue(of name: String) -> [Token] { categories[name]?.queue ?? [] }

    private mutating func grantHeads(of names: [String], waiting: (Token) -> [String]) -> [Token] {
        var granted: [Token] = []
        for name in names {
            guard let head = categories[name]?.queue.first, !granted.contains(head) else { continue }
            if grantIfFirst(head, waiting(head)) { granted.append(head) }
        }
        for name in names where categories[name].map({ $0.holder == nil && $0.queue.isEmpty }) == true {
            categories[name] = nil
        }
        return granted
    }

    private mutating func grantIfFirst(_ token: Token, _ names: [String]) -> Bool {
        for name in names {
            guard let category = categories[name], category.holder == nil, category.queue.first == token else {
                return false
            }
        }
        for name in names {
            categories[name]?.queue.removeFirst()
            categories[name]?.holder = token
        }
        return true
    }
}

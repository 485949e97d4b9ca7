import AsyncDisplayOperations
import Testing

/// The app's session in the README's operations example.
private actor Session {
    private(set) var isLoggedIn: Bool
    private(set) var favorites: [Int] = []
    private(set) var logins = 0

    init(isLoggedIn: Bool) { self.isLoggedIn = isLoggedIn }

    func logIn() throws {
        logins += 1
        isLoggedIn = true
    }

    func favorite(_ post: Int) throws {
        guard isLoggedIn else { throw NotLoggedIn() }
        favorites.append(post)
    }

    struct NotLoggedIn: Error {}
}

// The README's operations example, kept compiling and running on the shared manager.
@Suite("README operations example")
struct ReadmeOperationsExampleTests {
    @Test("Favorite runs after login, which logs in or is skipped", arguments: [false, true])
    func favoriteAfterLogin(alreadyLoggedIn: Bool) async throws {
        let session = Session(isLoggedIn: alreadyLoggedIn)
        let login = OperationStep("login") { _ in
            if await session.isLoggedIn { throw OperationSkipped("already logged in") }
            try await session.logIn()
        }
        let favorite = OperationStep("favorite", dependsOn: [login]) { _ in try await session.favorite(42) }
        let run = try OperationManager.shared.submit([login, favorite])
        let report = await run.finished()
        #expect(report.outcome(of: login) == (alreadyLoggedIn ? .skipped : .succeeded))
        #expect(report.outcome(of: favorite) == .succeeded)
        #expect(await session.favorites == [42])
        #expect(await session.logins == (alreadyLoggedIn ? 0 : 1))
    }
}

import AsyncDisplayLocks
import AsyncDisplayOperations
import AsyncDisplayTesting
import Testing

/// A session that may or may not be logged in.
private final class Session: Sendable {
    private let token = LockedState<String?>(nil)

    init(loggedInAs user: String? = nil) { token.withLock { $0 = user.map { "token-\($0)" } } }

    var currentToken: String? { token.withLock { $0 } }
    func logIn() -> String {
        token.withLock { token in
            token = "token-new"
            return "token-new"
        }
    }
}

/// Logs in, or skips when already logged in.
private func loginStep(_ session: Session, _ log: Log) -> OperationStep<String> {
    OperationStep("login") { _ in
        if session.currentToken != nil { throw OperationSkipped("already logged in") }
        log.append("login flow")
        return session.logIn()
    }
}

/// Favorites a post once logged in, with the login's token or the session's.
private func favoriteStep(after login: OperationStep<String>, _ session: Session, _ log: Log) -> OperationStep<Void> {
    OperationStep("favorite", dependsOn: [login]) { context in
        let token = (try? context.output(of: login)) ?? session.currentToken ?? "none"
        log.append("favorite with \(token)")
    }
}

@Suite("The seed's examples")
struct SeedExampleTests {
    @Test("Favorite depends on login: a logged-out user goes through the login flow first")
    func favoriteAfterLogin() async throws {
        let setup = ManualSetup(limit: 2)
        let log = Log()
        let session = Session()
        let login = loginStep(session, log)
        let run = try setup.manager.submit([favoriteStep(after: login, session, log), login])
        setup.runAll()
        _ = await run.finished()
        #expect(log.all == ["login flow", "favorite with token-new"])
    }

    @Test("Favorite depends on login: a logged-in user's login finishes at once as skipped")
    func favoriteWhenLoggedIn() async throws {
        let setup = ManualSetup(limit: 2)
        let log = Log()
        let session = Session(loggedInAs: "ada")
        let login = loginStep(session, log)
        let run = try setup.manager.submit([login, favoriteStep(after: login, session, log)])
        setup.runAll()
        let report = await run.finished()
        #expect(log.all == ["favorite with token-ada"])
        #expect(report.outcome(of: login) == .skipped)
    }

    @Test("Alerts requested by unrelated modules show one at a time, in request order")
    func alerts() async throws {
        let setup = ManualSetup(limit: 8)
        let screen = Log()
        let counter = ConcurrencyCounter()
        let gate = AsyncGate()
        let alert = ExclusivityCategory("alert")
        func requestAlert(_ message: String) throws -> OperationHandle<Void> {
            try setup.manager.submit(
                OperationStep("alert: \(message)", exclusivity: [alert]) { _ in
                    counter.enter()
                    screen.append(message)
                    await gate.pass()  // until the user dismisses it
                    counter.leave()
                })
        }
        let handles = try ["network lost", "new message", "update available", "rate this app"].map(requestAlert)
        setup.runAll()
        gate.open()
        for handle in handles { _ = await setup.finish(handle.run) }
        #expect(screen.all == ["network lost", "new message", "update available", "rate this app"])
        #expect(counter.most == 1)
    }

    @Test("App launch as a graph: crash reporting first, the rest as soon as dependencies allow, UI on the main actor")
    func appLaunch() async throws {
        let manager = OperationManager(maximumConcurrency: 4)
        let log = Log()
        func step(
            _ name: String, _ dependencies: [any OperationReference] = [], isolation: OperationIsolation = .pool
        ) -> OperationStep<Void> {
            OperationStep(name, dependsOn: dependencies, isolation: isolation) { _ in
                if case .mainActor = isolation { MainActor.assertIsolated() }
                log.append(name)
            }
        }
        let crash = step("crash reporting")
        let cache = step("cache", [crash])
        let config = step("network config", [crash])
        let database = step("database migration", [crash])
        let flags = step("feature flags", [config])
        let window = step("window", [crash], isolation: .mainActor)
        let home = step("home screen", [window, flags, database, cache], isolation: .mainActor)
        let report = await (try manager.submit([home, window, flags, database, config, cache, crash])).finished()
        #expect(report.count(.succeeded) == 7)
        let order = log.all
        #expect(order.first == "crash reporting" && order.last == "home screen")
        #expect(order.firstIndex(of: "network config")! < order.firstIndex(of: "feature flags")!)
        #expect(report.criticalPathNames.first == "crash reporting")
        #expect(report.criticalPathNames.last == "home screen")
    }

    @Test("Template method: a kind goes to the shared manager unless it names its own or schedules itself")
    func templateMethod() async throws {
        #expect(try DefaultKind().schedule().run.manager === OperationManager.shared)
        let own = try OwnManagerKind().schedule()
        #expect(own.run.manager === OwnManagerKind.manager)
        #expect(try await own.value() == "own")
        let custom = CustomSchedulingKind(log: Log())
        let handle = try custom.schedule()
        #expect(try await handle.value() == 2)
        #expect(custom.log.all == ["prepared", "ran"])
    }
}

/// A kind that takes every default.
private struct DefaultKind: ManagedOperation {
    func makeStep() -> OperationStep<Void> { OperationStep("default kind") { _ in } }
}

/// A kind with a manager of its own.
private struct OwnManagerKind: ManagedOperation {
    static let manager = OperationManager(name: "own", maximumConcurrency: 1)
    func makeStep() -> OperationStep<String> { OperationStep("own kind") { _ in "own" } }
}

/// A kind that takes over scheduling: submits a generated preparation step first.
private struct CustomSchedulingKind: ManagedOperation {
    let log: Log

    func makeStep() -> OperationStep<Int> {
        OperationStep("custom kind") { [log] _ in
            log.append("ran")
            return 2
        }
    }

    func schedule() throws(OperationError) -> OperationHandle<Int> {
        let prepare = OperationStep("prepare") { [log] _ in log.append("prepared") }
        var step = makeStep()
        step.addDependency(prepare)
        return try Self.manager.submit([prepare, step]).handle(for: step)
    }
}

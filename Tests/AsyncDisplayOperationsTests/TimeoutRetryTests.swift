import AsyncDisplayOperations
import AsyncDisplayTesting
import Testing

@Suite("Timeouts and retries")
struct TimeoutRetryTests {
    @Test("A timeout ends the operation as timedOut without waiting for a body that ignores cancellation")
    func timeoutFreesGraph() async throws {
        let setup = ManualSetup(limit: 1)
        let gate = AsyncGate()
        let log = Log()
        let stuck = OperationStep("stuck", timeout: .seconds(2)) { _ in
            await gate.pass()  // ignores cancellation
            log.append("stuck returned late")
            return "late"
        }
        let dependent = loggedStep("dependent", log, dependsOn: [stuck])
        let next = loggedStep("next", log)
        let run = try setup.manager.submit([stuck, dependent, next])
        setup.runAll()
        await gate.waitForArrivals()
        await setup.clock.waitForSleepers()
        setup.clock.advance(by: .seconds(1))
        #expect(setup.manager.status(of: stuck) == .running(attempt: 1))
        setup.clock.advance(by: .seconds(1))
        let report = await setup.finish(run)
        #expect(report.outcome(of: stuck) == .timedOut)
        #expect(report.outcome(of: dependent) == .upstreamFailed)
        #expect(log.all == ["next"])
        // The late result is discarded.
        gate.open()
        await setup.executor.waitForJobs()
        setup.runAll()
        #expect(log.all == ["next", "stuck returned late"])
        #expect(try #require(await run.outcome(of: stuck)) == .timedOut)
    }

    @Test("A body that ends in time cancels its timer")
    func timerCancelled() async throws {
        let setup = ManualSetup(limit: 1)
        let step = OperationStep("quick", timeout: .seconds(1)) { _ in 1 }
        let handle = try setup.manager.submit(step)
        setup.runAll()
        #expect(try await handle.value() == 1)
        #expect(setup.clock.sleeperCount == 0)
        setup.clock.advance(by: .seconds(5))
        #expect(await handle.outcome() == .succeeded)
    }

    @Test("A failing body is retried with backoff; dependents wait for the final attempt")
    func retries() async throws {
        let setup = ManualSetup(limit: 2)
        let log = Log()
        let attempts = ConcurrencyCounter()
        let flaky = OperationStep(
            "flaky", retry: RetryPolicy(maximumAttempts: 3, initialBackoff: .seconds(1), multiplier: 2)
        ) { context in
            attempts.enter()
            log.append("attempt \(context.attempt)")
            if context.attempt < 3 { throw TestFailure(name: "flaky") }
            return "ok"
        }
        let dependent = OperationStep("dependent", dependsOn: [flaky]) { context in
            log.append("dependent saw \(try context.output(of: flaky))")
        }
        let run = try setup.manager.submit([flaky, dependent])
        setup.runAll()
        #expect(setup.manager.status(of: flaky) == .pending([.retryBackoff(nextAttempt: 2)]))
        #expect(setup.manager.status(of: dependent) == .pending([.dependencies(["flaky"])]))
        await setup.clock.waitForSleepers()
        setup.clock.advance(by: .seconds(1))
        await setup.executor.waitForJobs()
        setup.runAll()
        await setup.clock.waitForSleepers()
        setup.clock.advance(by: .milliseconds(1999))
        #expect(setup.manager.status(of: flaky) == .pending([.retryBackoff(nextAttempt: 3)]))
        setup.clock.advance(by: .milliseconds(1))
        let report = await setup.finish(run)
        #expect(log.all == ["attempt 1", "attempt 2", "attempt 3", "dependent saw ok"])
        #expect(report.entry(for: flaky)?.attempts == 3)
        #expect(report.outcome(of: dependent) == .succeeded)
    }

    @Test("When every attempt fails the operation fails with the last error")
    func retriesExhausted() async throws {
        let setup = ManualSetup(limit: 1)
        let step = OperationStep("never", retry: RetryPolicy(maximumAttempts: 2)) { context in
            throw TestFailure(name: "attempt \(context.attempt)")
        }
        let handle = try setup.manager.submit(step)
        #expect(await setup.executor.drive { await handle.outcome() } == .failed)
        let failure = await #expect(throws: OperationFailure.self) { try await handle.value() }
        #expect(failure?.outcome == .failed)
        #expect(failure?.error as? TestFailure == TestFailure(name: "attempt 2"))
    }

    @Test("Backoff grows by the multiplier up to the maximum; bad policy values are clamped")
    func backoffPolicy() {
        let policy = RetryPolicy(
            maximumAttempts: 5, initialBackoff: .milliseconds(100), multiplier: 3, maximumBackoff: .seconds(1))
        #expect(
            (1...4).map { policy.backoff(afterAttempt: $0) } == [
                .milliseconds(100), .milliseconds(300), .milliseconds(900), .seconds(1),
            ])
        let clamped = RetryPolicy(maximumAttempts: -2, initialBackoff: .seconds(-1), multiplier: .nan)
        #expect(clamped.maximumAttempts == 1 && clamped.initialBackoff == .zero && clamped.multiplier == 1)
    }
}

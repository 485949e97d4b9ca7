import Synchronization
import Testing

@testable import AsyncDisplayExecutors

#if canImport(Glibc)
import Glibc
#endif

@Suite("Executor pool")
struct ExecutorPoolTests {
    @Test("A count outside 1...32 throws an error that names it", arguments: [0, -1, 33, 1_000])
    func countOutOfRange(count: Int) {
        #expect(throws: ExecutorPoolError.countOutOfRange(count)) {
            try ExecutorPool(name: "bad", count: count)
        }
        #expect(ExecutorPoolError.countOutOfRange(count).description.contains("\(count)"))
    }

    @Test("A pool of no executors throws")
    func emptyExecutors() {
        #expect(throws: ExecutorPoolError.noExecutors) {
            try ExecutorPool(name: "empty", executors: [])
        }
    }

    @Test("next() goes round-robin over the executors")
    func roundRobin() async throws {
        let pool = try ExecutorPool(name: uniqueName("rr"), count: 3)
        let picks = (0..<9).map { _ in index(of: pool.next(), in: pool.executors) }
        #expect(picks == [0, 1, 2, 0, 1, 2, 0, 1, 2])
        await pool.shutdown()
    }

    @Test("The index stays in range and keeps its order when the counter passes Int.max")
    func counterWrapAround() async throws {
        let executors = (0..<3).map { _ in UserQueueExecutor(label: "wrap") }
        let pool = ExecutorPool(name: "wrap", executors: executors, owned: [], isShared: false, position: Int.max - 4)
        let picks = (0..<12).map { _ in index(of: pool.next(), in: executors) }
        let first = picks[0]
        #expect(picks == (0..<12).map { (first + $0) % 3 })
    }

    @Test("leastLoaded() picks the executor with the fewest unfinished jobs")
    func leastLoaded() async throws {
        let pool = try ExecutorPool(name: uniqueName("least"), count: 3)
        let threads = pool.executors.map { $0 as! ThreadExecutor }
        let gates = [Gate(), Gate()]
        await block(threads[0], on: gates[0])
        for _ in 0..<3 { threads[0].execute {} }
        await block(threads[1], on: gates[1])
        for _ in 0..<6 {
            #expect(pool.leastLoaded() === threads[2])
        }
        let idle = Gate()
        await block(threads[2], on: idle)
        for _ in 0..<3 { threads[2].execute {} }
        threads[2].execute {}
        // Depths now 4, 1, 5.
        #expect(pool.leastLoaded() === threads[1])
        for gate in gates + [idle] { gate.open() }
        await pool.shutdown()
    }

    @Test("In a pool mixing plugged-in and thread executors, leastLoaded() picks among those that report load")
    func leastLoadedMixed() async throws {
        let busy = ThreadExecutor(name: uniqueName("mixed.busy"))
        let idle = ThreadExecutor(name: uniqueName("mixed.idle"))
        let pool = try ExecutorPool(name: "mixed", executors: [UserQueueExecutor(label: "mixed.user"), busy, idle])
        let gate = Gate()
        await block(busy, on: gate)
        busy.execute {}
        for _ in 0..<4 { #expect(pool.leastLoaded() === idle) }
        gate.open()
        await busy.shutdown()
        await idle.shutdown()
    }

    @Test("leastLoaded() goes round-robin among idle executors")
    func leastLoadedTies() async throws {
        let pool = try ExecutorPool(name: uniqueName("ties"), count: 3)
        let picks = (0..<6).map { _ in index(of: pool.leastLoaded(), in: pool.executors) }
        #expect(Set(picks) == [0, 1, 2])
        await pool.shutdown()
    }

    @Test("Executors you write plug into a pool, and actors on them run there")
    func pluggedInExecutors() async throws {
        let executors = (0..<2).map { UserQueueExecutor(label: "user.\($0)") }
        let pool = try ExecutorPool(name: "user", executors: executors)
        #expect(pool.taskExecutor == nil)
        #expect(pool.statistics == [nil, nil])
        for _ in 0..<4 {
            let counter = Counter(on: pool.leastLoaded())
            #expect(await counter.increment())
        }
        await pool.shutdown()
        // The pool does not own them: they still run jobs.
        #expect(await Counter(on: executors[0]).increment())
    }

    @Test("A pool never has more threads than executors, however much blocking work it gets")
    func fixedThreadCount() async throws {
        let count = 3
        let pool = try ExecutorPool(name: uniqueName("fixed"), count: count)
        let prefix = OSThread.kernelName(for: "\(pool.name).0").dropLast()
        func poolThreads() -> Int { ProcessThreads.names().filter { $0.hasPrefix(prefix) }.count }
        #expect(poolThreads() == count)

        let gate = Gate()
        let running = Counters()
        let jobs = 10 * count
        await withCheckedContinuation { (allBlocked: CheckedContinuation<Void, Never>) in
            for _ in 0..<jobs {
                (pool.next() as! ThreadExecutor).execute {
                    if running.enter() == count { allBlocked.resume() }
                    gate.pass()
                    running.leave()
                }
            }
        }
        #expect(poolThreads() == count)
        #expect(running.total.load(ordering: .relaxed) == count)
        gate.open(times: jobs)
        for executor in pool.executors { await drain(executor as! ThreadExecutor) }
        #expect(running.total.load(ordering: .relaxed) == jobs)
        #expect(running.most.load(ordering: .relaxed) == count)
        #expect(poolThreads() == count)
        await pool.shutdown()
        #expect(poolThreads() == 0)
    }

    @Test(
        "Pool threads run at their quality of service's nice value", arguments: [QualityOfService.utility, .background])
    func threadPriority(qos: QualityOfService) async throws {
        errno = 0
        let inherited = Int(getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0))
        let pool = try ExecutorPool(name: uniqueName("nice"), count: 1, qos: qos)
        let name = OSThread.kernelName(for: "\(pool.name).0")
        #expect(ProcessThreads.niceValue(ofThreadNamed: name) == min(19, inherited + Int(qos.niceIncrement)))
        await pool.shutdown()
    }

    @Test("Shared pools are created once per quality of service, sized to the processors")
    func sharedPools() async {
        let pool = ExecutorPool.shared(.utility)
        #expect(pool === ExecutorPool.shared(.utility))
        #expect(pool !== ExecutorPool.shared(.background))
        #expect(pool.count == ExecutorPool.defaultCount)
        #expect(ExecutorPool.allowedCounts.contains(pool.count))
        #expect((pool.executors[0] as! ThreadExecutor).name == "asyncdisplay.utility.0")
        await pool.shutdown()  // a no-op: the shared pools live for the process
        #expect(await Counter(on: pool.next()).increment())
    }

    @Test("The task executor view runs nonisolated work on the pool's threads")
    func taskExecutorView() async throws {
        let pool = try ExecutorPool(name: uniqueName("tasks"), count: 2)
        let taskExecutor = try #require(pool.taskExecutor)
        func onPoolThread() -> Bool {
            pool.executors.contains { ($0 as! ThreadExecutor).isIsolatingCurrentContext() == true }
        }
        let inTask = await Task(executorPreference: taskExecutor) { onPoolThread() }.value
        #expect(inTask)
        let inScope = await withTaskExecutorPreference(taskExecutor) {
            await withTaskGroup(of: Bool.self) { group in
                for _ in 0..<8 { group.addTask { onPoolThread() } }
                return await group.reduce(true) { $0 && $1 }
            }
        }
        #expect(inScope)
        await pool.shutdown()
    }

    @Test("Work that still prefers a pool after its shutdown runs on the global executor, not on a dead thread")
    func taskExecutorAfterShutdown() async throws {
        let pool = try ExecutorPool(name: uniqueName("late"), count: 2)
        let taskExecutor = try #require(pool.taskExecutor)
        await pool.shutdown()
        let onPoolThread = await Task(executorPreference: taskExecutor) {
            pool.executors.contains { ($0 as! ThreadExecutor).isIsolatingCurrentContext() == true }
        }.value
        #expect(!onPoolThread)
    }

    @Test("withPool shuts the pool down when its body ends")
    func scopedPool() async throws {
        let name = uniqueName("scoped")
        let value = try await ExecutorPool.withPool(name: name, count: 2) { pool in
            await Counter(on: pool.next()).increment()
        }
        #expect(value)
        let prefix = OSThread.kernelName(for: "\(name).0").dropLast()
        #expect(!ProcessThreads.names().contains { $0.hasPrefix(prefix) })
    }
}

/// The position of `executor` in `executors`, by identity (-1 if absent).
private func index(of executor: any SerialExecutor, in executors: [any SerialExecutor]) -> Int {
    executors.firstIndex { $0 === executor } ?? -1
}

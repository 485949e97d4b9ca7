import Synchronization
import Testing

@testable import AsyncDisplayExecutors

@Suite("Thread executor")
struct ThreadExecutorTests {
    @Test("Jobs run one at a time, in the order they were enqueued, on the executor's thread")
    func fifoOnOwnThread() async {
        let executor = ThreadExecutor(name: uniqueName("fifo"))
        let seen = Recorder<(Int, Bool)>()
        for index in 0..<1_000 {
            executor.execute { seen.append((index, executor.isIsolatingCurrentContext() == true)) }
        }
        await drain(executor)
        #expect(seen.all.map(\.0) == Array(0..<1_000))
        #expect(seen.all.allSatisfy { $0.1 })
        await executor.shutdown()
    }

    @Test("Order holds when a burst overflows the ring of queue slots")
    func overflowKeepsOrder() async {
        let executor = ThreadExecutor(name: uniqueName("burst"))
        let gate = Gate()
        await block(executor, on: gate)
        let seen = Recorder<Int>()
        let count = 3 * WorkQueue.capacity + 17
        for index in 0..<count { executor.execute { seen.append(index) } }
        gate.open()
        for index in count..<(count + 100) { executor.execute { seen.append(index) } }
        await drain(executor)
        #expect(seen.all == Array(0..<(count + 100)))
        await executor.shutdown()
    }

    @Test("Jobs from many producers all run, each producer's in its own order")
    func manyProducers() async {
        let executor = ThreadExecutor(name: uniqueName("producers"))
        let seen = Recorder<(producer: Int, index: Int)>()
        let producers = 4
        let perProducer = 5_000
        await withTaskGroup(of: Void.self) { group in
            for producer in 0..<producers {
                group.addTask {
                    for index in 0..<perProducer { executor.execute { seen.append((producer, index)) } }
                }
            }
        }
        await drain(executor)
        let all = seen.all
        #expect(all.count == producers * perProducer)
        for producer in 0..<producers {
            #expect(all.filter { $0.producer == producer }.map(\.index) == Array(0..<perProducer))
        }
        #expect(executor.statistics.jobsEnqueued == producers * perProducer + 1)
        await executor.shutdown()
    }

    @Test("An actor on a thread executor runs its methods there")
    func actorRunsOnExecutor() async {
        let executor = ThreadExecutor(name: uniqueName("actor"))
        let counter = Counter(on: executor)
        for _ in 0..<100 {
            #expect(await counter.increment())
        }
        #expect(await counter.value == 100)
        await executor.shutdown()
    }

    @Test("assumeIsolated works in a closure run on the executor's thread")
    func assumeIsolatedInClosure() async {
        let executor = ThreadExecutor(name: uniqueName("assume"))
        let counter = Counter(on: executor)
        await withCheckedContinuation { continuation in
            executor.execute {
                counter.assumeIsolated { $0.incrementUnchecked() }
                continuation.resume()
            }
        }
        #expect(await counter.value == 1)
        await executor.shutdown()
    }

    @Test("Elsewhere, the executor says it is not isolating the current context")
    func notIsolatedElsewhere() async {
        let executor = ThreadExecutor(name: uniqueName("elsewhere"))
        #expect(executor.isIsolatingCurrentContext() == false)
        await executor.shutdown()
    }

    @Test("checkIsolated stops the process when called off the executor's thread")
    func checkIsolatedElsewhereFails() async {
        await #expect(processExitsWith: .failure) {
            let executor = ThreadExecutor(name: "wrong-thread")
            executor.checkIsolated()
        }
    }

    @Test("preconditionIsolated on an actor fails off its executor's thread")
    func preconditionIsolatedElsewhereFails() async {
        await #expect(processExitsWith: .failure) {
            let counter = Counter(on: ThreadExecutor(name: "wrong-actor"))
            counter.preconditionIsolated()
        }
    }

    @Test("The thread carries the executor's name, shortened as the kernel requires")
    func threadIsNamed() async {
        let executor = ThreadExecutor(name: uniqueName("named"))
        #expect(ProcessThreads.names().contains(executor.kernelThreadName))
        await executor.shutdown()
    }

    @Test(
        "Long dotted names keep their last component and share the rest of 15 bytes",
        arguments: [
            ("asyncdisplay.userInitiated.0", "asyncd.userIn.0"),
            ("asyncdisplay.background.31", "async.backg.31"),
            ("short.name.1", "short.name.1"),
            ("averyveryverylongname", "averyveryverylo"),
        ])
    func kernelNames(name: String, expected: String) {
        #expect(OSThread.kernelName(for: name) == expected)
        #expect(OSThread.kernelName(for: name).utf8.count <= 15)
    }

    @Test("Shutdown runs everything already enqueued, then joins the thread")
    func shutdownDrains() async {
        let executor = ThreadExecutor(name: uniqueName("drain"))
        let gate = Gate()
        await block(executor, on: gate)
        let ran = Recorder<Int>()
        for index in 0..<100 { executor.execute { ran.append(index) } }
        async let shutdown: Void = executor.shutdown()
        gate.open()
        await shutdown
        #expect(ran.all == Array(0..<100))
        #expect(!ProcessThreads.names().contains(executor.kernelThreadName))
    }

    @Test("Work a job queues on its own executor while shutdown drains it still runs")
    func shutdownRunsWorkQueuedWhileDraining() async {
        let executor = ThreadExecutor(name: uniqueName("requeue"))
        let gate = Gate()
        let ran = Recorder<String>()
        await block(executor, on: gate)
        executor.execute {
            // Shutdown has begun (the gate opens after it): this job queues more on its executor.
            executor.execute { ran.append("queued while draining") }
            ran.append("draining")
        }
        async let shutdown: Void = executor.shutdown()
        while !executor.isShuttingDown.load(ordering: .acquiring) { await Task.yield() }
        gate.open()
        await shutdown
        #expect(ran.all == ["draining", "queued while draining"])
    }

    @Test("Shutting down twice, at once, waits for the same end")
    func shutdownTwice() async {
        let executor = ThreadExecutor(name: uniqueName("twice"))
        let ran = Recorder<Int>()
        for index in 0..<10 { executor.execute { ran.append(index) } }
        async let first: Void = executor.shutdown()
        async let second: Void = executor.shutdown()
        _ = await (first, second)
        await executor.shutdown()
        #expect(ran.all.count == 10)
        #expect(!ProcessThreads.names().contains(executor.kernelThreadName))
    }

    @Test("Enqueueing after shutdown stops the process with a message")
    func enqueueAfterShutdownFails() async {
        await #expect(processExitsWith: .failure) {
            let executor = ThreadExecutor(name: "after-shutdown")
            await executor.shutdown()
            executor.execute {}
        }
    }

    @Test("Statistics count jobs enqueued, run and waiting")
    func statistics() async {
        let executor = ThreadExecutor(name: uniqueName("stats"))
        let gate = Gate()
        await block(executor, on: gate)
        for _ in 0..<5 { executor.execute {} }
        let blocked = executor.statistics
        #expect(blocked.jobsEnqueued == 6)
        #expect(blocked.jobsRun == 0)
        #expect(blocked.queueDepth == 6)
        gate.open()
        await drain(executor)
        let drained = executor.statistics
        #expect(drained.jobsEnqueued == 7)
        #expect(drained.jobsRun >= 6)
        #expect(drained.maximumQueueDepth >= 5)
        await executor.shutdown()
        #expect(executor.statistics.jobsRun == 7)
        #expect(executor.statistics.queueDepth == 0)
    }

    @Test("An executor that parks at once still wakes for every job")
    func noSpinWakesUp() async {
        let executor = ThreadExecutor(name: uniqueName("nospin"), spinDuration: .zero)
        let counter = Counter(on: executor)
        for _ in 0..<200 { _ = await counter.increment() }
        #expect(await counter.value == 200)
        await executor.shutdown()
    }
}

@Suite("Work queue")
struct WorkQueueTests {
    @Test("A queue cell holds its sequence and its item in 32 bytes")
    func cellSize() {
        #expect(MemoryLayout<WorkItem?>.size <= 24)
    }
}

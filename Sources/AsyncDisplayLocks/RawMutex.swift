#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A pthread mutex and condition variable at a stable heap address.
///
/// Chosen over `Synchronization.Mutex`, which on this toolchain's Linux is a
/// priority-inheritance futex: 35 ns uncontended against 7 ns for a pthread mutex, and
/// several times slower under producer/consumer contention (shared/research/executors.md).
///
/// Not copyable: the one value owns the memory and frees it when it ends (with its owner), so no
/// copy can outlive it or free it twice.
///
/// Concurrency: the pointers are shared between threads; pthread synchronises every access
/// to the memory behind them.
package struct RawMutex: ~Copyable, @unchecked Sendable {
    // Safe to send: the memory is only ever touched through pthread calls, which are
    // thread-safe; it lives until this value's deinit, when nothing can touch it any more.
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    @usableFromInline let condition: UnsafeMutablePointer<pthread_cond_t>

    package init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        defer { pthread_mutexattr_destroy(&attributes) }
        #if os(Linux)
        // Adaptive: a contender spins briefly before sleeping, since holders keep it for
        // nanoseconds; a futex sleep costs microseconds to wake from.
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ADAPTIVE_NP))
        #endif
        let mutexResult = pthread_mutex_init(mutex, &attributes)
        let conditionResult = pthread_cond_init(condition, nil)
        precondition(mutexResult == 0 && conditionResult == 0, "pthread mutex or condition init failed")
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deinitialize(count: 1)
        condition.deallocate()
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    @inlinable
    package func lock() { pthread_mutex_lock(mutex) }

    @inlinable
    package func unlock() { pthread_mutex_unlock(mutex) }

    /// Runs `body` with the mutex held.
    @inlinable
    package func withLock<Result, Failure: Error>(
        _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        lock()
        defer { unlock() }
        return try body()
    }

    /// Releases the mutex, sleeps until signalled, and takes it again. Call with the mutex held,
    /// in a loop that re-checks its predicate (wake-ups may be spurious).
    package func wait() { pthread_cond_wait(condition, mutex) }

    /// Wakes one thread sleeping in `wait()`.
    package func signal() { pthread_cond_signal(condition) }

    /// Wakes every thread sleeping in `wait()`.
    package func broadcast() { pthread_cond_broadcast(condition) }
}

/// A value guarded by a `RawMutex`.
///
/// Chosen over `Synchronization.Mutex` on this toolchain's Linux for speed (see `RawMutex`), and
/// because the thread sanitizer sees pthread locking (the prebuilt Synchronization module's
/// futex is invisible to it, which makes every guarded access look like a race).
///
/// Concurrency: `state` is read and written only inside `withLock`, so every access is
/// serialised by the mutex.
package final class LockedState<State> {
    @usableFromInline let mutex = RawMutex()
    // Safe: only dereferenced inside withLock, with the mutex held; a pointer, so that the
    // accesses carry no dynamic exclusivity checks.
    @usableFromInline let state: UnsafeMutablePointer<State>

    package init(_ state: State) {
        self.state = .allocate(capacity: 1)
        self.state.initialize(to: state)
    }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// Runs `body` on the state with the mutex held.
    @inlinable
    package func withLock<Result, Failure: Error>(
        _ body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        mutex.lock()
        defer { mutex.unlock() }
        return try body(&state.pointee)
    }
}

// Safe: `state` is only touched inside withLock, under the mutex, and is itself Sendable, so
// what leaves the lock may cross threads.
extension LockedState: @unchecked Sendable where State: Sendable {}

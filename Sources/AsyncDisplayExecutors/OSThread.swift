#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts, names, prioritises and joins the OS threads behind thread executors.
enum OSThread {
    /// The longest thread name Linux accepts, in bytes (16 with the terminating NUL).
    static let maximumNameLength = 15

    /// Starts a joinable thread that runs `body` once.
    static func start(_ body: @escaping () -> Void) -> pthread_t {
        let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
        #if canImport(Darwin)
        var handle: pthread_t?
        let result = pthread_create(
            &handle, nil,
            { context in
                Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().run()
                return nil
            }, context)
        precondition(result == 0, "pthread_create failed with \(result)")
        return handle!
        #else
        var handle = pthread_t()
        let result = pthread_create(
            &handle, nil,
            { context in
                // Safe: `context` is the retained ThreadBody passed just below.
                Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue().run()
                return nil
            }, context)
        precondition(result == 0, "pthread_create failed with \(result)")
        return handle
        #endif
    }

    /// Waits until `thread` has returned from its body.
    static func join(_ thread: pthread_t) {
        let result = pthread_join(thread, nil)
        precondition(result == 0, "pthread_join failed with \(result)")
    }

    /// Whether the calling thread is `thread`.
    @inline(__always)
    static func isCurrent(_ thread: pthread_t) -> Bool {
        pthread_equal(pthread_self(), thread) != 0
    }

    /// Names the calling thread, shortened to what the kernel accepts (see `kernelName(for:)`).
    static func setCurrentName(_ name: String) {
        let shortName = kernelName(for: name)
        #if canImport(Darwin)
        _ = pthread_setname_np(shortName)
        #elseif os(Linux)
        // Glibc's pthread_setname_np is not imported into Swift; /proc/thread-self/comm is
        // the same kernel field for the calling thread.
        let file = open("/proc/thread-self/comm", O_WRONLY)
        guard file >= 0 else { return }
        defer { close(file) }
        _ = shortName.utf8CString.withUnsafeBufferPointer { bytes in
            write(file, bytes.baseAddress, bytes.count - 1)
        }
        #endif
    }

    /// The name the kernel shows for a thread called `name`.
    ///
    /// Linux keeps 15 bytes. A longer dotted name keeps its last component whole (the index
    /// that tells pool threads apart) and shortens the others evenly:
    /// `asyncdisplay.userInitiated.0` becomes `asyncd.userIn.0`.
    static func kernelName(for name: String) -> String {
        guard name.utf8.count > maximumNameLength else { return name }
        var components = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard components.count > 1, let last = components.popLast(),
            last.utf8.count + components.count * 2 <= maximumNameLength
        else { return String(decoding: name.utf8.prefix(maximumNameLength), as: UTF8.self) }
        let budget = maximumNameLength - last.utf8.count - components.count
        let share = budget / components.count
        let shortened = components.map { String($0.prefix(share)) }
        return (shortened + [last]).joined(separator: ".")
    }

    /// Sets the calling thread's priority to `qualityOfService`'s nice increment above the
    /// process's own (the main thread's), whichever thread created this one.
    ///
    /// Linux keeps the nice value per thread, and `setpriority(PRIO_PROCESS, 0, …)` changes the
    /// calling thread's only; `getpriority(PRIO_PROCESS, pid)` reads the main thread's. Lowering
    /// one's own priority needs no privilege, raising it does: a thread made by one already
    /// lowered further may stay there. On Darwin the thread's QoS class is set instead. Returns
    /// false where the system refused; the thread then keeps the priority it inherited.
    @discardableResult
    static func lowerCurrentPriority(to qualityOfService: QualityOfService) -> Bool {
        #if os(Linux)
        errno = 0
        let base = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(getpid()))
        guard errno == 0 else { return false }
        let target = min(19, base + qualityOfService.niceIncrement)
        return setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, target) == 0
        #elseif canImport(Darwin)
        let qosClass: qos_class_t =
            switch qualityOfService {
            case .userInteractive: QOS_CLASS_USER_INTERACTIVE
            case .userInitiated: QOS_CLASS_USER_INITIATED
            case .default: QOS_CLASS_DEFAULT
            case .utility: QOS_CLASS_UTILITY
            case .background: QOS_CLASS_BACKGROUND
            }
        return pthread_set_qos_class_self_np(qosClass, 0) == 0
        #else
        return false
        #endif
    }
}

/// The closure a new thread runs, boxed so it can cross `pthread_create` as a raw pointer.
private final class ThreadBody {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}

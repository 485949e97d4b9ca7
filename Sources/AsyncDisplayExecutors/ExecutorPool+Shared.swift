extension ExecutorPool {
    /// The process-wide pool for `qos`, created on first use with `defaultCount` executors named
    /// `asyncdisplay.<qos>.<n>`. Shared pools live for the process; `shutdown()` on them does nothing.
    public static func shared(_ qos: QualityOfService) -> ExecutorPool {
        switch qos {
        case .userInteractive: sharedUserInteractive
        case .userInitiated: sharedUserInitiated
        case .default: sharedDefault
        case .utility: sharedUtility
        case .background: sharedBackground
        }
    }

    // Static lets are created lazily, once, thread-safely.
    private static let sharedUserInteractive = makeShared(.userInteractive)
    private static let sharedUserInitiated = makeShared(.userInitiated)
    private static let sharedDefault = makeShared(.default)
    private static let sharedUtility = makeShared(.utility)
    private static let sharedBackground = makeShared(.background)

    private static func makeShared(_ qos: QualityOfService) -> ExecutorPool {
        let name = "asyncdisplay.\(qos.rawValue)"
        let executors = (0..<defaultCount).map {
            ThreadExecutor(name: "\(name).\($0)", qualityOfService: qos)
        }
        return ExecutorPool(name: name, executors: executors, owned: executors, isShared: true, position: 0)
    }
}

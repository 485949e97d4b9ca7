/// What a layer does to display: up to three closures, all optional.
///
/// - `willDisplay` runs on the main actor before anything else.
/// - `display` draws into a canvas of the layer's size; it runs on the layer's executor (never on
///   the main actor while the layer displays asynchronously), may throw, and should check
///   `isCancelled()` between expensive steps: it turns true as soon as the layer asks for a newer
///   display or the task awaiting the render is cancelled.
/// - `didDisplay` runs on the main actor once per `willDisplay`: `finished` is true when new
///   contents were committed (or cleared), false when the display was cancelled or failed. The
///   one exception: a layer released while its display is in flight gets no `didDisplay`, as
///   there is no layer left to pass to it.
public struct DisplayTask: Sendable {
    /// Draws into `canvas`, whose size in points is `size`.
    public typealias Draw =
        @Sendable (_ canvas: inout Canvas, _ size: Size, _ isCancelled: @Sendable () -> Bool) throws -> Void

    public var willDisplay: (@MainActor @Sendable (AsyncLayer) -> Void)?
    public var display: Draw?
    public var didDisplay: (@MainActor @Sendable (_ layer: AsyncLayer, _ finished: Bool) -> Void)?

    public init(
        willDisplay: (@MainActor @Sendable (AsyncLayer) -> Void)? = nil,
        display: Draw? = nil,
        didDisplay: (@MainActor @Sendable (_ layer: AsyncLayer, _ finished: Bool) -> Void)? = nil
    ) {
        self.willDisplay = willDisplay
        self.display = display
        self.didDisplay = didDisplay
    }
}

/// The object that tells a layer how to display, on the main actor.
@MainActor
public protocol AsyncLayerDelegate: AnyObject, Sendable {
    /// The task for the display about to start. Called once per display, on the main actor.
    func makeDisplayTask(for layer: AsyncLayer) -> DisplayTask
}

import Synchronization

/// A layer whose contents are drawn off the main actor: an actor isolated to a serial executor.
///
/// Configure it (`setBounds`, `setContentsScale`, …), give it a delegate that makes its
/// `DisplayTask`, then ask for a display. `setNeedsDisplay()` can be called from anywhere without
/// `await`; it supersedes any display in flight at once. `await layer.display()` renders and
/// returns how it ended; the new contents are committed on the main actor, where `contents`
/// changes before the task's `didDisplay(finished: true)`.
///
/// ```swift
/// let layer = AsyncLayer()
/// await layer.setBounds(Size(width: 300, height: 80))
/// layer.delegate = cell  // on the main actor
/// if case .committed(let bitmap) = await layer.display() { … }
/// ```
///
/// Concurrency: the layer's state is isolated to `executor` (by default the next executor of the
/// shared user-initiated pool), where drawing runs too. `contents` is isolated to the main actor.
/// The generation and the needs-display flag are atomics, so they can be touched from anywhere.
public actor AsyncLayer {
    /// The serial executor the layer's state and drawing are isolated to.
    public nonisolated let executor: any SerialExecutor
    /// The display generation; every request and every display start advances it.
    public nonisolated let generation = Generation()
    /// Where `setNeedsDisplay()` coalesces and committed contents are reported.
    public nonisolated let transactions: TransactionCoalescer
    /// Draws on `executor` without keeping the layer alive.
    nonisolated let renderer: LayerRenderer
    private nonisolated let isDirty = Atomic<Bool>(false)

    /// The size in points.
    public private(set) var bounds = Size.zero
    /// Pixels per point, read at each display start.
    public private(set) var contentsScale = 1.0
    /// Whether the layer covers what is beneath it: its bitmap starts white, not transparent.
    public private(set) var isOpaque = false
    /// Filled before drawing, when set.
    public private(set) var backgroundColor: Color?
    /// Whether drawing happens off the main actor (the default) or on it.
    public private(set) var displaysAsynchronously = true
    /// The most pixels a bitmap of this layer may have; larger displays fail without allocating.
    public private(set) var pixelBudget = AsyncLayer.defaultPixelBudget
    /// Whether a stale display stops at its next check (the default). When false, a stale
    /// display's draw still starts and runs to completion with `isCancelled()` false throughout,
    /// to measure what cancellation saves; its bitmap never commits either way.
    public private(set) var cancelsStaleDisplays = true

    /// Makes the display tasks, on the main actor; held weakly.
    @MainActor public weak var delegate: (any AsyncLayerDelegate)?
    /// The committed contents, as the main actor (and the screen) sees them.
    @MainActor public internal(set) var contents: Bitmap?
    /// The generation the committed contents were drawn for (0 before any commit).
    @MainActor public internal(set) var contentsGeneration: UInt64 = 0
    /// The layer's place in the tree (see `AsyncLayer+Tree.swift`).
    @MainActor let tree = LayerTreeState()

    /// The default `pixelBudget`: 64 megapixels.
    public static let defaultPixelBudget = 64_000_000

    /// Makes a layer isolated to `executor` (by default the next executor of the shared
    /// user-initiated pool; any `SerialExecutor` may be plugged in) whose display requests
    /// coalesce in `transactions` (by default the main run loop's).
    public init(
        executor: any SerialExecutor = ExecutorPool.shared(.userInitiated).next(),
        transactions: TransactionCoalescer = .main
    ) {
        self.executor = executor
        self.transactions = transactions
        renderer = LayerRenderer(executor: executor)
    }

    deinit {
        // A draw in flight sees isCancelled() at its next check; nothing of it commits.
        generation.advance()
    }

    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    // MARK: Configuration

    public func setBounds(_ size: Size) { bounds = size }
    public func setContentsScale(_ scale: Double) { contentsScale = scale }
    public func setOpaque(_ opaque: Bool) { isOpaque = opaque }
    public func setBackgroundColor(_ color: Color?) { backgroundColor = color }
    public func setDisplaysAsynchronously(_ asynchronously: Bool) { displaysAsynchronously = asynchronously }
    public func setPixelBudget(_ pixels: Int) { pixelBudget = max(0, pixels) }
    public func setCancelsStaleDisplays(_ cancels: Bool) { cancelsStaleDisplays = cancels }

    // MARK: Displaying

    /// Whether a display was asked for and has not started since.
    public nonisolated var needsDisplay: Bool { isDirty.load(ordering: .acquiring) }

    /// Asks for a new display, from any isolation, without waiting.
    ///
    /// The generation advances at once, so a display in flight is stale from this instant: its
    /// draw sees `isCancelled()` and its bitmap never commits. The display itself starts at the
    /// next flush of `transactions`, once however many times this was called in the turn.
    public nonisolated func setNeedsDisplay() {
        generation.advance()
        isDirty.store(true, ordering: .releasing)
        transactions.commit(self, Self.displayAction)
    }

    /// The coalesced action behind `setNeedsDisplay()`.
    static let displayAction = TransactionAction<AsyncLayer>("display") { layer in
        layer.startDisplayIfNeeded()
    }

    /// Starts a display if one is still needed: its first step (`willDisplay`, the generation)
    /// runs now, in this flush; the draw and commit follow.
    @MainActor
    func startDisplayIfNeeded() {
        guard needsDisplay, !isDisplaySuspended else { return }
        let reference = WeakLayerReference(self)
        DisplayPipeline.continueFromFlush(DisplayPipeline.begin(reference), reference)
    }

    /// Displays now: draws (off the main actor unless `displaysAsynchronously` is false), then
    /// commits on the main actor. Returns how the display ended.
    public nonisolated func display() async -> DisplayOutcome {
        await DisplayPipeline.run(WeakLayerReference(self))
    }

    /// Displays the layer behind `reference` without keeping it alive meanwhile: if its last
    /// reference goes mid-display, the draw sees `isCancelled()` and nothing commits.
    package static func display(_ reference: WeakLayerReference) async -> DisplayOutcome {
        await DisplayPipeline.run(reference)
    }

    /// Sets the contents directly, as assigning `CALayer.contents` does: a display in flight goes
    /// stale, so it cannot overwrite them, and the old bitmap is released off the main actor. A
    /// display already asked for still starts at the next flush.
    @MainActor
    public func setContents(_ bitmap: Bitmap?) {
        replaceContents(with: bitmap, generation: generation.advance())
    }

    /// Suspends until every bitmap that layers handed off so far to be released off the main
    /// actor (replaced or cleared contents, renders that did not commit) has been dropped: for
    /// measuring memory after taking layers down.
    public static func waitForReleasedContents() async {
        await BitmapRelease.drain()
    }

    /// Displays if `setNeedsDisplay()` was called since the last display started; nil otherwise.
    public nonisolated func displayIfNeeded() async -> DisplayOutcome? {
        guard needsDisplay else { return nil }
        return await display()
    }

    /// Marks the layer dirty again when a display that was not superseded ended without
    /// committing (Task cancellation), so stale contents cannot stick.
    nonisolated func markDirtyIfCurrent(_ token: Generation.Token) {
        if token.isCurrent { isDirty.store(true, ordering: .releasing) }
    }

    /// Starts a display, from the main actor: clears the dirty flag and advances the generation,
    /// so that only the latest display can commit. Returns the new display's token.
    nonisolated func startDisplay() -> Generation.Token {
        isDirty.store(false, ordering: .releasing)
        return generation.advanceAndCapture()
    }

    /// What a display reads from the layer, taken on its executor just before the draw.
    var snapshot: LayerSnapshot {
        LayerSnapshot(
            size: bounds, scale: contentsScale, isOpaque: isOpaque, backgroundColor: backgroundColor,
            displaysAsynchronously: displaysAsynchronously, pixelBudget: pixelBudget,
            cancelsStaleDisplays: cancelsStaleDisplays)
    }
}

/// A reference that does not keep a layer alive, for displays in flight.
package struct WeakLayerReference: Sendable {
    package weak var layer: AsyncLayer?
    /// The layer's coalescer, told when the display ends even if the layer is gone by then.
    package let transactions: TransactionCoalescer

    package init(_ layer: AsyncLayer) {
        self.layer = layer
        transactions = layer.transactions
    }
}

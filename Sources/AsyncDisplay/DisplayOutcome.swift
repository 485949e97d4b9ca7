/// How one display ended.
public enum DisplayOutcome: Sendable {
    /// New contents were committed on the main actor.
    case committed(Bitmap)
    /// The contents were cleared: nothing to draw (no delegate, no draw closure, or a size under
    /// one point).
    case cleared
    /// A newer display superseded this one, its task was cancelled, or the layer went away;
    /// nothing was committed.
    case cancelled
    /// The display failed; the contents are unchanged.
    case failed(any Error)

    /// The committed bitmap, if any.
    public var bitmap: Bitmap? {
        if case .committed(let bitmap) = self { bitmap } else { nil }
    }

    public var isCommitted: Bool { bitmap != nil }
    public var isCleared: Bool { if case .cleared = self { true } else { false } }
    public var isCancelled: Bool { if case .cancelled = self { true } else { false } }

    /// The error of a failed display.
    public var error: (any Error)? {
        if case .failed(let error) = self { error } else { nil }
    }
}

/// Why a layer could not display.
public enum DisplayError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The bitmap would have more pixels than the layer's budget allows; nothing was allocated.
    case bitmapTooLarge(pixels: Double, budget: Int)
    /// The bounds have a NaN, infinite or negative dimension.
    case invalidSize(Size)
    /// The contents scale is NaN, infinite, zero or negative.
    case invalidScale(Double)

    public var description: String {
        switch self {
        case .bitmapTooLarge(let pixels, let budget):
            "A \(pixels)-pixel bitmap is over the layer's budget of \(budget) pixels"
        case .invalidSize(let size):
            "A layer can't display at size \(size.width) × \(size.height)"
        case .invalidScale(let scale):
            "A layer can't display at scale \(scale)"
        }
    }
}

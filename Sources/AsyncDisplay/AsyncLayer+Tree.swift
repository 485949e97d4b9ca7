/// The layer tree: where each layer sits in its parent, how opaque it is, whether it clips its
/// sublayers, and in what order its sublayers draw. It lives on the main actor, like a view
/// hierarchy; at each frame commit a compositor takes an immutable snapshot of it.
extension AsyncLayer {
    /// Adds `layer` as the last (frontmost) sublayer, removing it from its old parent first.
    ///
    /// Adding the layer itself or one of its ancestors would make a cycle: that is refused, and
    /// false returned; the tree is unchanged.
    @MainActor
    @discardableResult
    public func addSublayer(_ layer: AsyncLayer) -> Bool {
        insertSublayer(layer, at: tree.sublayers.count)
    }

    /// Inserts `layer` among the sublayers at `index` (clamped to the valid range), removing it
    /// from its old parent first. Refuses (returns false) what would make a cycle.
    @MainActor
    @discardableResult
    public func insertSublayer(_ layer: AsyncLayer, at index: Int) -> Bool {
        var ancestor: AsyncLayer? = self
        while let current = ancestor {
            if current === layer { return false }
            ancestor = current.tree.superlayer
        }
        layer.detachFromSuperlayer()
        tree.sublayers.insert(layer, at: min(max(index, 0), tree.sublayers.count))
        layer.tree.superlayer = self
        treeChanged()
        return true
    }

    /// Removes the layer from its parent; does nothing for a layer without one.
    ///
    /// Off the screen, the layer and its sublayers forget what they presented (a display group
    /// may have been holding older contents up): nothing keeps those bitmaps alive, and a layer
    /// added back shows nothing older than its contents.
    @MainActor
    public func removeFromSuperlayer() {
        guard tree.superlayer != nil else { return }
        detachFromSuperlayer()
        forgetPresentedContents()
    }

    /// Takes the layer out of its parent's sublayers, keeping what it presents (it is moving).
    @MainActor
    private func detachFromSuperlayer() {
        guard let parent = tree.superlayer else { return }
        // A loop, not removeAll(where:): see isDrawingInSubtree.
        for index in parent.tree.sublayers.indices.reversed() where parent.tree.sublayers[index] === self {
            parent.tree.sublayers.remove(at: index)
        }
        tree.superlayer = nil
        parent.treeChanged()
    }

    @MainActor
    private func forgetPresentedContents() {
        tree.presentedContents = nil
        tree.groupHoldingSince = nil
        for sublayer in tree.sublayers { sublayer.forgetPresentedContents() }
    }

    /// The sublayers, back to front.
    @MainActor public var sublayers: [AsyncLayer] { tree.sublayers }

    /// The layer this one is a sublayer of.
    @MainActor public var superlayer: AsyncLayer? { tree.superlayer }

    /// The layer's position and size in its parent's coordinates, in points. Contents draw at
    /// their own size from the frame's origin (never stretched), clipped to the frame when
    /// `masksToBounds` is set.
    @MainActor public var frame: Rect {
        get { tree.frame }
        set {
            tree.frame = newValue
            treeChanged()
        }
    }

    /// How opaque the layer and its sublayers are, 0...1.
    @MainActor public var opacity: Double {
        get { tree.opacity }
        set {
            tree.opacity = newValue.isNaN ? 0 : min(max(newValue, 0), 1)
            treeChanged()
        }
    }

    /// Whether the layer clips its contents and sublayers to its frame.
    @MainActor public var masksToBounds: Bool {
        get { tree.masksToBounds }
        set {
            tree.masksToBounds = newValue
            treeChanged()
        }
    }

    /// Whether the layer's displays are suspended: suspending cancels the display in flight and
    /// holds back new ones (the contents stay); resuming displays the layer once.
    @MainActor public var isDisplaySuspended: Bool {
        get { tree.isDisplaySuspended }
        set {
            guard newValue != tree.isDisplaySuspended else { return }
            tree.isDisplaySuspended = newValue
            if newValue {
                generation.advance()
            } else {
                setNeedsDisplay()
            }
        }
    }

    /// Whether the layer is a display group: its subtree's new contents appear together, in one
    /// frame, once none of its layers is still drawing, or once `displayGroupDeadline` has passed
    /// since the group started waiting.
    @MainActor public var isDisplayGroup: Bool {
        get { tree.isDisplayGroup }
        set {
            tree.isDisplayGroup = newValue
            treeChanged()
        }
    }

    /// How long a display group holds back finished contents while others in it still draw.
    @MainActor public var displayGroupDeadline: Duration {
        get { tree.displayGroupDeadline }
        set { tree.displayGroupDeadline = max(.zero, newValue) }
    }

    /// Whether a display of this layer has started and not yet finished.
    @MainActor public var isDisplayInFlight: Bool { tree.displaysInFlight > 0 }

    /// Whether the latest display started is in flight and still current: it may yet commit. A
    /// display superseded by a newer request, or by suspension, no longer counts.
    @MainActor var isCurrentDisplayInFlight: Bool {
        tree.latestDisplayInFlight == generation.current
    }

    /// Asks the coalescer for a frame, so that tree changes reach the compositor.
    @MainActor
    func treeChanged() {
        transactions.frameNeeded()
    }
}

/// A layer's place in the tree and how it presents; main-actor state.
///
/// A class, so that reading one field (the weak superlayer among them) never copies the rest:
/// as a struct stored in the layer, reads copied the whole state, weak reference included.
///
/// Concurrency: not Sendable; only the main actor reaches it, through the layer's main-actor
/// `tree`.
final class LayerTreeState {
    var frame = Rect.zero
    var opacity = 1.0
    var masksToBounds = false
    var sublayers: [AsyncLayer] = []
    weak var superlayer: AsyncLayer?
    var isDisplaySuspended = false
    var displaysInFlight = 0
    /// The generation of the latest display started, until it finishes.
    var latestDisplayInFlight: UInt64?
    var isDisplayGroup = false
    var displayGroupDeadline = Duration.milliseconds(100)
    /// When the group started holding back contents, while it does.
    var groupHoldingSince: ContinuousClock.Instant?
    /// The contents the screen shows: `contents`, except while a display group holds them back.
    var presentedContents: Bitmap?
}

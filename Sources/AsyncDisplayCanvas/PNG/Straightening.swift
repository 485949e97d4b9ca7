/// Converting premultiplied pixels to the straight alpha PNG stores.
///
/// A component `c` under alpha `a` becomes `round(c × 255 ÷ a)` (at most 255). Premultiplying
/// that again with exact rounding gives back `c` for every `c ≤ a`: the straight value is off by
/// at most ½, which premultiplying shrinks to at most ½ × a ÷ 255, under ½ when a < 255 (and
/// zero when a = 255). So valid premultiplied pixels survive a round trip unchanged.
enum Straightening {
    /// `table[a << 8 | c]` = min(255, round(c × 255 ÷ a)); 0 when `a` is 0.
    static let table: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 256 * 256)
        for alpha in 1..<256 {
            for component in 0..<256 {
                let straight = (2 * component * 255 + alpha) / (2 * alpha)
                table[alpha << 8 | component] = UInt8(min(straight, 255))
            }
        }
        return table
    }()

    /// Writes `count` packed premultiplied pixels as straight RGBA bytes at `output`.
    ///
    /// `isOpaque` promises every alpha is 255, which makes this a copy.
    @inline(__always)
    static func straighten(
        _ pixels: UnsafePointer<UInt32>, count: Int, into output: UnsafeMutablePointer<UInt8>, isOpaque: Bool,
        table: UnsafePointer<UInt8>
    ) {
        let raw = UnsafeMutableRawPointer(output)
        // Safe: `pixels` and `output` hold `count` pixels (4 bytes each); table indices are
        // alpha << 8 | component, below 65,536.
        if isOpaque {
            for index in 0..<count {
                raw.storeBytes(of: pixels[index].littleEndian, toByteOffset: index &* 4, as: UInt32.self)
            }
            return
        }
        for index in 0..<count {
            let pixel = pixels[index]
            let alpha = pixel >> 24
            var straight = pixel
            if alpha == 0 {
                straight = 0
            } else if alpha != 255 {
                let row = table + Int(alpha << 8)
                straight =
                    UInt32(row[Int(pixel & 0xFF)]) | UInt32(row[Int((pixel >> 8) & 0xFF)]) << 8
                    | UInt32(row[Int((pixel >> 16) & 0xFF)]) << 16 | alpha << 24
            }
            raw.storeBytes(of: straight.littleEndian, toByteOffset: index &* 4, as: UInt32.self)
        }
    }
}

/// A bitmap's rows as straight RGBA bytes: opaque bitmaps' own memory (on little-endian hosts,
/// where a packed pixel's bytes are R, G, B, A), others straightened into two alternating
/// scratch rows, so a row stays valid while the next one is made.
struct StraightRows: ~Copyable {
    private let pixels: UnsafePointer<UInt32>
    private let width: Int
    private let isOpaque: Bool
    private let table: UnsafePointer<UInt8>
    private let scratch: UnsafeMutablePointer<UInt8>

    /// - Parameters:
    ///   - pixels: the bitmap's packed pixels, valid while this is used.
    ///   - table: `Straightening.table`'s storage, valid while this is used.
    init(pixels: UnsafePointer<UInt32>, width: Int, isOpaque: Bool, table: UnsafePointer<UInt8>) {
        self.pixels = pixels
        self.width = width
        self.isOpaque = isOpaque
        self.table = table
        scratch = .allocate(capacity: max(8 * width, 1))
    }

    deinit { scratch.deallocate() }

    /// Row `y`, `4 × width` bytes, valid until row y + 2 is asked for.
    func row(_ y: Int) -> UnsafeRawPointer {
        let source = pixels + y * width
        #if _endian(little)
        // Read as raw bytes, which any memory may be.
        if isOpaque { return UnsafeRawPointer(source) }
        #endif
        let row = scratch + (y & 1) * 4 * width
        Straightening.straighten(source, count: width, into: row, isOpaque: isOpaque, table: table)
        return UnsafeRawPointer(row)
    }
}

/// Turns decoded rows of any PNG format into premultiplied packed pixels.
///
/// 16-bit samples are rounded to 8 bits (v × 255 ÷ 65535, to nearest); 1-, 2- and 4-bit grey
/// is scaled to 0...255; a `tRNS` colour key (compared at the full sample depth) makes a pixel
/// fully transparent; palette colours take their `tRNS` alpha.
struct PNGPixelConverter {
    private let header: PNGHeader
    /// Palette entries as premultiplied packed pixels (`paletteCount` of them are valid).
    private let palette: [UInt32]
    private let paletteCount: Int
    /// The raw sample values of the transparent colour key (grey in all three).
    private let colorKey: (red: UInt16, green: UInt16, blue: UInt16)?

    /// - Parameters:
    ///   - palette: `PLTE` as R, G, B bytes.
    ///   - transparency: the `tRNS` contents, if any.
    init(header: PNGHeader, palette: [UInt8], transparency: [UInt8]?) {
        self.header = header
        paletteCount = palette.count / 3
        var entries = [UInt32](repeating: 0, count: 256)
        for index in 0..<paletteCount {
            let alpha = index < transparency?.count ?? 0 ? transparency![index] : 255
            entries[index] = premultiplied(palette[3 * index], palette[3 * index + 1], palette[3 * index + 2], alpha)
        }
        self.palette = entries
        func value(at offset: Int) -> UInt16? {
            guard let transparency, offset + 1 < transparency.count else { return nil }
            return UInt16(transparency[offset]) << 8 | UInt16(transparency[offset + 1])
        }
        switch header.colorType {
        case .grey: colorKey = value(at: 0).map { ($0, $0, $0) }
        case .rgb: colorKey = value(at: 4).map { (value(at: 0)!, value(at: 2)!, $0) }
        default: colorKey = nil
        }
    }

    /// Converts `count` pixels of the unfiltered `row`, writing every `step`-th word from
    /// `output`; returns the AND of the written pixels (opaque if its alpha byte is 255).
    ///
    /// - Throws: `.corruptImageData(.paletteIndex)` for an index past the palette.
    func convert(
        _ row: UnsafePointer<UInt8>, count: Int, into output: UnsafeMutablePointer<UInt32>, step: Int
    ) throws(PNGError) -> UInt32 {
        var combined: UInt32 = 0xFFFF_FFFF
        let depth = header.bitDepth
        // Safe: a row holds `count` pixels of `bitsPerPixel` bits, so every sample index below
        // is inside it; `output` has room for `count` words `step` apart.
        switch (header.colorType, depth) {
        case (.rgba, 8):
            for index in 0..<count {
                let pixel = premultiplied(row[4 * index], row[4 * index + 1], row[4 * index + 2], row[4 * index + 3])
                output[index * step] = pixel
                combined &= pixel
            }
        case (.rgb, 8) where colorKey == nil:
            for index in 0..<count {
                let pixel =
                    UInt32(row[3 * index]) | UInt32(row[3 * index + 1]) << 8 | UInt32(row[3 * index + 2]) << 16
                    | 0xFF00_0000
                output[index * step] = pixel
            }
        case (.palette, _):
            try palette.withUnsafeBufferPointer { (palette) throws(PNGError) in
                for index in 0..<count {
                    let entry = Int(sample(row, index, depth))
                    guard entry < paletteCount else { throw .corruptImageData(.paletteIndex) }
                    output[index * step] = palette[entry]
                    combined &= palette[entry]
                }
            }
        default:
            for index in 0..<count {
                let pixel = convertPixel(row, index)
                output[index * step] = pixel
                combined &= pixel
            }
        }
        return combined
    }

    /// One pixel of any format but palette.
    private func convertPixel(_ row: UnsafePointer<UInt8>, _ index: Int) -> UInt32 {
        let depth = header.bitDepth
        let channels = header.colorType.channelCount
        let first = sample(row, index * channels, depth)
        switch header.colorType {
        case .grey:
            if colorKey?.red == first { return 0 }
            let grey = eightBit(first, depth)
            return premultiplied(grey, grey, grey, 255)
        case .greyAlpha:
            let grey = eightBit(first, depth)
            return premultiplied(grey, grey, grey, eightBit(sample(row, index * 2 + 1, depth), depth))
        case .rgb:
            let green = sample(row, index * 3 + 1, depth)
            let blue = sample(row, index * 3 + 2, depth)
            if let key = colorKey, key.red == first, key.green == green, key.blue == blue { return 0 }
            return premultiplied(eightBit(first, depth), eightBit(green, depth), eightBit(blue, depth), 255)
        case .rgba, .palette:
            return premultiplied(
                eightBit(first, depth), eightBit(sample(row, index * 4 + 1, depth), depth),
                eightBit(sample(row, index * 4 + 2, depth), depth), eightBit(sample(row, index * 4 + 3, depth), depth))
        }
    }
}

/// Sample `index` of a row of `depth`-bit samples (big-endian, packed from the high bits).
@inline(__always)
private func sample(_ row: UnsafePointer<UInt8>, _ index: Int, _ depth: Int) -> UInt16 {
    switch depth {
    case 8: return UInt16(row[index])
    case 16: return UInt16(row[2 * index]) << 8 | UInt16(row[2 * index + 1])
    default:
        let bit = index * depth
        let shift = 8 - depth - (bit & 7)
        return UInt16(row[bit >> 3] >> UInt8(shift)) & (1 << UInt16(depth) - 1)
    }
}

/// A `depth`-bit sample scaled to 0...255, rounded to nearest.
@inline(__always)
private func eightBit(_ sample: UInt16, _ depth: Int) -> UInt8 {
    switch depth {
    case 16: UInt8(truncatingIfNeeded: (UInt32(sample) * 255 + 32895) >> 16)
    case 8: UInt8(truncatingIfNeeded: sample)
    default: UInt8(truncatingIfNeeded: UInt32(sample) * 255 / (1 << UInt32(depth) - 1))
    }
}

/// A straight RGBA pixel premultiplied (each product rounded exactly) and packed.
@inline(__always)
private func premultiplied(_ red: UInt8, _ green: UInt8, _ blue: UInt8, _ alpha: UInt8) -> UInt32 {
    let a = UInt32(alpha)
    if a == 255 { return UInt32(red) | UInt32(green) << 8 | UInt32(blue) << 16 | 0xFF00_0000 }
    if a == 0 { return 0 }
    return multiplyDivide255(UInt32(red), a) | multiplyDivide255(UInt32(green), a) << 8
        | multiplyDivide255(UInt32(blue), a) << 16 | a << 24
}

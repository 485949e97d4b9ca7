/// Why a zlib or deflate stream could not be decompressed.
enum InflateError: Error, Equatable {
    /// The input ends inside the stream.
    case truncated
    /// The zlib header is invalid or asks for a preset dictionary.
    case invalidHeader
    /// Block type 3, which deflate does not define.
    case invalidBlockType
    /// A stored block whose length and its complement disagree.
    case invalidStoredLength
    /// A dynamic block's code lengths: too many, over-subscribed, incomplete, a repeat with
    /// nothing before it, or no end-of-block code.
    case invalidCodeLengths
    /// Bits that are no code, or a literal/length symbol above 285.
    case invalidSymbol
    /// A distance symbol above 29, or a distance before the start of the output.
    case invalidDistance
    /// The stream holds more bytes than the output may take.
    case outputLimitExceeded
    /// The Adler-32 does not match the decompressed bytes.
    case checksumMismatch
}

/// A deflate (RFC 1951) decompressor into a bounded output buffer, with the zlib (RFC 1950)
/// wrapper.
///
/// Every read is bounds-checked: bits past the end of the input read as zeros, and consuming
/// any of them throws `.truncated` at the next refill or block boundary. Output never passes
/// its capacity (`.outputLimitExceeded`), which bounds the work a stream can cause.
struct Inflater: ~Copyable {
    private let input: UnsafeRawBufferPointer
    /// The next input byte to load into the bit buffer.
    private var position = 0
    private var bitBuffer: UInt64 = 0
    private var bitCount = 0
    /// Zero bits added past the end of the input, at the top of the bit buffer.
    private var phantomBits = 0
    private let output: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    private(set) var outputCount = 0
    private var literals = HuffmanDecodingTable(primaryBits: 10)
    private var distances = HuffmanDecodingTable(primaryBits: 8)
    /// Whether the tables hold the fixed codes (kept for the next fixed block).
    private var hasFixedTables = false

    /// Decompresses the zlib stream in `input` into `output`, checking its Adler-32; returns
    /// the number of bytes written.
    ///
    /// Complexity: O(input + output).
    static func inflateZlib(
        _ input: UnsafeRawBufferPointer, into output: UnsafeMutableBufferPointer<UInt8>
    ) throws(InflateError) -> Int {
        guard input.count >= 2 else { throw .truncated }
        let method = input[0]
        let flags = input[1]
        guard method & 0x0F == 8, method >> 4 <= 7, (UInt16(method) << 8 | UInt16(flags)) % 31 == 0,
            flags & 0x20 == 0
        else { throw .invalidHeader }
        var inflater = Inflater(
            input: UnsafeRawBufferPointer(rebasing: input[2...]), output: output.baseAddress!, capacity: output.count)
        try inflater.inflate()
        let expected = try inflater.readBigEndianTrailer()
        let written = inflater.outputCount
        guard Adler32.checksum(UnsafeRawBufferPointer(start: output.baseAddress, count: written)) == expected else {
            throw .checksumMismatch
        }
        return written
    }

    /// Decompresses a zlib stream of at most `limit` bytes.
    static func inflateZlib(_ input: [UInt8], limit: Int) throws(InflateError) -> [UInt8] {
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(limit, 1))
        defer { buffer.deallocate() }
        let written = input.withUnsafeBytes { bytes in
            Result { () throws(InflateError) -> Int in
                try inflateZlib(bytes, into: UnsafeMutableBufferPointer(rebasing: buffer[0..<limit]))
            }
        }
        return Array(buffer[0..<(try written.get())])
    }

    private init(input: UnsafeRawBufferPointer, output: UnsafeMutablePointer<UInt8>, capacity: Int) {
        self.input = input
        self.output = output
        self.capacity = capacity
    }

    /// Decodes blocks until the final one.
    private mutating func inflate() throws(InflateError) {
        var isFinal = false
        while !isFinal {
            try refill()
            isFinal = bitBuffer & 1 == 1
            let type = (bitBuffer >> 1) & 3
            consume(3)
            switch type {
            case 0: try copyStoredBlock()
            case 1:
                try buildFixedTables()
                try decodeHuffmanBlock()
            case 2:
                try readDynamicTables()
                try decodeHuffmanBlock()
            default: throw .invalidBlockType
            }
        }
        try checkNotPastEnd()
    }

    // MARK: Bits

    /// Makes at least 56 bits available, zeros past the end of the input.
    @inline(__always)
    private mutating func refill() throws(InflateError) {
        if position + 8 <= input.count {
            // Safe: the eight bytes at `position` are inside the input. Bits above the counted
            // ones are the next input bytes, which later refills OR in again unchanged.
            let word = UInt64(littleEndian: input.loadUnaligned(fromByteOffset: position, as: UInt64.self))
            bitBuffer |= word &<< UInt64(bitCount)
            position += (63 - bitCount) >> 3
            bitCount |= 56
        } else {
            try refillSlowly()
        }
    }

    private mutating func refillSlowly() throws(InflateError) {
        try checkNotPastEnd()
        while bitCount <= 56 {
            if position < input.count {
                bitBuffer |= UInt64(input[position]) << UInt64(bitCount)
                position += 1
            } else {
                phantomBits += 8
            }
            bitCount += 8
        }
    }

    /// Throws if any bit past the end of the input has been consumed.
    private func checkNotPastEnd() throws(InflateError) {
        if phantomBits > bitCount { throw .truncated }
    }

    @inline(__always)
    private mutating func consume(_ count: Int) {
        assert(count <= bitCount, "consumed bits that were not loaded")
        bitBuffer &>>= UInt64(count)
        bitCount &-= count
    }

    /// The next `count` bits (at most 32), consumed.
    @inline(__always)
    private mutating func take(_ count: Int) -> Int {
        let value = Int(truncatingIfNeeded: bitBuffer & ((1 &<< UInt64(count)) &- 1))
        consume(count)
        return value
    }

    /// Gives the whole bytes in the bit buffer back to the input, after dropping the bits of a
    /// partial byte, so reading continues byte-aligned at `position`.
    private mutating func alignToByte() throws(InflateError) {
        try checkNotPastEnd()
        consume(bitCount & 7)
        position -= (bitCount - phantomBits) >> 3
        bitBuffer = 0
        bitCount = 0
        phantomBits = 0
    }

    private mutating func readBigEndianTrailer() throws(InflateError) -> UInt32 {
        try alignToByte()
        guard position + 4 <= input.count else { throw .truncated }
        var value: UInt32 = 0
        for index in position..<position + 4 { value = value << 8 | UInt32(input[index]) }
        position += 4
        return value
    }

    // MARK: Blocks

    private mutating func copyStoredBlock() throws(InflateError) {
        try alignToByte()
        guard position + 4 <= input.count else { throw .truncated }
        let length = Int(input[position]) | Int(input[position + 1]) << 8
        let complement = Int(input[position + 2]) | Int(input[position + 3]) << 8
        guard length ^ complement == 0xFFFF else { throw .invalidStoredLength }
        position += 4
        guard position + length <= input.count else { throw .truncated }
        guard outputCount + length <= capacity else { throw .outputLimitExceeded }
        (output + outputCount).update(
            from: input.baseAddress!.assumingMemoryBound(to: UInt8.self) + position, count: length)
        position += length
        outputCount += length
    }

    private mutating func buildFixedTables() throws(InflateError) {
        guard !hasFixedTables else { return }
        hasFixedTables = true
        try Deflate.fixedLiteralLengths.withUnsafeBufferPointer { (lengths) throws(InflateError) in
            try literals.build(lengths: lengths)
        }
        // 32 codes of 5 bits, complete; symbols 30 and 31 are rejected when decoded.
        let distanceLengths = [UInt8](repeating: 5, count: 32)
        try distanceLengths.withUnsafeBufferPointer { (lengths) throws(InflateError) in
            try distances.build(lengths: lengths)
        }
    }

    /// Reads a dynamic block's header and builds its tables.
    private mutating func readDynamicTables() throws(InflateError) {
        hasFixedTables = false
        try refill()
        let literalCount = take(5) + 257
        let distanceCount = take(5) + 1
        let codeLengthCount = take(4) + 4
        guard literalCount <= Deflate.literalLengthCount, distanceCount <= Deflate.distanceCount else {
            throw .invalidCodeLengths
        }
        var codeLengthLengths = [UInt8](repeating: 0, count: 19)
        for index in 0..<codeLengthCount {
            // Up to 19 × 3 bits, more than one refill guarantees.
            if index % 16 == 0 { try refill() }
            codeLengthLengths[Deflate.codeLengthOrder[index]] = UInt8(take(3))
        }
        var codeLengthTable = HuffmanDecodingTable(primaryBits: 7)
        try codeLengthLengths.withUnsafeBufferPointer { (lengths) throws(InflateError) in
            try codeLengthTable.build(lengths: lengths)
        }
        var lengths = [UInt8](repeating: 0, count: literalCount + distanceCount)
        var index = 0
        while index < lengths.count {
            try refill()
            let symbol = try decode(codeLengthTable)
            var repeated: UInt8 = 0
            var times = 1
            switch symbol {
            case 0...15: repeated = UInt8(symbol)
            case 16:
                guard index > 0 else { throw .invalidCodeLengths }
                repeated = lengths[index - 1]
                times = 3 + take(2)
            case 17: times = 3 + take(3)
            default: times = 11 + take(7)
            }
            guard index + times <= lengths.count else { throw .invalidCodeLengths }
            for offset in index..<index + times { lengths[offset] = repeated }
            index += times
        }
        guard lengths[Deflate.endOfBlock] > 0 else { throw .invalidCodeLengths }
        try lengths.withUnsafeBufferPointer { (all) throws(InflateError) in
            try literals.build(lengths: UnsafeBufferPointer(rebasing: all[..<literalCount]))
            try distances.build(lengths: UnsafeBufferPointer(rebasing: all[literalCount...]))
        }
    }

    /// The next symbol of `table`'s code.
    ///
    /// - Precondition: the bit buffer holds at least 15 bits.
    @inline(__always)
    private mutating func decode(_ table: borrowing HuffmanDecodingTable) throws(InflateError) -> Int {
        try table.entries.withUnsafeBufferPointer { (entries) throws(InflateError) -> Int in
            try decode(entries, primaryBits: table.primaryBits)
        }
    }

    @inline(__always)
    private mutating func decode(_ entries: UnsafeBufferPointer<UInt32>, primaryBits: Int) throws(InflateError) -> Int {
        // Safe: primary indices are masked to the primary table; subtable indices are a link's
        // start plus bits masked to its subtable size, both set up by `build`.
        var entry = entries[Int(truncatingIfNeeded: bitBuffer & ((1 &<< UInt64(primaryBits)) &- 1))]
        if entry & 0x80 != 0 {
            let subtableMask = (UInt64(1) &<< UInt64((entry >> 8) & 0xF)) &- 1
            entry =
                entries[Int(entry >> 16) &+ Int(truncatingIfNeeded: (bitBuffer &>> UInt64(primaryBits)) & subtableMask)]
        }
        let length = Int(entry & 0x7F)
        guard length > 0 else { throw .invalidSymbol }
        consume(length)
        return Int(entry >> 16)
    }

    /// Decodes a Huffman block's symbols until its end-of-block symbol.
    private mutating func decodeHuffmanBlock() throws(InflateError) {
        try literals.entries.withUnsafeBufferPointer { (literalEntries) throws(InflateError) in
            try distances.entries.withUnsafeBufferPointer { (distanceEntries) throws(InflateError) in
                try decodeSymbols(
                    literals: literalEntries, literalBits: literals.primaryBits, distances: distanceEntries,
                    distanceBits: distances.primaryBits)
            }
        }
    }

    private mutating func decodeSymbols(
        literals: UnsafeBufferPointer<UInt32>, literalBits: Int, distances: UnsafeBufferPointer<UInt32>,
        distanceBits: Int
    ) throws(InflateError) {
        let symbols = DeflateSymbols.shared
        while true {
            // One refill covers a whole token: at most 15 + 5 + 15 + 13 bits.
            try refill()
            let symbol = try decode(literals, primaryBits: literalBits)
            if symbol < 256 {
                guard outputCount < capacity else { throw .outputLimitExceeded }
                output[outputCount] = UInt8(truncatingIfNeeded: symbol)
                outputCount &+= 1
                continue
            }
            if symbol == Deflate.endOfBlock { return }
            let lengthSymbol = symbol &- 257
            guard lengthSymbol < 29 else { throw .invalidSymbol }
            let length = Int(symbols.lengthBases[lengthSymbol]) &+ take(Int(symbols.lengthExtraBits[lengthSymbol]))
            let distanceSymbol = try decode(distances, primaryBits: distanceBits)
            guard distanceSymbol < 30 else { throw .invalidDistance }
            let distance =
                Int(symbols.distanceBases[distanceSymbol]) &+ take(Int(symbols.distanceExtraBits[distanceSymbol]))
            guard distance <= outputCount else { throw .invalidDistance }
            guard length <= capacity &- outputCount else { throw .outputLimitExceeded }
            copyMatch(length: length, distance: distance)
        }
    }

    /// Appends `length` bytes copied from `distance` back (overlapping when distance < length).
    ///
    /// - Precondition: distance ≤ outputCount and outputCount + length ≤ capacity.
    @inline(__always)
    private mutating func copyMatch(length: Int, distance: Int) {
        // Safe: the source starts inside the output and the destination ends within capacity.
        let destination = output + outputCount
        let source = destination - distance
        if distance == 1 {
            destination.update(repeating: source.pointee, count: length)
        } else if distance >= length {
            destination.update(from: source, count: length)
        } else {
            for index in 0..<length { destination[index] = source[index] }
        }
        outputCount &+= length
    }
}

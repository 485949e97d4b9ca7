import Foundation

/// A binary PPM read back, for checking what the feed wrote.
struct PortablePixmap {
    let width: Int
    let height: Int
    /// Red, green, blue per pixel, row by row.
    let pixels: [UInt8]

    var size: (Int, Int) { (width, height) }

    enum ReadError: Error { case notP6, badHeader, truncated }

    init(contentsOf url: URL) throws {
        let data = try Data(contentsOf: url)
        var fields: [String] = []
        var index = data.startIndex
        // Four whitespace-separated header fields: magic, width, height, maximum.
        while fields.count < 4 {
            var field = ""
            while index < data.endIndex, data[index] == 0x20 || data[index] == 0x0A { index += 1 }
            while index < data.endIndex, data[index] != 0x20 && data[index] != 0x0A {
                field.append(Character(UnicodeScalar(data[index])))
                index += 1
            }
            guard !field.isEmpty else { throw ReadError.badHeader }
            fields.append(field)
        }
        guard fields[0] == "P6" else { throw ReadError.notP6 }
        guard let width = Int(fields[1]), let height = Int(fields[2]), fields[3] == "255" else {
            throw ReadError.badHeader
        }
        let body = data[(index + 1)...]
        guard body.count == width * height * 3 else { throw ReadError.truncated }
        self.width = width
        self.height = height
        pixels = Array(body)
    }
}

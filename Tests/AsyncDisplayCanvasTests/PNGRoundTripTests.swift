import Testing

@testable import AsyncDisplayCanvas

@Suite("PNG round trips")
struct PNGRoundTripTests {
    @Test("A drawn bitmap decodes back equal at every compression")
    func drawnBitmap() throws {
        var canvas = Canvas(width: 37, height: 23, background: .white)
        canvas.fill(
            Rect(x: 3.5, y: 2.25, width: 20, height: 11), with: Color(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.6))
        let bitmap = canvas.makeBitmap()
        for compression in PNGCompression.allCases {
            let png = try bitmap.pngData(compression: compression)
            let decoded = try Bitmap(pngData: png)
            #expect(decoded == bitmap)
        }
    }
}

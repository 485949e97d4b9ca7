import AsyncDisplay
import Testing

@Suite("Generation")
struct GenerationTests {
    @Test("advance() returns each new value; a token is current until the next advance")
    func tokens() {
        let generation = Generation()
        #expect(generation.current == 0)
        let token = generation.advanceAndCapture()
        #expect(token.value == 1)
        #expect(token.isCurrent)
        #expect(generation.capture().isCurrent)
        #expect(generation.advance() == 2)
        #expect(!token.isCurrent)
    }

    @Test("Advances from many tasks at once are all counted")
    func concurrentAdvances() async {
        let generation = Generation()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<16 {
                group.addTask { for _ in 0..<1_000 { generation.advance() } }
            }
        }
        #expect(generation.current == 16_000)
    }
}

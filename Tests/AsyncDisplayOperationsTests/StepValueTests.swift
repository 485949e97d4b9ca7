import Testing

@testable import AsyncDisplayOperations

@Suite("Step values")
struct StepValueTests {
    @Test("Changing a copy of a step leaves the original as it was, identity shared")
    func copiesAreIndependent() {
        let original = OperationStep<Int>("a", exclusivity: [.init("alert")]) { _ in 1 }
        var copy = original
        copy.name = "b"
        copy.priority = .high
        copy.exclusivity = [.init("sheet"), .init("log", scope: .process), .init("sheet")]
        copy.addDependency(OperationStep<Void>("c") { _ in }.id)
        #expect(original.name == "a" && original.priority == .normal && original.dependencies.isEmpty)
        #expect(original.erasedStep.managerCategories == ["alert"])
        #expect(copy.id == original.id)
        #expect(copy.erasedStep.managerCategories == ["sheet"] && copy.erasedStep.processCategories == ["log"])
        #expect(copy.erasedStep !== original.erasedStep)
    }

    @Test("Erasing a step hands over the step's own storage, which later changes leave alone")
    func erasingSharesStorage() {
        var step = OperationStep<Void>("a", priority: .low) { _ in }
        let erased = step.erasedStep
        #expect(step.erasedStep === erased)
        step.name = "b"
        step.priority = .high
        #expect(erased.name == "a" && erased.priority == .low)
        #expect(step.erasedStep.name == "b" && step.erasedStep.priority == .high && step.id == erased.id)
    }
}

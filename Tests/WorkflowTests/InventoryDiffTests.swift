import Inventory
import Testing
import WorkflowTestSupport

@Suite struct InventoryDiffTests {
    @Test func addedAndRemovedFunctionsAreListed() {
        let diff = InventoryDiff(base: inventory([record("old()"), record("kept()", line: 2)]),
                                 head: inventory([record("kept()", line: 2), record("new()", line: 3)]),
                                 baseLabel: "main", headLabel: "HEAD")
        #expect(diff.added.map(\.name) == ["new()"])
        #expect(diff.removed.map(\.name) == ["old()"])
        #expect(diff.changed.isEmpty)
        #expect(diff.base == "main" && diff.head == "HEAD")
    }

    @Test func aLineShiftIsNotAChange() {
        let diff = InventoryDiff(base: inventory([record("f()", line: 3)]), head: inventory([record("f()", line: 30)]),
                                 baseLabel: "a", headLabel: "b")
        #expect(diff.isEmpty)
    }

    @Test func signatureAccessAndDocChangesAreClassified() {
        let diff = InventoryDiff(
            base: inventory([record("a(x:)", signature: "public func a(x: Int)"), record("b()", line: 2, access: .internal),
                             record("c()", line: 3, doc: nil)]),
            head: inventory([record("a(x:)", signature: "public func a(x: Int) async"), record("b()", line: 2, access: .public),
                             record("c()", line: 3, doc: "Now documented.")]),
            baseLabel: "a", headLabel: "b")
        #expect(diff.changed.map(\.new.name) == ["a(x:)", "b()", "c()"])
        #expect(diff.changed.map(\.changes) == [[.signature], [.accessLevel], [.doc]])
    }

    @Test func aMovedFileIsAChangeOfFileNotRemovedAndAdded() {
        let diff = InventoryDiff(base: inventory([record("f()", file: "Sources/App/Old.swift")]),
                                 head: inventory([record("f()", file: "Sources/App/New.swift")]),
                                 baseLabel: "a", headLabel: "b")
        #expect(diff.added.isEmpty && diff.removed.isEmpty)
        #expect(diff.changed.map(\.changes) == [[.file]])
        #expect(diff.changed.first?.old.file == "Sources/App/Old.swift")
    }

    @Test func aFileMovedToAnotherModuleIsFollowed() {
        let diff = InventoryDiff(base: inventory([record("f()", file: "Sources/Core/F.swift", module: "Core")]),
                                 head: inventory([record("f()", file: "Sources/UI/F.swift", module: "UI")]),
                                 baseLabel: "a", headLabel: "b")
        #expect(diff.added.isEmpty && diff.removed.isEmpty)
        #expect(diff.changed.map(\.changes) == [[.file]])
    }

    @Test func functionsAreMatchedByModuleAndType() {
        let diff = InventoryDiff(base: inventory([record("f()", type: "A"), record("g()", module: "Core")]),
                                 head: inventory([record("f()", type: "B"), record("g()", module: "UI")]),
                                 baseLabel: "a", headLabel: "b")
        #expect(diff.added.map(\.qualifiedName) == ["B.f()", "g()"])
        #expect(diff.removed.map(\.qualifiedName) == ["A.f()", "g()"])
    }

    @Test func aRequirementAndItsDefaultImplementationAreTwoFunctions() {
        var requirement = record("fail(_:)", line: 2, type: "Output", signature: "func fail(_ error: Error)")
        requirement.isRequirement = true
        var implementation = record("fail(_:)", line: 9, type: "Output", signature: "func fail(_ error: Error)", doc: nil)
        let base = inventory([requirement, implementation])
        requirement.doc = nil
        implementation.doc = DocComment(raw: "Ignores it.", summary: "Ignores it.")
        let diff = InventoryDiff(base: base, head: inventory([requirement, implementation]), baseLabel: "a", headLabel: "b")
        #expect(diff.changed.map(\.new.isRequirement) == [true, false])
        #expect(diff.changed.map(\.old.line) == [2, 9])
    }

    @Test func overloadsArePairedBySignature() {
        let base = [record("f(_:)", line: 1, signature: "public func f(_ x: Int)"),
                    record("f(_:)", line: 2, signature: "public func f(_ x: String)")]
        let head = [record("f(_:)", line: 1, signature: "public func f(_ x: String)"),
                    record("f(_:)", line: 5, signature: "public func f(_ x: Double)")]
        let diff = InventoryDiff(base: inventory(base), head: inventory(head), baseLabel: "a", headLabel: "b")
        #expect(diff.changed.count == 1)
        #expect(diff.changed.first?.old.signature == "public func f(_ x: Int)")
        #expect(diff.changed.first?.new.signature == "public func f(_ x: Double)")
        #expect(diff.added.isEmpty && diff.removed.isEmpty)
    }
}

import Inventory
import Testing

@testable import SwiftExtraction

/// `condition` from `#if` clauses and `section` from `// MARK:` comments.
@Suite struct ConditionTests {
    static let clauses = """
        #if os(iOS)
        func a() {}
        #elseif canImport(AppKit)
        func b() {}
        #else
        func c() {}
        #endif
        """

    @Test func ifClause() {
        #expect(function("a()", in: Self.clauses)?.condition == "os(iOS)")
    }

    @Test func elseifClauseNegatesTheClausesBefore() {
        #expect(function("b()", in: Self.clauses)?.condition == "!(os(iOS)) && canImport(AppKit)")
    }

    @Test func elseClauseNegatesEveryClause() {
        #expect(function("c()", in: Self.clauses)?.condition == "!(os(iOS)) && !(canImport(AppKit))")
    }

    @Test func nestedClausesJoinWithAnd() {
        let source = "#if os(iOS)\n#if DEBUG\nfunc f() {}\n#endif\n#endif"
        #expect(function("f()", in: source)?.condition == "os(iOS) && DEBUG")
    }

    @Test func compoundConditionIsParenthesizedWhenJoined() {
        let source = "#if DEBUG\n#if os(iOS) || os(tvOS)\nfunc f() {}\n#endif\n#endif"
        #expect(function("f()", in: source)?.condition == "DEBUG && (os(iOS) || os(tvOS))")
    }

    @Test func compoundConditionAloneIsNotParenthesized() {
        let source = "#if os(iOS) || os(tvOS)\nfunc f() {}\n#endif"
        #expect(function("f()", in: source)?.condition == "os(iOS) || os(tvOS)")
    }

    @Test func membersInsideClausesOfATypeBody() {
        let source = "struct S {\n#if swift(>=5.9)\nfunc f() {}\n#endif\n}"
        let record = function("f()", in: source)
        #expect(record?.condition == "swift(>=5.9)")
        #expect(record?.enclosingType == "S")
    }

    @Test func outsideAnyClauseIsNull() {
        #expect(function("f()", in: "#if DEBUG\nfunc g() {}\n#endif\nfunc f() {}")?.condition == nil)
    }

    @Test func typeRecordsCarryTheCondition() {
        #expect(type("S", in: "#if os(Linux)\nstruct S {}\n#endif")?.condition == "os(Linux)")
    }
}

@Suite struct SectionTests {
    @Test func markWithDash() {
        #expect(function("f()", in: "// MARK: - Helpers\nfunc f() {}")?.section == "Helpers")
    }

    @Test func markWithoutDash() {
        #expect(function("f()", in: "// MARK: Helpers\nfunc f() {}")?.section == "Helpers")
    }

    @Test func noMarkIsNull() {
        #expect(function("f()", in: "func f() {}")?.section == nil)
    }

    @Test func nearestPrecedingMarkWins() {
        let source = "// MARK: - One\nfunc a() {}\n// MARK: - Two\n\nvar x = 1\nfunc f() {}"
        #expect(function("f()", in: source)?.section == "Two")
    }

    @Test func trailingDashOfATitleIsNotPartOfIt() {
        #expect(function("f()", in: "// MARK: - Public API -\nfunc f() {}")?.section == "Public API")
    }

    @Test func bareSeparatorEndsTheSection() {
        #expect(function("f()", in: "// MARK: - One\n// MARK: -\nfunc f() {}")?.section == nil)
    }

    @Test func typeBodyStartsInTheSectionOfItsDeclaration() {
        let source = "// MARK: - Equatable\nextension S {\n    func f() {}\n}"
        #expect(function("f()", in: source)?.section == "Equatable")
    }

    @Test func markInsideATypeBodyStaysInside() {
        let source = """
            // MARK: - Outer
            struct S {
                // MARK: - Inner
                func a() {}
            }
            func f() {}
            """
        #expect(function("a()", in: source)?.section == "Inner")
        #expect(function("f()", in: source)?.section == "Outer")
    }

    @Test func markInsideAnIfClauseApplies() {
        let source = "struct S {\n#if DEBUG\n// MARK: - Debugging\nfunc f() {}\n#endif\n}"
        #expect(function("f()", in: source)?.section == "Debugging")
    }

    @Test func markInsideAFunctionBodyDoesNotApply() {
        let source = "func a() {\n    // MARK: - Hidden\n}\nfunc f() {}"
        #expect(function("f()", in: source)?.section == nil)
    }
}

import Foundation
import Testing

@testable import SwiftExtraction

/// Joining records by moving them (`RecordMoves.joining(moving:filler:)`).
@Suite struct RecordMovesTests {
    /// A class instance per element: a copy left behind would keep it alive, a release too many would crash.
    final class Tracked {
        let value: String
        init(_ value: String) { self.value = value }
    }

    @Test func partsAreJoinedInOrderAndLeftHoldingTheFiller() {
        let words = (0..<5).map { Tracked("word \($0)") }
        var parts: [[Tracked]] = [[words[0], words[1]], [], [words[2]], [words[3], words[4]]]
        let filler = Tracked("filler")
        let joined = RecordMoves.joining(moving: &parts, filler: filler)
        #expect(joined.map(\.value) == words.map(\.value))
        #expect(zip(joined, words).allSatisfy { $0 === $1 }, "the same instances, moved")
        #expect(parts.map(\.count) == [2, 0, 1, 2], "each part keeps its length")
        #expect(parts.joined().allSatisfy { $0 === filler })
    }

    @Test func thePartsKeepNoReferenceToWhatWasMoved() {
        weak var probe: Tracked?
        var parts: [[Tracked]] = []
        var joined: [Tracked] = []
        do {
            let word = Tracked("moved")
            probe = word
            parts = [[word]]
        }
        joined = RecordMoves.joining(moving: &parts, filler: Tracked("filler"))
        #expect(probe != nil && joined.count == 1, "the joined array holds it")
        joined = []
        #expect(probe == nil, "nothing else does: the part holds the filler, and no copy was left behind")
        #expect(parts[0].map(\.value) == ["filler"])
    }

    @Test func aSharedPartIsCopiedNotEmptied() {
        let shared = ["a", "b"].map(Tracked.init)
        var parts = [shared, [Tracked("c")]]
        let joined = RecordMoves.joining(moving: &parts, filler: Tracked("filler"))
        #expect(joined.map(\.value) == ["a", "b", "c"])
        #expect(shared.map(\.value) == ["a", "b"], "the array held elsewhere still has its elements")
        #expect(parts[0].map(\.value) == ["filler", "filler"], "the part's own copy was moved out")
    }

    @Test func nothingToJoin() {
        var parts: [[Tracked]] = [[], []]
        #expect(RecordMoves.joining(moving: &parts, filler: Tracked("filler")).isEmpty)
        var none: [[Tracked]] = []
        #expect(RecordMoves.joining(moving: &none, filler: Tracked("filler")).isEmpty)
    }
}

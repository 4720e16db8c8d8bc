import Foundation

/// The Swift name under which Swift sees an Objective-C method: the `NS_SWIFT_NAME(…)` written on it, else the name
/// the Swift compiler's importer would give it, for the common cases (Documentation/ObjectiveC.md lists what is not
/// done):
///
/// - `init…` instance methods are initializers: `init` → `init()`, `initWithName:` → `init(name:)`,
///   `initWithName:age:` → `init(name:age:)`, `initFromFile:` → `init(fromFile:)`.
/// - The first selector piece is split before its last preposition (`With`, `For`, `From`, `To`, `In`, `At`, `By`,
///   `Of`, `On`, `Using`, …): `fetchUserWithID:completion:` → `fetchUser(withID:completion:)`; without one the first
///   argument has no label: `addObserver:forKeyPath:` → `addObserver(_:forKeyPath:)`.
/// - A last `error:` parameter of type `NSError **` becomes `throws` and leaves the name: `saveWithError:` →
///   `save()`, `writeData:error:` → `writeData(_:)`.
/// - `NS_REFINED_FOR_SWIFT` puts `__` before the base name.
enum SwiftNameImporter {
    /// The Swift name of a method.
    ///
    /// - Parameters:
    ///   - selector: The selector, e.g. `fetchUserWithID:completion:`.
    ///   - isInstance: True for a `-` method (only those are initializers).
    ///   - parameterTypes: The parameters' types as written, in order.
    ///   - declaration: The declaration's text (for `NS_SWIFT_NAME` and `NS_REFINED_FOR_SWIFT`).
    /// - Returns: The Swift name, e.g. `fetchUser(withID:completion:)`.
    static func swiftName(selector: String, isInstance: Bool, parameterTypes: [String], declaration: String) -> String {
        if let written = macroArgument("NS_SWIFT_NAME", in: declaration) ?? macroArgument("swift_name", in: declaration) {
            return written.hasPrefix("\"") && written.hasSuffix("\"") && written.count >= 2
                ? String(written.dropFirst().dropLast()) : written
        }
        var pieces = selector.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        let takesArguments = selector.hasSuffix(":")
        if takesArguments { pieces.removeLast() }
        var argumentCount = takesArguments ? pieces.count : 0
        var types = parameterTypes
        // `…error:(NSError **)error` last: Swift's `throws`.
        if argumentCount > 0, let last = types.last, isErrorPointer(last) {
            let lastPiece = pieces[argumentCount - 1]
            if argumentCount > 1, lastPiece == "error" {
                pieces.removeLast()
                argumentCount -= 1
                types.removeLast()
            } else if argumentCount == 1, let range = lastPiece.range(of: "Error", options: .backwards),
                      range.upperBound == lastPiece.endIndex {
                var base = String(lastPiece[..<range.lowerBound])
                if base.hasSuffix("With") { base.removeLast(4) }
                if base.hasSuffix("And") { base.removeLast(3) }
                if !base.isEmpty {
                    pieces = [base]
                    argumentCount = 0
                    types = []
                }
            }
        }
        var baseName = pieces.first ?? selector
        var labels = Array(pieces.dropFirst().prefix(max(0, argumentCount - 1)))
        if isInstance, let rest = initializerRest(baseName) {
            baseName = "init"
            if argumentCount > 0 {
                var first = rest
                if first.hasPrefix("With") { first.removeFirst(4) }
                labels.insert(first.isEmpty ? "_" : lowercasedFirst(first), at: 0)
            }
        } else if argumentCount > 0 {
            let (base, label) = splitBeforeLastPreposition(baseName)
            baseName = base
            labels.insert(label.map(lowercasedFirst) ?? "_", at: 0)
        }
        if declaration.contains("NS_REFINED_FOR_SWIFT") { baseName = "__" + baseName }
        return baseName + "(" + labels.map { $0 + ":" }.joined() + ")"
    }

    /// What follows `init` in an initializer's first piece (`WithName` of `initWithName`), or `nil` when the piece is
    /// not `init` followed by nothing or by an uppercase letter.
    static func initializerRest(_ piece: String) -> String? {
        guard piece.hasPrefix("init") else { return nil }
        let rest = piece.dropFirst(4)
        guard rest.isEmpty || rest.first!.isUppercase else { return nil }
        return String(rest)
    }

    /// Prepositions the importer splits a first selector piece before.
    static let prepositions: Set<String> = [
        "Above", "After", "Along", "Alongside", "As", "At", "Before", "Below", "By", "Following", "For", "From",
        "Given", "In", "Including", "Inside", "Into", "Matching", "Of", "On", "Passing", "Since", "To", "Until",
        "Using", "Via", "With", "Within", "Without",
    ]

    /// The first piece split before its last preposition that leaves a base name and an argument word after it:
    /// `fetchUserWithID` → (`fetchUser`, `WithID`); (`piece`, `nil`) when there is none.
    static func splitBeforeLastPreposition(_ piece: String) -> (base: String, label: String?) {
        let words = camelCaseWords(piece)
        guard words.count >= 3 else { return (piece, nil) }
        // Not the first word (the base name stays) and not the last (the label needs a word after the preposition).
        for index in stride(from: words.count - 2, through: 1, by: -1) where prepositions.contains(words[index]) {
            return (words[..<index].joined(), words[index...].joined())
        }
        return (piece, nil)
    }

    /// `fetchUserWithID` → `fetch`, `User`, `With`, `ID`: a word starts at an uppercase letter after a lowercase
    /// one, or at the last uppercase letter of a run followed by a lowercase one (`URLString` → `URL`, `String`).
    static func camelCaseWords(_ text: String) -> [String] {
        let characters = Array(text)
        var words: [String] = []
        var current = ""
        for (index, character) in characters.enumerated() {
            if !current.isEmpty, character.isUppercase {
                let previous = characters[index - 1]
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                if !previous.isUppercase || (next.map { $0.isLowercase } ?? false) {
                    words.append(current)
                    current = ""
                }
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// `text` with its first letter lowercased, or its leading run of capitals (`URLString` → `urlString`, `ID` →
    /// `id`) as Swift lowercases an initialism.
    static func lowercasedFirst(_ text: String) -> String {
        let characters = Array(text)
        var capitals = 0
        while capitals < characters.count, characters[capitals].isUppercase { capitals += 1 }
        if capitals == 0 { return text }
        // `WithID` → `withID`: only a first word's capitals are lowered (the rest of a label keeps its case).
        if capitals > 1, capitals < characters.count { capitals -= 1 }
        if capitals == characters.count, capitals > 1 { return text.lowercased() }
        return String(characters[..<capitals]).lowercased() + String(characters[capitals...])
    }

    /// True for `NSError **` written in any of its forms (`NSError * _Nullable * _Nullable`, `NSError *__autoreleasing *`).
    static func isErrorPointer(_ type: String) -> Bool {
        guard type.hasPrefix("NSError") || type.contains(" NSError") else { return false }
        return type.filter { $0 == "*" }.count == 2
    }

    /// The text inside `name(…)` in `text`, or `nil`.
    static func macroArgument(_ name: String, in text: String) -> String? {
        guard let start = text.range(of: name + "(") else { return nil }
        var depth = 1
        var index = start.upperBound
        while index < text.endIndex {
            if text[index] == "(" { depth += 1 }
            if text[index] == ")" {
                depth -= 1
                if depth == 0 { return text[start.upperBound..<index].trimmingCharacters(in: .whitespaces) }
            }
            index = text.index(after: index)
        }
        return nil
    }
}

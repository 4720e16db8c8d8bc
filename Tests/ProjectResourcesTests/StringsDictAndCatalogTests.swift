import Foundation
import Testing
@testable import ProjectResources

/// The `.stringsdict` and String Catalog readers on inline files and on the sample's.
@Suite struct StringsDictAndCatalogTests {
    @Test func readsPluralRulesWithTheirVariablesAndLines() throws {
        let data = try Data(contentsOf: SampleFiles.recipeBox.appendingPathComponent("RecipeBox/en.lproj/Localizable.stringsdict"))
        let entries = try StringsDictReader.entries(of: data, path: "en.lproj/Localizable.stringsdict")
        #expect(entries.map(\.key) == ["recipes.count", "servings.count"])
        #expect(entries[0].format == "%#@recipes@" && entries[0].line == 5)
        #expect(entries[0].variations.map(\.path) == ["recipes.plural.one", "recipes.plural.other"])
        #expect(entries[0].variations.map(\.text) == ["%d recipe", "%d recipes"])
        #expect(entries[1].line == 21)
    }

    @Test func aStringsDictThatIsNotAPropertyListIsOneError() {
        #expect(throws: ResourceError.self) {
            try StringsDictReader.entries(of: Data("<plist><dict><key>a</key>".utf8), path: "x.stringsdict")
        }
        #expect(throws: ResourceError.malformed(path: "x.stringsdict", line: nil, reason: "the property list's top level is not a dictionary")) {
            try StringsDictReader.entries(of: Data("<?xml version=\"1.0\"?><plist version=\"1.0\"><array/></plist>".utf8), path: "x.stringsdict")
        }
    }

    @Test func readsEveryLanguageCommentStateAndVariation() throws {
        let data = try Data(contentsOf: SampleFiles.recipeBox.appendingPathComponent("RecipeBoxKit/ShoppingList/Localizable.xcstrings"))
        let catalog = try StringCatalogReader.catalog(of: data, path: "Localizable.xcstrings")
        #expect(catalog.sourceLanguage == "en")
        #expect(catalog.entries.map(\.key) == [
            "shopping.add", "shopping.empty", "shopping.error.emptyTitle", "shopping.item.placeholder", "shopping.items.count %lld",
            "shopping.legacy.banner", "shopping.title",
        ])
        let add = catalog.entries[0]
        #expect(add.comment == "Button that opens the add form")
        #expect(add.localizations.map(\.language) == ["en", "ja", "vi"])
        #expect(add.localizations.map(\.state) == ["translated", "translated", "needs_review"])
        let empty = catalog.entries[1]
        #expect(empty.localizations[0].text == nil)
        #expect(empty.localizations[0].variations.map(\.path) == ["device.iphone", "device.mac", "device.other"])
        let count = catalog.entries[4]
        #expect(count.localizations[0].variations.map(\.path) == ["plural.one", "plural.other"])
        #expect(count.localizations[0].variations.map(\.text) == ["%lld item", "%lld items"])
        #expect(count.localizations[0].state == "translated")
        #expect(catalog.entries[5].extractionState == "stale")
        // Lines of the keys, checked against the text.
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        for entry in catalog.entries {
            #expect(lines[entry.line - 1].contains("\"\(entry.key)\" :"), "\(entry.key) at line \(entry.line)")
        }
    }

    @Test func nestedAndSubstitutionVariationsAndEscapedKeys() throws {
        let json = """
            {"sourceLanguage":"en","version":"1.0","strings":{
              "strings":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"A key named strings"}}}},
              "quote \\"x\\" \\u00e9":{},
              "%lld photos in %lld albums":{"localizations":{"en":{
                "stringUnit":{"state":"translated","value":"%#@photos@ in %#@albums@"},
                "substitutions":{"albums":{"argNum":2,"formatSpecifier":"lld","variations":{"plural":{"one":{"stringUnit":{"state":"translated","value":"%arg album"}},"other":{"stringUnit":{"state":"translated","value":"%arg albums"}}}}}},
                "variations":{"device":{"mac":{"variations":{"plural":{"other":{"stringUnit":{"state":"new","value":"mac photos"}}}}}}}
              }}}
            }}
            """
        let catalog = try StringCatalogReader.catalog(of: Data(json.utf8), path: "c.xcstrings")
        #expect(catalog.entries.map(\.key) == ["%lld photos in %lld albums", "quote \"x\" é", "strings"])
        #expect(catalog.entries.map(\.line) == [4, 3, 2])
        let english = catalog.entries[0].localizations[0]
        #expect(english.text == "%#@photos@ in %#@albums@")
        #expect(english.variations.map(\.path) == [
            "device.mac.plural.other", "substitutions.albums.plural.one", "substitutions.albums.plural.other",
        ])
        #expect(catalog.entries[1].localizations.isEmpty)
    }

    @Test func malformedCatalogsAreOneErrorEach() {
        #expect(throws: ResourceError.self) { try StringCatalogReader.catalog(of: Data("{\"strings\": {".utf8), path: "c.xcstrings") }
        #expect(throws: ResourceError.malformed(path: "c.xcstrings", line: nil, reason: "no \"strings\" object at the top level, so not a String Catalog")) {
            try StringCatalogReader.catalog(of: Data("[1, 2]".utf8), path: "c.xcstrings")
        }
    }
}

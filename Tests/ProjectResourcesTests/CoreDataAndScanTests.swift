import Foundation
import Inventory
import Testing
@testable import ProjectResources

/// The Core Data reader, and the scan that turns the sample's resources into records.
@Suite struct CoreDataAndScanTests {
    @Test func readsTheCurrentVersionOfTheSampleModel() throws {
        let scan = ResourceScan.read(root: SampleFiles.recipeBox, paths: ["RecipeBox/Persistence/RecipeBox.xcdatamodeld"])
        #expect(scan.problems.isEmpty)
        #expect(scan.entities.map(\.name) == ["Ingredient", "Recipe", "Tag", "Timestamped"])
        #expect(scan.entities.allSatisfy { $0.modelVersion == "RecipeBox 2" && $0.framework == .coreData })
        #expect(scan.entities[0].file == "RecipeBox/Persistence/RecipeBox.xcdatamodeld/RecipeBox 2.xcdatamodel/contents")
        let recipe = scan.entities[1]
        #expect(recipe.parent == "Timestamped" && recipe.className == "Recipe" && !recipe.isAbstract && recipe.line == 9)
        #expect(recipe.attributes.map(\.name) == ["isFavorite", "name", "notes", "servings", "sortTitle"])
        let servings = recipe.attributes[3]
        #expect(servings.type == "Integer 16" && servings.defaultValue == "2" && !servings.isOptional)
        #expect(recipe.attributes[4].isTransient && recipe.attributes[4].isOptional)
        #expect(recipe.relationships == [
            EntityRecord.Relationship(name: "ingredients", destination: "Ingredient", isToMany: true, isOptional: true,
                                      deleteRule: "cascade", inverse: "recipe"),
            EntityRecord.Relationship(name: "tags", destination: "Tag", isToMany: true, isOptional: true, deleteRule: "nullify",
                                      inverse: "recipes"),
        ])
        #expect(recipe.fetchIndexes == ["byNameIndex: name ascending", "byFavoriteAndDate: isFavorite descending, createdAt descending"])
        #expect(scan.entities[2].attributes.first?.isUnique == true && scan.entities[2].relationships.first?.deleteRule == "deny")
        #expect(scan.entities[3].isAbstract)
    }

    @Test func aModelWithoutCurrentVersionReadsTheLastOneAndWarns() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ProjectResourcesTests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let model = folder.appendingPathComponent("M.xcdatamodeld")
        for (version, entity) in [("M.xcdatamodel", "Old"), ("M 2.xcdatamodel", "New")] {
            try FileManager.default.createDirectory(at: model.appendingPathComponent(version), withIntermediateDirectories: true)
            try Data("<model><entity name=\"\(entity)\"/></model>".utf8).write(to: model.appendingPathComponent(version + "/contents"))
        }
        let broken = folder.appendingPathComponent("Broken.xcdatamodel")
        try FileManager.default.createDirectory(at: broken, withIntermediateDirectories: true)
        try Data("<model><entity name=\"A\">\n<attribute name=\"x\"</entity></model>".utf8).write(to: broken.appendingPathComponent("contents"))
        // Never versioned: an `.xccurrentversion` without a name and one version, read without a warning.
        let single = folder.appendingPathComponent("Single/S.xcdatamodeld")
        try FileManager.default.createDirectory(at: single.appendingPathComponent("S.xcdatamodel"), withIntermediateDirectories: true)
        try Data("<model><entity name=\"Only\"/></model>".utf8).write(to: single.appendingPathComponent("S.xcdatamodel/contents"))
        try Data("<?xml version=\"1.0\"?><plist version=\"1.0\"><dict/></plist>".utf8).write(to: single.appendingPathComponent(".xccurrentversion"))
        let singleScan = ResourceScan.read(root: folder, paths: ["Single/S.xcdatamodeld"])
        #expect(singleScan.entities.map(\.name) == ["Only"] && singleScan.problems.isEmpty)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("Single"))

        let paths = ResourceScan.resourcePaths(under: folder)
        #expect(paths == ["Broken.xcdatamodel", "M.xcdatamodeld"])
        let scan = ResourceScan.read(root: folder, paths: paths)
        #expect(scan.entities.map(\.name) == ["Old"])  // "M 2.xcdatamodel" < "M.xcdatamodel": the last by name is M.xcdatamodel
        try #require(scan.problems.count == 2)
        #expect(scan.problems.map(\.path) == ["Broken.xcdatamodel/contents", "M.xcdatamodeld"])
        #expect(scan.problems[0].line == 2)
        #expect(scan.problems[1] == .missingCurrentVersion(path: "M.xcdatamodeld", chosen: "M.xcdatamodel"))
        #expect(scan.problems[1].description.hasPrefix("M.xcdatamodeld: no current model version"))
    }

    @Test func theSampleGivesOneMessagePerTableAndKeyWithEveryLanguage() throws {
        let paths = ResourceScan.resourcePaths(under: SampleFiles.recipeBox)
        #expect(paths == [
            "RecipeBox/Base.lproj/Main.storyboard", "RecipeBox/Persistence/RecipeBox.xcdatamodeld", "RecipeBox/Views/RecipeCell.xib",
            "RecipeBox/en.lproj/Localizable.strings", "RecipeBox/en.lproj/Localizable.stringsdict",
            "RecipeBox/ja.lproj/Localizable.strings", "RecipeBox/ja.lproj/Localizable.stringsdict",
            "RecipeBoxKit/ShoppingList/Localizable.xcstrings",
        ])
        let scan = ResourceScan.read(root: SampleFiles.recipeBox, paths: paths)
        #expect(scan.problems.isEmpty)
        #expect(scan.messages.count == 12 + 2 + 7)
        let confirm = try #require(scan.messages.first { $0.key == "recipe.delete.confirm" })
        #expect(confirm.table == "Localizable" && confirm.file == "RecipeBox/en.lproj/Localizable.strings" && confirm.line == 15)
        #expect(confirm.comment == "Asks before deleting; %@ is the recipe name")
        #expect(confirm.translations.map(\.language) == ["en", "ja"])
        #expect(confirm.translations.map(\.text) == ["Delete “%@”?", "「%@」を削除しますか？"])
        let welcome = try #require(scan.messages.first { $0.key == "legacy.welcome" })
        #expect(welcome.languages == ["en"])
        let servings = try #require(scan.messages.first { $0.key == "servings.count" })
        #expect(servings.translations.map(\.format) == [.stringsdict, .stringsdict])
        #expect(servings.translations[1].variations == [MessageRecord.Variation(path: "servings.plural.other", text: "%d人分")])
        let title = try #require(scan.messages.first { $0.key == "shopping.title" })
        #expect(title.languages == ["en", "ja", "vi"] && title.comment == "Navigation title of the shopping list")
        let error = try #require(scan.messages.first { $0.key == "shopping.error.emptyTitle" })
        #expect(error.translations.map(\.state) == ["translated", "translated", "new"])
    }

    @Test func readsEveryKeyOfTheCatalogThatAPlainJSONDecodeFinds() throws {
        // The same catalog, read by the reader and counted with a plain JSON decode of the keys.
        let data = try Data(contentsOf: SampleFiles.recipeBox.appendingPathComponent("RecipeBoxKit/ShoppingList/Localizable.xcstrings"))
        struct Keys: Decodable { var strings: [String: AnyDecodable] }
        struct AnyDecodable: Decodable { init(from decoder: Decoder) throws {} }
        let keys = try JSONDecoder().decode(Keys.self, from: data).strings.keys.sorted()
        #expect(try StringCatalogReader.catalog(of: data, path: "c").entries.map(\.key) == keys)
    }
}

import Foundation
import Inventory
import Testing
@testable import ProjectResources

/// The storyboard and xib reader on the sample's files and on inline ones.
@Suite struct InterfaceBuilderReaderTests {
    @Test func readsTheSamplesScenesAndSegues() throws {
        let url = SampleFiles.recipeBox.appendingPathComponent("RecipeBox/Base.lproj/Main.storyboard")
        let data = try Data(contentsOf: url)
        let document = try InterfaceBuilderReader.document(of: data, path: "Main.storyboard")
        #expect(document.controllers.map(\.name) == [
            "MainTabs", "navigationController Recipes-Nav", "RecipeListViewController", "RecipeDetailViewController",
            "navigationController Settings-Nav", "SettingsViewController", "Units", "UnitsHelp",
        ])
        #expect(document.controllers.map(\.element) == [
            "tabBarController", "navigationController", "tableViewController", "viewController", "navigationController",
            "tableViewController", "viewController", "viewController",
        ])
        #expect(document.initialID == "Tab-Bar-Ctl")
        let list = document.controllers[2]
        #expect(list.customModule == "RecipeBox" && list.storyboardIdentifier == "RecipeList" && list.line == 47)
        // Every <segue> element of the file, counted in its text.
        let text = String(decoding: data, as: UTF8.self)
        #expect(document.segues.count == text.components(separatedBy: "<segue ").count - 1)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for segue in document.segues { #expect(lines[segue.line - 1].contains("<segue "), "line \(segue.line)") }
        let unwind = try #require(document.segues.first { $0.kind == "unwind" })
        #expect(document.controller(withID: unwind.destinationID)?.name == "RecipeListViewController")
        #expect(document.segues.map(\.identifier) == [
            "viewControllers", "viewControllers", "rootViewController", "showRecipeDetail", "unwindToRecipes", "rootViewController",
            "showUnits", "presentUnitsHelp",
        ])
    }

    @Test func theScanMakesScreensAndTransitions() {
        let scan = ResourceScan.read(root: SampleFiles.recipeBox, paths: ["RecipeBox/Base.lproj/Main.storyboard", "RecipeBox/Views/RecipeCell.xib"])
        #expect(scan.problems.isEmpty)
        #expect(scan.screens.count == 8 && scan.screens.filter(\.isInitial).map(\.name) == ["MainTabs"])
        #expect(scan.screens.allSatisfy { $0.source == .storyboard })  // the cell's xib has no controller
        #expect(scan.transitions.map { "\($0.source) → \($0.destination) \($0.kind)" }.contains(
            "RecipeListViewController → RecipeDetailViewController show"))
        #expect(scan.transitions.allSatisfy(\.isDeclared) && scan.transitions.count == 8)
    }

    @Test func aXibsControllerOrFilesOwnerIsAScreenAndBadXMLIsOneError() throws {
        let xib = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
                <objects>
                    <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner" customClass="LoginViewController" customModule="App"/>
                    <view contentMode="scaleToFill" id="root"/>
                    <navigationController id="nav-1"/>
                </objects>
            </document>
            """
        let document = try InterfaceBuilderReader.document(of: Data(xib.utf8), path: "Login.xib")
        #expect(document.controllers.map(\.name) == ["LoginViewController", "navigationController nav-1"])
        #expect(document.controllers.map(\.element) == ["filesOwner", "navigationController"])
        #expect(document.controllers[0].line == 4)
        #expect(throws: ResourceError.self) {
            try InterfaceBuilderReader.document(of: Data("<document><scenes><scene>".utf8), path: "Broken.storyboard")
        }
        #expect(throws: ResourceError.malformed(path: "x.xib", line: nil, reason: "no <document> element, so not an Interface Builder file")) {
            try InterfaceBuilderReader.document(of: Data("<model/>".utf8), path: "x.xib")
        }
    }
}

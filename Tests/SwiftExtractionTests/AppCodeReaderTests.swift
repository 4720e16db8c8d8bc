import Foundation
import Inventory
import Testing
import TestSupport
@testable import SwiftExtraction

/// `AppCodeReader`: error types through the project's own protocols and base classes, what `errorDescription` and
/// `failureReason` return per case, SwiftData `@Model` classes, and the uses of localized strings.
@Suite struct AppCodeReaderTests {
    /// Writes the files, extracts their declarations and runs the reader on them.
    func read(_ files: [String: String], findUses: Bool = true) throws -> AppCodeScan {
        let folder = try TemporaryFolder(prefix: "AppCodeReaderTests")
        var sources: [SourceFile] = []
        for (path, text) in files.sorted(by: { $0.key < $1.key }) {
            try folder.write(path, text)
            sources.append(SourceFile(relativePath: path, url: folder.url.appendingPathComponent(path), module: "App"))
        }
        let extracted = SwiftExtractor(options: ExtractionOptions()).extract(
            sources: files.sorted(by: { $0.key < $1.key }).map { SourceText(relativePath: $0.key, module: "App", text: $0.value) },
            cache: nil)
        return AppCodeReader.read(files: sources, types: extracted.types, properties: extracted.properties, findUses: findUses)
    }

    @Test func errorTypesThroughOwnProtocolsBaseClassesAndExtensions() throws {
        let scan = try read([
            "Errors.swift": """
                import Foundation
                protocol AppError: LocalizedError {}
                /// Network failures.
                enum NetworkError: AppError {
                    /// No connection.
                    case offline
                    case status(code: Int, String)
                    case timeout
                }
                class BaseFailure: Swift.Error {}
                final class UploadFailure: BaseFailure {}
                struct Plain {}
                struct Wrapped {}
                extension Wrapped: CustomNSError {}
                enum NotAnError { case a }
                """,
            "NetworkError+Text.swift": """
                import Foundation
                extension NetworkError {
                    var errorDescription: String? {
                        switch self {
                        case .offline: return NSLocalizedString("error.offline", comment: "")
                        case .status(let code, _): return "Server error \\(code)"
                        default: return nil
                        }
                    }
                    var failureReason: String? {
                        get { L10n.Errors.reason }
                    }
                }
                """,
        ])
        #expect(scan.errors.map(\.name) == ["NetworkError", "BaseFailure", "UploadFailure", "Wrapped"])
        let network = scan.errors[0]
        #expect(network.protocols == ["LocalizedError"] && network.doc?.summary == "Network failures.")
        #expect(network.cases.map(\.name) == ["offline", "status", "timeout"])
        #expect(network.cases[0].doc?.summary == "No connection.")
        #expect(network.cases[1].associatedValues.map(\.label) == ["code", nil])
        #expect(network.cases.map(\.errorDescription) == [#"NSLocalizedString("error.offline", comment: "")"#, #"Server error \(code)"#, nil])
        #expect(network.cases.map(\.failureReason) == ["L10n.Errors.reason", "L10n.Errors.reason", "L10n.Errors.reason"])
        #expect(scan.errors[1].protocols == ["Error"] && scan.errors[2].protocols == ["Error"])
        #expect(scan.errors[3].protocols == ["CustomNSError"] && scan.errors[3].kind == .struct)
    }

    @Test func swiftDataModelsBecomeEntities() throws {
        let scan = try read([
            "Model.swift": """
                import SwiftData
                /// A trip.
                @Model final class Trip {
                    @Attribute(.unique) var name: String
                    var start: Date = Date.now
                    @Relationship(deleteRule: .cascade, inverse: \\Stop.trip) var stops: [Stop] = []
                    @Transient var draft = false
                    static var sample = 1
                    var label: String { name }
                    init(name: String) { self.name = name }
                }
                @Model final class Stop {
                    var title: String?
                    var trip: Trip?
                    init() {}
                }
                final class NotAModel { var x = 1 }
                """,
        ], findUses: false)
        #expect(scan.entities.map(\.name) == ["Trip", "Stop"])
        let trip = scan.entities[0]
        #expect(trip.framework == .swiftData && trip.summary == "A trip." && trip.line == 3)
        #expect(trip.attributes.map(\.name) == ["name", "start", "draft"])
        #expect(trip.attributes[0].isUnique && trip.attributes[1].defaultValue == "Date.now" && trip.attributes[2].isTransient)
        #expect(trip.relationships == [EntityRecord.Relationship(name: "stops", destination: "Stop", isToMany: true, isOptional: true,
                                                                 deleteRule: "cascade", inverse: "trip")])
        #expect(scan.entities[1].attributes.map(\.isOptional) == [true])
        #expect(scan.entities[1].relationships.map(\.destination) == ["Trip"])
        #expect(scan.uses.isEmpty)
    }

    @Test func findsLocalizedStringUsesWithTheirLines() throws {
        let scan = try read([
            "Strings.swift": """
                enum L10n {
                    enum Home {
                        static let title = L10n.tr("Localizable", "home.title", fallback: "Home")
                        static func items(_ p1: Int) -> String { L10n.tr("Main", "home.items", p1, fallback: "") }
                    }
                    private static func tr(_ table: String, _ key: String, _ args: CVarArg..., fallback value: String) -> String { key }
                }
                """,
            "View.swift": """
                import SwiftUI
                struct HomeView: View {
                    let count: Int
                    var body: some View {
                        VStack {
                            Text("home.greeting")
                            Text(verbatim: "not a key")
                            Text(L10n.Home.title)
                            Button("home.refresh") {}
                            Text(String(localized: "home.count \\(count)", table: "Main"))
                        }
                        .navigationTitle("home.nav")
                    }
                    func legacy() -> String {
                        NSLocalizedString("home.legacy", tableName: "Old", comment: "")
                            + L10n.Home.items(2) + LocalizedStringKey("home.key").description
                    }
                }
                """,
        ])
        let uses = scan.uses.map { "\($0.table ?? "-") \($0.key) \($0.file):\($0.line) \($0.form)" }
        #expect(uses == [
            "- home.greeting View.swift:6 Text",
            "Localizable home.title View.swift:8 L10n",
            "- home.refresh View.swift:9 Button",
            "Main home.count %@ View.swift:10 String(localized:)",
            "- home.nav View.swift:12 navigationTitle",
            "Old home.legacy View.swift:15 NSLocalizedString",
            "Main home.items View.swift:16 L10n",
            "- home.key View.swift:16 LocalizedStringKey",
        ])
    }

    @Test func screensThroughBaseClassesAndSwiftUITransitions() throws {
        let scan = try read([
            "Screens.swift": """
                import SwiftUI
                import UIKit
                /// The base of every screen.
                class BaseScreen: UIViewController {}
                final class ListScreen: BaseScreen {}
                final class Grid: UICollectionViewController {}
                final class Helper: NSObject {}
                #if os(iOS)
                typealias PlatformController = UIViewController
                #else
                typealias PlatformController = NSViewController
                #endif
                class Aliased: PlatformController {}
                /// Settings.
                struct SettingsView: View {
                    @State private var showsAbout = false
                    var body: some View {
                        NavigationStack {
                            NavigationLink(destination: DetailView(id: 1)) { Text("Detail") }
                            NavigationLink { AboutView() } label: { Text("About") }
                            NavigationLink(value: 3) { Text("Three") }
                        }
                        .navigationDestination(for: Int.self) { id in DetailView(id: id) }
                        .sheet(isPresented: $showsAbout) { AboutView() }
                        .fullScreenCover(isPresented: $showsAbout, content: { Color.red })
                    }
                }
                struct DetailView: View { let id: Int; var body: some View { Text("x").popover(isPresented: .constant(true)) { AboutView() } } }
                struct AboutView {}
                extension AboutView: View { var body: some View { EmptyView() } }
                """,
        ], findUses: false)
        #expect(scan.screens.map { "\($0.name) \($0.kind)" } == [
            "BaseScreen UIViewController", "ListScreen UIViewController", "Grid UICollectionViewController", "Aliased UIViewController",
            "SettingsView View",
            "DetailView View", "AboutView View",
        ])
        #expect(scan.screens[4].summary == "Settings." && scan.screens.allSatisfy { $0.source == .code && $0.module == "App" })
        #expect(scan.transitions.map { "\($0.source) → \($0.destination) \($0.kind) \($0.line)" } == [
            "SettingsView → DetailView navigationLink 19", "SettingsView → AboutView navigationLink 20",
            "SettingsView → DetailView navigationDestination 23", "SettingsView → AboutView sheet 24",
            "DetailView → AboutView popover 28",
        ])
        #expect(scan.transitions.allSatisfy { !$0.isDeclared })
    }
}

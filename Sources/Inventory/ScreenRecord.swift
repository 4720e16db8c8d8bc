import Foundation

/// One screen of the app: a scene of a storyboard or a controller of a xib, a view-controller class, or a SwiftUI
/// `View` (Documentation/Schema.md, "Screen records").
public struct ScreenRecord: SchemaRecord, Hashable {
    /// The screen's name: the class (a scene's custom class), else a scene's storyboard ID, title or element and id.
    public var name: String
    /// Where the screen is declared.
    public var source: ScreenSource
    /// What it is: a storyboard element (`viewController`, `tableViewController`, `navigationController`,
    /// `tabBarController`, …), the framework class a view-controller class descends from (`UITableViewController`), or
    /// `View` for SwiftUI.
    public var kind: String
    /// The declaring file (storyboard, xib or Swift file), relative to the scanned root.
    public var file: String
    /// The 1-based line of the declaration (the scene's controller element, the type's name).
    public var line: Int
    /// The module: the Swift file's module, or a scene's `customModule`; `nil` when not known.
    public var module: String?
    /// A scene's custom class (`customClass`), or the class itself for a code screen; `nil` for a scene of a framework
    /// class.
    public var className: String?
    /// A scene's storyboard ID (`storyboardIdentifier`), or `nil`.
    public var storyboardIdentifier: String?
    /// Whether the scene is its storyboard's initial view controller.
    public var isInitial: Bool
    /// The type's doc-comment summary (code screens), or `nil`.
    public var summary: String?

    /// Creates a screen record.
    ///
    /// - Parameters:
    ///   - name: The screen's name.
    ///   - source: Storyboard, xib or code.
    ///   - kind: The element or framework class.
    ///   - file: The declaring file.
    ///   - line: The declaration's line.
    ///   - module: The module, or `nil`.
    ///   - className: The custom class, or `nil`.
    ///   - storyboardIdentifier: The storyboard ID, or `nil`.
    ///   - isInitial: Whether it is the initial scene.
    ///   - summary: The doc-comment summary, or `nil`.
    public init(name: String, source: ScreenSource, kind: String, file: String, line: Int, module: String? = nil,
                className: String? = nil, storyboardIdentifier: String? = nil, isInitial: Bool = false, summary: String? = nil) {
        self.name = name
        self.source = source
        self.kind = kind
        self.file = file
        self.line = line
        self.module = module
        self.className = className
        self.storyboardIdentifier = storyboardIdentifier
        self.isInitial = isInitial
        self.summary = summary
    }

    /// The record's fields (Documentation/Schema.md, "Screen records").
    public static let schema = RecordSchema<ScreenRecord>(
        blank: ScreenRecord(name: "", source: .code, kind: "", file: "", line: 0),
        fields: [
            FieldDescriptor("name", \.name, template: TemplateColumn("name", "the screen: its class, else the scene's storyboard ID or title")),
            FieldDescriptor("source", \.source, template: TemplateColumn("source", "storyboard, xib or code")),
            FieldDescriptor("kind", \.kind, template: TemplateColumn(
                "kind", "the storyboard element (viewController, navigationController, …), the UIKit class it descends from, or View")),
            FieldDescriptor("file", \.file, template: TemplateColumn("file", "the storyboard, xib or Swift file, relative to the scanned root")),
            FieldDescriptor("line", \.line, template: TemplateColumn("line", "the line of the scene or of the type's name")),
            FieldDescriptor("module", \.module, template: TemplateColumn("module", "the Swift file's module, or the scene's customModule")),
            FieldDescriptor("className", \.className, template: TemplateColumn("className", "the scene's custom class, or the class itself")),
            FieldDescriptor("storyboardIdentifier", \.storyboardIdentifier, template: TemplateColumn(
                "storyboardIdentifier", "the scene's storyboard ID")),
            FieldDescriptor("isInitial", \.isInitial),
            FieldDescriptor("summary", \.summary, template: TemplateColumn("summary", "the type's doc-comment summary (code screens)")),
        ])

    /// Decodes through ``schema``.
    ///
    /// - Parameter decoder: The decoder to read the keyed JSON object from.
    /// - Throws: `DecodingError` when a key is missing or has the wrong type.
    public init(from decoder: Decoder) throws { self = try Self.schema.decode(from: decoder) }

    /// Encodes every key through ``schema``.
    ///
    /// - Parameter encoder: The encoder to write the keyed JSON object into.
    /// - Throws: The `EncodingError` of `encoder`'s container when it cannot encode a value.
    public func encode(to encoder: Encoder) throws { try Self.schema.encode(self, to: encoder) }
}

/// One transition between screens: a storyboard segue, or a SwiftUI navigation found in code.
public struct TransitionRecord: SchemaRecord, Hashable {
    /// The screen it starts from (a ``ScreenRecord/name``).
    public var source: String
    /// The screen it leads to (a ``ScreenRecord/name``).
    public var destination: String
    /// The segue's `kind` (`show`, `presentation`, `relationship`, `embed`, `unwind`, `push`, `modal`, …), or in code
    /// how the view is reached: `navigationLink`, `navigationDestination`, `sheet`, `fullScreenCover`, `popover`.
    public var kind: String
    /// A segue's identifier, or a relationship's name (`rootViewController`, `viewControllers`); `nil` when none.
    public var identifier: String?
    /// The file, relative to the scanned root.
    public var file: String
    /// The 1-based line of the segue element or of the call in code.
    public var line: Int
    /// Whether the transition is declared (a storyboard segue) rather than found in code by its syntax.
    public var isDeclared: Bool

    /// Creates a transition record.
    ///
    /// - Parameters:
    ///   - source: The screen it starts from.
    ///   - destination: The screen it leads to.
    ///   - kind: The segue kind, or how code reaches the view.
    ///   - identifier: The segue identifier or relationship, or `nil`.
    ///   - file: The file.
    ///   - line: The line.
    ///   - isDeclared: True for a storyboard segue, false for one found in code.
    public init(source: String, destination: String, kind: String, identifier: String? = nil, file: String, line: Int,
                isDeclared: Bool) {
        self.source = source
        self.destination = destination
        self.kind = kind
        self.identifier = identifier
        self.file = file
        self.line = line
        self.isDeclared = isDeclared
    }

    /// The record's fields (Documentation/Schema.md, "Transition records").
    public static let schema = RecordSchema<TransitionRecord>(
        blank: TransitionRecord(source: "", destination: "", kind: "", file: "", line: 0, isDeclared: true),
        fields: [
            FieldDescriptor("source", \.source, template: TemplateColumn("source", "the screen it starts from")),
            FieldDescriptor("destination", \.destination, template: TemplateColumn("destination", "the screen it leads to")),
            FieldDescriptor("kind", \.kind, template: TemplateColumn(
                "kind", "the segue kind (show, presentation, relationship, embed, …), or navigationLink, sheet, … in code")),
            FieldDescriptor("identifier", \.identifier, template: TemplateColumn(
                "identifier", "the segue identifier, or the relationship (rootViewController, viewControllers)")),
            FieldDescriptor("file", \.file, template: TemplateColumn("file", "the storyboard or Swift file, relative to the scanned root")),
            FieldDescriptor("line", \.line, template: TemplateColumn("line", "the line of the segue or of the call in code")),
            FieldDescriptor("isDeclared", \.isDeclared),
        ])

    /// Decodes through ``schema``.
    ///
    /// - Parameter decoder: The decoder to read the keyed JSON object from.
    /// - Throws: `DecodingError` when a key is missing or has the wrong type.
    public init(from decoder: Decoder) throws { self = try Self.schema.decode(from: decoder) }

    /// Encodes every key through ``schema``.
    ///
    /// - Parameter encoder: The encoder to write the keyed JSON object into.
    /// - Throws: The `EncodingError` of `encoder`'s container when it cannot encode a value.
    public func encode(to encoder: Encoder) throws { try Self.schema.encode(self, to: encoder) }
}

/// Where a screen is declared.
public enum ScreenSource: String, SchemaEnumeration {
    /// A scene of a storyboard.
    case storyboard
    /// A controller of a xib.
    case xib
    /// A view-controller class or a SwiftUI view in Swift code.
    case code
}

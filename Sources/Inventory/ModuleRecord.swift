/// What a build target produces, as Xcode and SwiftPM name it. A module's kind decides, for example, whether
/// `--exclude-tests` leaves it out.
public enum TargetKind: String, SchemaEnumeration {
    /// An Xcode application target (`com.apple.product-type.application`, watch and App Clip apps too).
    case app
    /// An Xcode app extension (widget, share extension, …).
    case appExtension
    /// An Xcode framework (dynamic or static).
    case framework
    /// An Xcode static library.
    case staticLibrary
    /// Unit tests: an Xcode unit-test bundle or a SwiftPM `.testTarget`.
    case unitTests
    /// An Xcode UI-test bundle.
    case uiTests
    /// A SwiftPM `.target` (a library module).
    case packageLibrary
    /// An executable: a SwiftPM `.executableTarget` or an Xcode command-line tool.
    case executable
    /// A SwiftPM `.macro` target.
    case macro
    /// A SwiftPM `.plugin` target.
    case plugin
    /// Any other Xcode product type (a bundle, an XPC service, …).
    case other
    /// No build system describes the file: the module is named after its top folder.
    case folder

    /// True for unit-test and UI-test targets, which `--exclude-tests` leaves out.
    public var isTest: Bool { self == .unitTests || self == .uiTests }
}

/// A module of the scanned project: a build target of an Xcode project or a Swift package, or a folder that no
/// build system describes.
public struct ModuleRecord: SchemaRecord, Hashable {
    /// The module name, as the compiler sees it (`Ice_Cubes` for the product `Ice Cubes`).
    public var name: String
    /// What the target builds.
    public var kind: TargetKind
    /// The build description that declares the target, relative to the scanned root (`App.xcodeproj`,
    /// `Packages/Account/Package.swift`), or `nil` for a folder module.
    public var project: String?
    /// What the target depends on, in its build description's order: modules of the same project or package (by
    /// module name), and Swift package products (by product name). Empty for a folder module.
    public var dependencies: [String]

    /// Creates a module record.
    ///
    /// - Parameters:
    ///   - name: The module name, as the compiler sees it.
    ///   - kind: What the target builds.
    ///   - project: The `.xcodeproj` or `Package.swift` that declares the target, relative to the scanned root; `nil`
    ///     for a folder module.
    ///   - dependencies: The modules and package products the target depends on, in order.
    public init(name: String, kind: TargetKind, project: String? = nil, dependencies: [String] = []) {
        self.name = name
        self.kind = kind
        self.project = project
        self.dependencies = dependencies
    }

    /// The module's fields: `{name, kind, project, dependencies}`, `project` `null` for a folder module;
    /// `dependencies` is read as empty from an inventory written before schema version 3.
    public static let schema = RecordSchema<ModuleRecord>(
        blank: ModuleRecord(name: "", kind: .folder),
        fields: [FieldDescriptor("name", \.name), FieldDescriptor("kind", \.kind), FieldDescriptor("project", \.project),
                 FieldDescriptor("dependencies", \.dependencies, whenAbsent: [])])

    /// Decodes a module record through ``schema``.
    ///
    /// - Parameter decoder: The decoder to read the keyed JSON object from.
    /// - Throws: `DecodingError` when a key is missing or has the wrong type.
    public init(from decoder: Decoder) throws { self = try Self.schema.decode(from: decoder) }

    /// Encodes every key through ``schema``, writing `null` for a folder module's project.
    ///
    /// - Parameter encoder: The encoder to write the keyed JSON object into.
    /// - Throws: The `EncodingError` of `encoder`'s container when it cannot encode a value.
    public func encode(to encoder: Encoder) throws { try Self.schema.encode(self, to: encoder) }
}

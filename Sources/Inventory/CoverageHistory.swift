import Foundation

/// The documentation coverage of one commit, as `docsheet check` counts it on that commit's files.
public struct CoveragePoint: Equatable, Sendable {
    /// The commit's full hash.
    public var commit: String
    /// The committer date, ISO 8601.
    public var date: String
    /// The commit's subject line.
    public var subject: String
    /// The functions the gate checks.
    public var functions: Int
    /// How many of them are documented.
    public var documented: Int

    /// Creates a point.
    ///
    /// - Parameters:
    ///   - commit: The commit's full hash.
    ///   - date: The committer date, ISO 8601.
    ///   - subject: The commit's subject line.
    ///   - functions: The functions the gate checks.
    ///   - documented: How many of them are documented.
    public init(commit: String, date: String, subject: String, functions: Int, documented: Int) {
        self.commit = commit
        self.date = date
        self.subject = subject
        self.functions = functions
        self.documented = documented
    }

    /// The percentage documented, 100 for no function.
    public var coverage: Double { functions == 0 ? 100 : Double(documented) * 100 / Double(functions) }
}

/// The coverage of one module or file at HEAD.
public struct CoverageShare: Equatable, Sendable {
    /// The module name or the file's path.
    public var name: String
    /// The functions the gate checks.
    public var functions: Int
    /// How many of them are documented.
    public var documented: Int

    /// Creates a share.
    ///
    /// - Parameters:
    ///   - name: The module name, the file's path or the author.
    ///   - functions: The functions the gate checks.
    ///   - documented: How many of them are documented.
    public init(name: String, functions: Int, documented: Int) {
        self.name = name
        self.functions = functions
        self.documented = documented
    }

    /// The percentage documented, 100 for no function.
    public var coverage: Double { functions == 0 ? 100 : Double(documented) * 100 / Double(functions) }
}

/// What `docsheet history` found: the trend, oldest commit first, and HEAD's coverage per module and per file.
public struct HistoryReport: Sendable {
    /// One point per commit read, oldest first.
    public var points: [CoveragePoint]
    /// HEAD's coverage per module, by name.
    public var modules: [CoverageShare]
    /// HEAD's coverage per file, by path.
    public var files: [CoverageShare]
    /// Who last touched the line of each undocumented function at HEAD (`git blame`), most functions first: `name` is
    /// the author, `functions` how many, `documented` 0.
    public var authors: [CoverageShare]
    /// The lowest access counted.
    public var minAccess: AccessLevel

    /// Creates a report.
    ///
    /// - Parameters:
    ///   - points: One point per commit read, oldest first.
    ///   - modules: HEAD's coverage per module.
    ///   - files: HEAD's coverage per file.
    ///   - authors: The undocumented functions at HEAD per author of their line.
    ///   - minAccess: The lowest access counted.
    public init(points: [CoveragePoint], modules: [CoverageShare], files: [CoverageShare], authors: [CoverageShare],
                minAccess: AccessLevel) {
        self.points = points
        self.modules = modules
        self.files = files
        self.authors = authors
        self.minAccess = minAccess
    }
}


import FileSupport
import Foundation
import Parallelism

/// One run's way of calling clang on Objective-C files: the clang program, and a temporary include folder (made
/// through ``TemporaryFiles``, removed by ``close()`` or by an interrupt) that holds DocSheet's framework stubs
/// (``FrameworkStubs``) and an empty header, or a link to the project's header, for every include that does not
/// exist as written, so that a missing header never stops clang's parse (Documentation/ObjectiveC.md).
public final class ClangSession: Sendable {
    /// The clang program's path.
    public let clang: String
    /// The temporary folder (the stubs in `stubs/`, the stand-ins for missing headers in `missing/`).
    let folder: URL
    /// Project headers by file name, absolute paths: `#import "Model.h"` from another folder, or
    /// `<Pod/Model.h>`, finds the project's header as Xcode's header maps do.
    let projectHeaders: [String: [String]]
    /// The include names already given a stand-in in `missing/`.
    private let standIns = Locked(Set<String>())
    /// Stub paths, for "is this include one of ours".
    private let stubPaths: Set<String>
    /// The project headers read so far: their includes and the hash of their text (each header is read once a run).
    private let headerScans = Locked([String: HeaderScan?]())
    /// How many times clang was started.
    private let runs = Locked(0)

    /// What the include scan keeps of a project header.
    struct HeaderScan: Sendable {
        /// Its `#import`/`#include` directives.
        var includes: [Include]
        /// The hash of its text (``ObjCContentHasher``), for cache keys.
        var textHash: String
        /// Its `#define`s (name and body), for the macros that depend on the platform.
        var defines: [(name: String, body: String)]
    }

    /// How many times clang was started by this session.
    public var clangRuns: Int { runs.withLock { $0 } }

    /// The clang to use: `DOCSHEET_CLANG` when set, else `clang` on `PATH`; `nil` when there is none.
    ///
    /// - Parameter environment: The environment to read (this process's unless given).
    /// - Returns: The program's absolute path, or `nil`.
    public static func locateClang(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let path = environment["DOCSHEET_CLANG"], !path.isEmpty {
            return FileManager.default.isExecutableFile(atPath: path) ? path : nil
        }
        return ProcessRunner.executable(named: "clang", searchPath: environment["PATH"])
    }

    /// Prepares a session: writes the stubs into a new temporary folder.
    ///
    /// - Parameters:
    ///   - clang: The clang program's path (``locateClang(environment:)``).
    ///   - projectHeaders: Every header of the project, absolute paths.
    /// - Throws: `ObjCExtractionError.includeFolderFailed` when the folder cannot be made or written.
    public init(clang: String, projectHeaders: [String]) throws(ObjCExtractionError) {
        self.clang = clang
        var byName: [String: [String]] = [:]
        for path in projectHeaders { byName[(path as NSString).lastPathComponent, default: []].append(path) }
        self.projectHeaders = byName
        stubPaths = Set(FrameworkStubs.headers.map(\.path))
        do {
            folder = try TemporaryFiles.makeFolder(prefix: "docsheet-objc")
        } catch {
            throw .includeFolderFailed(reason: error.description)
        }
        do {
            for (path, text) in FrameworkStubs.headers {
                try Self.write(text, to: folder.appendingPathComponent("stubs/" + path))
            }
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent("missing"), withIntermediateDirectories: true)
        } catch {
            TemporaryFiles.removeFolder(folder)
            throw .includeFolderFailed(reason: "\(error)")
        }
    }

    /// Removes the temporary folder.
    public func close() { TemporaryFiles.removeFolder(folder) }

    /// What clang gave for one file: its AST as JSON, and its first error line (if any).
    struct Output {
        /// The JSON text of `-ast-dump=json`.
        var json: Data
        /// clang's first `error:` line, or `nil`.
        var firstError: String?
        /// clang's first `error:` line about the file itself (not a header it includes), or `nil`.
        var firstErrorInFile: String?
    }

    /// Runs clang on `path` (parse only, every error recovered, warnings off) and returns its AST.
    ///
    /// - Parameters:
    ///   - path: The file's absolute path.
    ///   - displayPath: The path that messages name (relative to the scanned root).
    ///   - source: The file's bytes (already read), for the include scan.
    ///   - platform: The platform whose `TARGET_OS_…` values to use, or `nil` for the stub's (iOS).
    /// - Returns: The JSON and clang's first error.
    /// - Throws: `ObjCExtractionError.cannotRunClang` or `.unparsable` (no AST at all).
    func dumpAST(path: String, displayPath: String, source: [UInt8],
                 platform: ApplePlatform? = nil) throws(ObjCExtractionError) -> Output {
        let isCPlusPlus = path.hasSuffix(".mm")
        let quoteFolders = prepareIncludes(of: path, source: source).quoteFolders
        var arguments = [
            "-fsyntax-only", "-x", isCPlusPlus ? "objective-c++" : "objective-c",
            isCPlusPlus ? "-std=gnu++17" : "-std=gnu11",
            "-ferror-limit=0", "-fno-spell-checking", "-fblocks", "-fobjc-arc", "-fobjc-runtime=macosx", "-fno-color-diagnostics", "-w",
            "-Wno-everything", "-D__APPLE__=1", "-D__OBJC2__=1",
            "-isystem", folder.appendingPathComponent("stubs").path,
            "-I", folder.appendingPathComponent("missing").path,
        ]
        for quoteFolder in quoteFolders { arguments += ["-iquote", quoteFolder] }
        arguments += platform?.defines ?? []
        // Bodies are skipped (DocSheet finds a body's end in the text): half of clang's time and JSON otherwise.
        arguments += ["-Xclang", "-skip-function-bodies", "-Xclang", "-ast-dump=json", path]
        // A missing header clang still finds (an include the scan did not see: inside a macro, or `<x.h>` that is
        // neither the system's nor the project's) gets an empty stand-in and clang runs again.
        var rounds = 0
        while true {
            let result: ProcessResult
            runs.withLock { $0 += 1 }
            do {
                result = try ProcessRunner.run(executable: clang, arguments: arguments)
            } catch {
                throw .cannotRunClang(file: displayPath, reason: error.description)
            }
            let errors = result.errorText
            if let missing = Self.missingInclude(in: errors), rounds < 16, addEmptyStandIn(for: missing) {
                rounds += 1
                continue
            }
            let errorLines = errors.split(separator: "\n").filter { $0.contains("error:") }
            let firstError = errorLines.first.map { String($0) }
            let firstErrorInFile = errorLines.first { $0.hasPrefix(path + ":") }.map { String($0) }
            if result.standardOutput.isEmpty {
                throw .unparsable(file: displayPath, firstError: firstError ?? "no output, status \(result.status)")
            }
            return Output(json: result.standardOutput, firstError: firstError, firstErrorInFile: firstErrorInFile)
        }
    }

    /// The include name of clang's `fatal error: 'X' file not found`, or `nil`.
    static func missingInclude(in errors: String) -> String? {
        guard let range = errors.range(of: "' file not found") else { return nil }
        let before = errors[..<range.lowerBound]
        guard let open = before.lastIndex(of: "'") else { return nil }
        return String(before[before.index(after: open)...])
    }

    /// What the include scan of one file found.
    struct IncludeScan {
        /// The folders of project headers reached from elsewhere, for `-iquote`.
        var quoteFolders: [String]
        /// Every project header the file reaches (directly or through other headers), with its text's hash, sorted
        /// by path: what the file's records depend on besides its own text.
        var headers: [(path: String, textHash: String)]
        /// The `#define`s of those headers.
        var defines: [(name: String, body: String)]
    }

    /// Scans the includes of `path` and of the project headers it reaches, and gives each include that exists
    /// neither beside its includer nor among the stubs a stand-in: the project's header of that name, or an empty
    /// header. Returns the folders of project headers reached from elsewhere, for `-iquote`, and the headers reached.
    func prepareIncludes(of path: String, source: [UInt8]) -> IncludeScan {
        var quoteFolders: [String] = []
        var visited: Set<String> = [path]
        var reached: [(path: String, textHash: String)] = []
        var defines: [(name: String, body: String)] = []
        var pending: [(path: String, includes: [Include])] = [(path, Self.includes(in: source))]
        let mainFolder = (path as NSString).deletingLastPathComponent
        while let (current, includes) = pending.popLast() {
            let folder = (current as NSString).deletingLastPathComponent
            for include in includes {
                if include.isQuoted {
                    let beside = folder + "/" + include.name
                    if enqueue(beside) || visited.contains(beside) { continue }
                }
                if stubPaths.contains(include.name) { continue }
                let fileName = (include.name as NSString).lastPathComponent
                if let candidates = projectHeaders[fileName] {
                    let chosen = candidates.first { $0.hasSuffix("/" + include.name) } ?? candidates[0]
                    if include.name.contains("/") {
                        addLinkStandIn(for: include.name, to: chosen)
                    } else {
                        let chosenFolder = (chosen as NSString).deletingLastPathComponent
                        if chosenFolder != mainFolder, !quoteFolders.contains(chosenFolder) { quoteFolders.append(chosenFolder) }
                    }
                    _ = enqueue(chosen)
                    continue
                }
                // `<stdio.h>` and the like: the system's or clang's own; a missing one is handled after clang's run.
                if !include.isQuoted, !include.name.contains("/") { continue }
                _ = addEmptyStandIn(for: include.name)
            }
        }
        return IncludeScan(quoteFolders: quoteFolders, headers: reached.sorted { $0.path < $1.path }, defines: defines)

        /// Queues `header` when it exists and was not seen; false when it does not exist.
        func enqueue(_ header: String) -> Bool {
            guard !visited.contains(header) else { return true }
            guard let scan = headerScan(header) else { return false }
            guard visited.count < 2_000 else { return true }
            visited.insert(header)
            reached.append((header, scan.textHash))
            defines += scan.defines
            pending.append((header, scan.includes))
            return true
        }
    }

    /// The includes and text hash of the header at `path` (read once a session), or `nil` when it cannot be read.
    func headerScan(_ path: String) -> HeaderScan? {
        if let known = headerScans.withLock({ $0[path] }) { return known }
        var scan: HeaderScan?
        if let data = FileManager.default.contents(atPath: path) {
            let bytes = [UInt8](data)
            var hasher = ObjCContentHasher()
            hasher.add(bytes)
            scan = HeaderScan(includes: Self.includes(in: bytes), textHash: hasher.hexDigest,
                              defines: ConditionalScan(source: ObjCSourceText(bytes: bytes)).defines)
        }
        headerScans.withLock { $0[path] = .some(scan) }
        return scan
    }

    /// Writes an empty header (an umbrella that imports Foundation, for the frameworks of
    /// ``FrameworkStubs/frameworksIncludingFoundation``) at `name` in `missing/`; false when it was there already.
    func addEmptyStandIn(for name: String) -> Bool {
        guard Self.isSafeIncludeName(name) else { return false }
        return standIns.withLock { made -> Bool in
            guard made.insert(name).inserted else { return false }
            let framework = name.split(separator: "/").first.map(String.init) ?? ""
            let text = FrameworkStubs.frameworksIncludingFoundation.contains(framework)
                ? "#import <Foundation/Foundation.h>\n" : ""
            try? Self.write(text, to: folder.appendingPathComponent("missing/" + name))
            return true
        }
    }

    /// Links `name` in `missing/` to the project's header at `target`.
    func addLinkStandIn(for name: String, to target: String) {
        guard Self.isSafeIncludeName(name) else { return }
        standIns.withLock { made in
            guard made.insert(name).inserted else { return }
            let link = folder.appendingPathComponent("missing/" + name)
            try? FileManager.default.createDirectory(at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: target)
        }
    }

    /// True for an include name that stays inside the folder it is made in (no `..`, not absolute).
    static func isSafeIncludeName(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix("/") && !name.split(separator: "/").contains("..")
    }

    /// Writes `text` to `url`, making its folder.
    static func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// One `#import`/`#include` line: the name between `<>` or `""`.
    struct Include: Equatable, Sendable {
        /// The name as written, e.g. `UIKit/UIKit.h`.
        var name: String
        /// True for `"…"`, false for `<…>`.
        var isQuoted: Bool
    }

    /// The `#import`, `#include` and `#include_next` directives of a file, read line by line (a directive is a line
    /// of its own; comments around it do not matter for the names).
    static func includes(in source: [UInt8]) -> [Include] {
        var result: [Include] = []
        var index = 0
        let count = source.count
        while index < count {
            var position = index
            while position < count, source[position] == 0x20 || source[position] == 0x09 { position += 1 }
            if position < count, source[position] == UInt8(ascii: "#") {
                position += 1
                while position < count, source[position] == 0x20 || source[position] == 0x09 { position += 1 }
                let wordStart = position
                while position < count, (0x61...0x7A).contains(source[position]) || source[position] == 0x5F { position += 1 }
                let word = String(decoding: source[wordStart..<position], as: UTF8.self)
                if word == "import" || word == "include" || word == "include_next" {
                    while position < count, source[position] == 0x20 || source[position] == 0x09 { position += 1 }
                    if position < count, source[position] == UInt8(ascii: "<") || source[position] == UInt8(ascii: "\"") {
                        let close = source[position] == UInt8(ascii: "<") ? UInt8(ascii: ">") : UInt8(ascii: "\"")
                        let nameStart = position + 1
                        var end = nameStart
                        while end < count, source[end] != close, source[end] != 0x0A { end += 1 }
                        if end < count, source[end] == close, end > nameStart {
                            result.append(Include(name: String(decoding: source[nameStart..<end], as: UTF8.self),
                                                  isQuoted: close == UInt8(ascii: "\"")))
                        }
                    }
                }
            }
            while index < count, source[index] != 0x0A { index += 1 }
            index += 1
        }
        return result
    }
}

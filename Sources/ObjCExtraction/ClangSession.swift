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
    /// Every path an include led to, by number, and the header read at each (``HeaderNode``; read once a session,
    /// `.some(nil)` when it cannot be read).
    private let headerGraph = Locked((numbers: [String: Int](), paths: [String](), nodes: [HeaderNode??]()))
    /// How many clang processes were started, and how many files (translation units) they read.
    private let counts = Locked((processes: 0, translationUnits: 0))
    /// The real path of each name asked (``realPath(_:)``).
    private let realPaths = Locked([String: String?]())
    /// The include scan of each file read (``prepareIncludes(of:source:)``), by path.
    private let includeScans = Locked([String: IncludeScan]())
    /// The `clang -cc1` command of each argument set (`nil` when `clang -###` did not give one).
    private let frontendCommands = Locked([ArgumentSet: [String]?]())

    /// A header an include reached, read once a session: what cache keys and the platform scan need of it, and
    /// where each of its includes leads (the files of a project include the same headers over and over: Adium's
    /// 1,778 files reach a few hundred each, and following each file's includes by their names again was most of a
    /// warm run).
    final class HeaderNode: Sendable {
        /// Its path, as the include that reached it first made it.
        let path: String
        /// The path and the hash of its text (``ObjCContentHasher``), as cache keys take them.
        let keyBytes: [UInt8]
        /// Where its includes lead, in order.
        let edges: [IncludeEdge]
        /// Its text, for ``defines``.
        private let bytes: [UInt8]
        /// ``defines`` once asked (a warm run, whose files all come from the cache, never asks).
        private let scannedDefines = Locked<[(name: String, body: String)]?>(nil)

        init(path: String, bytes: [UInt8], keyBytes: [UInt8], edges: [IncludeEdge]) {
            self.path = path
            self.bytes = bytes
            self.keyBytes = keyBytes
            self.edges = edges
        }

        /// Its `#define`s (name and body), for the macros that depend on the platform.
        var defines: [(name: String, body: String)] {
            scannedDefines.withLock { scanned in
                if let scanned { return scanned }
                let defines = ConditionalScan(source: ObjCSourceText(bytes: bytes)).defines
                scanned = defines
                return defines
            }
        }
    }

    /// Where one include leads: a header (by number, ``headerGraph``), and the folder clang must be given with
    /// `-iquote` to find it (a project header found by its name in another folder), if any.
    struct IncludeEdge: Sendable {
        var header: Int
        var quoteFolder: String?
    }

    /// How many times clang read a file (a translation unit: a file once per platform, again after a stand-in).
    public var clangRuns: Int { counts.withLock { $0.translationUnits } }

    /// How many clang processes this session started (a batch reads many files in one).
    public var clangProcesses: Int { counts.withLock { $0.processes } }

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
    public convenience init(clang: String, projectHeaders: [String]) throws(ObjCExtractionError) {
        try self.init(clang: clang, projectHeaders: projectHeaders, batchOutputFilter: nil)
    }

    /// Prepares a session whose batches' outputs pass through `batchOutputFilter` before they are split (a test's
    /// seam).
    init(clang: String, projectHeaders: [String],
         batchOutputFilter: (@Sendable (ProcessResult) -> ProcessResult)?) throws(ObjCExtractionError) {
        self.clang = clang
        self.batchOutputFilter = batchOutputFilter
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
            try Self.write("#error \(BatchOutput.boundaryMessage)\n", to: folder.appendingPathComponent(BatchOutput.boundaryName))
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
        /// The signal clang crashed with while reading the file, or `nil`: `json` then ends where clang stopped.
        var crashSignal: Int32? = nil

        /// The output of the file at `path` from its JSON and clang's diagnostics about it (`errors`: clang's lines).
        init(json: Data, errors: String, path: String, crashSignal: Int32? = nil) {
            let errorLines = errors.split(separator: "\n").filter { $0.contains("error:") }
            self.json = json
            firstError = errorLines.first.map { String($0) }
            firstErrorInFile = errorLines.first { $0.hasPrefix(path + ":") }.map { String($0) }
            self.crashSignal = crashSignal
        }
    }

    /// The signal of a clang that crashed (ended by a signal, or a driver that reports its `-cc1`'s crash with
    /// LLVM's banner and 128 + the signal), or `nil`.
    ///
    /// - Parameter result: A clang process's result.
    /// - Returns: The signal, or `nil` when clang did not crash.
    static func crashSignal(of result: ProcessResult) -> Int32? {
        if let signal = result.signal { return signal }
        guard result.status > 128, result.status < 160, result.errorText.contains(crashBanner) else { return nil }
        return result.status - 128
    }

    /// The line LLVM prints when one of its programs crashes.
    static let crashBanner = "PLEASE submit a bug report to"

    /// The environment clang runs in: this process's, with LLVM's stack symbolisation off (a crash's stack dump
    /// would start `llvm-symbolizer`, which takes longer than the parse itself).
    static let environment: [String: String] = {
        var environment = ProcessInfo.processInfo.environment
        environment["LLVM_DISABLE_SYMBOLIZATION"] = "1"
        return environment
    }()

    /// The arguments that decide how clang reads a file, besides the file itself: the files of one set are read by
    /// one clang process (``readAll(_:jobs:transform:)``).
    struct ArgumentSet: Hashable, Sendable {
        /// True for a `.mm` (Objective-C++).
        var isCPlusPlus: Bool
        /// The folders of project headers the file reaches from elsewhere, for `-iquote`.
        var quoteFolders: [String]
        /// The platform whose `TARGET_OS_…` values to use, or `nil` for the stub's (iOS).
        var platform: ApplePlatform?
    }

    /// One file to read through clang.
    struct Request: Sendable {
        /// The file's absolute path.
        var path: String
        /// The path that messages name (relative to the scanned root).
        var displayPath: String
        /// The file's bytes (already read), for the include scan.
        var source: [UInt8]
        /// The platform whose `TARGET_OS_…` values to use, or `nil` for the stub's (iOS).
        var platform: ApplePlatform?
    }

    /// The argument set of `request` (its include scan gives stand-ins to the includes that need one).
    func argumentSet(for request: Request) -> ArgumentSet {
        ArgumentSet(isCPlusPlus: request.path.hasSuffix(".mm"),
                    quoteFolders: prepareIncludes(of: request.path, source: request.source).quoteFolders,
                    platform: request.platform)
    }

    /// clang's driver arguments for the files of `set` (parse only, every error recovered, warnings off), the
    /// file's path left out.
    func driverArguments(_ set: ArgumentSet) -> [String] {
        var arguments = [
            "-fsyntax-only", "-x", set.isCPlusPlus ? "objective-c++" : "objective-c",
            set.isCPlusPlus ? "-std=gnu++17" : "-std=gnu11",
            "-ferror-limit=0", "-fno-spell-checking", "-fblocks", "-fobjc-arc", "-fobjc-runtime=macosx", "-fno-color-diagnostics", "-w",
            "-Wno-everything", "-D__APPLE__=1", "-D__OBJC2__=1",
            // Should clang crash on a file, its driver writes no reproducer (`/tmp/<file>-<hash>.m`) for the user to find.
            "-fno-crash-diagnostics",
            "-isystem", folder.appendingPathComponent("stubs").path,
            "-I", folder.appendingPathComponent("missing").path,
            // Every header found through a search folder (the stubs, the stand-ins and links, the project's header
            // folders) is read as a system header, so is every header it includes: clang keeps no doc comments of
            // them (DocSheet takes only the file's own), which makes the JSON a third smaller and spares clang's
            // comment parser the invalid declarations it crashes on (Documentation/ObjectiveC.md, "Speed").
            "--system-header-prefix=",
        ]
        for quoteFolder in set.quoteFolders { arguments += ["-iquote", quoteFolder] }
        arguments += set.platform?.defines ?? []
        // Bodies are skipped (DocSheet finds a body's end in the text): half of clang's time and JSON otherwise.
        arguments += ["-Xclang", "-skip-function-bodies", "-Xclang", "-ast-dump=json"]
        return arguments
    }

    /// Runs clang on `path` alone (one driver process) and returns its AST.
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
        let request = Request(path: path, displayPath: displayPath, source: source, platform: platform)
        return try dumpAST(request, set: argumentSet(for: request))
    }

    /// Runs clang's driver on one file (the way every file was read before batches, and a batch's fallback).
    func dumpAST(_ request: Request, set: ArgumentSet) throws(ObjCExtractionError) -> Output {
        let path = request.path
        let arguments = driverArguments(set) + [path]
        // A missing header clang still finds (an include the scan did not see: inside a macro, or `<x.h>` that is
        // neither the system's nor the project's) gets an empty stand-in and clang runs again.
        var rounds = 0
        while true {
            let result: ProcessResult
            counts.withLock { $0.processes += 1; $0.translationUnits += 1 }
            do {
                result = try ProcessRunner.run(executable: clang, arguments: arguments, environment: Self.environment)
            } catch {
                throw .cannotRunClang(file: request.displayPath, reason: error.description)
            }
            let errors = result.errorText
            if let missing = Self.missingInclude(in: errors), rounds < 16, addEmptyStandIn(for: missing) {
                rounds += 1
                continue
            }
            let output = Output(json: result.standardOutput, errors: errors, path: path, crashSignal: Self.crashSignal(of: result))
            if output.crashSignal == nil, result.standardOutput.isEmpty {
                throw .unparsable(file: request.displayPath, firstError: output.firstError ?? "no output, status \(result.status)")
            }
            return output
        }
    }

    /// The most files one clang process reads: enough that a process's start (~30 ms) is paid once per many files,
    /// few enough that the JSON of a batch stays small and both cores get work to the end.
    static let largestBatch = 16

    /// How many files a batch holds when `total` files are read with `jobs` processes at once: about two batches
    /// per process, at most ``largestBatch``.
    static func batchSize(total: Int, jobs: Int) -> Int {
        let perJob = (total + 2 * max(1, jobs) - 1) / (2 * max(1, jobs))
        return max(1, min(largestBatch, perJob))
    }

    /// Reads every request through clang and hands each output (or error) to `transform` as soon as its batch is
    /// done: the requests of one argument set are read in batches by one `clang -cc1` process each (it parses its
    /// inputs one translation unit after another), up to `jobs` processes at once. A batch whose output does not
    /// split into its files' parts is read again one file per process (Documentation/ObjectiveC.md, "Speed").
    ///
    /// - Parameters:
    ///   - requests: The files to read (a file may come once per platform).
    ///   - jobs: The most clang processes at once.
    ///   - transform: Turns the request at an index, and its output, into what is kept (the JSON is dropped).
    /// - Returns: `transform`'s results, in the order of `requests`.
    func readAll<Result: Sendable>(
        _ requests: [Request], jobs: Int,
        transform: @Sendable (Int, Swift.Result<Output, ObjCExtractionError>) -> Result
    ) -> [Result] {
        var order: [ArgumentSet] = []
        var groups: [ArgumentSet: [Int]] = [:]
        for (index, request) in requests.enumerated() {
            let set = argumentSet(for: request)
            if groups[set] == nil { order.append(set) }
            groups[set, default: []].append(index)
        }
        let size = Self.batchSize(total: requests.count, jobs: jobs)
        var batches: [(set: ArgumentSet, indexes: [Int])] = []
        for set in order {
            let indexes = groups[set]!
            for range in chunkRanges(count: indexes.count, size: size) { batches.append((set, Array(indexes[range]))) }
        }
        let done = parallelMap(batches, jobs: jobs) { batch -> [(Int, Result)] in
            let outputs = readBatch(batch.indexes.map { requests[$0] }, set: batch.set)
            return zip(batch.indexes, outputs).map { ($0, transform($0, $1)) }
        }
        var results = [Result?](repeating: nil, count: requests.count)
        for batch in done { for (index, result) in batch { results[index] = result } }
        return results.map { $0! }
    }

    /// The outputs of `requests` (all of `set`), read by one `clang -cc1` process with a boundary file after each
    /// input; one driver process per file when there is no frontend command or the output does not split.
    func readBatch(_ requests: [Request], set: ArgumentSet) -> [Swift.Result<Output, ObjCExtractionError>] {
        func alone(_ request: Request) -> Swift.Result<Output, ObjCExtractionError> {
            do throws(ObjCExtractionError) { return .success(try dumpAST(request, set: set)) } catch { return .failure(error) }
        }
        guard requests.count > 1, let command = frontendCommand(for: set) else { return requests.map(alone) }
        var results = [Swift.Result<Output, ObjCExtractionError>?](repeating: nil, count: requests.count)
        var start = 0
        var rounds = 0
        while start < requests.count {
            let pending = Array(requests[start...])
            var arguments = Array(command.dropFirst())
            for request in pending { arguments += [request.path, boundaryFile] }
            counts.withLock { $0.processes += 1; $0.translationUnits += pending.count }
            let result: ProcessResult
            do {
                result = try ProcessRunner.run(executable: command[0], arguments: arguments, environment: Self.environment)
            } catch {
                for (offset, request) in pending.enumerated() { results[start + offset] = alone(request) }
                break
            }
            let split = BatchOutput.split(batchOutputFilter?(result) ?? result, paths: pending.map(\.path), boundary: boundaryFile)
            guard let split else {
                // Not clang's layout (a file whose output is not one JSON dump): each file alone, as before.
                for (offset, request) in pending.enumerated() { results[start + offset] = alone(request) }
                break
            }
            var completed = split.completed
            // A missing header (`' file not found`): as a run of its own would, make a stand-in and read the file
            // (and those after it) again. A fatal one stopped clang's diagnostics at that file: the files after it
            // are read again too, since their errors were not printed.
            var retry = false
            for (offset, part) in completed.enumerated() {
                if let missing = Self.missingInclude(in: part.errors), rounds < 16, addEmptyStandIn(for: missing) {
                    completed.removeSubrange(offset...)
                    retry = true
                    break
                }
            }
            for (offset, part) in completed.enumerated() {
                let path = pending[offset].path
                let part = BatchOutput.namingMainFile(part, path: path, realPath: realPath)
                results[start + offset] = .success(Output(json: part.json, errors: part.errors, path: path))
            }
            start += completed.count
            guard start < requests.count else { break }
            if retry {
                rounds += 1
                continue
            }
            if let missing = Self.missingInclude(in: split.remainingErrors), rounds < 16, addEmptyStandIn(for: missing) {
                rounds += 1
                continue
            }
            // The file clang stopped at (a fatal error no stand-in helps, or a crash): read it alone, go on after it.
            results[start] = alone(requests[start])
            start += 1
        }
        return results.map { $0! }
    }

    /// A test's change to a batch's output before it is split, to check the fallback of an output that does not split.
    let batchOutputFilter: (@Sendable (ProcessResult) -> ProcessResult)?

    /// The file put after every input of a batch: its only line is an `#error` whose message marks, in clang's
    /// diagnostics, where the previous file's end.
    var boundaryFile: String { folder.appendingPathComponent(BatchOutput.boundaryName).path }

    /// The real path of `name` (symbolic links and `..` resolved), `nil` when there is no such file; asked once a
    /// session.
    @Sendable func realPath(_ name: String) -> String? {
        if let known = realPaths.withLock({ $0[name] }) { return known }
        var resolved: String?
        if let pointer = Foundation.realpath(name, nil) {
            resolved = String(cString: pointer)
            free(pointer)
        }
        realPaths.withLock { $0[name] = .some(resolved) }
        return resolved
    }

    /// The `clang -cc1` command of `set` (from `clang -###`, once a session), without input; `nil` when it cannot be
    /// had.
    func frontendCommand(for set: ArgumentSet) -> [String]? {
        if let known = frontendCommands.withLock({ $0[set] }) { return known }
        var command: [String]?
        counts.withLock { $0.processes += 1 }
        if let result = try? ProcessRunner.run(executable: clang, arguments: ["-###"] + driverArguments(set) + [boundaryFile],
                                               environment: Self.environment),
           result.succeeded {
            command = Self.frontendCommand(inDriverOutput: result.errorText, input: boundaryFile)
        }
        frontendCommands.withLock { $0[set] = .some(command) }
        return command
    }

    /// The `clang -cc1` command in `clang -###`'s output (its one quoted line, which names `input` last), without
    /// `input` and without `-main-file-name` (the batch's files have their own names); `nil` when there is no such
    /// single line.
    static func frontendCommand(inDriverOutput text: String, input: String) -> [String]? {
        let jobs = text.split(separator: "\n").filter { $0.hasPrefix(" \"") }
        guard jobs.count == 1, var words = quotedWords(jobs[0]), words.count > 2, words[1] == "-cc1",
              words.last == input else { return nil }
        words.removeLast()
        if let index = words.firstIndex(of: "-main-file-name"), index + 1 < words.count { words.removeSubrange(index...(index + 1)) }
        return words
    }

    /// The words of a line of `"…"`-quoted words separated by spaces (`\` escapes the next character), or `nil`
    /// when the line is not made that way.
    static func quotedWords(_ line: Substring) -> [String]? {
        var words: [String] = []
        var index = line.startIndex
        while index < line.endIndex {
            if line[index] == " " { index = line.index(after: index); continue }
            guard line[index] == "\"" else { return nil }
            index = line.index(after: index)
            var word = ""
            var closed = false
            while index < line.endIndex {
                let character = line[index]
                index = line.index(after: index)
                if character == "\\", index < line.endIndex {
                    word.append(line[index])
                    index = line.index(after: index)
                } else if character == "\"" {
                    closed = true
                    break
                } else {
                    word.append(character)
                }
            }
            guard closed else { return nil }
            words.append(word)
        }
        return words
    }

    /// The include name of clang's `fatal error: 'X' file not found`, or `nil`.
    static func missingInclude(in errors: String) -> String? {
        guard let range = errors.range(of: "' file not found") else { return nil }
        let before = errors[..<range.lowerBound]
        guard let open = before.lastIndex(of: "'") else { return nil }
        return String(before[before.index(after: open)...])
    }

    /// What the include scan of one file found.
    struct IncludeScan: Sendable {
        /// The folders of project headers reached from elsewhere, for `-iquote`.
        var quoteFolders: [String]
        /// Every project header the file reaches (directly or through other headers), in the order the scan met them:
        /// what the file's records depend on besides its own text.
        var headers: [HeaderNode]

        /// The path and text hash of every header reached, sorted by path (for cache keys).
        var keyBytesByPath: [[UInt8]] { headers.sorted { $0.path < $1.path }.map(\.keyBytes) }

        /// The `#define`s of the headers reached.
        var defines: [(name: String, body: String)] { headers.flatMap(\.defines) }
    }

    /// Scans the includes of `path` and of the project headers it reaches, and gives each include that exists
    /// neither beside its includer nor among the stubs a stand-in: the project's header of that name, or an empty
    /// header. Returns the folders of project headers reached from elsewhere, for `-iquote`, and the headers reached.
    /// Made once per file a session: every platform's run of the file, and its cache key, ask again.
    func prepareIncludes(of path: String, source: [UInt8]) -> IncludeScan {
        if let known = includeScans.withLock({ $0[path] }) { return known }
        let scan = scanIncludes(of: path, source: source)
        includeScans.withLock { $0[path] = scan }
        return scan
    }

    /// The include scan of ``prepareIncludes(of:source:)``, made: the file's includes and those of every header they
    /// reach, depth first, each header once (at most 2,000), through the headers' edges read once a session.
    private func scanIncludes(of path: String, source: [UInt8]) -> IncludeScan {
        let mainFolder = (path as NSString).deletingLastPathComponent
        var visited: Set<Int> = [number(of: path)]
        var quoteFolders: [String] = []
        var reached: [HeaderNode] = []
        var pending: [[IncludeEdge]] = [edges(of: Self.includes(in: source), in: mainFolder)]
        while let edges = pending.popLast() {
            for edge in edges {
                if let folder = edge.quoteFolder, folder != mainFolder, !quoteFolders.contains(folder) { quoteFolders.append(folder) }
                guard !visited.contains(edge.header), visited.count < 2_000, let node = header(edge.header) else { continue }
                visited.insert(edge.header)
                reached.append(node)
                pending.append(node.edges)
            }
        }
        return IncludeScan(quoteFolders: quoteFolders, headers: reached)
    }

    /// Where each of `includes`, written in a file of `folder`, leads: beside its includer (`"…"` only), else
    /// nowhere for a stub, else the project's header of that name (found as Xcode's header maps find it: `-iquote`
    /// its folder, or a link in the stand-in folder for `<Pod/Header.h>`), else nowhere (`<stdio.h>` and the like are
    /// the system's or clang's; any other gets an empty stand-in).
    func edges(of includes: [Include], in folder: String) -> [IncludeEdge] {
        var edges: [IncludeEdge] = []
        for include in includes {
            if include.isQuoted {
                let beside = folder + "/" + include.name
                if FileManager.default.isReadableFile(atPath: beside) {
                    edges.append(IncludeEdge(header: number(of: beside), quoteFolder: nil))
                    continue
                }
            }
            if stubPaths.contains(include.name) { continue }
            let fileName = (include.name as NSString).lastPathComponent
            if let candidates = projectHeaders[fileName] {
                let chosen = candidates.first { $0.hasSuffix("/" + include.name) } ?? candidates[0]
                if include.name.contains("/") {
                    addLinkStandIn(for: include.name, to: chosen)
                    edges.append(IncludeEdge(header: number(of: chosen), quoteFolder: nil))
                } else {
                    edges.append(IncludeEdge(header: number(of: chosen), quoteFolder: (chosen as NSString).deletingLastPathComponent))
                }
                continue
            }
            // `<stdio.h>` and the like: the system's or clang's own; a missing one is handled after clang's run.
            if !include.isQuoted, !include.name.contains("/") { continue }
            _ = addEmptyStandIn(for: include.name)
        }
        return edges
    }

    /// The number of `path` in ``headerGraph`` (given on first use).
    func number(of path: String) -> Int {
        headerGraph.withLock { graph in
            if let known = graph.numbers[path] { return known }
            graph.numbers[path] = graph.nodes.count
            graph.paths.append(path)
            graph.nodes.append(nil)
            return graph.nodes.count - 1
        }
    }

    /// The header numbered `number`, read on first use (its text hashed, its defines and includes scanned), or `nil`
    /// when it cannot be read.
    func header(_ number: Int) -> HeaderNode? {
        let (path, known) = headerGraph.withLock { graph in (graph.paths[number], graph.nodes[number]) }
        if let known { return known }
        var node: HeaderNode?
        if let data = FileManager.default.contents(atPath: path) {
            let bytes = [UInt8](data)
            var hasher = ObjCContentHasher()
            hasher.add(bytes)
            node = HeaderNode(path: path, bytes: bytes, keyBytes: Array((path + "\u{0}" + hasher.hexDigest).utf8),
                              edges: edges(of: Self.includes(in: bytes), in: (path as NSString).deletingLastPathComponent))
        }
        return headerGraph.withLock { graph in
            if let stored = graph.nodes[number] { return stored }
            graph.nodes[number] = .some(node)
            return node
        }
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

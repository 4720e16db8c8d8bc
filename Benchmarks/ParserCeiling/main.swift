// docsheet-parser-ceiling: the fastest DocSheet could be with SwiftParser, for the benchmark (Benchmarks/README.md).
//
// It reads the files named in a list, parses each with SwiftParser and walks the whole tree once with a visitor that
// only counts function-like declarations, on the same number of large-stack threads as `docsheet --jobs N`, and
// nothing else: no discovery, no cache, no records, no output file. `--read-only` stops after reading (the I/O
// floor). It prints one JSON object: files, bytes, lines, declarations, seconds.
//
//   docsheet-parser-ceiling --files-from LIST [--jobs N] [--read-only]
//
// LIST holds one path per line. This is the one place besides SwiftExtraction that imports SwiftSyntax: it is a
// measuring instrument, not part of DocSheet (Documentation/Architecture.md).
import Foundation
import SwiftParser
import SwiftSyntax

/// Counts `func`, `init`, `deinit` and `subscript` declarations while visiting every node.
final class FunctionCounter: SyntaxVisitor {
    var count = 0
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { count += 1; return .visitChildren }
    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind { count += 1; return .visitChildren }
    override func visit(_ node: DeinitializerDeclSyntax) -> SyntaxVisitorContinueKind { count += 1; return .visitChildren }
    override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind { count += 1; return .visitChildren }
}

/// What one thread measured.
struct Tally: Sendable {
    var files = 0, bytes = 0, lines = 0, declarations = 0
    mutating func add(_ other: Tally) {
        files += other.files; bytes += other.bytes; lines += other.lines; declarations += other.declarations
    }
}

/// Hands out file indexes to the threads and sums their tallies.
final class WorkQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private let count: Int
    private(set) var total = Tally()
    init(count: Int) { self.count = count }
    func claim() -> Int? {
        lock.lock(); defer { lock.unlock() }
        guard next < count else { return nil }
        next += 1
        return next - 1
    }
    func add(_ tally: Tally) { lock.lock(); total.add(tally); lock.unlock() }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("docsheet-parser-ceiling: \(message)\n".utf8))
    exit(2)
}

var arguments = Array(CommandLine.arguments.dropFirst())
var listPath: String?
var jobs = ProcessInfo.processInfo.activeProcessorCount
var readOnly = false
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    switch argument {
    case "--files-from": listPath = arguments.isEmpty ? nil : arguments.removeFirst()
    case "--jobs": jobs = arguments.isEmpty ? 0 : Int(arguments.removeFirst()) ?? 0
    case "--read-only": readOnly = true
    default: fail("unknown argument \(argument); usage: --files-from LIST [--jobs N] [--read-only]")
    }
}
guard let listPath, let list = try? String(contentsOfFile: listPath, encoding: .utf8) else {
    fail("--files-from LIST is required and must be a readable UTF-8 file")
}
guard jobs > 0 else { fail("--jobs takes a positive number") }
let paths = list.split(separator: "\n").map(String.init)

/// Reads (and unless `readOnly`, parses and walks) every file on `jobs` threads with 512 MiB stacks, as
/// DocSheet's `parallelMap` (the Parallelism module) does, and returns the sums.
func measure(paths: [String], jobs: Int, readOnly: Bool) -> Tally {
    let queue = WorkQueue(count: paths.count)
    let finished = DispatchGroup()
    for _ in 0..<min(jobs, max(paths.count, 1)) {
        finished.enter()
        let thread = Thread {
            var tally = Tally()
            while let index = queue.claim() {
                guard let data = FileManager.default.contents(atPath: paths[index]) else { fail("cannot read \(paths[index])") }
                tally.files += 1
                tally.bytes += data.count
                // Counted over raw memory: iterating `Data` byte by byte would slow the floor and the ceiling.
                tally.lines += data.withUnsafeBytes { raw in raw.reduce(0) { $0 + ($1 == 10 ? 1 : 0) } }
                if readOnly { continue }
                let tree = Parser.parse(source: String(decoding: data, as: UTF8.self))
                let counter = FunctionCounter(viewMode: .sourceAccurate)
                counter.walk(tree)
                tally.declarations += counter.count
            }
            queue.add(tally)
            finished.leave()
        }
        thread.stackSize = 512 << 20
        thread.start()
    }
    finished.wait()
    return queue.total
}

let start = DispatchTime.now()
let total = measure(paths: paths, jobs: jobs, readOnly: readOnly)
let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
print("{\"files\": \(total.files), \"bytes\": \(total.bytes), \"lines\": \(total.lines), "
    + "\"declarations\": \(total.declarations), \"seconds\": \(seconds), \"jobs\": \(jobs)}")

import ArgumentParser
import CFileSupport
import Foundation
import Parallelism
import SwiftExtraction
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// When standard error gets colour: `--color auto|always|never`.
enum ColorMode: String, CaseIterable, ExpressibleByArgument {
    /// Colour when standard error is a terminal, `NO_COLOR` is unset or empty and `TERM` is not `dumb`.
    case auto
    /// Always colour (the option wins over `NO_COLOR`, as https://no-color.org asks).
    case always
    /// Never colour.
    case never
}

/// The options every scanning command shares about what it prints on standard error.
struct OutputOptionGroup: ParsableArguments {
    @Flag(name: .shortAndLong, help: "Print only errors on standard error: no warnings, progress or summary.")
    var quiet = false

    @Flag(name: .shortAndLong, help: "Also print each phase's time (discovery, parse, merge, write) and the cache's hits and misses.")
    var verbose = false

    @Option(help: ArgumentHelp("Colour on standard error: auto (a terminal without NO_COLOR or TERM=dumb), always or never.", valueName: "when"))
    var color: ColorMode = .auto

    /// Rejects `--quiet` with `--verbose`.
    func validate() throws {
        if quiet && verbose { throw ValidationError("--quiet and --verbose cannot be combined") }
    }
}

/// The pure decisions and texts of the terminal output; `Console` and `ProgressDisplay` apply them.
enum TerminalRules {
    /// Whether standard error gets colour.
    ///
    /// - Parameters:
    ///   - mode: The `--color` option.
    ///   - environment: The process's variables (`NO_COLOR`, `TERM`).
    ///   - isTerminal: Whether standard error is a terminal.
    /// - Returns: True for `always`; false for `never`; for `auto`, true on a terminal unless `NO_COLOR` holds any
    ///   non-empty value or `TERM` is `dumb`.
    static func usesColor(mode: ColorMode, environment: [String: String], isTerminal: Bool) -> Bool {
        switch mode {
        case .always: return true
        case .never: return false
        case .auto:
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
            return isTerminal && environment["TERM"] != "dumb"
        }
    }

    /// Whether the run may show a progress line at all: standard error is a terminal that can erase a line
    /// (`TERM` is not `dumb`), `--quiet` is off, and the run is not on a CI service (`CI` set to anything but
    /// empty, `0` or `false`: such logs keep every carriage return).
    ///
    /// - Parameters:
    ///   - isTerminal: Whether standard error is a terminal.
    ///   - quiet: Whether `--quiet` was given.
    ///   - environment: The process's variables (`TERM`, `CI`).
    /// - Returns: True when the progress line may be drawn.
    static func allowsProgress(isTerminal: Bool, quiet: Bool, environment: [String: String]) -> Bool {
        guard isTerminal, !quiet, environment["TERM"] != "dumb" else { return false }
        if let ci = environment["CI"], !["", "0", "false"].contains(ci.lowercased()) { return false }
        return true
    }

    /// Whether to redraw the progress line now: only after the run has taken `delay` (no flicker on short runs)
    /// and at most every `interval` seconds.
    ///
    /// - Parameters:
    ///   - elapsed: Seconds since the command started.
    ///   - sinceLastDraw: Seconds since the line was last drawn, or `nil` when it has not been drawn yet.
    ///   - delay: The run time before the first draw (0.5 s).
    ///   - interval: The least time between draws (0.1 s: ten a second).
    /// - Returns: True when the line should be drawn now.
    static func shouldDraw(elapsed: Double, sinceLastDraw: Double?, delay: Double = 0.5, interval: Double = 0.1) -> Bool {
        guard elapsed >= delay else { return false }
        return sinceLastDraw.map { $0 >= interval } ?? true
    }

    /// The progress line, e.g. `Parsing 1200/5000 files (24%) · 812 files/s · ETA 5 s`, cut to `width - 1`
    /// characters so that the terminal never wraps it.
    ///
    /// - Parameters:
    ///   - done: Files finished.
    ///   - total: Files in the run.
    ///   - elapsed: Seconds since the command started.
    ///   - width: The terminal's columns.
    /// - Returns: The line without control characters.
    static func progressLine(done: Int, total: Int, elapsed: Double, width: Int) -> String {
        let percent = total > 0 ? done * 100 / total : 100
        var line = "Parsing \(done)/\(total) files (\(percent)%)"
        if elapsed > 0, done > 0 {
            let rate = Double(done) / elapsed
            let rateText = rate < 9.95 ? String(format: "%.1f", rate) : String(Int(rate.rounded()))
            line += " · \(rateText) files/s · ETA " + duration(Double(total - done) / rate)
        } else {
            line += " · ETA --"
        }
        let limit = max(0, width - 1)
        return line.count > limit ? String(line.prefix(limit)) : line
    }

    /// A time for people: `0.4 s` and `12.3 s` under a minute, then `2 m 05 s`, then `1 h 02 m`.
    ///
    /// - Parameter seconds: The time in seconds (negative counts as 0).
    /// - Returns: The text.
    static func duration(_ seconds: Double) -> String {
        let seconds = max(0, seconds)
        if seconds < 59.95 { return String(format: "%.1f s", seconds) }
        let whole = Int(seconds.rounded())
        if whole < 3600 { return String(format: "%d m %02d s", whole / 60, whole % 60) }
        return String(format: "%d h %02d m", whole / 3600, whole % 3600 / 60)
    }

    /// The closing line of `generate`, e.g. `Wrote out/App.xlsx: 42 files, 318 functions, 87% documented, 1.2 s`, or
    /// `Up to date out/App.xlsx: …` when nothing had changed and the file was left as it was.
    ///
    /// - Parameters:
    ///   - output: The output as shown to the user (a path, or `standard output`).
    ///   - files: Swift and Objective-C files scanned.
    ///   - functions: Functions written.
    ///   - documented: How many of them are documented.
    ///   - elapsed: Seconds the run took.
    ///   - upToDate: Whether the output was up to date (and not written).
    /// - Returns: The line.
    static func summary(output: String, files: Int, functions: Int, documented: Int, elapsed: Double, upToDate: Bool = false) -> String {
        let share = functions == 0 ? 100 : Int((Double(documented) * 100 / Double(functions)).rounded(.down))
        return "\(upToDate ? "Up to date" : "Wrote") \(output): \(files) file\(files == 1 ? "" : "s"), \(functions) function\(functions == 1 ? "" : "s"), "
            + "\(share)% documented, \(duration(elapsed))"
    }

    /// The `--verbose` lines: the phases' times and the cache's use.
    ///
    /// - Parameters:
    ///   - phases: Each phase's name and seconds.
    ///   - files: Swift and Objective-C files scanned.
    ///   - cache: The cache's hits and misses, or `nil` when no cache was used.
    ///   - upToDate: Whether `generate` found its output up to date (then nothing was looked up).
    ///   - diagrams: Each diagram of the workbook (the module structure, each module's classes) with its pages and
    ///     the time Graphviz took for them (none: no line).
    ///   - clang: How many Objective-C files clang read and in how many processes (`nil`: no line).
    /// - Returns: `timings: discovery 0.1 s, parse 2.0 s, …`, `diagrams: 3 pages in 0.4 s of Graphviz (module
    ///   structure 1 page 0.1 s, App classes 2 pages 0.3 s)` when a diagram was drawn, `clang: 120 reads in 9
    ///   processes` when clang read Objective-C files, and `cache: 3 hits, 1 miss (4 files)` (or `cache: off`, or
    ///   `cache: the output is up to date …`).
    static func verboseLines(phases: [(name: String, seconds: Double)], files: Int, cache: (hits: Int, misses: Int)?,
                             upToDate: Bool = false, diagrams: [(name: String, pages: Int, seconds: Double)] = [],
                             clang: (reads: Int, processes: Int)? = nil) -> [String] {
        var timings = ["timings: " + phases.map { "\($0.name) \(String(format: "%.3f", $0.seconds)) s" }.joined(separator: ", ")]
        if !diagrams.isEmpty {
            func pages(_ count: Int) -> String { "\(count) page\(count == 1 ? "" : "s")" }
            let total = diagrams.reduce(0) { $0 + $1.seconds }
            timings.append("diagrams: \(pages(diagrams.reduce(0) { $0 + $1.pages })) in \(String(format: "%.3f", total)) s of Graphviz ("
                + diagrams.map { "\($0.name) \(pages($0.pages)) \(String(format: "%.3f", $0.seconds)) s" }.joined(separator: ", ") + ")")
        }
        if let clang {
            timings.append("clang: \(clang.reads) read\(clang.reads == 1 ? "" : "s") in \(clang.processes) process\(clang.processes == 1 ? "" : "es")")
        }
        if upToDate {
            return timings + ["cache: the output is up to date (nothing changed since the run that wrote it; --no-cache makes it again)"]
        }
        let cacheLine = cache.map { "cache: \($0.hits) hit\($0.hits == 1 ? "" : "s"), \($0.misses) miss\($0.misses == 1 ? "" : "es") (\(files) file\(files == 1 ? "" : "s"))" }
            ?? "cache: off (\(files) file\(files == 1 ? "" : "s"))"
        return timings + [cacheLine]
    }

    /// ANSI colours for severities and the summary.
    enum Paint: String {
        /// Errors.
        case red = "31"
        /// Warnings.
        case yellow = "33"
        /// Success.
        case green = "32"
    }

    /// `text` in `paint` (bold), or unchanged when colour is off.
    ///
    /// - Parameters:
    ///   - text: The text.
    ///   - paint: The colour.
    ///   - enabled: Whether colour is on.
    /// - Returns: The text wrapped in the SGR sequences, or `text`.
    static func paint(_ text: String, _ paint: Paint, enabled: Bool) -> String {
        enabled ? "\u{1B}[1;\(paint.rawValue)m\(text)\u{1B}[0m" : text
    }

    /// A standard-error line with its severity coloured: a leading `error:` or `warning:`, or the `: error:` and
    /// `: warning:` of a `file:line:column:` diagnostic; a leading `Wrote` (the summary) in green.
    ///
    /// - Parameters:
    ///   - line: The line as printed without colour.
    ///   - enabled: Whether colour is on.
    /// - Returns: The line with at most one part coloured.
    static func colored(_ line: String, enabled: Bool) -> String {
        guard enabled else { return line }
        for (word, color) in [("error:", Paint.red), ("warning:", .yellow), ("Wrote", .green), ("Up to date", .green)] where line.hasPrefix(word) {
            return paint(word, color, enabled: true) + line.dropFirst(word.count)
        }
        for (word, color) in [(" error:", Paint.red), (" warning:", .yellow)] {
            if let range = line.range(of: ":" + word) {
                return line[..<range.lowerBound] + ": " + paint(String(word.dropFirst()), color, enabled: true)
                    + line[range.upperBound...]
            }
        }
        return line
    }

    /// Whether a line is an error (kept by `--quiet`).
    ///
    /// - Parameter line: A standard-error line.
    /// - Returns: True for `error: …` and `file:line:column: error: …`.
    static func isError(_ line: String) -> Bool {
        line.hasPrefix("error:") || line.contains(": error: ")
    }
}

/// What the current command prints on standard error, set once from `OutputOptionGroup` before the work starts,
/// and the progress line in place. Thread-safe (its state is `Locked`): progress arrives from the extraction's worker
/// threads.
final class TerminalSession: Sendable {
    /// The session of this process.
    static let shared = TerminalSession()

    /// The session's settings and the progress line's state, changed under one lock.
    private struct State: Sendable {
        var colorOn = false
        var quietOn = false
        var progressAllowed = false
        var width = 80
        var start = ContinuousClock.now
        var lastDraw: ContinuousClock.Instant?
        var lineVisible = false
    }

    private let state = Locked(State())

    /// Applies the options: colour, quiet, and whether a progress line may appear. Starts the run's clock.
    ///
    /// - Parameter options: The command's output options.
    func configure(_ options: OutputOptionGroup) {
        let environment = ProcessInfo.processInfo.environment
        let isTerminal = isatty(STDERR_FILENO) == 1
        let (color, quiet) = (options.color, options.quiet)
        let width = Self.columns(environment: environment)
        state.withLock { state in
            state.colorOn = TerminalRules.usesColor(mode: color, environment: environment, isTerminal: isTerminal)
            state.quietOn = quiet
            state.progressAllowed = TerminalRules.allowsProgress(isTerminal: isTerminal, quiet: quiet, environment: environment)
            state.width = width
            state.start = ContinuousClock.now
        }
    }

    /// Whether colour is on.
    var color: Bool { state.withLock { $0.colorOn } }
    /// Whether `--quiet` is on.
    var quiet: Bool { state.withLock { $0.quietOn } }
    /// Seconds since `configure`.
    var elapsed: Double { state.withLock { Self.seconds(ContinuousClock.now - $0.start) } }

    /// The handler for `ScanSettings.progress`, or `nil` when no progress line can appear (so a piped or quiet run
    /// pays nothing).
    var progressHandler: ExtractionProgressHandler? {
        guard state.withLock({ $0.progressAllowed }) else { return nil }
        return { @Sendable [self] progress in self.update(progress) }
    }

    /// Redraws the progress line when `TerminalRules.shouldDraw` says so.
    ///
    /// - Parameter progress: Files done and the total.
    func update(_ progress: ExtractionProgress) {
        let now = ContinuousClock.now
        state.withLock { state in
            guard state.progressAllowed, progress.done < progress.total else { return }
            let elapsed = Self.seconds(now - state.start)
            guard TerminalRules.shouldDraw(elapsed: elapsed, sinceLastDraw: state.lastDraw.map { Self.seconds(now - $0) })
            else { return }
            state.lastDraw = now
            let line = TerminalRules.progressLine(done: progress.done, total: progress.total, elapsed: elapsed, width: state.width)
            // Written under the lock, so that lines from several threads never interleave.
            Console.write(Data(("\r\u{1B}[2K" + line).utf8), to: STDERR_FILENO)
            state.lineVisible = true
            docsheet_progress_line_set_shown(1)
        }
    }

    /// Erases the progress line if it is showing (before any other output on standard error, and at the end).
    ///
    /// Whether the line is on screen is also recorded in `CFileSupport`'s C11 atomic flag
    /// (`docsheet_progress_line_set_shown`), which the SIGINT/SIGTERM handler reads, so that an interrupted run erases
    /// its line instead of leaving it before the shell's prompt.
    func clearProgress() {
        state.withLock { state in
            guard state.lineVisible else { return }
            Console.write(Data("\r\u{1B}[2K".utf8), to: STDERR_FILENO)
            state.lineVisible = false
            docsheet_progress_line_set_shown(0)
        }
    }

    /// The terminal's width: the window size of standard error, else `COLUMNS`, else 80.
    private static func columns(environment: [String: String]) -> Int {
        var size = winsize()
        if ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return environment["COLUMNS"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil } ?? 80
    }

    private static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}

#!/usr/bin/env python3
"""Writes a synthetic SwiftPM package of about LINES lines for the benchmark's growth curve (Benchmarks/README.md).

    generate_project.py --lines 1000000 --out DIR [--seed 1]

The code looks like an app's: modules of about 40 files, each file about 500 lines holding a documented protocol
with requirements, a class and a struct with initializers, methods (some generic, async or throwing, with closures
and local functions in their bodies), subscripts, operators, an extension with `#if` blocks, and some undocumented
functions. The same arguments always write the same bytes. The package is made a git repository with one commit,
so that `docsheet check --staged` can run on it.
"""
import argparse
import os
import random
import subprocess

FILES_PER_MODULE = 40


def documented(lines, indent, summary, parameters=(), returns=None, throws=False):
    lines.append(f"{indent}/// {summary}")
    if parameters or returns or throws:
        lines.append(f"{indent}///")
    if len(parameters) == 1:
        lines.append(f"{indent}/// - Parameter {parameters[0]}: The {parameters[0]} to use.")
    elif parameters:
        lines.append(f"{indent}/// - Parameters:")
        for name in parameters:
            lines.append(f"{indent}///   - {name}: The {name} to use.")
    if returns:
        lines.append(f"{indent}/// - Returns: {returns}")
    if throws:
        lines.append(f"{indent}/// - Throws: `ServiceError.invalid` when the input is rejected.")


def method(lines, rng, indent, name, index):
    shape = rng.randrange(6)
    document = rng.random() < 0.8
    if shape == 0:
        if document:
            documented(lines, indent, f"Loads the {name} records matching `query`.", ["query", "limit"],
                       "The matching records, newest first.", throws=True)
        lines += [f"{indent}public func load{name}{index}(query: String, limit: Int = 20) async throws -> [Record] {{",
                  f"{indent}    guard !query.isEmpty else {{ throw ServiceError.invalid(query) }}",
                  f"{indent}    let records = try await store.fetch(matching: query)",
                  f"{indent}    return records",
                  f"{indent}        .filter {{ $0.score > 0.5 && $0.name.contains(query) }}",
                  f"{indent}        .sorted {{ $0.date > $1.date }}",
                  f"{indent}        .prefix(limit)",
                  f"{indent}        .map {{ $0 }}",
                  f"{indent}}}"]
    elif shape == 1:
        if document:
            documented(lines, indent, f"Transforms every {name} value with `transform`.", ["values", "transform"],
                       "The transformed values.")
        lines += [f"{indent}func map{name}{index}<T: Sendable>(_ values: [Int], transform: (Int) -> T) -> [T] {{",
                  f"{indent}    var result: [T] = []",
                  f"{indent}    result.reserveCapacity(values.count)",
                  f"{indent}    func append(_ value: Int) {{ result.append(transform(value)) }}",
                  f"{indent}    for value in values where value % 2 == 0 {{",
                  f"{indent}        append(value)",
                  f"{indent}    }}",
                  f"{indent}    return result",
                  f"{indent}}}"]
    elif shape == 2:
        if document:
            documented(lines, indent, f"Updates the {name} state and notifies observers.", ["state"])
        lines += [f"{indent}@discardableResult",
                  f"{indent}internal mutating func update{name}{index}(_ state: State) -> Bool {{",
                  f"{indent}    switch state {{",
                  f"{indent}    case .idle: return false",
                  f"{indent}    case .loading(let progress) where progress > 0.5:",
                  f"{indent}        observers.forEach {{ $0(\"{name} \\(progress)\") }}",
                  f"{indent}        return true",
                  f"{indent}    case .loading, .failed:",
                  f"{indent}        return false",
                  f"{indent}    }}",
                  f"{indent}}}"]
    elif shape == 3:
        if document:
            documented(lines, indent, f"The {name} value at `index`.", ["index"], "The value, or `nil` when out of range.")
        lines += [f"{indent}public subscript(safe{name}{index} index: Int) -> Int? {{",
                  f"{indent}    index >= 0 && index < storage.count ? storage[index] : nil",
                  f"{indent}}}"]
    elif shape == 4:
        lines += [f"{indent}private func log{name}{index}(_ message: @autoclosure () -> String, level: Int = 0) {{",
                  f"{indent}    #if DEBUG",
                  f"{indent}    print(\"[{name}] \\(message())\", level)",
                  f"{indent}    #endif",
                  f"{indent}}}"]
    else:
        if document:
            documented(lines, indent, f"Creates a {name} configuration from a dictionary.", ["values"], throws=True)
        lines += [f"{indent}public static func make{name}{index}(from values: [String: Any]) throws -> Configuration {{",
                  f"{indent}    guard let identifier = values[\"id\"] as? String else {{ throw ServiceError.invalid(\"id\") }}",
                  f"{indent}    let retries = (values[\"retries\"] as? Int) ?? 3",
                  f"{indent}    return Configuration(identifier: identifier, retries: retries, handler: {{ result in",
                  f"{indent}        if case .failure(let error) = result {{ print(error) }}",
                  f"{indent}    }})",
                  f"{indent}}}"]
    lines.append("")


def source_file(rng, module, number, target_lines):
    name = f"{module}Item{number}"
    lines = ["//", f"//  {name}.swift", f"//  {module}", "//", "", "import Foundation", "",
             f"/// What a {name} store can do.", f"public protocol {name}Storing: AnyObject {{",
             "    /// Fetches the records matching `query`.", "    ///",
             "    /// - Parameter query: The search text.", "    /// - Returns: The records.",
             "    func fetch(matching query: String) async throws -> [Record]", "",
             "    /// Removes every record.", "    func removeAll()", "}", "",
             f"/// The {name} service.", f"public final class {name}Service {{",
             "    private let store: any RecordStore", "    private var observers: [(String) -> Void] = []",
             "    private var storage: [Int] = []", "",
             "    /// Creates a service reading from `store`.", "    ///",
             "    /// - Parameter store: Where the records live.",
             "    public init(store: any RecordStore) {", "        self.store = store", "    }", "",
             "    deinit {", "        observers.removeAll()", "    }", ""]
    index = 0
    while len(lines) < target_lines * 0.55:
        method(lines, rng, "    ", name, index)
        index += 1
    lines += ["}", "", f"/// The {name} value type.", f"public struct {name}Value: Equatable, Sendable {{",
              "    /// The identifier.", "    public var identifier: String", "    var storage: [Int] = []",
              "    var observers: [(String) -> Void] { [] }", "    var store: StoreProxy { StoreProxy() }", ""]
    while len(lines) < target_lines * 0.85:
        method(lines, rng, "    ", name + "Value", index)
        index += 1
    lines += ["    /// Two values are equal when their identifiers are.",
              f"    public static func == (lhs: {name}Value, rhs: {name}Value) -> Bool {{",
              "        lhs.identifier == rhs.identifier", "    }", "}", "",
              f"extension {name}Value {{", "    #if os(iOS)"]
    while len(lines) < target_lines - 3:
        method(lines, rng, "    ", name + "Extension", index)
        index += 1
    lines += ["    #endif", "}", ""]
    return "\n".join(lines)


def main():
    arguments = argparse.ArgumentParser()
    arguments.add_argument("--lines", type=int, required=True)
    arguments.add_argument("--out", required=True)
    arguments.add_argument("--seed", type=int, default=1)
    arguments.add_argument("--file-lines", type=int, default=500)
    options = arguments.parse_args()
    rng = random.Random(options.seed)
    files = max(1, options.lines // options.file_lines)
    modules = [f"Feature{m}" for m in range((files + FILES_PER_MODULE - 1) // FILES_PER_MODULE)]
    os.makedirs(options.out, exist_ok=True)
    targets = ",\n".join(f'        .target(name: "{m}")' for m in modules)
    with open(os.path.join(options.out, "Package.swift"), "w") as handle:
        handle.write(f'// swift-tools-version:5.9\nimport PackageDescription\n\nlet package = Package(\n'
                     f'    name: "Synthetic",\n    targets: [\n{targets}\n    ]\n)\n')
    total = 0
    for number in range(files):
        module = modules[number // FILES_PER_MODULE]
        folder = os.path.join(options.out, "Sources", module)
        os.makedirs(folder, exist_ok=True)
        text = source_file(rng, module, number, options.file_lines)
        total += text.count("\n") + 1
        with open(os.path.join(folder, f"{module}Item{number}.swift"), "w") as handle:
            handle.write(text + "\n")
    if not os.path.isdir(os.path.join(options.out, ".git")):
        git = ["git", "-C", options.out, "-c", "user.name=bench", "-c", "user.email=bench@example.com"]
        subprocess.run(["git", "init", "-q", options.out], check=True)
        subprocess.run(git + ["add", "-A"], check=True)
        subprocess.run(git + ["commit", "-q", "-m", "synthetic project"], check=True)
    print(f"{files} files, {total} lines in {len(modules)} modules")


if __name__ == "__main__":
    main()

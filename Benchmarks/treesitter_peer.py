#!/usr/bin/env python3
"""The tree-sitter peer of the benchmark (Benchmarks/README.md): what a regex-free script built on tree-sitter-swift
would do instead of DocSheet. It parses every file in a list with tree-sitter-swift and walks the whole tree counting
the declarations DocSheet reports (func, init, deinit, subscript, protocol requirements), on JOBS worker processes,
and prints one JSON object: files, bytes, declarations, files whose tree has an error, seconds.

    treesitter_peer.py --files-from LIST [--jobs N]

Needs the PyPI packages tree-sitter and tree-sitter-swift (scripts/bench installs them in .build/bench-venv).
"""
import argparse
import json
import multiprocessing
import os
import time

KINDS = {"function_declaration", "init_declaration", "deinit_declaration", "subscript_declaration",
         "protocol_function_declaration"}
_parser = None


def _init():
    global _parser
    import tree_sitter
    import tree_sitter_swift
    _parser = tree_sitter.Parser(tree_sitter.Language(tree_sitter_swift.language()))


def _count(path):
    with open(path, "rb") as handle:
        data = handle.read()
    tree = _parser.parse(data)
    cursor = tree.walk()
    found = 0
    # depth-first walk over every node, without recursion
    while True:
        if cursor.node.type in KINDS:
            found += 1
        if cursor.goto_first_child():
            continue
        while not cursor.goto_next_sibling():
            if not cursor.goto_parent():
                return len(data), found, tree.root_node.has_error


def main():
    arguments = argparse.ArgumentParser()
    arguments.add_argument("--files-from", required=True)
    arguments.add_argument("--jobs", type=int, default=os.cpu_count())
    options = arguments.parse_args()
    with open(options.files_from, encoding="utf-8") as handle:
        paths = [line for line in handle.read().split("\n") if line]
    start = time.monotonic()
    with multiprocessing.Pool(options.jobs, initializer=_init) as pool:
        results = pool.map(_count, paths, chunksize=8)
    seconds = time.monotonic() - start
    print(json.dumps({"files": len(results), "bytes": sum(r[0] for r in results),
                      "declarations": sum(r[1] for r in results), "errors": sum(1 for r in results if r[2]),
                      "seconds": seconds, "jobs": options.jobs}))


if __name__ == "__main__":
    main()

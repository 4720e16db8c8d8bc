#!/usr/bin/env python3
"""The tree-sitter peer of the benchmark (Benchmarks/README.md): what a regex-free script built on tree-sitter-swift
would do instead of DocSheet. It parses every file in a list with tree-sitter-swift and walks the whole tree finding
the declarations DocSheet reports (func, init, deinit, subscript, protocol requirements), on JOBS worker processes,
and prints one JSON object: files, bytes, declarations, files whose tree has an error, seconds.

With --inventory FILE it also does the least an inventory needs, as a script replacing DocSheet would: for each
declaration its name, its signature (the text before the body, whitespace collapsed), the enclosing type, the line,
and the `///` or `/** */` comment right above it, written to FILE as JSON. Without it, it only counts.

    treesitter_peer.py --files-from LIST [--jobs N] [--inventory FILE]

Needs the PyPI packages tree-sitter and tree-sitter-swift (scripts/bench installs them in .build/python through scripts/python-env).
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


TYPES = {"class_declaration", "protocol_declaration"}  # tree-sitter-swift's node for class, struct, enum, extension
BODIES = {"function_body", "computed_property"}


def _record(node, data, path):
    """One declaration's name, signature, enclosing type, line and doc comment."""
    body = next((child for child in node.children if child.type in BODIES), None)
    signature = b" ".join(data[node.start_byte:body.start_byte if body else node.end_byte].split()).decode("utf-8", "replace")
    name = node.child_by_field_name("name")
    enclosing = []
    parent = node.parent
    while parent is not None:
        if parent.type in TYPES:
            type_name = parent.child_by_field_name("name")
            if type_name is not None:
                enclosing.insert(0, data[type_name.start_byte:type_name.end_byte].decode("utf-8", "replace"))
        parent = parent.parent
    doc = []
    sibling = node.prev_sibling
    while sibling is not None and sibling.type in ("comment", "multiline_comment"):
        text = data[sibling.start_byte:sibling.end_byte].decode("utf-8", "replace")
        if not (text.startswith("///") or text.startswith("/**")):
            break
        doc.insert(0, text)
        sibling = sibling.prev_sibling
    return {"file": path, "line": node.start_point[0] + 1, "kind": node.type,
            "name": data[name.start_byte:name.end_byte].decode("utf-8", "replace") if name is not None else node.type,
            "signature": signature, "enclosingType": ".".join(enclosing) or None, "doc": "\n".join(doc) or None}


def _count(path, inventory=False):
    with open(path, "rb") as handle:
        data = handle.read()
    tree = _parser.parse(data)
    cursor = tree.walk()
    found = []
    # depth-first walk over every node, without recursion
    while True:
        if cursor.node.type in KINDS:
            found.append(_record(cursor.node, data, path) if inventory else None)
        if cursor.goto_first_child():
            continue
        while not cursor.goto_next_sibling():
            if not cursor.goto_parent():
                return len(data), found, tree.root_node.has_error


def _inventory(path):
    return _count(path, inventory=True)


def main():
    arguments = argparse.ArgumentParser()
    arguments.add_argument("--files-from", required=True)
    arguments.add_argument("--jobs", type=int, default=os.cpu_count())
    arguments.add_argument("--inventory", help="write each declaration's name, signature, type and doc here (JSON)")
    options = arguments.parse_args()
    with open(options.files_from, encoding="utf-8") as handle:
        paths = [line for line in handle.read().split("\n") if line]
    start = time.monotonic()
    with multiprocessing.Pool(options.jobs, initializer=_init) as pool:
        results = pool.map(_inventory if options.inventory else _count, paths, chunksize=8)
    if options.inventory:
        with open(options.inventory, "w", encoding="utf-8") as handle:
            json.dump([record for result in results for record in result[1]], handle, indent=1, ensure_ascii=False)
    seconds = time.monotonic() - start
    print(json.dumps({"files": len(results), "bytes": sum(r[0] for r in results),
                      "declarations": sum(len(r[1]) for r in results), "errors": sum(1 for r in results if r[2]),
                      "seconds": seconds, "jobs": options.jobs}))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Function blocks against a plain function list: the time and memory of filling a client's form (issue 29's target:
the block form takes at most 1.5 times the plain list).

    scripts/bench-form-blocks [--lines 480000] [--runs 3] [--docsheet PATH] [--work DIR]

It writes a synthetic project (Benchmarks/generate_project.py, about 40,000 functions at the default size) and two
forms with openpyxl:

  plain   one row per function: No., name, access, return type, summary
  tworow  a two-row block per function (the Vietnamese fixture's shape): the number merged down both rows; name,
          access and return type; the summary merged wide on the second row
  blocks  a three-row block per function, as a Japanese クラス仕様書 draws it: the number merged down the block; name,
          access and return type; 概要 and the summary merged wide; a row per parameter (name, type, description)

One run with the cache warms the extraction cache, so both forms are filled from the same cached inventory; then each
form is filled RUNS times (`docsheet generate --template FORM`, its output removed first so that the run is never
"up to date"), alternating, and the median wall time and the largest
resident memory (from /usr/bin/time) are printed, with the rows written and the ratio blocks / plain. Use a release
build: `swift build -c release --product docsheet` (the default PATH is its binary).
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile

import openpyxl
from openpyxl.styles import Alignment, Border, Font, Side

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def box():
    side = Side(style="thin", color="FF808080")
    return Border(left=side, right=side, top=side, bottom=side)


def field(ws, cells, value, wrap=False):
    if ":" in cells:
        ws.merge_cells(cells)
    first = ws[cells.split(":")[0]]
    for row in ws[cells] if ":" in cells else [[first]]:
        for cell in row:
            cell.border = box()
            cell.font = Font(name="Arial", size=9)
            cell.alignment = Alignment(vertical="top", wrap_text=wrap)
    first.value = value


def plain_form(path):
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Functions"
    for cells, value in [("A1", "No."), ("B1", "Name"), ("C1", "Access"), ("D1", "Returns"), ("E1", "Summary")]:
        field(ws, cells, value)
    for cells, value in [("A2", "{{function.number}}"), ("B2", "{{function.name}}"), ("C2", "{{function.access}}"),
                         ("D2", "{{function.returnType}}"), ("E2", "{{function.summary}}")]:
        field(ws, cells, value, wrap=cells == "E2")
    for column, width in zip("ABCDE", (6, 30, 10, 16, 50)):
        ws.column_dimensions[column].width = width
    wb.save(path)


def two_row_form(path):
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Functions"
    for cells, value in [("A1", "No."), ("B1:C1", "Name"), ("D1", "Access"), ("E1", "Returns")]:
        field(ws, cells, value)
    field(ws, "A2:A3", "{{function.number}}")
    field(ws, "B2:C2", "{{function.name}}")
    field(ws, "D2", "{{function.access}}")
    field(ws, "E2", "{{function.returnType}}")
    field(ws, "B3", "Summary")
    field(ws, "C3:E3", "{{function.summary}}", wrap=True)
    for column, width in zip("ABCDE", (6, 16, 30, 16, 34)):
        ws.column_dimensions[column].width = width
    wb.save(path)


def block_form(path):
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Functions"
    for cells, value in [("A1", "No."), ("B1:C1", "Name"), ("D1", "Access"), ("E1", "Returns")]:
        field(ws, cells, value)
    field(ws, "A2:A4", "{{function.number}}")
    field(ws, "B2:C2", "{{function.name}}")
    field(ws, "D2", "{{function.access}}")
    field(ws, "E2", "{{function.returnType}}")
    field(ws, "B3", "概要")
    field(ws, "C3:E3", "{{function.summary}}", wrap=True)
    field(ws, "B4", "{{parameter.name}}")
    field(ws, "C4", "{{parameter.type}}")
    field(ws, "D4:E4", "{{parameter.description}}", wrap=True)
    for column, width in zip("ABCDE", (6, 16, 30, 16, 34)):
        ws.column_dimensions[column].width = width
    wb.save(path)


def timed(command):
    """(wall seconds, peak resident memory in MB, standard error, CPU seconds: user + system) of one run."""
    result = subprocess.run(["/usr/bin/time", "-f", "%e %M %U %S"] + command, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"failed: {' '.join(command)}\n{result.stderr[-2000:]}")
    seconds, kilobytes, user, system = result.stderr.strip().splitlines()[-1].split()
    return float(seconds), int(kilobytes) / 1024, result.stderr, float(user) + float(system)


def written_rows(path):
    wb = openpyxl.load_workbook(path, read_only=True)
    return wb["Functions"].max_row


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lines", type=int, default=480_000, help="size of the synthetic project (default 480000)")
    parser.add_argument("--runs", type=int, default=3, help="runs of each form (default 3)")
    parser.add_argument("--docsheet", default=os.path.join(ROOT, ".build/release/docsheet"))
    parser.add_argument("--work", default=os.path.join(tempfile.gettempdir(), "docsheet-form-blocks"))
    args = parser.parse_args()
    if not os.path.exists(args.docsheet):
        sys.exit(f"{args.docsheet} not found: run `swift build -c release --product docsheet` first, or give --docsheet")
    os.makedirs(args.work, exist_ok=True)
    project = os.path.join(args.work, f"project-{args.lines}")
    if not os.path.isdir(project):
        subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks/generate_project.py"), "--lines", str(args.lines),
                        "--out", project], check=True, stdout=subprocess.DEVNULL)
    forms = {name: os.path.join(args.work, f"{name}.xlsx") for name in ("plain", "tworow", "blocks")}
    plain_form(forms["plain"])
    two_row_form(forms["tworow"])
    block_form(forms["blocks"])
    # The extraction cache, warmed once: both forms are filled from the same cached inventory.
    _, _, warm, _ = timed([args.docsheet, "generate", project, "--format", "json", "--output", os.path.join(args.work, "inventory.json")])
    functions = re.search(r"([\d,]+) functions", warm)
    results = {name: [] for name in forms}
    for _ in range(args.runs):
        for name, form in forms.items():
            output = os.path.join(args.work, f"filled-{name}.xlsx")
            # Without its output the run is never "up to date" (Documentation/Hooks.md): it fills the form again.
            if os.path.exists(output):
                os.remove(output)
            results[name].append(timed([args.docsheet, "generate", project, "--template", form, "--output", output]))
    print(f"project: {args.lines:,} lines, {functions.group(1) if functions else '?'} functions; {args.runs} runs each, "
          f"warm extraction cache; {args.docsheet}")
    print(f"{'form':<8} {'rows written':>12} {'median s':>9} {'CPU s':>6} {'runs (s)':<30} {'peak MB':>8} {'us/row':>7}")
    medians, cpu = {}, {}
    for name in forms:
        seconds = [run[0] for run in results[name]]
        medians[name] = statistics.median(seconds)
        cpu[name] = statistics.median(run[3] for run in results[name])
        peak = max(run[1] for run in results[name])
        rows = written_rows(os.path.join(args.work, f"filled-{name}.xlsx"))
        print(f"{name:<8} {rows:>12,} {medians[name]:>9.2f} {cpu[name]:>6.2f} {', '.join(f'{s:.2f}' for s in seconds):<30} "
              f"{peak:>8.0f} {medians[name] / rows * 1e6:>7.1f}")
    for name in ("tworow", "blocks"):
        ratio = medians[name] / medians["plain"]
        print(f"{name} / plain: {ratio:.2f}x wall, {cpu[name] / cpu['plain']:.2f}x CPU (target <= 1.5x): "
              f"{'met' if ratio <= 1.5 else 'NOT met'}")


if __name__ == "__main__":
    main()

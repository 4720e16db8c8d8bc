#!/usr/bin/env python3
"""The checks and the report of scripts/sweep (see Documentation/Testing.md#the-sweep-over-real-code).

  sweep_check.py repo OUT/REPO      checks one repository's outputs, writes OUT/REPO/result.json
  sweep_check.py report OUT         the per-repository table and totals: printed and written to OUT/report.md;
                                    exit 1 when anything failed

OUT/REPO/runs.tsv (written by scripts/sweep) lists every docsheet run, tab-separated:
  step, kind (json|csv|xlsx|review|review-json|check), allowed exit codes (comma-separated), exit code,
  seconds, output file ('-' for none), stderr file, paired JSON ('-' for none)

Checks:
  * every run: its exit code is allowed (a code of 128 or more is a signal death, 124 a timeout) and its
    standard error holds no crash report (Swift's "Fatal error", a backtrace, a stack dump);
  * every JSON inventory and review JSON decodes (and an inventory has a functions list);
  * every CSV parses and has one row per function of the JSON inventory of the same run;
  * every workbook opens with openpyxl and its function tables agree with the JSON inventory
    (scripts/check-workbooks' comparison); a review workbook's Added / Removed / Changed tables agree with the
    review JSON of the same two revisions;
  * every workbook is converted by LibreOffice headless (every sheet to CSV, many files a call), and the
    function rows LibreOffice reads agree with the JSON (name and line of every row).
"""
import collections
import contextlib
import csv
import importlib.machinery
import importlib.util
import io
import json
import os
import pathlib
import re
import shutil
import signal
import subprocess
import sys
import time

HERE = pathlib.Path(__file__).resolve().parent
CRASH_MARKERS = re.compile(
    r"Fatal error|💣 Program crashed|Program crashed:|Thread \d+ crashed|Stack dump:|Current stack trace|"
    r"Segmentation fault|Illegal instruction|Bus error|Aborted|Backtrace|stack overflow", re.IGNORECASE)
SOFFICE_BATCH = int(os.environ.get("SWEEP_SOFFICE_BATCH", "12"))
SOFFICE_TIMEOUT = int(os.environ.get("SWEEP_SOFFICE_TIMEOUT", "900"))  # one soffice start
SOFFICE_ERROR = re.compile(r"^\s*Error\b|\bError:")  # not "Writing sheet YamlError -> ..."
CSV_FILTER = "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1"  # every sheet


def load_checker():
    """scripts/check-workbooks as a module (its file name has no .py)."""
    loader = importlib.machinery.SourceFileLoader("check_workbooks", str(HERE / "check-workbooks"))
    spec = importlib.util.spec_from_loader("check_workbooks", loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def read_runs(folder):
    runs = []
    path = folder / "runs.tsv"
    if not path.exists():
        return runs
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        step, kind, allowed, code, seconds, output, stderr, paired = line.split("\t")
        runs.append({
            "step": step, "kind": kind, "allowed": {int(c) for c in allowed.split(",")}, "code": int(code),
            "seconds": float(seconds), "output": None if output == "-" else pathlib.Path(output),
            "stderr": pathlib.Path(stderr), "paired": None if paired == "-" else pathlib.Path(paired),
        })
    return runs


def head(path, lines=12):
    """The start of a standard error file, without the warnings about the code being read."""
    try:
        text = path.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return ""
    kept = [line for line in text if ": warning:" not in line]
    skipped = len(text) - len(kept)
    return "\n".join(([f"({skipped} warning lines left out)"] if skipped else []) + kept[:lines])


def crash_lines(path):
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return []
    # warnings about the code being read ("path:line:col: warning: ...") may quote anything: skip them
    return [line for line in text.splitlines()
            if CRASH_MARKERS.search(line) and ": warning:" not in line and not line.startswith("warning:")]


def check_runs(runs, failures):
    ok = 0
    for run in runs:
        problem = None
        crashes = crash_lines(run["stderr"])
        if run["code"] == 124:
            problem = "timed out"
        elif run["code"] >= 128:
            problem = f"killed by signal {run['code'] - 128} (exit {run['code']})"
        elif run["code"] not in run["allowed"]:
            problem = f"exit {run['code']} (allowed: {', '.join(map(str, sorted(run['allowed'])))})"
        if crashes and problem is None:
            problem = f"crash report on standard error (exit {run['code']})"
        if problem:
            failures.append({"check": "run", "step": run["step"], "problem": problem,
                             "stderr": head(run["stderr"], 25), "stderrFile": str(run["stderr"])})
        else:
            ok += 1
    return ok


def check_json(run, failures):
    try:
        document = json.loads(run["output"].read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        failures.append({"check": "json", "step": run["step"], "problem": f"{run['output'].name} does not decode: {error}"})
        return None
    if run["kind"] == "json" and not isinstance(document.get("functions"), list):
        failures.append({"check": "json", "step": run["step"], "problem": f"{run['output'].name} has no functions list"})
        return None
    if run["kind"] == "review-json" and not all(isinstance(document.get(k), list) for k in ("added", "removed", "changed")):
        failures.append({"check": "json", "step": run["step"], "problem": f"{run['output'].name} lacks added/removed/changed"})
        return None
    return document


def uninjected(field):
    """A CSV field as written before CSVWriter's guard against formula injection ('=… → =…)."""
    return field[1:] if len(field) > 1 and field[0] == "'" and field[1] in "=+-@\t\r" else field


def check_csv(run, inventory, failures):
    try:
        with run["output"].open(encoding="utf-8", newline="") as handle:
            rows = list(csv.reader(handle))
    except (OSError, ValueError, csv.Error) as error:
        failures.append({"check": "csv", "step": run["step"], "problem": f"{run['output'].name} does not parse: {error}"})
        return False
    if inventory is None:
        return True
    header, body = (rows[0] if rows else []), rows[1:]
    if "name" not in header or "line" not in header:
        failures.append({"check": "csv", "step": run["step"], "problem": f"{run['output'].name}: header without name/line: {header[:8]}"})
        return False
    width = len(header)
    ragged = [i + 2 for i, row in enumerate(body) if len(row) != width]
    name, line = header.index("name"), header.index("line")
    found = collections.Counter((uninjected(row[name]), row[line]) for row in body if len(row) == width)
    expected = collections.Counter((f["name"], str(f["line"])) for f in inventory["functions"])
    if ragged or found != expected:
        failures.append({"check": "csv", "step": run["step"], "problem":
                         f"{run['output'].name}: {len(body)} rows for {len(inventory['functions'])} functions"
                         + (f"; rows with a wrong column count: {ragged[:5]}" if ragged else "")
                         + (f"; missing {list((expected - found).items())[:3]} unexpected {list((found - expected).items())[:3]}"
                            if found != expected else "")})
        return False
    return True


def quietly(function, *args):
    """Runs check-workbooks' comparison, keeping what it prints."""
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        result = function(*args)
    return result, buffer.getvalue()


def review_tables(checker, book):
    """The (file, line, name) multisets of every function table of a review workbook."""
    import openpyxl
    workbook = openpyxl.load_workbook(book)
    tables = []
    for sheet, header_row, columns, _ in checker.function_tables(workbook):
        rows = collections.Counter()
        for values in sheet.iter_rows(min_row=header_row + 1, values_only=True):
            number = values[columns["number"]] if columns["number"] < len(values) else None
            if not isinstance(number, (int, float)):
                continue
            rows[(checker.excel_text(values[columns["name"]]), checker.excel_text(values[columns["line"]]))] += 1
        tables.append((sheet.title, rows))
    return tables


def review_expected(review):
    lists = {
        "added": review["added"], "removed": review["removed"],
        "changed": [change.get("new") or change.get("old") for change in review["changed"]],
    }
    return {key: collections.Counter((r["name"], str(r["line"])) for r in records) for key, records in lists.items()}


def check_review_workbook(checker, run, review, failures):
    try:
        tables = review_tables(checker, run["output"])
    except Exception as error:  # noqa: BLE001 - openpyxl raises many kinds
        failures.append({"check": "openpyxl", "step": run["step"], "problem": f"{run['output'].name} does not open: {error!r}"})
        return False
    if review is None:
        return True
    expected = review_expected(review)
    unmatched = dict(expected)
    problems = []
    for title, rows in tables:
        key = next((k for k, v in unmatched.items() if v == rows), None)
        if key is None:
            problems.append(f"sheet {title}: {sum(rows.values())} rows match none of "
                            + ", ".join(f"{k} ({sum(v.values())})" for k, v in unmatched.items()))
        else:
            del unmatched[key]
    for key, rows in unmatched.items():
        if rows:
            problems.append(f"no sheet lists the {sum(rows.values())} {key} functions")
    if problems:
        failures.append({"check": "openpyxl", "step": run["step"], "problem": f"{run['output'].name}: " + "; ".join(problems[:5])})
        return False
    return True


def check_workbook(checker, run, inventory_path, failures):
    try:
        result, printed = quietly(checker.compare, run["output"], inventory_path)
    except Exception as error:  # noqa: BLE001
        failures.append({"check": "openpyxl", "step": run["step"], "problem": f"{run['output'].name} does not open: {error!r}"})
        return False
    if result is False:
        failures.append({"check": "openpyxl", "step": run["step"], "problem": printed.strip()[:3000]})
        return False
    return True


def run_soffice(books, outdir, profile):
    """One soffice start converting every sheet of the books to CSV; (exit code or "timeout", log).
    soffice runs in its own process group, so that a timeout stops soffice.bin too, not only its launcher."""
    command = ["soffice", f"-env:UserInstallation=file://{profile}", "--headless", "--norestore",
               "--convert-to", CSV_FILTER, "--outdir", str(outdir)] + [str(b) for b in books]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               errors="replace", start_new_session=True)
    try:
        log, _ = process.communicate(timeout=SOFFICE_TIMEOUT)
        return process.returncode, log
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        return "timeout", f"soffice timed out after {SOFFICE_TIMEOUT} s"


def sheet_csvs(outdir, books):
    """{book: its sheets' CSV files}: LibreOffice names them STEM-SHEET.csv; a file goes to the longest matching stem."""
    found = {book: [] for book in books}
    by_stem = sorted(books, key=lambda b: len(b.stem), reverse=True)
    for path in sorted(outdir.glob("*.csv")):
        owner = next((b for b in by_stem if path.name.startswith(b.stem + "-") or path.name == b.stem + ".csv"), None)
        if owner is not None:
            found[owner].append(path)
    return found


def convert(books, outdir, profile):
    """Converts the books with few soffice starts (SOFFICE_BATCH books a call); {book: error or None}.
    LibreOffice converts them in order: when a call times out, the first book without CSV files is the one it
    was on (a failure, not tried again) and the rest go to the next call. A book a call did not convert for
    another reason, or every book of a call whose log holds an error, is converted again alone, so that the
    error names its file."""
    results = {}
    pending = list(books)
    while pending:
        batch, pending = pending[:SOFFICE_BATCH], pending[SOFFICE_BATCH:]
        code, log = run_soffice(batch, outdir, profile)
        written = sheet_csvs(outdir, batch)
        if code == "timeout":
            stuck = next((b for b in batch if not written[b]), None)
            for book in batch:
                if book is stuck:
                    results[book] = f"LibreOffice did not convert it within {SOFFICE_TIMEOUT} s (stopped)"
                elif written[book] and batch.index(book) < batch.index(stuck):
                    results[book] = None
                else:  # after the stuck one: not tried yet (or cut short)
                    for old in written[book]:
                        old.unlink()
                    pending.insert(0, book)
            continue
        errors = [line for line in log.splitlines() if SOFFICE_ERROR.search(line)]
        for book in batch:
            if written[book] and not errors:
                results[book] = None
                continue
            if len(batch) > 1:
                for old in written[book]:
                    old.unlink()
                code, log = run_soffice([book], outdir, profile)
                errors_alone = [line for line in log.splitlines() if SOFFICE_ERROR.search(line)]
            else:
                errors_alone = errors
            if code == "timeout":
                results[book] = f"LibreOffice did not convert it within {SOFFICE_TIMEOUT} s (stopped)"
            elif not sheet_csvs(outdir, [book])[book]:
                results[book] = f"soffice exit {code}, no CSV written: {log.strip()[:800]}"
            else:
                results[book] = "; ".join(errors_alone) or None
    return results


NAMES, LINES, NUMBERS = {"Function", "Hàm", "関数"}, {"Line", "Dòng", "行"}, {"No.", "STT"}
HEADER_SEARCH_ROWS = 2000


def libreoffice_rows(csvs):
    """Per sheet CSV with a function table: (sheet, its header labels, the (name, line) multiset of its rows). The
    header is looked for as far down as check-workbooks looks (a class sheet's method table sits below its header
    block and property table); the table ends at its first empty row."""
    tables = []
    for path in csvs:
        with path.open(encoding="utf-8", errors="replace", newline="") as handle:
            rows = list(csv.reader(handle))
        for index, row in enumerate(rows[:HEADER_SEARCH_ROWS]):
            cells = set(row)
            if NAMES & cells and LINES & cells and NUMBERS & cells:
                n, f, l = (next(i for i, v in enumerate(row) if v in group) for group in (NUMBERS, NAMES, LINES))
                found = collections.Counter()
                for r in rows[index + 1:]:
                    if not any(value.strip() for value in r):
                        break
                    if len(r) > max(n, f, l) and r[n].strip().isdigit():
                        found[(r[f], r[l])] += 1
                tables.append((path.name, tuple(value for value in row if value), found))
                break
    return tables


def check_libreoffice(book, csvs, expected, failures, step, review=False):
    """LibreOffice's function rows agree with the JSON (all tables together for an inventory; one table per list for a review)."""
    tables = libreoffice_rows(csvs)
    if review:  # review: each table is one of added / removed / changed
        unmatched = dict(expected)
        for name, _, rows in tables:
            key = next((k for k, v in unmatched.items() if v == rows), None)
            if key is None:
                failures.append({"check": "libreoffice", "step": step,
                                 "problem": f"{book.name}: LibreOffice's {name} matches none of the review lists"})
                return False
            del unmatched[key]
        if any(unmatched.values()):
            failures.append({"check": "libreoffice", "step": step,
                             "problem": f"{book.name}: LibreOffice reads no table for {', '.join(k for k, v in unmatched.items() if v)}"})
            return False
        return True
    # Tables with the same header labels are one listing (class-spec's sheets per type); design-doc has two (the
    # Functions sheet, and the method tables of its class sheets), each of which holds every function once.
    listings = {}
    for _, labels, rows in tables:
        listings[labels] = listings.get(labels, collections.Counter()) + rows
    for found in listings.values() or [collections.Counter()]:
        if found != expected:
            failures.append({"check": "libreoffice", "step": step, "problem":
                             f"{book.name}: LibreOffice reads {sum(found.values())} function rows in one listing, the JSON has "
                             f"{sum(expected.values())}; missing {list((expected - found).items())[:3]} "
                             f"unexpected {list((found - expected).items())[:3]}"})
            return False
    return True


def check_repo(folder):
    started = time.time()
    folder = folder.resolve()
    meta = json.loads((folder / "meta.json").read_text(encoding="utf-8"))
    runs = read_runs(folder)
    failures = list(meta.get("failures", []))
    result = {"repo": meta["repo"], "revision": meta.get("revision", ""), "source": meta.get("source", ""),
              "diff": meta.get("diff", ""), "runs": len(runs), "files": 0, "functions": 0, "types": 0,
              "runsOk": check_runs(runs, failures), "json": 0, "jsonOk": 0, "csv": 0, "csvOk": 0,
              "workbooks": 0, "openpyxl": 0, "libreoffice": 0, "warnings": 0,
              "docsheetSeconds": round(sum(r["seconds"] for r in runs), 1)}
    warnings = set()  # every run of a repository reads the same files: count each warning once
    for run in runs:
        try:
            warnings.update(l for l in run["stderr"].read_text(encoding="utf-8", errors="replace").splitlines()
                            if "warning:" in l)
        except OSError:
            pass
    result["warnings"] = len(warnings)
    produced = [r for r in runs if r["output"] is not None and r["output"].exists()]
    documents = {}
    for run in produced:
        if run["kind"] in ("json", "review-json"):
            result["json"] += 1
            document = check_json(run, failures)
            if document is not None:
                result["jsonOk"] += 1
                documents[run["output"]] = document
                if run["kind"] == "json":
                    functions = document["functions"]
                    result["functions"] = len(functions)
                    result["types"] = len(document.get("types", []))
                    result["files"] = len({r["file"] for r in functions} | {t["file"] for t in document.get("types", [])})
    for run in produced:
        if run["kind"] == "csv":
            result["csv"] += 1
            result["csvOk"] += check_csv(run, documents.get(run["paired"]), failures)
    checker = load_checker()
    books = [r for r in produced if r["kind"] in ("xlsx", "review")]
    result["workbooks"] = len(books)
    for run in books:
        paired = run["paired"]
        if run["kind"] == "review":
            ok = check_review_workbook(checker, run, documents.get(paired), failures)
        elif paired is not None and paired in documents:
            ok = check_workbook(checker, run, paired, failures)
        else:
            ok = False
            failures.append({"check": "openpyxl", "step": run["step"], "problem": f"{run['output'].name}: no JSON inventory to compare with"})
        result["openpyxl"] += ok
    if books and shutil.which("soffice"):
        outdir = folder / "libreoffice"
        shutil.rmtree(outdir, ignore_errors=True)
        outdir.mkdir()
        profile = pathlib.Path(os.environ.get("SWEEP_LO_PROFILE", "/tmp/sweep-lo-profile"))
        converted = convert([r["output"] for r in books], outdir, profile)
        csvs = sheet_csvs(outdir, [r["output"] for r in books])
        for run in books:
            book = run["output"]
            error = converted.get(book, "not converted")
            if error:
                failures.append({"check": "libreoffice", "step": run["step"], "problem": f"{book.name}: {error}"})
                continue
            paired = documents.get(run["paired"])
            if paired is None:
                continue
            if run["kind"] == "review":
                expected = review_expected(paired)
            else:
                expected = collections.Counter((f["name"], str(f["line"])) for f in paired["functions"])
            result["libreoffice"] += check_libreoffice(book, csvs[book], expected, failures, run["step"],
                                                       review=run["kind"] == "review")
    elif books:
        failures.append({"check": "libreoffice", "step": "-", "problem": "soffice is not installed"})
    result["failures"] = failures
    result["checkSeconds"] = round(time.time() - started, 1)
    result["seconds"] = round(meta.get("seconds", 0) + result["checkSeconds"], 1)
    (folder / "result.json").write_text(json.dumps(result, indent=2, ensure_ascii=False), encoding="utf-8")
    status = "ok" if not failures else f"{len(failures)} FAILED"
    print(f"sweep: {result['repo']}: {result['files']} files, {result['functions']} functions, "
          f"{result['workbooks']} workbooks, {result['openpyxl']} agree (openpyxl), {result['libreoffice']} agree (LibreOffice); {status}")
    for failure in failures:
        print(f"  FAIL [{failure['check']}] {failure.get('step', '-')}: {failure['problem']}")
    return 0 if not failures else 1


def report(out):
    out = out.resolve()
    meta = json.loads((out / "sweep.json").read_text(encoding="utf-8")) if (out / "sweep.json").exists() else {}
    results = []
    for name in meta.get("repos", sorted(p.name for p in out.iterdir() if (p / "result.json").exists())):
        path = out / name / "result.json"
        if path.exists():
            results.append(json.loads(path.read_text(encoding="utf-8")))
        else:
            results.append({"repo": name, "revision": "", "failures": [{"check": "sweep", "step": "-", "problem": "no result (the sweep stopped before checking it)"}]})
    columns = [("Repository", "repo"), ("Revision", "revision"), ("Files", "files"), ("Functions", "functions"),
               ("Runs ok", None), ("JSON ok", None), ("CSV ok", None), ("Workbooks", "workbooks"),
               ("openpyxl ok", "openpyxl"), ("LibreOffice ok", "libreoffice"), ("Warnings", "warnings"),
               ("Failures", None), ("Time (s)", "seconds")]

    def cell(result, title, key):
        if title == "Runs ok":
            return f"{result.get('runsOk', 0)}/{result.get('runs', 0)}"
        if title == "JSON ok":
            return f"{result.get('jsonOk', 0)}/{result.get('json', 0)}"
        if title == "CSV ok":
            return f"{result.get('csvOk', 0)}/{result.get('csv', 0)}"
        if title == "Failures":
            return str(len(result.get("failures", [])))
        value = result.get(key, "")
        return f"{value:,}" if isinstance(value, int) and key in ("files", "functions") else str(value)

    totals = {"repo": f"**{len(results)} repositories**", "revision": ""}
    for key in ("files", "functions", "runs", "runsOk", "json", "jsonOk", "csv", "csvOk", "workbooks", "openpyxl",
                "libreoffice", "warnings"):
        totals[key] = sum(r.get(key, 0) for r in results)
    totals["failures"] = [f for r in results for f in r.get("failures", [])]
    totals["seconds"] = meta.get("seconds", round(sum(r.get("seconds", 0) for r in results), 1))
    lines = ["# DocSheet sweep over real code", ""]
    if meta:
        lines += [f"docsheet: `{meta.get('docsheet', '')}` ({meta.get('configuration', '')}); "
                  f"mode: {meta.get('mode', 'full')}; started {meta.get('started', '')}; "
                  f"templates: {', '.join(meta.get('templates', []))}; review template: {', '.join(meta.get('reviewTemplates', []))}; "
                  f"locales: {', '.join(meta.get('locales', []))}", ""]
        if meta.get("skipped"):
            lines += [f"Skipped (not on this machine): {', '.join(meta['skipped'])}.", ""]
    lines.append("| " + " | ".join(t for t, _ in columns) + " |")
    lines.append("|" + "|".join("---" if i < 2 else "---:" for i in range(len(columns))) + "|")
    for result in results + [totals]:
        lines.append("| " + " | ".join(cell(result, t, k) for t, k in columns) + " |")
    lines.append("")
    diffs = [r for r in results if r.get("diff")]
    if diffs:
        lines.append("Review diffs: " + "; ".join(f"{r['repo']} {r['diff']}" for r in diffs) + ".")
        lines.append("")
    failed = [r for r in results if r.get("failures")]
    if failed:
        lines += ["## Failures", ""]
        for result in failed:
            for failure in result["failures"]:
                lines.append(f"* **{result['repo']}** [{failure['check']}] `{failure.get('step', '-')}`: {failure['problem']}")
                if failure.get("stderr"):
                    lines += ["", "  ```", *("  " + l for l in failure["stderr"].splitlines()[:25]), "  ```", ""]
        lines.append("")
    verdict = "FAILED" if totals["failures"] else "passed"
    lines.append(f"sweep: {verdict}: {len(results)} repositories, {totals['files']:,} files, {totals['functions']:,} functions, "
                 f"{totals['runsOk']}/{totals['runs']} runs ok, {totals['jsonOk']}/{totals['json']} JSON documents decode, "
                 f"{totals['workbooks']} workbooks: {totals['openpyxl']} agree with their JSON (openpyxl), "
                 f"{totals['libreoffice']} converted by LibreOffice and agree; {len(totals['failures'])} failures; "
                 f"{totals['seconds']} s")
    text = "\n".join(lines) + "\n"
    (out / "report.md").write_text(text, encoding="utf-8")
    print(text)
    return 1 if totals["failures"] else 0


def main(argv):
    if len(argv) == 2 and argv[0] == "repo":
        return check_repo(pathlib.Path(argv[1]))
    if len(argv) == 2 and argv[0] == "report":
        return report(pathlib.Path(argv[1]))
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

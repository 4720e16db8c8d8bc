#!/usr/bin/env python3
"""Dumps every cell of an .xlsx, with its format, into the plain cell list that xlsx_floor replays.

    dump_cells.py WORKBOOK.xlsx CELLS.txt
    dump_cells.py --same CELLS.txt OTHER.txt     exit 0 when two lists hold the same cells with the same formats

The benchmark (Benchmarks/README.md, "The workbook's floor") runs it on the design-doc workbook DocSheet wrote for the
corpus, so that xlsx_floor writes the same cells with the same formats through libxlsxwriter alone. Only the standard
library: the sheet XML is read as a stream (a large workbook's sheets hold tens of MB of XML).

The list is one record a line, fields separated by tabs; in text fields a tab, a newline, a carriage return and a
backslash are written \\t, \\n, \\r and \\\\:

    F  index  key=value ...            a cell format (cellXfs entry `index`), keys as xlsx_floor.c reads them
    S  name  hidden                    a worksheet, in the workbook's order; its records follow
    W  first  last  width  format  hidden        a column range's width (as stored: Excel's padding included)
    P  row  column                     frozen panes: the first row and column that scroll
    A  first_row  first_col  last_row  last_col  the autofilter
    M  first_row  first_col  last_row  last_col  a merged range (recorded when its first row is reached)
    R  row  height  format  hidden     a row's own height or format (before its cells)
    C  row  column  format  kind  value          a cell: kind s text, n number, b Boolean, f formula, e blank
    L  row  column  format  target  text         a link: target is a URL, or internal:Sheet!A1

Rows and cells come in the sheet's order (top to bottom, left to right), as constant-memory mode needs them. Formats
are numbered as in the workbook (-1: none).
"""
import re
import sys
import zipfile
import xml.etree.ElementTree as ET

MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
REL = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
PACKAGE_REL = "{http://schemas.openxmlformats.org/package/2006/relationships}"


def escape(text):
    return text.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")


def cell_position(reference):
    """A1 → (0, 0)."""
    match = re.fullmatch(r"\$?([A-Z]+)\$?(\d+)", reference)
    letters, digits = match.groups()
    column = 0
    for letter in letters:
        column = column * 26 + ord(letter) - 64
    return int(digits) - 1, column - 1


def range_positions(reference):
    first, _, last = reference.partition(":")
    (r1, c1), (r2, c2) = cell_position(first), cell_position(last or first)
    return r1, c1, r2, c2


def color(element):
    """An rgb colour as RRGGBB, or None (theme and indexed colours are left to the default)."""
    if element is None or "rgb" not in element.attrib:
        return None
    return element.get("rgb")[-6:]


def formats(archive):
    root = ET.fromstring(archive.read("xl/styles.xml"))
    number_formats = {nf.get("numFmtId"): nf.get("formatCode") for nf in root.iter(MAIN + "numFmt")}
    fonts = []
    for font in root.find(MAIN + "fonts"):
        properties = {}
        for child in font:
            tag = child.tag[len(MAIN):]
            if tag == "name":
                properties["font"] = child.get("val")
            elif tag == "sz":
                properties["size"] = child.get("val")
            elif tag in ("b", "i", "strike") and child.get("val", "1") not in ("0", "false"):
                properties[tag] = "1"
            elif tag == "u":
                properties["u"] = {"double": "2", "singleAccounting": "33", "doubleAccounting": "34"}.get(child.get("val"), "1")
            elif tag == "color" and color(child):
                properties["color"] = color(child)
        fonts.append(properties)
    fills = []
    for fill in root.find(MAIN + "fills"):
        properties = {}
        pattern = fill.find(MAIN + "patternFill")
        if pattern is not None and pattern.get("patternType", "none") != "none":
            properties["pattern"] = pattern.get("patternType")
            foreground, background = color(pattern.find(MAIN + "fgColor")), color(pattern.find(MAIN + "bgColor"))
            if foreground:
                properties["fg"] = foreground
            if background:
                properties["bg"] = background
        fills.append(properties)
    borders = []
    for border in root.find(MAIN + "borders"):
        properties = {}
        for side in ("left", "right", "top", "bottom"):
            element = border.find(MAIN + side)
            if element is not None and element.get("style"):
                properties[side] = element.get("style")
                if color(element.find(MAIN + "color")):
                    properties[side + "_color"] = color(element.find(MAIN + "color"))
        borders.append(properties)
    records = []
    for index, xf in enumerate(root.find(MAIN + "cellXfs")):
        properties = {}
        properties.update(fonts[int(xf.get("fontId", "0"))])
        properties.update(fills[int(xf.get("fillId", "0"))])
        properties.update(borders[int(xf.get("borderId", "0"))])
        number = xf.get("numFmtId", "0")
        if number in number_formats:
            properties["num_format"] = number_formats[number]
        elif number != "0":
            properties["num_index"] = number
        alignment = xf.find(MAIN + "alignment")
        if alignment is not None:
            for key in ("horizontal", "vertical", "indent", "textRotation"):
                if alignment.get(key):
                    properties[key] = alignment.get(key)
            if alignment.get("wrapText") in ("1", "true"):
                properties["wrap"] = "1"
            if alignment.get("shrinkToFit") in ("1", "true"):
                properties["shrink"] = "1"
        protection = xf.find(MAIN + "protection")
        if protection is not None:
            if protection.get("locked") in ("0", "false"):
                properties["unlocked"] = "1"
            if protection.get("hidden") in ("1", "true"):
                properties["hidden"] = "1"
        fields = "\t".join(f"{key}={escape(value)}" for key, value in sorted(properties.items()))
        records.append(f"F\t{index}\t{fields}".rstrip("\t"))
    return records


def sheets(archive):
    """(name, hidden, part path) in the workbook's order."""
    workbook = ET.fromstring(archive.read("xl/workbook.xml"))
    relations = ET.fromstring(archive.read("xl/_rels/workbook.xml.rels"))
    targets = {rel.get("Id"): rel.get("Target") for rel in relations.iter(PACKAGE_REL + "Relationship")}
    listed = []
    for sheet in workbook.iter(MAIN + "sheet"):
        target = targets[sheet.get(REL + "id")].lstrip("/")
        listed.append((sheet.get("name"), sheet.get("state", "visible") != "visible",
                       target if target.startswith("xl/") else "xl/" + target))
    return listed


def links(archive, part):
    """The sheet's links by cell: (target, display) read before its cells, which come first in the XML."""
    relations_part = part.replace("worksheets/", "worksheets/_rels/") + ".rels"
    external = {}
    if relations_part in archive.namelist():
        for rel in ET.fromstring(archive.read(relations_part)).iter(PACKAGE_REL + "Relationship"):
            external[rel.get("Id")] = rel.get("Target")
    found = {}
    with archive.open(part) as stream:
        for _, element in ET.iterparse(stream):
            if element.tag == MAIN + "hyperlink":
                target = external.get(element.get(REL + "id")) or "internal:" + element.get("location", "")
                found[cell_position(element.get("ref").split(":")[0])] = target
            elif element.tag in (MAIN + "row", MAIN + "c"):
                element.clear()
    return found


def shared_strings(archive):
    """The shared string table (a workbook written in constant-memory mode has none: its strings are inline)."""
    if "xl/sharedStrings.xml" not in archive.namelist():
        return []
    root = ET.fromstring(archive.read("xl/sharedStrings.xml"))
    return ["".join(t.text or "" for t in item.iter(MAIN + "t")) for item in root.iter(MAIN + "si")]


def dump_sheet(archive, name, hidden, part, strings, out):
    out.write(f"S\t{escape(name)}\t{1 if hidden else 0}\n")
    linked = links(archive, part)
    merges, autofilter, pane, columns = [], None, None, []
    # Sheet-level settings sit before or after sheetData; collect them first so they can be given in order.
    with archive.open(part) as stream:
        for _, element in ET.iterparse(stream):
            tag = element.tag[len(MAIN):]
            if tag == "mergeCell":
                merges.append(range_positions(element.get("ref")))
            elif tag == "autoFilter":
                autofilter = range_positions(element.get("ref"))
            elif tag == "pane" and element.get("state") in ("frozen", "frozenSplit"):
                pane = (int(float(element.get("ySplit", "0"))), int(float(element.get("xSplit", "0"))))
            elif tag == "col":
                columns.append((int(element.get("min")) - 1, int(element.get("max")) - 1, element.get("width", "8.43"),
                                element.get("style", "-1"), 1 if element.get("hidden") in ("1", "true") else 0))
            elif tag in ("row", "c"):
                element.clear()
    for column in columns:
        out.write("W\t%d\t%d\t%s\t%s\t%d\n" % column)
    if pane:
        out.write("P\t%d\t%d\n" % pane)
    if autofilter:
        out.write("A\t%d\t%d\t%d\t%d\n" % autofilter)
    merges_by_row = {}
    for merge in merges:
        merges_by_row.setdefault(merge[0], []).append(merge)
    with archive.open(part) as stream:
        for _, element in ET.iterparse(stream):
            if element.tag != MAIN + "row":
                continue
            row = int(element.get("r")) - 1
            for merge in merges_by_row.pop(row, []):
                out.write("M\t%d\t%d\t%d\t%d\n" % merge)
            if element.get("customHeight") in ("1", "true") or element.get("customFormat") in ("1", "true") \
                    or element.get("hidden") in ("1", "true"):
                out.write("R\t%d\t%s\t%s\t%d\n" % (row, element.get("ht", "15"),
                                                   element.get("s", "-1") if element.get("customFormat") in ("1", "true") else "-1",
                                                   1 if element.get("hidden") in ("1", "true") else 0))
            for cell in element.iter(MAIN + "c"):
                position = cell_position(cell.get("r"))
                style = cell.get("s", "-1")
                kind = cell.get("t", "n")
                formula = cell.find(MAIN + "f")
                value_element = cell.find(MAIN + "v")
                if kind == "inlineStr":
                    value, kind = "".join(t.text or "" for t in cell.iter(MAIN + "t")), "s"
                elif kind == "s":
                    value = strings[int(value_element.text)]
                elif formula is not None:
                    value, kind = formula.text or "", "f"
                elif value_element is None:
                    value, kind = "", "e"
                elif kind == "b":
                    value = value_element.text
                elif kind in ("str", "e"):
                    value, kind = value_element.text or "", "s"
                else:
                    value, kind = value_element.text, "n"
                if position in linked and kind in ("s", "n"):
                    out.write(f"L\t{position[0]}\t{position[1]}\t{style}\t{escape(linked[position])}\t{escape(value)}\n")
                else:
                    out.write(f"C\t{position[0]}\t{position[1]}\t{style}\t{kind}\t{escape(value)}\n")
            element.clear()
    for row in sorted(merges_by_row):  # merges below the last written row
        for merge in merges_by_row[row]:
            out.write("M\t%d\t%d\t%d\t%d\n" % merge)


def resolved(path):
    """The list's records other than formats, each format number replaced by the format's properties (two writers
    number the same formats differently: libxlsxwriter numbers them in the order cells first use them)."""
    formats, records = {}, []
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            fields = line.rstrip("\n").split("\t")
            if fields[0] == "F":
                formats[fields[1]] = "\t".join(fields[2:])
                continue
            position = {"C": 3, "L": 3, "W": 4, "R": 3}.get(fields[0])
            if position is not None:
                fields[position] = "none" if fields[position] in ("-1", "0") else formats.get(fields[position], "none")
            records.append("\t".join(fields))
    return records


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "--same":
        first, second = resolved(sys.argv[2]), resolved(sys.argv[3])
        if first == second:
            print(f"same cells and formats: {len(first):,} records")
            return
        difference = next((i for i, (a, b) in enumerate(zip(first, second)) if a != b), min(len(first), len(second)))
        raise SystemExit(f"different at record {difference + 1} of {len(first):,} / {len(second):,}:\n"
                         f"< {first[difference][:300] if difference < len(first) else '(end)'}\n"
                         f"> {second[difference][:300] if difference < len(second) else '(end)'}")
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    with zipfile.ZipFile(sys.argv[1]) as archive, open(sys.argv[2], "w", encoding="utf-8") as out:
        for record in formats(archive):
            out.write(record + "\n")
        strings = shared_strings(archive)
        for name, hidden, part in sheets(archive):
            dump_sheet(archive, name, hidden, part, strings, out)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Independent referee for `docsheet generate --template client.xlsx`.

    scripts/check-template-fill TEMPLATE.xlsx RENDERED.xlsx INVENTORY.json [options]
    scripts/check-template-fill --self-test

It reads the client's template and DocSheet's rendered workbook with openpyxl (nothing of DocSheet's Swift code),
works out from the marker contract (/work/shared-notes/markers.md) and the JSON inventory what the rendered
workbook must hold, and compares every carried property. It prints, per rendered sheet,
"checked N cells, M properties, K differences", then every difference as `sheet!cell  property  expected  got`,
and exits 1 when there is any difference (2 on a usage or input error).

Values the inventory does not hold ({{date}}, {{author}}, {{version}}, {{template}}) are learned from their first
occurrence and must then be the same everywhere, unless given with --set NAME=VALUE.
"""
import argparse
import colorsys
import copy
import json
import os
import re
import struct
import sys
import warnings
import weakref
import zipfile
from collections import OrderedDict

import openpyxl
from openpyxl.cell.cell import MergedCell
from openpyxl.styles.borders import Border
from openpyxl.styles.cell_style import StyleArray
from openpyxl.worksheet.merge import MergedCellRange
from openpyxl.utils import get_column_letter, column_index_from_string
from openpyxl.styles.colors import COLOR_INDEX

MARKER = re.compile(r"\{\{\s*([A-Za-z_]+)(?:\.([A-Za-z_]+))?\s*\}\}")
# a cell holding only one of these gets a picture (the diagram), or one of NOT_DRAWN_TEXTS when it could not be drawn
PICTURE_MARKER = re.compile(r"\{\{\s*(diagram|module\.diagram|type\.diagram)\s*\}\}")
NOT_DRAWN_TEXTS = ("(no diagram: nothing to draw)", "（図なし：描く対象がありません）", "(không có sơ đồ: không có gì để vẽ)",
                   "(diagram not drawn: Graphviz is needed)", "（図は未作成：Graphviz が必要です）", "(chưa vẽ sơ đồ: cần Graphviz)")
ROW_SCOPES = ("function", "type", "module", "file", "history", "group", "parameter", "property")
GLOBALS = ("project", "version", "commit", "date", "author", "tool", "template", "functions", "documented",
           "undocumented", "coverage", "types", "modules", "files")
NUMBER_GLOBALS = ("functions", "documented", "undocumented", "types", "modules", "files")
NUMERIC_FIELDS = ("number", "line", "column", "lines", "functions", "documentedFunctions", "coverage", "types",
                  "documented", "undocumented", "properties", "documentedProperties")
ACCESS = ["private", "fileprivate", "internal", "package", "public", "open"]
WORDS = {
    "yes": {"en": ("Yes", "No"), "vi": ("Có", "Không"), "ja": ("有", "無")},
    "status": {"en": ("Undocumented", "Placeholder", "Documented"), "vi": ("Chưa có mô tả", "Mô tả tạm", "Đã mô tả"),
               "ja": ("未記述", "仮記述", "記述済")},
    "free": {"en": "Free functions", "vi": "Hàm toàn cục", "ja": "グローバル関数"},
}
TARGET_KINDS = {
    "app": ("App", "Ứng dụng", "アプリ"), "appExtension": ("App extension", "Tiện ích mở rộng", "App Extension"),
    "framework": ("Framework", "Framework", "フレームワーク"), "staticLibrary": ("Static library", "Thư viện tĩnh", "静的ライブラリ"),
    "unitTests": ("Unit tests", "Kiểm thử đơn vị", "単体テスト"), "uiTests": ("UI tests", "Kiểm thử giao diện", "UIテスト"),
    "packageLibrary": ("Package library", "Thư viện gói", "パッケージライブラリ"),
    "executable": ("Executable", "Chương trình thực thi", "実行ファイル"), "macro": ("Macro", "Macro", "マクロ"),
    "plugin": ("Plugin", "Plugin", "プラグイン"), "other": ("Other", "Khác", "その他"), "folder": ("Folder", "Thư mục", "フォルダ"),
}
LOCALES = ("en", "vi", "ja")
warnings.filterwarnings("ignore", category=UserWarning, module="openpyxl")


class InputError(Exception):
    pass


# ====================================================================================================================
# Inventory values (the field catalogue, written from Documentation/Templates.md and Schema.md)
# ====================================================================================================================

def is_meaningful(doc):
    return bool(doc) and not doc.get("isPlaceholder") and bool((doc.get("summary") or "").strip())


def joined(parts, sep):
    return sep.join(p for p in parts if p)


def target_kind(kind, locale):
    if kind is None:
        return ""
    labels = TARGET_KINDS.get(kind)
    return labels[LOCALES.index(locale)] if labels else kind


def function_value(field, f, number, ctx):
    doc = f.get("doc") or {}
    loc = ctx.locale
    if field == "number":
        return number
    if field in ("line", "column"):
        return f[field]
    if field == "lines":
        return f.get("lines")
    simple = {"module": f.get("module"), "file": f.get("file"), "type": f.get("enclosingType") or "",
              "typeKind": f.get("enclosingKind") or "", "kind": f.get("kind"), "name": f.get("name"),
              "baseName": f.get("baseName"), "signature": f.get("signature"), "access": f.get("accessLevel"),
              "effectiveAccess": f.get("effectiveAccess"), "returnType": f.get("returnType") or "",
              "throwsClause": f.get("throws") or "", "condition": f.get("condition") or "",
              "section": f.get("section") or ""}
    if field in simple:
        return simple[field] or ""
    if field == "targets":
        return ", ".join(f.get("targets") or [f.get("module")])
    if field == "moduleKind":
        return target_kind(f.get("moduleKind"), loc)
    if field == "qualifiedName":
        return f"{f['enclosingType']}.{f['name']}" if f.get("enclosingType") else f["name"]
    if field == "summary":
        return doc.get("summary") or ""
    if field == "discussion":
        return doc.get("discussion") or ""
    if field == "description":
        return joined([doc.get("summary"), doc.get("discussion")], "\n\n")
    if field == "parameters":
        documented = doc.get("parameters") or []
        lines = []
        for p in f.get("parameters") or []:
            desc = next((d.get("description") for d in documented
                         if d.get("name") == p.get("name") or d.get("name") == p.get("label")), None)
            line = f"{p['name']}: {p['type']}"
            if p.get("defaultValue") is not None:
                line += f" = {p['defaultValue']}"
            if desc:
                line += f" — {desc}"
            lines.append(line)
        return "\n".join(lines)
    if field == "returns":
        rt = f.get("returnType")
        rt = None if rt in ("Void", "()") else rt
        return joined([rt, doc.get("returns")], " — ")
    if field == "throws":
        return doc.get("throws") or f.get("throws") or ""
    if field == "async":
        return "async" if f.get("isAsync") else ""
    if field == "attributes":
        return " ".join(f.get("attributes") or [])
    if field == "modifiers":
        return " ".join(f.get("modifiers") or [])
    if field == "requirement":
        return "requirement" if f.get("isRequirement") else ""
    if field == "callouts":
        return "\n".join(f"{c['kind'][:1].upper()}{c['kind'][1:].lower()}: {c['text']}"
                         for c in (doc.get("callouts") or []))
    if field == "documented":
        yes, no = WORDS["yes"][loc]
        return yes if is_meaningful(f.get("doc")) else no
    if field == "status":
        d = f.get("doc")
        state = 0 if not d else (1 if d.get("isPlaceholder") else (2 if is_meaningful(d) else 0))
        return WORDS["status"][loc][state]
    if field == "sourceURL":
        return ctx.source_url(f["file"], f["line"])
    if field in ("review", "blank"):
        return ""
    raise InputError(f"unknown function field '{field}'")


def type_value(field, t, number, functions, ctx, properties=()):
    doc = t.get("doc") or {}
    if field == "number":
        return number
    if field == "line":
        return t["line"]
    simple = {"name": t.get("name"), "kind": t.get("kind"), "module": t.get("module"), "file": t.get("file"),
              "access": t.get("accessLevel"), "effectiveAccess": t.get("effectiveAccess"),
              "genericWhere": t.get("genericWhere") or "", "condition": t.get("condition") or ""}
    if field in simple:
        return simple[field] or ""
    if field == "targets":
        return ", ".join(t.get("targets") or [t.get("module")])
    if field == "moduleKind":
        return target_kind(t.get("moduleKind"), ctx.locale)
    if field in ("inheritedTypes", "conformances", "unknownInheritedTypes"):
        return ", ".join(t.get(field) or [])
    if field == "superclass":
        return t.get("superclass") or ""
    if field == "properties":
        return len(properties)
    if field == "documentedProperties":
        return sum(1 for p in properties if is_meaningful(p.get("doc")))
    if field == "summary":
        return doc.get("summary") or ""
    if field == "description":
        return joined([doc.get("summary"), doc.get("discussion")], "\n\n")
    if field == "functions":
        return len(functions)
    if field == "documentedFunctions":
        return sum(1 for f in functions if is_meaningful(f.get("doc")))
    if field == "coverage":
        return None if not functions else sum(1 for f in functions if is_meaningful(f.get("doc"))) / len(functions)
    if field == "documented":
        yes, no = WORDS["yes"][ctx.locale]
        return yes if is_meaningful(t.get("doc")) else no
    if field == "sourceURL":
        return ctx.source_url(t["file"], t["line"])
    if field == "blank":
        return ""
    raise InputError(f"unknown type field '{field}'")


def parameter_value(field, p, number, f):
    """A field of a parameter row: parameter `number` of function `f` (p None: a function without parameters)."""
    if p is None:
        return ""
    if field == "number":
        return number
    if field == "label":
        return p.get("label") or "_"
    if field in ("name", "type"):
        return p.get(field) or ""
    if field == "defaultValue":
        return p.get("defaultValue") or ""
    if field == "description":
        documented = ((f.get("doc") or {}).get("parameters")) or []
        return next((d.get("description") for d in documented
                     if d.get("name") == p.get("name") or d.get("name") == p.get("label")), None) or ""
    raise InputError(f"unknown parameter field '{field}'")


def property_value(field, p, number, ctx):
    """A field of a property row."""
    doc = p.get("doc") or {}
    if field == "number":
        return number
    if field in ("line", "column"):
        return p[field]
    if field == "access":
        return p.get("accessLevel") or ""
    if field == "qualifiedName":
        return f"{p['enclosingType']}.{p['name']}" if p.get("enclosingType") else p["name"]
    if field == "summary":
        return doc.get("summary") or ""
    if field == "discussion":
        return doc.get("discussion") or ""
    if field == "description":
        return joined([doc.get("summary"), doc.get("discussion")], "\n\n")
    if field in ("attributes", "modifiers"):
        return " ".join(p.get(field) or [])
    if field == "targets":
        return ", ".join(p.get("targets") or [p.get("module")])
    if field == "moduleKind":
        return target_kind(p.get("moduleKind"), ctx.locale)
    if field == "requirement":
        return "requirement" if p.get("isRequirement") else ""
    if field == "documented":
        yes, no = WORDS["yes"][ctx.locale]
        return yes if is_meaningful(p.get("doc")) else no
    if field == "sourceURL":
        return ctx.source_url(p["file"], p["line"])
    if field in ("review", "blank"):
        return ""
    if field in p and not isinstance(p[field], (list, dict)):
        return "" if p[field] is None else p[field]
    raise InputError(f"unknown property field '{field}'")


def summary_value(field, row, ctx):
    if field in ("name", "module"):
        return row[field]
    if field == "moduleKind":
        return target_kind(row.get("moduleKind"), ctx.locale)
    if field in ("types", "functions", "documented"):
        return row[field]
    if field == "undocumented":
        return row["functions"] - row["documented"]
    if field == "coverage":
        return None if row["functions"] == 0 else row["documented"] / row["functions"]
    raise InputError(f"unknown module/file field '{field}'")


def natural_cmp(a, b):
    """Natural order of texts: runs of ASCII digits by their value (File2 < File10), everything else by code
    point; texts equal that way (T01, T1) fall back to plain code-point order."""
    i = j = 0
    while i < len(a) and j < len(b):
        if "0" <= a[i] <= "9" and "0" <= b[j] <= "9":
            ei, ej = i, j
            while ei < len(a) and "0" <= a[ei] <= "9":
                ei += 1
            while ej < len(b) and "0" <= b[ej] <= "9":
                ej += 1
            x, y = a[i:ei].lstrip("0"), b[j:ej].lstrip("0")
            if len(x) != len(y):
                return -1 if len(x) < len(y) else 1
            if x != y:
                return -1 if x < y else 1
            i, j = ei, ej
        else:
            if a[i] != b[j]:
                return -1 if a[i] < b[j] else 1
            i += 1
            j += 1
    ra, rb = len(a) - i, len(b) - j
    if ra != rb:
        return -1 if ra < rb else 1
    return (a > b) - (a < b)


class natural_key:
    """Sort key: numbers before text, numbers by value, text in natural order."""

    def __init__(self, value):
        self.number = value if isinstance(value, (int, float)) and not isinstance(value, bool) else None
        self.text = "" if value is None else (fmt_number(value) if self.number is not None else str(value))

    def _cmp(self, other):
        if self.number is not None and other.number is not None:
            return (self.number > other.number) - (self.number < other.number)
        if self.number is not None:
            return -1
        if other.number is not None:
            return 1
        return natural_cmp(self.text, other.text)

    def __lt__(self, other):
        return self._cmp(other) < 0

    def __eq__(self, other):
        return self._cmp(other) == 0


class Context:
    """What a run knows: the inventory, the locale, the global values (given, computed or learned)."""

    def __init__(self, inventory, locale, given, source_url):
        self.inventory = inventory
        self.locale = locale
        self.given = dict(given)
        self.learned = {}
        self.source_pattern = source_url
        self.functions = list(inventory.get("functions") or [])
        self.types = list(inventory.get("types") or [])
        self.properties = list(inventory.get("properties") or [])

    def source_url(self, file, line):
        if not self.source_pattern:
            return ""
        return self.source_pattern.replace("{file}", file).replace("{line}", str(line)).replace(
            "{commit}", (self.inventory.get("project") or {}).get("commit") or "")

    def apply_global_settings(self, settings):
        minimum = settings.get("min_access")
        if minimum:
            if minimum not in ACCESS:
                raise InputError(f"docsheet sheet: min_access '{minimum}' is not an access level")
            rank = ACCESS.index(minimum)
            self.functions = [f for f in self.functions if ACCESS.index(f["effectiveAccess"]) >= rank]
            self.types = [t for t in self.types if ACCESS.index(t["effectiveAccess"]) >= rank]
            self.properties = [p for p in self.properties if ACCESS.index(p["effectiveAccess"]) >= rank]
        if (settings.get("exclude_tests") or "").lower() == "true":
            tests = ("unitTests", "uiTests")
            self.functions = [f for f in self.functions if f.get("moduleKind") not in tests]
            self.types = [t for t in self.types if t.get("moduleKind") not in tests]
            self.properties = [p for p in self.properties if p.get("moduleKind") not in tests]

    def global_value(self, name, alone):
        """The value of a global placeholder: a number when `alone` allows one, text, or None (to be learned)."""
        if name in self.given:
            value = self.given[name]
            if alone and (name in NUMBER_GLOBALS or name == "coverage"):
                try:
                    return float(value)
                except ValueError:
                    pass
            return value
        project = self.inventory.get("project") or {}
        fns, types = self.functions, self.types
        documented = sum(1 for f in fns if is_meaningful(f.get("doc")))
        if name == "project":
            return project.get("name") or ""
        if name == "commit":
            return project.get("commit") or ""
        if name == "tool":
            tool = self.inventory.get("tool") or {}
            return f"{tool.get('name', 'docsheet')} {tool.get('version', '')}".strip()
        counts = {"functions": len(fns), "documented": documented, "undocumented": len(fns) - documented,
                  "types": len(types), "modules": len({r["module"] for r in fns + types}),
                  "files": len({r["file"] for r in fns + types})}
        if name in counts:
            return counts[name] if alone else str(counts[name])
        if name == "coverage":
            share = documented / len(fns) if fns else 1.0
            return share if alone else "%.1f%%" % (share * 100)
        if name in self.learned:
            return self.learned[name]
        return None


# ====================================================================================================================
# Colours and styles, normalised so that only what shows is compared
# ====================================================================================================================

class Theme:
    NAMES = ["lt1", "dk1", "lt2", "dk2", "accent1", "accent2", "accent3", "accent4", "accent5", "accent6",
             "hlink", "folHlink"]

    def __init__(self, path):
        self.colors = {}
        with zipfile.ZipFile(path) as z:
            names = sorted(n for n in z.namelist() if re.match(r"xl/theme/theme\d*\.xml$", n))
            if not names:
                return
            xml = z.read(names[0]).decode("utf-8")
        for tag in ("dk1", "lt1", "dk2", "lt2", "accent1", "accent2", "accent3", "accent4", "accent5", "accent6",
                    "hlink", "folHlink"):
            m = re.search(rf"<a:{tag}>(.*?)</a:{tag}>", xml, re.S)
            if not m:
                continue
            c = re.search(r'srgbClr val="([0-9A-Fa-f]{6})"', m.group(1)) or re.search(
                r'lastClr="([0-9A-Fa-f]{6})"', m.group(1))
            if c:
                self.colors[tag] = c.group(1).upper()

    def rgb(self, index):
        if index is None or index >= len(self.NAMES):
            return None
        return self.colors.get(self.NAMES[index])


def apply_tint(hex6, tint):
    if not tint:
        return hex6
    r, g, b = (int(hex6[i:i + 2], 16) / 255.0 for i in (0, 2, 4))
    h, l, s = colorsys.rgb_to_hls(r, g, b)
    l = l * (1 + tint) if tint < 0 else l * (1 - tint) + tint
    r, g, b = colorsys.hls_to_rgb(h, l, s)
    return "%02X%02X%02X" % tuple(int(round(x * 255)) for x in (r, g, b))


class Col:
    """A resolved colour: 'RRGGBB', or None for automatic. `approx` when it came from a theme tint."""

    def __init__(self, rgb, approx=False):
        self.rgb, self.approx = rgb, approx

    def __eq__(self, other):
        if not isinstance(other, Col):
            return NotImplemented
        if self.rgb is None or other.rgb is None:
            return self.rgb == other.rgb
        if self.approx or other.approx:
            return all(abs(int(self.rgb[i:i + 2], 16) - int(other.rgb[i:i + 2], 16)) <= 1 for i in (0, 2, 4))
        return self.rgb == other.rgb

    def __repr__(self):
        return "#" + self.rgb if self.rgb else "auto"


def resolve(color, theme, default=None):
    """openpyxl Color -> Col. `default` is what an absent/automatic colour shows as (e.g. '000000' for text)."""
    if color is None:
        return Col(default)
    ctype = getattr(color, "type", None)
    try:
        if ctype == "rgb" and isinstance(color.rgb, str):
            value = color.rgb.upper()
            return Col(value[-6:] if len(value) >= 6 else default)
        if ctype == "indexed":
            idx = color.indexed
            if idx is not None and idx < len(COLOR_INDEX) and idx < 64:
                return Col(COLOR_INDEX[idx][-6:].upper())
            return Col(default)
        if ctype == "theme":
            base = theme.rgb(color.theme)
            if base is None:
                return Col(default)
            return Col(apply_tint(base, color.tint or 0), approx=bool(color.tint))
    except (TypeError, ValueError):
        pass
    return Col(default)


def font_props(font, theme):
    return OrderedDict([
        ("font.name", font.name),
        ("font.size", float(font.sz) if font.sz is not None else 11.0),
        ("font.bold", bool(font.b)),
        ("font.italic", bool(font.i)),
        ("font.underline", font.u or "none"),
        ("font.strike", bool(font.strike)),
        ("font.color", resolve(font.color, theme, "000000")),
        ("font.vertAlign", font.vertAlign or "baseline"),
    ])


def fill_props(fill, theme):
    if fill is None:
        return {"fill.pattern": "none"}
    if getattr(fill, "tagname", "") == "gradientFill":
        return {"fill.pattern": "gradient:" + str(fill.type), "fill.degree": fill.degree,
                "fill.stops": tuple((s.position, repr(resolve(s.color, theme))) for s in fill.stop)}
    pattern = fill.patternType or "none"
    if pattern == "none":
        return {"fill.pattern": "none"}
    props = {"fill.pattern": pattern, "fill.fgColor": resolve(fill.fgColor, theme, "000000")}
    if pattern != "solid":
        props["fill.bgColor"] = resolve(fill.bgColor, theme, "FFFFFF")
    return props


def border_props(border, theme):
    props = OrderedDict()
    for name in ("left", "right", "top", "bottom", "diagonal"):
        s = getattr(border, name, None)
        style = (s.style if s is not None else None) or "none"
        props[f"border.{name}.style"] = style
        if style != "none":
            props[f"border.{name}.color"] = resolve(s.color, theme, "000000")
    if props["border.diagonal.style"] != "none":
        props["border.diagonal.up"] = bool(border.diagonalUp)
        props["border.diagonal.down"] = bool(border.diagonalDown)
    return props


def alignment_props(al):
    return OrderedDict([
        ("alignment.horizontal", al.horizontal or "general"),
        ("alignment.vertical", al.vertical or "bottom"),
        ("alignment.wrap", bool(al.wrap_text)),
        ("alignment.indent", int(al.indent or 0)),
        ("alignment.rotation", int(al.text_rotation or 0)),
        ("alignment.shrink", bool(al.shrink_to_fit)),
    ])


_MERGE_STYLES = weakref.WeakKeyDictionary()


def _merged_cell(ws, coord):
    """The cell of `ws` at `coord` (row, column) with a style of its own, made a MergedCell when the sheet has none
    there, as openpyxl's `MergedCellRange.format` makes it."""
    cell = ws._cells.get(coord)
    if cell is None:
        cell = MergedCell(ws, row=coord[0], column=coord[1])
        ws._cells[coord] = cell
    if not cell._style:
        cell._style = StyleArray()
    return cell


def _format_merged_range(self):
    """openpyxl 3.1's MergedCellRange.format, with the style ids it works out remembered per workbook: the edge cells
    of a merge get the start cell's border side added, and every cell the start cell's protection. Adding a border
    hashes styles into the workbook's style lists, which was most of the time spent loading a form of many merges; the
    same (start border, side, cell border) always gives the same style id, so it is worked out once."""
    known = _MERGE_STYLES.setdefault(self.ws.parent, {})
    for name in ("top", "left", "right", "bottom"):
        side = getattr(self.start_cell.border, name)
        if side and side.style is None:
            continue
        border = None
        for coord in getattr(self, name):
            cell = _merged_cell(self.ws, coord)
            key = ("border", self.start_cell._style.borderId, name, cell._style.borderId)
            if key in known:
                cell._style.borderId = known[key]
                continue
            if border is None:
                border = Border(**{name: side})
            cell.border += border
            known[key] = cell._style.borderId
    if self.start_cell.protection is not None:
        protection = copy.copy(self.start_cell.protection)
        key = ("protection", self.start_cell._style.protectionId)
        for coord in self.cells:
            cell = _merged_cell(self.ws, coord)
            if key in known:
                cell._style.protectionId = known[key]
            else:
                cell.protection = protection
                known[key] = cell._style.protectionId

if openpyxl.__version__.startswith("3.1."):
    # The same cells and styles as openpyxl's own format (checked on every fixture form and a filled 方眼紙 form of 52
    # sheets, cell by cell), a third of the time to load a form of many merges.
    MergedCellRange.format = _format_merged_range


_STYLE_PROPS = weakref.WeakKeyDictionary()


def style_props(cell, theme):
    """The shown style of `cell`, as comparable properties. Cells with the same style ids in one workbook show the same
    style, so it is worked out once per workbook and style ids (the callers do not change the result)."""
    style = getattr(cell, "_style", None)
    workbook = getattr(getattr(cell, "parent", None), "parent", None)
    if style is None or workbook is None:
        return _style_props(cell, theme)
    known = _STYLE_PROPS.setdefault(workbook, {})
    key = (tuple(style), id(theme))
    if key not in known:
        known[key] = _style_props(cell, theme)
    return known[key]


def _style_props(cell, theme):
    props = OrderedDict()
    props["numberFormat"] = cell.number_format or "General"
    props.update(font_props(cell.font, theme))
    props.update(fill_props(cell.fill, theme))
    props.update(border_props(cell.border, theme))
    props.update(alignment_props(cell.alignment))
    props["protection.locked"] = cell.protection.locked is not False
    props["protection.hidden"] = bool(cell.protection.hidden)
    return props


# ====================================================================================================================
# References and row mapping
# ====================================================================================================================

REF = re.compile(r"(?<![A-Za-z0-9_.!])(\$?)([A-Z]{1,3})(\$?)(\d+)(?::(\$?)([A-Z]{1,3})(\$?)(\d+))?(?![A-Za-z0-9_(])")
QUOTED_OR_STRING = re.compile(r"(\"[^\"]*\"|'[^']*'![^ ,;)]*|[A-Za-z0-9_.]+![^ ,;)]*)")


class _EmptyRowValues(dict):
    """The values of a row template with nothing to list: every marker of the row is empty."""

    def __contains__(self, scope):
        return True

    def __bool__(self):
        return True

    def __getitem__(self, scope):
        return lambda field: ""


EMPTY_ROW_VALUES = _EmptyRowValues()


class RowMap:
    """Where each template row lands in the rendered sheet. Blocks are row templates (with their group row):
    `first`..`last` template rows written as `count` rows."""

    def __init__(self, blocks):
        self.blocks = sorted(blocks, key=lambda b: b["first"])  # each: first, last, count

    def _shift_before(self, row):
        return sum(b["count"] - (b["last"] - b["first"] + 1) for b in self.blocks if b["last"] < row)

    def block_of(self, row):
        return next((b for b in self.blocks if b["first"] <= row <= b["last"]), None)

    def block_start(self, b):
        return b["first"] + self._shift_before(b["first"])

    def start(self, row):
        b = self.block_of(row)
        if b:
            # a row of a block of several template rows starts at its first copy
            return self.block_start(b) + (b.get("spans", {}).get(row, (0, 0))[0])
        return row + self._shift_before(row)

    def end(self, row):
        b = self.block_of(row)
        if b:
            return self.block_start(b) + (b.get("spans", {}).get(row, (0, b["count"] - 1))[1])
        return row + self._shift_before(row)

    def static(self, row):
        return row + self._shift_before(row)

    def range(self, r1, r2):
        """(r1, r2) of a range after the fill, or None when it vanished."""
        a, b = self.start(r1), self.end(r2)
        return (a, b) if b >= a else None


def map_ref_text(ref, rowmap):
    """'A5:K5' or 'A5' -> mapped text, or None when the range vanished."""
    m = re.fullmatch(r"(\$?)([A-Z]{1,3})(\$?)(\d+)(?::(\$?)([A-Z]{1,3})(\$?)(\d+))?", ref.strip())
    if not m:
        m2 = re.fullmatch(r"(\$?)(\d+):(\$?)(\d+)", ref.strip())  # whole rows
        if m2:
            r = rowmap.range(int(m2.group(2)), int(m2.group(4)))
            return None if r is None else f"{m2.group(1)}{r[0]}:{m2.group(3)}{r[1]}"
        return ref
    d1, c1, d2, r1, d3, c2, d4, r2 = m.groups()
    if c2 is None:
        return f"{d1}{c1}{d2}{rowmap.start(int(r1))}"
    r = rowmap.range(int(r1), int(r2))
    if r is None:
        return None
    return f"{d1}{c1}{d2}{r[0]}:{d3}{c2}{d4}{r[1]}"


def shift_formula(formula, rowmap, same_row_offset=None, template_row=None, other_maps=None):
    """Moves a formula's references as Excel's 'insert rows' does. In a written copy of a template row
    (`same_row_offset` = index of the copy), relative references to rows of that template row follow the copy."""
    out, pos = [], 0
    for m in QUOTED_OR_STRING.finditer(formula):
        out.append(_shift_refs(formula[pos:m.start()], rowmap, same_row_offset, template_row))
        token = m.group(0)
        if "!" in token and not token.startswith('"'):
            sheet, _, ref = token.rpartition("!")
            key = sheet.strip("'")
            if other_maps and key in other_maps:
                token = sheet + "!" + _shift_refs(ref, other_maps[key], None, None)
        out.append(token)
        pos = m.end()
    out.append(_shift_refs(formula[pos:], rowmap, same_row_offset, template_row))
    return "".join(out)


def _shift_refs(text, rowmap, offset, template_row):
    def one(dollar_row, row, is_end):
        row = int(row)
        if offset is not None and not dollar_row and row == template_row:
            return rowmap.block_start(rowmap.block_of(row)) + offset
        return rowmap.end(row) if is_end else rowmap.start(row)

    def repl(m):
        d1, c1, d2, r1, d3, c2, d4, r2 = m.groups()
        if c2 is None:
            return f"{d1}{c1}{d2}{one(d2, r1, False)}"
        return f"{d1}{c1}{d2}{one(d2, r1, False)}:{d3}{c2}{d4}{one(d4, r2, True)}"
    return REF.sub(repl, text)


def expand_sqref(sqref):
    cells = set()
    for part in str(sqref).split():
        m = re.fullmatch(r"([A-Z]{1,3})(\d+)(?::([A-Z]{1,3})(\d+))?", part.replace("$", ""))
        if not m:
            continue
        c1, r1 = column_index_from_string(m.group(1)), int(m.group(2))
        c2, r2 = (column_index_from_string(m.group(3)), int(m.group(4))) if m.group(3) else (c1, r1)
        for r in range(r1, r2 + 1):
            for c in range(c1, c2 + 1):
                cells.add((r, c))
    return frozenset(cells)


def map_cells(cells, rowmap):
    """A set of template cells -> the set the fill must cover (template-row cells cover every written row)."""
    out = set()
    for r, c in cells:
        b = rowmap.block_of(r)
        if b and r in b.get("spans", {}) and b["rows"] and b["rows"][0][1] is not EMPTY_ROW_VALUES:
            # a row of a block of several template rows: the rows written from it
            start = rowmap.block_start(b)
            out.update((start + i, c) for i, (tr, _) in enumerate(b["rows"]) if tr == r)
        elif b:
            for rr in range(rowmap.start(r), rowmap.end(r) + 1):
                out.add((rr, c))
        else:
            out.add((rowmap.static(r), c))
    return frozenset(out)


def cells_text(cells):
    if not cells:
        return "(none)"
    rows = sorted(cells)
    # compact: per column, row runs
    by_col = {}
    for r, c in rows:
        by_col.setdefault(c, []).append(r)
    parts = []
    for c in sorted(by_col):
        rs = sorted(by_col[c])
        start = prev = rs[0]
        for r in rs[1:] + [None]:
            if r is not None and r == prev + 1:
                prev = r
                continue
            col = get_column_letter(c)
            parts.append(f"{col}{start}" if start == prev else f"{col}{start}:{col}{prev}")
            if r is not None:
                start = prev = r
    return " ".join(parts)


# ====================================================================================================================
# Template analysis
# ====================================================================================================================

def markers_in(value):
    if not isinstance(value, str):
        return []
    return MARKER.findall(value)


def sheet_template_kind(name):
    for scope, field in MARKER.findall(name):
        if scope == "type" and field == "name":
            return "type"
        if scope == "module" and not field:
            return "module"
        if scope == "file" and not field:
            return "file"
    return None


def read_settings(wb):
    """The `docsheet` sheet: [(key, value, sheet or None)]."""
    ws = next((s for s in wb.worksheets if s.title.lower() == "docsheet"), None)
    if ws is None:
        return []
    rows = []
    for i, row in enumerate(ws.iter_rows(values_only=True)):
        key = row[0] if len(row) > 0 else None
        value = row[1] if len(row) > 1 else None
        sheet = row[2] if len(row) > 2 else None
        if key is None:
            continue
        key, value = str(key).strip(), "" if value is None else str(value).strip()
        if i == 0 and key.lower() == "setting" and value.lower() == "value":
            continue
        rows.append((key, value, str(sheet).strip() if sheet else None))
    return rows


def settings_for(all_settings, sheet_name):
    out = {}
    for key, value, sheet in all_settings:
        if sheet is None:
            out[key] = value
    for key, value, sheet in all_settings:
        if sheet is not None and sheet == sheet_name:
            out[key] = value
    return out


def split_list(text):
    return [p.strip() for p in (text or "").split(",") if p.strip()]


def filter_functions(functions, settings):
    out = functions
    minimum = settings.get("min_access")
    if minimum:
        rank = ACCESS.index(minimum)
        out = [f for f in out if ACCESS.index(f["effectiveAccess"]) >= rank]
    kinds = split_list(settings.get("kinds"))
    if kinds:
        out = [f for f in out if f["kind"] in kinds]
    documentation = (settings.get("documentation") or "all").lower()
    if documentation == "documented":
        out = [f for f in out if is_meaningful(f.get("doc"))]
    elif documentation == "undocumented":
        out = [f for f in out if not is_meaningful(f.get("doc"))]
    return out


def group_key(f, level, ctx):
    if level == "module":
        return f["module"]
    if level == "file":
        return f["file"]
    if level == "type":
        return f.get("enclosingType") or WORDS["free"][ctx.locale]
    raise InputError(f"docsheet sheet: unknown group level '{level}'")


def sort_functions(functions, settings, ctx):
    keys = split_list(settings.get("group")) + split_list(settings.get("sort"))
    if not keys:
        return list(functions)
    indexed = list(enumerate(functions))
    # descending keys: sort stably key by key from the last one
    for k in reversed(keys):
        bare = k.lstrip("-")
        indexed.sort(key=lambda item, b=bare, k=k: natural_key(
            (item[1].get("enclosingType") or "" if b == "type" else group_key(item[1], b, ctx))
            if (b in ("module", "file", "type") and k in split_list(settings.get("group")))
            else function_value(b, item[1], 0, ctx)), reverse=k.startswith("-"))
    return [f for _, f in indexed]


def filter_properties(properties, settings):
    """The property rows a sheet lists: its min_access, its property kinds (other kinds choose functions), its
    documentation setting."""
    out = properties
    minimum = settings.get("min_access")
    if minimum:
        rank = ACCESS.index(minimum)
        out = [p for p in out if ACCESS.index(p["effectiveAccess"]) >= rank]
    kinds = [k for k in split_list(settings.get("kinds")) if k in ("property", "typeProperty", "enumCase")]
    if kinds:
        out = [p for p in out if p["kind"] in kinds]
    documentation = (settings.get("documentation") or "all").lower()
    if documentation == "documented":
        out = [p for p in out if is_meaningful(p.get("doc"))]
    elif documentation == "undocumented":
        out = [p for p in out if not is_meaningful(p.get("doc"))]
    return out


def sort_properties(properties, settings, ctx):
    keys = [(k, True) for k in split_list(settings.get("group"))] + [(k, False) for k in split_list(settings.get("sort"))]
    indexed = list(properties)
    for k, is_group in reversed(keys):
        bare = k.lstrip("-")
        if is_group or bare in ("module", "file", "enclosingType"):
            level = {"enclosingType": "type"}.get(bare, bare)
            key = (lambda p, l=level: p["module"] if l == "module" else p["file"] if l == "file"
                   else (p["module"] + "\x01" + p["enclosingType"] if p.get("enclosingType") else ""))
        else:
            try:
                property_value(bare, properties[0], 0, ctx) if properties else None
            except InputError:
                continue  # a function or type field: it orders the functions or types only
            key = (lambda p, b=bare: property_value(b, p, 0, ctx))
        indexed.sort(key=lambda p, key=key: natural_key(key(p)), reverse=k.startswith("-"))
    return indexed


def owners(ctx, records_key="functions"):
    """Each function (or property) belongs to the nearest declaration of its type (or extension) above it in the same
    file."""
    decls = {}
    for t in ctx.inventory.get("types") or []:
        decls.setdefault((t["module"], t["file"], t["name"]), []).append(t)
    by_type = {}
    for f in ctx.inventory.get(records_key) or []:
        if not f.get("enclosingType"):
            continue
        cands = [t for t in decls.get((f["module"], f["file"], f["enclosingType"]), []) if t["line"] <= f["line"]]
        if cands:
            owner = max(cands, key=lambda t: t["line"])
            by_type.setdefault(id(owner), []).append(f)
    return by_type


EXCEL_BAD = re.compile(r"[\[\]:*?/\\]")


def unique_sheet_names(names, reserved):
    taken = {n.lower() for n in reserved}
    out = []
    for name in names:
        name = EXCEL_BAD.sub("_", name).strip("'") or "_"
        base = name[:31]
        candidate, n = base, 1
        while candidate.lower() in taken:
            n += 1
            suffix = f" ({n})"
            candidate = name[:31 - len(suffix)] + suffix
        taken.add(candidate.lower())
        out.append(candidate)
    return out


# ====================================================================================================================
# Marker expansion against a rendered value
# ====================================================================================================================

class Expect:
    """An expected cell value: a literal (text or number) or a pattern with learnable globals."""

    def __init__(self, kind, value, unknown=()):
        self.kind, self.value, self.unknown = kind, value, unknown

    def __repr__(self):
        if self.kind == "number":
            return repr(self.value)
        if self.kind == "pattern":
            return repr(self.value[0])
        return repr(self.value)


def expand_text(text, ctx, record_value):
    """record_value(scope, field) -> value or raises KeyError for a marker that isn't a record marker here.
    Returns Expect."""
    found = MARKER.findall(text)
    stripped = text.strip()
    only = MARKER.fullmatch(stripped)
    if only:
        scope, field = only.group(1), only.group(2)
        if field:
            v = record_value(scope, field)
            if isinstance(v, (int, float)) and not isinstance(v, bool) and field in NUMERIC_FIELDS:
                return Expect("number", v)
            if v is None:
                return Expect("text", "")
            return Expect("text", str(v) if not isinstance(v, float) else fmt_number(v))
        if scope in NUMBER_GLOBALS or scope == "coverage":
            v = ctx.global_value(scope, True)
            if isinstance(v, (int, float)):
                return Expect("number", v)
    if not found:
        return Expect("text", text)
    # general case: a pattern
    parts, display, unknown = [], [], []
    pos = 0
    for m in MARKER.finditer(text):
        lit = text[pos:m.start()]
        parts.append(re.escape(lit))
        display.append(lit)
        scope, field = m.group(1), m.group(2)
        if field:
            v = record_value(scope, field)
            v = "" if v is None else (fmt_number(v) if isinstance(v, float) else str(v))
            parts.append(re.escape(v))
            display.append(v)
        elif scope in GLOBALS:
            v = ctx.global_value(scope, False)
            if v is None:
                if scope in unknown:
                    parts.append(f"(?P={scope})")
                else:
                    parts.append(f"(?P<{scope}>\\d{{4}}-\\d{{2}}-\\d{{2}})" if scope == "date" else f"(?P<{scope}>.*?)")
                    unknown.append(scope)
                display.append("{{" + scope + "}}")
            else:
                parts.append(re.escape(str(v)))
                display.append(str(v))
        else:
            v = record_value(scope, None)
            v = "" if v is None else str(v)
            parts.append(re.escape(v))
            display.append(v)
        pos = m.end()
    parts.append(re.escape(text[pos:]))
    display.append(text[pos:])
    if not unknown:
        return Expect("text", "".join(display))
    return Expect("pattern", ("".join(display), "^" + "".join(parts) + "$"), tuple(unknown))


def fmt_number(v):
    return str(int(v)) if float(v) == int(v) and abs(v) < 1e15 else repr(v)


def value_matches(expect, got, ctx):
    if expect.kind == "number":
        if isinstance(got, bool) or not isinstance(got, (int, float)):
            return False
        return abs(float(got) - float(expect.value)) <= 1e-9 * max(1.0, abs(float(expect.value)))
    if expect.kind == "text":
        if expect.value == "" and got in (None, ""):
            return True
        if isinstance(expect.value, str) and expect.value.startswith("="):
            return isinstance(got, str) and got.replace(" ", "") == expect.value.replace(" ", "")
        return isinstance(got, str) and got == expect.value
    display, pattern = expect.value
    if not isinstance(got, str):
        return False
    m = re.match(pattern, got, re.S)
    if not m:
        return False
    for name in expect.unknown:
        ctx.learned[name] = m.group(name)
    return True


def template_value(cell):
    v = cell.value
    if v is None:
        return None
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return v
    if hasattr(v, "text") and not isinstance(v, str):  # ArrayFormula / DataTableFormula
        return "=" + str(getattr(v, "text", ""))
    return v


# ====================================================================================================================
# The referee
# ====================================================================================================================

class Report:
    def __init__(self):
        self.sheets = OrderedDict()
        self.workbook_diffs = []
        self.workbook_props = 0

    def sheet(self, name):
        return self.sheets.setdefault(name, {"cells": 0, "props": 0, "diffs": []})

    def diff(self, sheet, where, prop, expected, got):
        entry = (where, prop, expected, got)
        if sheet is None:
            self.workbook_diffs.append(entry)
        else:
            self.sheet(sheet)["diffs"].append(entry)

    def total(self):
        return len(self.workbook_diffs) + sum(len(s["diffs"]) for s in self.sheets.values())

    def print(self, out=sys.stdout, limit=None):
        for name, s in self.sheets.items():
            print(f"{name}: checked {s['cells']} cells, {s['props']} properties, {len(s['diffs'])} differences",
                  file=out)
        print(f"(workbook): checked {self.workbook_props} properties, {len(self.workbook_diffs)} differences", file=out)
        shown = 0
        for name, s in list(self.sheets.items()) + [(None, {"diffs": self.workbook_diffs})]:
            for where, prop, expected, got in s["diffs"]:
                if limit is not None and shown >= limit:
                    continue
                loc = f"{name}!{where}" if name is not None and where else (name or where or "(workbook)")
                print(f"  {loc}  {prop}  expected {fmt(expected)}  got {fmt(got)}", file=out)
                shown += 1
        total = self.total()
        if limit is not None and total > limit:
            print(f"  … {total - limit} more differences", file=out)
        print(f"{'PASS' if total == 0 else 'FAIL'}: {total} differences", file=out)


def fmt(v):
    s = repr(v)
    return s if len(s) <= 120 else s[:117] + "…"


class Referee:
    def __init__(self, template_path, rendered_path, inventory, locale="en", given=None, source_url=None,
                 type_sheets="records"):
        self.tpath, self.rpath = template_path, rendered_path
        for p in (template_path, rendered_path):
            if not zipfile.is_zipfile(p):
                raise InputError(f"{p}: not an .xlsx (zip) file")
        self.twb = openpyxl.load_workbook(template_path)
        self.rwb = openpyxl.load_workbook(rendered_path)
        # The cells the template's files hold (openpyxl adds a cell to _cells whenever one is looked at).
        self.template_cells = {ws.title: set(ws._cells) for ws in self.twb.worksheets}
        self.ttheme, self.rtheme = Theme(template_path), Theme(rendered_path)
        self.ctx = Context(inventory, locale, given or {}, source_url)
        self.type_sheets = type_sheets
        self.report = Report()
        self.settings = read_settings(self.twb)
        self.ctx.apply_global_settings(settings_for(self.settings, None))
        self.rowmaps = {}

    # ------------------------------------------------------------------------------------------------ plan
    def plan_sheets(self):
        """[(template sheet, rendered name, scope record or None)] in the order the rendered workbook must have."""
        plan = []
        fixed = [ws.title for ws in self.twb.worksheets
                 if ws.title.lower() != "docsheet" and not sheet_template_kind(ws.title)]
        reserved = [self.expand_plain(n) for n in fixed]
        for ws in self.twb.worksheets:
            if ws.title.lower() == "docsheet":
                continue
            kind = sheet_template_kind(ws.title)
            if kind is None:
                plan.append((ws, self.expand_plain(ws.title), None))
                continue
            scopes = self.sheet_scopes(kind, ws.title)
            names = []
            for scope in scopes:
                names.append(MARKER.sub(lambda m: self.sheet_name_value(m, scope), ws.title))
            for name, scope in zip(unique_sheet_names(names, reserved), scopes):
                plan.append((ws, name, scope))
                reserved.append(name)
        return plan

    def sheet_name_value(self, m, scope):
        s, f = m.group(1), m.group(2)
        if scope["kind"] == "type" and s == "type" and f:
            v = type_value(f, scope["type"], scope["number"], scope["functions"], self.ctx, scope.get("properties", ()))
            return fmt_number(v) if isinstance(v, (int, float)) else str(v)
        if scope["kind"] in ("module", "file") and s == scope["kind"] and not f:
            return scope["name"]
        v = self.ctx.global_value(s, False)
        return "" if v is None else str(v)

    def expand_plain(self, text):
        def repl(m):
            v = self.ctx.global_value(m.group(1), False) if not m.group(2) else None
            return m.group(0) if v is None else str(v)
        return MARKER.sub(repl, text)

    def sheet_scopes(self, kind, sheet_name):
        settings = settings_for(self.settings, sheet_name)
        if kind == "type":
            by_owner = owners(self.ctx)
            types = self.ctx.types
            if settings.get("min_access") and settings.get("min_access") in ACCESS:
                rank = ACCESS.index(settings["min_access"])
                types = [t for t in types if ACCESS.index(t["effectiveAccess"]) >= rank]
            scopes = []
            if self.type_sheets == "names":
                seen = OrderedDict()
                for t in types:
                    seen.setdefault((t["module"], t["name"]), t)
                for (module, name), t in seen.items():
                    fns = [f for f in self.ctx.functions if f["module"] == module and f.get("enclosingType") == name]
                    scopes.append({"kind": "type", "type": t, "functions": fns})
            else:
                allowed = {id(f) for f in self.ctx.functions}
                allowed_properties = {id(p) for p in self.ctx.properties}
                property_owner = owners(self.ctx, "properties")
                for t in types:
                    fns = [f for f in by_owner.get(id(t), []) if id(f) in allowed]
                    props = [p for p in property_owner.get(id(t), []) if id(p) in allowed_properties]
                    scopes.append({"kind": "type", "type": t, "functions": fns, "properties": props})
            for i, s in enumerate(scopes, start=1):
                s["number"] = i
            return scopes
        key = "module" if kind == "module" else "file"
        names = sorted({f[key] for f in self.ctx.functions}, key=natural_key)
        return [{"kind": kind, "name": n, "functions": [f for f in self.ctx.functions if f[key] == n], "number": i}
                for i, n in enumerate(names, start=1)]

    # ------------------------------------------------------------------------------------------------ rows
    def row_templates(self, ws, scope):
        """{row: scope} for the template rows of a sheet."""
        rows = {}
        for row in ws.iter_rows():
            for cell in row:
                for s, f in markers_in(cell.value):
                    if not f or s not in ROW_SCOPES:
                        continue
                    if scope and scope["kind"] == "type" and s == "type":
                        continue
                    rows.setdefault(cell.row, set()).add(s)
        out = {}
        for r, scopes in rows.items():
            if len(scopes - {"group"}) > 1:
                raise InputError(f"{self.tpath}: sheet {ws.title} row {r}: row templates of different scopes "
                                 f"({', '.join(sorted(scopes))})")
            out[r] = (scopes - {"group"}).pop() if scopes - {"group"} else "group"
        return out

    @staticmethod
    def template_blocks(templates):
        """Consecutive template rows of one scope form a block written once per item; {{parameter.*}} rows join the
        {{function.*}} rows around them (each run of them nested: once per parameter); history and group rows stay
        alone. Each: {first, last, kind, nested: [[first, last]]}."""
        blocks = []
        for r in sorted(templates):
            kind = templates[r]
            last = blocks[-1] if blocks else None
            if (kind not in ("history", "group") and last and last["last"] == r - 1
                    and last["kind"] not in ("history", "group")
                    and (last["kind"] == kind or {last["kind"], kind} <= {"function", "parameter"})):
                last["last"] = r
                if "function" in (last["kind"], kind):
                    last["kind"] = "function"
            else:
                blocks.append({"first": r, "last": r, "kind": kind, "nested": []})
            if kind == "parameter":
                b = blocks[-1]
                if b["nested"] and b["nested"][-1][1] == r - 1:
                    b["nested"][-1][1] = r
                else:
                    b["nested"].append([r, r])
        return blocks

    def copy_block(self, block, values, f, seq, copies):
        """Appends one copy of `block` to seq: each template row once, each parameter run once per parameter of `f`
        (once, emptied, without parameters); records its multi-row merges in `copies` as (index in seq, merge, rows)."""
        first_w, last_w = {}, {}
        r = block["first"]
        while r <= block["last"]:
            run = next((n for n in block["nested"] if n[0] <= r <= n[1]), None)
            if run is None:
                first_w[r] = last_w[r] = len(seq)
                seq.append((r, values))
                r += 1
                continue
            params = (f.get("parameters") or []) if f else []
            for i, p in enumerate(params or [None], start=1):
                start = len(seq)
                for tr in range(run[0], run[1] + 1):
                    first_w.setdefault(tr, len(seq))
                    last_w[tr] = len(seq)
                    seq.append((tr, {"parameter": lambda field, p=p, i=i: parameter_value(field, p, i, f)}))
                for m in block["merges"]:
                    if run[0] <= m.min_row and m.max_row <= run[1]:
                        copies.append((start + m.min_row - run[0], m, m.max_row - m.min_row + 1))
            r = run[1] + 1
        for m in block["merges"]:
            if not any(n[0] <= m.min_row and m.max_row <= n[1] for n in block["nested"]):
                copies.append((first_w[m.min_row], m, last_w[m.max_row] - first_w[m.min_row] + 1))

    def written_rows(self, ws, scope, templates, sheet_settings):
        """Blocks: [{first, last, count, rows: [(template row, values function)], merges: [(index, merge, rows)]}]."""
        blocks = []
        ctx = self.ctx
        group_levels = split_list(sheet_settings.get("group"))
        for block in self.template_blocks(templates):
            kind = block["kind"]
            r = block["first"]
            if kind == "group":
                continue  # written with the function block below it
            block["merges"] = [m for m in ws.merged_cells.ranges
                               if m.max_row > m.min_row and block["first"] <= m.min_row and m.max_row <= block["last"]]
            seq, merges = [], []
            first = r
            if kind == "function":
                if scope and scope["kind"] in ("type", "module", "file"):
                    fns = scope["functions"]
                else:
                    fns = ctx.functions
                fns = sort_functions(filter_functions(fns, sheet_settings), sheet_settings, ctx)
                has_group = templates.get(r - 1) == "group"
                if has_group:
                    first = r - 1
                current = [None] * len(group_levels)
                for n, f in enumerate(fns, start=1):
                    if has_group and group_levels:
                        for lvl, level in enumerate(group_levels):
                            k = group_key(f, level, ctx)
                            if k != current[lvl]:
                                current[lvl] = k
                                for deeper in range(lvl + 1, len(current)):
                                    current[deeper] = None
                                seq.append((r - 1, self.group_values(k, lvl + 1)))
                    self.copy_block(block, self.function_values(f, n, scope), f, seq, merges)
            elif kind == "type":
                types = ctx.types
                by_owner = owners(ctx)
                allowed = {id(f) for f in ctx.functions}
                for n, t in enumerate(types, start=1):
                    fns = [f for f in by_owner.get(id(t), []) if id(f) in allowed]
                    self.copy_block(block, self.type_values(t, n, fns), None, seq, merges)
            elif kind == "property":
                if scope and scope["kind"] == "type":
                    props = scope["properties"]
                elif scope and scope["kind"] in ("module", "file"):
                    props = [p for p in ctx.properties if p[scope["kind"]] == scope["name"]]
                else:
                    props = ctx.properties
                props = sort_properties(filter_properties(props, sheet_settings), sheet_settings, ctx)
                for n, p in enumerate(props, start=1):
                    self.copy_block(block, {"property": lambda field, p=p, n=n: property_value(field, p, n, ctx)},
                                    None, seq, merges)
            elif kind in ("module", "file"):
                for n, row in enumerate(self.summary_rows(kind), start=1):
                    self.copy_block(block, self.summary_values(row), None, seq, merges)
            elif kind == "history":
                seq.append((r, self.history_values(ws, r)))
            if not seq:
                # Nothing to list: the block's rows stay, their marker cells emptied, their merges where they were.
                seq = [(tr, EMPTY_ROW_VALUES) for tr in range(first, block["last"] + 1)]
                merges = [(m.min_row - first, m, m.max_row - m.min_row + 1) for m in block["merges"]]
            spans = {}
            if block["first"] != block["last"]:
                # each row of a block of several template rows spans from its first copy to its last
                for i, (tr, _) in enumerate(seq):
                    if block["first"] <= tr <= block["last"]:
                        spans[tr] = (spans.get(tr, (i, i))[0], i)
            blocks.append({"first": first, "last": block["last"], "count": len(seq), "rows": seq, "kind": kind,
                           "merges": merges, "spans": spans})
        return blocks

    def summary_rows(self, kind):
        key = "module" if kind == "module" else "file"
        rows = OrderedDict()
        kinds = {m["name"]: m.get("kind") for m in self.ctx.inventory.get("modules") or []}
        for name in sorted({r[key] for r in self.ctx.functions + self.ctx.types}, key=natural_key):
            fns = [f for f in self.ctx.functions if f[key] == name]
            types = [t for t in self.ctx.types if t[key] == name]
            module = name if key == "module" else (fns or types)[0]["module"]
            rows[name] = {"name": name, "module": module, "moduleKind": kinds.get(module) or (fns or types)[0].get("moduleKind"),
                          "types": len(types), "functions": len(fns),
                          "documented": sum(1 for f in fns if is_meaningful(f.get("doc")))}
        return list(rows.values())

    def record_lookup(self, mapping, scope_record):
        def value(scope, field):
            if scope in mapping and field is not None:
                return mapping[scope](field)
            if scope_record is not None:
                if scope_record["kind"] == "type" and scope == "type" and field:
                    return type_value(field, scope_record["type"], scope_record["number"], scope_record["functions"],
                                      self.ctx, scope_record.get("properties", ()))
                if scope_record["kind"] in ("module", "file") and scope == scope_record["kind"] and not field:
                    return scope_record["name"]
            if field is None and scope in GLOBALS:
                return self.ctx.global_value(scope, False)
            raise InputError(f"marker {{{{{scope}{'.' + field if field else ''}}}}} has no value here")
        return value

    def function_values(self, f, n, scope):
        return {"function": lambda field: function_value(field, f, n, self.ctx)}

    def type_values(self, t, n, fns):
        return {"type": lambda field: type_value(field, t, n, fns, self.ctx)}

    def summary_values(self, row):
        return {"module": lambda field: summary_value(field, row, self.ctx),
                "file": lambda field: summary_value(field, row, self.ctx)}

    def group_values(self, name, level):
        return {"group": lambda field: name if field == "name" else (level if field == "level" else "")}

    def history_values(self, ws, r):
        def value(field):
            if field == "number":
                for rr in range(r - 1, 0, -1):
                    v = None
                    for c in range(1, ws.max_column + 1):
                        cell = ws.cell(row=rr, column=c)
                        if any(s == "history" and f == "number" for s, f in markers_in(
                                ws.cell(row=r, column=c).value)):
                            v = cell.value
                            break
                    if isinstance(v, (int, float)) and not isinstance(v, bool):
                        return int(v) + 1
                    return 1
                return 1
            if field in ("date", "version", "author"):
                v = self.ctx.global_value(field, False)
                return v if v is not None else _Learn(field)
            return ""
        return {"history": value}

    # ------------------------------------------------------------------------------------------------ check
    def run(self):
        plan = self.plan_sheets()
        self.check_workbook(plan)
        for tws, rname, scope in plan:
            if rname not in self.rwb.sheetnames:
                continue
            self.check_sheet(tws, self.rwb[rname], scope)
        self.check_defined_names(plan)
        return self.report

    def check_workbook(self, plan):
        rep = self.report
        expected = [name for _, name, _ in plan]
        got = self.rwb.sheetnames
        rep.workbook_props += 1
        if expected != got:
            rep.diff(None, "(workbook)", "sheet order", expected, got)
        for tws, name, _ in plan:
            if name in got:
                rep.workbook_props += 1
                tv, rv = tws.sheet_state or "visible", self.rwb[name].sheet_state or "visible"
                if tv != rv:
                    rep.diff(None, name, "visibility", tv, rv)
        if any(n.lower() == "docsheet" for n in got):
            rep.diff(None, "docsheet", "settings sheet", "absent", "present")
        rep.workbook_props += 1
        tp, rp = self.twb.properties, self.rwb.properties
        # lastModifiedBy is not compared: libxlsxwriter writes the author there and cannot set it apart
        # (a deliberate difference, Documentation/Templates.md).
        for attr in ("title", "subject", "creator", "keywords", "description", "category"):
            tv, rv = getattr(tp, attr), getattr(rp, attr)
            rep.workbook_props += 1
            if tv is None and rv in (None, ""):
                continue
            candidates = {tv}
            if isinstance(tv, str):
                candidates.add(self.expand_plain(tv))
            if rv not in candidates:
                rep.diff(None, "(properties)", attr, tv if tv == self.expand_plain(tv or "") else
                         f"{tv} or {self.expand_plain(tv)}", rv)

    def check_defined_names(self, plan):
        rep = self.report
        tnames = {k: v.attr_text for k, v in self.twb.defined_names.items()
                  if not k.startswith("_xlnm")}
        rnames = {k: v.attr_text for k, v in self.rwb.defined_names.items()
                  if not k.startswith("_xlnm")}
        for name, text in tnames.items():
            rep.workbook_props += 1
            exp = self.map_name_text(text)
            got = rnames.get(name)
            if got is None or normalise_ref_text(got) != normalise_ref_text(exp):
                rep.diff(None, f"name {name}", "defined name", exp, got)
        for name in rnames:
            if name not in tnames:
                rep.diff(None, f"name {name}", "defined name", None, rnames[name])

    def map_name_text(self, text):
        m = re.fullmatch(r"'?(.*?)'?!(\$?[A-Z]{1,3}\$?\d+(?::\$?[A-Z]{1,3}\$?\d+)?)", text.strip())
        if not m or m.group(1) not in self.rowmaps:
            return text
        mapped = map_ref_text(m.group(2), self.rowmaps[m.group(1)])
        return f"'{m.group(1)}'!{mapped}"

    def check_sheet(self, tws, rws, scope):
        rep = self.report
        stats = rep.sheet(rws.title)
        sheet_settings = settings_for(self.settings, tws.title)
        templates = self.row_templates(tws, scope)
        blocks = self.written_rows(tws, scope, templates, sheet_settings)
        rowmap = RowMap(blocks)
        self.rowmaps[tws.title] = rowmap
        self.rowmaps[rws.title] = rowmap
        name = rws.title

        def d(where, prop, expected, got):
            rep.diff(name, where, prop, expected, got)

        # ---- cells
        expected_positions = set()
        block_rows = {}
        for b in blocks:
            for r in range(b["first"], b["last"] + 1):
                block_rows[r] = b
        tcells = sorted((key, cell) for key, cell in tws._cells.items() if key in self.template_cells.get(tws.title, ()))
        by_row = {}
        for (r, c), cell in tcells:
            by_row.setdefault(r, []).append((c, cell))
        for r, cells in by_row.items():
            b = block_rows.get(r)
            if b is None:
                out_r = rowmap.static(r)
                for c, cell in cells:
                    expected_positions.add((out_r, c))
                    self.compare_cell(cell, rws.cell(row=out_r, column=c), d, stats, rowmap, None, scope, tws)
                continue
            start = rowmap.start(b["first"])
            copies = [i for i, (tr, _) in enumerate(b["rows"]) if tr == r]
            for i in copies:
                out_r = start + i
                values = b["rows"][i][1]
                # the number of this row among the rows written from the same template row
                for c, cell in cells:
                    expected_positions.add((out_r, c))
                    self.compare_cell(cell, rws.cell(row=out_r, column=c), d, stats, rowmap, values, scope, tws,
                                      copy_index=i, template_row=r)
        for (r, c), cell in list(rws._cells.items()):
            if cell.value not in (None, "") and (r, c) not in expected_positions:
                d(cell.coordinate, "value", None, cell.value)
        # ---- merges
        stats["props"] += 1
        exp_merges = set()
        for b in blocks:
            # the block's merges over several rows, placed in each copy
            start = rowmap.start(b["first"])
            for i, m, n in b.get("merges", []):
                exp_merges.add((start + i, m.min_col, start + i + n - 1, m.max_col))
        for m in tws.merged_cells.ranges:
            b = rowmap.block_of(m.min_row)
            if b and m.min_row == m.max_row:
                start = rowmap.start(b["first"])
                for i, (tr, _) in enumerate(b["rows"]):
                    if tr == m.min_row:
                        exp_merges.add((start + i, m.min_col, start + i, m.max_col))
            elif b and m.max_row <= b["last"]:
                continue  # a merge inside a block: placed per copy above
            else:
                rr = rowmap.range(m.min_row, m.max_row) if not b else None
                if b:
                    rr = (rowmap.start(m.min_row), rowmap.end(m.max_row))
                if rr:
                    exp_merges.add((rr[0], m.min_col, rr[1], m.max_col))
        got_merges = {(m.min_row, m.min_col, m.max_row, m.max_col) for m in rws.merged_cells.ranges}
        for mr in sorted(exp_merges - got_merges):
            d(rng(mr), "merge", "merged", "not merged")
        for mr in sorted(got_merges - exp_merges):
            d(rng(mr), "merge", "not merged", "merged")
        # ---- columns
        tcols, rcols = columns(tws), columns(rws)
        for col in sorted(set(tcols) | set(rcols)):
            stats["props"] += 2
            tw, th = tcols.get(col, (None, False))
            rw, rh = rcols.get(col, (None, False))
            twp = width_px(tw, tws)
            rwp = width_px(rw, rws)
            if twp != rwp:
                d(f"column {get_column_letter(col)}", "width (px)", twp, rwp)
            if th != rh:
                d(f"column {get_column_letter(col)}", "hidden", th, rh)
        # ---- rows
        exp_rows = {}
        for r, dim in tws.row_dimensions.items():
            h = dim.height if dim.customHeight or dim.height is not None else None
            info = (h, bool(dim.hidden))
            if info == (None, False):
                continue
            b = rowmap.block_of(r)
            if b:
                start = rowmap.start(b["first"])
                for i, (tr, _) in enumerate(b["rows"]):
                    if tr == r:
                        exp_rows[start + i] = info
            else:
                exp_rows[rowmap.static(r)] = info
        default_h = tws.sheet_format.defaultRowHeight or 15
        rdefault_h = rws.sheet_format.defaultRowHeight or 15
        # a written row grows for wrapped marker text in a cell merged across its template row (Documentation/Templates.md)
        default_w = tws.sheet_format.defaultColWidth or 8.43
        wrapped = {}
        for m in tws.merged_cells.ranges:
            anchor = tws.cell(row=m.min_row, column=m.min_col)
            if m.min_row == m.max_row and anchor.alignment is not None and anchor.alignment.wrap_text and markers_in(anchor.value):
                width = sum((tcols.get(c, (None, False))[0] or default_w) for c in range(m.min_col, m.max_col + 1))
                size = (anchor.font.sz if anchor.font is not None else None) or 11
                wrapped.setdefault(m.min_row, []).append((m.min_col, width, float(size)))
        for b in blocks:
            if not b["rows"] or b["rows"][0][1] is EMPTY_ROW_VALUES:
                continue
            start = rowmap.block_start(b)
            for i, (tr, _) in enumerate(b["rows"]):
                for col, width, size in wrapped.get(tr, ()):
                    text = rws.cell(row=start + i, column=col).value
                    if not isinstance(text, str) or not text:
                        continue
                    h, hidden = exp_rows.get(start + i, (None, False))
                    needed = wrapped_height(text, width, size)
                    if needed > (default_h if h is None else h):
                        exp_rows[start + i] = (needed, hidden)
        got_rows = {}
        for r, dim in rws.row_dimensions.items():
            h = dim.height if dim.customHeight or dim.height is not None else None
            if (h, bool(dim.hidden)) != (None, False):
                got_rows[r] = (h, bool(dim.hidden))
        for r in sorted(set(exp_rows) | set(got_rows)):
            stats["props"] += 2
            eh, ehid = exp_rows.get(r, (None, False))
            gh, ghid = got_rows.get(r, (None, False))
            eh = default_h if eh is None else eh
            gh = rdefault_h if gh is None else gh
            if abs(float(eh) - float(gh)) > 0.01:
                d(f"row {r}", "height", eh, gh)
            if ehid != ghid:
                d(f"row {r}", "hidden", ehid, ghid)
        # ---- sheet view
        stats["props"] += 4
        tf, rf = tws.freeze_panes, rws.freeze_panes
        if tf:
            m = re.fullmatch(r"([A-Z]+)(\d+)", tf)
            tf = f"{m.group(1)}{rowmap.start(int(m.group(2)))}"
        if (tf or None) != (rf or None):
            d("(sheet)", "freeze panes", tf, rf)
        if bool(tws.sheet_view.showGridLines is not False) != bool(rws.sheet_view.showGridLines is not False):
            d("(sheet)", "gridlines", tws.sheet_view.showGridLines, rws.sheet_view.showGridLines)
        if bool(tws.sheet_view.rightToLeft) != bool(rws.sheet_view.rightToLeft):
            d("(sheet)", "right to left", tws.sheet_view.rightToLeft, rws.sheet_view.rightToLeft)
        stats["props"] += 2
        if bool(tws.protection.sheet) != bool(rws.protection.sheet):
            d("(sheet)", "sheet protection", bool(tws.protection.sheet), bool(rws.protection.sheet))
        if (tws.sheet_view.zoomScale or 100) != (rws.sheet_view.zoomScale or 100):
            d("(sheet)", "zoom", tws.sheet_view.zoomScale or 100, rws.sheet_view.zoomScale or 100)
        tt = resolve(tws.sheet_properties.tabColor, self.ttheme)
        rt = resolve(rws.sheet_properties.tabColor, self.rtheme)
        if tt != rt:
            d("(sheet)", "tab colour", tt, rt)
        # ---- autofilter
        stats["props"] += 1
        ta = tws.auto_filter.ref
        ea = map_ref_text(ta, rowmap) if ta else None
        if (ea or None) != (rws.auto_filter.ref or None):
            d("(sheet)", "autofilter", ea, rws.auto_filter.ref)
        # ---- data validations
        self.check_validations(tws, rws, rowmap, d, stats)
        self.check_conditional_formats(tws, rws, rowmap, d, stats)
        self.check_images(tws, rws, rowmap, d, stats)
        self.check_print(tws, rws, rowmap, d, stats, scope)

    def compare_cell(self, tcell, rcell, d, stats, rowmap, values, scope, tws, copy_index=None, template_row=None):
        stats["cells"] += 1
        where = rcell.coordinate
        tval = template_value(tcell)
        lookup = self.record_lookup(values or {}, scope)
        picture = isinstance(tval, str) and PICTURE_MARKER.fullmatch(tval.strip())
        if picture:
            exp = None
        elif isinstance(tval, str) and tval.startswith("="):
            exp = Expect("text", "=" + shift_formula(tval[1:], rowmap, copy_index, template_row, self.rowmaps))
        elif isinstance(tval, str):
            exp = self.expand(tval, lookup)
        elif tval is None:
            exp = Expect("text", "")
        else:
            exp = Expect("number", tval) if not hasattr(tval, "year") else Expect("date", tval)
        got = rcell.value
        if exp is not None and hasattr(got, "year") and exp.kind == "number":
            # openpyxl turns a number in a date-formatted cell into a date: compare the serial number.
            got = openpyxl.utils.datetime.to_excel(got)
        stats["props"] += 1
        if picture:
            # a picture marker's cell is emptied (check_images finds the picture on it), or says why there is none
            if (got or "") not in ("",) + NOT_DRAWN_TEXTS:
                d(where, "value", "(empty: a picture at the marker)", got)
        elif exp.kind == "date":
            if got != tval:
                d(where, "value", tval, got)
        elif not value_matches(exp, got, self.ctx):
            d(where, "value", exp, got)
        thl = tcell.hyperlink.target or tcell.hyperlink.location if tcell.hyperlink else None
        rhl = rcell.hyperlink.target or rcell.hyperlink.location if rcell.hyperlink else None
        stats["props"] += 2
        if thl != rhl and not (thl and rhl and value_matches(self.expand(thl, lookup), rhl, self.ctx)):
            d(where, "hyperlink", thl, rhl)
        tcm = tcell.comment.text if tcell.comment else None
        rcm = rcell.comment.text if rcell.comment else None
        if tcm != rcm:
            d(where, "comment", tcm, rcm)
        tprops = style_props(tcell, self.ttheme)
        rprops = style_props(rcell, self.rtheme)
        if isinstance(tcell, openpyxl.cell.cell.MergedCell) and isinstance(rcell, openpyxl.cell.cell.MergedCell):
            # openpyxl gives a covered cell of a merge no style of its own: it shows the workbook's default font, which
            # libxlsxwriter cannot change (Calibri 11). Its borders are the merge's; the rest is not shown.
            tprops = {k: v for k, v in tprops.items() if not k.startswith("font.")}
            rprops = {k: v for k, v in rprops.items() if not k.startswith("font.")}
            if template_row is not None and rowmap.block_of(template_row) and any(
                    m.min_row <= template_row <= m.max_row and m.max_row > m.min_row
                    for m in tws.merged_cells.ranges if m.min_col <= tcell.column <= m.max_col):
                # openpyxl draws a covered cell's borders from the merge's first cell and its place on the merge's
                # edge; a block's vertical merge covers as many rows as the copy writes, so its covered cells sit
                # elsewhere on the edge. The first cell and the merged range are compared.
                tprops = {k: v for k, v in tprops.items() if not k.startswith("border.")}
                rprops = {k: v for k, v in rprops.items() if not k.startswith("border.")}
        for key, tv in tprops.items():
            stats["props"] += 1
            rv = rprops.get(key)
            if tv != rv:
                d(where, key, tv, rv)
        for key in rprops:
            if key not in tprops:
                stats["props"] += 1
                d(where, key, None, rprops[key])

    def expand(self, text, lookup):
        # history values may be learnable globals
        def wrapped(scope, field):
            v = lookup(scope, field)
            if isinstance(v, _Learn):
                raise _NeedGlobal(v.name)
            return v
        try:
            return expand_text(text, self.ctx, wrapped)
        except _NeedGlobal:
            # rewrite {{history.date}} as {{date}} etc. and try again
            text2 = re.sub(r"\{\{\s*history\.(date|version|author)\s*\}\}", r"{{\1}}", text)
            return expand_text(text2, self.ctx, lookup)

    def check_validations(self, tws, rws, rowmap, d, stats):
        def key(dv):
            # LibreOffice writes a meaningless formula2 for lists and custom rules: only ranges compare two values.
            second = norm_formula(dv.formula2) if dv.type not in ("list", "custom", None) else None
            return (dv.type or "any", dv.operator or "between", norm_formula(dv.formula1), second,
                    bool(dv.allow_blank), bool(dv.showDropDown), bool(dv.showErrorMessage),
                    bool(dv.showInputMessage), dv.errorTitle or None, dv.error or None, dv.promptTitle or None,
                    dv.prompt or None, dv.errorStyle or "stop")
        expected, got = {}, {}
        for dv in tws.data_validations.dataValidation:
            k = key(dv)
            expected[k] = expected.get(k, frozenset()) | map_cells(expand_sqref(dv.sqref), rowmap)
        for dv in rws.data_validations.dataValidation:
            k = key(dv)
            got[k] = got.get(k, frozenset()) | expand_sqref(dv.sqref)
        for k in set(expected) | set(got):
            stats["props"] += 1
            e, g = expected.get(k, frozenset()), got.get(k, frozenset())
            if e != g:
                what = f"data validation {k[0]} {k[2] or ''}".strip()
                d(cells_text(e ^ g).split(" ")[0] if e ^ g else "(sheet)", what, cells_text(e), cells_text(g))

    def check_conditional_formats(self, tws, rws, rowmap, d, stats):
        def rule_key(rule, theme, shift):
            dxf = rule.dxf
            props = []
            if dxf is not None:
                if dxf.font is not None:
                    f = dxf.font
                    props += [("font.color", repr(resolve(f.color, theme)) if f.color is not None else None),
                              ("font.bold", bool(f.b)), ("font.italic", bool(f.i)),
                              ("font.underline", f.u or "none"), ("font.strike", bool(f.strike))]
                if dxf.fill is not None:
                    fill = dxf.fill
                    colour = None
                    for c in (getattr(fill, "bgColor", None), getattr(fill, "fgColor", None)):
                        rc = resolve(c, theme)
                        if c is not None and rc.rgb not in (None, "000000"):
                            colour = repr(rc)
                            break
                    props += [("fill", colour)]
                if dxf.border is not None:
                    props += [("border", tuple(sorted((k, repr(v)) for k, v in border_props(dxf.border, theme).items())))]
                if dxf.numFmt is not None:
                    props += [("numFmt", dxf.numFmt.formatCode)]
            formulas = tuple(shift(f) for f in (rule.formula or []))
            return (rule.type, rule.operator, formulas, bool(rule.stopIfTrue), rule.text or None, tuple(props))
        expected, got = {}, {}
        for cf in tws.conditional_formatting:
            cells = map_cells(expand_sqref(cf.sqref), rowmap)
            for rule in cf.rules:
                k = rule_key(rule, self.ttheme, lambda f: shift_formula(f, rowmap))
                expected[k] = expected.get(k, frozenset()) | cells
        for cf in rws.conditional_formatting:
            cells = expand_sqref(cf.sqref)
            for rule in cf.rules:
                k = rule_key(rule, self.rtheme, lambda f: f)
                got[k] = got.get(k, frozenset()) | cells
        for k in set(expected) | set(got):
            stats["props"] += 1
            e, g = expected.get(k, frozenset()), got.get(k, frozenset())
            if e != g:
                d(cells_text(e ^ g).split(" ")[0], f"conditional format {k[0]} {list(k[2])} {dict(k[5])}",
                  cells_text(e), cells_text(g))

    def check_images(self, tws, rws, rowmap, d, stats):
        exp = []
        for img in tws._images:
            col, row, coff, roff, w, h = image_box(img, tws)
            exp.append((col, rowmap.static(row + 1) - 1, coff, roff, w, h))
        got = [image_box(img, rws) for img in rws._images]
        # pictures at picture markers: anchored at the marker's cell, fitted into its merged frame
        drawn = self.check_marker_pictures(tws, rws, rowmap, d, stats)
        got = [g for index, g in enumerate(got) if index not in drawn]
        stats["props"] += 1 + 2 * len(exp)
        if len(exp) != len(got):
            d("(images)", "image count", len(exp), len(got))
        for e in exp:
            match = next((g for g in got if g[0] == e[0] and g[1] == e[1]), None)
            cell = f"{get_column_letter(e[0] + 1)}{e[1] + 1}"
            if match is None:
                d(cell, "image anchor", cell, [f"{get_column_letter(g[0] + 1)}{g[1] + 1}" for g in got])
                continue
            if abs(match[2] - e[2]) > 1 or abs(match[3] - e[3]) > 1:
                d(cell, "image offset (px)", (e[2], e[3]), (match[2], match[3]))
            if abs(match[4] - e[4]) > 1 or abs(match[5] - e[5]) > 1:
                d(cell, "image size (px)", (e[4], e[5]), (match[4], match[5]))

    def check_marker_pictures(self, tws, rws, rowmap, d, stats):
        """Checks the picture of every picture-marker cell: anchored at the marker's cell (moved with the rows) without
        offset, its aspect ratio kept (against the PNG's pixels), inside the merged range holding the marker (pixels
        from the rendered sheet's column widths and row heights), and either filling the range's width or height or
        not larger than the PNG's pixels (a small diagram is not enlarged). Returns the indexes of the pictures used."""
        used = set()
        boxes = [image_box(img, rws) for img in rws._images]
        for (r, c), cell in tws._cells.items():
            if not (isinstance(cell.value, str) and PICTURE_MARKER.fullmatch(cell.value.strip())):
                continue
            out_row = rowmap.static(r) - 1
            where = f"{get_column_letter(c)}{out_row + 1}"
            rcell = rws.cell(row=out_row + 1, column=c)
            stats["props"] += 3
            if rcell.value in NOT_DRAWN_TEXTS:
                continue
            index = next((i for i, g in enumerate(boxes) if i not in used and g[0] == c - 1 and g[1] == out_row), None)
            if index is None:
                d(where, "picture at the marker", where, [f"{get_column_letter(g[0] + 1)}{g[1] + 1}" for g in boxes])
                continue
            used.add(index)
            _, _, coff, roff, w, h = boxes[index]
            if coff or roff:
                d(where, "picture offset (px)", (0, 0), (coff, roff))
            natural = png_natural_size(rws._images[index])
            frame = next((m for m in tws.merged_cells.ranges
                          if m.min_row <= r <= m.max_row and m.min_col <= c <= m.max_col), None)
            if natural is None:
                d(where, "picture", "a PNG picture", "not a PNG")
                continue
            nw, nh = natural
            if abs(h - w * nh / nw) > 1.5 and abs(w - h * nw / nh) > 1.5:
                d(where, "picture aspect ratio", f"{nw:.0f} x {nh:.0f}", (w, h))
            if frame is not None:
                cols = columns(rws)
                fw = sum(0 if cols.get(k, (None, False))[1] else width_px(cols.get(k, (None, False))[0], rws)
                         for k in range(frame.min_col, frame.max_col + 1))
                fh = 0
                for k in range(frame.min_row, frame.max_row + 1):
                    dim = rws.row_dimensions.get(rowmap.static(k))
                    if dim is not None and dim.hidden:
                        continue
                    height = dim.height if dim is not None and dim.height is not None else (rws.sheet_format.defaultRowHeight or 15)
                    fh += int(float(height) * 4 / 3)
                if w > fw + 1 or h > fh + 1:
                    d(where, "picture fits its frame (px)", f"<= {fw} x {fh}", (w, h))
                elif abs(w - fw) > 1.5 and abs(h - fh) > 1.5 and w > nw + 1:
                    d(where, "picture shrunk to its frame, not enlarged (px)", f"width {fw} or height {fh}, or <= {nw:.0f} wide", (w, h))
        return used

    def check_print(self, tws, rws, rowmap, d, stats, scope):
        tp, rp = tws.page_setup, rws.page_setup

        def same(prop, a, b):
            stats["props"] += 1
            if a != b:
                d("(print)", prop, a, b)
        same("orientation", tp.orientation if tp.orientation in ("landscape",) else "portrait",
             rp.orientation if rp.orientation in ("landscape",) else "portrait")
        same("paper size", int(tp.paperSize or 1), int(rp.paperSize or 1))
        tfit = bool(tws.sheet_properties.pageSetUpPr and tws.sheet_properties.pageSetUpPr.fitToPage)
        rfit = bool(rws.sheet_properties.pageSetUpPr and rws.sheet_properties.pageSetUpPr.fitToPage)
        same("fit to page", tfit, rfit)
        if tfit:
            same("fit to width", int(tp.fitToWidth if tp.fitToWidth is not None else 1),
                 int(rp.fitToWidth if rp.fitToWidth is not None else 1))
            same("fit to height", int(tp.fitToHeight if tp.fitToHeight is not None else 1),
                 int(rp.fitToHeight if rp.fitToHeight is not None else 1))
        else:
            same("scale", int(tp.scale or 100), int(rp.scale or 100))
        for m in ("left", "right", "top", "bottom", "header", "footer"):
            a = getattr(tws.page_margins, m)
            b = getattr(rws.page_margins, m)
            stats["props"] += 1
            if a is None or b is None or abs(float(a) - float(b)) > 1e-4:
                d("(print)", f"margin {m}", a, b)
        same("center horizontally", bool(tws.print_options.horizontalCentered),
             bool(rws.print_options.horizontalCentered))
        same("center vertically", bool(tws.print_options.verticalCentered), bool(rws.print_options.verticalCentered))
        same("print gridlines", bool(tws.print_options.gridLines), bool(rws.print_options.gridLines))
        et = tws.print_title_rows
        if et:
            a, b = et.replace("$", "").split(":")
            r = rowmap.range(int(a), int(b))
            et = f"${r[0]}:${r[1]}" if r else None
        same("print titles (rows)", et or None, rws.print_title_rows or None)
        same("print titles (columns)", tws.print_title_cols or None, rws.print_title_cols or None)
        ea = None
        if tws.print_area:
            parts = []
            for part in str(tws.print_area).split(","):
                ref = part.split("!")[-1]
                mapped = map_ref_text(ref, rowmap)
                if mapped:
                    parts.append(mapped)
            ea = ",".join(parts)
        ga = None
        if rws.print_area:
            ga = ",".join(p.split("!")[-1] for p in str(rws.print_area).split(","))
        same("print area", ea, ga)
        for which in ("oddHeader", "oddFooter", "evenHeader", "evenFooter", "firstHeader", "firstFooter"):
            th, rh = getattr(tws, which), getattr(rws, which)
            for part in ("left", "center", "right"):
                tpart, rpart = getattr(th, part), getattr(rh, part)
                stats["props"] += 4
                ttext = tpart.text or ""
                exp = self.expand(ttext, self.record_lookup({}, scope)) if ttext else Expect("text", "")
                rtext = rpart.text or ""
                if tpart.size and rtext.startswith(" ") and not ttext.startswith(" ") and exp.kind != "number":
                    rtext = rtext[1:]  # the separator DocSheet puts between a size code and a digit
                if exp.kind == "number":
                    exp = Expect("text", fmt_number(exp.value))
                if not value_matches(exp, rtext, self.ctx):
                    d("(print)", f"{which}.{part} text", exp, rpart.text)
                if (tpart.size or None) != (rpart.size or None):
                    d("(print)", f"{which}.{part} size", tpart.size, rpart.size)
                if (tpart.font or None) != (rpart.font or None):
                    d("(print)", f"{which}.{part} font", tpart.font, rpart.font)
                if (tpart.color or None) != (rpart.color or None):
                    d("(print)", f"{which}.{part} colour", tpart.color, rpart.color)


class _Learn:
    def __init__(self, name):
        self.name = name


class _NeedGlobal(Exception):
    pass


def norm_formula(f):
    if f is None:
        return None
    return str(f).replace(" ", "")


def normalise_ref_text(text):
    if text is None:
        return None
    m = re.fullmatch(r"'?(.*?)'?!(.*)", text.strip())
    return (m.group(1), m.group(2)) if m else text


def rng(mr):
    r1, c1, r2, c2 = mr
    return f"{get_column_letter(c1)}{r1}:{get_column_letter(c2)}{r2}"


def wrapped_height(text, width, size):
    """The row height for `text` wrapped in `width` characters at `size` points: each paragraph's width in digits (an
    East Asian wide character two) over the width less 0.7 padding, scaled from 11 pt; 15/11 of the size per line;
    rounded up to whole pixels (0.75 pt)."""
    available = max(1.0, width - 0.7) * 11 / size
    lines = 0
    for paragraph in text.split("\n"):
        units = sum(2 if is_wide(ch) else 1 for ch in paragraph)
        lines += max(1, -(-units // available) if units else 1)
    points = lines * size * 15 / 11
    return -(-points // 0.75) * 0.75


def is_wide(ch):
    v = ord(ch)
    return (0x1100 <= v <= 0x115F or 0x2E80 <= v <= 0xA4CF or 0xAC00 <= v <= 0xD7A3 or 0xF900 <= v <= 0xFAFF
            or 0xFE30 <= v <= 0xFE4F or 0xFF00 <= v <= 0xFF60 or 0xFFE0 <= v <= 0xFFE6 or 0x20000 <= v <= 0x3FFFD)


def columns(ws):
    out = {}
    for key, dim in ws.column_dimensions.items():
        lo = dim.min or column_index_from_string(key)
        hi = dim.max or lo
        width = dim.width if (dim.customWidth or dim.width not in (None, 13)) else None
        if width is None and not dim.hidden:
            continue
        for c in range(lo, hi + 1):
            out[c] = (width, bool(dim.hidden))
    return out


def width_px(width, ws):
    """Excel column width (characters) -> pixels, with Calibri 11's 7-pixel digit."""
    if width is None:
        width = ws.sheet_format.defaultColWidth or ((ws.sheet_format.baseColWidth or 8) + 0.7109375)
    width = float(width)
    return int(((256 * width + int(128 / 7)) / 256) * 7)


def png_natural_size(img):
    """A PNG picture's size in pixels at 96 dpi (its pixels scaled by its pHYs resolution), or None."""
    data = img._data() if hasattr(img, "_data") else None
    if not data or data[:8] != b"\x89PNG\r\n\x1a\n":
        return None
    width, height = struct.unpack(">II", data[16:24])
    dpi_x = dpi_y = 96.0
    pos = 8
    while pos + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        if kind == b"pHYs" and length >= 9:
            px, py, unit = struct.unpack(">IIB", data[pos + 8:pos + 17])
            if unit == 1 and px and py:
                dpi_x, dpi_y = px * 0.0254, py * 0.0254
            break
        if kind == b"IDAT":
            break
        pos += 12 + length
    return (width * 96 / dpi_x, height * 96 / dpi_y)


def image_box(img, ws):
    """(col, row, colOff px, rowOff px, width px, height px) of a picture, whatever its anchor type."""
    a = img.anchor
    emu = 9525.0
    if isinstance(a, str):
        m = re.fullmatch(r"([A-Z]+)(\d+)", a)
        return (column_index_from_string(m.group(1)) - 1, int(m.group(2)) - 1, 0, 0, img.width, img.height)
    fr = a._from
    col, row = fr.col, fr.row
    coff, roff = fr.colOff / emu, fr.rowOff / emu
    pic = getattr(a, "pic", None)
    xfrm = pic.spPr.xfrm if pic is not None and pic.spPr is not None else None
    if xfrm is not None and xfrm.ext is not None and xfrm.ext.cx:
        # the picture's own size, as the drawing part states it (what Excel shows)
        return (col, row, round(coff), round(roff), round(xfrm.ext.cx / emu), round(xfrm.ext.cy / emu))
    ext = getattr(a, "ext", None)
    if ext is not None and getattr(ext, "cx", None) is not None and type(a).__name__ == "OneCellAnchor":
        return (col, row, round(coff), round(roff), round(ext.cx / emu), round(ext.cy / emu))
    to = getattr(a, "to", None)
    if to is None:
        return (col, row, round(coff), round(roff), img.width, img.height)
    cols = columns(ws)

    def col_px(c):
        w, hidden = cols.get(c + 1, (None, False))
        return 0 if hidden else width_px(w, ws)

    def row_px(r):
        dim = ws.row_dimensions.get(r + 1)
        h = dim.height if dim is not None and dim.height is not None else (ws.sheet_format.defaultRowHeight or 15)
        return float(h) * 96 / 72
    width = sum(col_px(c) for c in range(col, to.col)) - coff + to.colOff / emu
    height = sum(row_px(r) for r in range(row, to.row)) - roff + to.rowOff / emu
    return (col, row, round(coff), round(roff), round(width), round(height))


# ====================================================================================================================
# Command line
# ====================================================================================================================

def main(argv=None):
    parser = argparse.ArgumentParser(prog="check-template-fill", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("template", nargs="?")
    parser.add_argument("rendered", nargs="?")
    parser.add_argument("inventory", nargs="?")
    parser.add_argument("--locale", choices=LOCALES, default="en", help="the document language of the run")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="a global value: date, author, version, template, or any other placeholder")
    parser.add_argument("--source-url", help="the source link pattern of the run ({file}, {line}, {commit})")
    parser.add_argument("--type-sheets", choices=["records", "names"], default="records",
                        help="one sheet per type record (extensions apart, the default) or per type name")
    parser.add_argument("--limit", type=int, default=200, help="differences to list (default 200)")
    parser.add_argument("--self-test", action="store_true", help="run the referee's own tests and exit")
    args = parser.parse_args(argv)
    if args.self_test:
        here = os.path.dirname(os.path.abspath(__file__))
        sys.path.insert(0, here)
        import check_template_fill_selftest
        return check_template_fill_selftest.run()
    if not (args.template and args.rendered and args.inventory):
        parser.error("TEMPLATE.xlsx RENDERED.xlsx INVENTORY.json are required")
    given = {}
    for item in args.set:
        if "=" not in item:
            parser.error(f"--set {item}: expected NAME=VALUE")
        k, v = item.split("=", 1)
        given[k.strip()] = v
    try:
        with open(args.inventory, encoding="utf-8") as fh:
            inventory = json.load(fh)
        referee = Referee(args.template, args.rendered, inventory, args.locale, given, args.source_url,
                          args.type_sheets)
        report = referee.run()
    except (InputError, OSError, ValueError, KeyError) as error:
        print(f"check-template-fill: {error}", file=sys.stderr)
        return 2
    report.print(limit=args.limit)
    return 1 if report.total() else 0


if __name__ == "__main__":
    sys.exit(main())

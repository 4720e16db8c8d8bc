#!/usr/bin/env python3
"""Writes the client-template fixtures and samples for `docsheet generate --template client.xlsx`.

Run it through `scripts/make-client-templates` (that wrapper makes the venv with openpyxl, lxml and Pillow).

What it writes (relative to the repository root):

  Tests/Fixtures/ClientTemplates/openpyxl/ja-shosai-sekkeisho.xlsx   Japanese 詳細設計書 form, every feature
  Tests/Fixtures/ClientTemplates/openpyxl/en-detailed-design.xlsx   English form, theme colours, per-sheet settings
  Tests/Fixtures/ClientTemplates/openpyxl/ja-hougan-class-spec.xlsx  方眼紙 クラス仕様書: property table, method blocks
  Tests/Fixtures/ClientTemplates/openpyxl/vi-function-blocks.xlsx    Vietnamese list of two-row function blocks
  Tests/Fixtures/ClientTemplates/openpyxl/logo.png                  the cover logo (drawn here, no font needed)
  Tests/Fixtures/ClientTemplates/libreoffice/*.xlsx                 the two above, re-saved by LibreOffice
  Tests/Fixtures/ClientTemplates/excel/*-marked.xlsx                Excel-made workbooks with markers added in the XML
  samples/templates/ja-shosai-sekkeisho.xlsx                        Japanese sample (表紙, 改訂履歴, 関数一覧, per class)
  samples/templates/vi-thiet-ke-chi-tiet.xlsx                       Vietnamese sample (Trang bìa, Lịch sử sửa đổi, …)

Markers follow /work/shared-notes/markers.md (the contract): {{project}}…, {{function.*}} row templates,
{{history.*}} row, {{type.name}} sheet templates, a hidden `docsheet` settings sheet.

Options: --only openpyxl|libreoffice|excel|samples (repeatable), --no-libreoffice.
"""
import argparse
import datetime
import io
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile

from openpyxl import Workbook
from openpyxl.utils import get_column_letter as openpyxl_column
from openpyxl.drawing.image import Image as XLImage
from openpyxl.formatting.rule import FormulaRule, CellIsRule
from openpyxl.styles import Alignment, Border, Font, PatternFill, Protection, Side
from openpyxl.styles.colors import Color
from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.properties import PageSetupProperties

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join(ROOT, "Tests", "Fixtures", "ClientTemplates")
SAMPLES = os.path.join(ROOT, "samples", "templates")
FIXED_TIME = datetime.datetime(2024, 4, 1, 9, 0, 0)

# --------------------------------------------------------------------------------------------------------------------
# Labels per language. Each form is a realistic client form: the labels are what a client's own template says.
# --------------------------------------------------------------------------------------------------------------------

LANG = {
    "ja": {
        "font": "Yu Gothic",
        "sheets": {"cover": "表紙", "history": "改訂履歴", "functions": "関数一覧", "type": "{{type.name}}"},
        "doc_title": "詳細設計書",
        "cover_subtitle": "関数仕様（Swift）",
        "company": "株式会社サンプルシステムズ　開発部",
        "cover_labels": ["プロジェクト名", "バージョン", "コミット", "作成者", "作成日", "関数数", "型の数", "記述率"],
        "tool_line": "本書は {{tool}} により {{date}} に生成されました。",
        "history_title": "改訂履歴",
        "history_headers": ["項番", "版", "日付", "改訂内容", None, "作成者", "承認者"],
        "history_first": [1, "1.0", "初版作成", "山田 太郎", "佐藤 花子"],
        "history_auto": "DocSheet による関数一覧の更新",
        "fn_title": "関数一覧",
        "fn_info": "プロジェクト: {{project}}　　版: {{version}}　　作成日: {{date}}",
        "fn_headers": ["項番", "クラス", "関数名", "概要", None, "引数", "戻り値", "行", "レビュー", "工数(h)", "備考", "管理用"],
        "review_choices": "OK,要修正,質問",
        "total": "合計",
        "note": "※ 概要が空欄の関数は赤で表示されます。レビュー欄はプルダウンから選択してください。",
        "type_title": "クラス仕様書",
        "type_labels": ["クラス名", "種別", "モジュール", "ファイル", "継承・準拠", "概要", "関数数"],
        "type_headers": ["項番", "関数名", "シグネチャ", "概要", "アクセス", "備考"],
        "type_count": "関数数(集計)",
        "header_left": "{{project}} 詳細設計書",
        "footer_center": "&P / &N",
        "footer_right": "機密",
        "properties": {"title": "{{project}} 詳細設計書", "subject": "詳細設計 — 関数仕様", "creator": "山田 太郎",
                       "company": "株式会社サンプルシステムズ", "keywords": "詳細設計書, Swift"},
        "defined_name": "関数表",
    },
    "vi": {
        "font": "Arial",
        "sheets": {"cover": "Trang bìa", "history": "Lịch sử sửa đổi", "functions": "Danh sách hàm",
                   "type": "{{type.name}}"},
        "doc_title": "Tài liệu thiết kế chi tiết",
        "cover_subtitle": "Đặc tả hàm (Swift)",
        "company": "Công ty TNHH Phần mềm Mẫu — Phòng Phát triển",
        "cover_labels": ["Tên dự án", "Phiên bản", "Commit", "Người lập", "Ngày lập", "Số hàm", "Số kiểu",
                         "Tỷ lệ có mô tả"],
        "tool_line": "Tài liệu được tạo bởi {{tool}} ngày {{date}}.",
        "history_title": "Lịch sử sửa đổi",
        "history_headers": ["STT", "Phiên bản", "Ngày", "Nội dung thay đổi", None, "Người sửa", "Người duyệt"],
        "history_first": [1, "1.0", "Tạo mới tài liệu", "Nguyễn Văn An", "Trần Thị Bình"],
        "history_auto": "Cập nhật danh sách hàm bằng DocSheet",
        "fn_title": "Danh sách hàm",
        "fn_info": "Dự án: {{project}}    Phiên bản: {{version}}    Ngày: {{date}}",
        "fn_headers": ["STT", "Lớp", "Tên hàm", "Mô tả", None, "Tham số", "Giá trị trả về", "Dòng", "Duyệt",
                       "Công (giờ)", "Ghi chú", "Quản lý"],
        "review_choices": "Đạt,Cần sửa,Cần hỏi",
        "total": "Tổng",
        "note": "* Hàm chưa có mô tả được tô đỏ. Cột Duyệt: chọn từ danh sách thả xuống.",
        "type_title": "Đặc tả lớp",
        "type_labels": ["Tên lớp", "Loại", "Mô-đun", "Tệp", "Kế thừa / tuân thủ", "Mô tả", "Số hàm"],
        "type_headers": ["STT", "Tên hàm", "Khai báo", "Mô tả", "Phạm vi", "Ghi chú"],
        "type_count": "Số hàm (đếm)",
        "header_left": "{{project}} — Thiết kế chi tiết",
        "footer_center": "Trang &P / &N",
        "footer_right": "Nội bộ",
        "properties": {"title": "Tài liệu thiết kế chi tiết {{project}}", "subject": "Thiết kế chi tiết — đặc tả hàm",
                       "creator": "Nguyễn Văn An", "company": "Công ty TNHH Phần mềm Mẫu", "keywords": "thiết kế, Swift"},
        "defined_name": "BangHam",
    },
    "en": {
        "font": "Calibri",
        "sheets": {"cover": "Cover", "history": "Revision history", "functions": "Functions",
                   "type": "Class {{type.name}}"},
        "doc_title": "Detailed design",
        "cover_subtitle": "Function specification (Swift)",
        "company": "Example Client Ltd. — Engineering",
        "cover_labels": ["Project", "Version", "Commit", "Author", "Date", "Functions", "Types", "Doc coverage"],
        "tool_line": "Generated by {{tool}} on {{date}}.",
        "history_title": "Revision history",
        "history_headers": ["No.", "Version", "Date", "Change", None, "Author", "Approved by"],
        "history_first": [1, "1.0", "First issue", "J. Smith", "A. Brown"],
        "history_auto": "Function list refreshed by DocSheet",
        "fn_title": "Function list",
        "fn_info": "Project: {{project}}   Version: {{version}}   Date: {{date}}",
        "fn_headers": ["No.", "Class", "Function", "Summary", None, "Parameters", "Returns", "Line", "Review",
                       "Effort (h)", "Notes", "Key"],
        "review_choices": "OK,Needs fix,Question",
        "total": "Total",
        "note": "Functions without a summary show in red. Pick the review state from the drop-down.",
        "type_title": "Class specification",
        "type_labels": ["Class", "Kind", "Module", "File", "Inherits / conforms to", "Summary", "Functions"],
        "type_headers": ["No.", "Function", "Signature", "Summary", "Access", "Notes"],
        "type_count": "Function count",
        "header_left": "{{project}} detailed design",
        "footer_center": "Page &P of &N",
        "footer_right": "Confidential",
        "properties": {"title": "{{project}} detailed design", "subject": "Detailed design — functions",
                       "creator": "J. Smith", "company": "Example Client Ltd.", "keywords": "design, Swift"},
        "defined_name": "FunctionTable",
    },
}

# Colours: a navy / light-blue corporate palette, common in Japanese and Vietnamese forms.
NAVY = "FF1F3864"
LIGHT = "FFD9E1F2"
GREY_BORDER = "FF8EA9DB"


def side(style="thin", color=GREY_BORDER):
    return Side(style=style, color=color)


def box(style="thin", color=GREY_BORDER):
    s = side(style, color)
    return Border(left=s, right=s, top=s, bottom=s)


# --------------------------------------------------------------------------------------------------------------------
# The logo: a small PNG drawn with Pillow (no font needed): three bars and a sheet outline.
# --------------------------------------------------------------------------------------------------------------------

def make_logo(path):
    from PIL import Image, ImageDraw
    img = Image.new("RGBA", (160, 48), (255, 255, 255, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((1, 1, 46, 46), radius=6, fill=(31, 56, 100, 255))
    for i, h in enumerate((14, 24, 34)):
        d.rectangle((9 + i * 11, 40 - h, 16 + i * 11, 40), fill=(142, 169, 219, 255))
    d.rectangle((56, 8, 156, 40), outline=(31, 56, 100, 255), width=2)
    for y in (16, 24, 32):
        d.line((62, y, 150, y), fill=(142, 169, 219, 255), width=2)
    d.line((90, 10, 90, 38), fill=(142, 169, 219, 255), width=1)
    img.save(path, format="PNG", optimize=True)


# --------------------------------------------------------------------------------------------------------------------
# The workbook builder
# --------------------------------------------------------------------------------------------------------------------

def print_setup(ws, lang, title_rows=None, area=None, landscape=True):
    L = LANG[lang]
    ws.page_setup.orientation = "landscape" if landscape else "portrait"
    ws.page_setup.paperSize = ws.PAPERSIZE_A4
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    ws.sheet_properties.pageSetUpPr = PageSetupProperties(fitToPage=True)
    ws.page_margins.left = 0.5
    ws.page_margins.right = 0.5
    ws.page_margins.top = 0.75
    ws.page_margins.bottom = 0.75
    ws.page_margins.header = 0.3
    ws.page_margins.footer = 0.3
    ws.print_options.horizontalCentered = True
    ws.oddHeader.left.text = L["header_left"]
    ws.oddHeader.left.size = 9
    ws.oddHeader.right.text = "&A"
    ws.oddHeader.right.size = 9
    ws.oddFooter.center.text = L["footer_center"]
    ws.oddFooter.center.size = 9
    ws.oddFooter.right.text = L["footer_right"]
    ws.oddFooter.right.size = 9
    if title_rows:
        ws.print_title_rows = title_rows
    if area:
        ws.print_area = area


def build(lang, variant):
    """variant: 'fixture' (every feature, tests) or 'sample' (what a user sees; same features, tidier data)."""
    L = LANG[lang]
    font = L["font"]
    wb = Workbook()
    wb.properties.creator = L["properties"]["creator"]
    wb.properties.title = L["properties"]["title"]
    wb.properties.subject = L["properties"]["subject"]
    wb.properties.keywords = L["properties"]["keywords"]
    wb.properties.lastModifiedBy = L["properties"]["creator"]
    wb.properties.created = FIXED_TIME
    wb.properties.modified = FIXED_TIME

    base = Font(name=font, size=10)
    bold = Font(name=font, size=10, bold=True)
    white_bold = Font(name=font, size=10, bold=True, color="FFFFFFFF")
    if lang == "en":
        # the English form uses theme colours, as many Excel-made forms do: header fill accent 1, lighter 40 %
        header_fill = PatternFill("solid", fgColor=Color(theme=4, tint=-0.249977111117893))
        label_fill = PatternFill("solid", fgColor=Color(theme=4, tint=0.7999816888943144))
        title_font = Font(name=font, size=20, bold=True, color=Color(theme=3))
    else:
        header_fill = PatternFill("solid", fgColor=NAVY)
        label_fill = PatternFill("solid", fgColor=LIGHT)
        title_font = Font(name=font, size=20, bold=True, color=NAVY)
    center = Alignment(horizontal="center", vertical="center", wrap_text=True)
    top_left = Alignment(horizontal="left", vertical="top", wrap_text=True)
    top_center = Alignment(horizontal="center", vertical="top")

    # ---------------------------------------------------------------------------------------------------- cover
    ws = wb.active
    ws.title = L["sheets"]["cover"]
    ws.sheet_properties.tabColor = "FF1F3864"
    ws.sheet_view.showGridLines = False
    widths = {"A": 3, "B": 20, "C": 14, "D": 14, "E": 14, "F": 14, "G": 14, "H": 3}
    for col, w in widths.items():
        ws.column_dimensions[col].width = w
    ws.row_dimensions[2].height = 30
    ws.row_dimensions[3].height = 30
    ws.merge_cells("B2:G3")
    c = ws["B2"]
    c.value = "{{project}}\n" + L["doc_title"]
    c.font = title_font
    c.alignment = center
    thick = side("medium", NAVY)
    for row in ws["B2:G3"]:
        for cell in row:
            cell.border = Border(top=thick if cell.row == 2 else None, bottom=thick if cell.row == 3 else None,
                                 left=thick if cell.column == 2 else None, right=thick if cell.column == 7 else None)
    ws.merge_cells("B5:G5")
    ws["B5"].value = L["cover_subtitle"]
    ws["B5"].font = Font(name=font, size=13, italic=True, color="FF404040")
    ws["B5"].alignment = Alignment(horizontal="center")
    values = ["{{project}}", "{{version}}", "{{commit}}", "{{author}}", "{{date}}", "{{functions}}", "{{types}}",
              "{{coverage}}"]
    for i, (label, value) in enumerate(zip(L["cover_labels"], values)):
        r = 7 + i
        ws.row_dimensions[r].height = 20
        lc = ws.cell(row=r, column=2, value=label)
        lc.font = bold
        lc.fill = label_fill
        lc.border = box()
        lc.alignment = Alignment(vertical="center")
        ws.merge_cells(start_row=r, start_column=3, end_row=r, end_column=7)
        for col in range(3, 8):
            ws.cell(row=r, column=col).border = box()
        vc = ws.cell(row=r, column=3, value=value)
        vc.font = base
        vc.alignment = Alignment(horizontal="left", vertical="center")
        if value == "{{functions}}" or value == "{{types}}":
            vc.number_format = "#,##0"
        if value == "{{coverage}}":
            vc.number_format = "0.0%"
    ws["B17"].value = L["tool_line"]
    ws["B17"].font = Font(name=font, size=9, italic=True, color="FF595959")
    ws["B19"].value = L["company"]
    ws["B19"].font = Font(name=font, size=11, bold=True)
    ws["B19"].protection = Protection(locked=True, hidden=True)
    logo = XLImage(LOGO_PATH)
    logo.width, logo.height = 160, 48
    ws.add_image(logo, "F18")
    print_setup(ws, lang, area="A1:H21", landscape=False)

    # ---------------------------------------------------------------------------------------------------- history
    ws = wb.create_sheet(L["sheets"]["history"])
    ws.sheet_properties.tabColor = "FF70AD47"
    for col, w in {"A": 6, "B": 8, "C": 12, "D": 30, "E": 14, "F": 16, "G": 16}.items():
        ws.column_dimensions[col].width = w
    ws.merge_cells("A1:G1")
    ws["A1"].value = L["history_title"]
    ws["A1"].font = Font(name=font, size=14, bold=True, color=NAVY if lang != "en" else Color(theme=3))
    ws.row_dimensions[1].height = 24
    hr = 3
    ws.row_dimensions[hr].height = 22
    for col, label in enumerate(L["history_headers"], start=1):
        cell = ws.cell(row=hr, column=col, value=label)
        cell.font = white_bold
        cell.fill = header_fill
        cell.alignment = center
        cell.border = box()
    ws.merge_cells(start_row=hr, start_column=4, end_row=hr, end_column=5)
    number, version, change, author, approver = L["history_first"]
    first = [number, version, datetime.date(2024, 4, 1), change, None, author, approver]
    auto = ["{{history.number}}", "{{history.version}}", "{{history.date}}", L["history_auto"], None,
            "{{history.author}}", "{{history.blank}}"]
    for r, values in ((hr + 1, first), (hr + 2, auto)):
        ws.row_dimensions[r].height = 18
        for col, value in enumerate(values, start=1):
            cell = ws.cell(row=r, column=col, value=value)
            cell.font = base
            cell.border = box()
            cell.alignment = top_center if col <= 3 else top_left
        ws.cell(row=r, column=3).number_format = "yyyy/mm/dd"
        ws.merge_cells(start_row=r, start_column=4, end_row=r, end_column=5)
    ws.freeze_panes = "A4"
    print_setup(ws, lang, title_rows="3:3")

    # ---------------------------------------------------------------------------------------------------- functions
    ws = wb.create_sheet(L["sheets"]["functions"])
    ws.sheet_properties.tabColor = "FFC00000"
    cols = {"A": 6, "B": 16, "C": 26, "D": 18, "E": 18, "F": 28, "G": 16, "H": 6, "I": 10, "J": 8, "K": 16, "L": 30}
    for col, w in cols.items():
        ws.column_dimensions[col].width = w
    ws.column_dimensions["L"].hidden = True
    ws.merge_cells("A1:K2")
    ws["A1"].value = L["fn_title"] + " — {{project}}"
    ws["A1"].font = Font(name=font, size=16, bold=True, color="FFFFFFFF")
    ws["A1"].fill = header_fill
    ws["A1"].alignment = Alignment(horizontal="left", vertical="center", indent=1)
    ws.row_dimensions[1].height = 18
    ws.row_dimensions[2].height = 18
    ws["A3"].value = L["fn_info"]
    ws["A3"].font = Font(name=font, size=9, color="FF595959")
    hr = 4
    ws.row_dimensions[hr].height = 30
    for col, label in enumerate(L["fn_headers"], start=1):
        cell = ws.cell(row=hr, column=col, value=label)
        cell.font = white_bold
        cell.fill = header_fill
        cell.alignment = center
        cell.border = Border(left=side("thin", "FFFFFFFF"), right=side("thin", "FFFFFFFF"),
                             top=side("medium", NAVY), bottom=side("double", NAVY))
    ws.merge_cells("D4:E4")
    tr = 5
    ws.row_dimensions[tr].height = 45
    row = ["{{function.number}}", "{{function.type}}", "{{function.name}}", "{{function.summary}}", None,
           "{{function.parameters}}", "{{function.returns}}", "{{function.line}}", "{{function.review}}", 0.5,
           "{{function.blank}}", "{{function.qualifiedName}}"]
    dotted = side("dotted", "FF808080")
    for col, value in enumerate(row, start=1):
        cell = ws.cell(row=tr, column=col, value=value)
        cell.font = base
        cell.alignment = top_left
        cell.border = Border(left=side(), right=side(), top=dotted, bottom=dotted)
    ws.cell(row=tr, column=1).alignment = top_center
    ws.cell(row=tr, column=1).number_format = "0"
    ws.cell(row=tr, column=3).font = Font(name="Consolas" if lang == "en" else font, size=10, bold=True,
                                          color="FF203764")
    ws.cell(row=tr, column=6).font = Font(name=font, size=9)
    ws.cell(row=tr, column=8).alignment = Alignment(horizontal="right", vertical="top")
    ws.cell(row=tr, column=8).number_format = "#,##0"
    ws.cell(row=tr, column=9).alignment = Alignment(horizontal="center", vertical="top")
    ws.cell(row=tr, column=9).fill = PatternFill("solid", fgColor="FFFFF2CC")
    ws.cell(row=tr, column=10).number_format = "0.0"
    ws.cell(row=tr, column=10).alignment = Alignment(horizontal="right", vertical="top")
    ws.cell(row=tr, column=11).protection = Protection(locked=False)
    ws.cell(row=tr, column=12).font = Font(name=font, size=8, italic=True, color="FF7F7F7F")
    ws.cell(row=tr, column=2).alignment = Alignment(horizontal="left", vertical="top", wrap_text=True, indent=1)
    if variant == "fixture":
        # things a careful form has and a careless copy loses: rotation, shrink, strike, underline, a pattern fill
        ws.cell(row=tr, column=7).alignment = Alignment(horizontal="left", vertical="top", wrap_text=False,
                                                        shrink_to_fit=True)
        ws.cell(row=tr, column=11).font = Font(name=font, size=10, underline="single", strike=False,
                                               color="FF0070C0")
        ws.cell(row=tr, column=11).fill = PatternFill("lightGray", fgColor="FFBFBFBF", bgColor="FFFFFFFF")
    ws.merge_cells(start_row=tr, start_column=4, end_row=tr, end_column=5)
    # totals directly under the table, a note below
    ws.row_dimensions[tr + 1].height = 20
    ws.cell(row=tr + 1, column=2, value=L["total"]).font = bold
    ws.cell(row=tr + 1, column=3, value=f"=COUNTA(C{tr}:C{tr})").font = bold
    ws.cell(row=tr + 1, column=3).number_format = "#,##0"
    ws.cell(row=tr + 1, column=10, value=f"=SUM(J{tr}:J{tr})").font = bold
    ws.cell(row=tr + 1, column=10).number_format = "0.0"
    for col in range(1, 12):
        ws.cell(row=tr + 1, column=col).border = Border(top=side("double", NAVY), bottom=side("thin", NAVY))
    ws.cell(row=tr + 3, column=1, value=L["note"]).font = Font(name=font, size=9, italic=True, color="FF595959")
    ws.merge_cells(start_row=tr + 3, start_column=1, end_row=tr + 3, end_column=11)
    # drop-down on the review column of the template row
    dv = DataValidation(type="list", formula1='"' + L["review_choices"] + '"', allow_blank=True,
                        showErrorMessage=True, errorTitle="Review", error="OK / NG")
    dv.add(f"I{tr}")
    ws.add_data_validation(dv)
    if variant == "fixture":
        dv2 = DataValidation(type="decimal", operator="between", formula1="0", formula2="100", allow_blank=True)
        dv2.add(f"J{tr}")
        ws.add_data_validation(dv2)
    # undocumented rows in red; 'needs fix' reviews in orange
    ws.conditional_formatting.add(
        f"A{tr}:K{tr}",
        FormulaRule(formula=[f'$D{tr}=""'], fill=PatternFill("solid", bgColor="FFFFC7CE"),
                    font=Font(color="FF9C0006")))
    ws.conditional_formatting.add(
        f"I{tr}", CellIsRule(operator="equal", formula=['"' + L["review_choices"].split(",")[1] + '"'],
                             fill=PatternFill("solid", bgColor="FFFFEB9C")))
    ws.freeze_panes = f"D{tr}" if variant == "fixture" else f"A{tr}"
    ws.auto_filter.ref = f"A{hr}:L{tr}"
    print_setup(ws, lang, title_rows=f"{hr}:{hr}", area=f"A1:K{tr + 3}")
    wb.defined_names[L["defined_name"]] = DefinedName(
        L["defined_name"], attr_text=f"'{L['sheets']['functions']}'!$A${hr}:$K${tr}")

    # ---------------------------------------------------------------------------------------------------- per type
    ws = wb.create_sheet(L["sheets"]["type"])
    ws.sheet_properties.tabColor = "FF4472C4"
    for col, w in {"A": 16, "B": 28, "C": 44, "D": 36, "E": 10, "F": 20}.items():
        ws.column_dimensions[col].width = w
    ws.merge_cells("A1:F1")
    ws["A1"].value = L["type_title"]
    ws["A1"].font = Font(name=font, size=14, bold=True, color="FFFFFFFF")
    ws["A1"].fill = header_fill
    ws["A1"].alignment = Alignment(horizontal="center", vertical="center")
    ws.row_dimensions[1].height = 26
    values = ["{{type.name}}", "{{type.kind}}", "{{type.module}}", "{{type.file}}", "{{type.inheritedTypes}}",
              "{{type.summary}}", "{{type.functions}}"]
    for i, (label, value) in enumerate(zip(L["type_labels"], values)):
        r = 3 + i
        lc = ws.cell(row=r, column=1, value=label)
        lc.font = bold
        lc.fill = label_fill
        lc.border = box()
        lc.alignment = Alignment(vertical="top")
        ws.merge_cells(start_row=r, start_column=2, end_row=r, end_column=6)
        for col in range(2, 7):
            ws.cell(row=r, column=col).border = box()
        vc = ws.cell(row=r, column=2, value=value)
        vc.font = Font(name=font, size=10, bold=(i == 0))
        vc.alignment = Alignment(horizontal="left", vertical="top", wrap_text=True)
    ws.row_dimensions[8].height = 30
    hr = 11
    ws.row_dimensions[hr].height = 22
    for col, label in enumerate(L["type_headers"], start=1):
        cell = ws.cell(row=hr, column=col, value=label)
        cell.font = white_bold
        cell.fill = header_fill
        cell.alignment = center
        cell.border = box()
    tr = hr + 1
    ws.row_dimensions[tr].height = 30
    for col, value in enumerate(["{{function.number}}", "{{function.name}}", "{{function.signature}}",
                                 "{{function.summary}}", "{{function.access}}", "{{function.blank}}"], start=1):
        cell = ws.cell(row=tr, column=col, value=value)
        cell.font = base
        cell.border = box()
        cell.alignment = top_left if col > 1 else top_center
    ws.cell(row=tr, column=3).font = Font(name="Consolas", size=9)
    ws.cell(row=tr + 1, column=1, value=L["type_count"]).font = bold
    ws.cell(row=tr + 1, column=2, value=f"=COUNTA(B{tr}:B{tr})").font = bold
    ws.freeze_panes = f"A{tr}"
    print_setup(ws, lang, title_rows=f"{hr}:{hr}")

    # ---------------------------------------------------------------------------------------------------- settings
    ws = wb.create_sheet("docsheet")
    ws.sheet_state = "hidden"
    ws.column_dimensions["A"].width = 16
    ws.column_dimensions["B"].width = 30
    ws.column_dimensions["C"].width = 20
    rows = [("setting", "value")]
    if lang == "en":
        rows += [("min_access", "internal"), ("sort", "file, line"), ("exclude_tests", "true"),
                 ("kinds", "method, initializer, function", L["sheets"]["functions"])]
    else:
        rows += [("min_access", "internal"), ("sort", "file, line"), ("exclude_tests", "true")]
    for r in rows:
        ws.append(list(r))
    for cell in ws[1]:
        cell.font = Font(bold=True)
    wb.active = 0
    return wb


def save(wb, path):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    wb.save(path)
    normalise_zip(path)
    print(f"wrote {os.path.relpath(path, ROOT)} ({os.path.getsize(path)} bytes)")


def normalise_zip(path):
    """Fixed timestamps inside the zip so a re-run gives the same bytes (openpyxl stamps 'now')."""
    with zipfile.ZipFile(path) as z:
        entries = [(info, z.read(info.filename)) for info in z.infolist()]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for info, data in entries:
            if info.filename == "docProps/core.xml":
                # LibreOffice stamps the conversion time; keep the document's fixed date instead
                data = re.sub(rb"(<dcterms:modified[^>]*>)[^<]*(</dcterms:modified>)",
                              rb"\g<1>2024-04-01T09:00:00Z\g<2>", data)
            fixed = zipfile.ZipInfo(info.filename, date_time=(2024, 4, 1, 9, 0, 0))
            fixed.compress_type = zipfile.ZIP_DEFLATED
            fixed.external_attr = info.external_attr
            z.writestr(fixed, data)


# --------------------------------------------------------------------------------------------------------------------
# Block forms: a 方眼紙 クラス仕様書 and a Vietnamese list with two-row function blocks
# --------------------------------------------------------------------------------------------------------------------

def _workbook(title, creator):
    wb = Workbook()
    wb.properties.creator = creator
    wb.properties.title = title
    wb.properties.lastModifiedBy = creator
    wb.properties.created = FIXED_TIME
    wb.properties.modified = FIXED_TIME
    return wb


def _field(ws, cells, value=None, font=None, fill=None, align=None, border=None, number_format=None):
    """Merges `cells` (an A1 range) when it spans more than one cell, styles every cell of it and sets the value."""
    if ":" in cells:
        ws.merge_cells(cells)
    first = ws[cells.split(":")[0]]
    for row in ws[cells] if ":" in cells else [[first]]:
        for cell in row:
            cell.border = border or box()
            if font:
                cell.font = font
            if fill:
                cell.fill = fill
            if align:
                cell.alignment = align
    first.value = value
    if number_format:
        first.number_format = number_format
    return first


def build_hougan():
    """A Japanese クラス仕様書 drawn on Excel 方眼紙: 44 equal narrow columns, every field a horizontal merge.

    One sheet per type ({{type.name}}): header fields, a property table (one row per property), three-row method
    blocks (number merged down the block, name/access/return type, the summary merged wide, a row per parameter), a
    closing row with a COUNTA over the method names, and the type's class diagram ({{type.diagram}}) in a merged
    frame. A second sheet lists every property of the project."""
    font = "Yu Gothic"
    wb = _workbook("{{project}} クラス仕様書", "山田 太郎")
    base = Font(name=font, size=9)
    bold = Font(name=font, size=9, bold=True)
    white = Font(name=font, size=9, bold=True, color="FFFFFFFF")
    head = PatternFill("solid", fgColor=NAVY)
    label = PatternFill("solid", fgColor=LIGHT)
    middle = Alignment(horizontal="left", vertical="center", wrap_text=True)
    centre = Alignment(horizontal="center", vertical="center", wrap_text=True)
    top = Alignment(horizontal="left", vertical="top", wrap_text=True)

    ws = wb.active
    ws.title = "{{type.name}}"
    ws.sheet_view.showGridLines = False
    ws.sheet_format.defaultRowHeight = 15
    for col in range(1, 45):
        ws.column_dimensions[openpyxl_column(col)].width = 2.7
    ws.row_dimensions[1].height = 24
    _field(ws, "A1:AR1", "クラス仕様書", font=Font(name=font, size=14, bold=True, color=NAVY), align=centre,
           border=Border(bottom=side("medium", NAVY)))
    _field(ws, "AF2:AR2", "{{project}} / {{date}}", font=Font(name=font, size=8, color="FF595959"),
           align=Alignment(horizontal="right"), border=Border())
    # header fields: label (6 columns) and value
    header = [
        (3, [("A3:F3", "クラス名"), ("G3:V3", "{{type.name}}"), ("W3:AB3", "種別"), ("AC3:AR3", "{{type.kind}}")]),
        (4, [("A4:F4", "モジュール"), ("G4:V4", "{{type.module}}"), ("W4:AB4", "継承元"), ("AC4:AR4", "{{type.superclass}}")]),
        (5, [("A5:F5", "準拠プロトコル"), ("G5:AR5", "{{type.conformances}}")]),
        (6, [("A6:F6", "概要"), ("G6:AR6", "{{type.summary}}")]),
        (7, [("A7:F7", "プロパティ数"), ("G7:V7", "{{type.properties}}"), ("W7:AB7", "メソッド数"), ("AC7:AR7", "{{type.functions}}")]),
    ]
    for row, fields in header:
        for index, (cells, value) in enumerate(fields):
            if index % 2 == 0:
                _field(ws, cells, value, font=bold, fill=label, align=middle)
            else:
                _field(ws, cells, value, font=base, align=middle, number_format="#,##0" if "}}" in value and value in (
                    "{{type.properties}}", "{{type.functions}}") else None)
    ws.row_dimensions[6].height = 30
    # property table
    _field(ws, "A9:AR9", "プロパティ一覧", font=white, fill=head, align=middle)
    columns = [("A10:B10", "No."), ("C10:L10", "プロパティ名"), ("M10:T10", "型"), ("U10:Y10", "アクセス"),
               ("Z10:AE10", "初期値"), ("AF10:AR10", "説明")]
    for cells, value in columns:
        _field(ws, cells, value, font=bold, fill=label, align=centre)
    row11 = [("A11:B11", "{{property.number}}", centre), ("C11:L11", "{{property.name}}", middle),
             ("M11:T11", "{{property.type}}", middle), ("U11:Y11", "{{property.access}}", centre),
             ("Z11:AE11", "{{property.defaultValue}}", middle), ("AF11:AR11", "{{property.summary}}", top)]
    for cells, value, align in row11:
        _field(ws, cells, value, font=base, align=align)
    # method blocks
    _field(ws, "A13:AR13", "メソッド一覧", font=white, fill=head, align=middle)
    for cells, value in [("A14:B14", "No."), ("C14:P14", "メソッド名"), ("Q14:U14", "アクセス"), ("V14:AE14", "戻り値"),
                         ("AF14:AR14", "種類")]:
        _field(ws, cells, value, font=bold, fill=label, align=centre)
    _field(ws, "A15:B17", "{{function.number}}", font=bold, align=Alignment(horizontal="center", vertical="top"))
    _field(ws, "C15:P15", "{{function.name}}", font=bold, align=middle)
    _field(ws, "Q15:U15", "{{function.access}}", font=base, align=centre)
    _field(ws, "V15:AE15", "{{function.returnType}}", font=base, align=middle)
    _field(ws, "AF15:AR15", "{{function.kind}}", font=base, align=centre)
    _field(ws, "C16", None, font=base)
    _field(ws, "D16:G16", "概要", font=bold, fill=label, align=middle)
    _field(ws, "H16:AR16", "{{function.summary}}", font=base, align=top)
    ws.row_dimensions[16].height = 30
    _field(ws, "C17", None, font=base)
    _field(ws, "D17:G17", "引数", font=bold, fill=label, align=middle)
    _field(ws, "H17:O17", "{{parameter.name}}", font=base, align=middle)
    _field(ws, "P17:W17", "{{parameter.type}}", font=base, align=middle)
    _field(ws, "X17:AR17", "{{parameter.description}}", font=base, align=top)
    # closing row: the number of methods, counted over the method names
    _field(ws, "A18:P18", "メソッド数（集計）", font=bold, fill=label, align=Alignment(horizontal="right", vertical="center"))
    _field(ws, "Q18:U18", "=COUNTA(C15:C17)", font=bold, align=centre)
    _field(ws, "V18:AR18", "以上", font=base, align=Alignment(horizontal="right", vertical="center"))
    ws["A20"].value = "※ 本書は {{tool}} により生成されました。"
    ws["A20"].font = Font(name=font, size=8, italic=True, color="FF595959")
    # the class diagram: a picture at the marker, fitted into the merged frame
    _field(ws, "A22:AR22", "クラス図", font=white, fill=head, align=middle)
    _field(ws, "A23:AR38", "{{type.diagram}}", font=base, align=Alignment(horizontal="left", vertical="top"))
    dv = DataValidation(type="list", formula1='"public,open,internal,private,fileprivate,package"', allow_blank=True)
    ws.add_data_validation(dv)
    dv.add("Q15")
    ws.conditional_formatting.add("H16:AR16", FormulaRule(formula=['$H16=""'], fill=PatternFill("solid", bgColor="FFFFC7CE")))
    ws.page_setup.orientation = "portrait"
    ws.page_setup.paperSize = ws.PAPERSIZE_A4
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    ws.sheet_properties.pageSetUpPr = PageSetupProperties(fitToPage=True)
    ws.page_margins.left = ws.page_margins.right = 0.4
    ws.print_options.horizontalCentered = True
    ws.oddHeader.right.text = "&A"
    ws.oddFooter.center.text = "&P / &N"
    ws.print_area = "A1:AR38"
    ws.print_title_rows = "14:14"

    # every property of the project, on the same grid
    ws = wb.create_sheet("プロパティ一覧")
    ws.sheet_view.showGridLines = False
    for col in range(1, 45):
        ws.column_dimensions[openpyxl_column(col)].width = 2.7
    _field(ws, "A1:AR1", "{{project}} プロパティ一覧", font=Font(name=font, size=14, bold=True, color=NAVY), align=centre,
           border=Border(bottom=side("medium", NAVY)))
    for cells, value in [("A3:B3", "No."), ("C3:P3", "型.プロパティ"), ("Q3:Z3", "型"), ("AA3:AE3", "アクセス"), ("AF3:AR3", "説明")]:
        _field(ws, cells, value, font=bold, fill=label, align=centre)
    for cells, value in [("A4:B4", "{{property.number}}"), ("C4:P4", "{{property.qualifiedName}}"), ("Q4:Z4", "{{property.type}}"),
                         ("AA4:AE4", "{{property.access}}"), ("AF4:AR4", "{{property.summary}}")]:
        _field(ws, cells, value, font=base, align=middle)
    _field(ws, "A5:P5", "合計", font=bold, fill=label, align=Alignment(horizontal="right"))
    _field(ws, "Q5:Z5", "=COUNTA(C4:C4)", font=bold, align=centre)
    ws.print_area = "A1:AR5"

    ws = wb.create_sheet("docsheet")
    ws.sheet_state = "hidden"
    for r in [("setting", "value"), ("min_access", "internal"), ("exclude_tests", "true")]:
        ws.append(list(r))
    wb.active = 0
    return wb


def build_vi_blocks():
    """A Vietnamese function list whose functions are two-row blocks: number merged over both rows, name, return type
    and access on the first, the description merged wide on the second."""
    font = "Arial"
    wb = _workbook("{{project}} — Danh sách hàm", "Nguyễn Văn An")
    base = Font(name=font, size=10)
    bold = Font(name=font, size=10, bold=True)
    head = PatternFill("solid", fgColor=LIGHT)
    middle = Alignment(horizontal="left", vertical="center", wrap_text=True)
    centre = Alignment(horizontal="center", vertical="center")
    ws = wb.active
    ws.title = "Danh sách hàm"
    for col, width in {"A": 6, "B": 12, "C": 30, "D": 18, "E": 12}.items():
        ws.column_dimensions[col].width = width
    _field(ws, "A1:E1", "{{project}} — Danh sách hàm", font=Font(name=font, size=14, bold=True, color=NAVY), border=Border())
    for cells, value in [("A3", "STT"), ("B3:C3", "Tên hàm"), ("D3", "Kiểu trả về"), ("E3", "Truy cập")]:
        _field(ws, cells, value, font=bold, fill=head, align=centre)
    _field(ws, "A4:A5", "{{function.number}}", font=base, align=Alignment(horizontal="center", vertical="top"))
    _field(ws, "B4:C4", "{{function.qualifiedName}}", font=bold, align=middle)
    _field(ws, "D4", "{{function.returnType}}", font=base, align=middle)
    _field(ws, "E4", "{{function.access}}", font=base, align=centre)
    _field(ws, "B5", "Mô tả", font=Font(name=font, size=9, italic=True), align=middle)
    _field(ws, "C5:E5", "{{function.summary}}", font=base, align=Alignment(horizontal="left", vertical="top", wrap_text=True))
    ws.row_dimensions[5].height = 28
    _field(ws, "A7:C7", "Tổng số hàm", font=bold, fill=head, align=Alignment(horizontal="right"))
    _field(ws, "D7", "=COUNT(A4:A5)", font=bold, align=centre)
    ws.conditional_formatting.add("C5:E5", FormulaRule(formula=['$C5=""'], fill=PatternFill("solid", bgColor="FFFFC7CE")))
    ws.print_area = "A1:E7"
    ws.print_title_rows = "3:3"
    ws.freeze_panes = "A4"
    return wb


# --------------------------------------------------------------------------------------------------------------------
# LibreOffice round trip
# --------------------------------------------------------------------------------------------------------------------

def libreoffice_convert(src, outdir):
    os.makedirs(outdir, exist_ok=True)
    profile = tempfile.mkdtemp(prefix=f"lo-profile-{os.getpid()}-")
    with tempfile.TemporaryDirectory() as work:
        # convert from a copy in a scratch folder, so the output name never clashes with the input
        copy = os.path.join(work, "in", os.path.basename(src))
        os.makedirs(os.path.dirname(copy))
        shutil.copy(src, copy)
        cmd = ["soffice", f"-env:UserInstallation=file://{profile}", "--headless", "--norestore",
               "--convert-to", "xlsx:Calc MS Excel 2007 XML", "--outdir", work, copy]
        subprocess.run(cmd, check=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=300)
        out = os.path.join(outdir, os.path.basename(src))
        shutil.copy(os.path.join(work, os.path.basename(src)), out)
    shutil.rmtree(profile, ignore_errors=True)
    normalise_zip(out)
    print(f"wrote {os.path.relpath(out, ROOT)} ({os.path.getsize(out)} bytes, LibreOffice)")


# --------------------------------------------------------------------------------------------------------------------
# Excel-made workbooks: markers added by a minimal edit of the XML parts, every other part kept byte for byte
# --------------------------------------------------------------------------------------------------------------------

MAIN_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"

# original file -> (marked file, {shared string: replacement}, {part: [(old bytes, new bytes)]})
EXCEL_EDITS = {
    "merged-line-original.xlsx": ("merged-line-marked.xlsx", {
        "Merged Line Tables test": "{{project}} — function list",
        "Name(2 col merged)": "Function",
        "Score(3 col merged)": "Summary",
        "Extra": "Line",
        "${score_first.name}": "(functions of {{project}})",
        "${score_first.score}": "{{functions}} functions, {{documented}} documented",
        "${table:scores.name}": "{{function.name}}",
        "${table:scores.score}": "{{function.summary}}",
        "${table:scores.extra}": "{{function.line}}",
        "${score_last.name}": "End of list",
        "${score_last.score}": "Generated by {{tool}}",
        "Second Table": "Types",
        "${score2_first.name}": "(types of {{project}})",
        "${score2_first.score}": "{{types}} types",
        "${table:scores2.name}": "{{type.name}}",
        "${table:scores2.score}": "{{type.summary}}",
        "${table:scores2.extra}": "{{type.functions}}",
        "${score2_last.name}": "End of types",
        "${score2_last.score}": "{{date}}",
    }, {}),
    "header-footer-original.xlsx": ("header-footer-marked.xlsx", {
        "Tables test": "{{project}} inventory",
        "Age": "Line",
        "Score": "Kind",
        "${table:ages.name}": "{{function.name}}",
        "${table:ages.age}": "{{function.line}}",
        "${table:scores.name}": "{{function.type}}",
        "${table:scores.score}": "{{function.kind}}",
        "x": "Module",
        "y": "Functions",
        "${table:coords.x}": "{{module.name}}",
        "${table:coords.y}": "{{module.functions}}",
        "Dates list": "Functions",
        "${table:dates.name}": "{{file.name}}",
        "${table:dates.dates}": "{{file.functions}}",
    }, {
        "xl/worksheets/sheet1.xml": [
            (b"<oddHeader>&amp;L1&amp;C2&amp;P&amp;N&amp;D&amp;T&amp;Z&amp;F&amp;F&amp;A&amp;R333</oddHeader>",
             b"<oddHeader>&amp;L{{project}}&amp;C&amp;P / &amp;N&amp;R{{date}}</oddHeader>"),
            (b"<oddFooter>&amp;Lx&amp;Cy&amp;Rz</oddFooter>",
             b"<oddFooter>&amp;L{{tool}}&amp;C&amp;A&amp;R{{version}}</oddFooter>"),
        ],
    }),
}


def mark_excel_file(src, dst, strings, raw_edits):
    """Replaces shared strings (by their whole text) and a few raw byte sequences; keeps every other part,
    the part order, the compression and the zip entry metadata."""
    from lxml import etree
    with zipfile.ZipFile(src) as z:
        infos = z.infolist()
        parts = {info.filename: z.read(info.filename) for info in infos}
    sst_xml = parts["xl/sharedStrings.xml"]
    tree = etree.fromstring(sst_xml)
    done = set()
    new_sst = sst_xml
    for si in tree.findall(f"{{{MAIN_NS}}}si"):
        t = si.find(f"{{{MAIN_NS}}}t")
        if t is None or t.text not in strings:
            continue
        old = etree.tostring(t, encoding="unicode").replace(f' xmlns="{MAIN_NS}"', "")
        new_text = strings[t.text].replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        new = old.replace(">" + t.text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;") + "<",
                          ">" + new_text + "<", 1)
        old_b, new_b = old.encode(), new.encode()
        if new_sst.count(old_b) != 1:
            raise SystemExit(f"{src}: shared string {t.text!r} is not unique in the part")
        new_sst = new_sst.replace(old_b, new_b)
        done.add(t.text)
    missing = set(strings) - done
    if missing:
        raise SystemExit(f"{src}: shared strings not found: {sorted(missing)}")
    etree.fromstring(new_sst)  # still well-formed
    parts["xl/sharedStrings.xml"] = new_sst
    for part, edits in raw_edits.items():
        data = parts[part]
        for old, new in edits:
            if data.count(old) != 1:
                raise SystemExit(f"{src}: {part}: expected exactly one {old!r}")
            data = data.replace(old, new)
        etree.fromstring(data)
        parts[part] = data
    with zipfile.ZipFile(dst, "w") as out:
        for info in infos:
            out.writestr(info, parts[info.filename], compress_type=info.compress_type)
    print(f"wrote {os.path.relpath(dst, ROOT)} ({os.path.getsize(dst)} bytes, markers added to Excel's XML)")


def make_excel_marked():
    folder = os.path.join(FIXTURES, "excel")
    for original, (marked, strings, raw) in EXCEL_EDITS.items():
        src = os.path.join(folder, original)
        if not os.path.exists(src):
            print(f"skipped {original}: not present", file=sys.stderr)
            continue
        mark_excel_file(src, os.path.join(folder, marked), strings, raw)


# --------------------------------------------------------------------------------------------------------------------

LOGO_PATH = os.path.join(FIXTURES, "openpyxl", "logo.png")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", action="append", choices=["openpyxl", "libreoffice", "excel", "samples"])
    parser.add_argument("--no-libreoffice", action="store_true")
    args = parser.parse_args()
    only = set(args.only or ["openpyxl", "libreoffice", "excel", "samples"])
    os.makedirs(os.path.dirname(LOGO_PATH), exist_ok=True)
    make_logo(LOGO_PATH)
    made = []
    if "openpyxl" in only or "libreoffice" in only:
        for lang, name in (("ja", "ja-shosai-sekkeisho.xlsx"), ("en", "en-detailed-design.xlsx")):
            path = os.path.join(FIXTURES, "openpyxl", name)
            save(build(lang, "fixture"), path)
            made.append(path)
        for name, builder in (("ja-hougan-class-spec.xlsx", build_hougan), ("vi-function-blocks.xlsx", build_vi_blocks)):
            path = os.path.join(FIXTURES, "openpyxl", name)
            save(builder(), path)
            made.append(path)
    if "libreoffice" in only and not args.no_libreoffice:
        if shutil.which("soffice") is None:
            print("soffice not found: LibreOffice copies not made", file=sys.stderr)
        else:
            for path in made:
                libreoffice_convert(path, os.path.join(FIXTURES, "libreoffice"))
    if "excel" in only:
        make_excel_marked()
    if "samples" in only:
        save(build("ja", "sample"), os.path.join(SAMPLES, "ja-shosai-sekkeisho.xlsx"))
        save(build("vi", "sample"), os.path.join(SAMPLES, "vi-thiet-ke-chi-tiet.xlsx"))


if __name__ == "__main__":
    main()

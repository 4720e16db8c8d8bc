/*
 * xlsx_floor: the workbook's floor for the benchmark (Benchmarks/README.md, "The workbook's floor").
 *
 *     xlsx_floor CELLS.txt OUTPUT.xlsx
 *
 * Writes the cells of CELLS.txt (made by dump_cells.py from the workbook DocSheet wrote), with the same formats,
 * column widths, merged ranges, links, frozen panes and autofilters, through libxlsxwriter in constant-memory mode,
 * and nothing else: no planning, no text preparation, no checks. The list is read and parsed into memory first; the
 * time printed on stdout ("write <seconds>") runs from workbook_new_opt to the end of workbook_close, the span that
 * DocSheet's `write` phase spends in libxlsxwriter plus everything DocSheet does around it.
 *
 * Built by scripts/bench with `cc -O2 xlsx_floor.c $(pkg-config --cflags --libs xlsxwriter)`.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "xlsxwriter.h"

/* One record of the list: its kind letter and its tab-separated fields, unescaped in place. */
typedef struct {
    char kind;
    int count;
    char **fields;
} record;

static void fail(const char *what, const char *detail) {
    fprintf(stderr, "xlsx_floor: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
    exit(1);
}

/* Undoes dump_cells.py's escapes (\t \n \r \\) in place. */
static void unescape(char *text) {
    char *out = text;
    for (char *in = text; *in; in++) {
        if (*in == '\\' && in[1]) {
            in++;
            *out++ = *in == 't' ? '\t' : *in == 'n' ? '\n' : *in == 'r' ? '\r' : *in;
        } else {
            *out++ = *in;
        }
    }
    *out = '\0';
}

/* Reads the whole list and splits it into records (the file's buffer is kept: the fields point into it). */
static record *read_records(const char *path, size_t *count) {
    FILE *file = fopen(path, "rb");
    if (!file) fail("cannot open the cell list", path);
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    rewind(file);
    char *buffer = malloc((size_t)size + 1);
    if (!buffer || fread(buffer, 1, (size_t)size, file) != (size_t)size) fail("cannot read the cell list", path);
    buffer[size] = '\0';
    fclose(file);
    size_t lines = 0;
    for (long i = 0; i < size; i++) lines += buffer[i] == '\n';
    record *records = calloc(lines + 1, sizeof(record));
    size_t used = 0;
    for (char *line = buffer; line && *line;) {
        char *end = strchr(line, '\n');
        if (end) *end = '\0';
        int fields = 1;
        for (char *c = line; *c; c++) fields += *c == '\t';
        record *r = &records[used++];
        r->kind = line[0];
        r->fields = malloc(sizeof(char *) * (size_t)fields);
        r->count = 0;
        char *field = line;
        for (;;) {
            char *tab = strchr(field, '\t');
            if (tab) *tab = '\0';
            if (field != line) {
                unescape(field);
                r->fields[r->count++] = field;
            }
            if (!tab) break;
            field = tab + 1;
        }
        line = end ? end + 1 : NULL;
    }
    *count = used;
    return records;
}

static int lookup(const char *name, const char *const *names, int count) {
    for (int i = 0; i < count; i++)
        if (strcmp(name, names[i]) == 0) return i;
    return 0;
}

static const char *const patterns[] = {"none", "solid", "mediumGray", "darkGray", "lightGray", "darkHorizontal",
                                       "darkVertical", "darkDown", "darkUp", "darkGrid", "darkTrellis",
                                       "lightHorizontal", "lightVertical", "lightDown", "lightUp", "lightGrid",
                                       "lightTrellis", "gray125", "gray0625"};
static const char *const borders[] = {"none", "thin", "medium", "dashed", "dotted", "thick", "double", "hair",
                                      "mediumDashed", "dashDot", "mediumDashDot", "dashDotDot", "mediumDashDotDot",
                                      "slantDashDot"};
static const char *const horizontals[] = {"general", "left", "center", "right", "fill", "justify",
                                          "centerContinuous", "distributed"};
static const char *const verticals[] = {"top", "bottom", "center", "justify", "distributed"};

/* A libxlsxwriter format with the properties of one F record (key=value fields). */
static lxw_format *make_format(lxw_workbook *workbook, const record *r) {
    lxw_format *format = workbook_add_format(workbook);
    const char *fg = NULL, *bg = NULL;
    int pattern = 0;
    for (int i = 1; i < r->count; i++) {
        char *key = r->fields[i], *value = strchr(key, '=');
        if (!value) continue;
        *value++ = '\0';
        lxw_color_t color = (lxw_color_t)strtoul(value, NULL, 16);
        if (!strcmp(key, "font")) format_set_font_name(format, value);
        else if (!strcmp(key, "size")) format_set_font_size(format, atof(value));
        else if (!strcmp(key, "b")) format_set_bold(format);
        else if (!strcmp(key, "i")) format_set_italic(format);
        else if (!strcmp(key, "strike")) format_set_font_strikeout(format);
        else if (!strcmp(key, "u")) format_set_underline(format, (uint8_t)atoi(value));
        else if (!strcmp(key, "color")) format_set_font_color(format, color ? color : LXW_COLOR_BLACK);
        else if (!strcmp(key, "pattern")) pattern = lookup(value, patterns, 19);
        else if (!strcmp(key, "fg")) fg = value;
        else if (!strcmp(key, "bg")) bg = value;
        else if (!strcmp(key, "left")) format_set_left(format, (uint8_t)lookup(value, borders, 14));
        else if (!strcmp(key, "right")) format_set_right(format, (uint8_t)lookup(value, borders, 14));
        else if (!strcmp(key, "top")) format_set_top(format, (uint8_t)lookup(value, borders, 14));
        else if (!strcmp(key, "bottom")) format_set_bottom(format, (uint8_t)lookup(value, borders, 14));
        else if (!strcmp(key, "left_color")) format_set_left_color(format, color ? color : LXW_COLOR_BLACK);
        else if (!strcmp(key, "right_color")) format_set_right_color(format, color ? color : LXW_COLOR_BLACK);
        else if (!strcmp(key, "top_color")) format_set_top_color(format, color ? color : LXW_COLOR_BLACK);
        else if (!strcmp(key, "bottom_color")) format_set_bottom_color(format, color ? color : LXW_COLOR_BLACK);
        else if (!strcmp(key, "num_format")) format_set_num_format(format, value);
        else if (!strcmp(key, "num_index")) format_set_num_format_index(format, (uint8_t)atoi(value));
        else if (!strcmp(key, "horizontal")) format_set_align(format, (uint8_t)lookup(value, horizontals, 8));
        else if (!strcmp(key, "vertical")) format_set_align(format, (uint8_t)(LXW_ALIGN_VERTICAL_TOP + lookup(value, verticals, 5)));
        else if (!strcmp(key, "wrap")) format_set_text_wrap(format);
        else if (!strcmp(key, "shrink")) format_set_shrink(format);
        else if (!strcmp(key, "indent")) format_set_indent(format, (uint8_t)atoi(value));
        else if (!strcmp(key, "textRotation")) format_set_rotation(format, (int16_t)atoi(value));
        else if (!strcmp(key, "unlocked")) format_set_unlocked(format);
        else if (!strcmp(key, "hidden")) format_set_hidden(format);
    }
    if (pattern) {
        format_set_pattern(format, (uint8_t)pattern);
        /* libxlsxwriter writes a solid fill's colour given as the background colour into fgColor, as the file has it. */
        if (pattern == LXW_PATTERN_SOLID) {
            if (fg) format_set_bg_color(format, (lxw_color_t)strtoul(fg, NULL, 16) ? (lxw_color_t)strtoul(fg, NULL, 16) : LXW_COLOR_BLACK);
        } else {
            if (fg) format_set_fg_color(format, (lxw_color_t)strtoul(fg, NULL, 16) ? (lxw_color_t)strtoul(fg, NULL, 16) : LXW_COLOR_BLACK);
            if (bg) format_set_bg_color(format, (lxw_color_t)strtoul(bg, NULL, 16) ? (lxw_color_t)strtoul(bg, NULL, 16) : LXW_COLOR_BLACK);
        }
    }
    return format;
}

static void check(lxw_error error, const char *what) {
    if (error != LXW_NO_ERROR) fail(what, lxw_strerror(error));
}

int main(int argc, char **argv) {
    if (argc != 3) fail("usage: xlsx_floor CELLS.txt OUTPUT.xlsx", NULL);
    size_t count = 0;
    record *records = read_records(argv[1], &count);
    size_t format_count = 0;
    for (size_t i = 0; i < count; i++) format_count += records[i].kind == 'F';

    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    lxw_workbook_options options = {.constant_memory = LXW_TRUE, .tmpdir = NULL, .use_zip64 = LXW_TRUE};
    lxw_workbook *workbook = workbook_new_opt(argv[2], &options);
    if (!workbook) fail("cannot create the workbook", argv[2]);
    lxw_format **formats = calloc(format_count + 1, sizeof(lxw_format *));
    lxw_worksheet *sheet = NULL;
    int first_visible_done = 0;
    for (size_t i = 0; i < count; i++) {
        const record *r = &records[i];
        char **f = r->fields;
        int style = 0;
        switch (r->kind) {
        case 'F': {
            size_t index = (size_t)atol(f[0]);
            /* Index 0 is the default format: cells without a format are written with none, as DocSheet does. */
            if (index > 0 && index <= format_count) formats[index] = make_format(workbook, r);
            break;
        }
        case 'S':
            sheet = workbook_add_worksheet(workbook, f[0]);
            if (!sheet) fail("cannot add the sheet", f[0]);
            if (atoi(f[1])) worksheet_hide(sheet);
            else if (!first_visible_done) { worksheet_activate(sheet); first_visible_done = 1; }
            break;
        case 'W': {
            lxw_row_col_options column = {.hidden = (uint8_t)atoi(f[4])};
            /* The stored width includes Excel's padding (5 pixels of a 7-pixel digit), which libxlsxwriter adds. */
            double width = atof(f[2]);
            width = width > 1.0 + 5.0 / 7.0 ? width - 5.0 / 7.0 : width;
            style = atoi(f[3]);
            check(worksheet_set_column_opt(sheet, (lxw_col_t)atoi(f[0]), (lxw_col_t)atoi(f[1]), width,
                                           style > 0 ? formats[style] : NULL, &column), "setting a column");
            break;
        }
        case 'P':
            worksheet_freeze_panes(sheet, (lxw_row_t)atoi(f[0]), (lxw_col_t)atoi(f[1]));
            break;
        case 'A':
            check(worksheet_autofilter(sheet, (lxw_row_t)atoi(f[0]), (lxw_col_t)atoi(f[1]), (lxw_row_t)atoi(f[2]),
                                       (lxw_col_t)atoi(f[3])), "setting the autofilter");
            break;
        case 'M':
            check(worksheet_merge_range(sheet, (lxw_row_t)atoi(f[0]), (lxw_col_t)atoi(f[1]), (lxw_row_t)atoi(f[2]),
                                        (lxw_col_t)atoi(f[3]), "", NULL), "merging a range");
            break;
        case 'R': {
            lxw_row_col_options row = {.hidden = (uint8_t)atoi(f[3])};
            style = atoi(f[2]);
            check(worksheet_set_row_opt(sheet, (lxw_row_t)atol(f[0]), atof(f[1]), style > 0 ? formats[style] : NULL, &row),
                  "setting a row");
            break;
        }
        case 'C': {
            lxw_row_t row = (lxw_row_t)atol(f[0]);
            lxw_col_t col = (lxw_col_t)atoi(f[1]);
            style = atoi(f[2]);
            lxw_format *format = style > 0 ? formats[style] : NULL;
            switch (f[3][0]) {
            case 's': check(worksheet_write_string(sheet, row, col, f[4], format), "writing a text"); break;
            case 'n': check(worksheet_write_number(sheet, row, col, atof(f[4]), format), "writing a number"); break;
            case 'b': check(worksheet_write_boolean(sheet, row, col, atoi(f[4]), format), "writing a Boolean"); break;
            case 'f': check(worksheet_write_formula(sheet, row, col, f[4], format), "writing a formula"); break;
            default: check(worksheet_write_blank(sheet, row, col, format), "writing a blank"); break;
            }
            break;
        }
        case 'L': {
            style = atoi(f[2]);
            check(worksheet_write_url_opt(sheet, (lxw_row_t)atol(f[0]), (lxw_col_t)atoi(f[1]), f[3],
                                          style > 0 ? formats[style] : NULL, f[4], NULL), "writing a link");
            break;
        }
        default:
            break;
        }
    }
    check(workbook_close(workbook), "writing the workbook");
    clock_gettime(CLOCK_MONOTONIC, &end);
    printf("write %.3f\n", (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) / 1e9);
    return 0;
}

/* diff_report.c - a diff as readable text, as Markdown for a pull request,
 * or as JSON for tools (diff.h; the JSON schema is in README.md). */
#include "diff/diff.h"
#include "load/load_facts.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "core/expr.h"
#include "core/json.h"

int diff_parse_format(const char *s, diff_format *out)
{
    static const char *const names[] = {"text", "markdown", "json"};
    for (int i = 0; i < 3; i++)
        if (strcmp(s, names[i]) == 0) {
            *out = (diff_format)i;
            return 0;
        }
    return -1;
}

/* ---- the parts every format shows ------------------------------------------ */

typedef struct counts {
    int listed[DIFF_NCLASSES], hidden[DIFF_NCLASSES];
    int nlisted, nhidden;
    int per_section[DIFF_NSECTIONS]; /* listed changes */
} counts;

static counts count(const hw_diff *df, int all, diff_classes fail_on)
{
    counts k;
    memset(&k, 0, sizeof k);
    for (int i = 0; i < df->nchanges; i++) {
        const diff_change *ch = &df->changes[i];
        if (diff_listed(ch->cls, all, fail_on)) {
            k.listed[ch->cls]++, k.nlisted++;
            k.per_section[ch->section]++;
        } else {
            k.hidden[ch->cls]++, k.nhidden++;
        }
    }
    return k;
}

/* A number as short as reads back exactly; "nan", "inf". */
static void put_number(hw_buf *b, double v)
{
    char num[40];
    if (isnan(v))
        buf_puts(b, "nan");
    else if (isinf(v))
        buf_puts(b, v < 0 ? "-inf" : "inf");
    else {
        expr_format_number(num, sizeof num, v == 0.0 ? 0.0 : v);
        buf_puts(b, num);
    }
}

/* Two results, with ten digits unless that makes them look equal. */
static void put_results(hw_buf *b, double x, double y)
{
    char sx[40], sy[40];
    snprintf(sx, sizeof sx, "%.10g", x == 0.0 ? 0.0 : x);
    snprintf(sy, sizeof sy, "%.10g", y == 0.0 ? 0.0 : y);
    if (isfinite(x) && isfinite(y) && strcmp(sx, sy) != 0) {
        buf_printf(b, "%s vs %s", sx, sy);
        return;
    }
    put_number(b, x);
    buf_puts(b, " vs ");
    put_number(b, y);
}

/* "a=1 b=0: 100 vs 1" */
static void put_witness(hw_buf *b, const diff_witness *w)
{
    for (int i = 0; i < w->n; i++) {
        buf_printf(b, "%s%s=", i ? " " : "", w->names[i]);
        put_number(b, w->values[i]);
    }
    buf_puts(b, w->n ? ": " : "no inputs: ");
    put_results(b, w->old_value, w->new_value);
}

/* What the change says beyond its values: the factor and the note. */
static void put_note(hw_buf *b, const diff_change *ch)
{
    if (ch->cls == DIFF_CLASS_SCALED)
        buf_printf(b, "new = old x %.10g", ch->factor);
    if (ch->note)
        buf_printf(b, "%s%s", b->len ? "; " : "", ch->note);
}

static const char *or_none(const char *s) { return s ? s : "none"; }

/* A class as the report names it: between two sources of one device
 * (diff_sources), where neither is a later version, what a diff calls
 * added is only in B, and removed only in A. */
static const char *class_label(const hw_diff *df, diff_class c)
{
    if (df->sources && c == DIFF_CLASS_ADDED)
        return "only in B";
    if (df->sources && c == DIFF_CLASS_REMOVED)
        return "only in A";
    return diff_class_name(c);
}

/* The n-th class in the order a report lists them: a diff's order (the
 * enum's); between two sources, what only A has before what only B has. */
static diff_class class_at(const hw_diff *df, int n)
{
    if (df->sources && n == DIFF_CLASS_ADDED)
        return DIFF_CLASS_REMOVED;
    if (df->sources && n == DIFF_CLASS_REMOVED)
        return DIFF_CLASS_ADDED;
    return (diff_class)n;
}

/* Between two values: a change from OLD to NEW, or two sources' values. */
static const char *between(const hw_diff *df) { return df->sources ? " vs " : " -> "; }

/* ---- text ---------------------------------------------------------------------- */

/* One item, one line: a line break inside a value (a description of
 * several paragraphs) is written as \n, as in the JSON it came from. */
static void text_line(hw_buf *b, const char *s)
{
    for (; *s; s++)
        if (*s == '\n')
            buf_puts(b, "\\n");
        else if (*s == '\r')
            buf_puts(b, "\\r");
        else
            buf_putc(b, *s);
}

static void text_value(hw_buf *b, const diff_change *ch, const char *s)
{
    int quoted = ch->cls == DIFF_CLASS_DESCRIBED && s;
    if (quoted)
        buf_putc(b, '"');
    text_line(b, or_none(s));
    if (quoted)
        buf_putc(b, '"');
}

static void text_change(hw_buf *b, const hw_diff *df, const diff_change *ch)
{
    buf_printf(b, "  %-11s %s", class_label(df, ch->cls), ch->name);
    if (ch->new_name)
        buf_printf(b, "%s%s", between(df), ch->new_name);
    const char *o = ch->old_text, *n = ch->new_text;
    int one = ch->one_sided || (o && n && !strcmp(o, n)) ||
              (ch->cls == DIFF_CLASS_RENAMED && (!o || !n));
    if (ch->field || o || n)
        buf_putc(b, ':');
    if (ch->field)
        buf_printf(b, " %s", ch->field);
    if (one && (o || n)) {
        buf_putc(b, ' ');
        text_value(b, ch, n ? n : o);
    } else if (!one) {
        buf_putc(b, ' ');
        text_value(b, ch, o);
        buf_puts(b, between(df));
        text_value(b, ch, n);
    }
    hw_buf note;
    buf_init(&note);
    put_note(&note, ch);
    if (note.len)
        buf_printf(b, " (%s)", note.data);
    buf_free(&note);
    if (ch->witness.names) {
        buf_printf(b, "\n  %-11s ", "");
        put_witness(b, &ch->witness);
    }
    buf_putc(b, '\n');
}

static void text_summary(hw_buf *b, const hw_diff *df, const counts *k, const char *sep)
{
    int first = 1;
    if (!k->nlisted && !k->nhidden) {
        buf_puts(b, "no changes");
        return;
    }
    for (int n = 0; n < DIFF_NCLASSES; n++) {
        diff_class c = class_at(df, n);
        if (k->listed[c]) {
            buf_printf(b, "%s%d %s", first ? "" : ", ", k->listed[c], class_label(df, c));
            first = 0;
        }
    }
    if (!k->nhidden)
        return;
    buf_printf(b, "%snot listed: ", first ? "" : sep);
    first = 1;
    for (int c = 0; c < DIFF_NCLASSES; c++)
        if (k->hidden[c]) {
            buf_printf(b, "%s%d %s", first ? "" : ", ", k->hidden[c], class_label(df, c));
            first = 0;
        }
    buf_puts(b, " (--all lists them)");
}

static void put_title(hw_buf *b, const hw_diff *df, const char *arrow)
{
    if (strcmp(df->old_name, df->new_name) == 0)
        buf_puts(b, df->old_name);
    else
        buf_printf(b, "%s %s %s", df->old_name, arrow, df->new_name);
}

/* How a text-like format lays out the parts of a report. */
typedef struct layout {
    void (*head)(hw_buf *b, const hw_diff *df);         /* title and specs */
    void (*section)(hw_buf *b, const hw_diff *df, const char *heading); /* before its changes */
    void (*change)(hw_buf *b, const hw_diff *df, const diff_change *ch);
    const char *files;     /* before the generated files */
    const char *file;      /* format of one: how, name */
    const char *summary;   /* before the summary line */
    const char *pair_summary; /* the same between two sources */
} layout;

static void report_lines(hw_buf *b, const hw_diff *df, int all, diff_classes fail_on,
                         const layout *l)
{
    counts k = count(df, all, fail_on);
    l->head(b, df);
    for (int s = 0; s < DIFF_NSECTIONS; s++) {
        if (!k.per_section[s])
            continue;
        l->section(b, df, diff_section_heading(s));
        for (int n = 0; n < DIFF_NCLASSES; n++)
            for (int i = 0; i < df->nchanges; i++) {
                const diff_change *ch = &df->changes[i];
                if ((int)ch->section == s && ch->cls == class_at(df, n) &&
                    diff_listed(ch->cls, all, fail_on))
                    l->change(b, df, ch);
            }
    }
    if (df->nfiles) {
        buf_puts(b, l->files);
        for (int i = 0; i < df->nfiles; i++)
            buf_printf(b, l->file, df->files[i].how, df->files[i].name);
    }
    buf_puts(b, df->sources ? l->pair_summary : l->summary);
    text_summary(b, df, &k, "; ");
    buf_putc(b, '\n');
}

/* Across formats: the facts compared, and the run-time values held. */
static void put_facts(hw_buf *b, const hw_diff *df, const char *facts_head,
                      const char *bound_head, const char *end)
{
    if (!df->cross)
        return;
    buf_puts(b, facts_head);
    int first = 1;
    for (int f = 0; f < HW_NFACTS; f++)
        if (df->facts & (1u << f)) {
            buf_printf(b, "%s%s", first ? "" : ", ", load_fact_name(f));
            first = 0;
        }
    buf_puts(b, first ? "none" : "");
    buf_puts(b, end);
    if (df->bound)
        buf_printf(b, "%s%s%s", bound_head, df->bound, end);
}

static void text_head(hw_buf *b, const hw_diff *df)
{
    if (df->sources) {
        buf_printf(b, "\nA: %s (%s, %s)\nB: %s (%s, %s)\n", df->old_spec, df->old_name,
                   df->old_format, df->new_spec, df->new_name, df->new_format);
        put_facts(b, df, "compared (facts both formats carry): ", "held: ", "\n");
        return;
    }
    buf_puts(b, "hwcgen diff: ");
    put_title(b, df, "->");
    buf_printf(b, "\nold: %s\nnew: %s\n", df->old_spec, df->new_spec);
    put_facts(b, df, "compared (facts both formats carry): ", "held: ", "\n");
}

static void text_section(hw_buf *b, const hw_diff *df, const char *heading)
{
    (void)df;
    buf_printf(b, "\n%s:\n", heading);
}

static const layout text_layout = {text_head, text_section, text_change,
                                   "\ngenerated files:\n", "  %-8s %s\n", "\nsummary: ",
                                   "\nA and B: "};

/* ---- Markdown ------------------------------------------------------------------- */

/* Table cell text: '|' escaped, line breaks as spaces. */
static void md_cell(hw_buf *b, const char *s)
{
    for (; s && *s; s++) {
        if (*s == '|')
            buf_puts(b, "\\|");
        else if (*s == '\n' || *s == '\r')
            buf_putc(b, ' ');
        else
            buf_putc(b, *s);
    }
}

/* A value cell: formulas and event codes as code. */
static void md_value(hw_buf *b, const diff_change *ch, const char *s)
{
    int code = ch->field && (!strcmp(ch->field, "formula") || !strcmp(ch->field, "code"));
    if (code)
        buf_putc(b, '`');
    md_cell(b, s);
    if (code)
        buf_putc(b, '`');
}

/* "| a | b |": an empty cell is "| |". */
static void md_row(hw_buf *b, hw_buf *cells, int n)
{
    for (int i = 0; i < n; i++)
        buf_printf(b, "| %s%s", cells[i].len ? cells[i].data : "", cells[i].len ? " " : "");
    buf_puts(b, "|\n");
}

static void md_change(hw_buf *b, const hw_diff *df, const diff_change *ch)
{
    hw_buf c[6];
    for (int i = 0; i < 6; i++)
        buf_init(&c[i]);
    buf_puts(&c[0], class_label(df, ch->cls));
    buf_putc(&c[1], '`');
    md_cell(&c[1], ch->name);
    buf_putc(&c[1], '`');
    if (ch->new_name) {
        buf_puts(&c[1], df->sources ? " vs `" : " → `");
        md_cell(&c[1], ch->new_name);
        buf_putc(&c[1], '`');
    }
    md_cell(&c[2], ch->field);
    if (ch->old_text)
        md_value(&c[3], ch, ch->old_text);
    if (ch->new_text)
        md_value(&c[4], ch, ch->new_text);
    hw_buf note;
    buf_init(&note);
    put_note(&note, ch);
    if (ch->witness.names) {
        buf_puts(&note, note.len ? "; " : "");
        put_witness(&note, &ch->witness);
    }
    md_cell(&c[5], note.data);
    buf_free(&note);
    md_row(b, c, 6);
    for (int i = 0; i < 6; i++)
        buf_free(&c[i]);
}

static void md_head(hw_buf *b, const hw_diff *df)
{
    if (df->sources) {
        buf_printf(b, "\n### A: `%s` (%s, %s); B: `%s` (%s, %s)\n\n", df->old_spec, df->old_name,
                   df->old_format, df->new_spec, df->new_name, df->new_format);
        put_facts(b, df, "- compared (facts both formats carry): ", "- held: ", "\n");
        return;
    }
    buf_puts(b, "## hwcgen diff: ");
    put_title(b, df, "→");
    buf_printf(b, "\n\n- old: `%s`\n- new: `%s`\n", df->old_spec, df->new_spec);
    put_facts(b, df, "- compared (facts both formats carry): ", "- held: ", "\n");
}

static void md_section(hw_buf *b, const hw_diff *df, const char *heading)
{
    buf_printf(b, "\n%s %c%s\n\n", df->sources ? "####" : "###", heading[0] - 'a' + 'A',
               heading + 1);
    buf_puts(b, df->sources ? "| disagreement | item | what | A | B | note |\n"
                            : "| change | item | what | old | new | note |\n");
    buf_puts(b, "|---|---|---|---|---|---|\n");
}

static const layout markdown_layout = {
    md_head, md_section, md_change, "\n### Generated files\n\n| change | file |\n|---|---|\n",
    "| %s | `%s` |\n", "\n**Summary:** ", "\n**A and B:** "};

/* ---- JSON ----------------------------------------------------------------------- */

static cJSON *json_number(double v)
{
    return isfinite(v) ? cJSON_CreateNumber(v == 0.0 ? 0.0 : v) : cJSON_CreateNull();
}

static void json_side(cJSON *root, const char *key, const char *spec, const char *id,
                      const char *name)
{
    cJSON *o = cJSON_AddObjectToObject(root, key);
    cJSON_AddStringToObject(o, "spec", spec);
    cJSON_AddStringToObject(o, "id", id ? id : "");
    cJSON_AddStringToObject(o, "name", name ? name : "");
}

static void json_opt(cJSON *o, const char *key, const char *s)
{
    if (s)
        cJSON_AddStringToObject(o, key, s);
}

static cJSON *json_change(const hw_diff *df, const diff_change *ch, diff_classes fail_on)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "section", diff_section_name(ch->section));
    cJSON_AddStringToObject(o, "class", diff_class_name(ch->cls));
    cJSON_AddStringToObject(o, "name", ch->name);
    json_opt(o, "new_name", ch->new_name);
    json_opt(o, "field", ch->field);
    json_opt(o, "old", ch->old_text);
    json_opt(o, "new", ch->new_text);
    if (ch->cls == DIFF_CLASS_SCALED)
        cJSON_AddItemToObject(o, "factor", json_number(ch->factor));
    if (ch->witness.names) {
        cJSON *w = cJSON_AddObjectToObject(o, "witness");
        cJSON *v = cJSON_AddObjectToObject(w, "values");
        for (int i = 0; i < ch->witness.n; i++)
            cJSON_AddItemToObject(v, ch->witness.names[i], json_number(ch->witness.values[i]));
        cJSON_AddItemToObject(w, "old", json_number(ch->witness.old_value));
        cJSON_AddItemToObject(w, "new", json_number(ch->witness.new_value));
    }
    json_opt(o, "note", ch->note);
    if (df->sources && (ch->cls == DIFF_CLASS_ADDED || ch->cls == DIFF_CLASS_REMOVED))
        cJSON_AddStringToObject(o, "only_in",
                                ch->cls == DIFF_CLASS_ADDED ? df->new_spec : df->old_spec);
    cJSON_AddBoolToObject(o, "matters", (fail_on & DIFF_BIT(ch->cls)) != 0);
    return o;
}

static void json_counts(cJSON *root, const char *key, const int *n)
{
    cJSON *o = cJSON_AddObjectToObject(root, key);
    for (int c = 0; c < DIFF_NCLASSES; c++)
        if (n[c])
            cJSON_AddNumberToObject(o, diff_class_name(c), n[c]);
}

cJSON *diff_report_json(const hw_diff *df, int all, diff_classes fail_on)
{
    counts k = count(df, all, fail_on);
    cJSON *root = cJSON_CreateObject();
    cJSON_AddNumberToObject(root, "version", 1);
    json_side(root, "old", df->old_spec, df->old_id, df->old_name);
    json_side(root, "new", df->new_spec, df->new_id, df->new_name);
    if (df->cross) {
        cJSON *facts = cJSON_AddArrayToObject(root, "facts");
        for (int f = 0; f < HW_NFACTS; f++)
            if (df->facts & (1u << f))
                cJSON_AddItemToArray(facts, cJSON_CreateString(load_fact_name(f)));
        if (df->bound)
            cJSON_AddStringToObject(root, "held", df->bound);
    }
    cJSON *changes = cJSON_AddArrayToObject(root, "changes");
    for (int i = 0; i < df->nchanges; i++)
        if (diff_listed(df->changes[i].cls, all, fail_on))
            cJSON_AddItemToArray(changes, json_change(df, &df->changes[i], fail_on));
    cJSON *files = cJSON_AddArrayToObject(root, "files");
    for (int i = 0; i < df->nfiles; i++) {
        cJSON *f = cJSON_CreateObject();
        cJSON_AddStringToObject(f, "file", df->files[i].name);
        cJSON_AddStringToObject(f, "change", df->files[i].how);
        cJSON_AddItemToArray(files, f);
    }
    json_counts(root, "listed", k.listed);
    json_counts(root, "not_listed", k.hidden);
    cJSON_AddNumberToObject(root, "status", diff_matters(df, fail_on));
    return root;
}

static void report_json(hw_buf *b, const hw_diff *df, int all, diff_classes fail_on)
{
    cJSON *root = diff_report_json(df, all, fail_on);
    char *text = json_print(root);
    if (text) {
        buf_puts(b, text);
        buf_putc(b, '\n');
    } else {
        b->failed = 1;
    }
    cJSON_free(text);
    cJSON_Delete(root);
}

void diff_report(hw_buf *out, const hw_diff *df, diff_format format, int all,
                 diff_classes fail_on)
{
    if (format == DIFF_FORMAT_JSON)
        report_json(out, df, all, fail_on);
    else
        report_lines(out, df, all, fail_on,
                     format == DIFF_FORMAT_MARKDOWN ? &markdown_layout : &text_layout);
}

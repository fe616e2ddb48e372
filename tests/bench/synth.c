/* synth.c - write a synthetic Arm telemetry (v1.0) spec SCALE times the size
 * of Neoverse V1, for scaling benchmarks.
 *
 *   synth SCALE OUT.json
 *
 * Neoverse V1 has 132 events, 36 metrics, 17 functional groups (132
 * memberships), 13 metric groups (58 memberships) and one methodology with
 * 4 tree nodes. The synthetic spec keeps those ratios:
 *
 *   events          132*S  EV_000000..; one in three has a code (the
 *                          checker allows 16-bit codes only, and 1000x
 *                          would need 132,000 of them)
 *   metrics          36*S  m_000000..; 2-3 events with codes each, listed
 *                          in "events"; every fourth also uses the metric
 *                          before it
 *   function groups  17*S  events split evenly
 *   metric groups    13*S  each metric in one group, every other one in
 *                          the next group too (~1.5 memberships/metric)
 *   methodology      1     stage_1 = first group, stage_2 = all others;
 *                          4*S tree nodes, S roots, 3 next items each
 *
 * Output is deterministic (fixed LCG), so every run benchmarks the same
 * file. Descriptions are short: the loader refuses files over 64 MiB.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long long lcg_state = 0x9E3779B97F4A7C15ull;

static unsigned rnd(unsigned n)
{
    lcg_state = lcg_state * 6364136223846793005ull + 1442695040888963407ull;
    return (unsigned)((lcg_state >> 33) % n);
}

int main(int argc, char **argv)
{
    if (argc != 3 || atoi(argv[1]) < 1) {
        fprintf(stderr, "usage: synth SCALE OUT.json\n");
        return 2;
    }
    int s = atoi(argv[1]);
    int ne = 132 * s, nm = 36 * s, nfg = 17 * s, nmg = 13 * s, nnodes = 4 * s;
    FILE *f = fopen(argv[2], "w");
    if (!f) {
        perror(argv[2]);
        return 1;
    }
    fprintf(f, "{\n  \"$schema\": \"v1.0.schema.json\",\n"
               "  \"document\": {\"description\": \"Synthetic spec, %dx Neoverse V1.\"},\n"
               "  \"product_configuration\": {\n"
               "    \"product_name\": \"Synth %dx\", \"part_num\": \"0xfff\",\n"
               "    \"major_revision\": 1, \"minor_revision\": 0, \"implementer\": \"0x41\",\n"
               "    \"architecture\": \"armv8.4\", \"pmu_architecture\": \"pmu_v3\",\n"
               "    \"num_slots\": 8, \"num_bus_slots\": 0, \"num_counters\": 6\n  },\n",
            s, s);

    fprintf(f, "  \"events\": {\n");
    for (int i = 0; i < ne; i++) {
        fprintf(f, "    \"EV_%06d\": {", i);
        if (i % 3 == 0)
            fprintf(f, "\"code\": \"0x%04X\", ", i / 3 + 1);
        fprintf(f, "\"title\": \"Event %d\", \"description\": \"Synthetic event %d.\", "
                   "\"accesses\": [\"PMU\"], \"architecture_defined\": false, "
                   "\"product_defined\": true}%s\n",
                i, i, i + 1 < ne ? "," : "");
    }
    fprintf(f, "  },\n");

    fprintf(f, "  \"metrics\": {\n");
    for (int i = 0; i < nm; i++) {
        /* formulas read events with codes, so perf can count every one */
        unsigned coded = (unsigned)(ne + 2) / 3;
        int a = 3 * (int)rnd(coded), b = 3 * (int)rnd(coded), c = 3 * (int)rnd(coded);
        char formula[256];
        int nev = 2;
        switch (i % 4) {
        case 0:
            snprintf(formula, sizeof formula, "EV_%06d / EV_%06d * 1000", a, b);
            break;
        case 1:
            snprintf(formula, sizeof formula, "(EV_%06d + EV_%06d) / EV_%06d * 100", a, b, c);
            nev = 3;
            break;
        case 2:
            snprintf(formula, sizeof formula,
                     "100 * (1 - EV_%06d / (EV_%06d * 8)) * EV_%06d / EV_%06d", a, b, c, a);
            nev = 3;
            break;
        default:
            snprintf(formula, sizeof formula, "m_%06d * EV_%06d / max(EV_%06d, 1)", i - 1, a, b);
            break;
        }
        fprintf(f, "    \"m_%06d\": {\"title\": \"Metric %d\", \"formula\": \"%s\", "
                   "\"description\": \"Synthetic metric %d.\", \"units\": \"MPKI\", "
                   "\"events\": [\"EV_%06d\", \"EV_%06d\"",
                i, i, formula, i, a, b);
        if (nev == 3)
            fprintf(f, ", \"EV_%06d\"", c);
        fprintf(f, "], \"sample_events\": [\"EV_%06d\"]}%s\n", a, i + 1 < nm ? "," : "");
    }
    fprintf(f, "  },\n");

    fprintf(f, "  \"groups\": {\n    \"function\": {\n");
    for (int g = 0; g < nfg; g++) {
        fprintf(f, "      \"FG_%05d\": {\"title\": \"Group %d\", \"description\": \"d\", "
                   "\"events\": [", g, g);
        int lo = (int)((long long)g * ne / nfg), hi = (int)((long long)(g + 1) * ne / nfg);
        for (int i = lo; i < hi; i++)
            fprintf(f, "%s\"EV_%06d\"", i > lo ? ", " : "", i);
        fprintf(f, "]}%s\n", g + 1 < nfg ? "," : "");
    }
    fprintf(f, "    },\n    \"metrics\": {\n");
    for (int g = 0; g < nmg; g++) {
        fprintf(f, "      \"MG_%05d\": {\"title\": \"Metric group %d\", \"description\": \"d\", "
                   "\"metrics\": [", g, g);
        int lo = (int)((long long)g * nm / nmg), hi = (int)((long long)(g + 1) * nm / nmg);
        int n = 0;
        for (int i = lo; i < hi; i++)
            fprintf(f, "%s\"m_%06d\"", n++ ? ", " : "", i);
        /* every other metric of the previous group belongs here too */
        int plo = (int)((long long)((g + nmg - 1) % nmg) * nm / nmg);
        int phi = (int)((long long)((g + nmg - 1) % nmg + 1) * nm / nmg);
        for (int i = plo; i < phi; i += 2)
            fprintf(f, "%s\"m_%06d\"", n++ ? ", " : "", i);
        fprintf(f, "]}%s\n", g + 1 < nmg ? "," : "");
    }
    fprintf(f, "    }\n  },\n");

    fprintf(f, "  \"methodologies\": {\n    \"topdown_methodology\": {\n"
               "      \"title\": \"Topdown\", \"description\": \"Synthetic.\",\n"
               "      \"metric_grouping\": {\"stage_1\": [\"MG_00000\"], \"stage_2\": [");
    for (int g = 1; g < nmg; g++)
        fprintf(f, "%s\"MG_%05d\"", g > 1 ? ", " : "", g);
    fprintf(f, "]},\n      \"decision_tree\": {\n        \"root_nodes\": [");
    for (int k = 0; k < s; k++)
        fprintf(f, "%s\"m_%06d\"", k ? ", " : "", 4 * k * nm / nnodes);
    fprintf(f, "],\n        \"metrics\": [\n");
    for (int k = 0; k < nnodes; k++) {
        int m = (int)((long long)k * nm / nnodes);
        int g = (int)((long long)m * nmg / nm);
        fprintf(f, "          {\"name\": \"m_%06d\", \"group\": \"MG_%05d\", \"next_items\": "
                   "[\"MG_%05d\", \"MG_%05d\", \"MG_%05d\"], \"sample_events\": [\"EV_%06d\"]}%s\n",
                m, g, rnd((unsigned)nmg), rnd((unsigned)nmg), rnd((unsigned)nmg),
                rnd((unsigned)ne), k + 1 < nnodes ? "," : "");
    }
    fprintf(f, "        ]\n      }\n    }\n  }\n}\n");
    if (fclose(f) != 0) {
        perror(argv[2]);
        return 1;
    }
    return 0;
}

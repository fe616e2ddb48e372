/* fuzz_perf_merge.c - arbitrary bytes as the kernel tree perf-merge reads
 * (merge_perf.h): arch/arm64's mapfile, its standard events, and the JSON
 * already in the directory the mapfile gives the CPU. A small CPU of our
 * own (below, loaded once) is merged into it as a dry run: everything is
 * read and compared, nothing written.
 *
 * Input: arch/arm64/mapfile.csv, arch/arm64/common-and-microarch.json and
 * arch/arm64/arm/fz/events.json, each ending at a line "%%"
 * (fuzz_files.h). */
#include "fuzz_common.h"
#include "fuzz_files.h"

#include "merge/merge_perf.h"
#include "run/pipeline.h"

static const char *const names[] = {
    "arch/arm64/mapfile.csv",
    "arch/arm64/common-and-microarch.json",
    "arch/arm64/arm/fz/events.json",
};

/* A core with events perf's standard list has and one metric, part
 * 0xfe5 (the corpus's mapfile rows name it). */
static const char cpu_spec[] =
    "{\"$schema\": \"v1.0.schema.json\",\n"
    " \"document\": {\"timestamp\": \"01 Jan 00:00:00 2025\", \"copyright\": \"Copyright 2025 "
    "the hwcgen authors\", \"confidential\": false, \"quality\": \"Release\", \"license\": "
    "\"MIT\", \"description\": \"A core to merge while fuzzing.\"},\n"
    " \"product_configuration\": {\"product_name\": \"Fuzz Core\", \"part_num\": \"0xfe5\", "
    "\"major_revision\": 0, \"minor_revision\": 0, \"implementer\": \"0x41\", \"num_slots\": 4, "
    "\"num_counters\": 6},\n"
    " \"events\": {\n"
    "  \"CPU_CYCLES\": {\"code\": \"0x0011\", \"title\": \"Cycle\", \"description\": \"Counts "
    "cycles.\", \"accesses\": [\"PMU\"], \"architecture_defined\": true, \"product_defined\": "
    "false},\n"
    "  \"BR_MIS_PRED\": {\"code\": \"0x0010\", \"title\": \"Mispredicted branch\", "
    "\"description\": \"Counts mispredicted branches.\", \"accesses\": [\"PMU\"], "
    "\"architecture_defined\": true, \"product_defined\": false},\n"
    "  \"FZ_OWN\": {\"code\": \"0x0200\", \"title\": \"Own event\", \"description\": \"An event "
    "of this core only.\", \"accesses\": [\"PMU\"], \"architecture_defined\": false, "
    "\"product_defined\": true}},\n"
    " \"metrics\": {\"branch_mpki\": {\"title\": \"Branch MPKI\", \"formula\": \"BR_MIS_PRED / "
    "CPU_CYCLES * 1000\", \"description\": \"Mispredicted branches per thousand cycles.\", "
    "\"units\": \"MPKI\", \"events\": [\"BR_MIS_PRED\", \"CPU_CYCLES\"]}},\n"
    " \"groups\": {\"function\": {}, \"metrics\": {\"Branch_Effectiveness\": {\"title\": "
    "\"Branch Effectiveness\", \"description\": \"How well branches are predicted.\", "
    "\"metrics\": [\"branch_mpki\"]}}},\n"
    " \"methodologies\": {}}\n";

static fuzz_files *files;
static char spec_path[96];
static hw_target *cpu;
static hw_plan cpu_plan;

static void remove_spec(void)
{
    unlink(spec_path);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    json_init();
    setenv("HWCGEN_THREADS", "1", 1);
    files = fuzz_files_init(names, sizeof names / sizeof names[0], "fuzz_perf_merge");
    fuzz_files_path(files, spec_path, sizeof spec_path, "fuzz-core.json");
    FILE *f = fopen(spec_path, "wb");
    if (!f || fputs(cpu_spec, f) < 0 || fclose(f) != 0)
        abort();
    atexit(remove_spec); /* before the directory's own handler runs */
    hw_diag d;
    diag_init(&d, stderr);
    hw_run r;
    run_init(&r, &d); /* libxml2 ready */
    cpu = run_open(spec_path, &cpu_plan, &d);
    run_free(&r);
    diag_free(&d);
    if (!cpu) {
        fprintf(stderr, "fuzz_perf_merge: the CPU to merge does not load (above)\n");
        abort();
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_strndup(data, size);
    fuzz_files_write(files, text, size);
    free(text);
    hw_diag d;
    fuzz_diag(&d);
    hw_buf report;
    buf_init(&report);
    perf_merge_opts opts = {1, &report}; /* a dry run: read and compare only */
    perf_merge(files->dir, &cpu, &cpu_plan, 1, &opts, &d);
    buf_free(&report);
    diag_free(&d);
    return 0;
}

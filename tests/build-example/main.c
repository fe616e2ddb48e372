/* main.c - a program built on the headers hwcgen generates from the
 * Neoverse V1 spec at build time: the driver header's event numbers and
 * the evaluator of the ipc metric. */
#include <stdio.h>

#include "hwcgen/neoverse_v1.h"
#include "hwcgen/neoverse_v1_metrics.h"

int main(void)
{
    struct neoverse_v1_counters c = {0};
    c.INST_RETIRED = 300;
    c.CPU_CYCLES = 200;
    printf("INST_RETIRED is event 0x%04x; ipc %g\n", (unsigned)NEOVERSE_V1_EVENT_INST_RETIRED,
           neoverse_v1_ipc(&c));
    return 0;
}

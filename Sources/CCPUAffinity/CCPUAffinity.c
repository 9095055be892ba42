// The GNU scheduling calls and the CPU_* macros, which Swift's Glibc module does not show.
#define _GNU_SOURCE
#include <sched.h>
#include "CCPUAffinity.h"

int rig_pin_thread_to_current_cpu(void) {
    int cpu = sched_getcpu();
    if (cpu < 0 || cpu >= CPU_SETSIZE) return -1;
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    return sched_setaffinity(0, sizeof set, &set) == 0 ? cpu : -1;
}

int rig_current_cpu(void) { return sched_getcpu(); }

int rig_thread_cpu_count(void) {
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) != 0) return -1;
    return CPU_COUNT(&set);
}

#ifndef RIG_CPU_AFFINITY_H
#define RIG_CPU_AFFINITY_H

/// Pins the calling thread to the CPU it is running on (Linux `sched_setaffinity`); processes and threads it starts
/// afterwards inherit the pin. Returns that CPU, or -1 when the system refuses (errno says why).
int rig_pin_thread_to_current_cpu(void);

/// The CPU the calling thread is running on, or -1.
int rig_current_cpu(void);

/// How many CPUs the calling thread may run on, or -1 when the system does not say.
int rig_thread_cpu_count(void);

#endif

import CCPUAffinity

/// The CPU the benchmark's engines run on.
///
/// RigKit decodes in the benchmark's own process and each reference engine in a Python process of its own, taking
/// turns image by image. Left to the scheduler, the two processes may run on different cores, and on a virtual machine
/// one core can be slower than another for a whole run (the host's other guests): on the two-core development machine
/// about one run in five had one engine's small-image times about half as long again throughout, which no repeat within
/// the run removes. On one core both engines meet the same core's speed and caches, image by image.
public enum BenchCPU {
    /// Pins the calling thread, and the processes it starts afterwards (the reference engines), to the CPU it is running
    /// on, and returns that CPU; nil where the system refuses.
    public static func pinToCurrent() -> Int? {
        let cpu = rig_pin_thread_to_current_cpu()
        return cpu >= 0 ? Int(cpu) : nil
    }

    /// The CPU the calling thread is running on, or nil.
    public static var current: Int? {
        let cpu = rig_current_cpu()
        return cpu >= 0 ? Int(cpu) : nil
    }

    /// How many CPUs the calling thread may run on, or nil where the system does not say.
    public static var allowedCount: Int? {
        let count = rig_thread_cpu_count()
        return count >= 0 ? Int(count) : nil
    }
}

/// A FIFO of executor jobs with amortised O(1) append and pop.
struct JobQueue: ~Copyable {
    private var items: [UnownedJob] = []
    private var head = 0

    var isEmpty: Bool { head == items.count }

    mutating func append(_ job: UnownedJob) { items.append(job) }

    mutating func popFirst() -> UnownedJob? {
        guard head < items.count else { return nil }
        let job = items[head]
        head += 1
        if head >= 1024 && head * 2 >= items.count {
            items.removeFirst(head)
            head = 0
        }
        return job
    }
}

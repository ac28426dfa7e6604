import CMimalloc

/// The command's allocator, mimalloc, tuned for a build.
enum Allocator {
    /// Memory freed is kept 250 ms before it goes back to the system, not mimalloc's 25 ms:
    /// the pages of one render batch are freed as the next batch allocates as much again,
    /// and each page given back and taken again costs a fault and zeroing by the kernel
    /// (941,000 faults at 100,000 articles, 670,000 with 250 ms, the peak 2% higher).
    /// Keeping it all (no decommit) took the peak to 1.49 GB (docs/performance.md, "Scaling").
    static func configure() {
        mi_option_set(mi_option_decommit_delay, 250)
    }
}

import Dispatch
import Foundation
import Testing

@testable import MastheadImages
@testable import MastheadMarkdown
@testable import MastheadSupport
@testable import MastheadTerminal

/// The work a build does on several threads at once, each path driven hard enough for
/// ThreadSanitizer to see a race (`make sanitize` runs this suite under TSan and ASan): the
/// search index's thread (`BackgroundWork`), the progress line's timer (`TerminalProgress`),
/// the lock every shared value is under (`Locked`), cmark-gfm's inline parser behind its
/// global lock, libvips drawing social cards on every core, and `parallelMap`. Each asserts
/// the result a single thread gives.
@Suite("Concurrency invariants")
struct ConcurrencyInvariantTests {
    @Test("BackgroundWork hands its value from its thread to the caller, many at once")
    func backgroundWork() {
        let works = (0..<64).map { number in BackgroundWork { (0...number).reduce(0, +) } }
        #expect(works.map { $0.value() } == (0..<64).map { $0 * ($0 + 1) / 2 })
    }

    @Test("TerminalProgress counts from every core while its timer draws, and finishes once")
    func terminalProgress() {
        let progress = TerminalProgress(style: .plain, delay: 0)
        progress.begin(.parsing, total: 40_000)
        DispatchQueue.concurrentPerform(iterations: 40) { _ in
            for _ in 0..<1_000 { progress.advance(by: 1) }
        }
        // Long enough for the timer (every 100 ms) to draw from its own queue meanwhile.
        Thread.sleep(forTimeInterval: 0.25)
        DispatchQueue.concurrentPerform(iterations: 4) { _ in progress.finish() }
        #expect(progress.doneCount == 40_000)
    }

    @Test("cmark-gfm on every core: strikethrough and autolinks come out on each, as on one")
    func markdownOnEveryCore() {
        let renderer = MarkdownRenderer(options: MarkdownOptions())
        let text = "Un ~~vecchio~~ caffè, www.example.org e *moka* [qui](https://example.org/).\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"
        let alone = renderer.render(text, file: "a.md").html
        #expect(alone.contains("<del>vecchio</del>"))
        let together = parallelMap(Array(0..<400)) { number in renderer.render(text, file: "a\(number).md").html }
        #expect(together.allSatisfy { $0 == alone })
    }

    @Test("libvips draws social cards on every core, each the bytes one thread draws")
    func socialCardsOnEveryCore() throws {
        let titles = (0..<24).map { "Il caffè numero \($0 % 6), una storia lunga quanto basta per andare a capo" }
        let alone = try titles.prefix(6).map {
            try ImageLibrary.socialCard(coverAt: nil, title: $0, siteTitle: "Crema", background: "#222222", text: "#ffffff").get()
        }
        let together = parallelMap(titles) { title in
            try? ImageLibrary.socialCard(coverAt: nil, title: title, siteTitle: "Crema", background: "#222222", text: "#ffffff").get()
        }
        #expect(together.enumerated().allSatisfy { $0.element == alone[$0.offset % 6] })
    }

    @Test("Locked keeps every addition of 8 threads that contend for it, as one thread would")
    func lockedCounts() {
        // Contended on purpose: the standard library's Mutex, in this test, made TSan report a
        // race that is not one (its hand-over is a futex call TSan cannot see; scripts/tsan-mutex.sh).
        let count = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<20_000 { count.withLock { $0 += 1 } }
        }
        #expect(count.withLock { $0 } == 160_000)
    }

    @Test("Locked(()) orders what its holders change outside it, as MarkdownRenderer.inlineParsing does")
    func lockedNothing() {
        // A value of no size once shared its address with the object's header: TSan took an
        // unlocked read of the header for a race with the holder (Locked keeps the value apart).
        let lock = Locked(())
        nonisolated(unsafe) var count = 0  // guarded by `lock` alone: what the test checks
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<20_000 { lock.withLock { _ in count += 1 } }
        }
        #expect(count == 160_000)
    }

    @Test("Locked, locked again by the thread that holds it, stops the process rather than hanging", .timeLimit(.minutes(1)))
    func lockedTwice() async {
        await #expect(processExitsWith: .failure) {
            let lock = Locked(0)
            lock.withLock { _ in lock.withLock { $0 += 1 } }
        }
    }

    @Test("parallelMap keeps the order of 10,000 items done on every core")
    func parallelMapOrder() {
        #expect(parallelMap(Array(0..<10_000)) { $0 * 2 } == (0..<10_000).map { $0 * 2 })
    }
}

#!/usr/bin/env bash
# Why Masthead locks with `Locked` and not the standard library's `Mutex` (docs/checking.md,
# "Sanitizers"): four threads add 1 to a counter 200,000 times each, under a `Mutex`, under
# `Locked` (Sources/MastheadSupport/Support/Locked.swift, a pthread mutex), and under no lock,
# in one program built with ThreadSanitizer.
#
#   bash scripts/tsan-mutex.sh
#
# Expected, and checked: every count is right under both locks, yet TSan reports a race under
# `Mutex` (a contended `Mutex` hands over through a futex system call in the uninstrumented
# libswiftSynchronization.so, which TSan does not see) and none under `Locked`; under no lock
# it reports the real race, which shows that TSan is watching. With strace installed, it also
# counts the `Mutex` run's FUTEX_LOCK_PI/FUTEX_UNLOCK_PI calls: the slow path was taken.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat >"$work/main.swift" <<'EOF'
import Dispatch
import Synchronization

nonisolated(unsafe) var unlocked = 0
let mutex = Mutex(0)
let locked = Locked(0)
let kind = CommandLine.arguments[1]
let threads = 4
let rounds = 200_000
DispatchQueue.concurrentPerform(iterations: threads) { _ in
    for _ in 0..<rounds {
        switch kind {
        case "Mutex": mutex.withLock { $0 += 1 }
        case "Locked": locked.withLock { $0 += 1 }
        default: unlocked += 1
        }
    }
}
let total = kind == "Mutex" ? mutex.withLock { $0 } : kind == "Locked" ? locked.withLock { $0 } : unlocked
print("\(kind): \(total) of \(threads * rounds)")
EOF
swiftc -sanitize=thread -Onone -module-name TSanMutex "$work/main.swift" Sources/MastheadSupport/Support/Locked.swift -o "$work/counter"

failed=0
# expect: the lock, and whether TSan should report a race under it.
for expect in Mutex:race Locked:clean none:race; do
  kind=${expect%%:*}
  TSAN_OPTIONS="halt_on_error=0 ${TSAN_OPTIONS:-}" "$work/counter" "$kind" >"$work/$kind.out" 2>"$work/$kind.err" || true
  reports=$(grep -c "^WARNING: ThreadSanitizer" "$work/$kind.err" || true)
  seen=clean
  [ "$reports" -gt 0 ] && seen=race
  echo "$(cat "$work/$kind.out"); TSan reports: $reports (expected: ${expect#*:})"
  [ "$seen" = "${expect#*:}" ] || failed=1
  if [ "$kind" != none ]; then
    read -r count of all < <(sed 's/^[^:]*: //' "$work/$kind.out")
    [ "$count" = "$all" ] || { echo "  the count under $kind is wrong: a real race" >&2; failed=1; }
  fi
done
grep -m1 -A3 "^WARNING: ThreadSanitizer" "$work/Mutex.err" | sed 's/^/  Mutex: /' || true
if command -v strace >/dev/null; then
  futex=$(strace -f -e trace=futex "$work/counter" Mutex 2>&1 >/dev/null | grep -cE "FUTEX_(UN)?LOCK_PI" || true)
  echo "Mutex: $futex FUTEX_LOCK_PI/FUTEX_UNLOCK_PI system calls (its slow path, outside TSan's sight)"
fi
if [ "$failed" = 0 ]; then
  echo "as expected: TSan cannot see Mutex's contended hand-over, and sees Locked's"
else
  echo "not as expected: see above" >&2
fi
exit "$failed"

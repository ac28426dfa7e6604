#!/usr/bin/env python3
"""What holds a build's memory at its peak, by the Masthead function that allocated it.

    heaptrack -o /tmp/build masthead build --no-cache --quiet --site SITE --output OUT
    heaptrack_print -f /tmp/build.zst --flamegraph-cost-type peak -F /tmp/build.folded
    python3 Benchmarks/memory/peak_by_function.py /tmp/build.folded [DEPTH]

Each stack of the folded file (the allocations alive at the heap's peak) is charged to its
innermost Masthead frames (DEPTH of them, 1 by default), read through `swift demangle`;
stacks with no Masthead frame are charged to their innermost frame. Prints the total and
the 45 largest, in MB.
"""
import collections
import re
import subprocess
import sys

PREFIXES = r"^(generic specialization|function signature specialization|merged|partial apply for|specialized|static|implicit closure #\d+ in|closure #\d+ in)\s*(of\s*)?"


def without_generics(name):
    kept, depth = [], 0
    for character in name:
        if character == "<":
            depth += 1
        elif character == ">" and depth:
            depth -= 1
        elif depth == 0:
            kept.append(character)
    return "".join(kept)


def function_name(demangled):
    name = without_generics(demangled)
    for _ in range(6):
        name = re.sub(PREFIXES, "", name).strip()
    return re.sub(r"\(.*", "", name)


def main():
    folded = sys.argv[1]
    depth = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    stacks = [line.rstrip("\n").rsplit(" ", 1) for line in open(folded) if line.strip()]
    mangled = sorted({frame for stack, _ in stacks for frame in stack.split(";") if frame.startswith("$s")})
    demangled = subprocess.run(["swift", "demangle"], input="\n".join(mangled), capture_output=True, text=True).stdout.split("\n")
    names = {frame: function_name(text) for frame, text in zip(mangled, demangled)}
    totals = collections.Counter()
    for stack, cost in stacks:
        frames = stack.split(";")
        ours = [names[frame] for frame in frames if frame in names and names[frame].startswith(("Masthead", "masthead"))]
        key = " < ".join(reversed(ours[-depth:])) if ours else "(other) " + frames[-2 if len(frames) > 1 else 0]
        totals[key] += int(cost)
    print(f"total {sum(totals.values()) / 1e6:.1f} MB")
    for key, cost in totals.most_common(45):
        print(f"{cost / 1e6:8.1f} MB  {key[:220]}")


if __name__ == "__main__":
    main()

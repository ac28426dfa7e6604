#!/usr/bin/env python3
"""What each Swift package costs `make build` (docs/install.md, "What each dependency costs").

    python3 scripts/dependency-cost.py [--scratch DIR] [--keep]

One clean release build of `masthead`, with the flags of `make build` (in a scratch folder of its own, so
.build is left alone), in which every swift-frontend writes its own CPU time (-stats-output-dir: the
compiler's user and system seconds for the whole frontend process, so parse, type checking, optimisation
and code generation of a module, over every thread). Each module's seconds go to the package whose
Sources/ holds it. What no swift-frontend spent (C files, linking, SwiftPM's planning, the starter-files
plugin) is the build's CPU time minus the modules' sum, in a line of its own.

The binary: its size as built and with `strip --strip-debug` (what `make install` installs), and each
package's object code (text and data of its modules' object files, `size`, before the linker drops what
is not called).
"""
import argparse
import collections
import glob
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def module_packages(scratch):
    """Module name -> package name, from each checkout's Sources/ (a module is named after its folder)."""
    owners = {}
    for checkout in sorted(glob.glob(os.path.join(scratch, "checkouts", "*"))):
        package = os.path.basename(checkout)
        for source in glob.glob(os.path.join(checkout, "Sources", "*")):
            if os.path.isdir(source):
                owners[os.path.basename(source).replace("-", "_")] = package
    return owners


def object_sizes(binary_folder):
    """Module name -> bytes of text and data in the object files the binary's link list names."""
    links = os.path.join(binary_folder, "masthead.product", "Objects.LinkFileList")
    sizes = collections.Counter()
    objects = [line.strip().strip("'\"") for line in open(links) if line.strip().endswith(".o")]
    output = subprocess.run(["size", "-B"] + objects, capture_output=True, text=True, check=True).stdout
    for line in output.splitlines()[1:]:
        fields = line.split()
        match = re.search(r"/([^/]+)\.build/[^/]+\.o$", fields[-1])
        if match:
            sizes[match.group(1)] += int(fields[0]) + int(fields[1])
    return sizes


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--scratch", default=os.path.join(tempfile.gettempdir(), "masthead-dependency-cost"))
    parser.add_argument("--keep", action="store_true", help="keep the scratch folder")
    arguments = parser.parse_args()
    scratch = os.path.abspath(arguments.scratch)
    stats = os.path.join(scratch, "stats")
    shutil.rmtree(scratch, ignore_errors=True)
    os.makedirs(stats)
    build = ["swift", "build", "-c", "release", "--static-swift-stdlib", "--scratch-path", scratch]
    # The checkouts first, so that fetching them is not counted.
    subprocess.run(["swift", "package", "--scratch-path", scratch, "resolve"], cwd=ROOT, check=True)
    load = open("/proc/loadavg").read().split()[:3]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.monotonic()
    subprocess.run(build + ["--product", "masthead", "-Xswiftc", "-stats-output-dir", "-Xswiftc", stats], cwd=ROOT, check=True)
    wall = time.monotonic() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    total = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)

    seconds = collections.Counter()
    for path in glob.glob(os.path.join(stats, "*.json")):
        counters = json.load(open(path))
        for name, value in counters.items():
            match = re.match(r"time\.swift-frontend\.(.+?)-(?:all-)?[a-z0-9_]+_unknown_linux_gnu.*\.(user|sys)$", name)
            if match:
                seconds[match.group(1)] += value
    owners = module_packages(scratch)
    binary_folder = subprocess.run(build + ["--show-bin-path"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()
    sizes = object_sizes(binary_folder)
    per_package = collections.defaultdict(lambda: {"seconds": 0.0, "bytes": 0, "modules": set()})
    for module in set(seconds) | set(sizes):
        package = owners.get(module, "masthead (this package)")
        per_package[package]["seconds"] += seconds.get(module, 0.0)
        per_package[package]["bytes"] += sizes.get(module, 0)
        per_package[package]["modules"].add(module)
    compiled = sum(seconds.values())

    binary = os.path.join(binary_folder, "masthead")
    stripped = os.path.join(scratch, "masthead-stripped")
    subprocess.run(["strip", "--strip-debug", "-o", stripped, binary], check=True)

    print("| Package | Modules | CPU s | Share | Object code |")
    print("|---|---:|---:|---:|---:|")
    for package, cost in sorted(per_package.items(), key=lambda item: -item[1]["seconds"]):
        print("| %s | %d | %.0f | %.0f%% | %.1f MB |" % (
            package, len(cost["modules"]), cost["seconds"], 100 * cost["seconds"] / total, cost["bytes"] / 1e6))
    rest = total - compiled
    print("| C files, linking, planning, the starter-files plugin | | %.0f | %.0f%% | |" % (rest, 100 * rest / total))
    print()
    print("build: %.0f s of CPU, %.0f s of wall time, %d cores, load average before it: %s" % (total, wall, os.cpu_count(), " ".join(load)))
    print("binary: %.1f MB as built, %.1f MB with strip --strip-debug" % (os.path.getsize(binary) / 1e6, os.path.getsize(stripped) / 1e6))
    if not arguments.keep:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())

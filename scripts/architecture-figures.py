#!/usr/bin/env python3
"""ARCHITECTURE.md's figures, counted from the code rather than typed by hand.

    python3 scripts/architecture-figures.py           # rewrites the figures in ARCHITECTURE.md
    python3 scripts/architecture-figures.py --check   # exit 1 and a diff when they are stale (CI)

Two places are generated:
- the block between `<!-- figures:begin -->` and `<!-- figures:end -->`: one row per folder of
  `Sources/` (lines of Swift, files) and the tests (files, suites, tests);
- the `lines` column of the table of the core's folders (a row with a cell that names a folder
  of a target, `Config/`, followed by the lines cell), rounded to tens as the table always
  showed them. Each folder name is found in whichever target holds it (`Sources/*/Config/`);
  the names are unique.
A line is counted when it holds anything but blanks.
"""
import difflib
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOCUMENT = ROOT / "ARCHITECTURE.md"
BEGIN, END = "<!-- figures:begin -->", "<!-- figures:end -->"


def swift_files(folder):
    return sorted(p for p in folder.rglob("*.swift") if p.is_file())


def lines_of(files):
    return sum(sum(1 for line in p.read_text(encoding="utf-8").splitlines() if line.strip()) for p in files)


def figures_block():
    rows = ["| folder | Swift files | lines |", "|---|---:|---:|"]
    total_files = total_lines = 0
    for folder in sorted(p for p in (ROOT / "Sources").iterdir() if p.is_dir()):
        files = swift_files(folder)
        if not files:
            continue
        count = lines_of(files)
        total_files += len(files)
        total_lines += count
        rows.append(f"| `Sources/{folder.name}/` | {len(files)} | {count:,} |")
    rows.append(f"| all of `Sources/` | {total_files} | {total_lines:,} |")
    test_files = swift_files(ROOT / "Tests")
    text = "\n".join(p.read_text(encoding="utf-8") for p in test_files)
    suites = len(re.findall(r"^\s*@Suite\b", text, re.M))
    tests = len(re.findall(r"^\s*@Test\b", text, re.M))
    rows.append(f"| `Tests/` | {len(test_files)} | {lines_of(test_files):,} |")
    summary = f"The tests: {suites} suites and {tests} `@Test` functions (a test with arguments counts once)."
    return "\n".join(rows) + "\n\n" + summary


def folder_lines(name):
    """Lines of the folder `name` of whichever target holds it (or of the target `name`, for a target of
    one folder, its files at its top), or None when none does."""
    folders = [p for p in (ROOT / "Sources").glob(f"*/{name}") if p.is_dir()] or [
        p for p in [ROOT / "Sources" / name] if p.is_dir()]
    if len(folders) > 1:
        places = ", ".join(str(p.relative_to(ROOT)) for p in folders)
        sys.exit(f"the folder {name}/ is in more than one target: {places}")
    if not folders:
        return None
    return lines_of(swift_files(folders[0]))


def rewrite(text):
    start, end = text.find(BEGIN), text.find(END)
    if start < 0 or end < start:
        sys.exit(f"ARCHITECTURE.md has no {BEGIN} ... {END} block")
    text = text[: start + len(BEGIN)] + "\n" + figures_block() + "\n" + text[end:]
    row = re.compile(r"^(\|(?:[^|\n]*\|)+? `([A-Za-z]+)/` \| )([0-9,]+)( \|)", re.M)

    def lines_cell(match):
        count = folder_lines(match.group(2))
        if count is None:
            return match.group(0)
        return f"{match.group(1)}{round(count, -1):,}{match.group(4)}"

    return row.sub(lines_cell, text)


def main():
    old = DOCUMENT.read_text(encoding="utf-8")
    new = rewrite(old)
    if "--check" in sys.argv[1:]:
        if new != old:
            sys.stdout.writelines(difflib.unified_diff(
                old.splitlines(True), new.splitlines(True), "ARCHITECTURE.md", "counted"))
            print("ARCHITECTURE.md's figures are stale: run python3 scripts/architecture-figures.py")
            return 1
        return 0
    if new != old:
        DOCUMENT.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())

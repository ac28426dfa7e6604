#!/usr/bin/env python3
"""Checks that the folders within a target use each other in layers, without cycles.

The compiler keeps the targets in layers (a target imports only those Package.swift lets it);
within a target, every folder sees every other. So a target of several folders has a LAYERS
file (Sources/MastheadSite/LAYERS, for one) naming its folders, bottom first, and this script
checks each such target on its own. A folder may use the
folders of lower layers; it may use a folder of its own layer only when that folder does not
use it back (directly or through others of the layer). Any other reference is printed as

    Sources/MastheadSite/Catalogs/Foo.swift:12: Catalogs → Site (Route): Catalogs is below Site

and the script exits with status 1. A folder in no layer is an error too.

What counts as a use: the name of a top-level type, function, typealias, constant or variable
another folder declares, written in code (comments and string literals do not count, string
interpolations do). Nested types count under their outer type: `Route.Kind` uses `Route`.
Members added by an extension are not followed: `config.catalogs` does not show where
`catalogs` is declared, only `SiteConfig` written out does.

    scripts/check-layers.py              # checks the repository this script is in
    scripts/check-layers.py --graph      # prints which folder uses which, and through what
    scripts/check-layers.py --self-test  # checks the checker on small trees made for it
"""

import argparse
import os
import re
import sys
import tempfile
from collections import defaultdict

SOURCES = "Sources"
LAYERS_FILE = "LAYERS"
ROOT_FOLDER = "."  # the files directly in the module folder, named "." in LAYERS
TYPES = {"struct", "class", "enum", "protocol", "actor", "typealias"}
DECLARING = TYPES | {"func", "let", "var"}
IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*|`[A-Za-z_][A-Za-z0-9_]*`")


def code_only(source):
    """The source with comments and the text of string literals blanked out (newlines kept,
    so line numbers stay), and the code inside string interpolations kept."""
    out = []
    # Frames: ["code", open parentheses] or ["string", number of #, multi-line].
    stack = [["code", 0]]
    i, n = 0, len(source)

    def blank(text):
        out.append("".join("\n" if c == "\n" else " " for c in text))

    while i < n:
        frame = stack[-1]
        c = source[i]
        if frame[0] == "code":
            if source.startswith("//", i):
                end = source.find("\n", i)
                end = n if end < 0 else end
                blank(source[i:end])
                i = end
            elif source.startswith("/*", i):
                depth, j = 1, i + 2
                while j < n and depth:
                    if source.startswith("/*", j):
                        depth, j = depth + 1, j + 2
                    elif source.startswith("*/", j):
                        depth, j = depth - 1, j + 2
                    else:
                        j += 1
                blank(source[i:j])
                i = j
            elif c == "#" or c == '"':
                start = i
                while start < n and source[start] == "#":
                    start += 1
                if source.startswith('"', start):
                    multiline = source.startswith('"""', start)
                    end = start + (3 if multiline else 1)
                    blank(source[i:end])
                    stack.append(["string", start - i, multiline])
                    i = end
                else:
                    out.append(source[i:start])
                    i = start
            elif c == "(":
                frame[1] += 1
                out.append(c)
                i += 1
            elif c == ")":
                if frame[1] == 0 and len(stack) > 1:
                    stack.pop()  # the end of an interpolation
                    out.append(" ")
                else:
                    frame[1] -= 1
                    out.append(c)
                i += 1
            else:
                out.append(c)
                i += 1
        else:
            hashes, multiline = frame[1], frame[2]
            escape = "\\" + "#" * hashes
            closing = ('"""' if multiline else '"') + "#" * hashes
            if source.startswith(escape + "(", i):
                blank(escape + "(")
                stack.append(["code", 0])
                i += len(escape) + 1
            elif source.startswith(escape, i):
                blank(source[i:i + len(escape) + 1])
                i += len(escape) + 1
            elif source.startswith(closing, i):
                blank(closing)
                stack.pop()
                i += len(closing)
            else:
                blank(c)
                i += 1
    return "".join(out)


def tokens(code):
    """(line, identifier, follows a dot) for every identifier, and braces as "{" and "}"."""
    line = 1
    for match in re.finditer(r"\n|[{}]|" + IDENTIFIER.pattern, code):
        text = match.group()
        if text == "\n":
            line += 1
            continue
        before = match.start() - 1
        while before >= 0 and code[before] in " \t\n":
            before -= 1
        yield line, text.strip("`"), before >= 0 and code[before] == "."


def declarations(code):
    """The names a file declares at its top level for the rest of the module (not private),
    and the names only the file sees (private ones, and types nested at any depth), which
    hide the module's names of the same spelling within the file."""
    shared, own = set(), set()
    depth = 0
    previous = []  # identifiers since the last brace or declaration, for modifiers
    expecting = None
    for _, word, after_dot in tokens(code):
        if word in ("{", "}"):
            depth += 1 if word == "{" else -1
            previous, expecting = [], None
        elif expecting:
            # `private(set) var` is still read by the module; only its setter is private.
            private = any(modifier in ("private", "fileprivate") and previous[index + 1:index + 2] != ["set"]
                          for index, modifier in enumerate(previous))
            if after_dot:
                pass
            elif depth == 0 and not private:
                shared.add(word)
            elif depth == 0 or expecting in TYPES:
                own.add(word)
            previous, expecting = [], None
        elif word in DECLARING and not after_dot:
            expecting = word
        else:
            previous.append(word)
    return shared, own


def swift_files(module):
    for folder, subfolders, files in os.walk(module):
        subfolders.sort()
        for name in sorted(files):
            if name.endswith(".swift"):
                path = os.path.join(folder, name)
                relative = os.path.relpath(path, module)
                top = relative.split(os.sep)[0] if os.sep in relative else ROOT_FOLDER
                yield top, path


def read_layers(path, shown):
    """The layers, bottom first, as lists of folder names, and the problems of the file
    (named `shown` in messages)."""
    layers, problems, seen = [], [], set()
    if not os.path.exists(path):
        return [], [f"{shown}: missing: the layers, bottom first, one line each"]
    with open(path, encoding="utf-8") as file:
        for number, line in enumerate(file, 1):
            folders = line.split("#")[0].split()
            for folder in folders:
                if folder in seen:
                    problems.append(f"{shown}:{number}: {folder} is in two layers")
                seen.add(folder)
            if folders:
                layers.append(folders)
    return layers, problems


def read_module(module):
    """Per folder, the names it declares; per file, its folder, stripped code and own names."""
    declared = defaultdict(set)
    files = []
    for folder, path in swift_files(module):
        with open(path, encoding="utf-8") as file:
            code = code_only(file.read())
        shared, own = declarations(code)
        declared[folder] |= shared
        files.append((folder, path, code, own))
    return declared, files


def references(declared, files):
    """(path, line, from folder, to folder, name) for every use of another folder's name."""
    owner = defaultdict(set)
    for folder, names in declared.items():
        for name in names:
            owner[name].add(folder)
    found = []
    for folder, path, code, own in files:
        seen = set()
        for line, word, after_dot in tokens(code):
            if after_dot or word in own or word not in owner or folder in owner[word]:
                continue
            for target in sorted(owner[word]):
                if (line, word, target) not in seen:
                    seen.add((line, word, target))
                    found.append((path, line, folder, target, word))
    return found


def cycle_path(uses, start, goal, allowed):
    """The shortest chain of folders within `allowed` from start to goal, or None."""
    paths = {start: [start]}
    queue = [start]
    while queue:
        current = queue.pop(0)
        if current == goal:
            return paths[current]
        for following in sorted(uses[current]):
            if following in allowed and following not in paths:
                paths[following] = paths[current] + [following]
                queue.append(following)
    return None


def targets(repository):
    """The folders of Sources/ that hold a LAYERS file."""
    sources = os.path.join(repository, SOURCES)
    return [os.path.join(sources, name) for name in sorted(os.listdir(sources))
            if os.path.isfile(os.path.join(sources, name, LAYERS_FILE))]


def problems(repository):
    return [line for module in targets(repository) for line in target_problems(repository, module)]


def target_problems(repository, module):
    layers_path = os.path.join(module, LAYERS_FILE)
    display = lambda path: os.path.relpath(path, repository)
    layers, found = read_layers(layers_path, display(layers_path))
    level = {folder: index for index, folders in enumerate(layers) for folder in folders}
    declared, files = read_module(module)
    for folder in sorted({folder for folder, *_ in files}):
        if folder not in level:
            where = display(module) if folder == ROOT_FOLDER else display(os.path.join(module, folder))
            found.append(f"{where}: {folder} is in no layer of {display(layers_path)}")
    uses = defaultdict(set)
    found_references = references(declared, files)
    for _, _, source, target, _ in found_references:
        uses[source].add(target)
    for path, line, source, target, name in found_references:
        if source not in level or target not in level:
            continue
        head = f"{display(path)}:{line}: {source} → {target} ({name})"
        if level[source] < level[target]:
            found.append(f"{head}: {source} is below {target}")
        elif level[source] == level[target]:
            back = cycle_path(uses, target, source, set(layers[level[source]]))
            if back:
                found.append(f"{head}: a cycle, {' → '.join(back)} uses it back")
    return found


def graph(repository):
    for module in targets(repository):
        declared, files = read_module(module)
        through = defaultdict(set)
        for _, _, source, target, name in references(declared, files):
            through[(source, target)].add(name)
        print(f"{os.path.relpath(module, repository)}:")
        for (source, target), names in sorted(through.items()):
            print(f"  {source} → {target}: {', '.join(sorted(names))}")


def self_test():
    """Trees made for the checker: a clean one passes, a cycle, a reference upwards and a
    folder in no layer fail; comments and strings are not uses, interpolations are."""
    def tree(root, layers, files):
        module = os.path.join(root, SOURCES, "MastheadBuild")
        for path, text in files.items():
            os.makedirs(os.path.dirname(os.path.join(module, path)), exist_ok=True)
            with open(os.path.join(module, path), "w", encoding="utf-8") as file:
                file.write(text)
        with open(os.path.join(module, LAYERS_FILE), "w", encoding="utf-8") as file:
            file.write(layers)

    low = "struct Low { var kind: Kind }\nextension Low { enum Kind { case a } }\n"
    high = "/// Uses Low. \"High\"\nstruct High {\n    let low: Low.Kind\n    let text = \"High \\(Low.self)\"\n}\n"
    cases = [
        ("a clean tree", "Low\nHigh\n", {"Low/Low.swift": low, "High/High.swift": high}, []),
        ("a clean tree, one way within a layer", "Low High\n", {"Low/Low.swift": low, "High/High.swift": high}, []),
        ("a deliberate cycle", "Low High\n",
         {"Low/Low.swift": low + "func lowUsesHigh(_ high: High) {}\n", "High/High.swift": high},
         ["Sources/MastheadBuild/High/High.swift:3: High → Low (Low): a cycle, Low → High uses it back",
          "Sources/MastheadBuild/High/High.swift:4: High → Low (Low): a cycle, Low → High uses it back",
          "Sources/MastheadBuild/Low/Low.swift:3: Low → High (High): a cycle, High → Low uses it back"]),
        ("a use of a higher layer", "Low\nHigh\n",
         {"Low/Low.swift": low + "func lowUsesHigh(_ high: High) {}\n", "High/High.swift": high},
         ["Sources/MastheadBuild/Low/Low.swift:3: Low → High (High): Low is below High"]),
        ("a folder in no layer", "Low\n", {"Low/Low.swift": low, "High/High.swift": high},
         ["Sources/MastheadBuild/High: High is in no layer of Sources/MastheadBuild/LAYERS"]),
        ("names in comments and strings only", "Low\nHigh\n",
         {"Low/Low.swift": low + "// High\nlet note = \"\"\"\n  High \\(1)\n  \"\"\"\nlet raw = #\"High\"#\n",
          "High/High.swift": high}, []),
        ("a private name is not the module's", "Low\nHigh\n",
         {"Low/Low.swift": low + "private struct High {}\nfunc f(_ h: High) {}\n", "High/High.swift": high}, []),
        ("a private(set) variable is the module's", "Low\nHigh\n",
         {"Low/Low.swift": low + "func f() -> Int { level }\n", "High/High.swift": high + "private(set) var level = 1\n"},
         ["Sources/MastheadBuild/Low/Low.swift:3: Low → High (level): Low is below High"]),
        ("a nested type hides the module's name in its file", "Low\nHigh\n",
         {"Low/Low.swift": low + "enum Box {\n    struct High {}\n    static let h = High()\n}\n", "High/High.swift": high}, []),
        ("a cycle through three folders of a layer", "A B C\n",
         {"A/A.swift": "struct A { let b: B }\n", "B/B.swift": "struct B { let c: C }\n", "C/C.swift": "struct C { let a: [A] }\n"},
         ["Sources/MastheadBuild/A/A.swift:1: A → B (B): a cycle, B → C → A uses it back",
          "Sources/MastheadBuild/B/B.swift:1: B → C (C): a cycle, C → A → B uses it back",
          "Sources/MastheadBuild/C/C.swift:1: C → A (A): a cycle, A → B → C uses it back"]),
    ]
    failures = 0
    for title, layers, files, expected in cases:
        with tempfile.TemporaryDirectory(prefix="check-layers-") as root:
            tree(root, layers, files)
            got = problems(root)
        if got != expected:
            failures += 1
            print(f"self-test FAILED: {title}")
            print("  expected:\n    " + "\n    ".join(expected) + "\n  got:\n    " + "\n    ".join(got))
    print(f"self-test: {len(cases) - failures} of {len(cases)} cases as expected")
    return failures == 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repository", default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    parser.add_argument("--graph", action="store_true", help="print which folder uses which, and through what")
    parser.add_argument("--self-test", action="store_true", help="check the checker on small trees made for it")
    arguments = parser.parse_args()
    if arguments.self_test:
        return 0 if self_test() else 1
    if arguments.graph:
        graph(arguments.repository)
        return 0
    found = problems(arguments.repository)
    for line in found:
        print(line)
    if found:
        print(f"{len(found)} problem(s): a folder may use only folders below it in its target's {LAYERS_FILE}")
        return 1
    print("layers ok: " + ", ".join(os.path.relpath(os.path.join(m, LAYERS_FILE), arguments.repository)
                                    for m in targets(arguments.repository)))
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Python's documentation, as Debian ships it, cut into articles for the benchmark's `python-docs` shape.

    python3 Benchmarks/corpora/python_docs.py --stats          # obtain the source, print what it gives
    python3 Benchmarks/corpora/python_docs.py --show library/shlex.rst.txt

The text is not written by the benchmark: it is the reStructuredText source of the Python
documentation (the `_sources` folder of Debian's `python3.X-doc` package, the version that
`python3-doc` depends on; PSF licence), fetched with `apt-get download` into SOURCES
(MASTHEAD_BENCH_SOURCES, default /tmp/masthead-bench-sources) the first time and kept there.
Nothing of it is committed. `pieces()` converts every file to GitHub-flavoured Markdown
(headings, paragraphs, lists, definition lists, block quotes, notes as quotes, literal and
doctest blocks as fenced code, simple, grid and list tables as GFM tables, roles as code
spans or text) and cuts it at its headings and API entries (`.. function::`, `.. class::`,
`.. method::`...), a segment of more than MAX_WORDS words being cut between blocks and a piece
of fewer than MIN_WORDS words joined to the next one of the same file. Deterministic: the same package version gives the same pieces.
"""

import argparse
import glob
import os
import re
import subprocess
import sys

MIN_WORDS = 50
MAX_WORDS = 220
SOURCES = os.environ.get("MASTHEAD_BENCH_SOURCES", "/tmp/masthead-bench-sources")

# The folders of the documentation, as the article's category: (name, slug, colour).
CATEGORY_OF = {
    "library": ("Library", "library", "#2e5e6e"),
    "c-api": ("C API", "c-api", "#7b4a2d"),
    "extending": ("C API", "c-api", "#7b4a2d"),
    "reference": ("Language", "language", "#9b3b22"),
    "whatsnew": ("Releases", "releases", "#4a5d2e"),
}
GUIDES = ("Guides", "guides", "#5a3d6e")
CATEGORIES = [("Library", "library", "#2e5e6e"), ("C API", "c-api", "#7b4a2d"), ("Language", "language", "#9b3b22"),
              ("Releases", "releases", "#4a5d2e"), GUIDES]

API = re.compile(r"\.\. (?:(?:py|c):)?(function|method|class|data|attribute|exception|decorator|decoratormethod|"
                 r"classmethod|staticmethod|coroutinefunction|coroutinemethod|awaitablefunction|awaitablemethod|"
                 r"abstractmethod|opcode|member|type|macro|var|struct|cmdoption|option|envvar|describe|object|"
                 r"pdbcommand|2to3fixer|monitoring-event)::\s*(.*)$")
DIRECTIVE = re.compile(r"\.\. ([A-Za-z][\w:-]*)::\s*(.*)$")
ADMONITIONS = {"note": "Note", "warning": "Warning", "important": "Important", "tip": "Tip", "caution": "Caution",
               "attention": "Attention", "danger": "Danger", "hint": "Hint", "seealso": "See also",
               "versionadded": "New in version", "versionchanged": "Changed in version", "deprecated": "Deprecated since version",
               "deprecated-removed": "Deprecated since version", "impl-detail": "CPython implementation detail",
               "availability": "Availability", "topic": "", "sidebar": "", "admonition": "", "epigraph": ""}
CODE = {"code-block", "sourcecode", "code", "doctest", "testcode", "testoutput", "productionlist", "parsed-literal"}
DROPPED = {"toctree", "index", "module", "currentmodule", "moduleauthor", "sectionauthor", "testsetup", "testcleanup",
           "include", "literalinclude", "image", "figure", "tabularcolumns", "contents", "raw", "audit-event",
           "miscnews", "limited-api-list", "program", "rst-class", "highlightlang", "default-role", "cssclass"}
CODE_ROLES = {"func", "meth", "class", "mod", "data", "const", "attr", "exc", "obj", "option", "envvar", "program",
              "file", "samp", "keyword", "opcode", "token", "kbd", "source", "command", "makevar", "type", "macro",
              "member", "var", "struct", "enum", "expr", "mailheader", "mimetype", "regexp", "code", "monitoring-event",
              "pdbcmd", "c:func", "c:type", "c:macro", "c:data", "c:member", "c:var", "c:struct", "c:expr", "py:func",
              "py:meth", "py:class", "py:mod", "py:data", "py:attr", "py:exc", "py:const", "py:obj"}
UNDERLINE = re.compile(r"([=\-~^*#\"+`':.])\1{2,}\s*$")
BULLET = re.compile(r"([*+-]|•)( +)\S")
ENUMERATED = re.compile(r"(\d+|#|[a-zA-Z])\.( +)\S|\((\d+|[a-zA-Z])\)( +)\S")
FIELD = re.compile(r":([^:`]+):(?: +(.*))?$")


def indent_of(line):
    return len(line) - len(line.lstrip(" "))


def block_of(lines, start, minimum):
    """The lines from START indented by at least MINIMUM (blank lines inside included), dedented."""
    end = start
    while end < len(lines) and (not lines[end].strip() or indent_of(lines[end]) >= minimum):
        end += 1
    while end > start and not lines[end - 1].strip():
        end -= 1
    body = lines[start:end]
    present = [indent_of(line) for line in body if line.strip()]
    cut = min(present) if present else 0
    return [line[cut:] for line in body], end


def role(match):
    name, text = match.group(1), match.group(2)
    text = text.replace("\\", "")
    explicit = re.match(r"(.*?)\s*<([^<>]+)>$", text, re.S)
    if name in ("ref", "doc", "term", "std:term", "std:ref", "numref", "keyword") and explicit:
        return explicit.group(1)
    if name in ("ref", "doc", "term", "std:term", "std:ref", "numref"):
        return text.lstrip("~!")
    if explicit:
        text = explicit.group(1)
    text = text.lstrip("~!")
    if name == "pep":
        return "PEP " + text
    if name == "rfc":
        return "RFC " + text
    if name in ("issue", "bpo"):
        return "bpo-" + text
    if name == "gh":
        return "gh-" + text
    if name in ("dfn", "emphasis", "manpage", "newsgroup"):
        return "*" + text + "*"
    if name == "strong":
        return "**" + text + "**"
    if name in CODE_ROLES:
        return code_span(text)
    return text


def code_span(text):
    text = " ".join(text.split())
    if "`" in text:
        return "`` " + text + " ``"
    return "`" + text + "`"


def inline(text):
    """rST inline markup as Markdown: code spans kept apart, `<` escaped outside them."""
    out = []
    position = 0
    spans = re.compile(r"``(.+?)``(?!`)|:([\w:+-]+):`((?:[^`\\]|\\.)+)`|`([^`<]+?)\s*<([^<>`]+)>`__?|`([^`]+)`(?:__?)?", re.S)
    for match in spans.finditer(text):
        out.append(prose(text[position:match.start()]))
        if match.group(1) is not None:
            out.append(code_span(match.group(1)))
        elif match.group(2) is not None:
            converted = role(type("M", (), {"group": lambda self, n, m=match: m.group(n + 1)})())
            out.append(converted if converted.startswith("`") else prose(converted))
        elif match.group(4) is not None:
            url = match.group(5).strip()
            label = prose(match.group(4))
            out.append(f"[{label}]({url})" if re.match(r"(https?|mailto):", url) else label)
        else:
            out.append(code_span(match.group(6)))
        position = match.end()
    out.append(prose(text[position:]))
    return "".join(out)


def prose(text):
    text = text.replace("|version|", "3.11").replace("|release|", "3.11").replace("|today|", "")
    text = re.sub(r"\|([\w -]+)\|", r"\1", text)
    text = text.replace("\\ ", "").replace("<", "\\<").replace("{{", "{ {")
    # rST's anonymous and named references (`word_`): the word alone.
    return re.sub(r"(\w)__?(?=[\s.,;:)]|$)", r"\1", text)


def table_rows(rows, header):
    """GFM table from rows of cells; the first row is the header (rST tables without one get empty headers)."""
    width = max(len(row) for row in rows)
    rows = [[inline(" ".join(cell.split())).replace("|", "\\|") for cell in row] + [""] * (width - len(row)) for row in rows]
    if not header:
        rows.insert(0, [""] * width)
    head = "| " + " | ".join(rows[0]) + " |"
    return "\n".join([head, "|" + "---|" * width] + ["| " + " | ".join(row) + " |" for row in rows[1:]])


def simple_table(lines):
    border = lines[0]
    columns = [(m.start(), m.end()) for m in re.finditer(r"=+", border)]
    borders = [i for i, line in enumerate(lines) if re.fullmatch(r"[= ]+", line)]
    rows = []
    for i, line in enumerate(lines):
        if i in borders or not line.strip() or re.fullmatch(r"[- ]+", line):
            continue
        cells = []
        for n, (start, _) in enumerate(columns):
            end = columns[n + 1][0] if n + 1 < len(columns) else len(line)
            cells.append(line[start:end].strip())
        if rows and not cells[0] and i > borders[0] + 1:
            rows[-1] = [(a + " " + b).strip() for a, b in zip(rows[-1], cells)]
        else:
            rows.append(cells)
    header = len(borders) >= 3
    return table_rows(rows, header) if rows else ""


def grid_table(lines):
    cuts = [i for i, c in enumerate(lines[0]) if c == "+"]
    rows, current, header = [], None, False
    for line in lines[1:]:
        if re.fullmatch(r"\+[-=+]+\+", line.strip()):
            if current:
                rows.append(current)
            current = None
            if "=" in line and not rows[1:]:
                header = True
            continue
        cells = [line[a + 1:b] if b <= len(line) else line[a + 1:] for a, b in zip(cuts, cuts[1:])]
        cells = [cell.strip().strip("|").strip() for cell in cells]
        current = cells if current is None else [(a + " " + b).strip() for a, b in zip(current, cells)]
    if current:
        rows.append(current)
    return table_rows(rows, header) if rows else ""


def list_table(body):
    rows, header = [], False
    options = [line for line in body if line.startswith(":")]
    header = any(line.startswith(":header-rows:") for line in options)
    text = [line for line in body if not line.startswith(":")]
    for line in text:
        if line.startswith("* - "):
            rows.append([line[4:]])
        elif line.startswith("  - ") and rows:
            rows[-1].append(line[4:])
        elif line.strip() and rows:
            rows[-1][-1] += " " + line.strip()
    return table_rows(rows, header) if rows else ""


class Converter:
    def __init__(self):
        self.styles = []
        self.language = "python"
        self.items = []   # ("heading", level, text) | ("api", text) | ("block", markdown)

    def heading(self, style, text):
        if style not in self.styles:
            self.styles.append(style)
        self.items.append(("heading", self.styles.index(style) + 1, inline(text.strip()).strip()))

    def convert(self, lines, depth=0):
        """Markdown blocks for LINES; at depth 0 headings and API entries go to self.items."""
        blocks = []
        i = 0
        emit = (lambda b: self.items.append(("block", b))) if depth == 0 else blocks.append
        while i < len(lines):
            line = lines[i]
            if not line.strip():
                i += 1
                continue
            following = lines[i + 1] if i + 1 < len(lines) else ""
            # Headings: an underline, or an overline, a title and an underline.
            if UNDERLINE.fullmatch(line) and i + 2 < len(lines) and lines[i + 2].strip() == line.strip() and lines[i + 1].strip():
                if depth == 0:
                    self.heading(("over", line.strip()[0]), lines[i + 1])
                else:
                    blocks.append("**" + inline(lines[i + 1].strip()) + "**")
                i += 3
                continue
            if (following and UNDERLINE.fullmatch(following) and indent_of(line) == 0 and not UNDERLINE.fullmatch(line)
                    and len(following.strip()) >= len(line.strip()) - 1):
                if depth == 0:
                    self.heading(("under", following.strip()[0]), line)
                else:
                    blocks.append("**" + inline(line.strip()) + "**")
                i += 2
                continue
            if UNDERLINE.fullmatch(line) and line.strip()[0] == "-" and len(line.strip()) >= 4:
                i += 1   # a transition
                continue
            if line.startswith(".. ") or line == "..":
                i = self.directive(lines, i, depth, emit)
                continue
            if line.startswith("+-") and line.rstrip().endswith("+"):
                end = i
                while end < len(lines) and lines[end].strip() and lines[end].lstrip()[0] in "+|":
                    end += 1
                emit(grid_table(lines[i:end]))
                i = end
                continue
            if re.fullmatch(r"=+( +=+)+\s*", line):
                end, borders = i, 0
                while end < len(lines):
                    if re.fullmatch(r"=+( +=+)+\s*", lines[end]):
                        borders += 1
                        if borders == 3 or (borders == 2 and (end + 1 >= len(lines) or not lines[end + 1].strip())):
                            end += 1
                            break
                    end += 1
                emit(simple_table(lines[i:end]))
                i = end
                continue
            if indent_of(line) > 0:
                body, i = block_of(lines, i, 1)
                inner = Converter()
                inner.language = self.language
                quoted = inner.convert(body, depth + 1)
                emit("\n".join("> " + l if l else ">" for l in "\n\n".join(quoted).split("\n")))
                continue
            if line.startswith(">>> "):
                end = i
                while end < len(lines) and lines[end].strip():
                    end += 1
                emit("```pycon\n" + "\n".join(lines[i:end]) + "\n```")
                i = end
                continue
            bullet, enumerated = BULLET.match(line), ENUMERATED.match(line)
            if bullet or enumerated:
                i = self.list_items(lines, i, depth, emit)
                continue
            field = FIELD.match(line)
            if field and not line.startswith(":mod:") and not re.match(r":\w+:`", line):
                rest, end = block_of(lines, i + 1, 1) if i + 1 < len(lines) and indent_of(lines[i + 1]) > 0 else ([], i + 1)
                text = " ".join([field.group(2) or ""] + [l.strip() for l in rest]).strip()
                emit(f"- **{inline(field.group(1))}:** {inline(text)}")
                i = end
                continue
            # A paragraph; a definition list item when the next line is indented.
            end = i
            while end < len(lines) and lines[end].strip() and indent_of(lines[end]) == 0 \
                    and not (lines[end].startswith(".. ") or lines[end] == ".."):
                end += 1
            paragraph = lines[i:end]
            if end < len(lines) and lines[end].strip() and indent_of(lines[end]) > 0 and not paragraph[-1].endswith("::"):
                term = paragraph[-1]
                if paragraph[:-1]:
                    emit(inline(" ".join(l.strip() for l in paragraph[:-1])))
                body, end = block_of(lines, end, 1)
                inner = Converter()
                inner.language = self.language
                emit("**" + inline(term.strip()) + "**")
                for block in inner.convert(body, depth + 1):
                    emit(block)
                i = end
                continue
            text = " ".join(l.strip() for l in paragraph)
            literal = text.endswith("::")
            if literal:
                text = text[:-2].rstrip() + (":" if not text[:-2].endswith(" ") and text != "::" else "")
            if text.strip():
                emit(inline(text))
            i = end
            if literal:
                while i < len(lines) and not lines[i].strip():
                    i += 1
                if i < len(lines) and indent_of(lines[i]) > 0:
                    body, i = block_of(lines, i, 1)
                    emit(fence(self.language, body))
        return blocks

    def list_items(self, lines, i, depth, emit):
        items = []
        while i < len(lines):
            line = lines[i]
            bullet, enumerated = BULLET.match(line), ENUMERATED.match(line)
            if not (bullet or enumerated):
                break
            width = len(line) - len(line.lstrip(" ")) + (bullet.end() - 1 if bullet else enumerated.end() - 1)
            first = line[width:]
            body, end = block_of(lines, i + 1, 1) if i + 1 < len(lines) and lines[i + 1].strip() and indent_of(lines[i + 1]) > 0 \
                else ([], i + 1)
            # Continuation lines and nested blocks after a blank line, indented under the text.
            if end < len(lines) and not lines[end].strip():
                probe = end
                while probe < len(lines) and not lines[probe].strip():
                    probe += 1
                if probe < len(lines) and indent_of(lines[probe]) >= 2:
                    more, end = block_of(lines, probe, 2)
                    body = body + [""] + more
            inner = Converter()
            inner.language = self.language
            converted = inner.convert([first] + body, depth + 1)
            marker = "- " if bullet else f"{len(items) + 1}. "
            text = "\n\n".join(converted).split("\n")
            items.append(marker + "\n".join([text[0]] + [(" " * len(marker) + l) if l else "" for l in text[1:]]))
            i = end
            while i < len(lines) and not lines[i].strip():
                i += 1
        emit("\n".join(items))
        return i

    def directive(self, lines, i, depth, emit):
        line = lines[i]
        match = DIRECTIVE.match(line)
        if not match:
            # A comment, a target or a substitution definition: skipped with its indented lines.
            _, end = block_of(lines, i + 1, 1) if i + 1 < len(lines) and indent_of(lines[i + 1]) > 0 else ([], i + 1)
            return end
        name, argument = match.group(1), match.group(2).strip()
        # Further signature lines, then options, then the body.
        signatures = [argument] if argument else []
        j = i + 1
        while j < len(lines) and lines[j].strip() and indent_of(lines[j]) > 0 and not lines[j].strip().startswith(":"):
            if not API.match(line) and name not in ADMONITIONS:
                break
            if name in ADMONITIONS:
                break
            signatures.append(lines[j].strip())
            j += 1
        body, end = block_of(lines, j, 1) if j < len(lines) and (not lines[j].strip() or indent_of(lines[j]) > 0) else ([], j)
        options = []
        while body and body[0].startswith(":") and FIELD.match(body[0]):
            options.append(body.pop(0))
        while body and not body[0].strip():
            body.pop(0)
        kind = name.split(":")[-1]
        if name == "highlight" or name == "highlightlang":
            self.language = {"python3": "python", "default": "python", "none": "text"}.get(argument, argument or "text")
            return end
        if API.match(line):
            title = " / ".join(code_span(s) for s in signatures[:2])
            if depth == 0:
                self.items.append(("api", title))
            else:
                emit("**" + title + "**")
            if body:
                inner = Converter()
                inner.language = self.language
                for block in inner.convert(body, depth + 1):
                    emit(block)
            return end
        if name in CODE:
            language = argument or ("pycon" if kind in ("doctest",) else "python" if kind in ("testcode",) else "text")
            emit(fence(language, body))
            return end
        if name in ("list-table", "table", "csv-table"):
            if name == "list-table":
                emit(list_table(body))
            else:
                inner = Converter()
                for block in inner.convert(body, depth + 1):
                    emit(block)
            return end
        if name in ("rubric", "centered"):
            emit("**" + inline(argument) + "**")
            return end
        if name in DROPPED or name in ("only", "glossary", "productionlist") and not body:
            return end
        if name in ADMONITIONS:
            label = ADMONITIONS[name]
            lead = ((f"**{label}** " if label else "") + (inline(argument) if argument else "")).strip()
            inner = Converter()
            inner.language = self.language
            converted = inner.convert(body, depth + 1)
            text = "\n\n".join(([lead] if lead else []) + converted)
            emit("\n".join("> " + l if l else ">" for l in text.split("\n")))
            return end
        inner = Converter()
        inner.language = self.language
        for block in inner.convert(body, depth + 1):
            emit(block)
        return end


def fence(language, body):
    text = "\n".join(body).rstrip("\n")
    ticks = "````" if "```" in text else "```"
    return f"{ticks}{language}\n{text}\n{ticks}"


def words(text):
    return len(text.split())


def pieces(root):
    """Every piece of the documentation under ROOT (its `_sources` folder), in file order:
    dicts of path, category, tags, title, markdown."""
    result = []
    for path in sorted(glob.glob(os.path.join(root, "**", "*.rst.txt"), recursive=True)):
        name = os.path.relpath(path, root)[:-len(".rst.txt")]
        with open(path, encoding="utf-8") as handle:
            lines = [line.rstrip().expandtabs(8) for line in handle.read().split("\n")]
        converter = Converter()
        converter.convert(lines)
        folder = name.split("/")[0] if "/" in name else ""
        category = CATEGORY_OF.get(folder, GUIDES)
        stem = name.split("/")[-1]
        # The file's folder, name and first word (library/asyncio-task: library, asyncio-task, asyncio); "python-" before a version.
        tags = {re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") for text in (stem, stem.split("-")[0])}
        tags = sorted({("python-" + tag) if re.fullmatch(r"[\d-]+", tag) else tag for tag in tags} | ({folder} if folder else set()))
        # Segments: from one heading or API entry to the next.
        segments, page_title, section = [], None, None
        for item in converter.items:
            if item[0] == "heading":
                page_title = page_title or item[2]
                section = item[2]
                segments.append(dict(title=item[2], blocks=[], heading="## " + item[2]))
            elif item[0] == "api":
                segments.append(dict(title=f"{section or stem}: {item[1]}", blocks=["### " + item[1]], heading=None))
            else:
                if not segments:
                    segments.append(dict(title=page_title or stem, blocks=[], heading=None))
                segments[-1]["blocks"].append(item[1])
        # A segment of more than MAX_WORDS is cut between blocks into parts of about MAX_WORDS / 2 or more.
        cut = []
        for segment in segments:
            blocks, part = segment["blocks"], 1
            while words("\n".join(blocks)) > MAX_WORDS:
                size, n = 0, 0
                while n < len(blocks) - 1 and size < MAX_WORDS // 2:
                    size += words(blocks[n])
                    n += 1
                if n == 0 or words("\n".join(blocks[n:])) < MAX_WORDS // 4:
                    break
                title = segment["title"] if part == 1 else f"{segment['title']} ({part})"
                cut.append(dict(title=title, blocks=blocks[:n], heading=segment["heading"] if part == 1 else None))
                blocks, part = blocks[n:], part + 1
            cut.append(dict(title=segment["title"] if part == 1 else f"{segment['title']} ({part})", blocks=blocks,
                            heading=segment["heading"] if part == 1 else None))
        # Pieces: segments joined until MIN_WORDS; what is left at the end joins the last piece.
        made, current = [], None
        for segment in cut:
            if current is None:
                current = dict(path=name, category=category, tags=tags, title=segment["title"], blocks=list(segment["blocks"]))
            else:
                current["blocks"] += ([segment["heading"]] if segment["heading"] else []) + segment["blocks"]
            if words("\n".join(current["blocks"])) >= MIN_WORDS:
                made.append(current)
                current = None
        if current and current["blocks"]:
            if made:
                made[-1]["blocks"] += [("## " + current["title"]) if not current["blocks"][0].startswith("#") else ""] + current["blocks"]
            else:
                made.append(current)
        result += made
    for piece in result:
        piece["title"] = piece["title"].replace(" --- ", " — ")
        piece["markdown"] = "\n\n".join(b for b in piece.pop("blocks") if b.strip()) + "\n"
        piece["title"] = re.sub(r"\s+", " ", re.sub(r"[`*\\]", "", piece["title"])).strip() or piece["path"]
    return result


def obtain(sources=SOURCES):
    """The `_sources` folder of Debian's Python documentation, downloaded and unpacked once into SOURCES."""
    found = sorted(glob.glob(os.path.join(sources, "python3.*-doc", "usr", "share", "doc", "python3.*", "html", "_sources")))
    if found:
        return found[-1]
    os.makedirs(sources, exist_ok=True)
    depends = subprocess.run(["apt-cache", "depends", "python3-doc"], capture_output=True, text=True).stdout
    package = next((m for m in re.findall(r"Depends: (python3\.\d+-doc)", depends)), None)
    if package is None:
        subprocess.run(["apt-get", "update", "-qq"], check=True)
        depends = subprocess.run(["apt-cache", "depends", "python3-doc"], capture_output=True, text=True).stdout
        package = re.findall(r"Depends: (python3\.\d+-doc)", depends)[0]
    subprocess.run(["apt-get", "download", "-q", package], cwd=sources, check=True, stdout=subprocess.DEVNULL)
    deb = sorted(glob.glob(os.path.join(sources, package + "_*.deb")))[-1]
    target = os.path.join(sources, package)
    subprocess.run(["dpkg-deb", "-x", deb, target + ".part"], check=True)
    os.replace(target + ".part", target)
    return obtain(sources)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", help="the _sources folder (default: obtained with apt-get download)")
    parser.add_argument("--stats", action="store_true")
    parser.add_argument("--show", help="print the pieces of one file (its path under _sources)")
    options = parser.parse_args()
    root = options.source or obtain()
    found = pieces(root)
    if options.show:
        for piece in found:
            if piece["path"] + ".rst.txt" == options.show:
                print(f"==== {piece['title']} ({words(piece['markdown'])} words)\n{piece['markdown']}")
    if options.stats:
        counts = sorted(words(p["markdown"]) for p in found)
        print(f"{root}: {len(found)} pieces, {sum(counts)} words, median {counts[len(counts) // 2]}, "
              f"mean {sum(counts) // len(counts)}, largest {counts[-1]}", file=sys.stderr)


if __name__ == "__main__":
    main()

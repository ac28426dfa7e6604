#!/usr/bin/env python3
"""Makes a large site for measuring `masthead serve`: the default site's site.yml,
templates and static files, with N small Markdown articles instead of its own.

    python3 Tests/browser/generate_site.py --articles 10000 --out /tmp/masthead-10k
    python3 Tests/browser/generate_site.py --articles 2000 --translated --out /tmp/masthead-2k-bilingual
    python3 Tests/browser/generate_site.py --articles 2000 --one-language --out /tmp/masthead-2k-italian

The default site is in Italian and English: `--translated` gives every article an English
translation (`articolo-00001.en.md`), `--one-language` takes English out of site.yml and
copies no `.en.md` file, for comparing a bilingual site with a monolingual one.
"""
import argparse
import os
import random
import shutil

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

WORDS = ("caffè moka espresso crema tazzina aroma tostatura miscela arabica robusta bar colazione "
         "latte zucchero cacao nocciola ricetta estate inverno punti premio tessera negozio").split()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--articles", type=int, default=10000)
    parser.add_argument("--out", required=True)
    parser.add_argument("--source", default=ROOT)
    parser.add_argument("--titles", action="store_true",
                        help="titles and bodies from a seeded vocabulary of 3,000 made-up words (the search relevance test)")
    parser.add_argument("--translated", action="store_true", help="an English translation of every article")
    parser.add_argument("--one-language", action="store_true", help="the site in Italian only")
    args = parser.parse_args()

    shutil.rmtree(args.out, ignore_errors=True)
    os.makedirs(os.path.join(args.out, "Content", "articles"))
    shutil.copytree(os.path.join(args.source, "Templates"), os.path.join(args.out, "Templates"))
    with open(os.path.join(args.source, "Content", "site.yml"), encoding="utf-8") as handle:
        site_yml = handle.read()
    config = yaml.safe_load(site_yml)
    if args.one_language:
        # The `languages:` block goes: its lines are the key and those indented under it.
        lines, skipping = [], False
        for line in site_yml.splitlines(keepends=True):
            if line.startswith("languages:"):
                skipping = True
                continue
            if skipping and (line.startswith((" ", "\t")) or not line.strip()):
                continue
            skipping = False
            lines.append(line)
        site_yml = "".join(lines)
    with open(os.path.join(args.out, "Content", "site.yml"), "w", encoding="utf-8") as handle:
        handle.write(site_yml)
    ignore = shutil.ignore_patterns("*.en.md", "*.en.html") if args.one_language else None
    for folder in ("static", "pages", "catalogs", "stats", "reports"):
        source = os.path.join(args.source, "Content", folder)
        if os.path.isdir(source):
            shutil.copytree(source, os.path.join(args.out, "Content", folder), ignore=ignore)

    categories = [c.get("slug") or c["name"] for c in config.get("categories", [])] or [None]
    random.seed(7)
    vocabulary = made_up_words(3000) if args.titles else None
    # Zipf-like weights: a few words are everywhere, most are rare, as in prose.
    weights = [1 / (rank + 1) for rank in range(len(vocabulary))] if vocabulary else None
    for number in range(1, args.articles + 1):
        category = categories[number % len(categories)]
        if vocabulary:
            words = " ".join(random.choices(vocabulary, weights, k=120))
            title = " ".join(random.choice(vocabulary).capitalize() if i == 0 else random.choice(vocabulary) for i in range(5))
        else:
            words = " ".join(random.choice(WORDS) for _ in range(120))
            title = f"Articolo numero {number}"
        tags = sorted({random.choice(WORDS) for _ in range(2)})
        front = [
            f"title: {title}",
            f"date: {2000 + number % 26}-{1 + number % 12:02d}-{1 + number % 28:02d}",
            f"tags: [{', '.join(tags)}]",
        ]
        if category:
            front.append(f"category: {category}")
        body = f"Questo è l'articolo {number}. {words}.\n\n## Una sezione\n\n- un punto\n- un altro *punto*\n\n{words}.\n"
        path = os.path.join(args.out, "Content", "articles", f"articolo-{number:05d}.md")
        with open(path, "w", encoding="utf-8") as handle:
            handle.write("---\n" + "\n".join(front) + "\n---\n" + body)
        if args.translated:
            # Date, category and tags come from the original, as a translator would leave them.
            english = f"This is article {number}. {words}.\n\n## A section\n\n- a point\n- another *point*\n\n{words}.\n"
            with open(path[:-3] + ".en.md", "w", encoding="utf-8") as handle:
                handle.write(f"---\ntitle: Article number {number}\n---\n" + english)
    print(f"{args.articles} articles in {args.out}")


def made_up_words(count):
    """`count` distinct words of two to four syllables, the same for every run."""
    generator = random.Random(11)
    consonants, vowels = "bcdfglmnprstvz", "aeiou"
    words = set()
    while len(words) < count:
        syllables = generator.randint(2, 4)
        words.add("".join(generator.choice(consonants) + generator.choice(vowels) for _ in range(syllables)))
    return sorted(words)


if __name__ == "__main__":
    main()

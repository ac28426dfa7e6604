#!/usr/bin/env python3
"""Deterministic benchmark corpus: the same N articles as a Masthead site and as a Hugo site.

    python3 Benchmarks/generate.py --articles 1000 --out /tmp/masthead-bench/1000
    python3 Benchmarks/generate.py --shape big-tags --articles 1000 --out /tmp/masthead-bench/big-tags-1000

writes OUT/masthead (Content/site.yml, Content/articles, Content/static, Templates,
plus Content/catalogs/prizes.csv and Content/stats/events.csv, declared and used by a
report page with --with-data) and OUT/hugo and OUT/hugo-core (hugo.toml, content, layouts).
Same seed and shape, same bytes: every choice comes from random.Random(seed).

--shape chooses what the magazine looks like (Benchmarks/README.md, "Shapes"):
  standard   (default) ~600-word articles, N/20 tags with 2-4 on each, pageSize 10, an article every 37 minutes
  big-tags   20 tags, 4 on every article, pageSize 6, three years of articles (36 months of archives),
             a cover on every article from a pool of 20 photos, the default site's configuration
             (Italian with English under /en/: one article in 20 translated)
  many-tags  max(2,000, N/5) tags with 1-3 on each article
  long       3,000-6,000-word articles with 5 images each from the pool of 20
  bilingual  the standard articles, every one also in English (article.en.md), Italian at the root
  magazine   ~900 words in many short sections (### every 2-4 paragraphs), a table and Swift or Python code
             in one article in three, 3 categories, max(50, N/20) tags of Zipf-like sizes with 1-4 on each,
             eight years of dates, a cover on every article from the pool of 20 photos, pageSize 6
  python-docs  text the benchmark did not write: Python's documentation (Debian's python3.X-doc, its
             reStructuredText sources) converted to Markdown and cut at its headings and API entries
             (Benchmarks/corpora/python_docs.py); categories and tags from its folders and files
The shapes other than standard give Hugo the year and month archives Masthead writes, as two
taxonomies (years, months) paginated like every list; the standard shape's Hugo site is as it
always was. The photos are drawn from the project's SVGs with libvips's `vips` (libvips-tools).
"""

import argparse
import bisect
import itertools
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from datetime import datetime, timedelta, timezone

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

CATEGORIES = [
    ("Coffee Culture", "coffee-culture", "#7b4a2d"),
    ("Art and Culture", "art-and-culture", "#2e5e6e"),
    ("Inspiring Cooking", "inspiring-cooking", "#9b3b22"),
    ("Community News", "community-news", "#4a5d2e"),
]

WORDS = """
coffee espresso crema roast bean grinder milk foam cup saucer morning ritual aroma
bitter sweet acid body origin farm harvest cherry wash dry sun shade altitude valley
river mountain city street bar counter barista steam pressure water temperature
filter moka pot kettle spoon sugar cocoa vanilla cinnamon cardamom orange lemon
almond hazelnut biscuit cake cream butter flour egg oven recipe kitchen table friend
family neighbour story memory photo film music song record book poem painting museum
gallery artist design chair lamp window light shadow evening night summer winter
autumn spring season festival market square harbour train station journey travel
map letter postcard newspaper magazine chapter page word voice silence laughter
conversation idea question answer reason habit tradition history future present
slow quick warm cold fresh old new small large bright dark soft strong gentle rich
simple careful patient curious quiet loud green brown golden silver deep light
""".split()

TAG_STEMS = """
moka espresso latte cappuccino ristretto lungo macchiato affogato granita cornetto
tiramisu biscotti torrone panettone colomba cantucci arabica robusta tostatura
macinatura crema schiuma tazzina zucchero cacao vaniglia cannella nocciola mandorla
arancia limone fotografia cinema musica design pittura teatro letteratura viaggio
mercato festival estate inverno autunno primavera colazione merenda aperitivo
""".split()

LANGUAGES = ["swift", "python", "sh", "json", "yaml"]

# What each shape changes; standard is the corpus `make bench` has always built.
SHAPES = {
    "standard": dict(page_size=10, tags=lambda n: max(5, n // 20), per_article=(2, 4), three_years=False,
                     cover=False, body_images=0, words=None, translate_every=0, config="standard"),
    "big-tags": dict(page_size=6, tags=lambda n: 20, per_article=(4, 4), three_years=True,
                     cover=True, body_images=0, words=None, translate_every=20, config="default-site"),
    "many-tags": dict(page_size=10, tags=lambda n: max(2000, n // 5), per_article=(1, 3), three_years=False,
                      cover=False, body_images=0, words=None, translate_every=0, config="standard"),
    "long": dict(page_size=10, tags=lambda n: max(5, n // 20), per_article=(2, 4), three_years=False,
                 cover=False, body_images=5, words=(3000, 6000), translate_every=0, config="standard"),
    "bilingual": dict(page_size=10, tags=lambda n: max(5, n // 20), per_article=(2, 4), three_years=False,
                      cover=False, body_images=0, words=None, translate_every=1, config="bilingual"),
    # Issue 62: the shapes below also set span (the dates), categories (how many of CATEGORIES),
    # zipf (tag sizes from a Zipf-like law), body ("magazine") or source (a corpus not written here).
    "magazine": dict(page_size=6, tags=lambda n: max(50, n // 20), per_article=(1, 4), three_years=False,
                     cover=True, body_images=0, words=None, translate_every=0, config="standard",
                     span="eight-years", categories=3, zipf=1.1, body="magazine"),
    "python-docs": dict(page_size=6, tags=None, per_article=None, three_years=False, cover=False, body_images=0,
                        words=None, translate_every=0, config="standard", span="eight-years", source="python-docs"),
}

# The big-tags shape's tags in English, as the default site's `languages: en: tags:` translates its own.
ENGLISH_TAGS = {
    "moka": "moka pot", "latte": "milk coffee", "lungo": "long coffee", "granita": "coffee granita",
    "cornetto": "croissant", "torrone": "nougat", "panettone": "christmas cake", "colomba": "easter cake",
    "cantucci": "almond biscuits", "tostatura": "roasting", "macinatura": "grinding",
}

# Three years of articles for the big-tags shape: 36 months, November 2023 to October 2026.
THREE_YEARS = (datetime(2026, 10, 31, 18, 0, tzinfo=timezone.utc), datetime(2023, 11, 1, 9, 0, tzinfo=timezone.utc))
POOL_SIZE = 20
# Eight years of articles for the magazine and python-docs shapes: 96 months, November 2018 to October 2026.
EIGHT_YEARS = (datetime(2026, 10, 31, 18, 0, tzinfo=timezone.utc), datetime(2018, 11, 1, 9, 0, tzinfo=timezone.utc))


def sentence(rng, low=8, high=18):
    words = [rng.choice(WORDS) for _ in range(rng.randint(low, high))]
    words[0] = words[0].capitalize()
    if rng.random() < 0.3:
        position = rng.randrange(1, len(words))
        words[position] = "**" + words[position] + "**"
    elif rng.random() < 0.3:
        position = rng.randrange(1, len(words))
        words[position] = "*" + words[position] + "*"
    return " ".join(words) + rng.choice([".", ".", ".", "!", "?"])


def paragraph(rng, sentences=None):
    return " ".join(sentence(rng) for _ in range(sentences or rng.randint(3, 5)))


def title(rng):
    words = [rng.choice(WORDS) for _ in range(rng.randint(3, 6))]
    return " ".join(words).capitalize()


def body(rng, index, count):
    """About 600 words of GitHub-flavoured Markdown with every common block kind."""
    other = lambda: f"article-{rng.randrange(count):06d}"
    parts = [paragraph(rng)]
    parts.append(f"## {title(rng)}")
    parts.append(paragraph(rng) + f" Read also [the previous story](/articles/{other()}/) and "
                 f"[this guide](https://example.com/guides/{rng.choice(WORDS)}).")
    parts.append("\n".join(f"- {sentence(rng, 4, 9)}" for _ in range(rng.randint(3, 5))))
    parts.append(paragraph(rng))
    parts.append(f"### {title(rng)}")
    parts.append("\n".join(f"{n}. {sentence(rng, 4, 9)}" for n in range(1, rng.randint(3, 5) + 1)))
    header = "| Step | Time | Notes |\n|---|---:|---|"
    rows = "\n".join(f"| {rng.choice(WORDS).capitalize()} | {rng.randint(1, 59)} min | {sentence(rng, 3, 6)} |"
                     for _ in range(rng.randint(3, 5)))
    parts.append(header + "\n" + rows)
    parts.append(paragraph(rng))
    language = rng.choice(LANGUAGES)
    code = "\n".join(f"let {rng.choice(WORDS)}{n} = {rng.randint(1, 999)} // {rng.choice(WORDS)}" for n in range(rng.randint(3, 6)))
    parts.append(f"```{language}\n{code}\n```")
    parts.append(f"## {title(rng)}")
    parts.append("> " + sentence(rng) + "\n> " + sentence(rng))
    parts.append(paragraph(rng) + " Use `" + rng.choice(WORDS) + "` with ~~" + rng.choice(WORDS) + "~~ care.")
    parts.append(paragraph(rng))
    parts.append("- [x] " + sentence(rng, 3, 6) + "\n- [ ] " + sentence(rng, 3, 6))
    parts.append(paragraph(rng))
    return "\n\n".join(parts) + "\n"


def long_body(rng, index, count, images, target):
    """TARGET words or a little more: bodies of every block kind one after another, with IMAGES
    (Markdown images with a caption, each alone in its paragraph) spread evenly between blocks."""
    blocks = []
    while sum(len(block.split()) for block in blocks) < target:
        blocks.extend(body(rng, index, count).rstrip("\n").split("\n\n"))
    for number, (src, alt) in enumerate(images, start=1):
        caption = " ".join(rng.choice(WORDS) for _ in range(rng.randint(5, 10))).capitalize() + "."
        blocks.insert(len(blocks) * number // (len(images) + 1) + number - 1, f'![{alt}]({src} "{caption}")')
    return "\n\n".join(blocks) + "\n"


SWIFT_LINES = ["let {w} = {n}", "var {w}Count = {n}", "func {w}(_ value: Int) -> Int {{ value * {n} }}",
               "struct {W} {{ let grams: Int; let minutes: Int }}", "for cup in 1...{n} {{ print(cup, \"{w}\") }}",
               "guard let {w} = menu[\"{w}\"] else {{ return }}"]
PYTHON_LINES = ["{w} = {n}", "def {w}(value):\n    return value * {n}", "for cup in range({n}):\n    print(cup, \"{w}\")",
                "menu[\"{w}\"] = {{\"grams\": {n}}}", "class {W}:\n    minutes = {n}", "if {w} > {n}:\n    {w} -= 1"]


def magazine_body(rng, count):
    """About 900 words in many short sections: a lede, then 5-9 sections of a ### heading and 2-4 short
    paragraphs, some with a list or a block quote; one article in three also has a GFM table and a
    fenced block of Swift or Python, each in one of its sections."""
    other = lambda: f"article-{rng.randrange(count):06d}"
    parts = [paragraph(rng, rng.randint(2, 4))]
    sections = rng.randint(5, 9)
    rich = rng.random() < 1 / 3
    table_at, code_at = rng.randrange(sections), rng.randrange(sections)
    for number in range(sections):
        parts.append(f"### {title(rng)}")
        for _ in range(rng.randint(2, 4)):
            text = paragraph(rng, rng.randint(2, 3))
            if rng.random() < 0.1:
                text += f" Read also [this story](/articles/{other()}/)."
            parts.append(text)
        if rng.random() < 0.35:
            numbered = rng.random() < 0.3
            parts.append("\n".join(f"{f'{n}.' if numbered else '-'} {sentence(rng, 4, 10)}"
                                   for n in range(1, rng.randint(3, 6) + 1)))
        if rng.random() < 0.25:
            parts.append("> " + sentence(rng) + (("\n> " + sentence(rng)) if rng.random() < 0.5 else ""))
        if rich and number == table_at:
            columns = rng.randint(3, 5)
            header = "| " + " | ".join(rng.choice(WORDS).capitalize() for _ in range(columns)) + " |"
            rows = ["| " + " | ".join([rng.choice(WORDS).capitalize()] + [str(rng.randint(1, 999)) for _ in range(columns - 1)]) + " |"
                    for _ in range(rng.randint(3, 8))]
            parts.append("\n".join([header, "|---" + "|---:" * (columns - 1) + "|"] + rows))
        if rich and number == code_at:
            language, lines = rng.choice([("swift", SWIFT_LINES), ("python", PYTHON_LINES)])
            code = "\n".join(rng.choice(lines).format(w=rng.choice(WORDS), W=rng.choice(WORDS).capitalize(), n=rng.randint(1, 99))
                             for _ in range(rng.randint(3, 10)))
            parts.append(f"```{language}\n{code}\n```")
    return "\n\n".join(parts) + "\n"


def zipf_tags(rng, ranked, cumulative, low, high):
    """LOW to HIGH distinct tags, each drawn with a weight 1/rank^s (cumulative weights CUMULATIVE)."""
    chosen = set()
    wanted = rng.randint(low, high)
    while len(chosen) < wanted:
        chosen.add(ranked[bisect.bisect_left(cumulative, rng.random() * cumulative[-1])])
    return sorted(chosen)


def yaml_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


class Article:
    def __init__(self, rng, index, count, tags, start, shape=SHAPES["standard"], pool=(), zipf=None):
        self.slug = f"article-{index:06d}"
        self.title = title(rng) + f" {index}"
        if shape["three_years"] or shape.get("span"):
            newest, oldest = EIGHT_YEARS if shape.get("span") == "eight-years" else THREE_YEARS
            self.date = newest - (newest - oldest) * (index + rng.randint(0, 30) / 31) / count
        else:
            self.date = start - timedelta(minutes=37 * index + rng.randint(0, 30))
        self.category = rng.choice(CATEGORIES[:shape.get("categories", len(CATEGORIES))])
        if zipf:
            self.tags = zipf_tags(rng, *zipf, *shape["per_article"])
        else:
            self.tags = sorted(rng.sample(tags, rng.randint(*shape["per_article"])))
        self.summary = sentence(rng, 12, 24)
        self.featured = rng.random() < 0.01
        if shape.get("body") == "magazine":
            self.body = magazine_body(rng, count)
        elif shape["words"]:
            images = [rng.choice(pool) for _ in range(shape["body_images"])]
            self.body = long_body(rng, index, count, images, rng.randint(*shape["words"]))
        else:
            self.body = body(rng, index, count)
        self.cover = rng.choice(pool) if shape["cover"] else None
        self.archives = shape is not SHAPES["standard"]
        self.translation = None

    def front_matter(self, hugo, translation=None, tag_names=None):
        """The original's front matter, or with TRANSLATION its translation's: Masthead's
        translation writes only its title and summary and takes the rest from the original
        (docs/translating.md); Hugo's writes everything, with the tags in its language."""
        date = self.date.strftime("%Y-%m-%dT%H:%M:%S+00:00")
        title_text, summary = (translation.title, translation.summary) if translation else (self.title, self.summary)
        lines = ["---", f"title: {yaml_string(title_text)}"]
        if translation and not hugo:
            lines.append(f"summary: {yaml_string(summary)}")
            lines.append("---")
            return "\n".join(lines) + "\n"
        lines.append(f"date: {date}")
        if hugo:
            lines.append(f"categories: [{self.category[1]}]")
            lines.append(f"slug: {self.slug}")
            if self.archives:
                lines.append(f"years: [\"{self.date:%Y}\"]")
                lines.append(f"months: [\"{self.date:%Y-%m}\"]")
        else:
            lines.append(f"category: {self.category[1]}")
        tags = [(tag_names or {}).get(tag, tag) for tag in self.tags] if translation else self.tags
        lines.append("tags: [" + ", ".join(tags) + "]")
        lines.append(f"summary: {yaml_string(summary)}")
        if self.featured:
            lines.append("featured: true")
        if self.cover:
            lines.append(f"cover: {{ src: {self.cover[0]}, alt: {yaml_string(self.cover[1])} }}")
        lines.append("---")
        return "\n".join(lines) + "\n"


class DocArticle(Article):
    """An article made of a piece of a corpus the benchmark did not write (Benchmarks/corpora):
    its title, body, category and tags are the piece's, its summary its first paragraph's first 40 words;
    only its date and featured flag are drawn here."""
    def __init__(self, rng, index, count, piece, edition):
        self.slug = f"article-{index:06d}"
        self.title = piece["title"] + (f" ({edition + 1})" if edition else "")
        newest, oldest = EIGHT_YEARS
        self.date = newest - (newest - oldest) * (index + rng.randint(0, 30) / 31) / count
        self.category = piece["category"]
        self.tags = piece["tags"]
        first = next((block for block in piece["markdown"].split("\n\n") if block[:1].isalpha()), piece["title"])
        plain = re.sub(r"\]\([^)]*\)|[`*\\\[\]]", "", " ".join(first.split()))
        self.summary = " ".join(plain.split()[:40])
        self.featured = rng.random() < 0.01
        self.body = piece["markdown"]
        self.cover = None
        self.archives = True
        self.translation = None


class Translation:
    """An article's English version: its own title, summary and body."""
    def __init__(self, rng, index, count):
        self.title = title(rng) + f" {index}"
        self.summary = sentence(rng, 12, 24)
        self.body = body(rng, index, count)


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as handle:
        handle.write(text)


ENGLISH = """  - code: en
    name: English
    title: Bench Magazine in English
    description: The generated magazine, in English.
    menu:
      - { title: Articles, url: /en/articles/ }
      - { title: Categories, url: /en/categories/ }
      - { title: Tags, url: /en/tags/ }
    categories:
""" + "".join(f"      {slug}: {{ name: {name}, description: Stories about {name.lower()}. }}\n" for name, slug, _ in CATEGORIES) + """\
    home:
      sections: [ { title: Featured }, { title: New recipes }, { title: More news } ]
"""

PRIZES = """catalogs:
  prizes:
    file: catalogs/prizes.csv
    key: key
    title: title
    schema:
      key: { type: string, required: true }
      title: { type: string, required: true }
      category: { type: string, required: true }
      points: { type: integer, required: true }
      expiry: { type: date, required: true }
      kind: { type: string, required: true }
      description: string
    sort: points
    permalink: /prizes/:key/
    templates: { index: prizes, item: prize }
    facets:
      - { field: category }
      - { field: points, bands: [0, 500, 1000, 2500, 5000] }
"""


def default_site_yml(categories, with_data):
    """The default site's configuration (Content/site.yml) around the generated articles: Italian
    at the root and English under /en/ with its own title, menu, category names, home section
    titles and tag names; pageSize 6; the home sections' backgrounds, the brand colour, the social
    cards' colours, smart punctuation; with --with-data the prize catalog as the default site
    declares it (label, page size, weekly featured prize, product data, the filter) and its search."""
    english_tags = "".join(f"      {tag}: {name}\n" for tag, name in sorted(ENGLISH_TAGS.items()))
    english_catalog = """    catalogs:
      prizes:
        label: Prize catalogue
        description: "Vouchers, accessories, coffee and experiences to choose with your points."
        filter: { points: Points needed, category: Categories, expiry: Expiry }
""" if with_data else ""
    site_yml = f"""title: Bench Magazine
description: A generated magazine for the benchmark.
baseURL: https://bench.example.com/
language: it
languages:
  - code: it
    name: Italiano
{ENGLISH}    tags:
{english_tags}{english_catalog}timezone: UTC
author: Bench Desk
categories:
{categories}
home:
  sections:
    - title: In evidenza
      show: featured
      limit: 4
      background: "#f6efe6"
    - title: Scopri nuove ricette
      show: category
      category: inspiring-cooking
      limit: 6
      background: "#fbe9df"
    - title: Altre news
      show: rest
      limit: 9
      background: "#eef2ea"
colours: {{ brand: "#7b4a2d" }}
menu:
  - {{ title: Articoli, url: /articles/ }}
  - {{ title: Categorie, url: /categories/ }}
  - {{ title: Tag, url: /tags/ }}
pageSize: 6
permalinks:
  article: /articles/:slug/
  page: /:slug/
  category: /categories/:slug/
  tag: /tags/:slug/
markdown:
  rawHTML: false
  smartPunctuation: true
feed:
  length: 20
related:
  limit: 3
images:
  card: {{ background: "#5a2e14", text: "#ffffff" }}
"""
    if with_data:
        site_yml += PRIZES + """    label: Catalogo premi
    description: Buoni, accessori, caffè ed esperienze da scegliere con i punti.
    pageSize: 24
    featured: { rotate: weekly }
    link: prize
    structuredData: Product
    filter:
      card: prize-card
      fields:
        - { field: points, label: Punti necessari }
        - { field: category, label: Categorie }
        - { field: expiry, label: Scadenza }
search:
  catalogs:
    prizes: { fields: [title, description, category], facet: category }
"""
    return site_yml


def home_category(categories):
    """The category of the home page's second section: Inspiring Cooking, or the last of CATEGORIES."""
    return next((c for c in categories if c[1] == "inspiring-cooking"), categories[-1])


def masthead_site(out, articles, catalog_rows, events, with_data, shape=SHAPES["standard"], pool_dir=None, site_categories=CATEGORIES):
    content = os.path.join(out, "Content")
    categories = "\n".join(
        f"  - name: {name}\n    slug: {slug}\n    description: Stories about {name.lower()}.\n    colour: \"{colour}\""
        for name, slug, colour in site_categories)
    site_yml = f"""title: Bench Magazine
description: A generated magazine for the benchmark.
baseURL: https://bench.example.com/
language: en
timezone: UTC
author: Bench Desk
categories:
{categories}
home:
  sections:
    - title: Featured
      show: featured
      limit: 4
    - title: New recipes
      show: category
      category: inspiring-cooking
      limit: 6
    - title: More news
      show: rest
      limit: 9
menu:
  - {{ title: Articles, url: /articles/ }}
  - {{ title: Categories, url: /categories/ }}
  - {{ title: Tags, url: /tags/ }}
pageSize: {shape["page_size"]}
feed:
  length: 20
related:
  limit: 3
"""
    if shape["config"] == "bilingual":
        site_yml = site_yml.replace("language: en\n", "language: it\nlanguages:\n  - code: it\n    name: Italiano\n" + ENGLISH)
    elif shape["config"] == "default-site":
        site_yml = default_site_yml(categories, with_data)
    site_yml = site_yml.replace("category: inspiring-cooking\n", f"category: {home_category(site_categories)[1]}\n")
    if with_data:
        # The default theme's prize templates show this catalog; the report aggregates the events.
        if shape["config"] != "default-site":
            site_yml += PRIZES
        write(os.path.join(content, "reports", "activity.md"), REPORT)
    write(os.path.join(content, "site.yml"), site_yml)
    for article in articles:
        write(os.path.join(content, "articles", article.slug + ".md"), article.front_matter(hugo=False) + "\n" + article.body)
        if article.translation:
            write(os.path.join(content, "articles", article.slug + ".en.md"),
                  article.front_matter(hugo=False, translation=article.translation) + "\n" + article.translation.body)
    # Data files: written always, declared in site.yml only where Masthead reads them.
    write(os.path.join(content, "catalogs", "prizes.csv"), catalog_rows)
    write(os.path.join(content, "stats", "events.csv"), events)
    shutil.copytree(os.path.join(REPO, "Content", "static"), os.path.join(content, "static"), dirs_exist_ok=True)
    if pool_dir:
        shutil.copytree(pool_dir, os.path.join(content, "static", "images", "covers"), dirs_exist_ok=True)
    shutil.copytree(os.path.join(REPO, "Templates"), os.path.join(out, "Templates"), dirs_exist_ok=True)


HUGO_CONFIG = """baseURL = "https://bench.example.com/"
languageCode = "en"
title = "Bench Magazine"
paginate = 10
rssLimit = 20
disableKinds = []

[params]
description = "A generated magazine for the benchmark."
author = "Bench Desk"

[taxonomies]
category = "categories"
tag = "tags"

[permalinks]
articles = "/articles/:slug/"

# Same work as Masthead: category feeds come from each category's _index.md, not every tag.
[outputs]
home = ["HTML", "RSS"]
section = ["HTML"]
taxonomy = ["HTML"]
term = ["HTML"]

[related]
includeNewer = true
threshold = 1
toLower = false
[[related.indices]]
name = "tags"
weight = 100
[[related.indices]]
name = "categories"
weight = 50

# Masthead does not highlight code: neither does Hugo here, so both do the same work.
[markup.highlight]
codeFences = false
[markup.goldmark.renderer]
unsafe = false
"""

HUGO_LAYOUTS = {
    "_default/baseof.html": """<!doctype html>
<html lang="{{ .Site.LanguageCode }}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ if .IsHome }}{{ .Site.Title }}{{ else }}{{ .Title }} · {{ .Site.Title }}{{ end }}</title>
<meta name="description" content="{{ with .Description }}{{ . }}{{ else }}{{ .Site.Params.description }}{{ end }}">
<link rel="canonical" href="{{ .Permalink }}">
<meta property="og:title" content="{{ .Title }}">
<meta property="og:url" content="{{ .Permalink }}">
<link rel="alternate" type="application/rss+xml" title="{{ .Site.Title }}" href="{{ "index.xml" | absURL }}">
<link rel="stylesheet" href="{{ "css/site.css" | relURL }}">
</head>
<body class="kind-{{ .Kind }}">
<header class="site-header"><div class="wrap"><a class="brand" href="{{ "/" | relURL }}">{{ .Site.Title }}</a>
<nav><ul>
<li><a href="{{ "/articles/" | relURL }}">Articles</a></li>
<li><a href="{{ "/categories/" | relURL }}">Categories</a></li>
<li><a href="{{ "/tags/" | relURL }}">Tags</a></li>
</ul></nav></div></header>
<main id="main">
{{ block "main" . }}{{ end }}
</main>
<footer class="site-footer"><div class="wrap">
<p>{{ .Site.Params.description }}</p>
<ul>{{ range .Site.Taxonomies.categories.Alphabetical }}<li><a href="{{ .Page.RelPermalink }}">{{ .Page.Title }}</a></li>{{ end }}</ul>
<p>© {{ now.Year }} {{ .Site.Title }}</p>
</div></footer>
</body>
</html>
""",
    "partials/card.html": """<article class="card">
  <div class="card-body">
    {{ range first 1 (.GetTerms "categories") }}<span class="category-label">{{ .Title }}</span>{{ end }}
    <h3 class="card-title"><a href="{{ .RelPermalink }}">{{ .Title }}</a></h3>
    <p class="card-summary">{{ .Params.summary }}</p>
    <p class="card-meta"><time datetime="{{ .Date.Format "2006-01-02T15:04:05Z07:00" }}">{{ .Date.Format "2 January 2006" }}</time> · {{ .ReadingTime }} min</p>
  </div>
</article>
""",
    # The same window as Masthead's default theme: the first page, the last, two either side
    # of the current one and a gap mark between; linear in the number of pages (listing every
    # page on every page made both generators quadratic).
    "partials/pagination.html": """{{ $pager := .Paginator }}{{ if gt $pager.TotalPages 1 }}
{{ $current := $pager.PageNumber }}{{ $last := $pager.TotalPages }}{{ $base := $pager.First.URL }}
{{ $from := sub $current 2 }}{{ if lt $from 1 }}{{ $from = 1 }}{{ end }}
{{ $to := add $current 2 }}{{ if gt $to $last }}{{ $to = $last }}{{ end }}
<nav class="pagination"><ol>
{{ if $pager.HasPrev }}<li><a href="{{ $pager.Prev.URL }}" rel="prev">Previous</a></li>{{ end }}
{{ if gt $from 1 }}<li><a href="{{ $base }}">1</a></li>{{ end }}{{ if gt $from 2 }}<li class="gap">…</li>{{ end }}
{{ range seq $from $to }}<li><a href="{{ if eq . 1 }}{{ $base }}{{ else }}{{ $base }}page/{{ . }}/{{ end }}"{{ if eq . $current }} aria-current="page"{{ end }}>{{ . }}</a></li>{{ end }}
{{ if lt $to (sub $last 1) }}<li class="gap">…</li>{{ end }}{{ if lt $to $last }}<li><a href="{{ $base }}page/{{ $last }}/">{{ $last }}</a></li>{{ end }}
{{ if $pager.HasNext }}<li><a href="{{ $pager.Next.URL }}" rel="next">Next</a></li>{{ end }}
</ol></nav>{{ end }}
""",
    "index.html": """{{ define "main" }}
<h1>{{ .Site.Title }}</h1>
{{ $articles := where .Site.RegularPages "Section" "articles" }}
{{ $featured := first 4 (where $articles "Params.featured" true) }}
<section><h2>Featured</h2>{{ range $featured }}{{ partial "card.html" . }}{{ end }}</section>
{{ $recipes := first 6 (where $articles "Params.categories" "intersect" (slice "inspiring-cooking")) }}
<section><h2>New recipes</h2>{{ range $recipes }}{{ partial "card.html" . }}{{ end }}
<p><a href="{{ "/categories/inspiring-cooking/" | relURL }}">Inspiring Cooking</a></p></section>
{{ $rest := first 9 (complement $featured $recipes $articles) }}
<section><h2>More news</h2>{{ range $rest }}{{ partial "card.html" . }}{{ end }}
<p><a href="{{ "/articles/" | relURL }}">Articles</a></p></section>
{{ end }}
""",
    "_default/single.html": """{{ define "main" }}
<article class="article">
  <header>
    {{ range .GetTerms "categories" }}<a class="category-label" href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}
    <h1>{{ .Title }}</h1>
    <p><span class="author">{{ .Site.Params.author }}</span> · <time datetime="{{ .Date.Format "2006-01-02T15:04:05Z07:00" }}">{{ .Date.Format "2 January 2006" }}</time> · {{ .ReadingTime }} min</p>
  </header>
  <p class="lede">{{ .Params.summary }}</p>
  <div class="prose">
{{ .Content }}
  </div>
  <footer>
    <ul class="tag-list">{{ range .GetTerms "tags" }}<li><a href="{{ .RelPermalink }}" rel="tag">#{{ .Title }}</a></li>{{ end }}</ul>
    <p class="share"><a href="mailto:?subject={{ .Title | urlquery }}&body={{ .Permalink | urlquery }}">E-mail</a>
    <a href="https://x.com/intent/post?url={{ .Permalink | urlquery }}&text={{ .Title | urlquery }}">X</a></p>
    <nav>
      {{ with .PrevInSection }}<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}
      {{ with .NextInSection }}<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}
    </nav>
  </footer>
</article>
<section class="related"><h2>Related</h2>
{{ range first 3 (.Site.RegularPages.Related .) }}{{ partial "card.html" . }}{{ end }}
</section>
{{ end }}
""",
    "_default/list.html": """{{ define "main" }}
<h1>{{ .Title }}</h1>
{{ range .Paginator.Pages }}{{ partial "card.html" . }}{{ end }}
{{ partial "pagination.html" . }}
{{ end }}
""",
    "_default/terms.html": """{{ define "main" }}
<h1>{{ .Title }}</h1>
<ul>{{ range .Data.Terms.Alphabetical }}<li><a href="{{ .Page.RelPermalink }}">{{ .Page.Title }}</a> {{ .Count }}</li>{{ end }}</ul>
{{ end }}
""",
    "404.html": """{{ define "main" }}<h1>Not found</h1><p><a href="{{ "/" | relURL }}">Home</a></p>{{ end }}
""",
}


# Hugo's core pipeline: the same site with the related list taken out of the article layout.
# Hugo 0.111's related-content index is what makes the full layout slow at 10,000 articles;
# without it the comparison is with Hugo at its fastest (`make bench` reports both).
RELATED_SECTION = """<section class="related"><h2>Related</h2>
{{ range first 3 (.Site.RegularPages.Related .) }}{{ partial "card.html" . }}{{ end }}
</section>
"""


# The shapes other than standard: covers and body images made responsive as Masthead's are
# (3 widths in WebP, Hugo 0.111 writes no AVIF; the processed files kept in resources/_gen as
# Masthead keeps its own in .masthead/images), the year and month archives as two taxonomies,
# and, on a bilingual site, the menu in each language and the links to each page's translations.
HUGO_PICTURE = """{{ with resources.Get (strings.TrimPrefix "/" .src) }}{{ $img := . }}<picture>
<source type="image/webp" srcset="{{ range $i, $w := slice 480 960 1600 }}{{ if $i }}, {{ end }}{{ ($img.Resize (printf "%dx webp" $w)).RelPermalink }} {{ $w }}w{{ end }}" sizes="{{ $.sizes }}">
<img src="{{ $img.RelPermalink }}" alt="{{ $.alt }}" width="{{ $img.Width }}" height="{{ $img.Height }}"{{ if $.priority }} fetchpriority="high"{{ else }} loading="lazy" decoding="async"{{ end }}>
</picture>{{ else }}<img src="{{ .src }}" alt="{{ .alt }}">{{ end }}
"""

HUGO_RENDER_IMAGE = """{{ if .Title }}<figure>{{ end }}{{ partialCached "picture.html" (dict "src" .Destination "alt" .Text "sizes" "(min-width: 48rem) 46rem, 100vw") .Destination "prose" }}{{ with .Title }}<figcaption>{{ . }}</figcaption></figure>{{ end }}
"""

HUGO_SHAPE_EDITS = {
    "_default/baseof.html": [
        ('<link rel="canonical" href="{{ .Permalink }}">',
         '<link rel="canonical" href="{{ .Permalink }}">\n'
         '{{ if .IsTranslated }}{{ range .AllTranslations }}<link rel="alternate" hreflang="{{ .Language.Lang }}" href="{{ .Permalink }}">{{ end }}{{ end }}'),
        ('{{ "index.xml" | absURL }}', '{{ "index.xml" | absLangURL }}'),
        ('<a class="brand" href="{{ "/" | relURL }}">', '<a class="brand" href="{{ "/" | relLangURL }}">'),
        ('{{ "/articles/" | relURL }}', '{{ "/articles/" | relLangURL }}'),
        ('{{ "/categories/" | relURL }}', '{{ "/categories/" | relLangURL }}'),
        ('{{ "/tags/" | relURL }}">Tags</a></li>\n</ul></nav>',
         '{{ "/tags/" | relLangURL }}">Tags</a></li>\n</ul></nav>\n'
         '{{ if .IsTranslated }}<ul class="languages">{{ range .Translations }}<li><a href="{{ .RelPermalink }}" hreflang="{{ .Language.Lang }}">{{ .Language.LanguageName }}</a></li>{{ end }}</ul>{{ end }}'),
    ],
    "partials/card.html": [
        ('<article class="card">\n',
         '<article class="card">\n{{ with .Params.cover }}{{ partialCached "picture.html" '
         '(dict "src" .src "alt" .alt "sizes" "(min-width: 62rem) 23rem, (min-width: 40rem) 45vw, 100vw") .src "card" }}{{ end }}\n'),
    ],
    "_default/single.html": [
        ('  <p class="lede">{{ .Params.summary }}</p>\n',
         '  <p class="lede">{{ .Params.summary }}</p>\n  {{ with .Params.cover }}<figure class="cover">{{ partialCached "picture.html" '
         '(dict "src" .src "alt" .alt "sizes" "(min-width: 68rem) 64rem, 100vw" "priority" true) .src "cover" }}</figure>{{ end }}\n'),
    ],
    "index.html": [
        ('{{ "/categories/inspiring-cooking/" | relURL }}', '{{ "/categories/inspiring-cooking/" | relLangURL }}'),
        ('{{ "/articles/" | relURL }}', '{{ "/articles/" | relLangURL }}'),
    ],
}


def hugo_config(shape, multilingual):
    """hugo.toml: the standard shape's as it always was; the other shapes' with their page size,
    the archive taxonomies and, for a bilingual site, Italian at the root and English under /en/."""
    config = HUGO_CONFIG.replace("paginate = 10\n", f"paginate = {shape['page_size']}\n")
    if shape is SHAPES["standard"]:
        return config
    config = config.replace('tag = "tags"\n', 'tag = "tags"\nyear = "years"\nmonth = "months"\n')
    if multilingual:
        config = config.replace('languageCode = "en"\n', 'languageCode = "it"\ndefaultContentLanguage = "it"\n'
                                'defaultContentLanguageInSubdir = false\n')
        config += """
[languages.it]
languageCode = "it"
languageName = "Italiano"
weight = 1
[languages.en]
languageCode = "en"
languageName = "English"
title = "Bench Magazine in English"
weight = 2
"""
    return config


def hugo_site(out, articles, related=True, shape=SHAPES["standard"], pool_dir=None, site_categories=CATEGORIES):
    multilingual = any(article.translation for article in articles)
    tag_names = ENGLISH_TAGS if shape["config"] == "default-site" else {}
    write(os.path.join(out, "hugo.toml"), hugo_config(shape, multilingual))
    layouts = dict(HUGO_LAYOUTS)
    if shape is not SHAPES["standard"]:
        for name, edits in HUGO_SHAPE_EDITS.items():
            for old, new in edits:
                assert old in layouts[name], (name, old)
                layouts[name] = layouts[name].replace(old, new)
        layouts["partials/picture.html"] = HUGO_PICTURE
        layouts["_default/_markup/render-image.html"] = HUGO_RENDER_IMAGE
    name, slug, _ = home_category(site_categories)
    layouts["index.html"] = layouts["index.html"].replace("inspiring-cooking", slug).replace(">Inspiring Cooking<", f">{name}<")
    for name, text in layouts.items():
        if not related:
            assert RELATED_SECTION in text or name != "_default/single.html"
            text = text.replace(RELATED_SECTION, "")
        write(os.path.join(out, "layouts", name), text)
    write(os.path.join(out, "content", "articles", "_index.md"), "---\ntitle: Articles\n---\n")
    if multilingual:
        write(os.path.join(out, "content", "articles", "_index.en.md"), "---\ntitle: Articles\n---\n")
    for name, slug, _ in site_categories:
        for suffix in ([".en", ""] if multilingual else [""]):
            write(os.path.join(out, "content", "categories", slug, f"_index{suffix}.md"),
                  f"---\ntitle: {name}\ndescription: Stories about {name.lower()}.\noutputs: [HTML, RSS]\n---\n")
    for article in articles:
        write(os.path.join(out, "content", "articles", article.slug + ".md"), article.front_matter(hugo=True) + "\n" + article.body)
        if article.translation:
            write(os.path.join(out, "content", "articles", article.slug + ".en.md"),
                  article.front_matter(hugo=True, translation=article.translation, tag_names=tag_names)
                  + "\n" + article.translation.body)
    shutil.copytree(os.path.join(REPO, "Content", "static"), os.path.join(out, "static"), dirs_exist_ok=True)
    if pool_dir:
        shutil.copytree(pool_dir, os.path.join(out, "assets", "images", "covers"), dirs_exist_ok=True)


def photo_pool(folder):
    """POOL_SIZE photos of 1600x900 (JPEG, quality 85, about 40 KB), drawn from the project's SVG
    illustrations with libvips, kept in FOLDER for the next corpus. Returns [(src, alt)]."""
    images = os.path.join(REPO, "Content", "static", "images")
    svgs = sorted(f for f in os.listdir(images) if f.endswith(".svg") and f not in ("logo.svg", "og-default.svg"))[:POOL_SIZE]
    os.makedirs(folder, exist_ok=True)
    pool = []
    with tempfile.TemporaryDirectory() as work:
        for number, svg in enumerate(svgs):
            name = f"cover-{number:02d}.jpg"
            path = os.path.join(folder, name)
            if not os.path.exists(path):
                drawn, flat = os.path.join(work, "drawn.v"), os.path.join(work, "flat.v")
                for arguments in (["thumbnail", os.path.join(images, svg), drawn, "1600", "--height", "900", "--crop", "centre"],
                                  ["flatten", drawn, flat, "--background", "255 255 255"],
                                  ["jpegsave", flat, path + ".part", "--Q", "85", "--strip"]):
                    subprocess.run(["vips", *arguments], check=True, stdout=subprocess.DEVNULL)
                os.replace(path + ".part", path)
            pool.append((f"/images/covers/{name}", "Illustration: " + svg[:-4].replace("-", " ")))
    return pool


REPORT = """---
title: Activity in figures
date: 2026-11-01
summary: Points earned and spent, event mix and the most active members.
---

Every figure below is computed from `stats/events.csv` at build time.

```kpi
title: Points earned
source: stats/events.csv
where: { points: { min: 1 } }
y: { sum: points }
unit: points
```

```chart
type: bar
title: Points earned per month
source: stats/events.csv
where: { points: { min: 1 } }
x: { field: date, bucket: month }
y: { sum: points }
```

```chart
type: donut
title: Events by kind
source: stats/events.csv
x: event
```

```table
title: Most active members
source: stats/events.csv
x: member
y: { count: true }
sort: -y
limit: 10
```
"""

PRIZE_CATEGORIES = ["Caffè", "Accessori", "Esperienze", "Buoni"]


def data_files(rng, count):
    """A catalog of N/10 prizes and a statistics file of 20·N member events (CSV)."""
    rows = ["key,title,category,points,expiry,kind,description"]
    for index in range(max(1, count // 10)):
        rows.append(f"prize-{index:05d},{title(rng)},{rng.choice(PRIZE_CATEGORIES)},{rng.randint(1, 200) * 50},"
                    f"2027-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d},{rng.choice(['digitale', 'fisico'])},"
                    f"{sentence(rng, 6, 12).replace('*', '')}")
    catalog = "\n".join(rows) + "\n"
    kinds = ["code", "onboarding", "questionnaire", "mission", "prize"]
    start = datetime(2026, 1, 1, tzinfo=timezone.utc)
    members = max(10, count // 5)
    lines = ["date,member,event,points"]
    for index in range(20 * count):
        kind = rng.choice(kinds)
        points = -rng.randint(1, 40) * 50 if kind == "prize" else rng.randint(1, 20) * 5
        moment = start + timedelta(seconds=rng.randrange(300 * 24 * 3600))
        lines.append(f"{moment.strftime('%Y-%m-%dT%H:%M:%SZ')},m{rng.randrange(members):06d},{kind},{points}")
    return catalog, "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--articles", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=6)
    parser.add_argument("--out", required=True)
    parser.add_argument("--shape", choices=list(SHAPES), default="standard",
                        help="what the magazine looks like (the module's docstring; Benchmarks/README.md)")
    parser.add_argument("--with-data", action="store_true",
                        help="declare the prize catalog in site.yml and add a report page over the events (where Masthead supports them)")
    parser.add_argument("--source", help="python-docs: the _sources folder of Python's documentation "
                        "(default: Debian's, fetched once with apt-get download; Benchmarks/corpora/python_docs.py)")
    options = parser.parse_args()
    shape = SHAPES[options.shape]
    count = options.articles
    rng = random.Random(options.seed)
    start = datetime(2026, 11, 1, 9, 0, tzinfo=timezone.utc)
    pool_dir = os.path.join(options.out, "photos") if shape["cover"] or shape["body_images"] else None
    pool = photo_pool(pool_dir) if pool_dir else ()
    site_categories = CATEGORIES[:shape.get("categories", len(CATEGORIES))]
    if shape.get("source") == "python-docs":
        sys.path.insert(0, os.path.join(REPO, "Benchmarks", "corpora"))
        import python_docs
        pieces = python_docs.pieces(options.source or python_docs.obtain())
        # N articles from U pieces: piece i·U/N when N ≤ U (spread over the whole documentation),
        # piece i mod U beyond (each round after the first titled "(2)", "(3)"...).
        chosen = [(index * len(pieces) // count, 0) if count <= len(pieces) else (index % len(pieces), index // len(pieces))
                  for index in range(count)]
        articles = [DocArticle(rng, index, count, pieces[piece], edition) for index, (piece, edition) in enumerate(chosen)]
        site_categories = [c for c in python_docs.CATEGORIES if any(a.category == c for a in articles)]
        tags = sorted({tag for article in articles for tag in article.tags})
    else:
        tag_count = shape["tags"](count)
        ranked = [f"{TAG_STEMS[n % len(TAG_STEMS)]}-{n // len(TAG_STEMS)}" if n >= len(TAG_STEMS) else TAG_STEMS[n]
                  for n in range(tag_count)]
        tags = sorted(set(ranked))
        zipf = None
        if shape.get("zipf"):
            # Rank r (from 1) weighs 1/r^s: the first few tags on thousands of articles, most on a handful.
            weights = [1 / (rank + 1) ** shape["zipf"] for rank in range(tag_count)]
            zipf = (ranked, list(itertools.accumulate(weights)))
        articles = [Article(rng, index, count, tags, start, shape, pool, zipf) for index in range(count)]
    if shape["translate_every"]:
        # A generator of its own, so the originals are the same with or without translations.
        english = random.Random(options.seed + 1000)
        for index in range(0, count, shape["translate_every"]):
            articles[index].translation = Translation(english, index, count)
    catalog, events = data_files(rng, count)
    for side in ("masthead", "hugo", "hugo-core"):
        shutil.rmtree(os.path.join(options.out, side), ignore_errors=True)
    masthead_site(os.path.join(options.out, "masthead"), articles, catalog, events, options.with_data, shape, pool_dir, site_categories)
    hugo_site(os.path.join(options.out, "hugo"), articles, shape=shape, pool_dir=pool_dir, site_categories=site_categories)
    hugo_site(os.path.join(options.out, "hugo-core"), articles, related=False, shape=shape, pool_dir=pool_dir,
              site_categories=site_categories)
    words = sum(len(article.body.split()) for article in articles) // count
    translated = sum(1 for article in articles if article.translation)
    print(f"{options.out}: {options.shape}, {count} articles (~{words} words each), {len(tags)} tags, "
          f"{translated} translated, {len(pool)} photos in the pool, "
          f"{max(1, count // 10)} catalog rows, {20 * count} events")


if __name__ == "__main__":
    main()

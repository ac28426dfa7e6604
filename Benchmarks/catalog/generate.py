#!/usr/bin/env python3
"""Writes a Masthead site whose only content is a catalog of N rows (default 100,000).

    python3 Benchmarks/catalog/generate.py /tmp/catalog-bench [ROWS]

The CSV exercises quoting (commas, doubled quotes) and accented text; the site has
minimal templates so the run measures the catalog pipeline, not the theme.
Deterministic: the same ROWS give the same bytes.
"""
import csv, os, random, sys

root = sys.argv[1] if len(sys.argv) > 1 else "/tmp/catalog-bench"
rows = int(sys.argv[2]) if len(sys.argv) > 2 else 100_000
random.seed(42)
categories = ["Caffè", "Accessori", "Esperienze", "Buoni", "Libri", "Musica", "Casa", "Viaggi", "Cucina", "Sport"]
words = "moka tazzina crema chicco tostatura macinino espresso ginseng cialda filtro lattiera zucchero cacao".split()

def write(path, text):
    full = os.path.join(root, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "w", encoding="utf-8") as f:
        f.write(text)

write("Content/site.yml", """title: Catalog benchmark
baseURL: https://bench.example/
language: it
pageSize: 50
catalogs:
  prizes:
    file: catalogs/prizes.csv
    key: key
    title: title
    schema:
      key: { type: string, required: true }
      title: { type: string, required: true }
      category: { type: string, required: true }
      points: { type: integer, required: true }
      expiry: date
      kind: string
      description: string
    sort: points
    pageSize: 50
    facets:
      - { field: category }
      - { field: points, bands: [0, 500, 1000, 2500, 5000] }
    featured: { rotate: weekly }
""")
base = '<!doctype html><html lang="{{site.language}}"><head><meta charset="utf-8"><title>{{page.title}}</title></head><body>{{$main}}{{/main}}</body></html>\n'
templates = {
    "base": base,
    "home": "{{<base}}{{$main}}<h1>{{site.title}}</h1>{{#catalogs.prizes.featured}}<a href=\"{{url}}\">{{title}}</a>{{/catalogs.prizes.featured}}{{/main}}{{/base}}",
    "list": "{{<base}}{{$main}}<h1>{{list.title}}</h1>{{/main}}{{/base}}",
    "terms": "{{<base}}{{$main}}<h1>{{terms.title}}</h1>{{/main}}{{/base}}",
    "page": "{{<base}}{{$main}}{{{content}}}{{/main}}{{/base}}",
    "article": "{{<base}}{{$main}}{{{article.content}}}{{/main}}{{/base}}",
    "404": "{{<base}}{{$main}}<h1>404</h1>{{/main}}{{/base}}",
    "catalog-index": "{{<base}}{{$main}}<h1>{{catalog.label}}{{#facet}} · {{label}}{{/facet}}</h1><ul>{{#items}}<li data-points=\"{{raw.points}}\"><a href=\"{{url}}\">{{title}}</a> {{points}}</li>{{/items}}</ul>{{#pagination}}{{#nextURL}}<a href=\"{{nextURL}}\">›</a>{{/nextURL}}{{/pagination}}{{/main}}{{/base}}",
    "catalog-item": "{{<base}}{{$main}}{{#item}}<h1>{{title}}</h1><p>{{points}} punti · {{category}} · {{expiry}}</p><p>{{description}}</p>{{/item}}{{/main}}{{/base}}",
}
for name, text in templates.items():
    write(f"Templates/{name}.mustache", text)

path = os.path.join(root, "Content/catalogs/prizes.csv")
os.makedirs(os.path.dirname(path), exist_ok=True)
with open(path, "w", encoding="utf-8", newline="") as f:
    out = csv.writer(f, lineterminator="\n")
    out.writerow(["key", "title", "category", "points", "expiry", "kind", "description"])
    for i in range(rows):
        a, b = random.sample(words, 2)
        out.writerow([f"premio-{i:06d}", f"Premio {a} {b} n. {i}", categories[i % len(categories)], random.randrange(50, 5001, 10),
                      f"2027-{random.randint(1, 12):02d}-{random.randint(1, 28):02d}", random.choice(["digitale", "fisico"]),
                      f'Un premio "{a}", con {b}, per chi ama il caffè; codice {i}.'])
print(f"{rows} rows in {path} ({os.path.getsize(path) / 1e6:.1f} MB)")

#!/usr/bin/env node
// The relevance of the search page's own ranking (Sources/MastheadSearch/Client/search.js,
// as the build wrote it): for PICK articles chosen at random (seeded) from a built site, a query
// of two words of the title, typed as a reader types it, must put the article in the top 3.
//
//   node Tests/browser/search_relevance.js --output /tmp/built-site [--pick 200] [--seed 17] [--min 0.95]
//
// Prints the share found and exits 1 below --min.
"use strict";
const fs = require("fs");
const path = require("path");

const args = Object.fromEntries(process.argv.slice(2).reduce((pairs, value, i, all) => {
  if (value.startsWith("--")) pairs.push([value.slice(2), all[i + 1]]);
  return pairs;
}, []));
const output = args.output;
const pick = Number(args.pick || 200), min = Number(args.min || 0.95);
let seed = Number(args.seed || 17);
function random() { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; }

const script = fs.readdirSync(path.join(output, "search")).find((name) => /^search\..*\.js$/.test(name));
const { Engine, words } = require(path.resolve(output, "search", script));
const read = (url) => Promise.resolve(JSON.parse(fs.readFileSync(path.join(output, decodeURI(url)), "utf8")));

(async () => {
  const engine = new Engine("/search/index.json", read);
  const entry = await engine.load();
  const articles = entry.groups.filter((g) => g[0] === "article").flatMap((g) => Array.from({ length: g[4] }, (_, i) => g[3] + i));
  let found = 0, asked = 0;
  const misses = [];
  for (let n = 0; n < pick; n++) {
    const doc = articles[Math.floor(random() * articles.length)];
    const fragment = await engine.fragment(doc);
    const candidates = [...new Set(words(fragment.title))].filter((w) => !engine.stop.has(w));
    if (candidates.length < 2) continue;
    const first = candidates[Math.floor(random() * candidates.length)];
    const rest = candidates.filter((w) => w !== first);
    const second = rest[Math.floor(random() * rest.length)];
    const query = `${first} ${second}`;
    const answer = await engine.search(query, {});
    asked++;
    const rank = answer.results.findIndex((r) => r.doc === doc);
    if (rank >= 0 && rank < 3) found++;
    else misses.push(`${query} → ${fragment.url} at ${rank < 0 ? "none" : rank + 1}`);
  }
  const share = found / asked;
  console.log(`relevance: ${found} of ${asked} articles in the top 3 for two words of their title (${(share * 100).toFixed(1)}%)`);
  misses.slice(0, 5).forEach((m) => console.log(`  missed: ${m}`));
  process.exit(share >= min ? 0 : 1);
})().catch((error) => { console.error(error); process.exit(2); });

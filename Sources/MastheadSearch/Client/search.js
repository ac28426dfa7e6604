// Masthead's search page (docs/search.md). No framework: an engine that reads the static
// index (search/index.json, its shards and fragments), and the page's combobox. The engine
// also runs under node (Tests/browser/search_relevance.mjs), so the ranking tested is this one.
(function (root) {
  "use strict";
  var MAX_WORDS = 10, MAX_WORD = 40, PREFIX_WEIGHT = 0.5, MAX_PREFIX_SHARDS = 6, MAX_EXPANSIONS = 40;

  // As the index normalises (SearchText.swift): NFD, marks dropped, lower case, letters and digits.
  function words(text) {
    return String(text).normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  }

  function startsWith(word, prefix) { return word.slice(0, prefix.length) === prefix; }

  function Engine(indexURL, fetchJSON) {
    this.indexURL = indexURL;
    this.base = indexURL.replace(/[^/]*$/, "");
    this.fetchJSON = fetchJSON;
    this.shards = new Map();
    this.fragments = new Map();
  }

  Engine.prototype.load = function () {
    var self = this;
    if (!this.ready) {
      this.ready = this.fetchJSON(this.indexURL).then(function (entry) {
        self.entry = entry;
        self.stop = new Set(entry.stopWords);
        self.keys = entry.shards.map(function (s) { return s[0]; });
        self.files = new Map(entry.shards);
        return entry;
      });
    }
    return this.ready;
  };

  // The query's words: normalised, stop words left out, at most MAX_WORDS of at most MAX_WORD characters.
  Engine.prototype.terms = function (query) {
    var self = this, all = words(query).filter(function (w) { return w.length <= MAX_WORD; });
    var kept = all.filter(function (w) { return !self.stop.has(w); }).slice(0, MAX_WORDS);
    return { words: kept, onlyStopWords: all.length > 0 && kept.length === 0 };
  };

  // The shard holding a word: the longest key it starts with.
  Engine.prototype.keyOf = function (word) {
    var best = null;
    for (var i = 0; i < this.keys.length; i++) {
      var key = this.keys[i];
      if (startsWith(word, key) && (best === null || key.length > best.length)) best = key;
    }
    return best;
  };

  // Every shard a query needs: for each word its own, and for the word being typed the
  // shards of longer keys it starts (when they are few).
  Engine.prototype.shardKeys = function (list, typing) {
    var self = this, keys = new Set();
    list.forEach(function (word, i) {
      var own = self.keyOf(word);
      if (own !== null) keys.add(own);
      if (typing && i === list.length - 1 && word.length >= 2) {
        var longer = self.keys.filter(function (k) { return k.length > word.length && startsWith(k, word); });
        if (longer.length <= MAX_PREFIX_SHARDS) longer.forEach(function (k) { keys.add(k); });
      }
    });
    return Array.from(keys).sort();
  };

  Engine.prototype.shard = function (key) {
    var self = this;
    if (!this.shards.has(key)) {
      this.shards.set(key, this.fetchJSON(this.base + "shards/" + this.files.get(key) + ".json").then(function (data) {
        var shard = { key: key, words: new Map(), list: data.words, postings: data.postings, decoded: [] };
        data.words.forEach(function (w) { shard.words.set(w[0], w[1]); });
        return shard;
      }));
    }
    return this.shards.get(key);
  };

  function postings(shard, stem) {
    if (!shard.decoded[stem]) {
      var flat = shard.postings[stem], out = new Map(), doc = 0;
      for (var i = 0; i < flat.length; i += 2) { doc += flat[i]; out.set(doc, flat[i + 1]); }
      shard.decoded[stem] = out;
    }
    return shard.decoded[stem];
  }

  // Documents ranked: first by how many of the query's words they have, then by the sum of
  // their BM25F scores (written by the build); a word matched only as a prefix counts half.
  Engine.prototype.search = function (query, filter) {
    var self = this;
    return this.load().then(function () {
      var terms = self.terms(query), list = terms.words;
      var typing = !/\s$/.test(query);
      if (list.length === 0) return { results: [], words: [], onlyStopWords: terms.onlyStopWords, highlight: [] };
      var keys = self.shardKeys(list, typing);
      return Promise.all(keys.map(function (k) { return self.shard(k); })).then(function (loaded) {
        var shards = new Map(keys.map(function (k, i) { return [k, loaded[i]]; }));
        var totals = new Map(), highlight = new Set();
        list.forEach(function (word, i) {
          var best = new Map(), seen = new Set();
          function add(shard, stem, weight) {
            var id = stem + "@" + shard.key;
            if (seen.has(id)) return;
            seen.add(id);
            postings(shard, stem).forEach(function (score, doc) {
              var s = score * weight;
              if (!(best.get(doc) >= s)) best.set(doc, s);
            });
            shard.list.forEach(function (w) { if (w[1] === stem) highlight.add(w[0]); });
          }
          var own = self.keyOf(word);
          var ownShard = own === null ? undefined : shards.get(own);
          if (ownShard && ownShard.words.has(word)) add(ownShard, ownShard.words.get(word), 1);
          if (typing && i === list.length - 1 && word.length >= 2) {
            var expansions = 0;
            keys.forEach(function (k) {
              var shard = shards.get(k);
              if (!startsWith(k, word) && k !== own) return;
              shard.list.forEach(function (w) {
                if (expansions < MAX_EXPANSIONS && w[0] !== word && startsWith(w[0], word)) { expansions++; add(shard, w[1], PREFIX_WEIGHT); }
              });
            });
          }
          best.forEach(function (score, doc) {
            var t = totals.get(doc) || { doc: doc, matched: 0, score: 0 };
            t.matched++;
            t.score += score;
            totals.set(doc, t);
          });
        });
        var allowed = self.allowed(filter || {});
        var results = Array.from(totals.values()).filter(function (t) { return allowed(t.doc); });
        results.sort(function (a, b) { return b.matched - a.matched || b.score - a.score || a.doc - b.doc; });
        return { results: results, words: list, onlyStopWords: false, highlight: Array.from(highlight) };
      });
    });
  };

  // A test of document numbers for a kind and a category (the entry's groups are ranges).
  Engine.prototype.allowed = function (filter) {
    if (!filter.kind && !filter.category) return function () { return true; };
    var ranges = this.entry.groups.filter(function (g) {
      return (!filter.kind || g[0] === filter.kind) && (!filter.category || g[1] === filter.category);
    });
    return function (doc) { return ranges.some(function (g) { return doc >= g[3] && doc < g[3] + g[4]; }); };
  };

  // The categories (or facet values) of a kind, for the filter: [slug, label].
  Engine.prototype.groups = function (kind) {
    var seen = new Map();
    this.entry.groups.forEach(function (g) { if (g[1] && (!kind || g[0] === kind) && !seen.has(g[1])) seen.set(g[1], g[2]); });
    return Array.from(seen.entries()).sort(function (a, b) { return a[1].localeCompare(b[1]); });
  };

  // A result's fragment, from its bundle (`bundleSize` results a file).
  Engine.prototype.fragment = function (doc) {
    var number = Math.floor(doc / this.entry.bundleSize);
    if (!this.fragments.has(number)) {
      this.fragments.set(number, this.fetchJSON(this.base + "fragments/" + number + "." + this.entry.bundles.substr(number * 6, 6) + ".json"));
    }
    var size = this.entry.bundleSize;
    return this.fragments.get(number).then(function (bundle) { return bundle[doc % size]; });
  };

  // About `size` words of `text` around the first word found, as [text, highlighted] pieces.
  function excerpt(text, found, size) {
    var parts = String(text).split(/(\s+)/), first = -1;
    var marked = parts.map(function (part, i) {
      var hit = i % 2 === 0 && words(part).some(function (w) { return found(w); });
      if (hit && first < 0) first = i;
      return [part, hit];
    });
    var start = Math.max(0, (first < 0 ? 0 : first) - size), end = Math.min(parts.length, start + size * 2);
    var pieces = marked.slice(start, end);
    if (start > 0) pieces.unshift(["… ", false]);
    if (end < parts.length) pieces.push([" …", false]);
    return pieces;
  }

  root.MastheadSearch = { Engine: Engine, words: words, excerpt: excerpt };
  if (typeof module === "object" && module.exports) module.exports = root.MastheadSearch;
  if (typeof document === "undefined") return;

  // The page: a combobox (the input) controlling a listbox of results (ARIA Authoring Practices).
  // Each option is a link, `<li role="none"><a role="option" href>`: screen readers meet an
  // option named by its content, as before, and a pointer gets a real link (middle click, a new
  // tab, "copy link", the address on hover). Enter on the active option follows its link.
  var box = document.querySelector("[data-search-index]");
  if (!box) return;
  var input = box.querySelector("[role=combobox]"), list = box.querySelector("[role=listbox]");
  var status = box.querySelector("[role=status]"), kind = box.querySelector("[name=kind]");
  var category = box.querySelector("[name=category]"), more = box.querySelector("[data-search-more]");
  var engine = new Engine(box.getAttribute("data-search-index"), function (url) {
    return fetch(url).then(function (r) { if (!r.ok) throw new Error(url + ": " + r.status); return r.json(); });
  });
  var text = function (name) { return status.getAttribute("data-" + name) || ""; };
  var asked = 0, shown = 10, active = -1, last = null;
  box.classList.add("search-ready");

  function setActive(index) {
    var options = list.querySelectorAll("[role=option]");
    active = options.length ? Math.max(0, Math.min(index, options.length - 1)) : -1;
    options.forEach(function (o, i) { o.setAttribute("aria-selected", String(i === active)); });
    if (active >= 0) {
      input.setAttribute("aria-activedescendant", options[active].id);
      options[active].scrollIntoView({ block: "nearest" });
    } else {
      input.removeAttribute("aria-activedescendant");
    }
  }

  // Ctrl or Cmd with Enter opens a new tab, as on a focused link.
  function open(option, newTab) {
    if (!option) return;
    if (newTab) window.open(option.href, "_blank", "noopener"); else option.click();
  }

  function piece(tag, className, content) {
    var el = document.createElement(tag);
    if (className) el.className = className;
    if (content !== undefined) el.textContent = content;
    return el;
  }

  function render(answer, fragments, highlight) {
    list.textContent = "";
    fragments.forEach(function (f, i) {
      var li = piece("li");
      li.setAttribute("role", "none");
      var link = piece("a", "search-result");
      link.id = "search-result-" + i;
      link.href = f.url;
      link.setAttribute("role", "option");
      link.setAttribute("aria-selected", "false");
      link.setAttribute("data-kind", f.kind);
      // Reached by the arrow keys from the field, not by Tab: one tab stop, as a listbox has.
      link.tabIndex = -1;
      link.appendChild(piece("span", "search-result-title", f.title));
      var meta = [kind && kind.querySelector("option[value='" + f.kind + "']"), f.category, f.date]
        .map(function (m) { return m && m.textContent !== undefined ? m.textContent : m; }).filter(Boolean).join(" · ");
      if (meta) link.appendChild(piece("span", "search-result-meta", meta));
      var p = piece("span", "search-result-excerpt");
      var found = function (w) { return highlight.has(w) || answer.words.some(function (q) { return q.length >= 2 && startsWith(w, q); }); };
      excerpt(f.text || f.summary || "", found, 14).forEach(function (part) {
        p.appendChild(part[1] ? piece("mark", "", part[0]) : document.createTextNode(part[0]));
      });
      link.appendChild(p);
      li.appendChild(link);
      list.appendChild(li);
    });
    var expanded = fragments.length > 0;
    input.setAttribute("aria-expanded", String(expanded));
    list.hidden = !expanded;
    if (more) more.hidden = answer.results.length <= fragments.length;
    active = -1;
    input.removeAttribute("aria-activedescendant");
  }

  function run() {
    var query = input.value.slice(0, 1000), number = ++asked;
    var filter = { kind: kind ? kind.value : "", category: category ? category.value : "" };
    var url = new URL(window.location.href);
    ["q", "kind", "category"].forEach(function (name) {
      var value = name === "q" ? input.value.slice(0, 1000) : filter[name];
      if (value) url.searchParams.set(name, value); else url.searchParams.delete(name);
    });
    window.history.replaceState(null, "", url);
    engine.search(query, filter).then(function (answer) {
      if (number !== asked) return null;
      last = answer;
      if (answer.words.length === 0) {
        render(answer, [], new Set());
        status.textContent = answer.onlyStopWords ? text("stop") : input.value.trim() ? text("none") : "";
        return null;
      }
      return Promise.all(answer.results.slice(0, shown).map(function (r) { return engine.fragment(r.doc); })).then(function (fragments) {
        if (number !== asked) return;
        render(answer, fragments, new Set(answer.highlight));
        var n = answer.results.length;
        status.textContent = n === 0 ? text("none") : n === 1 && text("one") ? text("one") : text("count").replace("{n}", n);
      });
    }).catch(function () {
      if (number === asked) status.textContent = text("error");
    });
  }

  function fillCategories() {
    if (!category) return;
    var current = category.value || new URL(window.location.href).searchParams.get("category") || "";
    while (category.options.length > 1) category.remove(1);
    engine.groups(kind ? kind.value : "").forEach(function (g) {
      var option = new Option(g[1], g[0]);
      category.add(option);
    });
    category.value = Array.from(category.options).some(function (o) { return o.value === current; }) ? current : "";
  }

  input.addEventListener("input", function () { shown = 10; run(); });
  input.addEventListener("keydown", function (event) {
    var count = list.querySelectorAll("[role=option]").length;
    if (event.key === "ArrowDown" && count) { event.preventDefault(); setActive(active + 1); }
    else if (event.key === "ArrowUp" && count) { event.preventDefault(); setActive(active <= 0 ? count - 1 : active - 1); }
    else if (event.key === "Home" && event.altKey) { setActive(0); }
    else if (event.key === "Enter") {
      event.preventDefault();
      if (active >= 0) open(list.querySelectorAll("[role=option]")[active], event.ctrlKey || event.metaKey);
    } else if (event.key === "Escape") {
      if (list.hidden) { input.value = ""; run(); } else { list.hidden = true; input.setAttribute("aria-expanded", "false"); setActive(-1); }
    }
  });
  [kind, category].forEach(function (select) {
    if (select) select.addEventListener("change", function () { if (select === kind) fillCategories(); run(); });
  });
  if (more) more.addEventListener("click", function () { shown += 10; run(); });
  box.querySelector("form").addEventListener("submit", function (event) { event.preventDefault(); run(); });

  var params = new URL(window.location.href).searchParams;
  input.value = params.get("q") || "";
  if (kind && params.get("kind")) kind.value = params.get("kind");
  engine.load().then(function () {
    fillCategories();
    if (input.value) run();
  }).catch(function () { status.textContent = text("error"); });
})(typeof globalThis !== "undefined" ? globalThis : this);

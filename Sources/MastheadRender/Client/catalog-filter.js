// Masthead's catalog filter (docs/catalogs.md, "Filters"), written by Masthead into sites with a
// catalog filter:. It reads every item of the catalog from the data file the form names, filters
// them with the form's controls, pages the results here, and keeps the state in the URL
// (?min=500&max=1000&category=accessori&page=2), so a filtered view can be shared and reloaded
// and the back button steps back through it. Without this script the form stays hidden and the
// facet pages do the job. The results go in the first list of the [data-filter-results] element;
// its other children (the site's pagination) are hidden while a filter is on.
(function () {
  "use strict";
  var form = document.querySelector("form[data-catalog-filter]");
  var results = document.querySelector("[data-filter-results]");
  if (!form || !results || !window.fetch || !window.URLSearchParams) return;
  var list = results.querySelector("ul, ol");
  if (!list) return;
  var status = form.querySelector(".catalog-filter-status");
  var pageList = list.innerHTML;
  var extras = Array.prototype.filter.call(results.children, function (child) { return child !== list; });
  var extrasHidden = extras.map(function (child) { return child.hidden; });
  var data, sequence, controls = [], page = 1, nav = null, timer;

  fetch(form.getAttribute("data-catalog-filter"))
    .then(function (response) { if (!response.ok) throw new Error(response.status); return response.json(); })
    .then(start)
    .catch(function () { /* no data: the form stays hidden and the page is as built */ });

  function start(json) {
    data = json;
    var order = form.getAttribute("data-order");
    sequence = order && data.orders[order] ? data.orders[order] : data.items.map(function (_, index) { return index; });
    form.querySelectorAll("fieldset[data-kind]").forEach(function (set) {
      var field = set.getAttribute("data-field");
      var control = { kind: set.getAttribute("data-kind"), set: set, column: data.fields.indexOf(field), params: set.getAttribute("data-params").split(" ") };
      if (control.kind === "range") {
        control.range = data.ranges[field];
        control.low = set.querySelector(".catalog-filter-min");
        control.high = set.querySelector(".catalog-filter-max");
        control.text = set.querySelector("output");
        control.last = control.range.values.length - 1;
      } else if (control.kind === "choice") {
        control.boxes = Array.prototype.slice.call(set.querySelectorAll("input[type=checkbox]"));
      } else {
        control.input = set.querySelector("input");
      }
      controls.push(control);
    });
    // The links these controls replace (facet chips) stay for readers without JavaScript.
    document.querySelectorAll("[data-filter-replaces]").forEach(function (element) { element.hidden = true; });
    form.hidden = false;
    readURL();
    show(false);
    form.addEventListener("input", function (event) {
      var control = rangeOf(event.target);
      if (control) keepApart(control, event.target);
      page = 1;
      show(true);
    });
    form.addEventListener("change", function (event) {
      var control = rangeOf(event.target);
      if (control) keepApart(control, event.target);
      page = 1;
      show(true);
      commit();
    });
    form.addEventListener("reset", function () {
      // After the browser has put every control back to its first value.
      setTimeout(function () { page = 1; show(true); commit(); }, 0);
    });
    form.addEventListener("submit", function (event) { event.preventDefault(); });
    window.addEventListener("popstate", function () { readURL(); show(false); });
  }

  function rangeOf(element) {
    for (var i = 0; i < controls.length; i++) {
      if (controls[i].low === element || controls[i].high === element) return controls[i];
    }
    return null;
  }

  // The handles never cross: the one being moved stops at the other (they may meet).
  function keepApart(control, moved) {
    var low = +control.low.value, high = +control.high.value;
    if (low > high) {
      if (moved === control.low) control.low.value = high;
      else control.high.value = low;
    }
  }

  function readURL() {
    var params = new URLSearchParams(location.search);
    controls.forEach(function (control) {
      if (control.kind === "range") {
        var values = control.range.values, low = 0, high = control.last;
        var min = params.get(control.params[0]), max = params.get(control.params[1]);
        if (min !== null && min !== "" && isFinite(+min)) {
          while (low < control.last && values[low] < +min) low++;
        }
        if (max !== null && max !== "" && isFinite(+max)) {
          while (high > 0 && values[high] > +max) high--;
        }
        control.low.value = Math.min(low, high);
        control.high.value = Math.max(low, high);
      } else if (control.kind === "choice") {
        var chosen = params.get(control.params[0]);
        var set = chosen === null ? null : chosen.split(",");
        control.boxes.forEach(function (box) { box.checked = !set || set.indexOf(box.value) >= 0; });
      } else {
        var day = params.get(control.params[0]) || "";
        control.input.value = /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : "";
      }
    });
    page = Math.max(1, parseInt(params.get("page"), 10) || 1);
  }

  // The URL of the current state: only the controls moved from where they start.
  function stateURL() {
    var params = new URLSearchParams(location.search);
    controls.forEach(function (control) {
      control.params.forEach(function (name) { params.delete(name); });
      if (control.kind === "range") {
        if (+control.low.value > 0) params.set(control.params[0], control.range.values[+control.low.value]);
        if (+control.high.value < control.last) params.set(control.params[1], control.range.values[+control.high.value]);
      } else if (control.kind === "choice") {
        var checked = control.boxes.filter(function (box) { return box.checked; });
        if (checked.length < control.boxes.length) params.set(control.params[0], checked.map(function (box) { return box.value; }).join(","));
      } else if (control.input.value) {
        params.set(control.params[0], control.input.value);
      }
    });
    params.delete("page");
    if (filtering() && page > 1) params.set("page", page);
    var query = params.toString().replace(/%2C/g, ",");
    return location.pathname + (query ? "?" + query : "") + location.hash;
  }

  // A new history entry for each settled change (a handle let go, a box ticked, a page turned).
  function commit() {
    var url = stateURL();
    if (url !== location.pathname + location.search + location.hash) history.pushState(null, "", url);
  }

  function filtering() {
    return controls.some(function (control) {
      if (control.kind === "range") return +control.low.value > 0 || +control.high.value < control.last;
      if (control.kind === "choice") return control.boxes.some(function (box) { return !box.checked; });
      return control.input.value !== "";
    });
  }

  function matches(item) {
    return controls.every(function (control) {
      var value = item[control.column];
      if (control.kind === "range") {
        var low = +control.low.value, high = +control.high.value;
        if (low === 0 && high === control.last) return true;
        return value !== null && value >= control.range.values[low] && value <= control.range.values[high];
      }
      if (control.kind === "choice") {
        if (control.boxes.every(function (box) { return box.checked; })) return true;
        return value !== null && control.boxes.some(function (box) { return box.checked && value.indexOf(box.value) >= 0; });
      }
      return !control.input.value || (value !== null && value >= control.input.value);
    });
  }

  function show(announce) {
    controls.forEach(function (control) { if (control.kind === "range") drawRange(control); });
    if (!filtering()) {
      // Nothing filtered: the page as it was built, with the site's own pagination.
      if (list.innerHTML !== pageList) list.innerHTML = pageList;
      extras.forEach(function (child, index) { child.hidden = extrasHidden[index]; });
      if (nav) { nav.remove(); nav = null; }
      say("", false);
      return;
    }
    var found = sequence.filter(function (index) { return matches(data.items[index]); });
    var size = data.pageSize, pages = Math.max(1, Math.ceil(found.length / size));
    page = Math.min(page, pages);
    list.innerHTML = found.slice((page - 1) * size, page * size).map(function (index) { return data.cards[index]; }).join("\n");
    extras.forEach(function (child) { child.hidden = true; });
    drawPages(pages);
    var words = data.words, total = data.items.length;
    var text = found.length === 0 ? words.none : found.length === total ? words.all : found.length === 1 ? words.one : words.some;
    say(text.replace("{n}", found.length).replace("{total}", total), announce);
  }

  // Announce once the reader pauses, not at every step of a handle.
  function say(text, announce) {
    clearTimeout(timer);
    timer = setTimeout(function () { status.textContent = text; }, announce ? 400 : 0);
  }

  function drawRange(control) {
    var low = +control.low.value, high = +control.high.value, labels = control.range.labels, last = control.last || 1;
    control.text.textContent = labels[low] + " – " + labels[high];
    control.low.setAttribute("aria-valuetext", labels[low]);
    control.high.setAttribute("aria-valuetext", labels[high]);
    control.set.style.setProperty("--from", (low / last * 100) + "%");
    control.set.style.setProperty("--to", (high / last * 100) + "%");
    // Where the handles meet, the one that can still move is on top: the minimum at the right
    // end (it can only go left), the maximum at the left end, and the one nearer its own end between.
    control.low.classList.toggle("catalog-filter-top", low === high && high > control.last / 2);
  }

  function drawPages(pages) {
    if (nav) { nav.remove(); nav = null; }
    if (pages < 2) return;
    var words = data.words;
    nav = document.createElement("nav");
    nav.className = "catalog-filter-pages";
    nav.setAttribute("aria-label", words.pages);
    nav.appendChild(pageLink(page - 1, pages, words.previous, "prev"));
    var where = document.createElement("span");
    where.textContent = words.page.replace("{n}", page).replace("{total}", pages);
    nav.appendChild(where);
    nav.appendChild(pageLink(page + 1, pages, words.next, "next"));
    list.insertAdjacentElement("afterend", nav);
  }

  function pageLink(number, pages, text, rel) {
    if (number < 1 || number > pages) {
      var span = document.createElement("span");
      span.className = "catalog-filter-page-off";
      span.textContent = text;
      return span;
    }
    var link = document.createElement("a");
    var kept = page;
    page = number;
    link.href = stateURL();
    page = kept;
    link.rel = rel;
    link.textContent = text;
    link.addEventListener("click", function (event) {
      event.preventDefault();
      page = number;
      show(true);
      commit();
      results.scrollIntoView({ block: "start" });
    });
    return link;
  }
})();

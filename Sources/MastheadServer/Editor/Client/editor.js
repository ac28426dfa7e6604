// The editor's script (docs/editor.md). Everything works without it; it adds the preview as
// you type (a render-only request: nothing is written until Save), the toolbar and its
// shortcuts, uploads from the form and the media page, and the edit/preview tabs on a phone.
(function () {
  "use strict";
  var tokenMeta = document.querySelector('meta[name="masthead-token"]');
  var token = tokenMeta ? tokenMeta.content : "";
  var form = document.getElementById("editor");
  var body = document.getElementById("body");
  var frame = document.getElementById("preview");
  var status = document.getElementById("preview-status");
  var codeMirror = null;

  function post(url, data, type) {
    return fetch(url, {
      method: "POST", body: data, credentials: "same-origin",
      headers: { "X-Masthead-Token": token, "Content-Type": type || "application/x-www-form-urlencoded" }
    });
  }

  // Uploads: a file input names the text input that receives the image's address.
  function upload(file, targetId) {
    return post("/_masthead/upload?name=" + encodeURIComponent(file.name), file, "application/octet-stream")
      .then(function (response) {
        return response.text().then(function (text) {
          if (!response.ok) { alert(text); return null; }
          var info = JSON.parse(text);
          var target = targetId && document.getElementById(targetId);
          if (target) { target.value = info.src; target.dispatchEvent(new Event("input", { bubbles: true })); }
          return info;
        });
      });
  }
  // On the document, so that the gallery's added images upload too.
  document.addEventListener("change", function (event) {
    var input = event.target;
    if (!input.matches || !input.matches("input[data-upload-for]")) return;
    Array.prototype.forEach.call(input.files, function (file) {
      upload(file, input.getAttribute("data-upload-for")).then(function (info) {
        if (info && !input.getAttribute("data-upload-for")) location.reload();
      });
    });
  });
  // The gallery: "Add another image" copies the empty image at its end, numbered next.
  document.querySelectorAll("ol[data-gallery]").forEach(function (list) {
    var number = new RegExp("(" + list.getAttribute("data-gallery") + "[.-])\\d+");
    var button = document.createElement("button");
    button.type = "button";
    button.textContent = "Add another image";
    button.addEventListener("click", function () {
      var copy = list.lastElementChild.cloneNode(true);
      var index = list.children.length;
      copy.querySelectorAll("[id], [for], [name], [data-upload-for]").forEach(function (node) {
        ["id", "for", "name", "data-upload-for"].forEach(function (attribute) {
          var value = node.getAttribute(attribute);
          if (value) node.setAttribute(attribute, value.replace(number, "$1" + index));
        });
      });
      copy.querySelectorAll("input").forEach(function (input) { input.value = ""; });
      copy.querySelector("legend").textContent = "Add an image";
      list.appendChild(copy);
      copy.querySelector("input").focus();
    });
    list.parentNode.insertBefore(button, list.nextSibling);
  });
  var zone = document.querySelector("[data-dropzone]");
  if (zone) {
    zone.addEventListener("dragover", function (event) { event.preventDefault(); zone.classList.add("over"); });
    zone.addEventListener("dragleave", function () { zone.classList.remove("over"); });
    zone.addEventListener("drop", function (event) {
      event.preventDefault();
      zone.classList.remove("over");
      Promise.all(Array.prototype.map.call(event.dataTransfer.files, function (file) { return upload(file, ""); }))
        .then(function () { location.reload(); });
    });
  }
  // Tags as chips: the plain input stays what the form sends, kept up to date by the chips and
  // the box that adds them. The box takes the field's id, so the field's label names it.
  document.querySelectorAll("input[data-chips]").forEach(function (plain) {
    var widget = document.getElementById(plain.getAttribute("data-chips"));
    if (!widget) return;
    var list = widget.querySelector("ul");
    var entry = widget.querySelector("input");
    var said = widget.querySelector("[role=status]");
    var template = widget.querySelector("template");
    var offered = entry.list ? Array.prototype.map.call(entry.list.options, function (option) { return option.value; }) : [];
    var id = plain.id;
    plain.id = id + "-value";
    entry.id = id;
    entry.setAttribute("aria-describedby", [plain.getAttribute("aria-describedby"), entry.getAttribute("aria-describedby")]
      .filter(Boolean).join(" "));
    plain.hidden = true;
    widget.hidden = false;
    function chosen() {
      return Array.prototype.map.call(list.querySelectorAll(".chip span"), function (span) { return span.textContent; });
    }
    function sync() {
      var pending = entry.value.trim();
      plain.value = chosen().concat(pending ? [pending] : []).join(", ");
      plain.dispatchEvent(new Event("input", { bubbles: true }));
    }
    function wire(chip) {
      chip.querySelector("button").addEventListener("click", function () {
        var tag = chip.querySelector("span").textContent;
        chip.remove();
        entry.focus();
        said.textContent = "Removed the tag " + tag + ".";
        sync();
      });
    }
    function add(text) {
      text.split(",").map(function (tag) { return tag.trim(); }).filter(Boolean).forEach(function (tag) {
        if (chosen().indexOf(tag) >= 0) return;
        var chip = template.content.firstElementChild.cloneNode(true);
        chip.querySelector("span").textContent = tag;
        chip.querySelector("button").setAttribute("aria-label", "Remove tag " + tag);
        list.appendChild(chip);
        wire(chip);
        said.textContent = "Added the tag " + tag + ".";
      });
      entry.value = "";
      sync();
    }
    list.querySelectorAll(".chip").forEach(wire);
    entry.addEventListener("keydown", function (event) {
      if (event.key === "Enter" || event.key === ",") {
        event.preventDefault();
        add(entry.value);
      } else if (event.key === "Backspace" && !entry.value) {
        var last = list.querySelector(".chip:last-child button");
        if (last) last.click();
      }
    });
    entry.addEventListener("input", function (event) {
      // A tag picked from those offered, or pasted with commas, becomes a chip at once.
      var picked = event.inputType === undefined || event.inputType === "insertReplacementText";
      if (entry.value.indexOf(",") >= 0 || (picked && offered.indexOf(entry.value) >= 0)) add(entry.value); else sync();
    });
    entry.addEventListener("blur", function () { if (entry.value.trim()) add(entry.value); });
  });

  if (!form || !body) return;

  // The text: CodeMirror when the binary carries it (/_masthead/assets/codemirror.js), the textarea otherwise.
  function text() { return codeMirror ? codeMirror.getValue() : body.value; }
  function selection() {
    if (codeMirror) return { text: codeMirror.getSelection() };
    return { text: body.value.slice(body.selectionStart, body.selectionEnd) };
  }
  function replaceSelection(before, after, placeholder) {
    var chosen = selection().text || placeholder || "";
    if (codeMirror) {
      codeMirror.replaceSelection(before + chosen + (after || ""));
      codeMirror.focus();
    } else {
      var start = body.selectionStart, end = body.selectionEnd;
      body.setRangeText(before + chosen + (after || ""), start, end, "end");
      body.selectionStart = start + before.length;
      body.selectionEnd = start + before.length + chosen.length;
      body.focus();
    }
    schedule();
  }
  function lineStart(prefix) { return function () { replaceSelection("\n" + prefix, "", "text"); }; }
  function block(name, yaml) { return function () { replaceSelection("\n```" + name + "\n" + yaml + "\n```\n", "", ""); }; }
  var tools = [
    ["H2", "Heading", lineStart("## "), "Mod-Alt-2"],
    ["H3", "Subheading", lineStart("### "), "Mod-Alt-3"],
    ["B", "Bold", function () { replaceSelection("**", "**", "bold"); }, "Mod-B"],
    ["I", "Italic", function () { replaceSelection("_", "_", "italic"); }, "Mod-I"],
    ["Link", "Link", function () { replaceSelection("[", "](https://)", "text"); }, "Mod-K"],
    ["List", "Bulleted list", lineStart("- "), "Mod-Shift-8"],
    ["1.", "Numbered list", lineStart("1. "), "Mod-Shift-7"],
    ["Quote", "Quote", lineStart("> "), "Mod-Shift-9"],
    ["Code", "Code block", function () { replaceSelection("\n```text\n", "\n```\n", "code"); }, "Mod-Alt-C"],
    ["Image", "Image from the library", function () {
      var src = prompt("Image address (see Media), e.g. /images/photos/moka.jpg");
      if (!src) return;
      var alt = prompt("Alt text: what the image shows") || "";
      replaceSelection("![" + alt + "](" + src + ")", "", "");
    }, null],
    ["Video", "Video block", block("video", "url: https://www.youtube.com/watch?v=\ntitle: "), null],
    ["Photos", "Photos block", block("photos", "images:\n  - { src: /images/, alt: }"), null],
    ["Map", "Map block", block("map", "lat: \nlon: \nlabel: "), null],
    ["Pull quote", "Pull quote block", block("pullquote", "text: \nby: "), null]
  ];
  var toolbar = form.querySelector(".toolbar");
  var shortcuts = {};
  tools.forEach(function (tool) {
    var button = document.createElement("button");
    button.type = "button";
    button.textContent = tool[0];
    button.setAttribute("aria-label", tool[1] + (tool[3] ? " (" + tool[3].replace("Mod", "Ctrl") + ")" : ""));
    button.title = button.getAttribute("aria-label");
    button.addEventListener("click", tool[2]);
    toolbar.appendChild(button);
    if (tool[3]) shortcuts[tool[3].toLowerCase()] = tool[2];
  });
  toolbar.hidden = false;
  function keyName(event) {
    var parts = [];
    if (event.ctrlKey || event.metaKey) parts.push("mod");
    if (event.altKey) parts.push("alt");
    if (event.shiftKey) parts.push("shift");
    parts.push(event.key.length === 1 ? event.key.toLowerCase() : event.key.toLowerCase());
    return parts.join("-");
  }
  function onKey(event) {
    var name = keyName(event);
    if (name === "mod-s") { event.preventDefault(); save(); return; }
    var action = shortcuts[name];
    if (action) { event.preventDefault(); action(); }
  }
  body.addEventListener("keydown", onKey);

  if (window.CodeMirror && window.CodeMirror.fromTextArea) {
    codeMirror = window.CodeMirror.fromTextArea(body, { mode: "markdown", lineWrapping: true, lineNumbers: true,
      inputStyle: "contenteditable", screenReaderLabel: "Text (Markdown)" });
    codeMirror.on("change", function () { codeMirror.save(); schedule(); });
    codeMirror.on("keydown", function (editor, event) { onKey(event); });
  }

  function save() { if (codeMirror) codeMirror.save(); form.requestSubmit ? form.requestSubmit() : form.submit(); }

  // Phone: the preview is a tab beside the form.
  var workspace = document.querySelector(".workspace");
  var tabs = document.createElement("div");
  tabs.className = "tabs";
  tabs.setAttribute("role", "tablist");
  tabs.setAttribute("aria-label", "Edit or preview");
  ["edit", "preview"].forEach(function (view) {
    var tab = document.createElement("button");
    tab.type = "button";
    tab.setAttribute("role", "tab");
    tab.id = "tab-" + view;
    tab.textContent = view === "edit" ? "Edit" : "Preview";
    tab.setAttribute("aria-selected", view === "edit" ? "true" : "false");
    tab.addEventListener("click", function () {
      workspace.setAttribute("data-view", view);
      tabs.querySelectorAll("button").forEach(function (other) { other.setAttribute("aria-selected", other === tab ? "true" : "false"); });
      if (view === "preview") refresh();
    });
    tabs.appendChild(tab);
  });
  workspace.parentNode.insertBefore(tabs, workspace);
  workspace.setAttribute("data-view", "edit");

  // Preview as you type: the form as it stands, rendered by the build, nothing written.
  var timer = null, running = false, again = false;
  // No delay: while one render runs, the changes made meanwhile wait for the next (`again`).
  function schedule() { clearTimeout(timer); timer = setTimeout(refresh, 0); }
  function showProblems(problems) {
    document.querySelectorAll(".problem.live").forEach(function (node) { node.remove(); });
    var list = document.getElementById("build-problems");
    list.textContent = "";
    problems.forEach(function (problem) {
      var item = document.createElement("li");
      item.textContent = (problem.line ? "Text line " + problem.line + ": " : "") + problem.message;
      var field = problem.field && document.getElementById("at-" + problem.field);
      if (field) {
        var note = document.createElement("p");
        note.className = "problem live";
        note.setAttribute("role", "alert");
        note.textContent = problem.message;
        field.appendChild(note);
      } else {
        list.appendChild(item);
      }
    });
  }
  function refresh() {
    if (running) { again = true; return; }
    running = true;
    var started = performance.now();
    if (codeMirror) codeMirror.save();
    post("/_masthead/preview", new URLSearchParams(new FormData(form)).toString())
      .then(function (response) { return response.json(); })
      .then(function (info) {
        if (info.html !== null) frame.srcdoc = info.html;
        showProblems(info.problems);
        var total = Math.round(performance.now() - started);
        status.textContent = info.html === null ? "No page to show yet." : "Updated in " + total + " ms (build " + info.milliseconds + " ms).";
        window.mastheadLastPreview = { total: total, build: info.milliseconds, at: performance.now() };
      })
      .catch(function () { status.textContent = "The preview could not be rendered."; })
      .then(function () { running = false; if (again) { again = false; refresh(); } });
  }
  // Clicking a paragraph, heading or list item of the preview moves the text to its line: the
  // line holding the start of the clicked block's words (Markdown marks aside).
  function lineOf(words) {
    var lines = text().split("\n");
    for (var length = Math.min(words.length, 48); length >= 8; length = Math.floor(length / 2)) {
      var wanted = words.slice(0, length);
      for (var index = 0; index < lines.length; index++) {
        if (lines[index].replace(/[*_`#>\[\]]/g, "").indexOf(wanted) >= 0) return index;
      }
    }
    return -1;
  }
  function goToLine(line) {
    if (codeMirror) {
      codeMirror.setCursor({ line: line, ch: 0 });
      codeMirror.scrollIntoView(null, 120);
      codeMirror.focus();
    } else {
      var offset = body.value.split("\n").slice(0, line).join("\n").length + (line ? 1 : 0);
      body.focus();
      body.setSelectionRange(offset, offset);
    }
  }
  frame.addEventListener("load", function () {
    var page = frame.contentDocument;
    if (!page) return;
    page.addEventListener("click", function (event) {
      var block = event.target.closest("p, h1, h2, h3, h4, h5, h6, li, blockquote, figcaption, td");
      if (!block) return;
      var line = lineOf(block.innerText.trim().replace(/\s+/g, " "));
      if (line < 0) return;
      event.preventDefault();
      if (workspace.getAttribute("data-view") === "preview") document.getElementById("tab-edit").click();
      goToLine(line);
    });
  });
  form.addEventListener("input", schedule);
  form.addEventListener("change", schedule);
  refresh();
})();

/* judge rules site: search in the page. The index is a script assigning window.JUDGE_SEARCH
   (search-index.js at the site root), loaded on first use with a <script> element so that it
   also works from file:// (where fetching a local file by script is refused). No network, no library. */
(function () {
  "use strict";
  var root = document.documentElement.getAttribute("data-root") || "";
  var waiting = null;

  function loadIndex(done) {
    if (window.JUDGE_SEARCH) { done(window.JUDGE_SEARCH); return; }
    if (waiting) { waiting.push(done); return; }
    waiting = [done];
    var s = document.createElement("script");
    s.src = root + "search-index.js";
    s.onload = function () {
      prepare(window.JUDGE_SEARCH);
      var w = waiting; waiting = null;
      w.forEach(function (f) { f(window.JUDGE_SEARCH); });
    };
    s.onerror = function () { waiting = null; status("The search index could not be loaded."); };
    document.head.appendChild(s);
  }

  function prepare(index) {
    index.entries.forEach(function (e) {
      e.lkey = e[1].toLowerCase();
      e.ltitle = e[2].toLowerCase();
      e.ltext = e[3].toLowerCase();
    });
  }

  function tokens(q) {
    return q.toLowerCase().split(/[\s,;:!?()"]+/).filter(function (t) { return t.length > 0; });
  }

  function search(index, q, limit) {
    var toks = tokens(q), lq = q.trim().toLowerCase(), out = [];
    if (!toks.length) return out;
    index.entries.forEach(function (e) {
      var score = 0, all = true;
      if (e.lkey === lq) score += 100;
      else if (e.lkey.indexOf(lq) === 0) score += 30;
      for (var i = 0; i < toks.length; i++) {
        var t = toks[i], hit = false;
        if (e.lkey === t) { score += 20; hit = true; }
        if (e.ltitle.indexOf(t) >= 0) { score += e.ltitle === t ? 25 : 8; hit = true; }
        var at = e.ltext.indexOf(t);
        if (at >= 0) { score += 2 + Math.min(3, e.ltext.split(t).length - 2); hit = true; }
        if (!hit) { all = false; break; }
      }
      if (all) out.push([score, e]);
    });
    out.sort(function (a, b) { return b[0] - a[0]; });
    return out.slice(0, limit).map(function (x) { return x[1]; });
  }

  function snippet(e, q) {
    var t = tokens(q)[0] || "", at = t ? e.ltext.indexOf(t) : -1, text = e[3];
    if (at < 0) return text.slice(0, 140) + (text.length > 140 ? "…" : "");
    var start = Math.max(0, at - 50);
    return (start > 0 ? "…" : "") + text.slice(start, start + 150) + (start + 150 < text.length ? "…" : "");
  }

  function item(e, q) {
    var li = document.createElement("li"), a = document.createElement("a");
    a.href = root + e[4];
    var cite = document.createElement("span");
    cite.className = "r-cite";
    cite.textContent = e[0] + " " + e[1] + (e[2] && e[2] !== e[1] ? " " + e[2] : "");
    var snip = document.createElement("span");
    snip.className = "r-snip";
    snip.textContent = snippet(e, q);
    a.appendChild(cite); a.appendChild(snip); li.appendChild(a);
    return li;
  }

  var input, box, timer;

  function status(text) {
    if (!box) return;
    box.textContent = "";
    var p = document.createElement("p");
    p.setAttribute("role", "status");
    p.textContent = text;
    box.appendChild(p);
    box.hidden = false;
  }

  function showLive() {
    var q = input.value;
    if (!q.trim()) { box.hidden = true; box.textContent = ""; return; }
    loadIndex(function (index) {
      if (input.value !== q) return;
      var found = search(index, q, 12);
      box.textContent = "";
      var p = document.createElement("p");
      p.setAttribute("role", "status");
      p.textContent = found.length ? found.length + (found.length === 12 ? "+" : "") +
        " result(s); Enter shows all." : "No rule matches “" + q + "”.";
      box.appendChild(p);
      if (found.length) {
        var ol = document.createElement("ol");
        found.forEach(function (e) { ol.appendChild(item(e, q)); });
        box.appendChild(ol);
      }
      box.hidden = false;
    });
  }

  function links() { return Array.prototype.slice.call(box.querySelectorAll("a")); }

  function onKey(ev) {
    var ls = links(), i = ls.indexOf(document.activeElement);
    if (ev.key === "ArrowDown") {
      if (box.hidden || !ls.length) return;
      ev.preventDefault();
      (ls[i + 1] || ls[0]).focus();
    } else if (ev.key === "ArrowUp") {
      if (i < 0) return;
      ev.preventDefault();
      if (i === 0) input.focus(); else ls[i - 1].focus();
    } else if (ev.key === "Escape") {
      box.hidden = true;
      input.focus();
    }
  }

  function fullPage() {
    var list = document.getElementById("j-search-list");
    if (!list) return;
    var q = new URLSearchParams(window.location.search).get("q") || "";
    var st = document.getElementById("j-search-status");
    input.value = q;
    if (!q.trim()) return;
    st.textContent = "Searching…";
    loadIndex(function (index) {
      var found = search(index, q, 200);
      st.textContent = found.length ? found.length + (found.length === 200 ? "+" : "") +
        " result(s) for “" + q + "”." : "No rule matches “" + q + "”.";
      found.forEach(function (e) { list.appendChild(item(e, q)); });
    });
  }

  function init() {
    input = document.getElementById("j-q");
    box = document.getElementById("j-search-results");
    if (!input || !box) return;
    input.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(showLive, 120);
    });
    input.addEventListener("focus", function () { loadIndex(function () {}); });
    input.form.addEventListener("keydown", onKey);
    input.form.addEventListener("focusout", function () {
      setTimeout(function () {
        if (!input.form.contains(document.activeElement)) box.hidden = true;
      }, 200);
    });
    box.addEventListener("click", function (ev) {
      if (ev.target.closest("a")) box.hidden = true;
    });
    fullPage();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();

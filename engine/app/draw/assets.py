"""The stylesheet and the small script of the pages: inline, so a page is one file that
opens offline. The script only moves between panels; without it every panel is shown
one after the other, which is also what printing gives.
"""

from __future__ import annotations

CSS = """
:root { --ink: #1a1a1a; --muted: #5a6470; --line: #d5dbe2; --accent: #0072b2; --panel: #ffffff; --page: #f4f6f8; }
* { box-sizing: border-box; }
html, body { margin: 0; padding: 0; }
body { font-family: system-ui, -apple-system, 'Segoe UI', 'DejaVu Sans', sans-serif; color: var(--ink);
       background: var(--page); line-height: 1.45; overflow-wrap: anywhere; }
header.top { padding: 12px 18px 8px; background: var(--panel); border-bottom: 1px solid var(--line); }
header.top h1 { font-size: 1.25rem; margin: 0 0 4px; }
header.top p { margin: 2px 0; color: var(--muted); font-size: 0.92rem; }
code, .puzzle-line { font-family: 'DejaVu Sans Mono', Menlo, Consolas, monospace; font-size: 0.85rem; word-break: break-all; }
.layout { display: grid; grid-template-columns: minmax(220px, 320px) minmax(0, 1fr); gap: 16px; padding: 16px; }
nav.steps { background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: 8px;
            max-height: calc(100vh - 150px); overflow-y: auto; position: sticky; top: 8px; }
nav.steps h2 { font-size: 0.95rem; margin: 6px 4px; }
nav.steps ol { list-style: none; margin: 0; padding: 0; }
nav.steps li > button, nav.steps summary { display: block; width: 100%; text-align: left; font: inherit; font-size: 0.86rem;
            padding: 4px 6px; border: 0; border-radius: 5px; background: none; color: inherit; cursor: pointer; }
nav.steps li > button:hover, nav.steps summary:hover { background: #eef3f8; }
nav.steps li > button[aria-current="step"] { background: var(--accent); color: #fff; }
nav.steps details ol { padding-left: 12px; }
nav.steps .num { display: inline-block; min-width: 2.4em; color: var(--muted); }
nav.steps button[aria-current="step"] .num { color: #fff; }
main { min-width: 0; }
.controls { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; margin-bottom: 10px; }
.controls button { font: inherit; padding: 6px 12px; border: 1px solid var(--line); border-radius: 6px; background: var(--panel); cursor: pointer; }
.controls button:hover { border-color: var(--accent); }
#counter { font-weight: 600; min-width: 9em; }
.controls .keys { color: var(--muted); font-size: 0.85rem; }
section.panel { background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: 14px 16px; margin-bottom: 16px; }
section.panel h2 { font-size: 1.08rem; margin: 0 0 6px; }
section.panel .line { font-family: 'DejaVu Sans Mono', Menlo, Consolas, monospace; font-size: 0.84rem; color: var(--muted); margin: 0 0 8px; }
section.panel .why { margin: 0 0 10px; max-width: 46em; }
section.panel ol.singles { margin: 4px 0 10px; padding-left: 1.6em; font-size: 0.92rem; }
figure { margin: 0; }
figure svg { display: block; width: 100%; max-width: 560px; height: auto; }
table.summary { border-collapse: collapse; font-size: 0.9rem; margin-top: 6px; }
table.summary th, table.summary td { text-align: left; padding: 3px 10px 3px 0; border-bottom: 1px solid var(--line); }
table.summary td.n { text-align: right; }
.mistakes li { margin: 2px 0; }
.note { color: var(--muted); }
body.js section.panel { display: none; }
body.js section.panel.current { display: block; }
body.js:not(.expanded) .single-only { display: none; }
body.js.expanded .run-only { display: none; }
@media (min-width: 1100px) {
  section.panel { display: grid; grid-template-columns: minmax(0, 540px) minmax(16em, 1fr); gap: 18px; align-items: start; }
  body.js section.panel.current { display: grid; }
}
@media (max-width: 760px) {
  .layout { grid-template-columns: minmax(0, 1fr); padding: 8px; gap: 8px; }
  nav.steps { position: static; max-height: 32vh; }
  section.panel { padding: 10px; }
}
@page { margin: 12mm; }
@media print {
  body { background: #fff; }
  header.top { border: 0; }
  nav.steps, .controls { display: none !important; }
  .layout { display: block; padding: 0; }
  body.js section.panel, section.panel { display: block; border: 0; border-radius: 0; padding: 0; margin: 0;
      break-after: page; page-break-after: always; break-inside: avoid; page-break-inside: avoid; }
  body.js:not(.expanded) section.panel.single-only, body.js.expanded section.panel.run-only { display: none !important; }
  main > section.panel:last-of-type { break-after: auto; page-break-after: auto; }
  section.panel { grid-template-columns: none; }
  figure svg { width: auto; max-width: 100%; max-height: 150mm; margin: 0 auto; }
  section.panel .why, table.summary { font-size: 10pt; }
}
"""

JS = """
(function () {
  var body = document.body;
  body.classList.add('js');
  var counter = document.getElementById('counter');
  var toggle = document.getElementById('singles');
  var all = Array.prototype.slice.call(document.querySelectorAll('section.panel'));
  var current = 0;
  function shown() {
    var expanded = body.classList.contains('expanded');
    return all.filter(function (p) {
      return !p.classList.contains(expanded ? 'run-only' : 'single-only');
    });
  }
  function show(panel) {
    all.forEach(function (p) { p.classList.toggle('current', p === panel); });
    document.querySelectorAll('nav.steps [data-target]').forEach(function (b) {
      if (b.getAttribute('data-target') === panel.id) { b.setAttribute('aria-current', 'step'); }
      else { b.removeAttribute('aria-current'); }
    });
    var list = shown();
    counter.textContent = panel.getAttribute('data-label') + ' (' + (list.indexOf(panel) + 1) + ' of ' + list.length + ')';
    var item = document.querySelector('nav.steps [data-target="' + panel.id + '"]');
    var nav = document.querySelector('nav.steps');
    if (item && nav) {
      var details = item.closest('details');
      if (details && item.tagName !== 'SUMMARY') { details.open = true; }
      var top = item.getBoundingClientRect().top - nav.getBoundingClientRect().top + nav.scrollTop;
      if (top < nav.scrollTop || top + item.offsetHeight > nav.scrollTop + nav.clientHeight) {
        nav.scrollTop = top - nav.clientHeight / 2;  /* the list scrolls, never the page */
      }
    }
    if (history.replaceState) { history.replaceState(null, '', '#' + panel.id); }
    current = all.indexOf(panel);
  }
  function move(delta) {
    var list = shown();
    var here = list.indexOf(all[current]);
    if (here < 0) { here = nearest(list); }
    var next = Math.max(0, Math.min(list.length - 1, here + delta));
    show(list[next]);
  }
  function nearest(list) {
    for (var i = 0; i < list.length; i++) { if (all.indexOf(list[i]) >= current) { return i; } }
    return list.length - 1;
  }
  function go(where) { var list = shown(); show(where === 'first' ? list[0] : list[list.length - 1]); }
  document.addEventListener('keydown', function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) { return; }
    if (e.key === 'ArrowRight') { move(1); } else if (e.key === 'ArrowLeft') { move(-1); }
    else if (e.key === 'Home') { go('first'); } else if (e.key === 'End') { go('last'); } else { return; }
    e.preventDefault();
  });
  document.getElementById('prev').addEventListener('click', function () { move(-1); });
  document.getElementById('next').addEventListener('click', function () { move(1); });
  document.querySelectorAll('nav.steps [data-target]').forEach(function (b) {
    b.addEventListener('click', function () {
      var panel = document.getElementById(b.getAttribute('data-target'));
      if (panel.classList.contains('single-only') && !body.classList.contains('expanded')) { setExpanded(true); }
      show(panel);
    });
  });
  function setExpanded(on) {
    body.classList.toggle('expanded', on);
    if (toggle) { toggle.setAttribute('aria-pressed', on ? 'true' : 'false'); toggle.textContent = on ? 'Collapse singles' : 'Expand singles'; }
    var panel = all[current];
    var list = shown();
    if (list.indexOf(panel) < 0) {
      var twin = document.getElementById(panel.getAttribute('data-twin') || '');
      panel = twin && list.indexOf(twin) >= 0 ? twin : list[nearest(list)];
    }
    show(panel);
  }
  if (toggle) { toggle.addEventListener('click', function () { setExpanded(!body.classList.contains('expanded')); }); }
  var start = location.hash ? document.getElementById(location.hash.slice(1)) : null;
  if (start && start.classList.contains('single-only')) { setExpanded(true); }
  show(start && start.classList.contains('panel') && shown().indexOf(start) >= 0 ? start : shown()[0]);
  window.scrollTo(0, 0);  /* the panel is on screen already: no jump to the anchor */
})();
"""

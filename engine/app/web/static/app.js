/* stepdoku serve: the page. Plain JavaScript, no build step, nothing fetched but the API.
 * The grid's state (givens, entries, pencil marks) lives here and in localStorage; every
 * answer about it (hints, checks, walkthroughs, ratings) comes from /api/v1, with the
 * pictures drawn by the server's own SVG code (the drawings of hint --html and explain --html). */
(function () {
  'use strict';
  var KEY = 'stepdoku.grid.v1';
  var B32 = '0123456789abcdefghijklmnopqrstuv';
  var S = { givens: zeros(), entries: zeros(), marks: zeros(), setup: false, pencil: false, profile: 'hodoku', sel: 0 };
  var undoStack = [], redoStack = [];
  var hint = { key: null, level: 0, record: null };
  var bad = {};
  var PEERS = peers();
  var cells = [];
  var $ = function (id) { return document.getElementById(id); };

  function zeros() { var a = []; for (var i = 0; i < 81; i++) { a.push(0); } return a; }
  function name(i) { return 'r' + (Math.floor(i / 9) + 1) + 'c' + (i % 9 + 1); }
  function cellOf(n) { return (parseInt(n.charAt(1), 10) - 1) * 9 + parseInt(n.charAt(3), 10) - 1; }
  function peers() {
    var out = [];
    for (var i = 0; i < 81; i++) {
      var r = Math.floor(i / 9), c = i % 9, b = Math.floor(r / 3) * 3 + Math.floor(c / 3), p = [];
      for (var j = 0; j < 81; j++) {
        var rj = Math.floor(j / 9), cj = j % 9, bj = Math.floor(rj / 3) * 3 + Math.floor(cj / 3);
        if (j !== i && (rj === r || cj === c || bj === b)) { p.push(j); }
      }
      out.push(p);
    }
    return out;
  }
  function value(i) { return S.givens[i] || S.entries[i]; }
  function allowed(i) {
    var m = 511;
    PEERS[i].forEach(function (p) { var v = value(p); if (v) { m &= ~(1 << (v - 1)); } });
    return m;
  }
  function line(a) { return a.map(function (d) { return d ? String(d) : '.'; }).join(''); }
  function digitsOf(text) { var a = zeros(); for (var i = 0; i < 81; i++) { var d = parseInt(text.charAt(i), 10); a[i] = d >= 1 && d <= 9 ? d : 0; } return a; }

  /* --- the state, its history and where it is kept ------------------------------------ */
  function snapshot() { return JSON.stringify({ givens: S.givens, entries: S.entries, marks: S.marks, setup: S.setup }); }
  function restore(text) { var o = JSON.parse(text); S.givens = o.givens; S.entries = o.entries; S.marks = o.marks; S.setup = o.setup; }
  function change(fn) {
    var before = snapshot();
    fn();
    if (snapshot() === before) { return; }
    undoStack.push(before); if (undoStack.length > 500) { undoStack.shift(); }
    redoStack = [];
    changed();
  }
  function changed() {
    bad = {}; save(); render();
    clearHint();  /* what the panel said was about the grid before this change */
    if (!S.setup && count() === 0) { check(); }  /* the last cell filled: say at once whether it is solved */
  }
  function undo() { if (!undoStack.length) { return; } redoStack.push(snapshot()); restore(undoStack.pop()); changed(); say('Undone.'); }
  function redo() { if (!redoStack.length) { return; } undoStack.push(snapshot()); restore(redoStack.pop()); changed(); say('Redone.'); }
  function save() {
    try {
      localStorage.setItem(KEY, JSON.stringify({ givens: S.givens, entries: S.entries, marks: S.marks, setup: S.setup, pencil: S.pencil,
        profile: S.profile, sel: S.sel, undo: undoStack.slice(-100), redo: redoStack.slice(-100) }));
    } catch (e) { /* private mode: the grid still works, it is just not kept */ }
  }
  function load() {
    try {
      var o = JSON.parse(localStorage.getItem(KEY) || 'null');
      if (!o || !o.givens || o.givens.length !== 81) { return false; }
      S.givens = o.givens; S.entries = o.entries; S.marks = o.marks; S.setup = !!o.setup; S.pencil = !!o.pencil;
      S.profile = o.profile || 'hodoku'; S.sel = o.sel || 0; undoStack = o.undo || []; redoStack = o.redo || [];
      return true;
    } catch (e) { return false; }
  }
  function marksCode() {
    if (!S.marks.some(function (m, i) { return m && !value(i); })) { return ''; }
    return S.marks.map(function (m, i) { m = value(i) ? 0 : m; return B32.charAt(m >> 5) + B32.charAt(m & 31); }).join('');
  }
  function marksFrom(code) {
    var a = zeros();
    for (var i = 0; i < 81 && 2 * i + 1 < code.length; i++) { a[i] = (B32.indexOf(code.charAt(2 * i)) << 5 | B32.indexOf(code.charAt(2 * i + 1))) & 511; }
    return a;
  }
  function shareLink() {
    var url = location.origin + '/?p=' + line(S.givens);
    if (S.entries.some(Boolean)) { url += '&e=' + line(S.entries); }
    var m = marksCode();
    if (m) { url += '&m=' + m; }
    return url;
  }
  /* The player's grid as a HoDoKu library line: givens, +d for entries, and the pencil marks
   * removed from cells that have marks (a cell without marks keeps every candidate). */
  function stateLine() {
    var cellsText = '', deleted = [];
    for (var i = 0; i < 81; i++) {
      cellsText += S.givens[i] ? String(S.givens[i]) : S.entries[i] ? '+' + S.entries[i] : '.';
      if (!value(i) && S.marks[i]) {
        var gone = allowed(i) & ~S.marks[i];
        for (var d = 1; d <= 9; d++) { if (gone & (1 << (d - 1))) { deleted.push('' + d + (Math.floor(i / 9) + 1) + (i % 9 + 1)); } }
      }
    }
    return ':0000:x:' + cellsText + ':' + deleted.join(' ') + ':::';
  }

  /* --- drawing the grid ------------------------------------------------------------- */
  function build() {
    var grid = $('grid');
    for (var r = 0; r < 9; r++) {
      var row = document.createElement('div');
      row.setAttribute('role', 'row');
      for (var c = 0; c < 9; c++) {
        var i = r * 9 + c, cell = document.createElement('div');
        cell.className = 'cell r' + r + ' c' + c;
        cell.setAttribute('role', 'gridcell');
        cell.id = 'cell-' + name(i);
        cell.tabIndex = -1;
        cell.dataset.i = i;
        row.appendChild(cell);
        cells.push(cell);
      }
      grid.appendChild(row);
    }
  }
  function render() {
    var sel = S.sel, hl = value(sel);
    for (var i = 0; i < 81; i++) {
      var cell = cells[i], v = value(i), html, words;
      if (v) {
        html = '<span class="v">' + v + '</span>';
        words = name(i) + ', ' + (S.givens[i] ? 'given ' : '') + v;
      } else if (S.marks[i]) {
        html = '<div class="marks" aria-hidden="true">';
        var list = [];
        for (var d = 1; d <= 9; d++) {
          var on = S.marks[i] & (1 << (d - 1));
          if (on) { list.push(d); }
          html += '<span' + (on && d === hl ? ' class="hl"' : '') + '>' + (on ? d : '') + '</span>';
        }
        html += '</div>';
        words = name(i) + ', empty, pencil marks ' + list.join(' ');
      } else {
        html = '';
        words = name(i) + ', empty';
      }
      if (cell.innerHTML !== html) { cell.innerHTML = html; }
      if (bad[i]) { words += ', to check'; }
      cell.setAttribute('aria-label', words);
      cell.setAttribute('aria-selected', i === sel ? 'true' : 'false');
      cell.classList.toggle('given', !!S.givens[i]);
      cell.classList.toggle('entered', !S.givens[i] && !!S.entries[i]);
      cell.classList.toggle('sel', i === sel);
      cell.classList.toggle('peer', i !== sel && PEERS[sel].indexOf(i) >= 0);
      cell.classList.toggle('hl', i !== sel && !!hl && v === hl);
      cell.classList.toggle('bad', !!bad[i]);
      cell.tabIndex = i === sel ? 0 : -1;
    }
    document.body.classList.toggle('setup', S.setup);
    $('done').hidden = !S.setup;
    $('mode').setAttribute('aria-pressed', S.pencil ? 'true' : 'false');
    $('mode').textContent = 'Pencil marks: ' + (S.pencil ? 'on' : 'off');
    $('undo').disabled = !undoStack.length;
    $('redo').disabled = !redoStack.length;
    $('profile').value = S.profile;
  }
  function select(i, focus) {
    S.sel = Math.max(0, Math.min(80, i));
    render();
    if (focus !== false) { cells[S.sel].focus(); }
    save();
  }
  function say(words, error) { var s = $('status'); s.textContent = words; s.classList.toggle('error', !!error); }

  /* --- playing ---------------------------------------------------------------------- */
  function enter(d) {
    var i = S.sel;
    if (S.setup) { change(function () { S.givens[i] = d; S.entries[i] = 0; S.marks[i] = 0; }); select(i + 1); return; }
    if (S.givens[i]) { say(name(i) + ' is a given.'); return; }
    change(function () {
      S.entries[i] = S.entries[i] === d ? 0 : d;
      if (S.entries[i]) { PEERS[i].forEach(function (p) { S.marks[p] &= ~(1 << (d - 1)); }); }
    });
    say(S.entries[i] ? name(i) + ': ' + d : name(i) + ' cleared.');
  }
  function toggleMark(d) {
    var i = S.sel;
    if (S.setup || value(i)) { say(value(i) ? name(i) + ' already holds a digit.' : 'Pencil marks come once the puzzle is entered.'); return; }
    change(function () { S.marks[i] ^= 1 << (d - 1); });
    say(name(i) + ': pencil mark ' + d + (S.marks[i] & (1 << (d - 1)) ? ' on' : ' off'));
  }
  function erase() {
    var i = S.sel;
    change(function () {
      if (S.setup) { S.givens[i] = 0; } else if (S.entries[i]) { S.entries[i] = 0; } else if (!S.givens[i]) { S.marks[i] = 0; }
    });
  }
  /* Typing clues reads like typing text: a digit moves on, so Backspace takes back the one
   * before (or clears this cell when it holds a clue), and 0, . or Space leave a cell empty. */
  function setupKey(k) {
    var i = S.sel;
    if (k === 'Backspace') {
      if (!S.givens[i] && i > 0) { select(i - 1); }
      erase();
    } else if (k === '0' || k === '.' || k === ' ') { erase(); select(i + 1); }
    else if (k === 'Enter') { donePlaying(); }
    else if (k === 'Delete') { erase(); }
    else { return false; }
    return true;
  }
  function fillAll() {
    if (S.setup) { return; }
    change(function () { for (var i = 0; i < 81; i++) { if (!value(i)) { S.marks[i] = allowed(i); } } });
    say('Every empty cell holds its candidates.');
  }
  function applyStep(step) {
    change(function () {
      step.eliminations.forEach(function (c) {
        var i = cellOf(c.cell);
        if (!S.marks[i]) { S.marks[i] = allowed(i); }
        S.marks[i] &= ~(1 << (c.digit - 1));
      });
      step.placements.forEach(function (c) {
        var i = cellOf(c.cell);
        S.entries[i] = c.digit;
        PEERS[i].forEach(function (p) { S.marks[p] &= ~(1 << (c.digit - 1)); });
      });
    });
    say('Applied: ' + step.text);
  }
  function onGridKey(e) {
    var i = S.sel, k = e.key, digit = /^(Digit|Numpad)([1-9])$/.exec(e.code || '');
    var d = digit ? parseInt(digit[2], 10) : (/^[1-9]$/.test(k) ? parseInt(k, 10) : 0);
    if ((e.ctrlKey || e.metaKey) && (k === 'z' || k === 'Z')) { e.shiftKey ? redo() : undo(); e.preventDefault(); return; }
    if ((e.ctrlKey || e.metaKey) && (k === 'y' || k === 'Y')) { redo(); e.preventDefault(); return; }
    if (e.ctrlKey || e.metaKey || e.altKey) { return; }
    var moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -9, ArrowDown: 9 };
    if (moves[k] !== undefined) {
      var next = i + moves[k];
      if ((k === 'ArrowLeft' && i % 9 === 0) || (k === 'ArrowRight' && i % 9 === 8) || next < 0 || next > 80) { e.preventDefault(); return; }
      select(next); e.preventDefault(); return;
    }
    if (k === 'Home') { select(i - i % 9); } else if (k === 'End') { select(i - i % 9 + 8); }
    else if (d) { (e.shiftKey || (S.pencil && !S.setup)) ? toggleMark(d) : enter(d); }
    else if (S.setup && setupKey(k)) { /* handled */ }
    else if (k === 'Delete' || k === 'Backspace' || k === '0' || k === '.') { erase(); }
    else if (k === 'p' || k === 'P') { setPencil(!S.pencil); }
    else if (k === 'h' || k === 'H') { askHint(); }
    else { return; }
    e.preventDefault();
  }
  function setPencil(on) { S.pencil = on; save(); render(); say('Pencil marks ' + (on ? 'on: digits toggle pencil marks.' : 'off: digits fill cells.')); }

  /* --- the API ---------------------------------------------------------------------- */
  var BUSY_TRIES = 4;
  function api(path, body) {
    var busy = document.querySelector('main.app');
    busy.setAttribute('aria-busy', 'true');
    return post(path, JSON.stringify(body), 1).finally(function () { busy.removeAttribute('aria-busy'); });
  }
  /* A busy server (503) says when to come back (Retry-After): wait that long and ask again,
   * a few times, saying so, before giving up with its message. */
  function post(path, text, attempt) {
    return fetch('/api/v1/' + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: text })
      .then(function (r) {
        var wait = Math.min(30, parseInt(r.headers.get('retry-after') || '1', 10) || 1);
        if (r.status === 503 && attempt < BUSY_TRIES) {
          say('The server is busy: asking again in ' + wait + ' s (try ' + (attempt + 1) + ' of ' + BUSY_TRIES + ').');
          return new Promise(function (done) { setTimeout(done, wait * 1000); }).then(function () { return post(path, text, attempt + 1); });
        }
        return r.json().catch(function () { return null; }).then(function (data) {
          if (!r.ok) { throw new Error(data && data.error ? data.error : 'the server answered ' + r.status); }
          return data;
        });
      });
  }
  function fail(err) { say(err.message || String(err), true); }
  function esc(t) { var d = document.createElement('div'); d.textContent = t; return d.innerHTML; }

  /* --- entering puzzles --------------------------------------------------------------- */
  function readText(text, progress) {
    return api('read', { text: text }).then(function (rec) {
      if (rec.status !== 'unique') { throw new Error('This puzzle cannot be played: the puzzle has ' + rec.error + '.'); }
      var givens = digitsOf(rec.givens), entries = digitsOf(rec.entered), marks = zeros();
      if (rec.candidates) { for (var i = 0; i < 81; i++) { marks[i] = givens[i] || entries[i] ? 0 : rec.candidates[i]; } }
      if (progress && progress.e) { entries = digitsOf(progress.e).map(function (d, i) { return givens[i] ? 0 : d; }); }
      if (progress && progress.m) { marks = marksFrom(progress.m); }
      /* one change, so Undo brings back the grid this one replaced (a game in progress is never lost) */
      change(function () { S.givens = givens; S.entries = entries; S.marks = marks; S.setup = false; });
      clearHint(); closeWalk(); render(); save();
      return rec;
    });
  }
  function loadPasted() {
    var text = $('paste').value;
    readText(text).then(function (rec) { say('Loaded (' + rec.layout + ' layout). ' + count() + ' cells to fill.'); select(S.sel); }).catch(fail);
  }
  function count() { var n = 0; for (var i = 0; i < 81; i++) { if (!value(i)) { n++; } } return n; }
  function blank() {
    change(function () { S.givens = zeros(); S.entries = zeros(); S.marks = zeros(); S.setup = true; });
    clearHint(); closeWalk();
    say('Type the clues row by row: a digit fills the cell and moves on; 0, . or Space leave a cell empty; Backspace takes back the last one; arrows move. Then press Enter (or Start playing).');
    select(0);
  }
  function donePlaying() {
    readText(line(S.givens)).then(function () { say('Your puzzle has one solution. Play!'); select(S.sel); }).catch(fail);
  }
  function generate() {
    var choice = $('gen-level').value.split(':'), body = { count: 1 };
    body[choice[0]] = choice[1];
    say('Generating a puzzle...');
    api('generate', body).then(function (records) {
      var rec = records[0];
      return readText(rec.puzzle).then(function () {
        say('New puzzle: ' + rec.level + ', HoDoKu score ' + rec.score + (rec.er !== undefined ? ', SE ' + rec.er : '') + '.');
        select(0);
      });
    }).catch(fail);
  }
  function share() {
    var link = $('link');
    link.value = shareLink(); link.hidden = false; link.focus(); link.select();
    say('The link holds your grid and progress: copy it to share or keep.');
  }

  /* --- hints and checks ---------------------------------------------------------------- */
  function clearHint() { $('hint-out').innerHTML = ''; $('apply').disabled = true; hint = { key: null, level: 0, record: null }; }
  function hintRequest(level, extra) {
    var body = { state: stateLine(), puzzle: line(S.givens), level: level, profile: S.profile, reveal: $('reveal').checked, draw: true };
    for (var k in extra || {}) { body[k] = extra[k]; }
    return api('hint', body);
  }
  function markMistakes(rec) {
    bad = {};
    rec.mistakes.forEach(function (m) { m.cells.forEach(function (c) { bad[cellOf(c)] = true; }); });
    render();
  }
  function showMistakes(rec, out) {
    out.push('<h3>Mistakes</h3><ul class="mistakes">' + rec.mistakes.map(function (m) { return '<li>' + esc(m.text) + '</li>'; }).join('') + '</ul>');
    if (rec.drawing && rec.drawing.mistakes) { out.push('<figure>' + rec.drawing.mistakes + '</figure>'); }
  }
  function check() {
    if (S.setup) { say('Start playing first.'); return; }
    hintRequest(1).then(function (rec) {
      var out = [];
      markMistakes(rec);
      if (rec.status === 'invalid') { out.push('<p>This cannot be played: ' + esc(rec.error) + '.</p>'); }
      else if (rec.mistakes.length) { showMistakes(rec, out); }
      else if (rec.status === 'solved') { out.push('<p>Solved: every cell is filled and agrees with the solution.</p>'); }
      else { out.push('<p>No mistakes: everything in your grid agrees with the solution.</p>'); }
      $('hint-out').innerHTML = out.join('');
      say(rec.mistakes.length ? rec.mistakes.length + ' thing' + (rec.mistakes.length > 1 ? 's' : '') + ' to check.' : 'No mistakes.');
    }).catch(fail);
  }
  function askHint(ignore) {
    if (S.setup) { say('Start playing first.'); return; }
    var key = stateLine() + S.profile + (ignore ? '!' : '');
    var level = hint.key === key ? Math.min(3, hint.level + 1) : 1;
    hintRequest(level, ignore ? { ignore_mistakes: true } : null).then(function (rec) { showHint(rec, key, level); }).catch(fail);
  }
  function showHint(rec, key, level) {
    var out = [];
    hint = { key: key, level: level, record: rec };
    markMistakes(rec);
    if (rec.status === 'invalid') { out.push('<p>This cannot be played: ' + esc(rec.error) + '.</p>'); }
    if (rec.mistakes.length) {
      showMistakes(rec, out);
      if (!rec.hint) { out.push('<p class="note">Fix these first, or <button type="button" id="anyway">hint anyway</button> (from your grid as it is).</p>'); }
    }
    if (rec.status === 'solved') { out.push('<p>Solved: every cell is filled and agrees with the solution.</p>'); }
    if (rec.hint) {
      out.push('<h3>Hint (level ' + rec.hint.level + ' of 3)</h3><p class="hint-text">' + esc(rec.hint.text) + '</p>');
      if (rec.hint.step && rec.hint.step.explanation) { out.push('<p class="why">' + esc(rec.hint.step.explanation) + '</p>'); }
      if (rec.drawing && rec.drawing.hint) { out.push('<figure>' + rec.drawing.hint + '</figure>'); }
      if (rec.hint.level < 3) { out.push('<p class="note">Press Hint again for ' + (rec.hint.level === 1 ? 'the digits and cells.' : 'the whole step.') + '</p>'); }
    }
    rec.notes.forEach(function (n) { out.push('<p class="note">' + esc(n) + '</p>'); });
    $('hint-out').innerHTML = out.join('');
    var anyway = $('anyway');
    if (anyway) { anyway.addEventListener('click', function () { askHint(true); }); }
    keepFocus();
    $('apply').disabled = !rec.hint;
    say(rec.hint ? 'Hint level ' + rec.hint.level + ': ' + rec.hint.text : rec.mistakes.length ? 'Mistakes first.' : 'No hint.');
  }
  function applyHint() {
    if (!hint.record || !hint.record.hint) { return; }
    var key = hint.key;
    if (hint.record.hint.step) { applyStep(hint.record.hint.step); clearHint(); keepFocus(); return; }
    hintRequest(3, key.slice(-1) === '!' ? { ignore_mistakes: true } : null).then(function (rec) {
      if (rec.hint && rec.hint.step) { applyStep(rec.hint.step); }
      clearHint(); keepFocus();
    }).catch(fail);
  }
  /* Apply is disabled once used, and "hint anyway" is replaced: a keyboard player would be
   * left on nothing (the page's start), so the focus goes to Hint, the next thing to press. */
  function keepFocus() {
    var at = document.activeElement;
    if (!at || at === document.body || at.disabled || !document.body.contains(at)) { $('hint').focus(); }
  }

  /* --- the walkthrough: the panels of explain --html --------------------------------- */
  var walkPanels = [], walkAt = 0;
  function walk() {
    if (S.setup) { say('Start playing first.'); return; }
    say('Working out the rest of the solution...');
    api('explain', { puzzle: stateLine(), profile: S.profile, draw: true }).then(function (rec) {
      var box = $('walkthrough');
      box.hidden = false;
      if (rec.status === 'invalid') {
        $('walk-nav').innerHTML = ''; $('walk-panels').innerHTML = '<p>This cannot be solved from here: ' + esc(rec.error) + '.</p>';
        $('rating').textContent = ''; $('counter').textContent = ''; walkPanels = [];
        say('This cannot be solved from here: ' + rec.error + '.', true);
        return;
      }
      $('walk-nav').innerHTML = rec.drawing.nav;
      $('walk-panels').innerHTML = rec.drawing.panels;
      walkPanels = Array.prototype.slice.call(document.querySelectorAll('#walk-panels section.panel')).filter(function (p) {
        return !p.classList.contains('single-only');
      });
      document.querySelectorAll('#walk-nav [data-target]').forEach(function (b) {
        b.addEventListener('click', function (e) {
          e.preventDefault();
          var panel = document.getElementById(b.getAttribute('data-target'));
          if (panel && panel.classList.contains('single-only')) { panel = document.getElementById(panel.getAttribute('data-twin')); }
          var at = walkPanels.indexOf(panel);
          if (at >= 0) { showPanel(at); }
        });
      });
      ratings(rec);
      showPanel(0);
      say(rec.steps.length ? 'Walkthrough: ' + rec.steps.length + ' step' + (rec.steps.length > 1 ? 's' : '') + '. Use the arrow keys or Previous and Next.'
        : 'Nothing left to solve: every cell is filled.');
      $('next').focus();
    }).catch(fail);
  }
  function ratingWords(profile, r) {
    if (!r) { return ''; }
    if (profile === 'se') { return 'Sudoku Explainer: ER ' + r.er + ' / EP ' + r.ep + ' / ED ' + r.ed; }
    if (profile === 'full') { return 'Full: ' + r.tier + ' ' + r.difficulty + ', ' + r.forcing + ' forcing steps'; }
    return 'HoDoKu: ' + r.level + ', score ' + r.score + ' (SE-style ' + r.se + ')';
  }
  function ratings(rec) {
    var shown = [ratingWords(S.profile, rec.rating)], el = $('rating');
    el.textContent = shown.join(' · ');
    ['hodoku', 'se'].filter(function (p) { return p !== S.profile; }).forEach(function (p) {
      api('grade', { puzzles: [stateLine()], profile: p }).then(function (records) {
        var g = records[0];
        if (g && g.status === 'ok') { shown.push(ratingWords(p, g)); el.textContent = shown.join(' · '); }
      }).catch(function () { /* the walkthrough's own rating stays */ });
    });
  }
  function showPanel(at) {
    if (!walkPanels.length) { return; }
    walkAt = Math.max(0, Math.min(walkPanels.length - 1, at));
    var panel = walkPanels[walkAt];
    walkPanels.forEach(function (p) { p.classList.toggle('current', p === panel); });
    document.querySelectorAll('#walk-nav [data-target]').forEach(function (b) {
      if (b.getAttribute('data-target') === panel.id) { b.setAttribute('aria-current', 'step'); } else { b.removeAttribute('aria-current'); }
    });
    $('counter').textContent = panel.getAttribute('data-label') + ' (' + (walkAt + 1) + ' of ' + walkPanels.length + ')';
  }
  function closeWalk() { $('walkthrough').hidden = true; walkPanels = []; }
  function onPageKey(e) {
    if ($('walkthrough').hidden || e.altKey || e.ctrlKey || e.metaKey) { return; }
    var t = e.target;
    if (t && (t.closest('#grid') || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) { return; }
    if (e.key === 'ArrowRight') { showPanel(walkAt + 1); } else if (e.key === 'ArrowLeft') { showPanel(walkAt - 1); }
    else if (e.key === 'Home') { showPanel(0); } else if (e.key === 'End') { showPanel(walkPanels.length - 1); } else { return; }
    e.preventDefault();
  }

  /* --- start ---------------------------------------------------------------------------- */
  function wire() {
    var grid = $('grid');
    grid.addEventListener('keydown', onGridKey);
    grid.addEventListener('click', function (e) { var c = e.target.closest('.cell'); if (c) { select(parseInt(c.dataset.i, 10)); } });
    document.querySelectorAll('.pad [data-digit]').forEach(function (b) {
      b.addEventListener('click', function () {
        var d = parseInt(b.getAttribute('data-digit'), 10);
        (S.pencil && !S.setup) ? toggleMark(d) : enter(d);
        cells[S.sel].focus();
      });
    });
    $('erase').addEventListener('click', function () { erase(); cells[S.sel].focus(); });
    $('mode').addEventListener('click', function () { setPencil(!S.pencil); });
    $('fill').addEventListener('click', fillAll);
    $('undo').addEventListener('click', undo);
    $('redo').addEventListener('click', redo);
    $('check').addEventListener('click', check);
    $('hint').addEventListener('click', function () { askHint(false); });
    $('apply').addEventListener('click', applyHint);
    $('walk').addEventListener('click', walk);
    $('load').addEventListener('click', loadPasted);
    $('blank').addEventListener('click', blank);
    $('done').addEventListener('click', donePlaying);
    $('generate').addEventListener('click', generate);
    $('share').addEventListener('click', share);
    $('profile').addEventListener('change', function () { S.profile = $('profile').value; save(); clearHint(); });
    $('prev').addEventListener('click', function () { showPanel(walkAt - 1); });
    $('next').addEventListener('click', function () { showPanel(walkAt + 1); });
    $('close-walk').addEventListener('click', function () { closeWalk(); cells[S.sel].focus(); });
    document.addEventListener('keydown', onPageKey);
  }
  function start() {
    build();
    wire();
    var params = new URLSearchParams(location.search);
    var had = load();
    render();
    if (params.get('p')) {
      readText(params.get('p'), { e: params.get('e'), m: params.get('m') })
        .then(function () { say('Opened the puzzle of the link.'); history.replaceState(null, '', '/'); })
        .catch(fail);
    } else if (!had) {
      readText('800000000003600000070090200050007000000045700000100030001000068008500010090000400')
        .then(function () { say('Arto Inkala\'s "world\'s hardest Sudoku". Select a cell and type, or enter your own puzzle.'); })
        .catch(fail);
    } else {
      say(S.setup ? 'Go on typing the clues, then press Enter (or Start playing).' : 'Welcome back: your grid is as you left it.');
    }
  }
  start();
})();

/* games/minesweeper-panel.js: minesweeper's controls under the board
 * (size, flag/dig, odds, the computer's moves, statistics), its params and
 * records (the clock, best times and statistics: see minesweeper.js), and
 * the words of a refusal or a finished game. */
import { el } from '../ui/dom.js';
import { LIMITS, PRESETS, coarsePointer, elapsed } from './minesweeper-common.js';

/** @typedef {import('./minesweeper-common.js').MinesweeperState} MinesweeperState */
/** @typedef {import('./minesweeper-common.js').MinesweeperView} MinesweeperView */
/** @typedef {import('./minesweeper-common.js').Api} Api */

/* ---- settings, params, records */

function customSize(s) {
  const w = clampInt(s.customW, LIMITS.side[0], LIMITS.side[1], 20);
  const h = clampInt(s.customH, LIMITS.side[0], LIMITS.side[1], 12);
  const zero = s.noguess || s.rule === 'zero';
  const m = clampInt(s.customM, 1, maxMines(w, h, zero), 40);
  return { w: w, h: h, m: m };
}

function maxMines(w, h, zero) { return w * h - (zero ? 9 : 1); }

function clampInt(v, lo, hi, fallback) {
  v = typeof v === 'number' && isFinite(v) ? Math.round(v) : fallback;
  return Math.min(hi, Math.max(lo, v));
}

export function params(s) {
  const size = PRESETS[s.preset] ? s.preset : (function () {
    const c = customSize(s);
    return c.w + 'x' + c.h + '/' + c.m;
  })();
  const rule = s.noguess || s.rule === 'zero' ? 'zero' : 'safe';
  return size + ':' + rule + (s.qmarks ? ',qmarks' : '') + (s.noguess ? ',noguess' : '');
}

function statsKey(view) {
  const size = view.preset || view.w + 'x' + view.h + '/' + view.mines;
  return size + ':' + view.rule + (view.noguess ? ',noguess' : '');
}

export const KEY_RE = /^(beginner|intermediate|expert|\d{1,2}x\d{1,2}\/\d{1,4}):(safe|zero)(,noguess)?$/;

function count(v) { return typeof v === 'number' && v >= 0 && v < 1e9 && v % 1 === 0; }

/* The stored statistics, keeping only well-formed entries. */
function readStats(api) {
  return statsOf(api.getExtra('stats'));
}

/* Statistics as stored (anything), keeping only well-formed entries. */
export function statsOf(raw) {
  const out = {};
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return out;
  Object.keys(raw).slice(0, 60).forEach(function (k) {
    const e = raw[k];
    if (!KEY_RE.test(k) || !e || typeof e !== 'object') return;
    if (!count(e.played) || !count(e.won) || !count(e.streak) || !count(e.bestStreak)) return;
    if (e.won > e.played || e.streak > e.won || e.bestStreak > e.won || e.streak > e.bestStreak) return;
    const best = typeof e.best === 'number' && e.best > 0 && e.best < 1e9 && e.won > 0 ? e.best : null;
    out[k] = { played: e.played, won: e.won, streak: e.streak, bestStreak: e.bestStreak, best: best };
  });
  return out;
}

function readGame(api) {
  const g = api.getExtra('game');
  if (!g || typeof g !== 'object' || typeof g.key !== 'string' || g.key.length > 80) return null;
  if (typeof g.ms !== 'number' || !(g.ms >= 0 && g.ms < 1e9)) return null;
  return { key: g.key, ms: g.ms, assisted: g.assisted === true, recorded: g.recorded === true };
}

function record(api, st, view, ms) {
  const stats = readStats(api), key = statsKey(view);
  const e = stats[key] || { played: 0, won: 0, streak: 0, bestStreak: 0, best: null };
  const won = view.status === 'won';
  // A board the first click clears takes no skill to time: no best time.
  const firstClick = won && api.rec.history.length <= 2;
  st.result = { ms: ms, key: key, assisted: st.assisted, newBest: false, prevBest: e.best, firstClick };
  if (!st.assisted) {
    forgetOldSizes(stats, key);
    e.played++;
    if (won) {
      e.won++;
      e.streak++;
      e.bestStreak = Math.max(e.bestStreak, e.streak);
      if (!firstClick && (e.best === null || ms < e.best)) { st.result.newBest = true; e.best = ms; }
    } else {
      e.streak = 0;
    }
    stats[key] = e;
    api.setExtra('stats', stats);
  }
  st.result.stats = e;
}

/* Room for a new custom size: the oldest custom sizes go past 40 entries. */
function forgetOldSizes(stats, key) {
  if (stats[key]) return;
  const custom = Object.keys(stats).filter(function (k) { return /^\d/.test(k); });
  while (Object.keys(stats).length >= 40 && custom.length) delete stats[/** @type {string} */ (custom.shift())];
}

export function seconds(ms) { return (ms / 1000).toFixed(2); }

/* A statistics key's board and rule in words. */
export function keyName(k, t) {
  const m = /** @type {RegExpExecArray} */ (KEY_RE.exec(k));
  return (PRESETS[m[1]] ? t('preset_' + m[1]) : m[1].replace('x', '×')) + ' · ' +
    t(m[3] ? 'ruleNoguess' : 'rule_' + m[2]);
}

/** Follows the game: clock, undo after a loss, results, overlay. @param {Api} api */
export function onRefresh(api) {
  const st = api.state, view = api.view(), pos = api.pos();
  const key = pos.split(' ').slice(0, 2).join(' ');
  const hist = api.rec.history.length, now = Date.now();
  if (st.key !== key) {
    const saved = readGame(api);
    const same = saved && saved.key === key;
    st.key = key;
    st.base = same ? saved.ms : 0;
    st.since = null;
    st.assisted = !!(same && saved.assisted);
    st.recorded = !!(same && saved.recorded);
    st.result = null;
    st.probs.forget();
    st.auto = false;
  } else if (hist < st.hist && st.status === 'lost') {
    st.assisted = true; // an undo after a loss
  }
  st.hist = hist;
  st.pos = pos;
  st.status = view.status;
  const playing = view.status === 'playing';
  if (!view.started) {
    st.base = 0;
    st.since = null;
  } else if (playing && st.since === null) {
    st.since = now;
  } else if (!playing && st.since !== null) {
    st.base += now - st.since;
    st.since = null;
  }
  if (!playing && !st.recorded) {
    st.recorded = true;
    record(api, st, view, st.base);
  }
  if (!playing) st.auto = false;
  api.setExtra('game', { key: key, ms: Math.round(elapsed(st)), assisted: st.assisted,
    recorded: st.recorded });
  if (st.overlay && playing && view.started) askProbs(api, st, pos);
  api.setInfo(infoLine(api, view));
  syncControls(api, st, view);
}

/* The odds of the position in play, asked once (stale or refused: the
 * next refresh asks again). @param {Api} api @param {MinesweeperState} st @param {string} pos */
function askProbs(api, st, pos) {
  if (st.probs.asked(pos)) return;
  st.probs.ask(api, pos, 'analyze', { level: 1, seed: 1 }).then(function (a) {
    if (a) api.invalidate();
  });
}

function sizeName(view, t) {
  if (view.preset) return t('preset_' + view.preset);
  return t('custom');
}

function infoLine(api, view) {
  const t = api.t, stats = readStats(api)[statsKey(view)];
  const parts = [sizeName(view, t) + ' ' + view.w + '×' + view.h + ' · ' + t('minesN', { n: view.mines }),
    t(view.noguess ? 'ruleNoguess' : 'rule_' + view.rule)];
  if (stats && stats.best !== null) parts.push(t('bestIs', { s: seconds(stats.best) }));
  return parts.join(' · ');
}

/* ---- the controls under the board */

/** The size list: the presets, a custom size (in play, or asked for),
 * and Custom… (the dialog). @param {{w: number, h: number, m: number}|null} custom */
function sizeOptions(t, custom) {
  const named = (/** @type {string} */ name, /** @type {{w: number, h: number, m: number}} */ d) =>
    name + ' ' + d.w + '×' + d.h + ' · ' + d.m;
  return ['beginner', 'intermediate', 'expert'].map(function (p) {
    return { value: p, label: named(t('preset_' + p), PRESETS[p]) };
  }).concat(custom ? [{ value: 'current', label: named(t('custom'), custom) }] : [],
    [{ value: 'custom', label: t('customDots') }]);
}

/** The size the list shows: the one asked for while the player is asked,
 * else the one in play. @param {Api} api @param {MinesweeperState} st */
function shownSize(api, st) {
  const s = api.settings(), asked = st.askedSize;
  const now = PRESETS[s.preset] ? { preset: s.preset, ...PRESETS[s.preset] } : { preset: 'custom', ...customSize(s) };
  if (asked && asked.preset === now.preset && asked.w === now.w && asked.h === now.h && asked.m === now.m) {
    st.askedSize = null;
  }
  return st.askedSize || now;
}

/** A new size: in the list at once, played once the player agrees to
 * leave the game in progress (kept: the list shows the size in play).
 * @param {Api} api @param {MinesweeperState} st @param {{preset: string, w: number, h: number, m: number}} size
 * @param {() => void} go */
function askSize(api, st, size, go) {
  st.askedSize = size;
  syncControls(api, st, api.view());
  api.confirmNewGame(go, () => {
    st.askedSize = null;
    syncControls(api, st, api.view());
  });
}

/** @param {HTMLElement} node @param {Api} api */
export function extraControls(node, api) {
  const t = api.t, st = api.state;
  const size = el('select', { 'aria-label': t('size'), onchange: function () {
    const keep = () => syncControls(api, st, api.view());
    if (size.value === 'current') return;
    if (size.value === 'custom') { customDialog(api, st, keep); return; }
    const preset = size.value;
    askSize(api, st, { preset: preset, ...PRESETS[preset] }, () => {
      api.setSetting('preset', preset);
      api.newGame();
    });
  } });
  const flag = el('button', { class: 'ms-flag', 'aria-pressed': 'false', onclick: function () {
    st.flagMode = !st.flagMode;
    syncControls(api, st, api.view());
  } }, [t('flagMode')]);
  const probs = el('button', { class: 'ms-probs', 'aria-pressed': 'false', onclick: function () {
    st.overlay = !st.overlay;
    const view = api.view();
    if (st.overlay && view.status === 'playing' && view.started) askProbs(api, st, api.pos());
    syncControls(api, st, view);
    api.invalidate();
  } }, [t('probs')]);
  const step = el('button', { class: 'ms-step', onclick: function () {
    st.assisted = true;
    api.playAi(api.rec.level);
  } }, [t('aiStep')]);
  const auto = el('button', { class: 'ms-auto', 'aria-pressed': 'false', onclick: function () {
    st.auto = !st.auto;
    if (st.auto) st.assisted = true;
    syncControls(api, st, api.view());
  } }, [t('aiAuto')]);
  const stats = el('button', { class: 'ms-stats', onclick: function () { statsDialog(api); } },
    [t('stats')]);
  st.controls = { size: size, flag: flag, probs: probs, step: step, auto: auto };
  [size, flag, probs, step, auto, stats].forEach(function (n) { node.appendChild(n); });
  let lastAuto = 0;
  // One clock for the timer's digits and the computer's auto-play steps.
  api.interval(function () {
    const view = api.view();
    if (!view || !view.cells) return;
    const sec = Math.floor(elapsed(st) / 1000);
    if (sec !== st.shownSec) { st.shownSec = sec; api.invalidate(); }
    if (st.auto && view.status === 'playing' && !api.busy() && Date.now() - lastAuto > 350) {
      lastAuto = Date.now();
      api.playAi(api.rec.level);
    }
  }, 100);
  syncControls(api, st, api.view());
}


function syncControls(api, st, view) {
  const c = st.controls;
  if (!c || !view || !view.cells) return;
  const s = api.settings(), shown = shownSize(api, st);
  const options = sizeOptions(api.t, shown.preset === 'custom' ? shown : null);
  const list = options.map(function (o) { return o.value + ' ' + o.label; }).join('|');
  // Made again only when it changes: an open list, or one a screen reader reads, stays.
  if (c.size.dataset.list !== list) {
    c.size.dataset.list = list;
    c.size.innerHTML = '';
    for (const o of options) c.size.appendChild(el('option', { value: o.value }, [o.label]));
  }
  c.size.value = shown.preset === 'custom' ? 'current' : shown.preset;
  const showFlag = s.flagToggle === 'on' || s.flagToggle === 'auto' && coarsePointer();
  c.flag.hidden = !showFlag;
  if (!showFlag) st.flagMode = false;
  c.flag.setAttribute('aria-pressed', String(st.flagMode));
  c.flag.textContent = api.t(st.flagMode ? 'flagModeOn' : 'flagMode');
  c.probs.setAttribute('aria-pressed', String(st.overlay));
  c.auto.setAttribute('aria-pressed', String(st.auto));
  const playing = view.status === 'playing';
  c.step.disabled = !playing;
  c.auto.disabled = !playing && !st.auto;
}

/* Custom size: columns, rows and mines within the documented limits. */
function customDialog(api, st, after) {
  const t = api.t, s = api.settings(), cur = customSize(s);
  function field(key, label, value, max) {
    const input = el('input', { type: 'number', id: 'ms-' + key, min: 1, max: max, step: 1,
      value: value, inputmode: 'numeric' });
    return { input: input, nodes: [el('label', { for: 'ms-' + key, text: label }), input] };
  }
  const fw = field('w', t('columns'), cur.w, LIMITS.side[1]);
  const fh = field('h', t('rows'), cur.h, LIMITS.side[1]);
  const fm = field('m', t('minesLabel'), cur.m, 4095);
  const note = el('p', { class: 'ms-note note' });
  function values() {
    const w = Number(fw.input.value), h = Number(fh.input.value), m = Number(fm.input.value);
    const zero = s.noguess || s.rule === 'zero';
    const bad = [w, h, m].some(function (v) { return !isFinite(v) || v % 1 !== 0; }) ||
      w < LIMITS.side[0] || w > LIMITS.side[1] || h < LIMITS.side[0] || h > LIMITS.side[1];
    const max = bad ? 0 : maxMines(w, h, zero);
    note.textContent = bad ? t('customSides', { lo: LIMITS.side[0], hi: LIMITS.side[1] }) :
      t('customMines', { max: max });
    return bad || m < 1 || m > max ? null : { w: w, h: h, m: m };
  }
  [fw, fh, fm].forEach(function (f) { f.input.addEventListener('input', values); });
  values();
  const dlg = api.dialog({
    title: t('customTitle'),
    body: el('div', {}, [el('div', { class: 'form' }, fw.nodes.concat(fh.nodes, fm.nodes)), note]),
    buttons: [
      { label: t('cancel'), onclick: after },
      // A value out of range keeps the dialog open, its range in red.
      { label: t('ok'), primary: true, check: () => { note.classList.toggle('bad', !values()); return !!values(); },
        onclick: function () {
          const v = /** @type {{w: number, h: number, m: number}} */ (values());
          askSize(api, st, { preset: 'custom', ...v }, () => {
            api.setSetting('customW', v.w);
            api.setSetting('customH', v.h);
            api.setSetting('customM', v.m);
            api.setSetting('preset', 'custom');
            api.newGame();
          });
        } }
    ]
  });
  return dlg;
}

function statsDialog(api) {
  const t = api.t, stats = readStats(api), keys = Object.keys(stats).sort();
  const rows = keys.map(function (k) {
    const e = stats[k];
    return el('tr', {}, [el('th', { text: keyName(k, t) }),
      el('td', { text: e.won + '/' + e.played }),
      el('td', { text: e.played ? Math.round(100 * e.won / e.played) + '%' : '–' }),
      el('td', { text: e.best !== null ? seconds(e.best) + ' s' : '–' }),
      el('td', { text: e.streak + ' / ' + e.bestStreak })]);
  });
  const body = keys.length ? el('table', { class: 'ms-stats-table', style:
    'border-collapse:collapse;margin:6px auto;font-size:14px;text-align:right' }, [
    el('tr', {}, [t('stSize'), t('stWon'), t('stRate'), t('stBest'), t('stStreak')].map(function (h) {
      return el('th', { text: h, style: 'padding:2px 8px' });
    }))].concat(rows)) : el('p', { text: t('noStats') });
  Array.prototype.forEach.call(body.querySelectorAll ? body.querySelectorAll('td,th') : [], function (n) {
    n.style.padding = '2px 8px';
  });
  api.dialog({ title: t('stats'), body: el('div', {}, [body, el('p', { text: t('statsNote') })]),
    buttons: [{ label: t('close'), primary: true }] });
}

/* The finished game's card: always the time and whether the game counts
 * (a game reloaded after it ended knows no more than that). */
/** @param {Api} api */
export function resultBody(api) {
  const st = api.state, r = st.result, t = api.t;
  const lines = [t('yourTime', { s: seconds(r ? r.ms : elapsed(st)) })];
  if (r && r.firstClick) lines.push(t('firstClickWin'));
  else if (r && api.view().status === 'won') {
    if (!r.assisted && r.newBest) lines.push(t('newBest'));
    else if (r.stats && r.stats.best !== null) lines.push(t('bestIs', { s: seconds(r.stats.best) }));
  }
  if (r ? r.assisted : st.assisted) lines.push(t('assisted'));
  else lines.push(t('counted'));
  if (r && !r.assisted && r.stats) {
    lines.push(t('record', { won: r.stats.won, played: r.stats.played,
      rate: Math.round(100 * r.stats.won / r.stats.played), streak: r.stats.streak }));
  }
  return el('div', { class: 'ms-result' }, lines.map(function (l) { return el('p', { text: l }); }));
}

/* An engine refusal: the no-guess generator may find no board for this
 * first click; say so and offer another seed with the same click. The
 * engine's words may come after the move they refuse ("bad minesweeper
 * move 'o 8,8': no no-guess board..."). */
/** @param {string} message @param {import('../i18n.js').Translate} t @param {Api} api */
export function refusal(message, t, api) {
  if (!/(^|: )no no-guess board/.test(message)) return message;
  const pos = api.pos(), view = api.view();
  setTimeout(function () {
    if (api.pos() !== pos) return;
    api.dialog({
      title: t('noguessFailTitle'), text: t('noguessFail', { n: view.mines }),
      buttons: [{ label: t('cancel') }, { label: t('newSeed'), primary: true, onclick: function () {
        const first = api.state.lastOpen;
        api.newGame();
        if (first) api.play(first);
      } }]
    });
  }, 0);
  return t('noguessFailTitle');
}

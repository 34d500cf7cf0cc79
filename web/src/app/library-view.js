/* app/library-view.js: My games on screen, a card over the whole page:
 * the list of finished games, newest first, filtered by game and by
 * result, read a page at a time (quick with 10,000 games); each game a
 * named row whose actions are buttons (replay or open, review, another
 * program's file); the figures; export and import; delete all, asked
 * first. Everything goes through the library's store (library-store.js)
 * and says in words what went wrong. */
import { engine } from '../engine/load.js';
import { CATALOG, GAME_NAMES } from '../games/catalog.js';
import { translator } from '../i18n.js';
import { dialog } from '../ui/dialog.js';
import { el } from '../ui/dom.js';
import { ImportError, exportText, figures, readImport } from './library-entry.js';
import { LIBRARY_CSS } from './library-texts.js';
import { reason } from './links.js';
import { gameModules } from './registry.js';

/** @typedef {import('./library.js').GameLibrary} GameLibrary */
/** @typedef {import('./library-entry.js').LibraryEntry} LibraryEntry */
/** @typedef {import('./library-entry.js').FigureRow} FigureRow */
/** @typedef {import('../ui/dialog.js').DialogHandle} DialogHandle */
/** @typedef {import('../i18n.js').Translate} Translate */

const PAGE = 50;

/** A game's own words (its module's texts, then the shell's). @param {string} id @param {'zh'|'en'} lang */
const gameWords = (id, lang) => translator(lang, gameModules[id] && gameModules[id].texts);

/** How long a game took, as a player reads it. @param {number} ms @param {Translate} t */
function duration(ms, t) {
  if (ms < 60000) return t('libSeconds', { s: (ms / 1000).toFixed(ms < 10000 ? 1 : 0) });
  const s = Math.round(ms / 1000), pad = (/** @type {number} */ n) => String(n).padStart(2, '0');
  return s >= 3600 ? Math.floor(s / 3600) + ':' + pad(Math.floor(s / 60) % 60) + ':' + pad(s % 60) :
    Math.floor(s / 60) + ':' + pad(s % 60);
}

/** A level's name (入门 … 大师) of a game. @param {string} id @param {number} level @param {'zh'|'en'} lang */
function levelName(id, level, lang) {
  const names = gameModules[id] && gameModules[id].levelNames;
  const name = names && names[lang] && names[lang][level - 1];
  return name ? name + ' (' + level + ')' : gameWords(id, lang)('levelN', { n: level });
}

/** The words of an entry: its result, how it was played, when, its moves and time.
 * @param {LibraryEntry} e @param {Translate} t @param {'zh'|'en'} lang @param {Intl.DateTimeFormat} when */
export function entryWords(e, t, lang, when) {
  const mod = gameModules[e.game], tg = gameWords(e.game, lang);
  const result = e.result === 'win' ? t('libYouWon') : e.result === 'loss' ? t('libYouLost') :
    e.result === 'draw' ? t('libDraw') :
      t('libSideWon', { side: mod && mod.sideName ? mod.sideName(e.winner, tg, null, {}) : e.winner });
  const detail = mod && mod.library && mod.library.detail ? mod.library.detail(e, tg) : '';
  const how = e.mode === 'ai' ? t('libVsAi', { level: levelName(e.game, e.level, lang) }) :
    e.mode === 'pvp' ? t('libTwoPlayers') : detail || t('libSolo');
  const meta = [when.format(e.date), e.mode === 'solo' ? '' : detail, how, t('libMoves', { n: e.plies }),
    e.ms !== null ? t('libTime', { t: duration(e.ms, t) }) : ''].filter((s) => s);
  return { name: (GAME_NAMES[e.game] ? GAME_NAMES[e.game][lang] : e.game), result, meta: meta.join(' · ') };
}

/** Saves a text as a file the browser downloads. @param {HTMLElement} near @param {string} name @param {string} text */
function download(near, name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = el('a', { href: url, download: name, hidden: true });
  near.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30000);
}

/** Today as a file name's part, 2025-05-03. */
const today = () => new Date().toISOString().slice(0, 10);

/** The card. @param {GameLibrary} lib @returns {DialogHandle} */
export function openLibraryCard(lib) {
  const app = lib.app, lang = app.lang, t = lib.t.bind(lib), store = lib.store;
  if (!app.root.querySelector('style.qp-lib')) app.root.appendChild(el('style', { class: 'qp-lib', text: LIBRARY_CSS }));
  const when = new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });
  const filter = { game: '', tag: '' };
  let shownCount = 0, token = 0, rowSeq = 0;

  const problem = el('p', { class: 'lib-problem', role: 'alert', text: lib.problem });
  const gameSelect = /** @type {HTMLSelectElement} */ (el('select', { class: 'lib-game' },
    [el('option', { value: '' }, [t('libAllGames')]),
      ...CATALOG.filter((id) => app.games.includes(id)).map((id) => el('option', { value: id }, [GAME_NAMES[id][lang]]))]));
  const tagSelect = /** @type {HTMLSelectElement} */ (el('select', { class: 'lib-tag' }, [['', 'libAllResults'],
    ['win', 'libWon'], ['loss', 'libLost'], ['draw', 'libDrawn'], ['pvp', 'libPvp']].map(([v, k]) =>
    el('option', { value: v }, [t(k)]))));
  const count = el('p', { class: 'lib-count', 'aria-live': 'polite', text: t('libLoading') });
  const damaged = el('p', { class: 'lib-note lib-damaged' });
  const list = el('ol', { class: 'lib-list', 'aria-label': t('libList') });
  const more = /** @type {HTMLButtonElement} */ (el('button', { class: 'lib-more', hidden: true, onclick: () => load(false) }));
  const status = el('p', { class: 'lib-note lib-status', role: 'status' });
  const figuresBox = el('div', { class: 'lib-figures', hidden: true });
  const exportBox = el('div', { class: 'lib-export', hidden: true });
  const fileInput = /** @type {HTMLInputElement} */ (el('input', { type: 'file', multiple: true, hidden: true,
    accept: '.txt,.psq,text/plain', 'aria-hidden': 'true', tabindex: '-1' }));
  const figuresButton = el('button', { class: 'lib-figures-button', 'aria-expanded': 'false', onclick: () => toggleFigures() },
    [t('libFigures')]);
  const exportButton = el('button', { class: 'lib-export-button', 'aria-expanded': 'false', onclick: () => toggleExport() },
    [t('libExport')]);
  const importButton = el('button', { class: 'lib-import', onclick: () => fileInput.click() }, [t('libImport')]);
  const deleteButton = el('button', { class: 'lib-delete', onclick: () => askDelete() }, [t('libDeleteAll')]);
  // The tools first: with many games the list is long.
  const body = el('div', { class: 'lib-body' }, [
    problem,
    el('div', { class: 'lib-head' }, [
      el('div', { class: 'lib-filters' }, [el('label', {}, [t('libGame'), gameSelect]),
        el('label', {}, [t('libResult'), tagSelect])]),
      el('div', { class: 'lib-tools' }, [figuresButton, exportButton, importButton, deleteButton, fileInput])]),
    status, figuresBox, exportBox, count, damaged, list, more,
  ]);
  const handle = dialog(app.node, { title: t('libTitle'), body, full: true, focus: false,
    buttons: [{ label: t('close'), primary: true }] });
  handle.node.classList.add('lib-overlay');
  /** @type {HTMLElement} */ (handle.node.firstElementChild).classList.add('lib');
  setTimeout(() => gameSelect.focus({ preventScroll: true }), 0);

  /** A store's failure, said at the top. @param {any} err */
  const failed = (err) => { problem.textContent = lib.trouble(err); };

  /** A row of the list: the game named, its actions buttons. @param {LibraryEntry} e */
  const row = (e) => {
    const words = entryWords(e, t, lang, when), id = 'lib-r' + ++rowSeq, mod = gameModules[e.game];
    const what = el('p', { class: 'lib-what', id: id + 'a' }, [words.name + ' · ', el('span', { class: e.result }, [words.result])]);
    const meta = el('p', { class: 'lib-meta', id: id + 'b', text: words.meta });
    const button = (/** @type {string} */ label, /** @type {() => void} */ act, /** @type {string} */ cls) =>
      el('button', { class: cls, 'aria-describedby': id + 'a ' + id + 'b', onclick: act }, [label]);
    const info = engine.info(e.game), way = mod && mod.review;
    const reviewable = !!way && e.plies > 0 && (way.kind === 'loss' ? e.result === 'loss' : info.players === 2);
    const file = mod && mod.library && mod.library.file;
    return el('li', { class: 'lib-row', 'data-id': e.id, 'aria-labelledby': id + 'a ' + id + 'b' }, [what, meta,
      el('div', { class: 'lib-acts' }, [
        button(t(info.players === 2 ? 'libReplay' : 'libOpen'), () => lib.openEntry(e, 'replay'), 'lib-replay'),
        reviewable ? button(t('libReview'), () => lib.openEntry(e, 'review'), 'lib-review') : null,
        file ? button(file.label[lang], () => saveFile(e), 'lib-file') : null,
      ])]);
  };

  /** Another program's file of one game (a .psq). @param {LibraryEntry} e */
  const saveFile = (e) => {
    const way = gameModules[e.game].library, file = way && way.file;
    let text = null;
    try {
      text = file ? file.write(engine.open(e.record)) : null;
    } catch { /* said below */ }
    if (!file || text === null) {
      status.textContent = t('libFileFailed');
      return;
    }
    const name = 'qipan-' + e.game + '-' + new Date(e.date).toISOString().slice(0, 19).replace(/[:T]/g, '-') + '.' + file.ext;
    download(body, name, text);
    status.textContent = t('libFileSaved', { file: name });
  };

  /** The list again from its first page (reset), or its next page. @param {boolean} reset */
  const load = async (reset) => {
    const mine = ++token;
    if (reset) {
      shownCount = 0;
      count.textContent = t('libLoading');
    }
    try {
      const [counts, page] = await Promise.all([store.count(filter), store.page(filter, shownCount, PAGE)]);
      if (mine !== token || handle.closed) return;
      if (reset) list.textContent = '';
      list.append(...page.entries.map(row));
      shownCount += page.entries.length + page.damaged;
      const hidden = counts.unlisted + page.damaged;
      damaged.textContent = hidden ? t('libDamaged', { n: hidden }) : '';
      count.textContent = !counts.all ? t('libNone') : !counts.shown ? t('libNoneHere') :
        filter.game || filter.tag ? t('libCountOf', { n: counts.shown, all: counts.all }) : t('libCount', { n: counts.shown });
      const left = counts.shown - shownCount;
      more.hidden = left <= 0;
      more.textContent = t('libMore', { n: Math.min(PAGE, Math.max(0, left)) });
      if (reset && typeof performance !== 'undefined') performance.mark('qipan-library-listed');
    } catch (err) {
      if (mine === token) {
        count.textContent = '';
        failed(err);
      }
    }
  };

  gameSelect.addEventListener('change', () => { filter.game = gameSelect.value; load(true); });
  tagSelect.addEventListener('change', () => { filter.tag = tagSelect.value; load(true); });

  /** The figures: per game and level, from every game kept and what was carried. */
  const toggleFigures = async () => {
    const open = figuresBox.hidden;
    figuresBox.hidden = !open;
    figuresButton.setAttribute('aria-expanded', String(open));
    figuresButton.textContent = t(open ? 'libFiguresHide' : 'libFigures');
    if (!open) return;
    figuresBox.textContent = t('libLoading');
    try {
      const [all, carried] = await Promise.all([store.all({ game: '', tag: '' }), store.carriedFigures()]);
      figuresBox.textContent = '';
      figuresBox.append(...figureTables(all.entries, carried, lang, t));
      if (!figuresBox.childNodes.length) figuresBox.textContent = t('libNoFigures');
    } catch (err) {
      figuresBox.textContent = '';
      failed(err);
    }
  };

  /** Export: which games, in which form, saved as a file. */
  const toggleExport = async () => {
    const open = exportBox.hidden;
    exportBox.hidden = !open;
    exportButton.setAttribute('aria-expanded', String(open));
    if (!open) return;
    let counts = { all: 0, shown: 0 };
    try {
      counts = await store.count(filter);
    } catch (err) {
      failed(err);
    }
    const which = /** @type {HTMLSelectElement} */ (el('select', { class: 'lib-which' }, [
      el('option', { value: 'all' }, [t('libExportAll', { n: counts.all })]),
      el('option', { value: 'shown' }, [t('libExportShown', { n: counts.shown })])]));
    const kinds = [{ value: '', label: t('libExportRecords') }, ...Object.values(gameModules)
      .filter((m) => m.library && m.library.lines).map((m) => ({ value: m.id,
        label: /** @type {any} */ (m.library).lines.label[lang] }))];
    const format = /** @type {HTMLSelectElement} */ (el('select', { class: 'lib-format' },
      kinds.map((k) => el('option', { value: k.value }, [k.label]))));
    exportBox.textContent = '';
    exportBox.append(el('label', {}, [t('libExportWhich'), which]), el('label', {}, [t('libExportFormat'), format]),
      el('button', { class: 'lib-save', onclick: () => save(which.value === 'all', format.value) }, [t('libExportSave')]));
  };

  /** @param {boolean} everything @param {string} lines a module whose lines, '' for records */
  const save = async (everything, lines) => {
    try {
      const got = await store.all(everything ? { game: '', tag: '' } : filter);
      let text, n = got.entries.length;
      if (lines) {
        const way = /** @type {any} */ (gameModules[lines].library).lines;
        const out = got.entries.filter((e) => e.game === lines).map((e) => way.line(engine.open(e.record)))
          .filter((l) => l);
        n = out.length;
        text = out.join('\n') + (out.length ? '\n' : '');
      } else {
        text = exportText(got.entries);
      }
      if (!n) {
        status.textContent = t('libExportNone');
        return;
      }
      const name = 'qipan-' + (lines ? lines + '-' : '') + 'games-' + today() + '.txt';
      download(body, name, text);
      status.textContent = t('libExported', { n, file: name });
    } catch (err) {
      failed(err);
    }
  };

  /** Import: every chosen file read and checked first; then all their games, or none. */
  fileInput.addEventListener('change', async () => {
    const files = Array.from(fileInput.files || []);
    fileInput.value = '';
    if (!files.length) return;
    const ctx = { engine, modules: gameModules, games: app.games };
    const pause = (/** @type {number} */ n, /** @type {number} */ total) => {
      status.textContent = t('libImporting', { n, total });
      return new Promise((resolve) => setTimeout(resolve, 0));
    };
    /** @type {LibraryEntry[]} */
    const entries = [];
    for (const file of files) {
      try {
        if (file.size > 32 << 20) throw new ImportError('importTooBig');
        const text = await file.text();
        // NUL or undecodable bytes: not a text of games.
        if (text.slice(0, 65536).includes('\uFFFD') || text.includes(String.fromCharCode(0))) {
          throw new ImportError('importNotText');
        }
        entries.push(...await readImport(text, ctx, Date.now(), pause));
      } catch (err) {
        const e = /** @type {any} */ (err);
        const why = e instanceof ImportError ? t(e.key, { line: e.line, why: e.why ? reason(app, e.why) : '' }) :
          (e && e.message) || String(e);
        status.textContent = t('libImportFailed', { file: file.name, why });
        return;
      }
    }
    try {
      const counts = await store.importAll(entries);
      status.textContent = t('libImported', counts);
      load(true);
    } catch (err) {
      status.textContent = '';
      failed(err);
    }
  });

  /** Delete all: asked first, over the list. */
  const askDelete = async () => {
    let n = 0;
    try {
      n = (await store.count({ game: '', tag: '' })).all;
    } catch (err) {
      failed(err);
      return;
    }
    dialog(handle.node, { title: t('libDeleteTitle'), text: t('libDeleteText', { n }), focus: true,
      buttons: [{ label: t('libDeleteKeep'), primary: true },
        { label: t('libDeleteYes'), onclick: async () => {
          try {
            await store.clear();
            status.textContent = t('libDeleted');
            figuresBox.hidden = true;
            figuresButton.setAttribute('aria-expanded', 'false');
            figuresButton.textContent = t('libFigures');
            load(true);
          } catch (err) {
            failed(err);
          }
        } }] });
  };

  load(true);
  return handle;
}

/** The figures' tables, a game each: its games per level (won, lost, drawn, the current
 * streak), or its module's own (minesweeper: per size).
 * @param {LibraryEntry[]} entries @param {Record<string, any>} carried @param {'zh'|'en'} lang
 * @param {Translate} t @returns {HTMLElement[]} */
function figureTables(entries, carried, lang, t) {
  const byGame = figures(entries);
  /** @param {string} id @param {string[]} head @param {string[][]} rows */
  const table = (id, head, rows) => el('table', { class: 'lib-fig', 'data-game': id }, [
    el('caption', { text: GAME_NAMES[id][lang] }),
    el('thead', {}, [el('tr', {}, head.map((h) => el('th', { scope: 'col', text: h })))]),
    el('tbody', {}, rows.map((r) => el('tr', {}, r.map((c, i) => el(i ? 'td' : 'th', i ? { text: c } : { scope: 'row', text: c }))))),
  ]);
  const out = [];
  for (const id of CATALOG) {
    const mod = gameModules[id], way = mod && mod.library, mine = entries.filter((e) => e.game === id);
    if (way && way.figures) {
      if (!mine.length && !(carried[id] && Object.keys(carried[id]).length)) continue;
      const own = way.figures(mine, carried[id] || null, gameWords(id, lang));
      if (own.rows.length) out.push(table(id, own.head, own.rows));
      continue;
    }
    const rows = byGame[id];
    if (!rows) continue;
    const streak = (/** @type {FigureRow} */ r) => (r.streak > 0 ? t('libStreakWins', { n: r.streak }) :
      r.streak < 0 ? t('libStreakLosses', { n: -r.streak }) : '–');
    out.push(table(id, [t('libFigLevel'), t('libFigGames'), t('libFigWins'), t('libFigLosses'), t('libFigDraws'),
      t('libFigStreak')], rows.map((r) => [
      r.mode === 'ai' ? levelName(id, r.level, lang) : r.mode === 'pvp' ? t('libTwoPlayers') : t('libSolo'),
      String(r.games), r.mode === 'pvp' ? '–' : String(r.wins), r.mode === 'pvp' ? '–' : String(r.losses),
      String(r.draws), r.mode === 'pvp' ? '–' : streak(r)])));
  }
  return out;
}

/* app/library.js: My games (我的对局), the library of every game finished
 * on this page. It keeps a game the moment it ends (once: a reload or a
 * look at the finished board keeps nothing again; an undo and another
 * end replace it), in IndexedDB (library-store.js), opened only then or
 * when the list is shown (library-view.js). The figures a game module
 * kept before the library (minesweeper's statistics) are carried in with
 * the database. What goes wrong is said in words, and never costs the
 * game on the board (localStorage keeps it) nor the games kept. An
 * embedded game has it only when its host asks (MountOptions.library). */
import { CATALOG } from '../games/catalog.js';
import { translator } from '../i18n.js';
import { entryOfPlay, hashText } from './library-entry.js';
import { LibraryStore } from './library-store.js';
import { LIBRARY_TEXTS } from './library-texts.js';
import { openLibraryCard } from './library-view.js';
import { openShared, refuse } from './links.js';
import { gameModules } from './registry.js';
import { recordText } from './share.js';

/** @typedef {import('./app.js').App} App */
/** @typedef {import('./library-entry.js').LibraryEntry} LibraryEntry */
/** @typedef {import('../ui/dialog.js').DialogHandle} DialogHandle */

/** What each module kept before the library, as its `carry` reads it from the stored record.
 * @param {import('../storage.js').Store} store */
function carriedNow(store) {
  /** @type {Record<string, any>} */
  const out = {};
  for (const [id, mod] of Object.entries(gameModules)) {
    const extra = store.game(id).extra;
    if (!mod.library || !mod.library.carry || !extra || typeof extra !== 'object') continue;
    const carried = mod.library.carry(extra);
    if (carried) out[id] = carried;
  }
  return out;
}

export class GameLibrary {
  /** @param {App} app */
  constructor(app) {
    this.app = app;
    // Taken now, before a game of this visit can add to them: the database, made later,
    // starts from these (library-store.js).
    const carried = carriedNow(app.store);
    this.store = new LibraryStore(app.store.key + ':games', CATALOG, () => carried);
    /** @type {string|null} the end being kept now */
    this.keeping = null;
    /** @type {string|null} an end that could not be kept (not tried again in this visit) */
    this.failed = null;
    /** @type {string} the last trouble, in words, shown at the top of the list */
    this.problem = '';
    /** @type {DialogHandle|null} */
    this.card = null;
  }

  /** My games' words (and the shell's). @param {string} key @param {Record<string, string|number>} [vars] */
  t(key, vars) {
    return translator(this.app.lang, LIBRARY_TEXTS)(key, vars);
  }

  /** Keeps the game shown if it has just ended here (App.refresh asks after every change). */
  keep() {
    const app = this.app, game = app.game, rec = game.rec;
    if (!rec || !rec.born || !rec.started || !game.isOver() || game.replay !== null || game.readonly || app.puzzle) {
      return;
    }
    let record;
    try {
      record = recordText(app);
    } catch {
      return; // a game the engine cannot write (none today) is not kept
    }
    const way = game.mod.library || {}, two = game.info.players === 2;
    const entry = entryOfPlay({
      id: game.gameId, record, status: game.status, plies: game.ply(), mode: rec.mode, level: rec.level,
      side: two && rec.mode === 'ai' ? game.humanSide() : '', solo: !two, born: rec.born, start: rec.history[0],
    }, way.facts ? way.facts(app.api) : {}, Date.now());
    const mark = entry.id + ':' + hashText(record);
    if (rec.kept === mark || this.keeping === mark || this.failed === mark) return;
    this.keeping = mark;
    const id = game.gameId, born = rec.born;
    this.store.keep(entry).then(() => {
      // Marked on the record it was kept from (not on a new game begun meanwhile).
      if (game.gameId === id && game.rec.born === born) {
        app.saved.change({ kept: mark });
        app.saved.save();
      }
    }, (/** @type {any} */ err) => {
      this.failed = mark;
      this.trouble(err, 'libKeptFailed');
    }).finally(() => {
      if (this.keeping === mark) this.keeping = null;
    });
  }

  /** Says what went wrong, on the page and to a screen reader, and keeps it for the list.
   * @param {any} err a LibraryError, or anything @param {string} [otherwise] the words for the rest */
  trouble(err, otherwise) {
    const kind = err && err.kind;
    const words = kind === 'full' ? this.t('libFull') : kind === 'blocked' ? this.t('libBlocked') :
      kind === 'unavailable' ? this.t('libUnavailable') :
        this.t(otherwise || 'libFailed', { why: (err && err.message) || String(err) });
    this.problem = words;
    const shell = this.app.shell;
    if (shell) {
      shell.toast(words, 8000);
      shell.say(words);
    }
    return words;
  }

  /** Shows My games over the page. */
  open() {
    if (this.card && !this.card.closed) return;
    this.card = openLibraryCard(this);
  }

  /** Opens a game of the library as a link opens it, at its start to replay it or in its
   * review (asking first if a game is in progress). @param {LibraryEntry} entry
   * @param {'replay'|'review'} how */
  openEntry(entry, how) {
    const app = this.app;
    if (this.card) this.card.close();
    const why = openShared(app, entry.record, {
      ask: true,
      said: (opened) => this.t('libOpened', { n: opened.actions.length }),
      then: () => {
        if (how === 'review') app.review.start();
        else if (app.moves) app.viewPly(0);
      },
    });
    if (why) refuse(app, why);
  }

  close() {
    if (this.card) this.card.close();
    this.store.close();
  }
}

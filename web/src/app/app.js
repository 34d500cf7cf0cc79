/* app/app.js: the game manager. One App per mounted element, inside a
 * shadow root: it brings together the game shown (the position, whose
 * turn, a move played and its animation, undo) and the parts that keep
 * their own state: saved-game.js the record in storage (every POS, so undo
 * is just going back), ai-turn.js the computer's worker and thinking,
 * result.js the finished game's card, notation.js the moves as the game
 * writes them; around the board shell.js builds the shell, settings.js is
 * ⚙, input.js turns presses and keys into moves, travel.js shares, opens
 * and replays games, module-api.js is what a game module may use. Every
 * rule question goes to the engine; the game module only draws the
 * engine's description and turns a press on the board into an action. */
import { engine, loadEngine } from '../engine/load.js';
import { TEXTS, detectLang, translator } from '../i18n.js';
import { Store } from '../storage.js';
import { el } from '../ui/dom.js';
import { dialog } from '../ui/dialog.js';
import { ease, palette, prefersContrast, reducedMotion } from '../ui/draw.js';
import { CSS } from '../ui/style.js';
import { A11Y_CSS } from '../ui/style-a11y.js';
import { AiTurn } from './ai-turn.js';
import { moveAnnouncement, readPosition } from './announce.js';
import { onKey, onPoint, press } from './input.js';
import { moduleApi } from './module-api.js';
import { MoveNotation } from './notation.js';
import { CATALOG } from '../games/catalog.js';
import { gameModules } from './registry.js';
import { ResultCard } from './result.js';
import { GameReview } from './review.js';
import { SavedGame, randomSeed } from './saved-game.js';
import { openSettings } from './settings.js';
import { buildShell, selectGameInShell, updateStatus } from './shell.js';
import { buildMoveList, movesOf, openGiven, openPos, openShareCard, stepReplay, updateMoveList } from './travel.js';

/** @typedef {import('./registry.js').GameModule} GameModule */
/** @typedef {import('../engine/api.js').GameInfo} GameInfo */
/** @typedef {import('../ui/dialog.js').DialogHandle} DialogHandle */
/** @typedef {import('../i18n.js').Lang} Lang */

/**
 * Options of Qipan.mount (README, "Embedding").
 * @typedef {object} MountOptions
 * @property {string} [game] the game to open (default: the last one played, or the first)
 * @property {'ai'|'pvp'|'puzzle'} [mode] against the computer, two players on one device, or a
 *   puzzle: find the move from `pos` against the computer's best (a restart goes back to `pos`)
 * @property {number|string} [level] the computer's level
 * @property {Lang} [lang] 'zh' or 'en' (default: the browser's preference)
 * @property {'human'|'ai'} [first] who moves first
 * @property {boolean} [page] the full page (web/index.html), not an embedded game
 * @property {boolean} [picker] show the game picker (default: when no game is given)
 * @property {string} [storageKey] the localStorage key
 * @property {number|string} [aiTimeoutMs] how long the computer may think before its worker is replaced
 * @property {string} [palette] 'normal' or 'cb' (colour-blind safe)
 * @property {string} [pos] open at this position (a POS string), not at the saved game
 * @property {string} [params] a new game's params (e.g. '19x19 renju'), not the settings'
 * @property {string} [link] open this shared game: a link, its fragment, or a record
 * @property {boolean} [readonly] show the position only: no moves, no controls (a diagram)
 * @property {string} [shareBase] the address a Share link starts with (default: this page's)
 */

/** @typedef {import('./saved-game.js').GameRecord} GameRecord */

export class App {
  /** @param {HTMLElement} host @param {MountOptions} [options] */
  constructor(host, options) {
    this.host = host;
    this.opts = options || {};
    this.page = !!this.opts.page;
    // A diagram (readonly) or a puzzle shows its position, never a saved game.
    this.readonly = !!this.opts.readonly;
    this.puzzle = this.opts.mode === 'puzzle';
    /** @type {number|null} the ply shown while replaying; null: the game's last */
    this.replay = null;
    /** @type {(() => void)|null} follows the page's #fragment */
    this.onHash = null;
    this.store = new Store(this.opts.storageKey ||
      (this.page ? 'qipan' : 'qipan:embed:' + (this.opts.game || 'any')));
    this.saved = new SavedGame(this.store, engine, this.opts,
      { page: this.page, puzzle: this.puzzle, fixedStart: !!(this.opts.pos || this.opts.link) });
    this.ai = new AiTurn(this, Number(this.opts.aiTimeoutMs) || 20000);
    this.result = new ResultCard(this);
    this.review = new GameReview(this);
    this.notation = new MoveNotation(engine);
    /** @type {{hover: string|null, cursor: string|null, hint: string|null, hintInfo?: any,
     *   selected: any, anim: any}} */
    this.ui = { hover: null, cursor: null, hint: null, selected: null, anim: null };
    /** @type {ReturnType<typeof setTimeout>[]} */
    this.timers = [];
    /** @type {ReturnType<typeof setInterval>[]} a game module's clocks, stopped when the game changes */
    this.intervals = [];
    /** @type {Record<string, ((detail: any) => void)[]>} */
    this.listeners = {};
    this.destroyed = false;
    /** @type {string[]} what the screen reader is told in this moment (announce) */
    this.saying = [];
    /** @type {Lang} */
    this.lang = this.opts.lang || this.store.get('lang') || detectLang(navigator);
    this.palette = this.opts.palette || this.store.get('palette') || 'normal';
    /** @type {string} */
    this.gameId = '';
    /** @type {GameModule} */
    this.mod = /** @type {any} */ (null);
    /** @type {any} the module's own state for the game in play (GameModule.createState) */
    this.modState = null;
    /** @type {GameInfo} */
    this.info = /** @type {any} */ (null);
    /** @type {any} engine.describe() of the position shown */
    this.view = null;
    this.status = '';
    /** @type {string[]} */
    this.legal = [];
    /** @type {DialogHandle|null} a game's start screen */
    this.startCard = null;
    /** @type {DialogHandle|null} */
    this.settingsDialog = null;
    /** @type {DialogHandle[]} */
    this.moduleDialogs = [];
    this.root = host.shadowRoot || host.attachShadow({ mode: 'open' });
    this.shell = el('div', { class: 'qp' + (this.page ? ' page' : ''), lang: this.lang });
    /** @type {{destroy: () => void}|null} the page's first frame (first-frame.js), shown until this shell is */
    this.firstFrame = /** @type {any} */ (host).__qipanFirstFrame || null;
    if (!this.firstFrame) this.attachShell();
    // Whether the user has touched this game yet (then dialogs take focus).
    this.engaged = this.page;
    this.shell.addEventListener('pointerdown', () => { this.engaged = true; });
    this.shell.addEventListener('keydown', () => { this.engaged = true; });
    this.shell.appendChild(el('div', { class: 'status', text: TEXTS[this.lang].engineLoading }));
    /** The shell's parts, set by buildShell. @type {import('./shell.js').ShellParts} */
    this.parts = /** @type {any} */ (null);
  }

  /** @param {string} key @param {Record<string, string|number>} [vars] */
  t(key, vars) {
    return translator(this.lang, this.mod && this.mod.texts)(key, vars);
  }

  /** The catalogue's games that this build and page both have. */
  available() {
    const built = engine.list();
    return CATALOG.filter((id) => gameModules[id] && built.includes(id));
  }

  start() {
    return loadEngine().then(() => {
      if (this.destroyed) return;
      const games = this.available();
      let want = this.opts.game || this.store.get('lastGame');
      if (!games.includes(want)) want = games[0];
      if (this.opts.game && !games.includes(this.opts.game)) {
        throw new Error('unknown or unavailable game: ' + this.opts.game);
      }
      this.build();
      this.selectGame(want);
      openGiven(this);
      if (this.store.notice) {
        this.toast(this.t(this.store.notice), 3000);
        this.store.notice = null;
      }
    });
  }

  build() {
    this.attachShell();
    buildShell(this);
  }

  /** Puts this shell in the shadow root, in place of what was there (the
   * first frame stays in view until the shell that replaces it is built). */
  attachShell() {
    if (this.shell.parentNode === this.root) return;
    if (this.firstFrame) this.firstFrame.destroy();
    this.firstFrame = null;
    /** @type {any} */ (this.host).__qipanFirstFrame = null;
    this.root.innerHTML = '';
    this.root.append(el('style', { text: CSS + '\n' + A11Y_CSS }), this.shell);
  }

  get board() {
    return this.parts.board;
  }

  /** @param {Lang} lang */
  setLang(lang) {
    this.lang = lang;
    this.store.set('lang', lang);
    if (this.parts) {
      this.parts.board.destroy();
      this.parts.toaster.stop();
    }
    this.build();
    this.selectGame(this.gameId, true);
  }

  /** @param {string} text @param {number} [ms] */
  toast(text, ms) {
    if (this.parts) this.parts.toaster.show(text, ms);
  }

  /** A message belongs to a position: a move, an undo, a new game or the
   * end takes it back. */
  clearMessage() {
    if (this.parts) this.parts.toaster.clear();
  }

  /** @param {string} text */
  announce(text) {
    const parts = this.parts;
    if (!parts) return;
    // What comes in one moment (the last move and the result) is said together, not cut short.
    if (!this.saying.length) {
      queueMicrotask(() => {
        parts.announcer.textContent = this.saying.filter((s) => s).join(' ');
        this.saying = [];
      });
    }
    this.saying.push(text);
  }

  /* ---- one game's record */

  /** @returns {GameRecord} */
  get rec() {
    return this.saved.rec;
  }

  settings() {
    return this.rec ? this.rec.settings : {};
  }

  save() {
    this.saved.save();
  }

  /** 'thinking' while the computer thinks, 'animating' while a move slides. */
  get busy() {
    if (this.ai.thinking) return 'thinking';
    return this.ui.anim ? 'animating' : null;
  }

  stopIntervals() {
    this.intervals.forEach(clearInterval);
    this.intervals = [];
  }

  /** The share card (the share button). */
  share() {
    openShareCard(this);
  }

  /** @param {string} id @param {boolean} [keepState] */
  selectGame(id, keepState) {
    this.cancelThinking();
    this.stopIntervals();
    this.closeDialogs();
    this.gameId = id;
    this.mod = gameModules[id];
    this.info = engine.info(id);
    if (!keepState || !this.rec) {
      this.saved.open(this.mod, this.info);
      this.modState = this.mod.createState ? this.mod.createState() : null;
    }
    if (this.page) this.store.set('lastGame', id);
    this.replay = null;
    this.ui = { hover: null, cursor: null, hint: null, selected: null, anim: null };
    this.result.forget();
    selectGameInShell(this);
    this.parts.moves = buildMoveList(this);
    if (this.parts.moves) this.parts.side.appendChild(this.parts.moves.box);
    if (this.mod.extraControls) this.mod.extraControls(this.parts.extra, this.api());
    if (!this.rec.history.length) {
      this.newGame();
      return;
    }
    this.refresh();
    if (!this.rec.started && this.mod.startOverlay) this.showStartOverlay();
    else this.maybeAiMove();
  }

  /** The params of a new game: the host's, else the settings'. */
  newGameParams() {
    if (this.opts.params && !this.page) return this.opts.params;
    return this.mod.params ? this.mod.params(this.rec.settings, this.rec) : '';
  }

  /** The POS of a new game with the record's settings and seed. */
  startPos() {
    return engine.newGame(this.gameId, this.newGameParams(), this.rec.seed);
  }

  newGame() {
    this.cancelThinking();
    this.closeDialogs();
    const rec = this.rec;
    this.replay = null;
    // A puzzle starts again from its position.
    if (this.puzzle && this.opts.pos) {
      openPos(this, this.opts.pos);
      this.emit('newgame', { game: this.gameId });
      return;
    }
    rec.seed = randomSeed();
    rec.started = !this.mod.startOverlay;
    // A host that says who starts (mount option `first`) skips the start screen.
    if (!rec.started && this.opts.first && this.mod.startFromOptions && this.mod.applyStart) {
      this.saved.change(this.mod.applyStart(this.mod.startFromOptions(this.opts), rec));
      rec.started = true;
    }
    this.saved.begin([this.startPos()]);
    this.ui.hint = null;
    this.ui.selected = null;
    this.result.forget();
    this.clearMessage();
    this.refresh();
    this.emit('newgame', { game: this.gameId });
    if (!rec.started) this.showStartOverlay();
    else this.maybeAiMove();
  }

  restart() {
    this.newGame();
  }

  /** A game someone is playing: begun, not over. */
  inProgress() {
    return !!this.rec && this.rec.started && this.ply() > 0 && !this.isOver();
  }

  /** Runs `go` (which starts a new game) at once, or after asking when a
   * game is in progress; `cancel` if the player keeps the game.
   * @param {() => void} go @param {() => void} [cancel] */
  confirmNewGame(go, cancel) {
    if (!this.inProgress()) {
      go();
      return;
    }
    const t = this.t.bind(this);
    let answered = false;
    this.moduleDialogs.push(dialog(this.parts.stage, {
      title: t('confirmNewTitle'), text: t('confirmNewText'), focus: true,
      // Closing it any other way (Escape) keeps the game, as the first button does.
      buttons: [
        { label: t('keepPlaying') },
        { label: t('newGameButton'), primary: true, check: () => (answered = true), onclick: go },
      ],
      onclose: () => { if (!answered && cancel) cancel(); },
    }));
  }

  showStartOverlay() {
    const mod = this.mod;
    if (!mod.startOverlay) return;
    this.startCard = mod.startOverlay(this.api(), (choice) => {
      this.startCard = null;
      if (choice && mod.applyStart) this.saved.change(mod.applyStart(choice, this.rec));
      this.saved.begin([this.startPos()]);
      this.rec.started = true;
      this.refresh();
      this.maybeAiMove();
    });
  }

  pos() {
    return this.saved.pos();
  }

  ply() {
    return this.saved.ply();
  }

  isOver() {
    return !/^(turn|playing)/.test(this.status);
  }

  /** Whose ply is it? Every game alternates one action a turn. @param {number} ply */
  isHumanPly(ply) {
    if (this.rec.mode === 'pvp' || this.info.players === 1) return true;
    return (ply % 2 === 0) === this.rec.humanFirst;
  }

  humanTurn() {
    return !this.isOver() && this.replay === null && !this.readonly && this.isHumanPly(this.ply());
  }

  /** The position on the board: the game's last, or the one replayed. */
  shownPos() {
    return this.replay === null ? this.pos() : this.rec.history[this.replay];
  }

  /** The side letter the human plays (vs computer), found from the plies. */
  humanSide() {
    const h = this.rec.history, sides = this.info.sides;
    for (let i = 0; i < h.length; i++) {
      const st = engine.status(this.gameId, h[i]);
      if (st.startsWith('turn ') && st.charAt(5) !== '?') {
        const side = st.charAt(5);
        return this.isHumanPly(i) ? side : sides.charAt(1 - sides.indexOf(side));
      }
    }
    return sides.charAt(this.rec.humanFirst ? 0 : 1);
  }

  refresh() {
    const pos = this.shownPos();
    this.view = engine.describe(this.gameId, pos);
    this.status = this.view.status;
    // Nothing to play on a position replayed or a diagram.
    const still = this.replay !== null || this.readonly;
    this.legal = this.isOver() || still ? [] : engine.legal(this.gameId, pos);
    this.board.resize();
    this.updateStatus();
    this.parts.undoButton.disabled = this.rec.history.length < 2 || this.replay !== null;
    this.parts.hintButton.disabled = !this.humanTurn();
    this.save();
    this.board.invalidate();
    this.parts.grid.update();
    updateMoveList(this);
    this.review.update();
    if (this.mod.onRefresh) this.mod.onRefresh(this.api());
    this.result.offer();
  }

  /** @param {string} side */
  sideName(side) {
    return this.mod.sideName ? this.mod.sideName(side, this.t.bind(this), this.view, this.settings()) : side;
  }

  updateStatus() {
    updateStatus(this);
  }

  /** Leaves the game for the picker: its tabs come into view, the game's
   * own tab focused, ready to choose another. */
  toPicker() {
    const picker = this.parts.picker;
    if (!picker) return;
    picker.scrollIntoView({ block: 'nearest' });
    const tab = /** @type {HTMLElement|null} */ (picker.querySelector('[aria-pressed=true]'));
    if (tab) tab.focus({ preventScroll: true });
  }

  closeDialogs() {
    if (this.startCard) this.startCard.close();
    this.startCard = null;
    this.result.close();
    if (this.settingsDialog) this.settingsDialog.close();
    this.settingsDialog = null;
    // A module's own cards (statistics...) belong to the game they were opened on.
    for (const d of this.moduleDialogs) d.close();
    this.moduleDialogs = [];
  }

  /** @param {() => void} fn @param {number} ms */
  later(fn, ms) {
    const id = setTimeout(() => {
      this.timers = this.timers.filter((x) => x !== id);
      if (!this.destroyed) fn();
    }, ms);
    this.timers.push(id);
  }

  /* ---- playing */

  /** Applies an action (already chosen as legal by the engine's list or the
   * AI), animates it if the module wants, then lets the AI answer.
   * @param {string} action @param {boolean} byAi @returns {boolean} */
  play(action, byAi) {
    const before = this.view;
    let pos;
    try {
      pos = engine.apply(this.gameId, this.pos(), action);
    } catch (e) {
      const message = /** @type {Error} */ (e).message;
      this.toast(this.mod.refusal ? this.mod.refusal(message, this.t.bind(this), this.api()) : message);
      return false;
    }
    const ply = this.ply();
    this.saved.push(pos, action);
    this.clearMessage();
    this.ui.hint = null;
    this.ui.selected = null;
    const after = engine.describe(this.gameId, pos);
    this.announce(moveAnnouncement(this, action, before, after, byAi));
    this.emit('move', { game: this.gameId, action, ply, pos });
    // A player who asks for no motion sees the move land at once.
    const anim = this.mod.animation && !reducedMotion() ? this.mod.animation(before, after, action, this.settings()) : null;
    if (anim && anim.duration > 0) this.animate(action, before, after, anim);
    else this.settle();
    return true;
  }

  /** Says the whole position (the R key). */
  readPosition() {
    readPosition(this);
  }

  /** A move in words: the module's words around the move as the game
   * writes it (engine.move), else that move alone.
   * @param {string} action @param {any} view the position it is played on @param {string} move */
  moveWords(action, view, move) {
    return this.mod.actionText ? this.mod.actionText(action, view, this.t.bind(this), move) : move;
  }

  /** The moves of the game shown, as the game writes them (the move list's). */
  writtenMoves() {
    return this.notation.of(this.gameId, this.rec.history, movesOf(this) || []);
  }

  /** The board draws the move in flight from ui.anim; when it lands, the
   * game goes on (unless something cancelled it meanwhile).
   * @param {string} action @param {any} from @param {any} to @param {{duration: number}} spec */
  animate(action, from, to, spec) {
    const anim = { action, from, to, start: performance.now(), duration: spec.duration, spec };
    this.ui.anim = anim;
    this.view = to;
    this.board.invalidate();
    this.later(() => {
      if (this.ui.anim !== anim) return;
      this.ui.anim = null;
      this.settle();
    }, spec.duration);
  }

  /** After a move: show the position, and the computer answers. */
  settle() {
    this.refresh();
    this.maybeAiMove();
  }

  maybeAiMove() {
    this.ai.move();
  }

  /** Drops the computer's answer in flight and a move's animation. */
  cancelThinking() {
    this.ai.cancel();
    this.ui.anim = null;
  }

  undo() {
    if (this.ply() < 1) {
      this.toast(this.t('nothingToUndo'));
      return;
    }
    this.cancelThinking();
    this.closeDialogs();
    // Against the computer, go back to the human's previous turn.
    let ply = this.ply() - 1;
    while (ply > 0 && !this.isHumanPly(ply)) ply--;
    this.saved.backTo(ply);
    this.clearMessage();
    this.ui.hint = null;
    this.ui.selected = null;
    this.result.forget();
    this.settle();
  }

  hint() {
    this.ai.hint();
  }

  /** A press on the board. @param {string|null} target @param {any} [extra] */
  press(target, extra) {
    press(this, target, extra);
  }

  /** @returns {import('./registry.js').UiState} */
  uiState() {
    const ui = this.ui;
    return {
      state: this.modState,
      // A review draws its better move as the hint's ghost, and what a reviewed loss marks.
      hover: ui.hover, cursor: ui.cursor, hint: ui.hint || this.review.ghost(),
      hintInfo: ui.hint ? ui.hintInfo : null, review: this.review.boardMarks(),
      selected: ui.selected, anim: ui.anim,
      legal: this.legal, settings: this.settings(), lang: this.lang, t: this.t.bind(this),
      humanTurn: this.humanTurn() && !this.busy, thinking: this.busy === 'thinking',
      over: this.isOver(), now: performance.now(), mode: this.rec.mode, ply: this.ply(),
      colors: palette(this.palette), contrast: prefersContrast(),
    };
  }

  /** @param {CanvasRenderingContext2D} ctx @param {number} w @param {number} h */
  draw(ctx, w, h) {
    if (!this.view) return;
    const ui = this.uiState();
    if (ui.anim) ui.anim.t = ease((ui.now - ui.anim.start) / ui.anim.duration);
    this.mod.draw(ctx, w, h, this.view, ui);
  }

  /** @param {number|null} x @param {number|null} y @param {string} kind @param {any} extra */
  onPoint(x, y, kind, extra) {
    onPoint(this, x, y, kind, extra);
  }

  /** @param {KeyboardEvent} e */
  onKey(e) {
    // While replaying, the arrows step through the game.
    if (this.replay !== null && (e.key === 'ArrowLeft' || e.key === 'ArrowRight')) {
      e.preventDefault();
      stepReplay(this, e.key === 'ArrowLeft' ? -1 : 1);
      return;
    }
    onKey(this, e);
  }

  api() {
    return moduleApi(this);
  }

  /** Scrolls a board larger than its frame so that a target shows.
   * @param {string} id @returns {boolean} whether the target exists */
  revealTarget(id) {
    const found = this.mod.targets(this.view, this.board.width, this.board.height).find((tg) => tg.id === id);
    const wrap = /** @type {HTMLElement} */ (this.parts.stage.parentNode);
    if (!found) return false;
    const r = this.board.canvas.getBoundingClientRect(), frame = wrap.getBoundingClientRect();
    const x = r.left + found.x * r.width / this.board.width, y = r.top + found.y * r.height / this.board.height;
    const margin = 40;
    if (x < frame.left + margin) wrap.scrollLeft -= frame.left + margin - x;
    else if (x > frame.right - margin) wrap.scrollLeft += x - (frame.right - margin);
    if (y < frame.top + margin) wrap.scrollTop -= frame.top + margin - y;
    else if (y > frame.bottom - margin) wrap.scrollTop += y - (frame.bottom - margin);
    return true;
  }

  openSettings() {
    openSettings(this);
  }

  /* ---- events and teardown */

  /** @param {string} type @param {(detail: any) => void} fn */
  on(type, fn) {
    (this.listeners[type] = this.listeners[type] || []).push(fn);
  }

  /** @param {string} type @param {any} detail */
  emit(type, detail) {
    for (const fn of (this.listeners[type] || []).slice()) {
      try {
        fn(detail);
      } catch (e) {
        setTimeout(() => { throw e; }, 0);
      }
    }
    if (this.host.dispatchEvent && typeof CustomEvent === 'function') {
      this.host.dispatchEvent(new CustomEvent('qipan-' + type, { detail }));
    }
  }

  destroy() {
    if (this.destroyed) return;
    this.destroyed = true;
    if (this.onHash) window.removeEventListener('hashchange', this.onHash);
    if (this.firstFrame) this.firstFrame.destroy();
    this.ai.stop();
    this.review.stop();
    this.stopIntervals();
    this.timers.forEach(clearTimeout);
    this.timers = [];
    if (this.parts) {
      this.parts.toaster.stop();
      this.parts.board.destroy();
    }
    this.root.innerHTML = '';
    this.listeners = {};
  }
}

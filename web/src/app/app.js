/* app/app.js: the game manager. One App per mounted element, inside a
 * shadow root: it owns the current game (a history of POS strings, so undo
 * is just going back), its settings in storage, a worker for the AI, and
 * the shell around the board (shell.js builds it, settings.js is ⚙,
 * input.js turns presses and keys into moves, module-api.js is what a game
 * module may use). Every rule question goes to the engine; the game module
 * only draws the engine's description and turns a press on the board into
 * an action. */
import { engine, loadEngine } from '../engine/load.js';
import { AiWorker } from '../engine/worker.js';
import { TEXTS, detectLang, translator } from '../i18n.js';
import { Store } from '../storage.js';
import { el } from '../ui/dom.js';
import { dialog } from '../ui/dialog.js';
import { ease, palette, prefersContrast } from '../ui/draw.js';
import { CSS } from '../ui/style.js';
import { onKey, onPoint, press } from './input.js';
import { moduleApi } from './module-api.js';
import { CATALOG, gameModules } from './registry.js';
import { openSettings, settingValid } from './settings.js';
import { buildShell, resultTitle, selectGameInShell, updateStatus } from './shell.js';
import { openGiven, openPos, stepReplay, updateMoveList, viewPly } from './travel.js';

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

/**
 * One game's record, kept in storage.
 * @typedef {object} GameRecord
 * @property {Record<string, any>} settings
 * @property {'ai'|'pvp'} mode
 * @property {number} level
 * @property {boolean} humanFirst
 * @property {number} seed
 * @property {string[]} history every POS since the start, the current last
 * @property {string[]} [moves] the actions between them (history.length - 1 of them)
 * @property {boolean} started false while a start screen is up
 * @property {Record<string, any>} extra the module's own records (best times...)
 */

export const randomSeed = () => 1 + Math.floor(Math.random() * 2147483646);

export class App {
  /** @param {HTMLElement} host @param {MountOptions} [options] */
  constructor(host, options) {
    this.host = host;
    this.opts = options || {};
    this.page = !!this.opts.page;
    // A diagram (readonly) or a puzzle shows its position, never a saved game.
    this.readonly = !!this.opts.readonly;
    this.puzzle = this.opts.mode === 'puzzle';
    this.fixedStart = !!(this.opts.pos || this.opts.link);
    /** @type {number|null} the ply shown while replaying; null: the game's last */
    this.replay = null;
    /** @type {(() => void)|null} follows the page's #fragment */
    this.onHash = null;
    this.store = new Store(this.opts.storageKey ||
      (this.page ? 'qipan' : 'qipan:embed:' + (this.opts.game || 'any')));
    this.worker = new AiWorker({ timeoutMs: Number(this.opts.aiTimeoutMs) || 20000 });
    this.failures = 0; // AI calls failed in a row
    this.token = 0; // bumps whenever an answer in flight must be ignored
    /** @type {'thinking'|'animating'|null} */
    this.busy = null;
    /** @type {{hover: string|null, cursor: string|null, hint: string|null, hintInfo?: any,
     *   selected: any, anim: any}} */
    this.ui = { hover: null, cursor: null, hint: null, selected: null, anim: null };
    /** @type {ReturnType<typeof setTimeout>[]} */
    this.timers = [];
    /** @type {ReturnType<typeof setInterval>[]} a game module's clocks, stopped when the game changes */
    this.intervals = [];
    /** @type {Record<string, ((detail: any) => void)[]>} */
    this.listeners = {};
    /** @type {string|null} */
    this.resultShownFor = null;
    this.destroyed = false;
    /** @type {Lang} */
    this.lang = this.opts.lang || this.store.get('lang') || detectLang(navigator);
    this.palette = this.opts.palette || this.store.get('palette') || 'normal';
    /** @type {string} */
    this.gameId = '';
    /** @type {GameModule} */
    this.mod = /** @type {any} */ (null);
    /** @type {GameInfo} */
    this.info = /** @type {any} */ (null);
    /** @type {GameRecord} */
    this.rec = /** @type {any} */ (null);
    /** @type {any} engine.describe() of the position shown */
    this.view = null;
    this.status = '';
    /** @type {string[]} */
    this.legal = [];
    /** @type {DialogHandle|null} */
    this.dialog = null;
    /** @type {DialogHandle|null} */
    this.settingsDialog = null;
    /** @type {DialogHandle[]} */
    this.moduleDialogs = [];
    this.root = host.shadowRoot || host.attachShadow({ mode: 'open' });
    this.root.innerHTML = '';
    this.root.appendChild(el('style', { text: CSS }));
    this.shell = el('div', { class: 'qp' + (this.page ? ' page' : ''), lang: this.lang });
    this.root.appendChild(this.shell);
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
    buildShell(this);
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
    if (this.parts) this.parts.announcer.textContent = text;
  }

  /* ---- one game's record */

  settings() {
    return this.rec ? this.rec.settings : {};
  }

  /** @param {GameModule} mod @param {GameInfo} info @returns {GameRecord} */
  defaults(mod, info) {
    /** @type {Record<string, any>} */
    const settings = {};
    for (const s of mod.settings || []) settings[s.key] = s.default;
    const o = this.opts;
    return {
      settings,
      mode: o.mode === 'pvp' || o.mode === 'ai' ? o.mode : 'ai',
      level: Math.min(info.maxLevel, Math.max(1, Number(o.level) ||
        (this.puzzle ? info.maxLevel : mod.defaultLevel || info.defaultLevel))),
      humanFirst: o.first !== 'ai',
      seed: randomSeed(),
      history: [],
      moves: [],
      started: false,
      extra: {}, // the module's own records (best times...), checked by the module
    };
  }

  /** Keeps only what is well-formed in a stored record; the engine checks
   * every stored position before it is used.
   * @param {GameModule} mod @param {GameInfo} info @returns {GameRecord} */
  loadRecord(mod, info) {
    const rec = this.defaults(mod, info);
    const saved = this.store.game(mod.id);
    if (saved.settings && typeof saved.settings === 'object') {
      for (const s of mod.settings || []) {
        const v = saved.settings[s.key];
        if (settingValid(s, v)) rec.settings[s.key] = v;
      }
    }
    if (saved.mode === 'ai' || saved.mode === 'pvp') rec.mode = saved.mode;
    if (saved.level >= 1 && saved.level <= info.maxLevel && saved.level % 1 === 0) rec.level = saved.level;
    if (typeof saved.humanFirst === 'boolean') rec.humanFirst = saved.humanFirst;
    if (saved.seed >= 1 && saved.seed < 2147483647 && saved.seed % 1 === 0) rec.seed = saved.seed;
    if (saved.extra && typeof saved.extra === 'object' && !Array.isArray(saved.extra)) rec.extra = saved.extra;
    // A host's position (fixedStart) is opened instead of the saved game (see openGiven).
    if (!this.fixedStart && Array.isArray(saved.history) && saved.history.length && saved.history.length < 5000) {
      try {
        for (const pos of saved.history) engine.status(mod.id, pos);
        rec.history = saved.history.slice();
        rec.started = saved.started !== false;
        // Moves are checked against the positions when a record is made.
        const moves = saved.moves;
        if (Array.isArray(moves) && moves.length === rec.history.length - 1 &&
            moves.every((m) => typeof m === 'string' && m.length < 64)) rec.moves = moves.slice();
        else delete rec.moves;
      } catch {
        this.store.notice = 'storageReset';
      }
    }
    // An embedding host's explicit mode wins over what was stored.
    if ((this.opts.mode === 'ai' || this.opts.mode === 'pvp') && !this.page) rec.mode = this.opts.mode;
    return rec;
  }

  save() {
    if (this.rec) this.store.setGame(this.gameId, this.rec);
  }

  stopIntervals() {
    this.intervals.forEach(clearInterval);
    this.intervals = [];
  }

  /** @param {string} id @param {boolean} [keepState] */
  selectGame(id, keepState) {
    this.cancelThinking();
    this.stopIntervals();
    this.closeDialogs();
    this.gameId = id;
    this.mod = gameModules[id];
    this.info = engine.info(id);
    if (!keepState || !this.rec) this.rec = this.loadRecord(this.mod, this.info);
    if (this.page) this.store.set('lastGame', id);
    this.replay = null;
    this.ui = { hover: null, cursor: null, hint: null, selected: null, anim: null };
    this.resultShownFor = null;
    selectGameInShell(this);
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
    rec.moves = [];
    // A puzzle starts again from its position.
    if (this.puzzle && this.opts.pos) {
      openPos(this, this.opts.pos);
      this.emit('newgame', { game: this.gameId });
      return;
    }
    rec.seed = randomSeed();
    rec.history = [this.startPos()];
    rec.started = !this.mod.startOverlay;
    // A host that says who starts (mount option `first`) skips the start screen.
    if (!rec.started && this.opts.first && this.mod.startFromOptions && this.mod.applyStart) {
      this.mod.applyStart(this.mod.startFromOptions(this.opts), rec);
      rec.history = [this.startPos()];
      rec.started = true;
    }
    this.ui.hint = null;
    this.ui.selected = null;
    this.resultShownFor = null;
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
    this.dialog = mod.startOverlay(this.api(), (choice) => {
      this.dialog = null;
      if (choice && mod.applyStart) mod.applyStart(choice, this.rec);
      this.rec.history = [this.startPos()];
      this.rec.moves = [];
      this.rec.started = true;
      this.refresh();
      this.maybeAiMove();
    });
  }

  pos() {
    return this.rec.history[this.rec.history.length - 1];
  }

  ply() {
    return this.rec.history.length - 1;
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
    updateMoveList(this);
    if (this.mod.onRefresh) this.mod.onRefresh(this.api());
    if (this.isOver() && this.resultShownFor !== pos && !this.busy && this.replay === null && !this.readonly) {
      this.resultShownFor = pos;
      this.showResult();
    }
  }

  /** @param {string} side */
  sideName(side) {
    return this.mod.sideName ? this.mod.sideName(side, this.t.bind(this), this.view, this.settings()) : side;
  }

  updateStatus() {
    updateStatus(this);
  }

  showResult() {
    const t = this.t.bind(this);
    const reason = this.view.reason ? t('reason_' + this.view.reason) : '';
    const title = resultTitle(this);
    this.clearMessage();
    this.ui.hint = null;
    this.announce(title + (reason ? ' — ' + reason : ''));
    this.emit('end', { game: this.gameId, status: this.status, reason: this.view.reason });
    const delay = this.mod.resultDelay === undefined ? 350 : this.mod.resultDelay;
    this.later(() => {
      if (this.isOver() && this.resultShownFor === this.pos() && !this.dialog) {
        this.dialog = dialog(this.parts.side, {
          title, text: reason, focus: this.engaged, docked: true,
          body: this.mod.resultBody ? this.mod.resultBody(this.api()) : null,
          buttons: [
            { label: t('viewBoard') },
            this.parts.moves ? { label: t('replay'), onclick: () => viewPly(this, 0) } : null,
            // The original dark chess ends with 退出游戏: back to the games.
            this.mod.exitButton && this.parts.picker ? { label: t('exitGame'), onclick: () => this.toPicker() } : null,
            { label: t('playAgain'), primary: true, onclick: () => this.newGame() },
          ].filter((b) => b !== null),
          onclose: () => { this.dialog = null; },
        });
        this.dialog.node.scrollIntoView({ block: 'nearest' });
      }
    }, delay);
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
    if (this.dialog) this.dialog.close();
    this.dialog = null;
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
    if (this.rec.moves && this.rec.moves.length === ply) this.rec.moves.push(action);
    else delete this.rec.moves; // found again from the positions when needed
    this.rec.history.push(pos);
    this.clearMessage();
    this.ui.hint = null;
    this.ui.selected = null;
    const who = this.rec.mode === 'ai' && this.info.players === 2 ? (byAi ? this.t('computer') : this.t('you')) : '';
    const moveText = this.mod.actionText ? this.mod.actionText(action, before, this.t.bind(this)) : action;
    this.announce(who ? this.t('moveMade', { who, move: moveText }) : moveText);
    this.emit('move', { game: this.gameId, action, ply, pos });
    const after = engine.describe(this.gameId, pos);
    const anim = this.mod.animation ? this.mod.animation(before, after, action, this.settings()) : null;
    if (anim && anim.duration > 0) {
      this.busy = 'animating';
      this.ui.anim = { action, from: before, to: after, start: performance.now(),
        duration: anim.duration, spec: anim };
      this.view = after; // the board draws the move in flight from ui.anim
      this.board.invalidate();
      const token = this.token;
      this.later(() => {
        if (token !== this.token) return;
        this.ui.anim = null;
        this.busy = null;
        this.refresh();
        this.maybeAiMove();
      }, anim.duration);
    } else {
      this.refresh();
      this.maybeAiMove();
    }
    return true;
  }

  aiSeed() {
    return (this.rec.seed + this.ply() * 7919) % 2147483647;
  }

  maybeAiMove() {
    if (this.busy || this.isOver() || this.humanTurn() || !this.rec.started || this.readonly ||
        this.replay !== null) return;
    this.busy = 'thinking';
    this.updateStatus();
    this.parts.hintButton.disabled = true;
    this.board.invalidate();
    const token = ++this.token;
    const pos = this.pos();
    const started = performance.now();
    // Modules that comment on the computer's move get the engine's words too.
    const aiNote = this.mod.aiNote;
    this.worker.call(aiNote ? 'aiInfo' : 'ai', [this.gameId, pos, { level: this.rec.level, seed: this.aiSeed() }])
      .then((answer) => {
        if (token !== this.token || this.destroyed) return;
        const action = aiNote ? answer.action : answer;
        this.failures = 0;
        // A move that comes back instantly still shows the thinking state briefly.
        const wait = Math.max(0, (this.mod.minThinkMs || 250) - (performance.now() - started));
        this.later(() => {
          if (token !== this.token) return;
          this.busy = null;
          this.play(action, true);
          if (aiNote) aiNote(answer, this.api());
        }, wait);
      }, (err) => {
        if (token !== this.token || this.destroyed) return;
        this.busy = null;
        this.updateStatus();
        if (err.message === 'cancelled') return;
        // The worker was replaced: go on from the same position, a few times.
        if (++this.failures <= 3) {
          this.toast(this.t('aiRestarted'), 2500);
          this.later(() => this.maybeAiMove(), 600);
        } else {
          this.toast(this.t('engineError', { msg: err.message }), 5000);
          this.parts.statusNode.textContent = this.t('engineError', { msg: err.message });
        }
      });
  }

  cancelThinking() {
    this.token++;
    this.failures = 0;
    if (this.busy === 'thinking') this.worker.cancel();
    this.busy = null;
    this.ui.anim = null;
  }

  undo() {
    const h = this.rec.history;
    if (h.length < 2) {
      this.toast(this.t('nothingToUndo'));
      return;
    }
    this.cancelThinking();
    this.closeDialogs();
    h.pop();
    // Against the computer, go back to the human's previous turn.
    while (h.length > 1 && !this.isHumanPly(h.length - 1)) h.pop();
    if (this.rec.moves) this.rec.moves.length = Math.min(this.rec.moves.length, h.length - 1);
    this.clearMessage();
    this.ui.hint = null;
    this.ui.selected = null;
    this.resultShownFor = null;
    this.refresh();
    this.maybeAiMove();
  }

  hint() {
    if (!this.humanTurn() || this.busy) return;
    const token = this.token, pos = this.pos();
    // One-player games whose level is a setting (soloLevels) hint at that level.
    const level = this.mod.soloLevels ? this.rec.level : this.mod.hintLevel || this.info.maxLevel;
    const button = this.parts.hintButton;
    button.disabled = true;
    this.worker.call('aiInfo', [this.gameId, pos, { level, seed: this.aiSeed() }])
      .then((info) => {
        // An answer for another position (a move was played meanwhile) is dropped.
        if (token !== this.token || this.destroyed || pos !== this.pos()) {
          if (!this.destroyed) button.disabled = !this.humanTurn();
          return;
        }
        button.disabled = !this.humanTurn();
        this.ui.hint = info.action;
        this.ui.hintInfo = info;
        const t = this.t.bind(this);
        const text = this.mod.hintText ? this.mod.hintText(info, this.view, t) :
          t('hintIs', { move: this.mod.actionText ? this.mod.actionText(info.action, this.view, t) : info.action });
        this.toast(text, 2600);
        this.announce(text);
        this.board.invalidate();
      }, () => {
        if (token === this.token) button.disabled = !this.humanTurn();
      });
  }

  /** A press on the board. @param {string|null} target @param {any} [extra] */
  press(target, extra) {
    press(this, target, extra);
  }

  /** @returns {import('./registry.js').UiState} */
  uiState() {
    const ui = this.ui;
    return {
      hover: ui.hover, cursor: ui.cursor, hint: ui.hint, hintInfo: ui.hint ? ui.hintInfo : null,
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
    this.token++;
    if (this.onHash) window.removeEventListener('hashchange', this.onHash);
    this.worker.stop();
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

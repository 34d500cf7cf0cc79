/* app/app.js: the game manager. One App per mounted element, inside a
 * shadow root. It wires the parts that own the page's state, each the one
 * writer of its own: game-model.js the game in play (the position shown,
 * whose turn, who is human, the marks on the board) over saved-game.js the
 * record in storage (every POS, so undo is just going back); game-scope.js
 * what belongs to one game (the module's own state, its timers and
 * cards); ai-turn.js the computer's worker and thinking, which reports
 * through callbacks; shell.js the elements around the board; result.js the
 * finished game's card; review.js the review. Around them: settings.js is
 * ⚙, input.js turns presses and keys into moves, share.js and links.js
 * send and open games, replay.js and move-list.js replay them, words.js
 * and announce.js say them, module-api.js is what a game module may use.
 * The App holds these and the page's choices (language, colours), and
 * runs the sequences that involve several: a move, an undo, a new game,
 * another game. Every rule question goes to the engine; the game module
 * only draws the engine's description and turns a press into an action. */
import { engine, loadEngine } from '../engine/load.js';
import { CATALOG } from '../games/catalog.js';
import { TEXTS, detectLang, translator } from '../i18n.js';
import { Store } from '../storage.js';
import { dialog } from '../ui/dialog.js';
import { el } from '../ui/dom.js';
import { ease, palette, prefersContrast, reducedMotion } from '../ui/draw.js';
import { SHELL_CSS } from '../ui/styles.js';
import { AiTurn } from './ai-turn.js';
import { moveAnnouncement, readPosition } from './announce.js';
import { Events } from './events.js';
import { GameModel } from './game-model.js';
import { GameScope } from './game-scope.js';
import { GameLibrary } from './library.js';
import { boardFocused, focusTarget, onKey, onPoint, pressCell } from './input.js';
import { openGiven, refuse } from './links.js';
import { moduleApi } from './module-api.js';
import { MoveList } from './move-list.js';
import { gameModules } from './registry.js';
import { ResultPanel } from './result.js';
import { GameReview } from './review.js';
import { SavedGame } from './saved-game.js';
import { levelChoices, openSettings } from './settings.js';
import { openShareCard } from './share.js';
import { Sounds, moveSounds } from './sound.js';
import { Shell } from './shell.js';
import { cellsOf, hintWords, statusLine } from './words.js';

/** @typedef {import('../ui/dialog.js').DialogHandle} DialogHandle */
/** @typedef {import('../i18n.js').Lang} Lang */

/**
 * Options of Qipan.mount (docs/embedding.md, "Embedding").
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
 * @property {boolean} [library] My games, the finished games kept in this browser (library.js):
 *   on for the full page, off for an embedded game unless the host turns it on
 */

export class App {
  /** @param {HTMLElement} host @param {MountOptions} [options] */
  constructor(host, options) {
    this.host = host;
    this.opts = options || {};
    this.page = !!this.opts.page;
    this.puzzle = this.opts.mode === 'puzzle';
    this.destroyed = false;
    this.store = new Store(this.opts.storageKey ||
      (this.page ? 'qipan' : 'qipan:embed:' + (this.opts.game || 'any')));
    this.saved = new SavedGame(this.store, engine, this.opts,
      { page: this.page, puzzle: this.puzzle, fixedStart: !!(this.opts.pos || this.opts.link) });
    // A diagram (readonly) or a puzzle shows its position, never a saved game.
    this.game = new GameModel(engine, this.saved,
      { readonly: !!this.opts.readonly, params: this.page ? null : this.opts.params });
    /** The game's scope: the module's state, its timers and cards (a new one for each game). */
    this.scope = new GameScope(null);
    this.ai = new AiTurn(this.game, {
      changed: () => {
        this.showStatus();
        if (this.shell) this.shell.board.invalidate();
      },
      play: (action, byAi, info) => {
        const played = this.play(action, byAi);
        if (info && this.game.mod.aiNote) this.game.mod.aiNote(info, this.api);
        return played;
      },
      hinted: (info, pos) => {
        this.game.mark({ hint: info.action, hintInfo: info });
        const text = hintWords(this.game, this.t.bind(this), info, engine.move(this.game.gameId, pos, info.action));
        this.shell.toast(text, 2600);
        this.shell.say(text);
        this.shell.board.invalidate();
      },
      failed: (err, retrying) => {
        if (retrying) {
          this.shell.toast(this.t('aiRestarted'), 2500);
          return;
        }
        const words = this.t('engineError', { msg: err.message });
        this.shell.toast(words, 5000);
        this.shell.showStatus({ text: words });
      },
      later: (fn, ms) => this.scope.later(fn, ms),
    }, Number(this.opts.aiTimeoutMs) || 20000);
    this.result = new ResultPanel(this);
    this.review = new GameReview(this);
    /** @type {GameLibrary|null} My games (off for an embedded game unless asked for) */
    this.library = (this.opts.library !== undefined ? !!this.opts.library : this.page) ? new GameLibrary(this) : null;
    this.events = new Events(host);
    /** @type {Lang} */
    this.lang = this.opts.lang || this.store.get('lang') || detectLang(navigator);
    this.palette = this.opts.palette || this.store.get('palette') || 'normal';
    // On for the page and off for a game embedded in another, until ⚙ says;
    // a page driven by automation (the tests) is silent unless asked.
    const sound = this.store.get('sound');
    this.sounds = new Sounds(typeof sound === 'boolean' ? sound : this.page && !navigator.webdriver);
    /** @type {string[]} the catalogue's games that this build and page both have (once the engine is in) */
    this.games = [];
    /** @type {Shell} the elements around the board, built once the engine is in (again for a language) */
    this.shell = /** @type {any} */ (null);
    /** @type {import('./module-api.js').ModuleApi} what the game's module may use (one per game shown) */
    this.api = /** @type {any} */ (null);
    /** @type {MoveList|null} the move list of the game shown (turn-based games) */
    this.moves = null;
    /** @type {DialogHandle|null} a game's start screen */
    this.startCard = null;
    /** @type {DialogHandle|null} */
    this.settingsCard = null;
    /** @type {() => void} stops following the page's #fragment */
    this.stopLinks = () => {};
    this.root = host.shadowRoot || host.attachShadow({ mode: 'open' });
    if (this.page) host.setAttribute('data-page', '');
    /** the .qp element the shell fills */
    this.node = el('div', { class: 'qp' + (this.page ? ' page' : ''), lang: this.lang });
    /** @type {{destroy: () => void}|null} the page's first frame (first-frame.js), shown until this shell is */
    this.firstFrame = /** @type {any} */ (host).__qipanFirstFrame || null;
    if (!this.firstFrame) this.attachShell();
    // Whether the user has touched this game yet (then dialogs take focus).
    this.engaged = this.page;
    /** whether the last touch was a pointer's (a press, a tap), not a key's: then the board's focus draws no cursor */
    this.pointing = false;
    this.node.addEventListener('pointerdown', () => { this.engaged = true; this.pointing = true; });
    this.node.addEventListener('keydown', () => {
      this.engaged = true;
      this.pointing = false;
      this.sounds.unlock();
    });
    // A gesture that lets audio start: a touch's counts once it ends.
    this.node.addEventListener('pointerup', () => this.sounds.unlock());
    this.node.appendChild(el('div', { class: 'status', text: TEXTS[this.lang].engineLoading }));
  }

  /** @param {string} key @param {Record<string, string|number>} [vars] */
  t(key, vars) {
    return translator(this.lang, this.game.mod && this.game.mod.texts)(key, vars);
  }

  start() {
    return loadEngine().then(() => {
      if (this.destroyed) return;
      const built = engine.list();
      this.games = CATALOG.filter((id) => gameModules[id] && built.includes(id));
      let want = this.opts.game || this.store.get('lastGame');
      if (!this.games.includes(want)) want = this.games[0];
      if (this.opts.game && !this.games.includes(this.opts.game)) {
        throw new Error('unknown or unavailable game: ' + this.opts.game);
      }
      this.buildShell();
      this.selectGame(want);
      this.stopLinks = openGiven(this);
      if (this.store.notice) {
        this.shell.toast(this.t(this.store.notice), 3000);
        this.store.notice = null;
      }
    }).catch((e) => {
      // The element says why instead.
      this.attachShell();
      this.node.textContent = '';
      this.node.appendChild(el('div', { class: 'status', text: TEXTS[this.lang].engineError.replace('{msg}', e.message) }));
      throw e;
    });
  }

  /** Puts the shell's element in the shadow root, in place of what was
   * there (the first frame stays in view until the shell that replaces it
   * is built). */
  attachShell() {
    if (this.node.parentNode === this.root) return;
    if (this.firstFrame) this.firstFrame.destroy();
    this.firstFrame = null;
    /** @type {any} */ (this.host).__qipanFirstFrame = null;
    this.root.innerHTML = '';
    this.root.append(el('style', { text: SHELL_CSS }), this.node);
  }

  /** The shell, built from the App's model of it (shell.js ShellModel). */
  buildShell() {
    this.attachShell();
    if (this.shell) this.shell.destroy();
    const game = this.game, t = this.t.bind(this);
    const ready = () => !!game.view;
    this.shell = new Shell({
      node: this.node, lang: this.lang, t, page: this.page, readonly: game.readonly, games: this.games,
      picker: this.opts.picker !== undefined ? !!this.opts.picker : !this.opts.game, library: !!this.library,
      act: {
        setLang: (lang) => this.setLang(lang), settings: () => this.openSettings(),
        selectGame: (id) => this.selectGame(id), undo: () => this.undo(), hint: () => this.ai.hint(),
        restart: () => this.startNewGame(), share: () => openShareCard(this), readPosition: () => readPosition(this),
        setLevel: (level) => this.setLevel(level),
        library: () => { if (this.library) this.library.open(); },
      },
      board: {
        ready,
        aspect: (avail) => game.mod.aspect(game.view, game.settings(), avail),
        minWidth: (avail) => (game.mod.minWidth ? game.mod.minWidth(game.view, game.settings(), avail) : 0),
        draw: (ctx, w, h) => {
          if (!ready()) return;
          game.mod.draw(ctx, w, h, game.view, this.uiState());
          this.review.drawBetter(ctx, w, h, palette(this.palette));
        },
        animating: () => !!game.marks.anim || !!game.marks.hint || this.ai.thinking ||
          !!(game.mod && game.mod.animating && ready() && game.mod.animating(game.view, this.scope.state)),
        point: (x, y, kind, extra) => onPoint(this, x, y, kind, extra),
        key: (e) => onKey(this, e),
        focus: (keyboard) => boardFocused(this, keyboard && !this.pointing),
      },
      grid: {
        cells: () => cellsOf(game, t, game.view), t,
        focus: (target) => focusTarget(this, target),
        act: (cell, secondary) => pressCell(this, cell, secondary),
        key: (e) => onKey(this, e),
      },
    });
  }

  /** @param {Lang} lang */
  setLang(lang) {
    this.lang = lang;
    this.store.set('lang', lang);
    this.buildShell();
    this.selectGame(this.game.gameId, true);
  }

  /** Shows another game: its stored record (or with `keepState` the game
   * in play, in a rebuilt shell). What belonged to the game left goes with
   * its scope: timers, clocks and cards. @param {string} id @param {boolean} [keepState] */
  selectGame(id, keepState) {
    this.cancel();
    this.closeCards();
    const mod = gameModules[id], keep = !!keepState && !!this.game.rec && this.game.gameId === id;
    const state = keep ? this.scope.state : mod.createState ? mod.createState() : null;
    this.scope.close();
    this.scope = new GameScope(state);
    this.game.open(mod, keep);
    this.api = moduleApi(this);
    if (this.page) this.store.set('lastGame', id);
    this.result.forget();
    this.result.close();
    this.shell.showGame(id);
    this.moves = this.game.info.players === 2 ? new MoveList(this) : null;
    this.shell.setMoveList(this.moves && this.moves.box);
    if (mod.extraControls) mod.extraControls(this.shell.extra, this.api);
    if (!this.game.rec.history.length) {
      this.newGame();
      return;
    }
    this.refresh();
    if (!this.game.rec.started && mod.startOverlay) this.showStartOverlay();
    else this.ai.move();
  }

  newGame() {
    this.cancel();
    this.closeCards();
    const game = this.game;
    // A puzzle starts again from its position.
    if (this.puzzle && this.opts.pos) {
      this.openPos(this.opts.pos);
      this.events.emit('newgame', { game: game.gameId });
      return;
    }
    // A host that says who starts (mount option `first`) skips the start screen.
    const mod = game.mod, choice = this.opts.first && mod.startFromOptions ? mod.startFromOptions(this.opts) : null;
    const started = game.newGame(choice);
    this.result.forget();
    this.shell.clearMessage();
    this.refresh();
    this.events.emit('newgame', { game: game.gameId });
    if (!started) this.showStartOverlay();
    else this.ai.move();
  }

  /** A new game from a button (Restart, the result's New game): then the
   * board has the keyboard's focus, unless a start card asks first. */
  startNewGame() {
    this.newGame();
    this.focusBoard();
  }

  /** The keyboard's focus goes to the board (on the page, or in a game the
   * player has touched); while a start card waits for an answer, to its
   * first choice. */
  focusBoard() {
    if (!this.engaged) return;
    const card = this.startCard && !this.startCard.closed ? this.startCard.node : null;
    const choice = card && /** @type {HTMLElement|null} */ (card.querySelector('button.primary') || card.querySelector('button'));
    if (choice) choice.focus({ preventScroll: true });
    else this.shell.focusBoard();
  }

  /** Runs `go` (which starts a new game) at once, or after asking when a
   * game is in progress; `cancel` if the player keeps the game.
   * @param {() => void} go @param {() => void} [cancel] */
  confirmNewGame(go, cancel) {
    if (!this.game.inProgress()) {
      go();
      return;
    }
    const t = this.t.bind(this);
    let answered = false;
    this.scope.keep(dialog(this.shell.stage, {
      title: t('confirmNewTitle'), text: t('confirmNewText'), focus: true, returnTo: () => this.focusBoard(),
      // Closing it any other way (Escape) keeps the game, as the first button does.
      buttons: [
        { label: t('keepPlaying') },
        { label: t('newGameButton'), primary: true, check: () => (answered = true), onclick: go },
      ],
      onclose: () => { if (!answered && cancel) cancel(); },
    }));
  }

  showStartOverlay() {
    const game = this.game, mod = game.mod;
    if (!mod.startOverlay) return;
    // The module's card (api.dialog: the scope keeps it).
    this.startCard = mod.startOverlay(this.api, (choice) => {
      this.startCard = null;
      game.startWith(choice);
      this.refresh();
      this.ai.move();
      this.focusBoard();
    });
  }

  /** Shows the position: the board, the status line and controls, the
   * move list, the review, the module's own controls; saves the record;
   * shows a finished game's result. */
  refresh() {
    const game = this.game;
    game.show();
    this.shell.board.resize();
    this.showStatus();
    this.saved.save();
    this.shell.board.invalidate();
    this.shell.grid.update();
    if (this.moves) this.moves.update();
    // The module's own lines first: a finished game's result shows some of them (resultBody).
    if (game.mod.onRefresh) game.mod.onRefresh(this.api);
    this.result.offer();
    if (this.library) this.library.keep();
    this.review.update();
  }

  /** The status line, and which controls can be pressed. */
  showStatus() {
    const game = this.game, shell = this.shell;
    if (!shell || !game.view) return;
    shell.showStatus(statusLine(game, this.t.bind(this), this.ai.thinking, palette(this.palette)));
    shell.enable({ undo: game.ply() > 0 && game.replay === null,
      hint: game.humanTurn() && !this.ai.thinking && !this.ai.hinting });
    shell.showLevels(levelChoices(this), game.rec.level);
  }

  /** The computer's level from the list beside the controls: its next move
   * is played at it; the game goes on. @param {number} level */
  setLevel(level) {
    if (!(level >= 1 && level <= this.game.info.maxLevel)) return;
    this.saved.change({ level });
    this.saved.save();
  }

  /** Applies an action (already chosen as legal by the engine's list or the
   * AI), slides it in if the module wants, then lets the AI answer.
   * @param {string} action @param {boolean} byAi @returns {boolean} */
  play(action, byAi) {
    const game = this.game, mod = game.mod;
    let played;
    try {
      played = game.play(action);
    } catch (e) {
      const message = /** @type {Error} */ (e).message;
      this.shell.toast(mod.refusal ? mod.refusal(message, this.t.bind(this), this.api) : message);
      return false;
    }
    const { before, after } = played;
    this.sounds.play(moveSounds(game, action, played));
    this.shell.clearMessage();
    this.shell.say(moveAnnouncement(this, action, before, after, byAi));
    this.events.emit('move', { game: game.gameId, action, ply: played.ply, pos: played.pos });
    // A player who asks for no motion sees the move land at once.
    const spec = mod.animation && !reducedMotion() ? mod.animation(before, after, action, game.settings()) : null;
    if (!spec || spec.duration <= 0) {
      this.settle();
      return true;
    }
    // The board draws the move in flight; when it lands, the game goes on
    // (unless something cancelled it meanwhile).
    const flight = { action, from: before, to: after, start: performance.now(), duration: spec.duration, spec };
    game.fly(flight);
    this.shell.board.invalidate();
    this.scope.later(() => { if (game.land(flight)) this.settle(); }, spec.duration);
    return true;
  }

  /** After a move: show the position, and the computer answers. */
  settle() {
    this.refresh();
    this.ai.move();
  }

  undo() {
    if (this.game.ply() < 1) {
      this.shell.toast(this.t('nothingToUndo'));
      return;
    }
    this.cancel();
    this.closeCards();
    this.game.undo();
    this.shell.clearMessage();
    this.result.forget();
    this.settle();
  }

  /** Drops the computer's answer in flight and a move's slide. */
  cancel() {
    this.ai.cancel();
    this.game.stopFlight();
  }

  /** Closes the cards over the game: they belong to the position. */
  closeCards() {
    this.scope.closeCards();
  }

  /** Shows the position after `ply` moves (the last one leaves the replay). @param {number} ply */
  viewPly(ply) {
    if (this.ai.thinking) this.cancel();
    this.closeCards();
    const atEnd = this.game.viewPly(ply);
    this.shell.clearMessage();
    this.refresh();
    if (atEnd) this.ai.move();
  }

  /** An opened link or record becomes the game shown (links.js); `said`
   * says so (else a shared game's words).
   * @param {import('../engine/api.js').OpenedGame} opened @param {string} [said] */
  openGame(opened, said) {
    const game = this.game;
    this.cancel();
    this.closeCards();
    game.adopt(opened);
    // A finished game opens on its board, its result shown but not said again.
    const last = game.pos();
    if (/^(turn|playing)/.test(engine.status(game.gameId, last))) this.result.forget();
    else this.result.skip(last);
    this.shell.clearMessage();
    this.refresh();
    this.shell.toast(said || this.t('linkOpened', { n: game.ply() }), 2600);
    this.events.emit('newgame', { game: game.gameId, shared: true });
  }

  /** Opens at a position the host gives (a puzzle or a diagram), or a
   * practice's; the player has the side to move. @param {string} pos */
  openPos(pos) {
    try {
      engine.status(this.game.gameId, pos);
    } catch (e) {
      refuse(this, /** @type {Error} */ (e).message);
      return;
    }
    this.cancel();
    this.closeCards();
    this.game.startAt(pos);
    this.result.forget();
    this.refresh();
    this.ai.move();
  }

  /** ⚙: OK applies what changed, starting a new game where a change needs
   * it (asking first when a game is in progress). */
  openSettings() {
    if (this.settingsCard && !this.settingsCard.closed) return;
    this.settingsCard = this.scope.keep(openSettings(this, (choice) => {
      const commit = () => {
        this.saved.change(choice.edit);
        this.saved.save();
        if (choice.palette !== this.palette) {
          this.palette = choice.palette;
          this.store.set('palette', this.palette);
          this.shell.board.invalidate();
        }
        if (choice.sound !== this.sounds.on) {
          this.sounds.set(choice.sound);
          this.store.set('sound', choice.sound);
        }
        const relang = choice.lang !== this.lang;
        if (relang) this.setLang(choice.lang);
        if (choice.restart) this.newGame();
        else if (!relang) this.settle();
      };
      if (choice.restart) this.confirmNewGame(commit);
      else commit();
    }));
  }

  /** What the module draws and acts with besides the position. @returns {import('./registry.js').UiState} */
  uiState() {
    const game = this.game, m = game.marks, now = performance.now(), busy = this.ai.busy();
    return {
      state: this.scope.state,
      // A review draws what a reviewed loss marks (its better moves: drawBetter).
      hover: m.hover, cursor: m.cursor, hint: m.hint,
      hintInfo: m.hint ? m.hintInfo : null, review: this.review.boardMarks(), selected: m.selected,
      anim: m.anim && { ...m.anim, t: ease((now - m.anim.start) / m.anim.duration) },
      legal: game.legal, settings: game.settings(), lang: this.lang, t: this.t.bind(this),
      humanTurn: game.humanTurn() && !busy, thinking: busy === 'thinking',
      over: game.isOver(), now, mode: game.rec.mode, ply: game.ply(),
      colors: palette(this.palette), contrast: prefersContrast(),
    };
  }

  destroy() {
    if (this.destroyed) return;
    this.destroyed = true;
    this.stopLinks();
    if (this.firstFrame) this.firstFrame.destroy();
    this.ai.stop();
    this.sounds.stop();
    this.review.stop();
    if (this.library) this.library.close();
    this.scope.close();
    if (this.shell) this.shell.destroy();
    this.root.innerHTML = '';
    this.events.clear();
  }
}

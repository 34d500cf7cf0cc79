/* first-frame.js: the page's first frame, drawn before its big script (the
 * engine and every game, qipan.js) is even parsed: the shell and the empty
 * board of the game a first visit opens, by the page's own code (shell.js,
 * the game's module) from the start position the build recorded
 * (qipan-first-view, tools/bundle.cjs). Qipan.mount takes the shadow root
 * over once the engine is ready. Only a first visit: a saved game or a
 * link needs the engine to be drawn. Built as web/qipan-first.js. */
import { FIRST } from 'qipan-first-view';
import { buildShell, selectGameInShell, updateStatus } from './app/shell.js';
import { CATALOG, gameModules } from './app/registry.js';
import { detectLang, translator } from './i18n.js';
import { el } from './ui/dom.js';
import { palette, prefersContrast } from './ui/draw.js';
import { CSS } from './ui/style.js';
import { A11Y_CSS } from './ui/style-a11y.js';

/** Whether this visit would open FIRST's game at its start: nothing saved
 * under the page's key, no shared game in the address. */
function firstVisit() {
  if (location.hash.length > 1) return false;
  try {
    return localStorage.getItem('qipan') === null;
  } catch {
    return true; // no storage: every visit is a first one
  }
}

/** The part of an App that shell.js reads, at the game's start; every
 * button does nothing until Qipan.mount takes over.
 * @param {HTMLElement} shell */
function startingApp(shell) {
  const lang = detectLang(navigator);
  const mod = gameModules[FIRST.game];
  const ignore = () => {};
  const settings = Object.fromEntries((mod.settings || []).map((s) => [s.key, s.default]));
  return {
    shell, lang, page: true, opts: { page: true }, readonly: false, palette: 'normal',
    gameId: FIRST.game, mod, info: FIRST.info, view: null, status: FIRST.view.status, busy: null, replay: null,
    rec: { started: false, mode: 'ai', humanFirst: true, history: [FIRST.pos], settings },
    ui: { hover: null, cursor: null, hint: null, selected: null, anim: null },
    /** @param {string} key @param {Record<string, string|number>} [vars] */
    t: (key, vars) => translator(lang, mod.texts)(key, vars),
    available: () => CATALOG.filter((id) => FIRST.list.includes(id)),
    settings: () => settings,
    isOver: () => false,
    humanTurn: () => true,
    /** @param {string} side */
    sideName: (side) => side,
    /** @param {CanvasRenderingContext2D} ctx @param {number} w @param {number} h */
    draw(ctx, w, h) {
      if (!this.view) return;
      // The fields of App.uiState at a game's start.
      mod.draw(ctx, w, h, this.view, { ...this.ui, hintInfo: null, legal: FIRST.legal, settings, lang,
        t: this.t, humanTurn: true, thinking: false, over: false, now: performance.now(), mode: 'ai', ply: 0,
        colors: palette('normal'), contrast: prefersContrast() });
    },
    setLang: ignore, openSettings: ignore, share: ignore, selectGame: ignore, undo: ignore, hint: ignore, restart: ignore,
    onPoint: ignore, onKey: ignore,
  };
}

/** Runs the page's later scripts (type="qipan/later": qipan.js, inline or
 * not), in order, once the first frame is on screen, then `then`: a script
 * that the parser ran would be parsed before that frame. They are looked
 * for once the page is parsed; a hidden tab draws no frame: a timer goes
 * on anyway.
 * @param {() => void} then */
function runLaterScripts(then) {
  /** @type {HTMLScriptElement[]} found once the parser has passed them */
  let later = [];
  const next = () => {
    const old = /** @type {HTMLScriptElement|undefined} */ (later.shift());
    if (!old) {
      then();
      return;
    }
    const script = document.createElement('script');
    if (old.src) {
      script.src = old.src;
      // One that fails to load (the site's updates.js offline without its worker) stops none after it.
      script.onload = next;
      script.onerror = next;
    } else {
      script.text = old.text;
    }
    old.replaceWith(script);
    if (!old.src) next();
  };
  let started = false;
  const start = () => {
    if (started) return;
    if (document.readyState === 'loading') {
      document.addEventListener('DOMContentLoaded', start, { once: true });
      return;
    }
    started = true;
    later = Array.from(document.querySelectorAll('script[type="qipan/later"]'));
    next();
  };
  requestAnimationFrame(() => setTimeout(start));
  setTimeout(start, 1000);
}

/** Draws the first frame into the page's element (unless this is not a
 * first visit; Qipan.mount finds it as element.__qipanFirstFrame), then
 * runs the later scripts and `then`.
 * @param {HTMLElement|null} host @param {() => void} then */
function firstFrame(host, then) {
  drawFirstFrame(host);
  runLaterScripts(then);
}

/** @param {HTMLElement|null} host */
function drawFirstFrame(host) {
  if (!host || !firstVisit() || typeof host.attachShadow !== 'function' || host.shadowRoot) return;
  const root = host.attachShadow({ mode: 'open' });
  const shell = el('div', { class: 'qp page', lang: detectLang(navigator) });
  root.append(el('style', { text: CSS + '\n' + A11Y_CSS }), shell);
  const app = /** @type {any} */ (startingApp(shell));
  buildShell(app);
  selectGameInShell(app); // no move list: a first visit's real shell hides its empty one
  app.parts.undoButton.disabled = true;
  app.view = FIRST.view;
  updateStatus(app);
  app.parts.board.resize();
  app.parts.board.invalidate();
  /** @type {any} */ (host).__qipanFirstFrame = { destroy: () => app.parts.board.destroy() };
}

/** @type {any} */ (globalThis).QipanFirstFrame = firstFrame;

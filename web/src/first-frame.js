/* first-frame.js: the page's first frame, drawn before its big script (the
 * engine and every game, qipan.js) is even parsed: the shell and the empty
 * board of the game a first visit opens. The shell comes as markup that
 * the page's own shell.js wrote at build time (first-frame-shell.js); the
 * board is drawn by the game's module from the start position the build
 * recorded (qipan-first-view, tools/bundle.cjs). Qipan.mount takes the
 * shadow root over once the engine is ready. Only a first visit: a saved
 * game or a link needs the engine to be drawn. Built as web/qipan-first.js. */
import { SHELL } from 'qipan-first-shell';
import { measurePageRoom } from './app/page-room.js';
import { startingShell } from './first-frame-start.js';
import { detectLang } from './i18n.js';
import { Board } from './ui/board.js';
import { el } from './ui/dom.js';
import { SHELL_CSS } from './ui/styles.js';

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
  const lang = detectLang(navigator);
  const root = host.attachShadow({ mode: 'open' });
  root.innerHTML = SHELL[lang];
  root.prepend(el('style', { text: SHELL_CSS }));
  const find = (/** @type {string} */ selector) => /** @type {HTMLElement} */ (root.querySelector(selector));
  const shell = find('.qp'), stage = find('.stage'), wrap = find('.stage-wrap'), controls = find('.controls');
  const model = startingShell(shell, lang), b = model.board;
  // What shell.js does for the full page (Shell): the page takes the player's language.
  document.documentElement.lang = lang;
  document.title = model.t('pageTitle');
  // Sized and drawn from its first layout (Board's resize).
  const board = new Board(stage, {
    room: () => measurePageRoom(shell, wrap, controls),
    aspect: b.aspect, draw: b.draw, animating: b.animating, point: b.point, key: b.key,
  }, /** @type {HTMLCanvasElement} */ (find('canvas')));
  /** @type {any} */ (host).__qipanFirstFrame = { destroy: () => board.destroy() };
}

/** @type {any} */ (globalThis).QipanFirstFrame = firstFrame;

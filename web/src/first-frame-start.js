/* first-frame-start.js: the game a first visit opens, at its start, as
 * the model that shell.js shows (ShellModel) and its board draws: shared
 * by the first frame (first-frame.js) and the build that writes its
 * shell's markup (first-frame-shell.js). Every control does nothing yet:
 * Qipan.mount takes over. */
import { FIRST } from 'qipan-first-view';
import { gameModules } from './app/registry.js';
import { CATALOG } from './games/catalog.js';
import { translator } from './i18n.js';
import { palette, prefersContrast } from './ui/draw.js';

/** @typedef {import('./app/shell.js').ShellModel} ShellModel */
/** @typedef {import('./app/registry.js').UiState} UiState */

/** @param {HTMLElement} node the .qp element @param {'zh'|'en'} lang @returns {ShellModel} */
export function startingShell(node, lang) {
  const mod = gameModules[FIRST.game], view = FIRST.view;
  const ignore = () => {};
  const settings = Object.fromEntries((mod.settings || []).map((s) => [s.key, s.default]));
  /** @type {import('./i18n.js').Translate} */
  const t = (key, vars) => translator(lang, mod.texts)(key, vars);
  /** @type {UiState} what App.uiState gives at a game's start */
  const ui = { state: mod.createState ? mod.createState() : null, hover: null, cursor: null, hint: null, hintInfo: null,
    selected: null, anim: null, legal: FIRST.legal, settings, lang, t, humanTurn: true, thinking: false,
    over: false, now: 0, mode: 'ai', ply: 0, colors: palette('normal'), contrast: prefersContrast() };
  return {
    node, lang, t, page: true, picker: true, readonly: false, library: true,
    games: CATALOG.filter((id) => FIRST.list.includes(id)),
    act: { setLang: ignore, settings: ignore, selectGame: ignore, undo: ignore, hint: ignore, restart: ignore,
      share: ignore, readPosition: ignore, setLevel: ignore, library: ignore },
    board: {
      // The shell's markup is written before any layout: nothing to size then (first-frame.js sizes its board).
      ready: () => false,
      aspect: (avail) => mod.aspect(view, settings, avail),
      minWidth: () => 0,
      draw: (ctx, w, h) => mod.draw(ctx, w, h, view, { ...ui, now: performance.now(), contrast: prefersContrast() }),
      animating: () => false, point: ignore, key: ignore,
    },
    grid: { cells: () => [], t, focus: ignore, act: ignore, key: ignore },
  };
}

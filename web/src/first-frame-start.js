/* first-frame-start.js: the game a first visit opens, at its start, in
 * the shape of the App that shell.js reads and the board draws: shared by
 * the first frame (first-frame.js) and the build that writes its shell's
 * markup (first-frame-shell.js). Every button does nothing: Qipan.mount
 * takes over. */
import { FIRST } from 'qipan-first-view';
import { gameModules } from './app/registry.js';
import { CATALOG } from './games/catalog.js';
import { translator } from './i18n.js';
import { palette, prefersContrast } from './ui/draw.js';

/** @param {HTMLElement} shell the .qp element @param {'zh'|'en'} lang */
export function startingApp(shell, lang) {
  const mod = gameModules[FIRST.game];
  const ignore = () => {};
  const settings = Object.fromEntries((mod.settings || []).map((s) => [s.key, s.default]));
  const state = mod.createState ? mod.createState() : null;
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
      mod.draw(ctx, w, h, this.view, { ...this.ui, state, hintInfo: null, legal: FIRST.legal, settings, lang,
        t: this.t, humanTurn: true, thinking: false, over: false, now: performance.now(), mode: 'ai', ply: 0,
        colors: palette('normal'), contrast: prefersContrast() });
    },
    setLang: ignore, openSettings: ignore, share: ignore, selectGame: ignore, undo: ignore, hint: ignore, restart: ignore,
    readPosition: ignore, onPoint: ignore, onKey: ignore,
  };
}

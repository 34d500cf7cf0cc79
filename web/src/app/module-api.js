/* app/module-api.js: what a game module may use of the app: its texts,
 * the engine, its settings and records, dialogs, toasts, timers, and
 * questions to the AI's worker. */
import { engine } from '../engine/load.js';
import { dialog } from '../ui/dialog.js';

/** @typedef {import('./app.js').App} App */
/** @typedef {import('../ui/dialog.js').DialogSpec} DialogSpec */
/** @typedef {import('../ui/dialog.js').DialogHandle} DialogHandle */

/**
 * @typedef {object} ModuleApi
 * @property {import('../i18n.js').Translate} t
 * @property {import('../i18n.js').Lang} lang
 * @property {HTMLElement} stage the board's box
 * @property {import('./app.js').GameRecord} rec
 * @property {import('../engine/api.js').GameInfo} info
 * @property {import('../engine/api.js').QipanEngine} engine
 * @property {() => any} view engine.describe() of the position
 * @property {() => string} pos
 * @property {() => Record<string, any>} settings
 * @property {(key: string, value: any) => void} setSetting
 * @property {(spec: DialogSpec) => DialogHandle} dialog a card over the board, closed with the game
 * @property {(text: string, ms?: number) => void} toast
 * @property {() => void} newGame
 * @property {(go: () => void, cancel?: () => void) => void} confirmNewGame runs `go` at once, or
 *   once the player agrees to lose the game in progress
 * @property {(action: string) => boolean} play the human's action
 * @property {() => void} invalidate redraw
 * @property {(text: string) => void} setInfo the line under the controls
 * @property {(fn: () => void, ms: number) => ReturnType<typeof setInterval>} interval a repeating
 *   timer that stops when the game changes or unmounts
 * @property {(method: string, opts?: object) => Promise<any>} ask asks the worker (e.g. 'analyze',
 *   'aiInfo') about the current position; rejects 'stale' if the position changed meanwhile
 * @property {(level?: number) => Promise<boolean>} playAi lets the computer make the human's next
 *   move (auto-play, one step)
 * @property {() => string|null} busy
 * @property {(key: string) => any} getExtra the module's own stored values (best times,
 *   statistics): whatever comes back from storage may be stale or foreign, so check it
 * @property {(key: string, value: any) => void} setExtra
 */

/** @param {App} app @returns {ModuleApi} */
export function moduleApi(app) {
  return {
    t: app.t.bind(app),
    lang: app.lang,
    stage: app.parts.stage,
    rec: app.rec,
    info: app.info,
    engine,
    view: () => app.view,
    pos: () => app.pos(),
    settings: () => app.settings(),
    setSetting(key, value) {
      app.rec.settings[key] = value;
      app.save();
      app.board.resize();
      app.board.invalidate();
    },
    dialog(spec) {
      if (spec.focus === undefined) spec.focus = app.engaged;
      const d = dialog(app.parts.stage, spec);
      app.moduleDialogs = app.moduleDialogs.filter((x) => !x.closed);
      app.moduleDialogs.push(d);
      return d;
    },
    toast: (text, ms) => app.toast(text, ms),
    newGame: () => app.newGame(),
    confirmNewGame: (go, cancel) => app.confirmNewGame(go, cancel),
    play: (action) => app.play(action, false),
    invalidate: () => app.board.invalidate(),
    setInfo: (text) => { app.parts.infoNode.textContent = text; },
    interval(fn, ms) {
      const id = setInterval(() => { if (!app.destroyed) fn(); }, ms);
      app.intervals.push(id);
      return id;
    },
    ask(method, opts) {
      const token = app.token, pos = app.pos();
      return app.worker.call(method, [app.gameId, pos, opts || {}]).then((value) => {
        if (token !== app.token || pos !== app.pos()) throw new Error('stale');
        return value;
      });
    },
    playAi(level) {
      if (!app.humanTurn() || app.busy) return Promise.resolve(false);
      app.busy = 'thinking';
      app.updateStatus();
      const token = ++app.token;
      return app.worker.call('ai', [app.gameId, app.pos(),
        { level: level || app.info.maxLevel, seed: app.aiSeed() }]).then((action) => {
        if (token !== app.token) return false;
        app.busy = null;
        return app.play(action, false);
      }, () => {
        if (token === app.token) {
          app.busy = null;
          app.updateStatus();
        }
        return false;
      });
    },
    busy: () => app.busy,
    getExtra: (key) => app.rec.extra[key],
    setExtra(key, value) {
      app.rec.extra[key] = value;
      app.save();
    },
  };
}

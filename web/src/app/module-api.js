/* app/module-api.js: what a game module may use of the app: its own state,
 * its texts, the engine, its settings and records (through SavedGame),
 * cards and timers of its game's scope, toasts, the moves as the game
 * writes them, and questions to the AI's worker. One for each game shown
 * (App.selectGame makes it, again after a change of language): its values
 * (state, rec, lang, stage) are that game's. */
import { engine } from '../engine/load.js';
import { dialog } from '../ui/dialog.js';

/** @typedef {import('./app.js').App} App */
/** @typedef {import('../ui/dialog.js').DialogSpec} DialogSpec */
/** @typedef {import('../ui/dialog.js').DialogHandle} DialogHandle */

/**
 * @template [S=any] the module's own state (GameModule.createState)
 * @typedef {object} ModuleApi
 * @property {S} state the module's own state for the game in play
 * @property {import('../i18n.js').Translate} t
 * @property {import('../i18n.js').Lang} lang
 * @property {HTMLElement} stage the board's box
 * @property {import('./saved-game.js').GameRecord} rec
 * @property {import('../engine/api.js').GameInfo} info
 * @property {import('../engine/api.js').QipanEngine} engine
 * @property {() => any} view engine.describe() of the position
 * @property {() => string} pos
 * @property {() => Record<string, any>} settings
 * @property {(key: string, value: any) => void} setSetting
 * @property {(spec: DialogSpec) => DialogHandle} dialog a card over the board, closed with the game or
 *   the position
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
 * @property {(action: string) => string} move a legal action on the position as the game writes it
 *   (engine.move: gomoku "h8"), for words that name a move as the move list does
 * @property {() => string|null} lastMove the move that led to the position shown, as the game
 *   writes it; null at the start
 * @property {() => string|null} busy
 * @property {() => boolean} humanTurn whether the game's last position is the human's to move (the
 *   mode, who moves first): a module asks the worker then only, never delaying the computer
 * @property {(key: string) => any} getExtra the module's own stored values (best times,
 *   statistics): whatever comes back from storage may be stale or foreign, so check it
 * @property {(key: string, value: any) => void} setExtra
 */

/** The api of the game App.selectGame shows. @param {App} app @returns {ModuleApi} */
export function moduleApi(app) {
  const game = app.game, saved = app.saved;
  return {
    state: app.scope.state,
    t: app.t.bind(app),
    lang: app.lang,
    stage: app.shell.stage,
    rec: game.rec,
    info: game.info,
    engine,
    view: () => game.view,
    pos: () => game.pos(),
    settings: () => game.settings(),
    setSetting(key, value) {
      saved.change({ settings: { [key]: value } });
      saved.save();
      app.shell.board.resize();
      app.shell.board.invalidate();
    },
    dialog(spec) {
      if (spec.focus === undefined) spec.focus = app.engaged;
      if (!spec.returnTo) spec.returnTo = () => app.focusBoard();
      return app.scope.keep(dialog(app.shell.stage, spec));
    },
    toast: (text, ms) => app.shell.toast(text, ms),
    newGame: () => app.newGame(),
    confirmNewGame: (go, cancel) => app.confirmNewGame(go, cancel),
    play: (action) => app.play(action, false),
    invalidate: () => app.shell.board.invalidate(),
    setInfo: (text) => app.shell.setInfo(text),
    interval: (fn, ms) => app.scope.interval(fn, ms),
    ask: (method, opts) => app.ai.ask(method, opts),
    playAi: (level) => app.ai.playForHuman(level),
    move: (action) => engine.move(game.gameId, game.pos(), action),
    lastMove: () => game.lastMove(),
    busy: () => app.ai.busy(),
    humanTurn: () => game.isHumanPly(game.ply()),
    getExtra: (key) => game.rec.extra[key],
    setExtra(key, value) {
      saved.setExtra(key, value);
      saved.save();
    },
  };
}

/* app/registry.js: the games the page offers, in picker order, and the
 * drawing module of each (web/src/games/<id>.js registers itself here). */

/** @typedef {import('../i18n.js').Lang} Lang */
/** @typedef {import('../i18n.js').Translate} Translate */
/** @typedef {import('./module-api.js').ModuleApi} ModuleApi */
/** @typedef {import('../ui/draw.js').Palette} Palette */
/** @typedef {import('../ui/board.js').PressExtra} PressExtra */

/** Every game of the picker; one without a module shows "coming soon". */
export const CATALOG = ['tictactoe', 'gomoku', 'connect4', 'minesweeper', 'ponghauqi', 'beast'];

/** @type {Record<string, Record<Lang, string>>} */
export const GAME_NAMES = {
  tictactoe: { zh: '井字棋', en: 'Tic-tac-toe' },
  gomoku: { zh: '五子棋', en: 'Gomoku' },
  connect4: { zh: '四子棋', en: 'Connect Four' },
  minesweeper: { zh: '扫雷', en: 'Minesweeper' },
  ponghauqi: { zh: '区字棋', en: "Pong Hau K'i" },
  beast: { zh: '斗兽棋', en: 'Animal Chess' },
};

/**
 * A setting kept per game (⚙, or hidden when the module sets it itself).
 * @typedef {object} Setting
 * @property {string} key
 * @property {'select'|'checkbox'|'color'|'range'} type
 * @property {Record<Lang, string>} label
 * @property {any} default
 * @property {{value: any, label: string|Record<Lang, string>}[]} [options] select
 * @property {number} [min] range
 * @property {number} [max] range
 * @property {number} [step] range
 * @property {boolean} [restart] a change starts a new game
 * @property {boolean} [hidden] not in ⚙
 */

/**
 * A keyboard target: what the cursor visits (col/row) and where it is.
 * @typedef {{id: string, col: number, row: number, x: number, y: number,
 *   nav?: Record<string, string>}} Target
 */

/**
 * A point of the board as the accessible grid names it (app/a11y-grid.js):
 * `coord` in the game's notation, `what` stands there in a player's words;
 * `target` is what a press there means (a connect four cell drops in its
 * column), `key` tells the cells apart.
 * @typedef {{key: string, target: string, row: number, col: number, coord: string, what: string}} Cell
 */

/**
 * What a module's cells may ask of the shell.
 * @typedef {{sideName: (side: string) => string, settings: Record<string, any>}} CellContext
 */

/**
 * What the board's owner tells a module when it draws or acts.
 * @typedef {object} UiState
 * @property {string|null} hover
 * @property {string|null} cursor
 * @property {string|null} hint
 * @property {any} hintInfo the AI's info for the hint
 * @property {any} selected
 * @property {any} anim {from, to, action, t, spec, start, duration}
 * @property {string[]} legal
 * @property {Record<string, any>} settings
 * @property {Lang} lang
 * @property {Translate} t
 * @property {boolean} humanTurn
 * @property {boolean} thinking
 * @property {boolean} over
 * @property {number} now
 * @property {'ai'|'pvp'} mode
 * @property {number} ply
 * @property {Palette} colors
 * @property {boolean} contrast
 * @property {{safe: number[], lost: number, pMine: number}|null} [review] a reviewed minesweeper
 *   loss: the cells provably safe then, the fatal cell and its odds (app/review.js)
 */

/**
 * A game's drawing module. It knows how to draw, not the rules: legality
 * comes from the engine (ui.legal, engine errors). `view` is always
 * engine.describe() of the position.
 * @typedef {object} GameModule
 * @property {string} id
 * @property {Record<Lang, Record<string, string>>} texts
 * @property {Record<Lang, string[]>} [levelNames] how strong each level is, in a word (入门 … 大师)
 * @property {Record<Lang, string[]>} [levelNotes] one short line on what each level does
 * @property {number} [defaultLevel]
 * @property {boolean} [soloLevels] a one-player game whose level is a setting
 * @property {number} [hintLevel]
 * @property {number} [minThinkMs]
 * @property {number} [resultDelay]
 * @property {boolean} [exitButton] the finished game's card offers to leave for the picker
 * @property {Setting[]} [settings]
 * @property {(settings: Record<string, any>, rec: any) => string} [params] the engine's params for a new game
 * @property {(params: string, settings: Record<string, any>) => void} [adoptParams] the settings that give
 *   these params (a shared game's), so that its next game is alike
 * @property {(api: ModuleApi, done: (choice: any) => void) => any} [startOverlay] a start screen
 * @property {(choice: any, rec: any) => void} [applyStart]
 * @property {(opts: any) => any} [startFromOptions] the start screen's choice from mount options
 * @property {(view: any, settings: Record<string, any>, avail: number) => number} aspect height / width
 * @property {(view: any, settings: Record<string, any>, avail: number) => number} [minWidth]
 * @property {(ctx: CanvasRenderingContext2D, w: number, h: number, view: any, ui: UiState) => void} draw
 * @property {(view: any, w: number, h: number, x: number, y: number) => string|null} hit
 * @property {(view: any, w: number, h: number) => Target[]} targets
 * @property {(target: string, view: any, ui: UiState, extra: PressExtra) =>
 *   {action?: string, select?: any, toast?: string}|null|undefined} act
 * @property {(target: string, api: ModuleApi, extra: PressExtra) => boolean} [onButton] a button drawn on the board
 * @property {(message: string, t: Translate, api: ModuleApi) => string} [refusal]
 * @property {(before: any, after: any, action: string, settings: Record<string, any>) =>
 *   {duration: number}|null} [animation]
 * @property {(view: any, ui: any) => boolean} [animating]
 * @property {(side: string, t: Translate, view: any, settings: Record<string, any>) => string} [sideName]
 * @property {(side: string, settings: Record<string, any>, view: any, colors: Palette) => string|null} [sideColor]
 * @property {(action: string, view: any, t: Translate, move: string) => string} [actionText] a move in
 *   words (said when played, in a hint); `move` is the action as the game writes it (engine.move:
 *   gomoku "h8"), the way the move list writes it, and the words name the move so
 * @property {(info: any, view: any, t: Translate, move: string) => string} [hintText] a hint in words:
 *   `info` the AI's answer, `move` its action as the game writes it
 * @property {(view: any, t: Translate, ctx: CellContext) => Cell[]} [cells] every point of the board, for
 *   a screen reader's grid
 * @property {(action: string, view: any) => string|null} [landing] the cell whose contents a move
 *   reveals (a flip, an opened cell): said after the move
 * @property {(view: any, t: Translate) => string} [positionNotes] what the whole position's reading
 *   adds to the counts of pieces (the threats the game sees)
 * @property {(api: ModuleApi) => Promise<string>} [engineNotes] what the engine's analysis
 *   adds to the position's reading, asked of the worker ('' when nothing): said after it
 * @property {(view: any, t: Translate) => string} [statusText] one-player games
 * @property {(api: ModuleApi) => void} [onRefresh]
 * @property {(node: HTMLElement, api: ModuleApi) => void} [extraControls]
 * @property {(api: ModuleApi) => Node|null} [resultBody]
 * @property {(info: any, api: ModuleApi) => void} [aiNote] what the engine said of the computer's move
 */

/** @type {Record<string, GameModule>} */
export const gameModules = {};

/** Game modules call this once, when their module is imported.
 * @param {GameModule} mod */
export function registerGame(mod) {
  gameModules[mod.id] = mod;
}

/* app/registry.js: what a game's module is (GameModule: it draws the
 * engine's description of a position and turns a press into an action),
 * and the modules of this build (web/src/games/<id>.js registers itself
 * here). What the page needs to know of a game is a field of its module:
 * app/ names no game (tools/check_owners.cjs). */

/** @typedef {import('../i18n.js').Lang} Lang */
/** @typedef {import('../i18n.js').Translate} Translate */
/** @template [S=any] @typedef {import('./module-api.js').ModuleApi<S>} ModuleApi */
/** @typedef {import('../ui/draw.js').Palette} Palette */
/** @typedef {import('../ui/board.js').PressExtra} PressExtra */
/** @typedef {import('./review.js').ReviewPly} ReviewPly */
/** @typedef {import('../ui/dialog.js').DialogHandle} DialogHandle */

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
 * Where a move is on the board, in px: `to` where it places or moves a
 * piece, `from` the piece it moves (absent for a piece placed), `r` the
 * size of a piece there (half a cell).
 * @typedef {{to: number[], from?: number[], r: number}} MovePlace
 */

/**
 * What a module's cells may ask of the shell.
 * @typedef {{sideName: (side: string) => string, settings: Record<string, any>}} CellContext
 */

/**
 * A move in flight: the board draws it from `from` to `to` (t: 0..1).
 * @typedef {{action: string, from: any, to: any, start: number, duration: number, spec: {duration: number},
 *   t?: number}} Flight
 */

/**
 * What the board's owner tells a module when it draws or acts.
 * @template [S=any]
 * @typedef {object} UiState
 * @property {S} state the module's own state for this game (createState)
 * @property {string|null} hover
 * @property {string|null} cursor
 * @property {string|null} hint
 * @property {any} hintInfo the AI's info for the hint
 * @property {any} selected
 * @property {Flight|null} anim
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
 * @property {any} [review] what a reviewed loss marks on the board (ReviewWay's marks)
 */

/**
 * What a start screen's choice, or a module's own question, changes in the
 * record (SavedGame.change writes it).
 * @typedef {{humanFirst?: boolean, settings?: Record<string, any>}} RecordChange
 */

/**
 * How the engine reviews a game of this kind (app/review.js). 'moves':
 * every move judged, a graph and marks under the move list (two-player
 * games). 'loss': a lost game's last move, its odds and the cells that
 * were safe then (a one-player game); `marks` is what the board draws of
 * it (UiState.review).
 * @typedef {{kind: 'moves'} | {kind: 'loss', marks: (ply: ReviewPly, view: any) => any}} ReviewWay
 */

/**
 * What a Share sends and says (app/share.js): `note`, the key of the
 * card's first line (default 'shareNote'); `moves` 'first' sends only the
 * first move (the same minefield from the same first click, to play).
 * @typedef {{note?: string, moves?: 'all'|'first'}} ShareWay
 */

/**
 * A finished game as the library (My games) keeps it (app/library-entry.js).
 * @typedef {import('./library-entry.js').LibraryEntry} LibraryEntry
 */

/**
 * A game opened from its text (engine.open): its params, actions, moves.
 * @typedef {import('../engine/api.js').OpenedGame} OpenedGame
 */

/**
 * What the library (My games, app/library.js) does with this game beyond
 * its record and result; every part optional.
 * @typedef {object} LibraryWay
 * @property {(api: ModuleApi) => {ms?: number, facts?: Record<string, string|number|boolean>}} [facts]
 *   what a game that just ended keeps besides its record: its own clock's time (else the
 *   time from the first move) and facts of its own (minesweeper: whether help was used)
 * @property {(note: Record<string, string>) => Record<string, string|number|boolean>} [readFacts] those
 *   facts back from an imported record's note (whatever it says: check it)
 * @property {(entry: LibraryEntry, t: Translate) => string} [detail] the list's words for the game's
 *   kind (minesweeper: its board and mines), in place of the mode
 * @property {(extra: Record<string, any>) => any} [carry] the figures the module kept before the
 *   library (its records, GameRecord.extra): carried into the library once, so that they are
 *   not lost
 * @property {(entries: LibraryEntry[], carried: any, t: Translate) =>
 *   {head: string[], rows: string[][]}} [figures] the game's own figures from its games and what
 *   was carried (minesweeper: per size, best times and win rate), in place of those per level
 * @property {{label: Record<Lang, string>, ext: string, write: (game: OpenedGame) => string|null}} [file]
 *   one game as another program's file (gomoku's Piskvork .psq; null: this one cannot be)
 * @property {{label: Record<Lang, string>, line: (game: OpenedGame) => string|null}} [lines] games as
 *   lines another tool reads (connect four: Pascal Pons' move strings; null: not this one)
 * @property {(line: string) => string|null} [readLine] such a line back as a record (null: not one)
 * @property {(text: string) => boolean} [wholeFile] the text is one game in another program's
 *   file, which engine.open reads whole (a .psq)
 */

/**
 * A game's drawing module. It knows how to draw, not the rules: legality
 * comes from the engine (ui.legal, engine errors). `view` is always
 * engine.describe() of the position (V: each game types its own).
 * @template [V=any] the engine's description of a position
 * @template [S=any] the module's state for one game in play
 * @typedef {object} GameModule
 * @property {string} id
 * @property {Record<Lang, Record<string, string>>} texts
 * @property {() => S} [createState] the module's own state (its controls, an analysis, a
 *   clock) for one game in play on one board: made when the game is opened, kept through a
 *   change of language, handed to the hooks as ui.state and api.state
 * @property {ReviewWay} [review] how the engine reviews it (absent: it does not)
 * @property {ShareWay} [share] what a Share link carries and says
 * @property {Record<Lang, string[]>} [levelNames] how strong each level is, in a word (入门 … 大师)
 * @property {Record<Lang, string[]>} [levelNotes] one short line on what each level does
 * @property {number} [defaultLevel] a first visit's level (of the computer: one a newcomer can beat)
 * @property {boolean} [soloLevels] a one-player game whose level is a setting
 * @property {number} [hintLevel]
 * @property {number} [minThinkMs]
 * @property {boolean} [exitButton] the finished game's card offers to leave for the picker
 * @property {Setting[]} [settings]
 * @property {(settings: Record<string, any>, rec: any) => string} [params] the engine's params for a new game
 * @property {(params: string) => Record<string, any>|null} [adoptParams] the settings that give
 *   these params (a shared game's), so that its next game is alike
 * @property {(api: ModuleApi<S>, done: (choice: any) => void) => DialogHandle} [startOverlay] a start
 *   screen (api.dialog's card), answered by `done`
 * @property {(choice: any, rec: any) => RecordChange} [applyStart] what the start screen's choice changes
 * @property {(opts: any) => any} [startFromOptions] the start screen's choice from mount options
 * @property {(view: V, settings: Record<string, any>, avail: number) => number} aspect height / width
 * @property {(view: V, settings: Record<string, any>, avail: number) => number} [minWidth]
 * @property {(ctx: CanvasRenderingContext2D, w: number, h: number, view: V, ui: UiState<S>) => void} draw
 * @property {(view: V, w: number, h: number, x: number, y: number) => string|null} hit
 * @property {(view: V, w: number, h: number) => Target[]} targets
 * @property {(target: string, view: V, ui: UiState<S>, extra: PressExtra) =>
 *   {action?: string, select?: any, toast?: string}|null|undefined} act
 * @property {(target: string, api: ModuleApi<S>, extra: PressExtra) => boolean} [onButton] a button drawn
 *   on the board
 * @property {(message: string, t: Translate, api: ModuleApi<S>) => string} [refusal]
 * @property {(before: V, after: V, action: string, settings: Record<string, any>) =>
 *   {duration: number}|null} [animation]
 * @property {(view: V, state: S) => boolean} [animating] keep drawing (a bar sliding, a ring growing)
 * @property {(side: string, t: Translate, view: V, settings: Record<string, any>) => string} [sideName]
 * @property {(side: string, settings: Record<string, any>, view: V, colors: Palette) => string|null} [sideColor]
 * @property {(action: string, view: V, t: Translate, move: string) => string} [actionText] a move in
 *   words (said when played, in a hint); `move` is the action as the game writes it (engine.move:
 *   gomoku "h8"), the way the move list writes it, and the words name the move so
 * @property {(move: string, t: Translate) => string} [moveName] a move as the game writes it (the
 *   move list's and the review's notation) in the words a player reads it by (tic-tac-toe's "top
 *   right", minesweeper's "column 5, row 2"); absent: the notation is what the board shows
 * @property {(action: string, view: V, w: number, h: number) => MovePlace} [movePlace] where an
 *   action on `view` goes on a board of w x h px (the review's arrow of a better move)
 * @property {(info: any, view: V, t: Translate, move: string) => string} [hintText] a hint in words:
 *   `info` the AI's answer, `move` its action as the game writes it
 * @property {(view: V, t: Translate, ctx: CellContext) => Cell[]} [cells] every point of the board, for
 *   a screen reader's grid
 * @property {(action: string, before: V, after: V) => boolean} [captures] whether a move took a
 *   piece (its sound: app/sound.js)
 * @property {(action: string, view: V) => string|null} [landing] the cell whose contents a move
 *   reveals (a flip, an opened cell): said after the move
 * @property {(view: V, t: Translate) => string} [positionNotes] what the whole position's reading
 *   adds to the counts of pieces (the threats the game sees)
 * @property {(api: ModuleApi<S>) => Promise<string>} [engineNotes] what the engine's analysis
 *   adds to the position's reading, asked of the worker ('' when nothing): said after it
 * @property {(view: V, t: Translate) => string} [statusText] one-player games
 * @property {(api: ModuleApi<S>) => void} [onRefresh]
 * @property {(node: HTMLElement, api: ModuleApi<S>) => void} [extraControls]
 * @property {(api: ModuleApi<S>) => Node|null} [resultBody]
 * @property {(info: any, api: ModuleApi<S>) => void} [aiNote] what the engine said of the computer's move
 * @property {LibraryWay} [library] what My games keeps, shows and carries of this game's finished games
 */

/** @type {Record<string, GameModule>} */
export const gameModules = {};

/** Game modules call this once, when their module is imported.
 * @template V, S @param {GameModule<V, S>} mod */
export function registerGame(mod) {
  gameModules[mod.id] = mod;
}

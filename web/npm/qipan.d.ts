// Qipan (棋盘): the package's public types, for `import ... from 'qipan'`
// and for the classic script's global `Qipan` (`qipan/classic`). Written by
// hand beside the JSDoc types they mirror (web/src/app/app.js MountOptions,
// web/src/app/mount.js MountHandle, web/src/engine/api.js QipanEngine);
// tests/browser/package.test.cjs type-checks a consumer against them.

/** A game's id, as engine.list() gives them. */
export type GameId = 'tictactoe' | 'gomoku' | 'connect4' | 'minesweeper' | 'ponghauqi' | 'beast';

/** Options of mount(), and the attributes of <qipan-game>. Exact: a misspelt
 * option is a type error in an object literal. */
export interface MountOptions {
  /** The game to open (default: the last one played, or the first). */
  game?: GameId;
  /** Against the computer, two players on one device, or a puzzle: find the move from
   * `pos` against the computer's best (a restart goes back to `pos`). */
  mode?: 'ai' | 'pvp' | 'puzzle';
  /** The computer's level, 1 to the game's maxLevel. */
  level?: number | string;
  /** 'zh' or 'en' (default: the browser's preference). */
  lang?: 'zh' | 'en';
  /** Who moves first. */
  first?: 'human' | 'ai';
  /** The full page (a document of its own), not an embedded game. */
  page?: boolean;
  /** Show the game picker (default: when no game is given). */
  picker?: boolean;
  /** The localStorage key of the settings and the game in progress. */
  storageKey?: string;
  /** How long the computer may think before its worker is replaced, ms. */
  aiTimeoutMs?: number | string;
  /** 'normal' or 'cb' (colour-blind safe). */
  palette?: 'normal' | 'cb';
  /** Open at this position (a POS string), not at the saved game. */
  pos?: string;
  /** A new game's params (e.g. '19x19 renju'), not the settings'. */
  params?: string;
  /** Open this shared game: a link, its fragment, or a record. */
  link?: string;
  /** Show the position only: no moves, no controls (a diagram). */
  readonly?: boolean;
  /** The address a Share link starts with (default: this page's). */
  shareBase?: string;
  /** My games: every finished game kept in this browser (IndexedDB), listed from the
   * header (default: on for the full page, off for an embedded game). */
  library?: boolean;
}

/** The events of a mounted game, and what each carries (also dispatched on the
 * element as CustomEvents 'qipan-move', 'qipan-end', 'qipan-newgame'). */
export interface GameEvents {
  /** A move was played: `ply` the ply it was played at, `pos` the position after it. */
  move: { game: GameId; action: string; ply: number; pos: string };
  /** The game ended: `status` 'win S', 'draw', 'won' or 'lost'. */
  end: { game: GameId; status: string; reason?: string };
  /** A new game began (`shared` when it came from a link). */
  newgame: { game: GameId; shared?: boolean };
}

/** What a mounted game shows now. */
export interface GameState {
  game: GameId;
  pos: string;
  status: string;
  busy: 'thinking' | 'animating' | null;
  mode: 'ai' | 'pvp' | 'puzzle';
  level: number;
  ply: number;
  history: string[];
  started: boolean;
  restarts: number;
  cursor: string | null;
  selected: unknown;
  /** The position on the board (an earlier one while replaying). */
  shown: string;
  replay: number | null;
}

/** What mount() returns. */
export interface GameHandle {
  /** Resolves once the game is shown. */
  readonly ready: Promise<GameHandle>;
  destroy(): void;
  newGame(): void;
  on<K extends keyof GameEvents>(type: K, listener: (detail: GameEvents[K]) => void): GameHandle;
  /** Where a target (a cell, a point) is on the page, in client pixels; first scrolled
   * into the board's frame when `reveal`: for tests and automation. */
  targetPoint(id: string | number, reveal?: boolean): { x: number; y: number } | null;
  /** null until the game is shown. */
  readonly state: GameState | null;
}

/** A game's players, levels and params, from engine.info(). */
export interface GameInfo {
  id: GameId;
  /** 1 or 2. */
  players: number;
  /** One letter a player ("xo", "12", "bw", "rb"). */
  sides: string;
  maxLevel: number;
  defaultLevel: number;
  /** Whether a new game deals from its seed (minesweeper, beast): only then does a link carry it. */
  dealt: boolean;
}

export interface AiOptions {
  /** 1 to the game's maxLevel. */
  level?: number | string;
  /** Fixes every random choice. */
  seed?: number | string;
}

export interface AiInfo {
  action: string;
  /** Work done. */
  nodes?: number;
  /** Game-specific (see the game's header in src/games). */
  score?: number;
  /** English words for the score. */
  note?: string;
}

/** What open() reads from a link or a record. */
export interface OpenedGame {
  game: GameId;
  /** The params text, or "=POS". */
  start: string;
  /** null for a "=POS" start. */
  params: string | null;
  /** The deal's seed, for games that deal from one. */
  seed: string | null;
  /** The moves as the engine's actions ("7,7"). */
  actions: string[];
  /** The same in record notation ("h8"). */
  moves: string[];
  /** The POS after 0, 1, ... n moves. */
  positions: string[];
  /** The canonical link fragment. */
  link: string;
  /** The canonical record line. */
  record: string;
  /** The link asked to open the game in its review (a last section "review"). */
  review?: true;
}

/** One ply of a review (docs/contract.md, "Review"): values are the mover's win chance in
 * [0, 1]. */
export interface ReviewPly {
  ply: number;
  /** The move played and the engine's best there, as the move list writes them. */
  move: string;
  best: string;
  side: string;
  value_before: number;
  value_after: number;
  /** True where the value is proven (solved games, a found forced win). */
  exact: boolean;
  outcome_before?: 'win' | 'draw' | 'loss';
  outcome_after?: 'win' | 'draw' | 'loss';
  distance_before?: number;
  distance_after?: number;
  /** null for a move that is not judged (a minesweeper flag). */
  class: 'best' | 'good' | 'inaccuracy' | 'mistake' | 'blunder' | null;
  /** A proven win was on the board and the move lost it. */
  missed_win: boolean;
  /** Minesweeper: the chance the cell was a mine, given what was shown. */
  p_mine?: number;
  safe_known?: boolean;
  forced_guess?: boolean;
  /** Minesweeper, the click that exploded: the cells provably safe then ("x,y"). */
  safe?: string[];
  /** A won position: the best move's win in the mover's moves, itself included. */
  win_in?: number;
  /** Gomoku, a won position: how the best move wins. */
  win_by?: 'five' | 'four' | 'vcf' | 'vct' | 'search';
  [extra: string]: unknown;
}

/** A side's counts of each class and its accuracy (0-100). */
export interface ReviewSummary {
  moves: number;
  best: number;
  good: number;
  inaccuracy: number;
  mistake: number;
  blunder: number;
  accuracy: number;
}

/** What review() answers. */
export interface Review {
  game: GameId;
  level: number;
  plies: ReviewPly[];
  summary: Record<string, ReviewSummary>;
  /** False while a review a ply at a time is not finished. */
  complete: boolean;
}

/** The engine: the CLI's contract over POS strings (docs/contract.md, "Position strings"). Every
 * call throws an Error (name 'QipanError' for the engine's own refusals) on bad input,
 * and before `ready` has resolved. */
export interface QipanEngine {
  list(): GameId[];
  info(game: GameId): GameInfo;
  /** The start POS. */
  newGame(game: GameId, params?: string | null, seed?: number | string | null): string;
  legal(game: GameId, pos: string): string[];
  /** The new POS (all or nothing). */
  apply(game: GameId, pos: string, action: string | string[]): string;
  /** The legal move as links, records and the move list write it (gomoku "7,7" -> "h8"). */
  move(game: GameId, pos: string, action: string): string;
  /** "turn S", "win S", "draw", "playing", "won", "lost". */
  status(game: GameId, pos: string): string;
  /** The board as text. */
  show(game: GameId, pos: string): string;
  /** The position as the page draws it (JSON, game-specific). */
  describe(game: GameId, pos: string): any;
  /** The computer's action. */
  ai(game: GameId, pos: string, opts?: AiOptions): string;
  aiInfo(game: GameId, pos: string, opts?: AiOptions): AiInfo;
  /** Every option's value (JSON, game-specific). */
  analyze(game: GameId, pos: string, opts?: AiOptions): any;
  /** The link fragment (after '#'): start is a params text or "=POS". */
  link(game: GameId, start: string, seed?: number | string | null, actions?: string[]): string;
  /** The same game as a record line, "GAME START | MOVES". */
  record(game: GameId, start: string, seed?: number | string | null, actions?: string[]): string;
  /** A link fragment, a whole address or a record, every move replayed and checked. */
  open(text: string): OpenedGame;
  /** The game of a link or a record judged move by move (docs/contract.md, "Review"). */
  review(text: string, level?: number | string | null): Review;
  /** A review a ply at a time (progress and cancel between plies): begin, then step
   * until every ply is judged; result gives the plies judged so far. */
  reviewBegin(text: string, level?: number | string | null): any;
  reviewStep(): ReviewPly;
  reviewResult(): Review;
}

/** Draws a game inside `element` (in a shadow root); mounting again on the same element
 * replaces the game. */
export declare function mount(element: HTMLElement, options?: MountOptions): GameHandle;

/** The engine; it answers once `ready` has resolved. */
export declare const engine: QipanEngine;

/** The package's version. */
export declare const version: string;

/** Everything at once: the classic script's global `Qipan`, and this module's default. */
export interface QipanApi {
  readonly version: string;
  readonly engine: QipanEngine;
  readonly ready: Promise<QipanApi>;
  mount(element: HTMLElement, options?: MountOptions): GameHandle;
}

/** Resolves once the engine is loaded. */
export declare const ready: Promise<QipanApi>;

declare const Qipan: QipanApi;
export default Qipan;

/** <qipan-game>: defined when the package is imported (or the classic script runs). */
export interface QipanGameElement extends HTMLElement {
  /** The mounted game, once connected. */
  qipan: GameHandle | null;
}

declare global {
  interface HTMLElementTagNameMap {
    'qipan-game': QipanGameElement;
  }
}

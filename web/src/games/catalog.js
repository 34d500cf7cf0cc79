/* games/catalog.js: the games the page offers, in the picker's order, and
 * their names. One without a module (games/index.js) or not built into the
 * engine shows "coming soon". tools/bundle.cjs and tools/check_owners.cjs
 * read CATALOG's literal. */

/** @typedef {import('../i18n.js').Lang} Lang */

/** Every game of the picker. */
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

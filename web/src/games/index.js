/* games/index.js: every game's drawing module, each registering itself
 * (app/registry.js). A seventh game is one more line here. */
import './tictactoe.js';
import './gomoku.js';
import './connect4.js';
import './minesweeper.js';
import './ponghauqi.js';
import './beast.js';

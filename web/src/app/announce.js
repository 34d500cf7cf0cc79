/* app/announce.js: what a screen reader says, in the game's words: a move
 * as it is played (ours and the computer's) and, on the R key, the whole
 * position for a player who cannot glance at the board. The status line
 * and the messages (a refused move and why) are live regions of their own
 * (shell.js, ui/dialog.js Toast). */
import { cellsOf, moveWords, sideName } from './words.js';

/** @typedef {import('./app.js').App} App */

/** A move in words, and what it revealed: "电脑：翻开 b4：红方虎".
 * @param {App} app @param {string} action @param {any} before the view it was played on
 * @param {any} after the view it led to @param {boolean} byAi */
export function moveAnnouncement(app, action, before, after, byAi) {
  const game = app.game, t = app.t.bind(app);
  const move = game.writtenMoves()[game.ply() - 1] || action;
  let words = moveWords(game, t, action, before, move);
  const landed = game.mod.landing ? game.mod.landing(action, after) : null;
  const cell = landed === null ? null : cellsOf(game, t, after).find((c) => c.key === landed);
  const side = moverName(app, before, words);
  if (cell) words = t('moveLanded', { move: words, what: cell.what });
  let who = game.rec.mode === 'ai' && game.info.players === 2 ? t(byAi ? 'computer' : 'you') : '';
  // Whose disc or stone, in the game's words, as the status line says it
  // ("你（红方）：第4列", "Red: column 4"), unless the move already names it ("Black h8").
  if (side) who = who ? t('whoSide', { who, side }) : side;
  return who ? t('moveMade', { who, move: words }) : words;
}

/** The name of the side that moved on `before` ("红方", "Red", "X"), or ''
 * where the side is not known yet (dark chess before the first flip), the
 * game has one player, or the move's words name it already.
 * @param {App} app @param {any} before @param {string} words */
function moverName(app, before, words) {
  const game = app.game, status = String((before && before.status) || '');
  if (game.info.players !== 2 || !game.mod.sideName || !/^turn ./.test(status)) return '';
  const letter = status.charAt(5);
  if (letter === '?') return '';
  const name = sideName(game, app.t.bind(app), letter);
  return name && words.indexOf(name) < 0 ? name : '';
}

/** The whole position in words: the status, how many of each piece, the
 * last move, the line under the controls and what the game adds.
 * @param {App} app @returns {string} */
export function positionWords(app) {
  const t = app.t.bind(app), game = app.game, shell = app.shell;
  /** @type {Map<string, number>} */
  const counts = new Map();
  for (const c of cellsOf(game, t, game.view)) counts.set(c.what, (counts.get(c.what) || 0) + 1);
  const parts = [shell.statusNode.textContent || ''];
  parts.push(Array.from(counts, ([what, n]) => t('countOf', { what, n })).join(t('listSep')));
  const last = lastMoveWords(app);
  if (last) parts.push(t('lastMoveWas', { move: last }));
  parts.push(shell.infoNode.textContent || '');
  if (game.mod.positionNotes) parts.push(game.mod.positionNotes(game.view, t));
  return parts.filter((p) => p).join(t('sentenceSep'));
}

/** The move that led to the position shown, in the game's words; '' at the start.
 * @param {App} app */
function lastMoveWords(app) {
  const game = app.game, ply = game.shownPly();
  const action = (game.moves() || [])[ply - 1], move = game.writtenMoves()[ply - 1];
  if (!action || !move) return '';
  return moveWords(game, app.t.bind(app), action, game.engine.describe(game.gameId, game.rec.history[ply - 1]), move);
}

/** Says the position; said again when asked again (a live region speaks
 * only what changes). @param {App} app */
export function readPosition(app) {
  const game = app.game, shell = app.shell, scope = app.scope;
  const words = positionWords(app), say = (/** @type {string} */ text) => {
    shell.say('');
    scope.later(() => shell.say(text), 60);
  };
  const ask = game.mod.engineNotes;
  if (!ask || game.replay !== null) {
    say(words);
    return;
  }
  // The engine's words (from the worker, never blocking the page) with the
  // rest when they come at once, else after it.
  const pos = game.pos();
  let said = false;
  scope.later(() => {
    if (said) return;
    said = true;
    say(words);
  }, 300);
  ask(app.api).then((more) => {
    if (app.destroyed || game.pos() !== pos) return;
    if (!said) {
      said = true;
      say(more ? words + app.t('sentenceSep') + more : words);
    } else if (more) {
      say(more);
    }
  }, () => {});
}

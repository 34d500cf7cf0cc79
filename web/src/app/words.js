/* app/words.js: the game in play in a player's words, from the game's
 * module: a side's name, a move, a hint, the result, the status line, and
 * what stands on each point (for the screen reader's grid). DOM-free, as
 * the model they read (game-model.js). */

/** @typedef {import('./game-model.js').GameModel} GameModel */
/** @typedef {import('../i18n.js').Translate} Translate */
/** @typedef {import('../ui/draw.js').Palette} Palette */
/** @typedef {import('./registry.js').Cell} Cell */

/**
 * The status line: whose turn, thinking, or the result, and the dot of the
 * side to move's colour.
 * @typedef {{text: string, color?: string|null, thinking?: boolean}} StatusLine
 */

/** @param {GameModel} game @param {Translate} t @param {string} side */
export function sideName(game, t, side) {
  const mod = game.mod;
  return mod.sideName ? mod.sideName(side, t, game.view, game.settings()) : side;
}

/** A move in words: the module's words around the move as the game writes
 * it (engine.move), else that move alone.
 * @param {GameModel} game @param {Translate} t @param {string} action @param {any} view the
 *   position it is played on @param {string} move */
export function moveWords(game, t, action, view, move) {
  return game.mod.actionText ? game.mod.actionText(action, view, t, move) : move;
}

/** A move as the game writes it (the move list's, the review's) in a
 * player's words: the module's (tic-tac-toe's "top right", minesweeper's
 * "column 5, row 2"), else as written.
 * @param {GameModel} game @param {Translate} t @param {string} move */
export function moveName(game, t, move) {
  return game.mod.moveName ? game.mod.moveName(move, t) : move;
}

/** A hint in words: the module's, else "Hint: " and the move.
 * @param {GameModel} game @param {Translate} t @param {any} info the computer's answer
 * @param {string} move its action as the game writes it */
export function hintWords(game, t, info, move) {
  if (game.mod.hintText) return game.mod.hintText(info, game.view, t, move);
  return t('hintIs', { move: moveWords(game, t, info.action, game.view, move) });
}

/** The words of a finished game. @param {GameModel} game @param {Translate} t */
export function resultTitle(game, t) {
  const st = game.status;
  if (st === 'won') return t('youWin');
  if (st === 'lost') return t('youLose');
  if (st === 'draw') return t('draw');
  const winner = st.charAt(4);
  if (game.rec.mode === 'ai') return winner === game.humanSide() ? t('youWin') : t('youLose');
  return t('sideWins', { side: sideName(game, t, winner) });
}

/** Why a finished game ended, in words ('' where the game gives no reason).
 * @param {GameModel} game @param {Translate} t */
export function resultReason(game, t) {
  return game.view && game.view.reason ? t('reason_' + game.view.reason) : '';
}

/** The status line of the game shown.
 * @param {GameModel} game @param {Translate} t @param {boolean} thinking the computer is thinking
 * @param {Palette} colors @returns {StatusLine} */
export function statusLine(game, t, thinking, colors) {
  const rec = game.rec, mod = game.mod;
  if (game.replay !== null) return { text: t('viewingMove', { n: game.replay, total: game.ply() }), thinking };
  if (thinking) return { text: t('thinking'), thinking };
  if (!rec.started) return { text: t('newGame') };
  if (game.isOver()) {
    const reason = resultReason(game, t);
    return { text: resultTitle(game, t) + (reason ? ' — ' + reason : '') };
  }
  if (game.info.players === 1) return { text: mod.statusText ? mod.statusText(game.view, t) : '' };
  const side = game.status.charAt(5);
  const color = mod.sideColor ? mod.sideColor(side, game.settings(), game.view, colors) : null;
  const name = side === '?' ? '' : sideName(game, t, side);
  const text = rec.mode === 'ai' && game.humanTurn() ? t('yourTurn') + (side !== '?' ? ' (' + name + ')' : '') :
    t('turnOf', { side: name });
  return { text, color };
}

/** The module's cells of a position (none before a game shows, or for a
 * module without them). @param {GameModel} game @param {Translate} t @param {any} view
 * @returns {Cell[]} */
export function cellsOf(game, t, view) {
  if (!view || !game.mod.cells) return [];
  return game.mod.cells(view, t, { sideName: (side) => sideName(game, t, side), settings: game.settings() });
}

/* app/input.js: a press on the board or a key, turned into what it means
 * in this game (the module says which action a target is), and where the
 * board's targets are (the keyboard's cursor keeps its target in view). */
import { readPosition } from './announce.js';
import { stepReplay } from './replay.js';

/** @typedef {import('./app.js').App} App */
/** @typedef {import('./registry.js').Target} Target */
/** @typedef {import('./registry.js').Cell} Cell */

/** A press on the board: the module says what it means here.
 * @param {App} app @param {string|null} target @param {any} [extra] */
export function press(app, target, extra) {
  const t = app.t.bind(app), game = app.game, mod = game.mod, busy = app.ai.busy();
  if (target === null || target === undefined) return;
  // A button the module draws on the board (a restart face) works in any state.
  if (mod.onButton && mod.onButton(target, app.api, extra || {})) return;
  if (busy === 'animating') return; // clicks during a move are ignored
  if (busy === 'thinking') {
    app.shell.toast(t('waitAi'));
    return;
  }
  if (game.isOver() || !game.rec.started) return;
  if (!game.humanTurn()) {
    app.shell.toast(t('notYourTurn'));
    return;
  }
  const res = mod.act(target, game.view, app.uiState(), extra || {});
  if (!res) return;
  if (res.toast) app.shell.toast(t(res.toast));
  if ('select' in res) {
    game.mark({ selected: res.select });
    app.shell.board.invalidate();
  }
  if (res.action) app.play(res.action, false);
}

/** The pointer over the board (x null: it left), or a press.
 * @param {App} app @param {number|null} x @param {number|null} y @param {string} kind @param {any} extra */
export function onPoint(app, x, y, kind, extra) {
  const game = app.game, board = app.shell.board;
  if (!game.view) return;
  const target = x === null || y === null ? null : game.mod.hit(game.view, board.width, board.height, x, y);
  if (kind === 'press') {
    game.mark({ cursor: null });
    press(app, target, extra);
    return;
  }
  if (target !== game.marks.hover) {
    game.mark({ hover: target });
    board.invalidate();
  }
}

const ARROWS = /** @type {Record<string, number[]>} */ ({
  ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1],
});

/** The target an arrow key leads to from `cur`: boards that are not grids
 * say where (nav); else the nearest target that way.
 * @param {Target[]} targets @param {Target} cur @param {string} key @returns {Target} */
function step(targets, cur, key) {
  if (cur.nav && cur.nav[key]) {
    const to = cur.nav[key];
    return targets.find((tg) => tg.id === to) || cur;
  }
  const d = ARROWS[key];
  let best = null, bestScore = Infinity;
  for (const tg of targets) {
    const dx = tg.col - cur.col, dy = tg.row - cur.row;
    const along = dx * d[0] + dy * d[1];
    if (along <= 0) continue;
    const across = Math.abs(dx * d[1]) + Math.abs(dy * d[0]);
    const score = along + across * 2.5;
    if (score < bestScore) {
      bestScore = score;
      best = tg;
    }
  }
  return best || cur;
}

/** Keys: U undo, H hint, N restart, R read the position, arrows move the
 * cursor (while replaying, ← and → step through the game), Enter or Space
 * act (F the secondary action: a flag).
 * @param {App} app @param {KeyboardEvent} e */
export function onKey(app, e) {
  const key = e.key, game = app.game, board = app.shell.board;
  if (game.replay !== null && (key === 'ArrowLeft' || key === 'ArrowRight')) {
    e.preventDefault();
    stepReplay(app, key === 'ArrowLeft' ? -1 : 1);
    return;
  }
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const lower = key.length === 1 ? key.toLowerCase() : key;
  const commands = /** @type {Record<string, () => void>} */ ({
    u: () => app.undo(), h: () => app.ai.hint(), n: () => app.newGame(), r: () => readPosition(app),
  });
  if (commands[lower]) {
    commands[lower]();
    e.preventDefault();
    return;
  }
  const targets = game.mod.targets(game.view, board.width, board.height);
  if (!targets.length) return;
  let cur = targets.find((tg) => tg.id === game.marks.cursor) || null;
  // Enter on a board whose cursor is not shown yet: there, as if it were.
  if (!cur && (key === 'Enter' || key === ' ' || lower === 'f')) {
    cur = homeTarget(app, targets);
    game.mark({ cursor: cur.id });
    board.invalidate();
  }
  if (ARROWS[key]) {
    e.preventDefault();
    cur = cur ? step(targets, cur, key) : targets[Math.floor(targets.length / 2)];
    game.mark({ cursor: cur.id });
    revealTarget(app, cur.id);
    board.invalidate();
    return;
  }
  if (key === 'Enter' || key === ' ' || lower === 'f') {
    e.preventDefault();
    if (cur) press(app, cur.id, { secondary: lower === 'f', keyboard: true });
  }
}

/** Where the keyboard's cursor starts: on the last move shown (where its
 * piece went: GameModule.movePlace, or the cell it revealed: landing),
 * else the centre of the board.
 * @param {App} app @param {Target[]} targets @returns {Target} */
function homeTarget(app, targets) {
  const game = app.game, mod = game.mod, board = app.shell.board, shown = game.shownPly();
  const action = shown > 0 ? (game.moves() || [])[shown - 1] : undefined;
  const centre = targets[Math.floor(targets.length / 2)];
  if (action === undefined) return centre;
  if (mod.movePlace) {
    const to = mod.movePlace(action, game.engine.describe(game.gameId, game.rec.history[shown - 1]),
      board.width, board.height).to;
    const d = (/** @type {Target} */ tg) => Math.hypot(tg.x - to[0], tg.y - to[1]);
    return targets.reduce((best, tg) => (d(tg) < d(best) ? tg : best), centre);
  }
  const landed = mod.landing ? mod.landing(action, game.view) : null;
  return targets.find((tg) => tg.id === landed) || centre;
}

/** The board took the focus: from the keyboard (or after it), its cursor
 * shows at once, on the last move or the centre. @param {App} app @param {boolean} keyboard */
export function boardFocused(app, keyboard) {
  const game = app.game, board = app.shell.board;
  if (!keyboard || !game.view || game.marks.cursor !== null) return;
  const targets = game.mod.targets(game.view, board.width, board.height);
  if (!targets.length) return;
  game.mark({ cursor: homeTarget(app, targets).id });
  board.invalidate();
}

/** A cell of the screen reader's grid took the focus: the board's cursor
 * goes there. @param {App} app @param {string} target */
export function focusTarget(app, target) {
  app.game.mark({ cursor: target });
  revealTarget(app, target);
  app.shell.board.invalidate();
}

/** Enter, Space or F on a cell of the grid; a piece picked up (dark
 * chess) is said. @param {App} app @param {Cell} cell @param {boolean} secondary */
export function pressCell(app, cell, secondary) {
  const game = app.game, held = game.marks.selected;
  press(app, cell.target, { secondary, keyboard: true });
  if (game.marks.selected && game.marks.selected !== held) {
    app.shell.say(app.t('picked', { what: app.t('cellName', { coord: cell.coord, what: cell.what }) }));
  }
}

/** Where a target is on the page, in client pixels; null when there is
 * none. @param {App} app @param {string} id */
export function targetPoint(app, id) {
  const game = app.game, board = app.shell.board;
  if (!game.view) return null;
  const found = game.mod.targets(game.view, board.width, board.height).find((tg) => tg.id === id);
  if (!found) return null;
  const r = board.canvas.getBoundingClientRect();
  return { x: r.left + found.x * r.width / board.width, y: r.top + found.y * r.height / board.height };
}

/** Scrolls a board larger than its frame so that a target shows.
 * @param {App} app @param {string} id @returns {boolean} whether the target exists */
export function revealTarget(app, id) {
  const at = targetPoint(app, id);
  if (!at) return false;
  const wrap = /** @type {HTMLElement} */ (app.shell.stage.parentNode);
  const frame = wrap.getBoundingClientRect(), margin = 40;
  if (at.x < frame.left + margin) wrap.scrollLeft -= frame.left + margin - at.x;
  else if (at.x > frame.right - margin) wrap.scrollLeft += at.x - (frame.right - margin);
  if (at.y < frame.top + margin) wrap.scrollTop -= frame.top + margin - at.y;
  else if (at.y > frame.bottom - margin) wrap.scrollTop += at.y - (frame.bottom - margin);
  return true;
}

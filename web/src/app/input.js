/* app/input.js: a press on the board or a key, turned into what it means
 * in this game (the module says which action a target is). */

/** @typedef {import('./app.js').App} App */
/** @typedef {import('./registry.js').Target} Target */

/** A press on the board: the module says what it means here.
 * @param {App} app @param {string|null} target @param {any} [extra] */
export function press(app, target, extra) {
  const t = app.t.bind(app);
  if (target === null || target === undefined) return;
  // A button the module draws on the board (a restart face) works in any state.
  if (app.mod.onButton && app.mod.onButton(target, app.api(), extra || {})) return;
  if (app.busy === 'animating') return; // clicks during a move are ignored
  if (app.busy === 'thinking') {
    app.toast(t('waitAi'));
    return;
  }
  if (app.isOver() || !app.rec.started) return;
  if (!app.humanTurn()) {
    app.toast(t('notYourTurn'));
    return;
  }
  const res = app.mod.act(target, app.view, app.uiState(), extra || {});
  if (!res) return;
  if (res.toast) app.toast(t(res.toast));
  if ('select' in res) {
    app.ui.selected = res.select;
    app.board.invalidate();
  }
  if (res.action) app.play(res.action, false);
}

/** The pointer over the board (x null: it left), or a press.
 * @param {App} app @param {number|null} x @param {number|null} y @param {string} kind @param {any} extra */
export function onPoint(app, x, y, kind, extra) {
  if (!app.view) return;
  const target = x === null || y === null ? null : app.mod.hit(app.view, app.board.width, app.board.height, x, y);
  if (kind === 'press') {
    app.ui.cursor = null;
    press(app, target, extra);
    return;
  }
  if (target !== app.ui.hover) {
    app.ui.hover = target;
    app.board.invalidate();
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

/** Keys: U undo, H hint, N restart, R read the position, arrows move the cursor, Enter or
 * Space act (F the secondary action: a flag).
 * @param {App} app @param {KeyboardEvent} e */
export function onKey(app, e) {
  const key = e.key;
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const lower = key.length === 1 ? key.toLowerCase() : key;
  const commands = /** @type {Record<string, () => void>} */ ({
    u: () => app.undo(), h: () => app.hint(), n: () => app.restart(), r: () => app.readPosition(),
  });
  if (commands[lower]) {
    commands[lower]();
    e.preventDefault();
    return;
  }
  const targets = app.mod.targets(app.view, app.board.width, app.board.height);
  if (!targets.length) return;
  let cur = targets.find((tg) => tg.id === app.ui.cursor) || null;
  if (ARROWS[key]) {
    e.preventDefault();
    cur = cur ? step(targets, cur, key) : targets[Math.floor(targets.length / 2)];
    app.ui.cursor = cur.id;
    app.revealTarget(cur.id);
    app.board.invalidate();
    return;
  }
  if (key === 'Enter' || key === ' ' || lower === 'f') {
    e.preventDefault();
    if (cur) press(app, cur.id, { secondary: lower === 'f', keyboard: true });
  }
}

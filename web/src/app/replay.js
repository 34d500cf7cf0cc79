/* app/replay.js: looking at an earlier position without losing the game
 * (App.viewPly shows one), a move at a time, and playing on from it. */

/** @typedef {import('./app.js').App} App */

/** ← and →: one move back or on. @param {App} app @param {number} by */
export function stepReplay(app, by) {
  app.viewPly(app.game.shownPly() + by);
}

/** Drops the moves after the position shown and plays on from it.
 * @param {App} app */
export function playOnFromHere(app) {
  if (!app.game.playOn()) return;
  app.result.forget();
  app.refresh();
  app.ai.move();
}

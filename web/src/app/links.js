/* app/links.js: games that travel in. A link (its fragment, or a whole
 * address) or a record opens the game it names at its last position, with
 * its moves to replay (App.openGame); a host's `link` or `pos`, and the
 * page's #fragment, whenever it changes. One that does not open says why,
 * over the game it leaves as it was. The engine reads links and records
 * (engine.open). */
import { engine } from '../engine/load.js';
import { dialog } from '../ui/dialog.js';

/** @typedef {import('./app.js').App} App */

/** Opens a link or a record: the game it names, at its last position,
 * with its moves to replay. Asks first when that game is in progress.
 * Returns '' when it opened (or waits for the player's answer), else why
 * not, in the engine's words. `said`: the words that say it opened (else
 * a shared game's); `then`: what follows once it is open (My games).
 * @param {App} app @param {string} text
 * @param {{ask?: boolean, said?: (game: import('../engine/api.js').OpenedGame) => string,
 *   then?: () => void}} [how] */
export function openShared(app, text, how) {
  /** @type {import('../engine/api.js').OpenedGame} */
  let game;
  try {
    game = engine.open(text);
  } catch (e) {
    return /** @type {Error} */ (e).message;
  }
  if (!app.games.includes(game.game)) return app.t('linkNoGame');
  if (app.opts.game && app.opts.game !== game.game && !app.shell.picker) return app.t('linkNoGame');
  // A link with its "review" section opens the game in its review.
  const go = () => {
    app.openGame(game, how && how.said ? how.said(game) : undefined);
    if (game.review) app.review.start();
    if (how && how.then) how.then();
  };
  if (app.game.gameId !== game.game) app.selectGame(game.game);
  if (how && how.ask) app.confirmNewGame(go);
  else go();
  return '';
}

/** A game the host or the address brings: the mount's `link` or `pos`,
 * or the page's #fragment (then also whenever it changes). A link that
 * does not open says why; the game shown stays as it was.
 * @param {App} app @returns {() => void} what stops following the address */
export function openGiven(app) {
  const o = app.opts;
  if (o.link) openLink(app, o.link, false);
  else if (o.pos) app.openPos(o.pos);
  if (!app.page) return () => {};
  const fromAddress = () => {
    const hash = String(location.hash || '');
    if (hash.length < 2 || app.destroyed) return;
    openLink(app, hash, true);
    // Opened or not, the address goes back to the page's own, so that a
    // reload shows the game being played, not the link again.
    try {
      history.replaceState(null, '', String(location.href).split('#')[0]);
    } catch { /* a page that refuses: the link opens again on reload, asking first */ }
  };
  fromAddress();
  window.addEventListener('hashchange', fromAddress);
  return () => window.removeEventListener('hashchange', fromAddress);
}

/** @param {App} app @param {string} text @param {boolean} ask */
function openLink(app, text, ask) {
  const why = openShared(app, text, { ask });
  if (why) refuse(app, why);
}

/** The engine's reason in the player's language: which move fails, or
 * that the text is not a whole link (the engine speaks English).
 * @param {App} app @param {string} why */
export function reason(app, why) {
  if (app.lang === 'en') return why;
  const move = /^move (\d+) \(([^)]*)\)/.exec(why);
  if (move) return app.t('linkBadMove', { n: move[1], move: move[2] });
  return /unknown game/.test(why) ? app.t('linkNoGame') : app.t('linkBroken');
}

/** Says on a card why a link, a record or a position does not open.
 * @param {App} app @param {string} why */
export function refuse(app, why) {
  app.scope.keep(dialog(app.shell.stage, {
    title: app.t('linkBadTitle'), text: app.t('linkBad', { why: reason(app, why) }), focus: app.engaged,
    returnTo: () => app.focusBoard(),
    buttons: [{ label: app.t('ok'), primary: true }],
  }));
}

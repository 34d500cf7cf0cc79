/* app/travel.js: games that travel. The record of the game shown (where
 * it started and its moves, in the game's own notation), the Share card
 * (a link, the record, a box to paste one into), opening a link or a
 * record, and replay: looking at an earlier position without losing the
 * game, or playing on from it. The engine reads and writes links and
 * records (engine.link, engine.record, engine.open): the page only
 * carries them. */
import { engine } from '../engine/load.js';
import { dialog, hasFocus } from '../ui/dialog.js';
import { el } from '../ui/dom.js';
import { seedValid } from './saved-game.js';

/** @typedef {import('./app.js').App} App */

/** The actions from the start to the position shown, one per ply; derived
 * from the positions when the stored game kept none (a game saved before
 * the page kept its moves). null when they cannot be found.
 * @param {App} app @returns {string[]|null} */
export function movesOf(app) {
  const rec = app.rec, h = rec.history;
  if (Array.isArray(rec.moves) && rec.moves.length === h.length - 1) return rec.moves;
  /** @type {string[]} */
  const found = [];
  for (let i = 0; i + 1 < h.length; i++) {
    const next = engine.legal(app.gameId, h[i]).find((a) => engine.apply(app.gameId, h[i], a) === h[i + 1]);
    if (next === undefined) return null;
    found.push(next);
  }
  rec.moves = found;
  return found;
}

/** Where the game began, as a link names it: the params of a new game and
 * its seed when they give the first position, else that position itself.
 * @param {App} app @returns {{start: string, seed: string}} */
function startOf(app) {
  const first = app.rec.history[0], params = app.newGameParams();
  try {
    if (engine.newGame(app.gameId, params, app.rec.seed) === first) {
      // The seed goes in only where it deals (the engine refuses it elsewhere).
      return { start: params, seed: app.info.dealt ? String(app.rec.seed) : '' };
    }
  } catch { /* the position below names it */ }
  return { start: '=' + first, seed: '' };
}

/** What a Share sends: the whole game, or only its first move where the
 * game says so (GameModule.share).
 * @param {App} app */
function sharedMoves(app) {
  const moves = movesOf(app) || [];
  return app.mod.share && app.mod.share.moves === 'first' ? moves.slice(0, 1) : moves;
}

/** The link of the game shown: this page's address and the fragment;
 * with `review`, every move and the section that opens it in review.
 * @param {App} app @param {boolean} [review] */
export function shareLink(app, review) {
  const { start, seed } = startOf(app);
  const fragment = review ? engine.link(app.gameId, start, seed, movesOf(app) || []) + '/review'
    : engine.link(app.gameId, start, seed, sharedMoves(app));
  const base = app.opts.shareBase || String(location.href).split('#')[0];
  return base + '#' + fragment;
}

/** The record of the game shown (one line). @param {App} app */
export function recordText(app) {
  const { start, seed } = startOf(app);
  return engine.record(app.gameId, start, seed, movesOf(app) || []);
}

/** The Share card: the link (copied at once where the browser allows),
 * the record, and a box that opens a pasted link or record; from a
 * review, the link opens the game in its review.
 * @param {App} app @param {{review?: boolean}} [how] */
export function openShareCard(app, how) {
  const t = app.t.bind(app);
  let link = '', record = '';
  try {
    link = shareLink(app, !!(how && how.review));
    record = recordText(app);
  } catch (e) {
    app.toast(t('shareFailed', { why: /** @type {Error} */ (e).message }));
    return;
  }
  const linkBox = /** @type {HTMLInputElement} */ (el('input', { class: 'link', readonly: 'readonly',
    'aria-label': t('shareLink') }));
  linkBox.value = link;
  const copied = el('p', { class: 'note', 'aria-live': 'polite' });
  const recordBox = /** @type {HTMLTextAreaElement} */ (el('textarea', { class: 'record', rows: '3',
    spellcheck: 'false', 'aria-label': t('recordLabel') }));
  recordBox.value = record;
  const problem = el('p', { class: 'problem', 'aria-live': 'polite' });
  const select = () => { linkBox.focus({ preventScroll: true }); linkBox.select(); };
  const copy = () => {
    const clip = navigator.clipboard;
    const done = () => { copied.textContent = t('linkCopied'); };
    // The answer can come late: a player typing in the record box keeps the focus.
    const refused = () => { copied.textContent = t('copyByHand'); if (!hasFocus(recordBox)) select(); };
    if (clip && clip.writeText) clip.writeText(link).then(done, refused);
    else refused();
  };
  const copyButton = el('button', { onclick: copy }, [t('copyLink')]);
  const body = el('div', { class: 'share' }, [
    el('p', { text: t(shareNoteKey(app)) }),
    el('div', { class: 'link-row' }, [linkBox, copyButton]),
    copied,
    el('label', { text: t('recordLabel') }),
    recordBox,
    el('p', { class: 'note', text: t('recordNote') }),
    problem,
  ]);
  const card = dialog(app.parts.stage, {
    title: t('shareTitle'), body, focus: true,
    buttons: [
      { label: t('close') },
      {
        label: t('openRecord'),
        // A pasted text that does not open keeps the card, with the reason.
        check: () => {
          const text = recordBox.value.trim();
          if (text === record.trim()) return true;
          const why = openShared(app, text, { ask: true });
          problem.textContent = why ? t('linkBad', { why: reason(app, why) }) : '';
          return !why;
        },
      },
    ],
    onclose: () => { app.moduleDialogs = app.moduleDialogs.filter((d) => d !== card); },
  });
  app.moduleDialogs.push(card);
  select();
  copy();
}

/** Which words the Share card opens with: what the link carries.
 * @param {App} app */
function shareNoteKey(app) {
  return (app.mod.share && app.mod.share.note) || 'shareNote';
}

/** Opens a link (its fragment, or a whole address) or a record: the game it
 * names, at its last position, with its moves to replay. Asks first when
 * that game is in progress. Returns '' when it opened (or waits for the
 * player's answer), else why not, in the engine's words.
 * @param {App} app @param {string} text @param {{ask?: boolean}} [how] */
export function openShared(app, text, how) {
  /** @type {any} */
  let game;
  try {
    game = engine.open(text);
  } catch (e) {
    return /** @type {Error} */ (e).message;
  }
  if (!app.available().includes(game.game)) return app.t('linkNoGame');
  if (app.opts.game && app.opts.game !== game.game && !app.parts.picker) return app.t('linkNoGame');
  // A link with its "review" section opens the game in its review.
  const go = () => {
    adopt(app, game);
    if (game.review) app.review.start();
  };
  if (app.gameId !== game.game) app.selectGame(game.game);
  if (how && how.ask) app.confirmNewGame(go);
  else go();
  return '';
}

/** The opened game becomes the game shown, the player to move next (on
 * the side to move against the computer).
 * @param {App} app @param {import('../engine/api.js').OpenedGame} game */
function adopt(app, game) {
  app.cancelThinking();
  app.closeDialogs();
  const rec = app.rec;
  app.saved.begin(game.positions, game.actions);
  // The link's moves are already written as the game writes them.
  app.notation.learn(game.game, game.positions[0], game.actions, game.moves);
  const seed = Number(game.seed);
  if (seedValid(seed)) rec.seed = seed;
  rec.started = true;
  const settings = app.mod.adoptParams && game.params !== null ? app.mod.adoptParams(game.params) : null;
  if (settings) app.saved.change({ settings });
  // Against the computer, the one who opens the link plays the side to move.
  if (rec.mode === 'ai' && app.info.players === 2) rec.humanFirst = (rec.history.length - 1) % 2 === 0;
  app.replay = null;
  app.ui.hint = null;
  app.ui.selected = null;
  // A finished game opens on its board, without the result's card.
  const last = app.pos();
  if (/^(turn|playing)/.test(engine.status(app.gameId, last))) app.result.forget();
  else app.result.skip(last);
  app.clearMessage();
  app.refresh();
  app.toast(app.t('linkOpened', { n: rec.history.length - 1 }), 2600);
  app.emit('newgame', { game: app.gameId, shared: true });
}

/* ---- a game given to the page */

/** A game the host or the address brings: the mount's `link` or `pos`,
 * or the page's #fragment (then also whenever it changes). A link that
 * does not open says why; the game shown stays as it was.
 * @param {App} app */
export function openGiven(app) {
  const o = app.opts;
  if (o.link) openLink(app, o.link, false);
  else if (o.pos) openPos(app, o.pos);
  if (!app.page) return;
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
  app.onHash = fromAddress;
  window.addEventListener('hashchange', fromAddress);
}

/** A link that does not open says why on a card, over the game it leaves
 * as it was. @param {App} app @param {string} text @param {boolean} ask */
function openLink(app, text, ask) {
  const why = openShared(app, text, { ask });
  if (why) refuse(app, why);
}

/** The engine's reason in the player's language: which move fails, or
 * that the text is not a whole link (the engine speaks English).
 * @param {App} app @param {string} why */
function reason(app, why) {
  if (app.lang === 'en') return why;
  const move = /^move (\d+) \(([^)]*)\)/.exec(why);
  if (move) return app.t('linkBadMove', { n: move[1], move: move[2] });
  return /unknown game/.test(why) ? app.t('linkNoGame') : app.t('linkBroken');
}

/** @param {App} app @param {string} why */
function refuse(app, why) {
  const card = dialog(app.parts.stage, {
    title: app.t('linkBadTitle'), text: app.t('linkBad', { why: reason(app, why) }), focus: app.engaged,
    buttons: [{ label: app.t('ok'), primary: true }],
    onclose: () => { app.moduleDialogs = app.moduleDialogs.filter((d) => d !== card); },
  });
  app.moduleDialogs.push(card);
}

/** Opens at a position the host gives (a puzzle or a diagram); the player
 * has the side to move. @param {App} app @param {string} pos */
export function openPos(app, pos) {
  try {
    engine.status(app.gameId, pos);
  } catch (e) {
    refuse(app, /** @type {Error} */ (e).message);
    return;
  }
  app.cancelThinking();
  app.closeDialogs();
  const rec = app.rec;
  app.saved.begin([pos]);
  rec.started = true;
  rec.humanFirst = true;
  app.replay = null;
  app.result.forget();
  app.refresh();
  app.maybeAiMove();
}

/* ---- replay */

/** Shows the position after `ply` moves (the last one leaves the replay).
 * @param {App} app @param {number} ply */
export function viewPly(app, ply) {
  const last = app.rec.history.length - 1;
  const to = Math.max(0, Math.min(last, ply));
  if (app.busy === 'thinking') app.cancelThinking();
  app.closeDialogs();
  app.replay = to === last ? null : to;
  app.ui.hint = null;
  app.ui.selected = null;
  app.clearMessage();
  app.refresh();
  if (app.replay === null) app.maybeAiMove();
}

/** ← and →: one move back or on. @param {App} app @param {number} by */
export function stepReplay(app, by) {
  const at = app.replay === null ? app.rec.history.length - 1 : app.replay;
  viewPly(app, at + by);
}

/** Drops the moves after the position shown and plays on from it.
 * @param {App} app */
export function playOnFromHere(app) {
  if (app.replay === null) return;
  const rec = app.rec, keep = app.replay;
  app.saved.backTo(keep);
  app.replay = null;
  app.result.forget();
  // Against the computer, the player takes the side to move here.
  if (rec.mode === 'ai' && app.info.players === 2) rec.humanFirst = keep % 2 === 0;
  app.refresh();
  app.maybeAiMove();
}

/* ---- the move list */

/** @typedef {{box: HTMLElement, list: HTMLElement, back: HTMLButtonElement, on: HTMLButtonElement,
 *   branch: HTMLButtonElement}} MoveListParts */

/** The move list under the controls (turn-based games): numbered moves,
 * a press views that position; buttons step and branch.
 * @param {App} app @returns {MoveListParts|null} */
export function buildMoveList(app) {
  if (app.info.players !== 2) return null;
  const t = app.t.bind(app);
  const list = el('ol', { class: 'moves', tabindex: '0', 'aria-label': t('moveList') });
  list.addEventListener('click', (e) => {
    const item = /** @type {HTMLElement} */ (e.target).closest('li');
    if (item && item.dataset.ply) viewPly(app, Number(item.dataset.ply));
  });
  const nav = (label, title, fn) => /** @type {HTMLButtonElement} */ (el('button', {
    class: 'step', 'aria-label': title, title, onclick: fn }, [label]));
  const first = nav('|◀', t('replayFirst'), () => viewPly(app, 0));
  const back = nav('◀', t('replayBack'), () => stepReplay(app, -1));
  const on = nav('▶', t('replayOn'), () => stepReplay(app, 1));
  const lastButton = nav('▶|', t('replayLast'), () => viewPly(app, app.rec.history.length - 1));
  const branch = /** @type {HTMLButtonElement} */ (el('button', { class: 'branch',
    onclick: () => playOnFromHere(app) }, [t('playOnHere')]));
  const box = el('div', { class: 'record-box' }, [
    el('div', { class: 'replay-row' }, [first, back, on, lastButton, branch]), list]);
  // ← and → step, wherever the focus is in the list or its buttons.
  box.addEventListener('keydown', (e) => {
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      e.preventDefault();
      e.stopPropagation();
      stepReplay(app, e.key === 'ArrowLeft' ? -1 : 1);
    }
  });
  return { box, list, back, on, branch };
}

/** Redraws the list: the move shown marked and in view.
 * @param {App} app */
export function updateMoveList(app) {
  const parts = app.parts.moves;
  if (!parts) return;
  const moves = app.writtenMoves();
  const shown = app.replay === null ? app.rec.history.length - 1 : app.replay;
  const list = parts.list;
  list.innerHTML = '';
  parts.box.hidden = !app.rec.started || app.readonly;
  moves.forEach((m, i) => {
    list.appendChild(el('li', { 'data-ply': String(i + 1), class: i + 1 === shown ? 'on' : null,
      'aria-current': i + 1 === shown ? 'step' : null }, [el('b', { text: String(i + 1) }), m]));
  });
  parts.back.disabled = shown === 0;
  parts.on.disabled = app.replay === null;
  parts.branch.hidden = app.replay === null;
  const current = /** @type {HTMLElement|null} */ (list.querySelector('li.on'));
  if (current) list.scrollTop = Math.max(0, current.offsetTop - list.clientHeight / 2);
  else if (app.replay === null) list.scrollTop = list.scrollHeight;
}

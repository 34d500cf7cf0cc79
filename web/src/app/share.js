/* app/share.js: games that travel out. The link and the record of the
 * game shown (where it started and its moves, in the game's own notation)
 * and the Share card: the link, copied at once where the browser allows,
 * the record, and a box to paste one into (links.js opens it). A page
 * opened from disk has no address a friend can open: its link starts
 * with the hosted copy's address where the build names one (QIPAN_SITE,
 * tools/bundle.cjs), else the card offers the link's fragment, the code
 * that any copy of Qipan opens, and says so. The engine writes links and
 * records (engine.link, engine.record): the page only carries them. */
import { engine } from '../engine/load.js';
import { dialog, hasFocus } from '../ui/dialog.js';
import { el } from '../ui/dom.js';
import { openShared, reason } from './links.js';

/** @typedef {import('./app.js').App} App */

/** Where the game began, as a link names it: the params of a new game and
 * its seed when they give the first position, else that position itself.
 * @param {App} app @returns {{start: string, seed: string}} */
function startOf(app) {
  const game = app.game, first = game.rec.history[0], params = game.newGameParams();
  try {
    if (engine.newGame(game.gameId, params, game.rec.seed) === first) {
      // The seed goes in only where it deals (the engine refuses it elsewhere).
      return { start: params, seed: game.info.dealt ? String(game.rec.seed) : '' };
    }
  } catch { /* the position below names it */ }
  return { start: '=' + first, seed: '' };
}

/** What a Share sends: the whole game, or only its first move where the
 * game says so (GameModule.share). @param {App} app */
function sharedMoves(app) {
  const moves = app.game.moves() || [], way = app.game.mod.share;
  return way && way.moves === 'first' ? moves.slice(0, 1) : moves;
}

/** The hosted copy's address, where the build names one (QIPAN_SITE, an
 * esbuild define: tools/bundle.cjs), else ''. */
const HOSTED = typeof QIPAN_SITE === 'string' ? QIPAN_SITE : '';

/** The address a shared link starts with: the host's (mount option
 * shareBase), this page's when it is on the web, else (a page opened from
 * disk, whose address no friend can open) the hosted copy's; '' when
 * there is none: then the link is its fragment alone. @param {App} app */
export function linkBase(app) {
  if (app.opts.shareBase) return app.opts.shareBase;
  return fromDisk(app) ? HOSTED : String(location.href).split('#')[0];
}

/** Whether the page's own address is one no friend can open (a file on
 * this device) and the host names none instead. @param {App} app */
function fromDisk(app) {
  return !app.opts.shareBase && !/^https?:/.test(String(location.href));
}

/** The link of the game shown: an address (linkBase) and the fragment, or
 * the fragment alone ('#tictactoe/x/5'); with `review`, every move and the
 * section that opens it in review. @param {App} app @param {boolean} [review] */
export function shareLink(app, review) {
  const { start, seed } = startOf(app), id = app.game.gameId;
  const fragment = review ? engine.link(id, start, seed, app.game.moves() || []) + '/review'
    : engine.link(id, start, seed, sharedMoves(app));
  return linkBase(app) + '#' + fragment;
}

/** The record of the game shown (one line). @param {App} app */
export function recordText(app) {
  const { start, seed } = startOf(app);
  return engine.record(app.game.gameId, start, seed, app.game.moves() || []);
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
    app.shell.toast(t('shareFailed', { why: /** @type {Error} */ (e).message }));
    return;
  }
  // From disk with no hosted copy: the fragment, a code that any copy of Qipan opens.
  const code = link.charAt(0) === '#';
  const linkBox = /** @type {HTMLInputElement} */ (el('input', { class: 'link', readonly: 'readonly',
    'aria-label': t(code ? 'shareCode' : 'shareLink') }));
  linkBox.value = link;
  const copied = el('p', { class: 'note', 'aria-live': 'polite' });
  const recordBox = /** @type {HTMLTextAreaElement} */ (el('textarea', { class: 'record', rows: '3',
    spellcheck: 'false', 'aria-label': t('recordLabel') }));
  recordBox.value = record;
  const problem = el('p', { class: 'problem', 'aria-live': 'polite' });
  const select = () => { linkBox.focus({ preventScroll: true }); linkBox.select(); };
  const copy = () => {
    const clip = navigator.clipboard;
    const done = () => { copied.textContent = t(code ? 'codeCopied' : 'linkCopied'); };
    // The answer can come late: a player typing in the record box keeps the focus.
    const refused = () => { copied.textContent = t('copyByHand'); if (!hasFocus(recordBox)) select(); };
    if (clip && clip.writeText) clip.writeText(link).then(done, refused);
    else refused();
  };
  const copyButton = el('button', { onclick: copy }, [t(code ? 'copyCode' : 'copyLink')]);
  const way = app.game.mod.share;
  const body = el('div', { class: 'share' }, [
    // What the link carries: the game, the deal, the same mines to play...
    el('p', { text: t((way && way.note) || 'shareNote') }),
    // A page opened from disk says what travels instead of its address.
    !fromDisk(app) ? null : el('p', { class: 'note from-disk',
      text: t(code ? 'shareFromDisk' : 'shareFromDiskHosted') }),
    el('div', { class: 'link-row' }, [linkBox, copyButton]),
    copied,
    el('label', { text: t('recordLabel') }),
    recordBox,
    el('p', { class: 'note', text: t('recordNote') }),
    problem,
  ]);
  app.scope.keep(dialog(app.shell.stage, {
    title: t('shareTitle'), body, focus: true, returnTo: () => app.focusBoard(),
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
  }));
  select();
  copy();
}

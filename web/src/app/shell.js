/* app/shell.js: the shell around the board: the title bar, the game
 * picker, the status line, the controls under the board, and their words. */
import { Board } from '../ui/board.js';
import { Toast } from '../ui/dialog.js';
import { el, icon } from '../ui/dom.js';
import { palette } from '../ui/draw.js';
import { BoardGrid } from './a11y-grid.js';
import { measurePageRoom } from './page-room.js';
import { CATALOG, GAME_NAMES } from '../games/catalog.js';
import { resultTitle } from './result.js';

/** @typedef {import('./app.js').App} App */

// The settings button's gear: eight teeth round a hole.
const GEAR = 'M20 9.4L22.7 9.6 22.7 14.4 20 14.6A8.4 8.4 0 0 1 19.5 15.8L21.3 17.9 17.9 21.3 15.8 19.5A8.4 8.4 0 0 1 ' +
  '14.6 20L14.4 22.7 9.6 22.7 9.4 20A8.4 8.4 0 0 1 8.2 19.5L6.1 21.3 2.7 17.9 4.5 15.8A8.4 8.4 0 0 1 4 14.6L1.3 14.4 ' +
  '1.3 9.6 4 9.4A8.4 8.4 0 0 1 4.5 8.2L2.7 6.1 6.1 2.7 8.2 4.5A8.4 8.4 0 0 1 9.4 4L9.6 1.3 14.4 1.3 14.6 4A8.4 8.4 0 0 1 ' +
  '15.8 4.5L17.9 2.7 21.3 6.1 19.5 8.2A8.4 8.4 0 0 1 20 9.4ZM15.2 12a3.2 3.2 0 1 0-6.4 0 3.2 3.2 0 1 0 6.4 0Z';

/**
 * @typedef {object} ShellParts
 * @property {HTMLElement} titleNode
 * @property {HTMLElement|null} picker
 * @property {HTMLElement} statusNode
 * @property {HTMLElement} stage the board's box (start cards and dialogs sit over it)
 * @property {HTMLElement} side the controls' column (a finished game's card sits over it)
 * @property {HTMLElement} announcer what a screen reader says
 * @property {HTMLButtonElement} undoButton
 * @property {HTMLButtonElement} hintButton
 * @property {HTMLElement} infoNode a line under the controls (setInfo)
 * @property {HTMLElement} extra a module's own controls
 * @property {Toast} toaster
 * @property {Board} board
 * @property {BoardGrid} grid the board for a screen reader and the keyboard
 * @property {import('./travel.js').MoveListParts|null} moves the move list (turn-based games)
 * @property {{key: string, room: {width: number, height: number}}} measured the page's room for the
 *   board, measured once for a window size and a game (room())
 */

/** Builds the shell inside app.shell (again after a language change).
 * @param {App} app */
export function buildShell(app) {
  const t = app.t.bind(app);
  const shell = app.shell;
  shell.innerHTML = '';
  shell.setAttribute('lang', app.lang);
  // The full page names itself in the player's language: the tab, the
  // installed app's window, and the site's update line (site/updates.js).
  if (app.page) {
    document.documentElement.lang = app.lang;
    document.title = t('pageTitle');
  }
  const inner = el('div', { class: 'inner' });
  shell.appendChild(inner);
  const showPicker = app.opts.picker !== undefined ? app.opts.picker : !app.opts.game;
  // Its name starts with the letters it shows, so that a player who says them (voice control) presses it.
  const langButton = el('button', { class: 'icon', 'aria-label': t('switchLanguage'), title: t('switchLanguage'),
    onclick: () => app.setLang(app.lang === 'zh' ? 'en' : 'zh') }, [app.lang === 'zh' ? 'EN' : '中']);
  const settingsButton = el('button', { class: 'icon', 'aria-label': t('settings'),
    title: t('settings'), onclick: () => app.openSettings() }, [icon(GEAR)]);
  const titleNode = el('div', { class: 'brand' });
  inner.appendChild(el('div', { class: 'bar' }, [titleNode, langButton, settingsButton]));
  let picker = null;
  if (showPicker) {
    const games = app.available();
    picker = el('div', { class: 'picker', role: 'toolbar', 'aria-label': t('games') },
      CATALOG.map((id) => {
        const ready = games.includes(id);
        return el('button', {
          'data-game': id, 'aria-pressed': 'false', disabled: !ready,
          onclick: () => app.selectGame(id),
        }, [GAME_NAMES[id][app.lang], ready ? null : el('small', { text: t('comingSoon') })]);
      }));
    inner.appendChild(picker);
  }
  const statusNode = el('div', { class: 'status', 'aria-live': 'polite' });
  const statusRow = el('div', { class: 'status-row' }, [statusNode]);
  const stage = el('div', { class: 'stage' });
  const stageWrap = el('div', { class: 'stage-wrap' }, [stage]);
  // Polite: a move and then the result are both said, one after the other.
  const announcer = el('div', { class: 'sr', 'aria-live': 'polite' });
  const undoButton = el('button', { onclick: () => app.undo() }, [t('undo')]);
  const hintButton = el('button', { onclick: () => app.hint() }, [t('hint')]);
  const restartButton = el('button', { onclick: () => app.restart() }, [t('restart')]);
  const shareButton = el('button', { onclick: () => app.share() }, [t('share')]);
  // For a screen reader on a touch screen (no R key); shown when it has the focus.
  const readButton = el('button', { class: 'read-position', onclick: () => app.readPosition() }, [t('readPosition')]);
  const controls = el('div', { class: 'controls' }, [undoButton, hintButton, restartButton, shareButton, readButton]);
  const infoNode = el('div', { class: 'extra info' });
  const extra = el('div', { class: 'extra' });
  const side = el('div', { class: 'side' }, [controls, infoNode, extra]);
  // A diagram shows the board and whose move it is, nothing to press.
  if (app.readonly) side.hidden = true;
  inner.appendChild(el('div', { class: 'main' }, [el('div', { class: 'play' }, [statusRow, stageWrap]), side,
    announcer]));
  const toaster = new Toast(statusRow);
  const view = () => app.mod && app.view;
  const measured = { key: '', room: { width: 0, height: 0 } };
  const board = new Board(stage, {
    // Nothing to size before a game is shown: its refresh measures.
    room: () => (view() ? room(app, stageWrap, controls, measured) : null),
    aspect: (avail) => (view() ? app.mod.aspect(app.view, app.settings(), avail) : 1),
    minWidth: (avail) => (view() && app.mod.minWidth ? app.mod.minWidth(app.view, app.settings(), avail) : 0),
    draw: (ctx, w, h) => app.draw(ctx, w, h),
    animating: () => !!app.ui.anim || !!app.ui.hint || app.busy === 'thinking' ||
      !!(app.mod && app.mod.animating && app.mod.animating(app.view, app.modState)),
    point: (x, y, kind, more) => app.onPoint(x, y, kind, more),
    key: (e) => app.onKey(e),
  });
  const grid = new BoardGrid(app, stage);
  describeKeys(app, stage, [board.canvas, grid.node]);
  app.parts = { titleNode, picker, statusNode, stage, side, announcer, undoButton, hintButton, infoNode,
    extra, toaster, board, grid, moves: null, measured };
}

/** The board's keys, said when the board or its grid takes the focus.
 * @param {App} app @param {HTMLElement} stage @param {HTMLElement[]} boards */
function describeKeys(app, stage, boards) {
  const id = 'qp-keys';
  stage.appendChild(el('p', { id, class: 'board-keys', text: app.t('keysNote') }));
  for (const b of boards) b.setAttribute('aria-describedby', id);
}

/** The space the board may take: the width of its column, and on the page
 * the window's height under the board's top (less the controls' row when
 * they come under the board), so that the controls stay in view. An
 * embedded game keeps to 720 px and 72 % of the window's height. A page at
 * least 860 px wide puts the controls beside the board. The page's room is
 * measured once for a window size and a game: reading the layout forces
 * it, and every move's refresh asks again.
 * @param {App} app @param {HTMLElement} wrap @param {HTMLElement} controls
 * @param {ShellParts['measured']} measured */
function room(app, wrap, controls, measured) {
  if (!app.page) {
    return { width: Math.min(wrap.clientWidth || 320, 720), height: Math.max(240, (window.innerHeight || 800) * 0.72) };
  }
  const key = window.innerWidth + 'x' + window.innerHeight;
  if (measured.key !== key) {
    measured.room = measurePageRoom(app.shell, wrap, controls);
    measured.key = key;
  }
  return measured.room;
}

/** The title, the picker and the board's label name the game now shown.
 * @param {App} app */
export function selectGameInShell(app) {
  const { titleNode, picker, board, extra, infoNode } = app.parts;
  const id = app.gameId;
  titleNode.textContent = '';
  titleNode.appendChild(document.createTextNode(app.t('appName')));
  titleNode.appendChild(el('small', { text: GAME_NAMES[id][app.lang] }));
  if (picker) {
    for (const b of Array.from(picker.children)) {
      b.setAttribute('aria-pressed', String(b.getAttribute('data-game') === id));
    }
  }
  board.canvas.setAttribute('aria-label', GAME_NAMES[id][app.lang] + ' — ' + app.t('board'));
  app.parts.grid.setLabel(app.t('boardGrid', { game: GAME_NAMES[id][app.lang] }));
  // A game's own controls under the board change the room: measured again.
  app.parts.measured.key = '';
  extra.innerHTML = '';
  infoNode.textContent = '';
  // The move list belongs to the game: App.selectGame builds it again for
  // each (travel.js: not in the first frame's script, which shows none).
  if (app.parts.moves) app.parts.moves.box.remove();
  app.parts.moves = null;
}

/** The status line: whose turn, thinking, or the result.
 * @param {App} app */
export function updateStatus(app) {
  const node = app.parts.statusNode, t = app.t.bind(app);
  node.innerHTML = '';
  node.classList.toggle('thinking', app.busy === 'thinking');
  let text;
  if (app.replay !== null) {
    text = t('viewingMove', { n: app.replay, total: app.rec.history.length - 1 });
  } else if (app.busy === 'thinking') {
    text = t('thinking');
  } else if (!app.rec.started) {
    text = t('newGame');
  } else if (app.isOver()) {
    text = resultTitle(app);
  } else if (app.info.players === 1) {
    text = app.mod.statusText ? app.mod.statusText(app.view, t) : '';
  } else {
    const side = app.status.charAt(5);
    const color = app.mod.sideColor &&
      app.mod.sideColor(side, app.settings(), app.view, palette(app.palette));
    if (color) node.appendChild(el('span', { class: 'dot', style: 'background:' + color }));
    text = app.rec.mode === 'ai' && app.humanTurn() ? t('yourTurn') +
      (side !== '?' ? ' (' + app.sideName(side) + ')' : '') :
      t('turnOf', { side: side === '?' ? '' : app.sideName(side) });
  }
  node.appendChild(document.createTextNode(text));
}

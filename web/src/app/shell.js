/* app/shell.js: the shell around the board: the title bar, the game
 * picker, the status line, the controls under the board, the line under
 * them, the messages and what a screen reader is told. It shows a
 * ShellModel: the App gives its own, the page's first frame a game at its
 * start whose controls do nothing yet (first-frame-start.js; its markup is
 * this shell's, written at build time). The Shell owns these elements; the
 * App and the game's parts change them through its methods. */
import { CATALOG, GAME_NAMES } from '../games/catalog.js';
import { Board } from '../ui/board.js';
import { Toast } from '../ui/dialog.js';
import { el, icon } from '../ui/dom.js';
import { BoardGrid } from './a11y-grid.js';
import { measurePageRoom } from './page-room.js';

/** @typedef {import('../i18n.js').Lang} Lang */
/** @typedef {import('../i18n.js').Translate} Translate */
/** @typedef {import('../ui/board.js').BoardHooks} BoardHooks */
/** @typedef {import('./a11y-grid.js').GridHooks} GridHooks */
/** @typedef {import('./words.js').StatusLine} StatusLine */

/**
 * What the shell's controls do.
 * @typedef {object} ShellActions
 * @property {(lang: Lang) => void} setLang
 * @property {() => void} settings ⚙
 * @property {(id: string) => void} selectGame a tab of the picker
 * @property {() => void} undo
 * @property {() => void} hint
 * @property {() => void} restart
 * @property {() => void} share
 * @property {() => void} readPosition
 * @property {() => void} [library] My games
 * @property {(level: number) => void} setLevel the computer's level (the list beside the controls)
 */

/**
 * The board's part: what it draws and where a press or a key goes (ui/board.js BoardHooks; the
 * shell measures the room).
 * @typedef {object} ShellBoard
 * @property {() => boolean} ready a game is shown (nothing to size before)
 * @property {BoardHooks['aspect']} aspect
 * @property {(avail: number) => number} minWidth
 * @property {BoardHooks['draw']} draw
 * @property {BoardHooks['animating']} animating
 * @property {BoardHooks['point']} point
 * @property {BoardHooks['key']} key
 * @property {BoardHooks['focus']} [focus]
 */

/**
 * What the shell shows and what its controls do.
 * @typedef {object} ShellModel
 * @property {HTMLElement} node the .qp element the shell fills
 * @property {Lang} lang
 * @property {Translate} t
 * @property {boolean} page the full page: it names the document, and the board has the window's height
 * @property {boolean} picker the game picker shows
 * @property {boolean} [library] the header offers My games
 * @property {boolean} readonly a diagram: the board and whose move it is, no controls
 * @property {string[]} games the catalogue's games this page has (the others: "coming soon")
 * @property {ShellActions} act
 * @property {ShellBoard} board
 * @property {GridHooks} grid the board for a screen reader and the keyboard
 */

// The settings button's gear: eight teeth round a hole.
const GEAR = 'M20 9.4L22.7 9.6 22.7 14.4 20 14.6A8.4 8.4 0 0 1 19.5 15.8L21.3 17.9 17.9 21.3 15.8 19.5A8.4 8.4 0 0 1 ' +
  '14.6 20L14.4 22.7 9.6 22.7 9.4 20A8.4 8.4 0 0 1 8.2 19.5L6.1 21.3 2.7 17.9 4.5 15.8A8.4 8.4 0 0 1 4 14.6L1.3 14.4 ' +
  '1.3 9.6 4 9.4A8.4 8.4 0 0 1 4.5 8.2L2.7 6.1 6.1 2.7 8.2 4.5A8.4 8.4 0 0 1 9.4 4L9.6 1.3 14.4 1.3 14.6 4A8.4 8.4 0 0 1 ' +
  '15.8 4.5L17.9 2.7 21.3 6.1 19.5 8.2A8.4 8.4 0 0 1 20 9.4ZM15.2 12a3.2 3.2 0 1 0-6.4 0 3.2 3.2 0 1 0 6.4 0Z';

export class Shell {
  /** Builds the shell inside model.node (again after a change of language).
   * @param {ShellModel} model */
  constructor(model) {
    const t = model.t, act = model.act, node = model.node;
    this.model = model;
    node.innerHTML = '';
    node.setAttribute('lang', model.lang);
    // The full page names itself in the player's language: the tab, the
    // installed app's window, and the site's update line (site/updates.js).
    if (model.page) {
      document.documentElement.lang = model.lang;
      document.title = t('pageTitle');
    }
    const inner = el('div', { class: 'inner' });
    node.appendChild(inner);
    // Its name starts with the letters it shows, so that a player who says them (voice control) presses it.
    const langButton = el('button', { class: 'icon', 'aria-label': t('switchLanguage'), title: t('switchLanguage'),
      onclick: () => act.setLang(model.lang === 'zh' ? 'en' : 'zh') }, [model.lang === 'zh' ? 'EN' : '中']);
    const settingsButton = el('button', { class: 'icon', 'aria-label': t('settings'),
      title: t('settings'), onclick: () => act.settings() }, [icon(GEAR)]);
    this.titleNode = el('div', { class: 'brand' });
    const libraryButton = model.library ? el('button', { onclick: act.library }, [t('myGames')]) : null;
    inner.appendChild(el('div', { class: 'bar' }, [this.titleNode, libraryButton, langButton, settingsButton]));
    /** @type {HTMLElement|null} */
    this.picker = null;
    if (model.picker) {
      this.picker = el('div', { class: 'picker', role: 'toolbar', 'aria-label': t('games') },
        CATALOG.map((id) => {
          const ready = model.games.includes(id);
          return el('button', {
            'data-game': id, 'aria-pressed': 'false', disabled: !ready,
            onclick: () => act.selectGame(id),
          }, [GAME_NAMES[id][model.lang], ready ? null : el('small', { text: t('comingSoon') })]);
        }));
      inner.appendChild(this.picker);
    }
    this.statusNode = el('div', { class: 'status', 'aria-live': 'polite' });
    const statusRow = el('div', { class: 'status-row' }, [this.statusNode]);
    /** the board's box (start cards and dialogs sit over it) */
    this.stage = el('div', { class: 'stage' });
    const stageWrap = el('div', { class: 'stage-wrap' }, [this.stage]);
    // Polite: a move and then the result are both said, one after the other.
    this.announcer = el('div', { class: 'sr', 'aria-live': 'polite' });
    /** @type {string[]} what the screen reader is told in this moment (say) */
    this.saying = [];
    this.undoButton = /** @type {HTMLButtonElement} */ (el('button', { onclick: () => act.undo() }, [t('undo')]));
    this.hintButton = /** @type {HTMLButtonElement} */ (el('button', { onclick: () => act.hint() }, [t('hint')]));
    const restartButton = el('button', { onclick: () => act.restart() }, [t('restart')]);
    const shareButton = el('button', { onclick: () => act.share() }, [t('share')]);
    // For a screen reader on a touch screen (no R key); shown when it has the focus.
    const readButton = el('button', { class: 'read-position', onclick: () => act.readPosition() }, [t('readPosition')]);
    const controls = el('div', { class: 'controls' },
      [this.undoButton, this.hintButton, restartButton, shareButton, readButton]);
    /** the computer's level, one choice away (showLevels) */
    this.levelSelect = /** @type {HTMLSelectElement} */ (el('select', { id: 'qp-level',
      onchange: () => act.setLevel(Number(this.levelSelect.value)) }));
    this.levelRow = el('div', { class: 'level-row', hidden: true },
      [el('label', { for: 'qp-level', text: t('level') }), this.levelSelect]);
    /** a finished game's result, under the controls (showResult) */
    this.resultBox = el('div', { class: 'result', hidden: true });
    /** a line under the controls (a module's setInfo) */
    this.infoNode = el('div', { class: 'extra info' });
    /** a module's own controls */
    this.extra = el('div', { class: 'extra' });
    /** the controls' column */
    this.side = el('div', { class: 'side' }, [controls, this.levelRow, this.resultBox, this.infoNode, this.extra]);
    if (model.readonly) this.side.hidden = true;
    inner.appendChild(el('div', { class: 'main' }, [el('div', { class: 'play' }, [statusRow, stageWrap]), this.side,
      this.announcer]));
    this.toaster = new Toast(statusRow);
    /** the page's room for the board, measured once for a window size and a game (room()) */
    this.measured = { key: '', room: { width: 0, height: 0 } };
    const b = model.board;
    this.board = new Board(this.stage, {
      room: () => (b.ready() ? this.room(stageWrap, controls) : null),
      aspect: (avail) => (b.ready() ? b.aspect(avail) : 1),
      minWidth: (avail) => (b.ready() ? b.minWidth(avail) : 0),
      draw: b.draw, animating: b.animating, point: b.point, key: b.key, focus: b.focus,
    });
    this.grid = new BoardGrid(this.stage, model.grid);
    this.describeKeys([this.board.canvas, this.grid.node]);
    /** @type {HTMLElement|null} the move list's box (travels with its game: setMoveList) */
    this.moveList = null;
  }

  /** The board's keys, said when the board or its grid takes the focus.
   * @param {HTMLElement[]} boards */
  describeKeys(boards) {
    const id = 'qp-keys';
    this.stage.appendChild(el('p', { id, class: 'board-keys', text: this.model.t('keysNote') }));
    for (const b of boards) b.setAttribute('aria-describedby', id);
  }

  /** The space the board may take: the width of its column, and on the
   * page the window's height under the board's top (less the controls' row
   * when they come under the board), so that the controls stay in view.
   * An embedded game keeps to 720 px and 72 % of the window's height. A
   * page at least 860 px wide puts the controls beside the board. The
   * page's room is measured once for a window size and a game: reading the
   * layout forces it, and every move's refresh asks again.
   * @param {HTMLElement} wrap @param {HTMLElement} controls */
  room(wrap, controls) {
    if (!this.model.page) {
      return { width: Math.min(wrap.clientWidth || 320, 720), height: Math.max(240, (window.innerHeight || 800) * 0.72) };
    }
    const measured = this.measured, key = window.innerWidth + 'x' + window.innerHeight;
    if (measured.key !== key) {
      measured.room = measurePageRoom(this.model.node, wrap, controls);
      measured.key = key;
    }
    return measured.room;
  }

  /** The title, the picker and the board's label name the game now shown;
   * the game's own controls and line are cleared, and its move list goes.
   * @param {string} id */
  showGame(id) {
    const t = this.model.t, name = GAME_NAMES[id][this.model.lang];
    this.titleNode.textContent = '';
    this.titleNode.appendChild(document.createTextNode(t('appName')));
    this.titleNode.appendChild(el('small', { text: name }));
    if (this.picker) {
      for (const b of Array.from(this.picker.children)) {
        b.setAttribute('aria-pressed', String(b.getAttribute('data-game') === id));
      }
    }
    this.board.canvas.setAttribute('aria-label', name + ' — ' + t('board'));
    this.grid.setLabel(t('boardGrid', { game: name }));
    // A game's own controls under the board change the room: measured again.
    this.measured.key = '';
    this.extra.innerHTML = '';
    this.infoNode.textContent = '';
    this.setMoveList(null);
  }

  /** The move list of the game shown (turn-based games), under the controls.
   * @param {HTMLElement|null} box */
  setMoveList(box) {
    if (this.moveList) this.moveList.remove();
    this.moveList = box;
    if (box) this.side.appendChild(box);
  }

  /** @param {StatusLine} line */
  showStatus(line) {
    const node = this.statusNode;
    node.innerHTML = '';
    node.classList.toggle('thinking', !!line.thinking);
    if (line.color) node.appendChild(el('span', { class: 'dot', style: 'background:' + line.color }));
    node.appendChild(document.createTextNode(line.text));
  }

  /** Which controls can be pressed now. @param {{undo: boolean, hint: boolean}} can */
  enable(can) {
    for (const [button, on] of /** @type {[HTMLButtonElement, boolean][]} */ ([[this.undoButton, can.undo],
      [this.hintButton, can.hint]])) {
      if (on) button.removeAttribute('disabled');
      else button.setAttribute('disabled', '');
    }
  }

  /** The computer's levels, by name, and the one it plays at (null: no
   * computer to play). @param {{value: number, label: string}[]|null} levels @param {number} level */
  showLevels(levels, level) {
    this.levelRow.hidden = !levels;
    if (!levels) return;
    const list = levels.map((l) => l.value + ' ' + l.label).join('|'), select = this.levelSelect;
    if (select.dataset.list !== list) {
      select.dataset.list = list;
      select.textContent = '';
      for (const l of levels) select.appendChild(el('option', { value: String(l.value) }, [l.label]));
    }
    select.value = String(level);
  }

  /** A finished game's result under the controls (null: none).
   * @param {HTMLElement|null} node */
  showResult(node) {
    this.resultBox.textContent = '';
    if (node) this.resultBox.appendChild(node);
    this.resultBox.hidden = !node;
  }

  /** The keyboard's focus on the board (the canvas: its keys play). */
  focusBoard() {
    this.board.canvas.focus();
  }

  /** The line under the controls. @param {string} text */
  setInfo(text) {
    this.infoNode.textContent = text;
  }

  /** @param {string} text @param {number} [ms] */
  toast(text, ms) {
    this.toaster.show(text, ms);
  }

  /** A message belongs to a position: a move, an undo, a new game or the
   * end takes it back. */
  clearMessage() {
    this.toaster.clear();
  }

  /** Tells the screen reader. What comes in one moment (the last move and
   * the result) is said together, not cut short. @param {string} text */
  say(text) {
    if (!this.saying.length) {
      queueMicrotask(() => {
        this.announcer.textContent = this.saying.filter((s) => s).join(' ');
        this.saying = [];
      });
    }
    this.saying.push(text);
  }

  destroy() {
    this.board.destroy();
    this.toaster.stop();
  }
}

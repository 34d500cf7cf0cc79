/* app/a11y-grid.js: the board as a grid for a screen reader and the
 * keyboard. Beside the canvas, a role=grid of rows and a gridcell for every
 * point, named by its coordinate in the game's notation and what stands
 * there ("h8, black stone"). One cell at a time is in the tab order (roving
 * focus): the arrow keys move it, Enter or Space acts on it, F flags; the
 * canvas cursor follows it. The game module says what its cells are
 * (GameModule.cells); the grid is rebuilt only when the board's shape
 * changes, else its names are brought up to date. What a cell does is its
 * owner's (GridHooks: the App's input.js). */
import { el } from '../ui/dom.js';

/** @typedef {import('./registry.js').Cell} Cell */

/**
 * What the grid asks of its owner.
 * @typedef {object} GridHooks
 * @property {() => Cell[]} cells the points of the position shown
 * @property {import('../i18n.js').Translate} t
 * @property {(target: string) => void} focus a cell took the focus: the board's cursor goes to its target
 * @property {(cell: Cell, secondary: boolean) => void} act Enter or Space on a cell, or F (secondary)
 * @property {(e: KeyboardEvent) => void} key the game's other keys (undo, hint, restart, read the position)
 */

export class BoardGrid {
  /** @param {HTMLElement} stage the board's box: the grid goes in it, after the canvas @param {GridHooks} hooks */
  constructor(stage, hooks) {
    this.hooks = hooks;
    this.node = el('div', { class: 'board-grid', role: 'grid' });
    stage.appendChild(this.node);
    /** @type {Cell[][]} */
    this.rows = [];
    /** @type {string} the key of the cell in the tab order */
    this.current = '';
    this.shape = '';
    this.node.addEventListener('keydown', (e) => this.onKey(e));
    this.node.addEventListener('focusin', (e) => this.onFocus(/** @type {HTMLElement} */ (e.target)));
  }

  /** @param {string} label the board's name */
  setLabel(label) {
    this.node.setAttribute('aria-label', label);
  }

  /** Brings the grid in step with the position shown. */
  update() {
    this.rows = groupRows(this.hooks.cells());
    const shape = this.rows.map((r) => r.map((c) => c.key).join(' ')).join('\n');
    if (shape !== this.shape) this.build(shape);
    const nodes = this.node.querySelectorAll('[role=gridcell]'), t = this.hooks.t;
    this.rows.flat().forEach((c, i) => {
      const name = t('cellName', { coord: c.coord, what: c.what });
      if (nodes[i].textContent !== name) nodes[i].textContent = name;
    });
  }

  /** @param {string} shape */
  build(shape) {
    this.shape = shape;
    const keep = this.current;
    this.node.textContent = '';
    for (const row of this.rows) {
      this.node.appendChild(el('div', { role: 'row' },
        row.map((c) => el('div', { role: 'gridcell', tabindex: '-1', 'data-key': c.key }))));
    }
    const all = this.rows.flat();
    const start = all.find((c) => c.key === keep) || all[Math.floor(all.length / 2)];
    this.current = start ? start.key : '';
    this.markCurrent();
  }

  markCurrent() {
    for (const node of Array.from(this.node.querySelectorAll('[role=gridcell]'))) {
      node.setAttribute('tabindex', node.getAttribute('data-key') === this.current ? '0' : '-1');
    }
  }

  /** @param {string} key */
  cellNode(key) {
    return /** @type {HTMLElement|null} */ (this.node.querySelector(`[data-key="${key}"]`));
  }

  /** @param {string} key @returns {{row: number, col: number}|null} */
  place(key) {
    for (let r = 0; r < this.rows.length; r++) {
      const col = this.rows[r].findIndex((c) => c.key === key);
      if (col >= 0) return { row: r, col };
    }
    return null;
  }

  /** A cell took the focus: it joins the tab order, the canvas cursor goes there.
   * @param {HTMLElement} node */
  onFocus(node) {
    const key = node.getAttribute('data-key');
    const place = key ? this.place(key) : null;
    if (!key || !place) return;
    this.current = key;
    this.markCurrent();
    this.hooks.focus(this.rows[place.row][place.col].target);
  }

  /** @param {string} key */
  focusCell(key) {
    const node = this.cellNode(key);
    if (node) node.focus();
  }

  /** @param {KeyboardEvent} e */
  onKey(e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const place = this.place(this.current);
    if (!place) return;
    const next = this.step(place, e.key);
    if (next) {
      e.preventDefault();
      this.focusCell(next);
      return;
    }
    const lower = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    if (e.key === 'Enter' || e.key === ' ' || lower === 'f') {
      e.preventDefault();
      this.hooks.act(this.rows[place.row][place.col], lower === 'f');
      return;
    }
    // The game's other keys (undo, hint, restart, read the position) work here as on the canvas.
    if (!e.key.startsWith('Arrow')) this.hooks.key(e);
  }

  /** The cell an arrow, Home or End leads to; null for another key.
   * @param {{row: number, col: number}} at @param {string} key @returns {string|null} */
  step(at, key) {
    const rows = this.rows, row = rows[at.row];
    if (key === 'Home') return row[0].key;
    if (key === 'End') return row[row.length - 1].key;
    if (key === 'ArrowLeft') return row[Math.max(0, at.col - 1)].key;
    if (key === 'ArrowRight') return row[Math.min(row.length - 1, at.col + 1)].key;
    if (key !== 'ArrowUp' && key !== 'ArrowDown') return null;
    const to = rows[Math.max(0, Math.min(rows.length - 1, at.row + (key === 'ArrowUp' ? -1 : 1)))];
    // Rows of another length (Pong Hau K'i's centre): the cell nearest across.
    const across = row[at.col].col;
    let best = to[0];
    for (const c of to) if (Math.abs(c.col - across) < Math.abs(best.col - across)) best = c;
    return best.key;
  }
}

/** The cells in rows, top to bottom, each row left to right.
 * @param {Cell[]} cells @returns {Cell[][]} */
function groupRows(cells) {
  /** @type {Map<number, Cell[]>} */
  const rows = new Map();
  for (const c of cells) {
    if (!rows.has(c.row)) rows.set(c.row, []);
    /** @type {Cell[]} */ (rows.get(c.row)).push(c);
  }
  return Array.from(rows.keys()).sort((a, b) => a - b)
    .map((r) => /** @type {Cell[]} */ (rows.get(r)).sort((a, b) => a.col - b.col));
}

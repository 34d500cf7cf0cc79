/* ui/dialog.js: messages and modal cards over the board. */
import { el } from './dom.js';

/** @typedef {import('../app/module-api.js').ModuleApi} ModuleApi */

/** A short message, shown over the status line for a moment (never over
 * the board); clear() takes it back at once (the position changed). */
export class Toast {
  /** @param {HTMLElement} row the status row */
  constructor(row) {
    this.row = row;
    this.node = el('div', { class: 'toast', role: 'status' });
    row.appendChild(this.node);
    /** @type {ReturnType<typeof setTimeout>|undefined} */
    this.timer = undefined;
  }

  /** @param {string} text @param {number} [ms] */
  show(text, ms) {
    this.node.textContent = text;
    this.node.title = text;
    this.node.classList.add('show');
    this.row.classList.add('messaging');
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.clear(), ms || 1600);
  }

  clear() {
    clearTimeout(this.timer);
    this.node.classList.remove('show');
    this.row.classList.remove('messaging');
  }

  stop() {
    clearTimeout(this.timer);
  }
}

/**
 * @typedef {object} DialogButton
 * @property {string} label
 * @property {boolean} [primary]
 * @property {() => void} [onclick] after the dialog closes
 * @property {() => boolean} [check] first: false keeps the dialog open (a value to correct)
 */

/**
 * @typedef {object} DialogSpec
 * @property {string} [title]
 * @property {string} [text]
 * @property {Node|null} [body]
 * @property {DialogButton[]} [buttons]
 * @property {boolean} [full] over the whole window
 * @property {boolean} [dismissable] false: Escape does not close it
 * @property {boolean} [focus] false: leave the focus where it is
 * @property {() => void} [returnTo] where the focus goes when the card closes from inside and
 *   what had it before is gone or outside (the board: the focus never drops to the page)
 * @property {() => void} [onclose]
 */

/** @typedef {{node: HTMLElement, closed: boolean, close: () => void}} DialogHandle */

/**
 * A modal card over `parent`. Returns a handle with close().
 * @param {HTMLElement} parent @param {DialogSpec} spec @returns {DialogHandle}
 */
export function dialog(parent, spec) {
  const buttons = (spec.buttons || []).map((b) => el('button', {
    class: b.primary ? 'primary' : null,
    onclick: () => {
      if (b.check && !b.check()) return;
      handle.close();
      if (b.onclick) b.onclick();
    },
  }, [b.label]));
  const card = el('div', { class: 'card', role: 'dialog', 'aria-modal': 'true',
    'aria-label': spec.title || '' }, [
    spec.title ? el('h2', { text: spec.title }) : null,
    // A long card (the rules on a phone) scrolls here; its buttons stay in view.
    el('div', { class: 'scroll' }, [spec.text ? el('p', { text: spec.text }) : null, spec.body || null]),
    buttons.length ? el('div', { class: 'row' }, buttons) : null,
  ]);
  const overlay = el('div', { class: 'overlay' + (spec.full ? ' full' : '') }, [card]);
  // A card over the whole game (settings) keeps Tab inside; one over the
  // board (a start card, Share) leaves the page around it in reach, as the mouse has it.
  const coversAll = !!spec.full || !parent.closest('.stage,.side');
  overlay.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && spec.dismissable !== false) {
      e.stopPropagation();
      handle.close();
    }
    if (e.key === 'Tab' && coversAll) keepTabInside(card, e);
  });
  // Where the focus was: it goes back there when the card closes from inside.
  const root = /** @type {Document|ShadowRoot} */ (parent.getRootNode());
  const before = /** @type {HTMLElement|null} */ (root.activeElement);
  parent.appendChild(overlay);
  const frame = parent.classList.contains('stage') && !fitsOver(card, parent) ? takeBoardsPlace(overlay) : null;
  /** @type {DialogHandle} */
  const handle = {
    node: overlay,
    closed: false,
    close() {
      if (handle.closed) return;
      handle.closed = true;
      const inside = hasFocus(card);
      overlay.remove();
      if (frame && !frame.parentElement?.querySelector(':scope > .overlay.instead')) frame.hidden = false;
      if (inside && before && before.isConnected) before.focus({ preventScroll: true });
      else if (inside && spec.returnTo) spec.returnTo();
      if (spec.onclose) spec.onclose();
    },
  };
  // Focus moves into the dialog only when asked: an embedded game that
  // opens must not steal the host page's focus or scroll it.
  /** @type {HTMLElement|null} */
  const focus = card.querySelector('button.primary') || card.querySelector('button, select, input');
  // Not once the player is already in the card: a late focus would pull
  // them out of the box they are typing in.
  if (focus && spec.focus !== false) {
    setTimeout(() => { if (!hasFocus(card)) focus.focus({ preventScroll: true }); }, 0);
    // In the board's place, it may open where the page is scrolled away
    // (Rules, pressed below the board): the page scrolls to it.
    if (frame) card.scrollIntoView({ block: 'nearest' });
  }
  return handle;
}

/** Whether a card over the board shows whole there: on a narrow screen
 * a small board leaves a card too little room, and a board larger than
 * its frame may have the card where the frame is scrolled away.
 * @param {HTMLElement} card @param {HTMLElement} stage */
function fitsOver(card, stage) {
  const scroll = /** @type {HTMLElement} */ (card.querySelector('.scroll'));
  if (card.scrollWidth > card.clientWidth + 1 || scroll.scrollHeight > scroll.clientHeight + 1) return false;
  const frame = stage.parentElement || stage, r = card.getBoundingClientRect(), f = frame.getBoundingClientRect();
  return r.left >= f.left - 1 && r.right <= f.right + 1 && r.top >= f.top - 1 && r.bottom <= f.bottom + 1;
}

/** A card that does not fit over the board takes the board's place, in
 * the page's flow, until it closes: the page around it stays in reach
 * (the tabs, the controls), as it is around a card over the board.
 * Returns the board's frame, hidden meanwhile.
 * @param {HTMLElement} overlay */
function takeBoardsPlace(overlay) {
  const stage = /** @type {HTMLElement} */ (overlay.parentElement), frame = /** @type {HTMLElement} */ (stage.parentElement);
  overlay.classList.add('instead');
  frame.before(overlay);
  frame.hidden = true;
  return frame;
}

/** Tab and Shift+Tab go round a modal card's controls, not behind it.
 * @param {HTMLElement} card @param {KeyboardEvent} e */
function keepTabInside(card, e) {
  const stops = /** @type {HTMLElement[]} */ (Array.from(card.querySelectorAll(
    'button:not([disabled]), select, input, textarea, [tabindex]:not([tabindex="-1"])')));
  if (!stops.length) return;
  const first = stops[0], last = stops[stops.length - 1];
  const active = /** @type {Document|ShadowRoot} */ (card.getRootNode()).activeElement;
  if (e.shiftKey ? active === first : active === last) {
    e.preventDefault();
    (e.shiftKey ? last : first).focus();
  }
}

/** Whether the focus is on `node` or inside it (in its document or shadow root).
 * @param {Node} node */
export function hasFocus(node) {
  const active = /** @type {Document|ShadowRoot} */ (node.getRootNode()).activeElement;
  return !!active && node.contains(active);
}

/**
 * A dialog asking for whole numbers from lo to hi (a custom board size).
 * A value out of range is refused inside the dialog, which stays open with
 * the allowed range in red.
 * @param {ModuleApi} api a game module's api
 * @param {{title: string, prefix: string, fields: {name: string, label: string, value: number}[],
 *   lo: number, hi: number, note: string, ok: (values: number[]) => void, cancel?: () => void}} spec
 *   prefix: of the inputs' ids
 */
export function numbersDialog(api, spec) {
  /** @type {HTMLElement[]} */
  const form = [];
  const inputs = spec.fields.map((f) => {
    const input = el('input', { type: 'number', id: spec.prefix + f.name, min: spec.lo, max: spec.hi,
      step: 1, value: f.value, inputmode: 'numeric' });
    form.push(el('label', { for: spec.prefix + f.name, text: f.label }), input);
    return input;
  });
  /** @param {HTMLInputElement} input */
  const read = (input) => {
    const v = Number(input.value);
    return v % 1 === 0 && v >= spec.lo && v <= spec.hi ? v : null;
  };
  const note = el('p', { class: 'note', text: spec.note });
  const valid = () => {
    const bad = inputs.map(read).includes(null);
    note.classList.toggle('bad', bad);
    return !bad;
  };
  for (const input of inputs) input.addEventListener('input', valid);
  return api.dialog({
    title: spec.title,
    body: el('div', {}, [el('div', { class: 'form' }, form), note]),
    buttons: [
      { label: api.t('cancel'), onclick: spec.cancel },
      { label: api.t('ok'), primary: true, check: valid,
        onclick: () => spec.ok(/** @type {number[]} */ (inputs.map(read))) },
    ],
  });
}

/* ui/board-size.js: boards sized by two settings, rows and cols (gomoku,
 * connect four): the settings, the setter, the size picker under the board
 * (its 规格) and the custom size dialog. */
import { numbersDialog } from './dialog.js';
import { el } from './dom.js';

/** @typedef {import('../app/module-api.js').ModuleApi} ModuleApi */
/** @typedef {import('../app/registry.js').Setting} Setting */

/** The two hidden settings that setBoardSize writes: rows and cols, each
 * from side[0] to side[1], a change starting a new game.
 * @param {number[]} side @param {number} rows @param {number} cols @returns {Setting[]} */
export function boardSizeSettings(side, rows, cols) {
  /** @param {string} key @param {number} value @param {string} zh @param {string} en @returns {Setting} */
  const one = (key, value, zh, en) => ({ key, type: 'range', hidden: true, min: side[0], max: side[1],
    default: value, restart: true, label: { zh, en } });
  return [one('rows', rows, '行数', 'Rows'), one('cols', cols, '列数', 'Columns')];
}

/** A new game at that size, once the player agrees to leave a game in
 * progress (else `cancel`).
 * @param {ModuleApi} api @param {number} rows @param {number} cols @param {() => void} [cancel] */
export function setBoardSize(api, rows, cols, cancel) {
  api.confirmNewGame(() => {
    api.setSetting('rows', rows);
    api.setSetting('cols', cols);
    api.newGame();
  }, cancel);
}

/** The custom 规格 dialog; texts customTitle, customNote, rows and cols
 * come from the module.
 * @param {ModuleApi} api
 * @param {{prefix: string, lo: number, hi: number, rows: number, cols: number, cancel?: () => void,
 *   ok: (rows: number, cols: number) => void}} spec rows, cols: the current size; ok: the size chosen */
function boardSizeDialog(api, spec) {
  const t = api.t;
  return numbersDialog(api, {
    title: t('customTitle'), prefix: spec.prefix, lo: spec.lo, hi: spec.hi,
    note: t('customNote', { lo: spec.lo, hi: spec.hi }),
    fields: [{ name: 'rows', label: t('rows'), value: spec.rows },
      { name: 'cols', label: t('cols'), value: spec.cols }],
    cancel: spec.cancel,
    ok: (v) => spec.ok(v[0], v[1]),
  });
}

/**
 * The size picker under the board: the presets, the size in play when it
 * is none of them, and Custom… (the dialog). A size chosen shows in the
 * list while the player is asked whether to leave the game in progress
 * (and the computer's moves come in meanwhile); kept, the list shows the
 * size in play again. Texts sizeLabel, custom and,
 * for `standard`, standard come from the module.
 * @param {ModuleApi} api
 * @param {{prefix: string, presets: string[], side: number[], size: () => {rows: number, cols: number},
 *   standard?: string}} spec presets as 'COLSxROWS'; size: the settings' size now; standard: the
 *   preset whose label says so
 * @returns {{nodes: HTMLElement[], sync: () => void}} the label and the picker, and what brings the
 *   picker in step with the settings
 */
export function boardSizeSelect(api, spec) {
  const t = api.t, id = spec.prefix + 'size';
  const select = /** @type {HTMLSelectElement} */ (el('select', { id, 'aria-label': t('sizeLabel') }));
  /** @param {string} size 'COLSxROWS' */
  const label = (size) => {
    const [cols, rows] = size.split('x');
    return rows + ' × ' + cols + (size === spec.standard ? t('standard') : '');
  };
  /** @type {{rows: number, cols: number}|null} the size asked for, while the player is asked */
  let asked = null;
  const sync = () => {
    const now = spec.size();
    if (asked && asked.rows === now.rows && asked.cols === now.cols) asked = null;
    const cur = asked || now, size = cur.cols + 'x' + cur.rows, preset = spec.presets.includes(size);
    const options = spec.presets.map((p) => ({ value: p, label: label(p) }));
    if (!preset) options.push({ value: 'current', label: label(size) });
    options.push({ value: 'pick', label: t('custom') });
    select.innerHTML = '';
    for (const o of options) select.appendChild(el('option', { value: o.value }, [o.label]));
    select.value = preset ? size : 'current';
  };
  /** A new size: shown in the list at once, played once the player agrees. @param {number} rows @param {number} cols */
  const ask = (rows, cols) => {
    asked = { rows, cols };
    sync();
    setBoardSize(api, rows, cols, () => {
      asked = null;
      sync();
    });
  };
  select.addEventListener('change', () => {
    const v = select.value;
    if (v === 'current') return;
    if (v === 'pick') {
      const cur = spec.size();
      boardSizeDialog(api, { prefix: spec.prefix, lo: spec.side[0], hi: spec.side[1], rows: cur.rows,
        cols: cur.cols, cancel: sync, ok: ask });
      return;
    }
    const [cols, rows] = v.split('x');
    ask(Number(rows), Number(cols));
  });
  return { nodes: [el('label', { for: id, text: t('sizeLabel'), style: 'align-self:center' }), select], sync };
}

/* ui/board-size.js: boards sized by two settings, rows and cols (gomoku,
 * connect four): the settings, the setter and the custom 规格 dialog. */
import { numbersDialog } from './dialog.js';

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
 * @param {{prefix: string, lo: number, hi: number, rows: number, cols: number, cancel?: () => void}} spec
 *   rows, cols: the current size */
export function boardSizeDialog(api, spec) {
  const t = api.t;
  return numbersDialog(api, {
    title: t('customTitle'), prefix: spec.prefix, lo: spec.lo, hi: spec.hi,
    note: t('customNote', { lo: spec.lo, hi: spec.hi }),
    fields: [{ name: 'rows', label: t('rows'), value: spec.rows },
      { name: 'cols', label: t('cols'), value: spec.cols }],
    cancel: spec.cancel,
    ok: (v) => setBoardSize(api, v[0], v[1], spec.cancel),
  });
}

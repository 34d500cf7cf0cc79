/* app/settings.js: the ⚙ dialog: mode, level, who moves first, the game's
 * own settings, colours and language; and which stored values are valid. */
import { dialog } from '../ui/dialog.js';
import { el } from '../ui/dom.js';
import { GAME_NAMES } from './registry.js';

/** @typedef {import('./app.js').App} App */
/** @typedef {import('./registry.js').Setting} Setting */

/** Is v a value this setting can take? (Stored values may be anything.)
 * @param {Setting} s @param {any} v */
export function settingValid(s, v) {
  if (s.type === 'select') return (s.options || []).some((o) => o.value === v);
  if (s.type === 'checkbox') return typeof v === 'boolean';
  if (s.type === 'color') return typeof v === 'string' && /^#[0-9a-f]{6}$/i.test(v);
  if (s.type === 'range') {
    return typeof v === 'number' && v >= /** @type {number} */ (s.min) && v <= /** @type {number} */ (s.max);
  }
  return false;
}

/** A form of labelled fields; ids unique within it. */
class Form {
  constructor() {
    /** @type {HTMLElement[]} */
    this.fields = [];
  }

  nextId() {
    return 'qp-set-' + this.fields.length;
  }

  /** @param {string} label @param {HTMLElement} node */
  add(label, node) {
    this.fields.push(el('label', { for: node.id, text: label }), node);
    return node;
  }

  /** @param {string} label @param {{value: any, label: string}[]} options @param {any} value */
  select(label, options, value) {
    const node = el('select', { id: this.nextId() }, options.map((o) =>
      el('option', { value: String(o.value), selected: String(o.value) === String(value) }, [o.label])));
    return /** @type {HTMLSelectElement} */ (this.add(label, node));
  }
}

/** The value a game setting's field holds now.
 * @param {Setting} s @param {HTMLInputElement|HTMLSelectElement} node */
function fieldValue(s, node) {
  if (s.type === 'select') {
    const chosen = (s.options || []).find((o) => String(o.value) === node.value);
    return chosen && chosen.value;
  }
  if (s.type === 'checkbox') return /** @type {HTMLInputElement} */ (node).checked;
  if (s.type === 'range') return Number(node.value);
  return node.value;
}

/** The game's own visible settings as fields.
 * @param {App} app @param {Form} form */
function ownFields(app, form) {
  const lang = app.lang, rec = app.rec;
  return (app.mod.settings || []).filter((s) => !s.hidden).map((s) => {
    const label = s.label[lang] || s.label.zh;
    const value = rec.settings[s.key];
    if (s.type === 'select') {
      const options = (s.options || []).map((o) => ({
        value: o.value, label: typeof o.label === 'string' ? o.label : o.label[lang] }));
      return { s, node: form.select(label, options, value) };
    }
    const id = form.nextId();
    let node;
    if (s.type === 'checkbox') node = el('input', { type: 'checkbox', checked: !!value, id });
    else if (s.type === 'color') node = el('input', { type: 'color', value, id });
    else node = el('input', { type: 'range', min: s.min, max: s.max, step: s.step || 1, value, id });
    form.add(label, node);
    return { s, node };
  });
}

/** Opens ⚙; OK applies, restarting the game where a change needs it.
 * @param {App} app */
export function openSettings(app) {
  const t = app.t.bind(app), lang = app.lang, rec = app.rec, mod = app.mod, info = app.info;
  if (app.settingsDialog) return;
  const form = new Form();
  const mode = info.players === 2 ?
    form.select(t('mode'), [{ value: 'ai', label: t('modeAi') }, { value: 'pvp', label: t('modePvp') }], rec.mode) : null;
  const levels = [];
  for (let l = 1; l <= info.maxLevel; l++) {
    const name = mod.levelNames && mod.levelNames[lang] && mod.levelNames[lang][l - 1];
    levels.push({ value: l, label: t('levelN', { n: l }) + (name ? ' · ' + name : '') });
  }
  const level = info.players === 2 || mod.soloLevels ? form.select(t('level'), levels, rec.level) : null;
  const first = info.players === 2 && !mod.startOverlay ?
    form.select(t('first'), [{ value: 'human', label: t('humanFirst') }, { value: 'ai', label: t('aiFirst') }],
      rec.humanFirst ? 'human' : 'ai') : null;
  const own = ownFields(app, form);
  const colours = form.select(t('palette'), [{ value: 'normal', label: t('paletteNormal') },
    { value: 'cb', label: t('paletteCb') }], app.palette);
  const language = form.select(t('language'), [{ value: 'zh', label: '中文' }, { value: 'en', label: 'English' }], lang);
  const apply = () => {
    let restart = false;
    if (mode && mode.value !== rec.mode) {
      rec.mode = /** @type {'ai'|'pvp'} */ (mode.value);
      restart = true;
    }
    if (level) rec.level = Number(level.value);
    if (first && (first.value === 'human') !== rec.humanFirst) {
      rec.humanFirst = first.value === 'human';
      restart = true;
    }
    for (const f of own) {
      const v = fieldValue(f.s, /** @type {HTMLInputElement} */ (f.node));
      if (v !== rec.settings[f.s.key]) {
        rec.settings[f.s.key] = v;
        if (f.s.restart) restart = true;
      }
    }
    app.save();
    if (colours.value !== app.palette) {
      app.palette = colours.value;
      app.store.set('palette', app.palette);
      app.board.invalidate();
    }
    if (language.value !== app.lang) {
      app.setLang(/** @type {'zh'|'en'} */ (language.value));
      if (restart) app.newGame();
      return;
    }
    if (restart) app.newGame();
    else {
      app.refresh();
      app.maybeAiMove();
    }
  };
  app.settingsDialog = dialog(app.shell, {
    title: t('settings') + ' · ' + GAME_NAMES[app.gameId][lang],
    body: el('div', { class: 'form' }, form.fields),
    buttons: [{ label: t('cancel') }, { label: t('ok'), primary: true, onclick: apply }],
    onclose: () => { app.settingsDialog = null; },
  });
}

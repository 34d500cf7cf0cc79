/* app/settings.js: the ⚙ dialog: mode, level, who moves first, the game's
 * own settings, colours, language and sound. It reads the game in play and says
 * what the player chose (SettingsChoice); the App applies it. */
import { dialog } from '../ui/dialog.js';
import { el } from '../ui/dom.js';
import { GAME_NAMES } from '../games/catalog.js';

/** @typedef {import('./app.js').App} App */
/** @typedef {import('./registry.js').Setting} Setting */
/** @typedef {import('../ui/dialog.js').DialogHandle} DialogHandle */

/**
 * What OK chose: the record's changes, the palette, the language and the
 * sound, and whether a change starts a new game (mode, who moves first, a game
 * setting marked restart).
 * @typedef {{edit: import('./saved-game.js').RecordEdit, palette: string, lang: 'zh'|'en', sound: boolean,
 *   restart: boolean}} SettingsChoice
 */

/** A level's name, in a word of how strong it is (入门 … 大师); the
 * computer's strongest says so. @param {App} app @param {number} level */
export function levelName(app, level) {
  const game = app.game, mod = game.mod, names = mod.levelNames && mod.levelNames[app.lang];
  const name = (names && names[level - 1]) || app.t('levelN', { n: level });
  return game.info.players === 2 && level === game.info.maxLevel ? app.t('strongest', { name }) : name;
}

/** The computer's levels by name, for the list beside the controls; null
 * where no computer plays (two players, a one-player game, a diagram).
 * @param {App} app @returns {{value: number, label: string}[]|null} */
export function levelChoices(app) {
  const game = app.game;
  if (game.info.players !== 2 || game.rec.mode !== 'ai' || game.readonly) return null;
  const levels = [];
  for (let l = 1; l <= game.info.maxLevel; l++) levels.push({ value: l, label: levelName(app, l) });
  return levels;
}

/** @param {App} app @param {number} level */
function levelNote(app, level) {
  const mod = app.game.mod, notes = mod.levelNotes && mod.levelNotes[app.lang];
  return (notes && notes[level - 1]) || '';
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

  /** A line under a field, saying what its value means; follows changes.
   * @param {HTMLSelectElement} field @param {() => string} say */
  note(field, say) {
    const line = el('p', { class: 'note', text: say() });
    field.addEventListener('change', () => { line.textContent = say(); });
    this.fields.push(line);
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
  const lang = app.lang, rec = app.game.rec;
  return (app.game.mod.settings || []).filter((s) => !s.hidden).map((s) => {
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

/** Opens ⚙ over the whole game; OK says what was chosen (`done`).
 * @param {App} app @param {(choice: SettingsChoice) => void} done @returns {DialogHandle} */
export function openSettings(app, done) {
  const t = app.t.bind(app), lang = app.lang, game = app.game, rec = game.rec, mod = game.mod, info = game.info;
  const form = new Form();
  const mode = info.players === 2 ?
    form.select(t('mode'), [{ value: 'ai', label: t('modeAi') }, { value: 'pvp', label: t('modePvp') }], rec.mode) : null;
  const levels = [];
  for (let l = 1; l <= info.maxLevel; l++) levels.push({ value: l, label: levelName(app, l) });
  const level = info.players === 2 || mod.soloLevels ? form.select(t('level'), levels, rec.level) : null;
  if (level) form.note(level, () => levelNote(app, Number(level.value)));
  const first = info.players === 2 && !mod.startOverlay ?
    form.select(t('first'), [{ value: 'human', label: t('humanFirst') }, { value: 'ai', label: t('aiFirst') }],
      rec.humanFirst ? 'human' : 'ai') : null;
  const own = ownFields(app, form);
  const colours = form.select(t('palette'), [{ value: 'normal', label: t('paletteNormal') },
    { value: 'cb', label: t('paletteCb') }], app.palette);
  const language = form.select(t('language'), [{ value: 'zh', label: '中文' }, { value: 'en', label: 'English' }], lang);
  const sound = /** @type {HTMLInputElement} */ (form.add(t('sound'),
    el('input', { type: 'checkbox', id: form.nextId(), checked: app.sounds.on })));
  // What OK changes, read before anything is changed.
  const apply = () => {
    const newMode = mode ? /** @type {'ai'|'pvp'} */ (mode.value) : rec.mode;
    const newFirst = first ? first.value === 'human' : rec.humanFirst;
    const own2 = own.map((f) => ({ s: f.s, v: fieldValue(f.s, /** @type {HTMLInputElement} */ (f.node)) }))
      .filter((f) => f.v !== rec.settings[f.s.key]);
    const restart = newMode !== rec.mode || newFirst !== rec.humanFirst || own2.some((f) => f.s.restart);
    /** @type {import('./saved-game.js').RecordEdit} */
    const edit = { mode: newMode, humanFirst: newFirst, settings: Object.fromEntries(own2.map((f) => [f.s.key, f.v])) };
    if (level) edit.level = Number(level.value);
    done({ edit, palette: colours.value, lang: /** @type {'zh'|'en'} */ (language.value), sound: sound.checked, restart });
  };
  return dialog(app.node, {
    title: t('settings') + ' · ' + GAME_NAMES[game.gameId][lang],
    // On the page, over the window wherever it is scrolled.
    full: app.page,
    body: el('div', { class: 'form' }, form.fields),
    buttons: [{ label: t('cancel') }, { label: t('ok'), primary: true, onclick: apply }],
  });
}

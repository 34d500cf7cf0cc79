/* first-frame-shell.js: the first frame's shell as markup, written by the
 * page's own shell.js at build time (tools/bundle.cjs runs this in node
 * over a small DOM, linkedom) so that the page parses it rather than
 * building it element by element before its first frame. */
import { Shell } from './app/shell.js';
import { FIRST } from 'qipan-first-view';
import { startingShell } from './first-frame-start.js';
import { el } from './ui/dom.js';

/** The .qp element at FIRST's start, in `lang`, as markup.
 * @param {'zh'|'en'} lang */
export function shellMarkup(lang) {
  const node = el('div', { class: 'qp page', lang });
  const model = startingShell(node, lang);
  const shell = new Shell(model);
  shell.showGame(FIRST.game); // no move list: a first visit's real shell hides its empty one
  // The real shell at a first visit's start: nothing to undo, a hint to ask;
  // the game waits on its start screen (App.newGame: not started until answered).
  shell.enable({ undo: false, hint: true });
  shell.showStatus({ text: model.t('newGame') });
  return node.outerHTML;
}

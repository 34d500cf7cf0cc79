/* first-frame-shell.js: the first frame's shell as markup, written by the
 * page's own shell.js at build time (tools/bundle.cjs runs this in node
 * over a small DOM, linkedom) so that the page parses it rather than
 * building it element by element before its first frame. */
import { FIRST } from 'qipan-first-view';
import { buildShell, selectGameInShell, updateStatus } from './app/shell.js';
import { startingApp } from './first-frame-start.js';
import { el } from './ui/dom.js';

/** The .qp element at FIRST's start, in `lang`, as markup.
 * @param {'zh'|'en'} lang */
export function shellMarkup(lang) {
  const shell = el('div', { class: 'qp page', lang });
  const app = /** @type {any} */ (startingApp(shell, lang));
  buildShell(app);
  selectGameInShell(app); // no move list: a first visit's real shell hides its empty one
  app.parts.undoButton.setAttribute('disabled', '');
  app.view = FIRST.view;
  updateStatus(app);
  return shell.outerHTML;
}

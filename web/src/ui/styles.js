/* ui/styles.js: the styles of the shell's shadow root, in their order:
 * the page's (style.js), a narrow screen's (style-narrow.js), then those
 * that serve accessibility (style-a11y.js). */
import { CSS } from './style.js';
import { A11Y_CSS } from './style-a11y.js';
import { NARROW_CSS } from './style-narrow.js';

export const SHELL_CSS = [CSS, NARROW_CSS, A11Y_CSS].join('\n');

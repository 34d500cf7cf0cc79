/* module.js: the package's ES module entry (make package bundles it into
 * dist/npm/qipan.mjs): import { mount, ready, engine } from 'qipan'.
 * Importing it defines <qipan-game> and starts loading the engine; it sets
 * no global. */
import { Qipan } from './api.js';

export const { version, engine, mount, ready } = Qipan;
export default Qipan;

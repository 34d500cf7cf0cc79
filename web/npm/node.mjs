// qipan in node's ES modules: the classic script (the CommonJS form that
// require() loads) with the ES module's names. Bundlers take qipan.mjs.
import { createRequire } from 'node:module';

const Qipan = createRequire(import.meta.url)('./qipan.js');
export const { version, engine, mount, ready } = Qipan;
export default Qipan;

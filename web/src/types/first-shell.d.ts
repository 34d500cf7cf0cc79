// The shell of the page's first frame as markup, one for each language
// (web/src/first-frame-shell.js, run at build time by tools/bundle.cjs):
// the .qp element and everything in it, its board's canvas included.
export const SHELL: { zh: string; en: string };

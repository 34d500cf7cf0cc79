// The start that the page's first frame draws (web/src/first-frame.js),
// written into web/qipan-first.js by tools/bundle.cjs from the built
// engine: the catalogue's first game at its default params.
export const FIRST: {
  game: string;
  list: string[];
  info: import('../engine/api.js').GameInfo;
  pos: string;
  view: any;
  legal: string[];
};

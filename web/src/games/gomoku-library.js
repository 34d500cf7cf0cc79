/* games/gomoku-library.js: what My games (app/library.js) does with gomoku
 * beyond the record: a game as Piskvork's .psq (the record format Gomocup
 * publishes its games in), written as Piskvork writes one (its game.cpp,
 * savePsq): "Piskvorky WxH, 0:0, 0" (both players human, the first one
 * begins), a line "x,y,ms" a move (the column and the row from the top-left,
 * from 1; ms 0: the page keeps no time a move), then the error code -1.
 * The engine reads one back (engine.open: docs/contract.md, "Links and
 * records"); the file names no rule, so it reads as free: a game under
 * "exact five" (whose overlines go on) is not written. */

/** @typedef {import('../app/registry.js').LibraryWay} LibraryWay */
/** @typedef {import('../engine/api.js').OpenedGame} OpenedGame */

/** The .psq of a game, or null (a rule the file cannot carry). @param {OpenedGame} game */
export function writePsq(game) {
  const m = /^(\d+)x(\d+) (free|renju|exact)\b/.exec(game.positions[0] || '');
  if (!m || m[3] === 'exact' || game.start.startsWith('=')) return null;
  const lines = ['Piskvorky ' + m[1] + 'x' + m[2] + ', 0:0, 0'];
  for (const a of game.actions) {
    const [x, y] = a.split(',').map(Number);
    lines.push((x + 1) + ',' + (y + 1) + ',0');
  }
  lines.push('-1');
  // Piskvork is a Windows program: its lines end CR LF.
  return lines.join('\r\n') + '\r\n';
}

/** @type {LibraryWay} */
export const gomokuLibrary = {
  file: { ext: 'psq', label: { zh: '存为 .psq', en: 'Save .psq' }, write: writePsq },
  // A .psq is one game, read whole by the engine.
  wholeFile: (text) => /^\s*Piskvork/.test(text),
};

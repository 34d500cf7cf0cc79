/* gomoku-threats.js — the threats on a gomoku board read from the stones
 * alone, for a player who cannot glance at it (the R key, gomoku.js): where
 * a side makes five, where it makes an open four (its open threes). */

/** @typedef {{w: number, h: number, cells: string, rule: string, turn: string}} ThreatView */

const DIRS = [[1, 0], [0, 1], [1, 1], [1, -1]];

/* The stones in a row through (x, y) along d for side, (x, y) counted as
 * the side's; extra: another point counted as the side's too. */
function run(view, side, x, y, d, extra) {
  let n = 1;
  for (const sgn of [1, -1]) {
    for (let k = 1; k < 6; k++) {
      const px = x + sgn * k * d[0], py = y + sgn * k * d[1];
      if (px < 0 || py < 0 || px >= view.w || py >= view.h) break;
      const mine = view.cells.charAt(py * view.w + px) === side || (extra && extra[0] === px && extra[1] === py);
      if (!mine) break;
      n++;
    }
  }
  return n;
}

/* Whether a row of n wins under the position's rule (renju: an overline wins for White only). */
function winsWith(view, side, n) {
  if (n === 5) return true;
  return n > 5 && (view.rule === 'free' || (view.rule === 'renju' && side === '2'));
}

function empty(view, x, y) { return view.cells.charAt(y * view.w + x) === '.'; }

/* Does a stone of side on (x, y) make five (in direction d only, when given)? */
function makesFive(view, side, x, y, d, extra, forbiddenAt) {
  if (side === '1' && view.turn === '1' && forbiddenAt && forbiddenAt(view, x, y) && !extra) return false;
  return (d ? [d] : DIRS).some(function (dir) { return winsWith(view, side, run(view, side, x, y, dir, extra)); });
}

/* The points where a stone makes an open four (two points of one line then
 * make five): where an open three grows. */
function makesOpenFour(view, side, x, y) {
  return DIRS.some(function (d) {
    let fives = 0;
    for (let k = -4; k <= 4; k++) {
      const qx = x + k * d[0], qy = y + k * d[1];
      if (!k || qx < 0 || qy < 0 || qx >= view.w || qy >= view.h || !empty(view, qx, qy)) continue;
      if (makesFive(view, side, qx, qy, d, [x, y])) fives++;
    }
    return fives >= 2;
  });
}

/* The fours and open threes on the board, each side's, read from the
 * stones: the points ("x,y") where a stone makes five, where it makes an
 * open four. forbiddenAt(view, x, y): Black's forbidden points under renju. */
export function boardThreats(view, forbiddenAt) {
  const out = { '1': { five: [], four: [] }, '2': { five: [], four: [] } };
  for (let y = 0; y < view.h; y++) {
    for (let x = 0; x < view.w; x++) {
      if (!empty(view, x, y)) continue;
      for (const side of ['1', '2']) {
        if (makesFive(view, side, x, y, null, null, forbiddenAt)) out[side].five.push(x + ',' + y);
        else if (makesOpenFour(view, side, x, y)) out[side].four.push(x + ',' + y);
      }
    }
  }
  return out;
}

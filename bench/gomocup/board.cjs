// The match manager's own board: free-rule gomoku (five or more wins) on a
// square board, for adjudication, plus the threat counts that tell a lost
// game's blunders apart (bench/gomocup.cjs reports them).
'use strict';

const DIRECTIONS = [[1, 0], [0, 1], [1, 1], [1, -1]];
const EMPTY = 0;

class Board {
  constructor(size) {
    this.size = size;
    this.cells = new Uint8Array(size * size); // 0 empty, 1 Black, 2 White
    this.moves = [];
  }

  static fromMoves(size, moves) {
    const board = new Board(size);
    for (const [x, y] of moves) board.place(x, y);
    return board;
  }

  onBoard(x, y) { return x >= 0 && y >= 0 && x < this.size && y < this.size; }

  at(x, y) { return this.cells[y * this.size + x]; }

  isEmpty(x, y) { return this.onBoard(x, y) && this.at(x, y) === EMPTY; }

  /* The colour to move: Black (1) first. */
  toMove() { return this.moves.length % 2 ? 2 : 1; }

  isFull() { return this.moves.length === this.size * this.size; }

  place(x, y) {
    this.cells[y * this.size + x] = this.toMove();
    this.moves.push([x, y]);
  }

  undo() {
    const [x, y] = this.moves.pop();
    this.cells[y * this.size + x] = EMPTY;
  }

  /* The longest line of `colour` through (x, y), counting (x, y) as hers. */
  lineThrough(x, y, colour) {
    let longest = 0;
    for (const [dx, dy] of DIRECTIONS) {
      let n = 1;
      for (const sign of [1, -1]) {
        for (let k = 1; this.onBoard(x + sign * k * dx, y + sign * k * dy) &&
          this.at(x + sign * k * dx, y + sign * k * dy) === colour; k++) n++;
      }
      longest = Math.max(longest, n);
    }
    return longest;
  }

  /* Did the stone just placed at (x, y) make five or more? */
  madeFive(x, y) { return this.lineThrough(x, y, this.at(x, y)) >= 5; }

  /* The empty points where `test(x, y)` holds. */
  emptyPointsWhere(test) {
    const points = [];
    for (let y = 0; y < this.size; y++) {
      for (let x = 0; x < this.size; x++) {
        if (this.at(x, y) === EMPTY && test(x, y)) points.push([x, y]);
      }
    }
    return points;
  }

  /* Empty points where `colour` would make five: her fours' completions. */
  winPoints(colour) {
    return this.emptyPointsWhere((x, y) => this.lineThrough(x, y, colour) >= 5);
  }

  /* Empty points where a stone of `colour` makes two or more ways to five
   * (an open four or a double four): her open threes' and the like's
   * completions, i.e. what must be stopped now. Only lines through the
   * new stone can gain a completion, so only those are looked at. */
  openFourPoints(colour) {
    return this.emptyPointsWhere((x, y) => this.completionsAfter(x, y, colour) >= 2);
  }

  completionsAfter(x, y, colour) {
    this.cells[y * this.size + x] = colour;
    let n = 0;
    for (const [dx, dy] of DIRECTIONS) {
      for (let k = -4; k <= 4; k++) {
        const px = x + k * dx, py = y + k * dy;
        if (k && this.isEmpty(px, py) && this.lineThrough(px, py, colour) >= 5) n++;
      }
    }
    this.cells[y * this.size + x] = EMPTY;
    return n;
  }
}

/* The first blunder of `colour` in a game she lost, by the simple rules
 * the issue names (a heuristic, not a search): at one of her moves she
 * had a five and did not make it; or the opponent had a single four and
 * she neither made five nor blocked it; or the opponent had an open
 * three (a point making an open four), she had no four, a single stone
 * could have stopped every such point, and her move left one. Returns
 * {ply, kind, move} or null. */
function firstBlunder(size, moves, colour) {
  const board = new Board(size);
  const opponent = 3 - colour;
  for (let ply = 0; ply < moves.length; ply++) {
    if (board.toMove() === colour) {
      const kind = blunderAt(board, moves[ply], colour, opponent);
      if (kind) return { ply, kind, move: moves[ply] };
    }
    board.place(...moves[ply]);
  }
  return null;
}

function blunderAt(board, [x, y], colour, opponent) {
  const ours = board.winPoints(colour);
  if (ours.length) return ours.some(([px, py]) => px === x && py === y) ? null : 'missed five';
  const theirs = board.winPoints(opponent);
  if (theirs.length === 1) return theirs[0][0] === x && theirs[0][1] === y ? null : 'missed four';
  if (theirs.length || !board.openFourPoints(opponent).length) return null;
  board.place(x, y);
  const leftOpen = board.winPoints(colour).length === 0 && board.openFourPoints(opponent).length > 0;
  board.undo();
  return leftOpen && canStopAll(board, opponent) ? 'missed open three' : null;
}

/* Is there one stone that leaves `opponent` no open-four point? */
function canStopAll(board, opponent) {
  return board.emptyPointsWhere((x, y) => {
    board.place(x, y);
    const stopped = board.openFourPoints(opponent).length === 0;
    board.undo();
    return stopped;
  }).length > 0;
}

module.exports = { Board, firstBlunder };

/* connect4.h — Connect Four 四子重力棋 (docs/rules.md, "Connect Four").
 *
 * W columns x H rows, 4..9 each (default 7x6). Players: 0 = "1" (moves
 * first), 1 = "2". A stone drops to the lowest empty cell of its column;
 * four or more in a row (across, up, or either diagonal) wins; a full
 * board with no four is a draw.
 *
 * Params: "WxH", e.g. "7x6" (the default), "9x9".
 * POS: "WxH", then a space and the moves so far as 1-based column digits
 *      (Pascal Pons' notation): "7x6 4453". The start is "7x6"; "7x6 " is
 *      read the same (formatting always gives "7x6"). Only real games are
 *      accepted: every digit names a column of the board that is not full,
 *      and no move follows a four. Widths up to 9 keep columns one digit.
 * Action: the column, 0-based as an int, written 1-based ("4").
 * Status: "turn 1" / "turn 2", "win 1" / "win 2" (reason "line"), "draw"
 *      (reason "full").
 *
 * AI levels:
 *   1  the original's Computer1: a random walk of steps among the eight
 *      neighbours and "stay", starting at the last stone (on an empty
 *      board, the bottom of the centre column), until it stands on an
 *      empty cell; the stone goes into that cell's column.
 *   2  the original's connectFourComputer2 (Computer2 with gravity): block
 *      the opponent's line of 3+ through its last stone, else extend the
 *      own longest open line, else play as level 1. See ai.c.
 *   3  depth-limited alpha-beta (8 plies) over a heuristic evaluation of
 *      every window of four cells; any board size.
 *   4  perfect play by the exact solver (solver.h): never turns a
 *      win into a draw or loss or a draw into a loss, wins fastest and
 *      loses slowest; ties between equally good columns broken by the
 *      seed. On 7x6 an opening book (book.h) holds the positions
 *      of its own games, against any reply, that the solver cannot finish
 *      within the budget: there it plays the book's column at once. A
 *      position off those lines (set up by two players, say) that is too
 *      hard for the budget gets level 3's move, saying so. On other
 *      boards it is perfect when the solver finishes within its budget
 *      (C4_LEVEL4_BUDGET nodes; with --time MS, MS * C4_NODES_PER_MS
 *      nodes, still counted, never clocked) and otherwise plays level 3's
 *      move and says so in info->note; boards that do not fit 64 bits
 *      (W * (H + 1) > 64) always use level 3.
 * AI score (level 4, when solved): Pons' score of the position for the side
 *   to move (docs/contract.md): 0 draw; a win with its k-th next stone scores
 *   (W*H + 1 - m) / 2 with m the stones before that stone; a loss is the
 *   negative. info->note says it in words: "wins in 7 moves" (its own
 *   moves, the winning one included), "loses in 5 moves" (the opponent's
 *   moves), "draw".
 *
 * describe() JSON (rows counted from the top, columns from the left, both
 * 0-based; the page needs no rule; the engine puts "status" and "reason"
 * first, as for every game):
 *   {"status":"turn 2","reason":"",
 *    "w":7,"h":6,
 *    "rows":[".......",...,"...1..."],  the top row first; '.', '1' or '2'
 *    "moves":1,                         stones played
 *    "turn":"2",                        the side to move; null once over
 *    "last":[3,5],                      the last stone [col,row], or null
 *    "drop":[5,5,5,4,5,5,5],            where a stone dropped in each column
 *                                       lands (its row), -1 if full or over
 *    "win":[[0,5],[1,5],[2,5],[3,5]]}   every cell of the four (or more,
 *                                       or two lines) the last stone made
 * analyze() JSON, the exact score of every open column for the side to
 * move (Pons' convention, as if it played there), for hints and the
 * analysis view:
 *   {"turn":"1","exact":true,"score":1,"note":"wins in 21 moves",
 *    "best":["4"],"moves":{"1":-2,"2":-1,"3":0,"4":1,"5":0,"6":-1,"7":-2},
 *    "words":{"1":"loses in 20 moves",...,"4":"wins in 21 moves",...},
 *    "nodes":1234}
 *   Each column gets C4_ANALYZE_BUDGET nodes (the book answers at once
 *   where it can); a column not finished has null and no words; full
 *   columns are absent. "exact" is true when every open column has its
 *   score; then "score"/"note" are the position's and "best" lists the
 *   columns that keep it (else null, a note saying why, and []).
 */
#ifndef QP_CONNECT4_H
#define QP_CONNECT4_H

#include "game.h"
#include "solver.h"

#define C4_MAX_CELLS (C4_MAX_SIDE * C4_MAX_SIDE)

/* Node budgets: level 4's move (about 0.6 s natively and in wasm under
 * node on the project's machine: 10 M nodes a second) and each column of
 * analyze(). The book generator leaves out every position level 4 solves
 * within C4_BOOK_THRESHOLD nodes. */
#define C4_BOOK_THRESHOLD 4000000LL
#define C4_NODES_PER_MS 10000LL /* level 4 with --time MS: MS * this many nodes */
#define C4_LEVEL4_BUDGET 6000000LL
#define C4_ANALYZE_BUDGET 1000000LL

enum { C4_EMPTY = 0 }; /* a cell holds player + 1 */

typedef struct {
    int w, h;
    int n; /* stones played */
    unsigned char moves[C4_MAX_CELLS]; /* columns, 0-based, in order */
    unsigned char height[C4_MAX_SIDE]; /* stones in each column */
    unsigned char cell[C4_MAX_SIDE][C4_MAX_SIDE]; /* [col][row], row 0 at the bottom */
    int winner; /* the player who made four, or QP_NOBODY */
} c4_state;

extern const qp_game qp_connect4;
extern const char CONNECT4_SIDES[]; /* "12": the status letters */

qp_status c4_status(const void *st);

/* The solver's position for a state whose board fits (c4_fits); selects
 * that board size in the solver. */
c4_pos connect4_solver_pos(const c4_state *s);

/* The score of the state for the side to move (weak: -1, 0, 1), using the
 * opening book on 7x6 unless no_book. The game must be in play and the
 * board must fit. Returns false when `budget` nodes (0: none) ran out. */
bool connect4_solve(const c4_state *s, bool weak, bool no_book, long long budget, int *score,
                    long long *nodes);

/* The same, checked: fails (saying why) on a board too large for the
 * solver or a game already won; a full board scores 0. For the engine's
 * qp_engine_solve (`qipan solve`, the wasm engine's "solve" call). */
bool connect4_solve_checked(const c4_state *s, bool weak, bool no_book, int *score,
                            long long *nodes, qp_error *err);

/* Pons' score in words for a side to move with `moves` stones played:
 * "wins in 3 moves", "loses in 1 move", "draw". */
void connect4_score_words(int w, int h, int moves, int score, char *out, int cap);

/* Lands a stone of the side to move in col (which must be open) and
 * records a four; the trusted apply of the interface. */
void connect4_drop(c4_state *s, int col);

/* The rules' entries of the game's table (game.c). */
bool c4_init(void *st, const char *params, uint64_t seed, qp_error *err);
bool c4_parse_pos(void *st, const char *pos, qp_error *err);
void c4_format_pos(const void *st, qp_buf *out);
int c4_legal(const void *st, int *actions, int cap);
bool c4_parse_action(const void *st, const char *text, int *action, qp_error *err);
void c4_format_action(const void *st, int action, qp_buf *out);
void c4_apply(void *st, int action);
void c4_show(const void *st, qp_buf *out);
void c4_describe(const void *st, qp_buf *out);

#endif

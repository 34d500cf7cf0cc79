/* solver.h — an exact Connect Four solver for every board whose bitboard
 * fits 64 bits (W * (H + 1) <= 64), after the techniques of Pascal Pons'
 * "Solving Connect 4" (our own code).
 *
 * Bit layout. Bit c * (H + 1) + r stands for column c, row r (row 0 at the
 * bottom). Each column keeps one spare bit above its top row, always 0: it
 * stops the horizontal and diagonal shifts of the win test from wrapping
 * into the next column. On 7x6:
 *
 *      6 13 20 27 34 41 48     <- spare row, never set
 *      5 12 19 26 33 40 47
 *      4 11 18 25 32 39 46
 *      3 10 17 24 31 38 45
 *      2  9 16 23 30 37 44
 *      1  8 15 22 29 36 43
 *      0  7 14 21 28 35 42     <- row 0, the bottom
 *
 * A position is two such boards, `mine` (the stones of the side to move)
 * and `mask` (all stones), and the number of stones played. Adding
 * `mask` to `mine` sets, in each column, the bit just above its stones
 * and keeps the colours below: mine + mask is a unique key for the
 * position. Playing a column is mine ^= mask; mask |= mask + bottom(col).
 *
 * Scores follow Pons (docs/contract.md, "The CLI"): 0 for a draw; when the side to move wins,
 * (W*H + 1 - m) / 2 where m is the number of stones on the board before its
 * winning stone; the negative when it loses.
 *
 * The search: negamax with alpha-beta over copies of the position; only
 * moves that do not hand the opponent an immediate win are searched, so a
 * position with two opposing threats (or a threat under a threat) is lost
 * without search; moves are tried best first: by the number of winning
 * cells the move creates, centre columns first on ties; a child whose
 * table entry already refutes the position cuts before any
 * search (enhanced transposition cutoff); a transposition table keeps
 * bounds (upper, lower or exact) and is never cleared between solves
 * (entries of older sessions are simply ignored); the root narrows the
 * score with null-window probes (bisection biased toward 0).
 *
 * Budgets are counted in nodes (calls of the search), so a solve with a
 * budget ends the same way natively and in wasm. One solver at a time:
 * the geometry and the table are static.
 */
#ifndef QP_C4SOLVE_H
#define QP_C4SOLVE_H

#include <stdbool.h>
#include <stdint.h>

#define C4_MIN_SIDE 4
#define C4_MAX_SIDE 9

typedef struct {
    uint64_t mine; /* stones of the side to move */
    uint64_t mask; /* all stones */
    int moves; /* stones on the board */
} c4_pos;

/* True when a W x H board fits the solver (W * (H + 1) <= 64). */
bool c4_fits(int w, int h);
/* Selects the board size for every function below; w, h must fit. */
void c4_use_board(int w, int h);

c4_pos c4_empty(void);
bool c4_can_play(const c4_pos *p, int col);
/* Plays col (0-based), which must be playable. */
void c4_play(c4_pos *p, int col);
/* Plays a string of 1-based column digits; returns the number played before
 * a bad, full or winning column (the whole length when all were fine). */
int c4_play_digits(c4_pos *p, const char *digits);
/* True when playing col makes four for the side to move. */
bool c4_is_winning_move(const c4_pos *p, int col);
bool c4_can_win_next(const c4_pos *p);
uint64_t c4_key(const c4_pos *p);
/* The key of the mirrored position (columns reversed). */
uint64_t c4_mirror_key(const c4_pos *p);

/* The score of a win by the side to move with its next stone. */
int c4_win_now_score(int moves);

typedef struct {
    long long budget; /* nodes for every call made with these limits; 0: no limit */
    long long nodes; /* nodes searched so far by those calls */
    bool weak; /* only the sign of the score: -1, 0 or 1 */
} c4_limits;

/* An oracle of exact scores consulted during the search (an opening book):
 * returns true and sets *score when it knows the position. */
typedef bool (*c4_oracle)(const c4_pos *p, int *score);
void c4_set_oracle(c4_oracle oracle, int max_moves);

/* Starts a new session: the table's earlier entries are ignored from now
 * on, so the work of a solve does not depend on what ran before. */
void c4_new_session(void);

/* The score of p for the side to move, which must not have won already
 * (the previous stone made no four) and must have a move to play. With
 * lim->weak, the sign only. Returns false when the budget ran out. */
bool c4_solve(const c4_pos *p, c4_limits *lim, int *score);

/* Null-window probe: true when score(p) > s (exactly: *above gets it).
 * Returns false when the budget ran out. */
bool c4_probe(const c4_pos *p, int s, c4_limits *lim, bool *above);

/* The score of p (as c4_solve) and every column that keeps it, in
 * ascending order: the winning columns when p wins at once. */
bool c4_best_moves(const c4_pos *p, c4_limits *lim, int *score, int *cols, int *n);

/* The smaller of the keys of p and of its mirror image. */
uint64_t c4_canonical_key(const c4_pos *p);

#ifdef C4_BIG_TT_BITS
/* Generator builds only: search with the big table (its own session) or
 * with the small one as at run time. */
void c4_use_big_table(bool on);
#endif

/* The score of playing col for the side to move (from its side): the win
 * score when col wins at once, else minus the child's score. */
bool c4_move_score(const c4_pos *p, int col, c4_limits *lim, int *score);

#endif

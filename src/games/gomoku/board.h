/* board.h — the gomoku AI's board: incremental line patterns for
 * all four directions, per-point threat classes, and fast renju checks.
 *
 * The board is padded by 5 walls on every side so that every point's
 * 11-point window in each direction stays inside the array:
 *
 *     index = (y + GB_PAD) * GB_STRIDE + (x + GB_PAD)
 *     directions: +1 (→), +STRIDE (↓), +STRIDE+1 (↘), 1-STRIDE (↗)
 *
 * For every point, colour and direction, `key` encodes the 10 points at
 * offsets -5..-1, +1..+5 in base 3 from that colour's side (0 empty,
 * 1 own, 2 blocked: an opponent stone or the edge). A table built once
 * per semantics (five or more wins / exactly five wins) maps a key to
 * what a stone of that colour on the point would make in that line
 * (GB_PT_*). Putting a stone updates the keys of the 40 points it sees
 * (+-5 in four directions) by a base-3 digit, and re-derives their
 * classes (GB_C_*) and learned weights (eval_table.c); taking it back
 * reverses that. Nothing is
 * allocated; the board is plain data.
 */
#ifndef QP_GOMOKU_BOARD_H
#define QP_GOMOKU_BOARD_H

#include <stdbool.h>
#include <stdint.h>

#include "gomoku.h"

#define GB_PAD 5
#define GB_STRIDE (GOMOKU_MAX + 2 * GB_PAD)
#define GB_CELLS (GB_STRIDE * GB_STRIDE)
#define GB_KEYS 59049 /* 3^10 */
#define GB_PATTERN_SETS 1365 /* multisets of 4 line patterns: C(12 + 3, 4) */

/* What a stone makes in one line, weakest first. */
enum {
    GB_PT_NONE, /* no five possible through it in this line */
    GB_PT_B1,
    GB_PT_F1, /* one stone: blocked / open */
    GB_PT_B2,
    GB_PT_F2, /* two: leads to a blocked / an open three */
    GB_PT_B3,
    GB_PT_F3, /* three: leads to a four / a straight four */
    GB_PT_B4, /* a four: one point makes five */
    GB_PT_F4, /* a straight four: two points five apart make five */
    GB_PT_44, /* two fours in one line (X.XXX.X) */
    GB_PT_OL, /* exactly-five semantics: an overline, which wins nothing */
    GB_PT_FIVE,
    GB_PT_COUNT
};

/* What a stone of one colour on an empty point makes, all lines together:
 * the threat class the searches use. */
enum {
    GB_C_NONE, /* occupied, or nothing worth a name */
    GB_C_FORBID, /* Black under renju: surely forbidden (overline, 4-4) */
    GB_C_F3, /* one open three */
    GB_C_F33, /* two open threes or more */
    GB_C_B4, /* a four (plus anything but an open three) */
    GB_C_B4F3, /* a four and an open three */
    GB_C_F4, /* a straight four or two fours: wins unless answered by five */
    GB_C_FIVE,
    GB_C_COUNT
};

/* The evaluation network (nnue_weights.c, made by tools/gomoku_nnue.py):
 * GB_NN_H sums a side of one learned vector per empty point and pattern
 * set, kept up to date stone by stone, then GB_NN_K hidden units. */
#define GB_NN_H 4
#define GB_NN_K 16
#define GB_NN_CHECKS 16

/* The undo log: what a stone changed (each point and colour whose
 * pattern moved, as it was before, and the sums), so that taking the
 * stone back restores instead of recomputing. GB_UNDO_PLIES stones are
 * logged on top of the loaded position; a stone beyond is taken back the
 * slow way. A stone changes at most 82 point-colours: 40 points seen in
 * 4 directions, both colours, and its own point. */
#define GB_UNDO_PLIES 64
#define GB_UNDO_ENTRIES (GB_UNDO_PLIES * 82)
typedef struct {
    short p, lval[2], set, feat;
    unsigned char c, cls, check, pat[4];
} gb_undo;
typedef struct {
    int top; /* the log's length before this stone */
    int learned[2][2], acc[2][2 * GB_NN_H], count[2][GB_C_COUNT];
} gb_undo_ply;
typedef struct {
    int w, h, rule;
    int side; /* to move: 0 Black, 1 White */
    int nstones;
    uint64_t hash;
    unsigned char cell[GB_CELLS]; /* GOMOKU_EMPTY/BLACK/WHITE, or GB_WALL */
    unsigned char cls[2][GB_CELLS];
    unsigned char check[GB_CELLS]; /* Black under renju: may be a 3-3 (verify) */
    unsigned char near[GB_CELLS]; /* stones within the 5x5 square around */
    short lval[2][2][GB_CELLS]; /* a point's gb_learned weights: as mover, as waiter */
    short set[2][GB_CELLS]; /* its pattern set (gb_pattern_set) */
    uint16_t key[2][4][GB_CELLS];
    unsigned char pat[GB_CELLS][2][4]; /* the patterns of the keys (empty points) */
    unsigned char sem[2], kind[2]; /* per colour: exact-five semantics; class table */
    int learned[2][2]; /* per colour, the sums of lval over the empty points */
    short feat[2]
              [GB_CELLS]; /* the network's feature of a point: its set, or -1 (taken, forbidden) */
    int acc[2][2 * GB_NN_H]; /* per colour: gb_nn_embed summed over feat (as mover, as waiter) */
    int count[2][GB_C_COUNT]; /* empty points of each class */
    short hist[GOMOKU_CELLS]; /* stones in the order put */
    int n_on;
    short on[GOMOKU_CELLS]; /* the points of the board, row by row */
    int undo_base; /* the stones below the log (loaded, or past it) */
    int undo_top; /* entries of undo in use */
    bool logging; /* the stone being put is logged */
    gb_undo undo[GB_UNDO_ENTRIES];
    gb_undo_ply undo_ply[GB_UNDO_PLIES];
} gb_board;

#define GB_WALL 3

extern const int gb_dir[4];

/* Sets b up from a rules state (every move replayed). */
void gb_load(gb_board *b, const gomoku_state *s);
/* Puts the side to move's stone on p, or takes back the last stone. */
void gb_make(gb_board *b, int p);
void gb_unmake(gb_board *b);
/* Passes the turn (searches for a side's threats as if it moved again). */
static inline void gb_pass(gb_board *b) { b->side ^= 1; }

/* The line pattern of a `color` stone on p along direction d. */
int gb_pattern(const gb_board *b, int color, int d, int p);
/* May `color` put a stone on empty p? False only for Black's forbidden
 * points under renju (recursive 3-3 check when needed). */
bool gb_legal(gb_board *b, int color, int p);
/* Why Black may not play p under renju: GOMOKU_ALLOWED, ... */
int gb_forbidden(gb_board *b, int p);
/* The learned evaluation's weight (eval_table.c, made by
 * tools/gomoku_tune.c) of a point whose four line patterns for one colour
 * form multiset k: gb_learned[0][k] when that colour is to move,
 * gb_learned[1][k] when it waits. */
extern const short gb_learned[2][GB_PATTERN_SETS];
/* The threats on the board, as Rapfi's classical evaluation reads them:
 * which of the classes a stone would make (an open four, a four and a
 * three, a four, a double three, a three) each side has at some empty
 * point, the side to move's in the low five bits; gb_threat (eval_table.c)
 * learns what each combination is worth to the side to move, the first
 * move's value that the sums of the points miss. */
#define GB_THREAT_MASKS 1024
extern const short gb_threat[GB_THREAT_MASKS];
static inline int gb_threat_mask(const int count[2][GB_C_COUNT], int me)
{
    static const unsigned char cls[5] = {GB_C_F4, GB_C_B4F3, GB_C_B4, GB_C_F33, GB_C_F3};
    int mask = 0;
    for (int i = 0; i < 5; i++)
        mask |= (count[me][cls[i]] > 0) << i | (count[!me][cls[i]] > 0) << (5 + i);
    return mask;
}
/* The learned move order's weight of a point whose pattern set is k for
 * the side to move (gb_policy[0][k]) or for its opponent (gb_policy[1][k]):
 * a move's score is the sum of the two (units of 1/100 of a logit). */
extern const short gb_policy[2][GB_PATTERN_SETS];
/* Added for each direction: gb_pair_policy[m * GB_PT_COUNT + o], m the
 * mover's pattern there and o the opponent's. */
extern const short gb_pair_policy[GB_PT_COUNT * GB_PT_COUNT];
/* The network's weights, in integers (tools/gomoku_nnue.py says the
 * scales): the first layer's vector per set, for the side to move then
 * for the side that waits, then the layers above. */
extern const int gb_nn_embed[GB_PATTERN_SETS][2 * GB_NN_H];
extern const int gb_nn_bias0[2 * GB_NN_H];
extern const short gb_nn_w1[GB_NN_K][2 * GB_NN_H];
extern const int gb_nn_bias1[GB_NN_K];
extern const short gb_nn_w2[GB_NN_K];
extern const int gb_nn_bias2;
/* Positions (moves as y * 15 + x on 15x15, free rule) and the trainer's
 * float output there, in evaluation units: the integer network must agree. */
typedef struct {
    int n;
    short moves[GOMOKU_CELLS];
    float units;
} gb_nn_check;
extern const gb_nn_check gb_nn_checks[GB_NN_CHECKS];
/* The network's output for the side to move, in the evaluation's units
 * (1/400 of a logit), from the accumulators. */
int gb_nn_eval(const gb_board *b);
/* The accumulators summed afresh from the points (for the tests). */
void gb_nn_recompute(const gb_board *b, int acc[2][2 * GB_NN_H]);

/* The multiset of a point's four line patterns, 0..GB_PATTERN_SETS-1. */
int gb_pattern_set(const unsigned char pat[4]);

/* The first empty point where `color` has class cls, or -1. */
int gb_find(const gb_board *b, int color, int cls);

static inline int gb_x(int p) { return p % GB_STRIDE - GB_PAD; }
static inline int gb_y(int p) { return p / GB_STRIDE - GB_PAD; }
static inline int gb_at(int x, int y) { return (y + GB_PAD) * GB_STRIDE + x + GB_PAD; }

#endif

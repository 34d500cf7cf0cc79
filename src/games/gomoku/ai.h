/* ai.h — the gomoku AIs. Levels 1 and 2 (basic_ai.c) are the original's
 * two computers (gomoku.h). Levels 3 and 4 are threat-space search and
 * PVS, sharing think.h: root.c (the steps below, gomoku_think), threats.c
 * (VCF, VCT), pvs.c (PVS and its quiescence), moves.c (the moves it tries
 * and their order), tt.h (its transposition table), eval.h (the
 * evaluation), analyze.c (notes, the analysis JSON), on the pattern board
 * of board.h.
 *
 * At levels 3-4 a move is chosen in this order, each step under the
 * level's budget:
 *   1. a five; a block of the opponent's four; an open four (or a
 *      double four) of our own — the moves that decide at once;
 *   2. VCF (victory by continuous fours): we play fours only, the
 *      opponent's reply is forced; a proof is a won game;
 *   3. VCT (victory by continuous threats): fours and open threes; after
 *      a three the opponent may block anywhere on the threatened lines or
 *      answer with a four of its own;
 *   4. iterative-deepening PVS (pvs.c) in the shape of the strong
 *      engines: a transposition table, a history table and killers over
 *      the learned move order, late-move reductions (more for moves the
 *      order ranks low, less for a good history, more where the node is
 *      expected to fail high), move-count pruning, futility at the child,
 *      razoring into the fours, the forced answer to a four searched at
 *      no cost in depth, singular extension (off for now: pvs.c), and a
 *      quiescence search over fours at depth zero; the evaluation sums, over the empty points,
 *      what a stone of each colour would make there;
 *   5. the move chosen by PVS is refused if it lets the opponent win by
 *      VCF, when another one does not.
 * Budgets are counted in nodes (deterministic for a seed: the seed only
 * breaks ties among equal root moves); opts->time_ms > 0 uses a clock
 * instead, split between the steps in the same proportions.
 */
#ifndef QP_GOMOKU_AI_H
#define QP_GOMOKU_AI_H

#include "gomoku.h"

/* Nodes for level 3 (under a second a move in the browser on 15x15: the
 * evaluation network costs about a quarter of the nodes a second, so
 * 400k now take what 500k took before it); level 4 gets
 * GOMOKU_L4_FACTOR times that. */
#define GOMOKU_L3_NODES 400000
#define GOMOKU_L4_FACTOR 6
#define GOMOKU_LINE_MAX 96

enum {
    GOMOKU_BY_OPENING, /* first stone: the centre */
    GOMOKU_BY_FIVE, /* makes five */
    GOMOKU_BY_BLOCK, /* stops the opponent's five */
    GOMOKU_BY_FOUR, /* straight four or double four: wins next move */
    GOMOKU_BY_VCF,
    GOMOKU_BY_VCT,
    GOMOKU_BY_SEARCH,
};

typedef struct {
    int move; /* a point of the rules state: y*w + x */
    int score; /* for the side to move; see gomoku.h */
    int kind; /* GOMOKU_BY_* */
    int depth; /* last PVS depth completed (0 when not searched) */
    long long nodes;
    int line_len; /* the winning line for VCF/five/four: moves of both */
    int line[GOMOKU_LINE_MAX]; /* sides in order, rules-state points */
} gomoku_result;

/* Levels 1-2: the original's move for the side to move, or -1 when no
 * point is free. */
int gomoku_original_move(const gomoku_state *s, int level, qp_rng *rng);

bool gomoku_think(const gomoku_state *s, const qp_ai_opts *opts, gomoku_result *r, qp_error *err);
/* Levels 3-4's nodes a move, set by a Gomocup manager (pbrain's INFO
 * max_node): without a clock it replaces the level's budget, with one it
 * caps the work as well; 0 (the default): the level's own budget. */
extern long long gomoku_max_nodes;
/* English words for the result ("wins by VCF in 5 moves"). */
void gomoku_note(const gomoku_result *r, char *note, size_t cap);
/* The analysis JSON (see analyze.c). */
bool gomoku_analyze(const gomoku_state *s, const qp_ai_opts *opts, qp_buf *out, qp_error *err);
/* Does the side to move win by VCF within `nodes` of work? The line goes
 * to r (for the tests and the puzzle bench). */
bool gomoku_vcf(const gomoku_state *s, long long nodes, gomoku_result *r);

/* The review's judgement of a move (review.c; game.h's judge). */
bool gmk_judge(const void *st, int action, int level, qp_judgement *j, qp_error *err);

#endif

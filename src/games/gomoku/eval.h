/* eval.h — what a position is worth to gomoku's PVS, for the side to
 * move: the learned pattern table (eval_table.c, made by
 * tools/gomoku_tune.c), what each empty point would make for either side
 * weighted by who is to move and what the threats on the board are worth
 * to the side to move (board.h's gb_threat_mask), plus the network's correction (nnue.c,
 * weights in nnue_weights.c). Both are kept up to date stone by stone by
 * the board (board.c), so this only adds them up; inline because PVS
 * calls it at every node. */
#ifndef QP_GOMOKU_EVAL_H
#define QP_GOMOKU_EVAL_H

#include "think.h"

/* The evaluation network on (1) or off (0), for paired measurements. */
#ifndef GK_NNUE
#define GK_NNUE 1
#endif

/* About 400 a logit of the chance to win, kept clear of the decided
 * scores; GK_NNUE 0 leaves the network out. */
static inline int evaluate(const gb_board *b)
{
    int me = b->side, v = b->learned[me][0] + b->learned[!me][1];
    v += gb_threat[gb_threat_mask(b->count, me)];
    if (GK_NNUE)
        v += gb_nn_eval(b);
    return v > DECIDED / 2 ? DECIDED / 2 : v < -DECIDED / 2 ? -DECIDED / 2 : v;
}

#endif

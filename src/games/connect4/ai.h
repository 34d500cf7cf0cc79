/* ai.h — connect four's computer: levels 1-3 (ai.c) and the dispatch,
 * level 4 and the analysis (perfect.c), for the game's table (rules.c). */
#ifndef QP_CONNECT4_AI_H
#define QP_CONNECT4_AI_H

#include "connect4.h"

bool c4_ai(const void *st, const qp_ai_opts *opts, int *action, qp_ai_info *info, qp_error *err);
/* The score of every open column and the position's (see perfect.c). */
bool c4_analyze(const void *st, const qp_ai_opts *opts, qp_buf *out, qp_error *err);

/* Levels 1-3 (ai.c), deciding for the side to move. */
int connect4_level1(const c4_state *s, qp_rng *rng);
int connect4_level2(const c4_state *s, qp_rng *rng);
int connect4_level3(const c4_state *s, qp_rng *rng, long long *nodes);
/* Level 3's value of every column for the side to move, full window:
 * CONNECT4_L3_WIN * 2 wins at once, beyond CONNECT4_L3_WIN - 100 a win
 * found (its negative a loss), else the evaluation (a three on the
 * owner's row is worth 80); a full column gets -CONNECT4_L3_WIN * 4. */
#define CONNECT4_L3_WIN 1000000
void connect4_level3_values(const c4_state *s, int *values, long long *nodes);

/* The review's judgement of a move (review.c; game.h's judge): exact
 * where the solver finishes within the ply's budget (level 4), else
 * level 3's values. */
bool c4_judge(const void *st, int action, int level, qp_judgement *j, qp_error *err);

#endif

/* ai.h — tic-tac-toe's AI entry points, for the game's table (game.c). */
#ifndef QP_TICTACTOE_AI_H
#define QP_TICTACTOE_AI_H

#include "tictactoe.h"

bool ttt_ai(const void *st, const qp_ai_opts *opts, int *action, qp_ai_info *info, qp_error *err);
/* {"moves":{"1":score,...}}: the exact value of every free cell. */
bool ttt_analyze(const void *st, const qp_ai_opts *opts, qp_buf *out, qp_error *err);

/* The review's judgement of a move (review.c; game.h's judge). */
bool ttt_judge(const void *st, int action, int level, qp_judgement *j, qp_error *err);

#endif

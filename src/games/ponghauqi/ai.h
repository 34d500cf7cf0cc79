/* ai.h — Pong Hau K'i's AI entry points, for the game's table (game.c). */
#ifndef QP_PONGHAUQI_AI_H
#define QP_PONGHAUQI_AI_H

#include "ponghauqi.h"

bool phq_ai(const void *st, const qp_ai_opts *opts, int *action, qp_ai_info *info, qp_error *err);
/* {"moves":{"B":value,...}}: the exact value of every move. */
bool phq_analyze(const void *st, const qp_ai_opts *opts, qp_buf *out, qp_error *err);

/* The review's judgement of a move (review.c; game.h's judge). */
bool phq_judge(const void *st, int action, int level, qp_judgement *j, qp_error *err);

#endif

/* ai.h — the dark animal chess AIs (levels 1-3, see beast.h).
 *
 * They take a view (observe(): face-down cells are BX_DOWN, only the
 * hidden counts are known) and never the truth, so a flip is always a
 * chance event over the hidden kinds weighted by their counts.
 * Entry points in ai.c; level 1 in greedy.c; levels 2-3 in search.c, on
 * the node of node.c valued by eval.c; think.h is what they share. They
 * stand on the state (beast.h) and the capture rules (cells.h) alone:
 * game.c hands them the view.
 */
#ifndef QP_BEAST_AI_H
#define QP_BEAST_AI_H

#include "beast.h"

/* The chosen action for the side to move (the game is in play). */
int beast_ai_choose(const beast_state *view, const qp_ai_opts *opts, qp_ai_info *info);
/* {"level":L,"best":"c5c6",...}: every action's value (levels 2-3) or the
 * rule that chose (level 1); the format is in ai.c. */
void beast_ai_analyze(const beast_state *view, const qp_ai_opts *opts, qp_buf *out);

/* The review's judgement of `action` on a view (review.c): the values of
 * every root action at `level` (2 or 3; level 1 is judged by level 2). */
void beast_ai_judge(const beast_state *view, int action, int level, qp_judgement *j);

#endif

/* ai.h — Minesweeper's AI side (ai.c), for the game's table in game.c:
 * ai() and analyze(), which decide on observe()'s view with the solver
 * (solver.h), and the no-guess boards (gen.h) with their replay check.
 * It stands on the rules (rules.h); the rules never call it. */
#ifndef QP_MINES_AI_H
#define QP_MINES_AI_H

#include "rules.h"
#include "solver.h"

bool ms_ai(const void *st, const qp_ai_opts *opts, int *action, qp_ai_info *info, qp_error *err);
bool ms_analyze(const void *st, const qp_ai_opts *opts, qp_buf *out, qp_error *err);

/* The no-guess layout of s's board for the first click `first`, into
 * *mine; false when none was found within the work limit. The last one
 * is kept, so that checking a first click and then playing it builds it
 * once. */
bool ms_no_guess_layout(const ms_state *s, int first, const unsigned char **mine);

/* The solver's board (solver.h) of a view: its open numbers; flags are
 * not facts. */
void ms_solver_board(const ms_state *view, msv_board *b);
/* The review's judgement of a click (review.c; game.h's judge): on the
 * view, with level 3's exact probabilities. */
bool ms_judge(const void *st, int action, int level, qp_judgement *j, qp_error *err);

#endif

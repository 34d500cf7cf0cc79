/* ai.h — Minesweeper's ai() and analyze() (ai.c), for the game's table in
 * rules.c. Both decide on observe()'s view with the solver (solver.h). */
#ifndef QP_MINES_AI_H
#define QP_MINES_AI_H

#include "game.h"

bool ms_ai(const void *st, const qp_ai_opts *opts, int *action, qp_ai_info *info, qp_error *err);
bool ms_analyze(const void *st, const qp_ai_opts *opts, qp_buf *out, qp_error *err);

#endif

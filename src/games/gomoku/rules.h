/* rules.h — gomoku's rules on a gomoku_state (rules.c), beyond what
 * gomoku.h declares for everyone: the names of the rules and of renju's
 * fouls, why a point is refused, the winning rows, and the table's rule
 * calls. The text is in notation.h and describe.h, the AIs in ai.h, and
 * rules.c knows none of them. */
#ifndef QP_GOMOKU_RULES_H
#define QP_GOMOKU_RULES_H

#include "gomoku.h"

/* "free", "exact", "renju" for GOMOKU_FREE..., and back (-1: no rule). */
const char *gomoku_rule_name(int rule);
int gomoku_rule_from_name(const char *word);
/* The name of a renju foul ("overline", "double four", "double three")
 * for what gomoku_forbidden returns; "" for GOMOKU_ALLOWED. */
const char *gomoku_forbidden_name(int why);
/* Why p may not be played now ("the point is taken", a renju
 * foul), or NULL when it may. */
const char *gomoku_refusal(const gomoku_state *s, int p);
/* The stones of the winning rows through the last move (in order along
 * each row); returns how many. */
int gomoku_win_cells(const gomoku_state *s, int *cells, int cap);

/* The table's rule calls (game.h documents them; params: gomoku.h). */
bool gmk_init(void *st, const char *params, uint64_t seed, qp_error *err);
int gmk_legal(const void *st, int *actions, int cap);
void gmk_apply(void *st, int action);
qp_status gmk_status(const void *st);

#endif

/* rules.h — the rules of dark animal chess on a beast_state (rules.c):
 * the deal, the status, the legal actions and their effect (the LOG for
 * repetitions), views and chance. The table's rule calls are here; the
 * text is in notation.h and describe.h, the AI in ai.h, and rules.c
 * knows none of them. */
#ifndef QP_BEAST_RULES_H
#define QP_BEAST_RULES_H

#include "beast.h"

/* Pieces of each kind on the board, face-up or down (a view's face-down
 * pieces by its hidden counts). */
void beast_count_kinds(const beast_state *s, int *count);
/* The HP of a colour: the values of its pieces on the board. */
int beast_hp(const beast_state *s, int colour);
/* How many times the current position has occurred, as far as the LOG
 * tells (1 when it is new). */
int beast_repeats(const beast_state *s);

/* The table's rule calls (game.h documents them). */
bool beast_init(void *st, const char *params, uint64_t seed, qp_error *err);
qp_status beast_status(const void *st);
int beast_legal(const void *st, int *actions, int cap);
void beast_apply(void *st, int action);
void beast_observe(const void *st, int player, void *view);
int beast_chance_outcomes(const void *view, int action, qp_chance *out, int cap);
void beast_apply_outcome(void *view, int action, int outcome);

#endif

/* exact.h — a review's judgement of a move in a game solved exactly
 * (tic-tac-toe, Pong Hau K'i, connect four where its solver finishes):
 * each move's game-theoretic value for the mover, the best of them, and
 * the judgement (game.h's qp_judgement) that follows.
 */
#ifndef QP_SEARCH_EXACT_H
#define QP_SEARCH_EXACT_H

#include "game.h"

/* A game-theoretic value for one side: outcome 1 win, 0 draw, -1 loss,
 * dist the plies to the end with best play (-1 unknown: draws). A move's
 * value counts its plies from the position before it, the move included. */
typedef struct {
    int outcome, dist;
} qp_exact;

/* A "WIN - plies" value (win > 0, loss < 0, 0 draw) with win = base. */
qp_exact qp_exact_of(int value, int base);
/* The same value seen from the other side. */
qp_exact qp_exact_neg(qp_exact e);
/* The value after `action` on st, for the mover, from the child's status
 * when the move ends the game (mover = the player who moved), else from
 * child_value (the child's value for its side to move). */
qp_exact qp_exact_after(qp_status child, int mover, qp_exact child_value);
/* Orders values: a win beats a draw beats a loss; a sooner win, a later loss. */
int qp_exact_rank(qp_exact e);
/* The win chance of a value: 1, 1/2 or 0. */
double qp_exact_chance(qp_exact e);
/* Fills j from the values of the moves: value[i] is that of actions[i]
 * for the mover, `played` the index of the move played. The best is the
 * move played when none ranks higher, else the first of the highest rank;
 * the position's value is the best's. */
void qp_exact_judge(const int *actions, const qp_exact *value, int n, int played, qp_judgement *j);

#endif

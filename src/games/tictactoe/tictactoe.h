/* tictactoe.h — 3x3, X and O, three in a row wins (GAMES.md §1, seed 004).
 *
 * Players: 0 = x, 1 = o. Either may move first (params "x" or "o").
 * POS: the 9 cells row by row from the top-left (x, o, .), a space, the
 *      side to move: "......... x". Only reachable positions are accepted.
 * Action: the cell index 0..8, written 1..9 (row by row).
 * AI levels: 1 random; 2 the article's rules (attack, defend, centre,
 *      corner first except the opposite-corners trap, then the cell on the
 *      most lines still open); 3 perfect: never loses, wins fastest, loses
 *      slowest; ties broken by the seed.
 * AI score (levels 2-3): tictactoe_value() of the position.
 */
#ifndef QP_TICTACTOE_H
#define QP_TICTACTOE_H

#include "game.h"

extern const qp_game qp_tictactoe;

/* Exact value for the side to move under best play: 0 for a draw,
 * 10 - p when it wins with the game ending p plies from now, -(10 - p)
 * when it loses. Exposed for the tests. */
int tictactoe_value(const void *st);

#endif

/* endgame.h — the exact endings of dark animal chess (endgame.c): once
 * every piece is face up the game has perfect information, and each
 * position of at most BT_MAX_PIECES pieces is solved by retrograde
 * analysis under our rules (the 50-ply counter, repetition, "stuck"), one
 * table per material (the kinds on the board), made on first use.
 *
 * A table keeps, for every position and side to move, its value with the
 * counter at 0: win, loss or draw, and for a win or a loss the plies to
 * the winner's next capture with best play (the winner hurries, the loser
 * holds out): a DTZ, as in chess's Syzygy tables. With c plies on the
 * counter the same position is a win only if that capture comes in time,
 * DTZ <= 50 - c, and a draw otherwise (a loss likewise); endgame.c says
 * why this is exact, and why repetition changes nothing.
 *
 * Below the AI (search.c, review.c), on the capture rules (cells.h) alone.
 * Names with external linkage start with bt_.
 */
#ifndef QP_BEAST_ENDGAME_H
#define QP_BEAST_ENDGAME_H

#include "cells.h"

#define BT_MAX_PIECES 4 /* the most pieces a table holds, both sides together */

typedef struct {
    int outcome; /* for the side to move: 1 win, 0 draw, -1 loss */
    int zeroing; /* a win or a loss: plies to the winner's next capture (DTZ); 0 a draw */
} bt_value;

/* Whether the tables hold this board: every piece face up, 2 to
 * BT_MAX_PIECES of them, both colours on the board. */
bool bt_covers(const uint8_t *cell);

/* The exact value of a board the tables hold, `side` to move with
 * `plies` on the no-progress counter (0..50), provided no position
 * since the last capture or flip has occurred twice (endgame.c). Makes
 * the tables it needs. False where the tables do not hold the board (or
 * memory ran out: then the caller plays without them). */
bool bt_probe(const uint8_t *cell, int side, int plies, bt_value *v);

/* Makes, before a search from this board, the tables its positions can
 * reach: its own (at most BT_MAX_PIECES pieces) or, with one piece more,
 * those after each capture; first frees the tables used least recently
 * if they hold more than BT_MEMORY (endgame.c) bytes. may_make false:
 * makes nothing, only tells whether they are all made. Returns the
 * positions of those tables (without the smaller ones below them), made
 * now or before: a measure of the work, the same whatever was made
 * before; -1 where the search may not read them (a face-down piece, more
 * pieces, tables missing). */
long long bt_prepare(const uint8_t *cell, bool may_make);

/* The tables' line: the move (cells.h's action) that the side to move
 * plays on a board the tables hold, won or lost (-1 for a draw, or no
 * move: stuck). The winner takes the quickest way to its next capture
 * (a capture that keeps the win first, the last piece before all); the
 * loser puts that capture off the longest (taking a piece where that is
 * as long). */
int bt_line_move(const uint8_t *cell, int side, int plies);

/* Plies to the end of the game when both sides follow bt_line_move (the
 * review's "wins in N" counts the winner's moves of it); -1 for a draw or
 * a board the tables do not hold. */
int bt_distance(const uint8_t *cell, int side, int plies);

/* What the tables hold now (for the tests and the benchmark). */
typedef struct {
    int tables;
    long long bytes;
    long long made; /* tables made since the start, counting those made again */
} bt_stats;
void bt_get_stats(bt_stats *s);
/* Frees every table (the tests make them again from nothing). */
void bt_forget(void);

#endif

/* gomoku.h — Gomoku 五子棋 (docs/rules.md, "Gomoku").
 *
 * Board W x H points, 5..25 each (default 15x15). Players: 0 = Black
 * (side "1", moves first), 1 = White (side "2"). A move puts a stone on an
 * empty point. Rules:
 *   free   five or more in a row wins (the original's rule);
 *   exact  exactly five wins, for both sides; a longer row wins nothing
 *          and the game goes on;
 *   renju  Black wins with exactly five and may not play a forbidden
 *          point: an overline (six or more), a double four or a double
 *          three, unless the same stone makes five. White has no
 *          restriction and wins with five or more.
 * A full board is a draw; so is, under renju, a position where Black is to
 * move and every empty point is forbidden (reason "full" in both cases).
 *
 * Forbidden points are ILLEGAL here (absent from legal(), refused by
 * parse_action), not losing moves. Under the RIF rules a forbidden move
 * loses at once, so for a player who wants to win the two are the same;
 * making them illegal lets the page show them as points that cannot be
 * played (the convention of renju programs and boards), keeps every AI
 * from ever choosing one, and keeps every game on the board ending with a
 * five or a full board. The RIF definitions are followed exactly: a four
 * is a row that one more stone turns into exactly five; a straight four
 * has two such points; a three is a row that one more stone turns into a
 * straight four, by a point that does not make five at the same time and
 * is not itself forbidden (checked recursively: the classic false 3-3).
 * A single line may hold two fours (X.XXX.X), which is a double four.
 *
 * Params: "[WxH] [RULE]", either part optional: "15x15", "19x19 renju",
 *   "exact". Default "15x15 free".
 * POS: "WxH RULE" then the moves in order as "x,y" (0-based column and
 *   row from the top-left, as in the Gomocup protocol), space-separated:
 *   "15x15 free 7,7 8,7 8,8". Moves are replayed and checked (on the
 *   board, empty, not forbidden, game not over). A trailing space is fine.
 * Action: the point y*W + x, written "x,y". Links and records write it
 *   as the page does, "h8" (notation.c).
 * AI levels:
 *   1 the original's Computer1: a random walk from the opponent's last
 *     move by steps of the 3x3 neighbourhood until it lands on an empty
 *     point (so usually an empty neighbour of the last move);
 *   2 the original's Computer2: block the opponent's line of 3+ through its
 *     last move next to that stone, unless its own longest unblocked line
 *     is 4+ (or 3+ when the opponent's is at most 3), which it extends;
 *     else extend its own longest line; else Computer1's walk. Faithful,
 *     flaws included (it does not see split lines like XX.X);
 *   3 strong: threat-space search (VCF, then VCT) and iterative-deepening
 *     PVS over incremental pattern tables, under a work budget of about
 *     a second a move in the browser (ai.h);
 *   4 the same with a budget six times larger, for analysis.
 *   Levels 1-2 open in the centre when the board is empty; under renju
 *   they treat a forbidden point like a taken one.
 * AI score (levels 3-4): the evaluation for the side to move; a forced
 *   win is GOMOKU_WIN - plies, a forced loss its negative (|score| >
 *   GOMOKU_WIN - 1000 means "decided").
 * describe(): {"status":"turn 1" (as the CLI), "reason":"" ("line",
 *   "full"; these two come from the engine), "w":15, "h":15, "rule":"renju",
 *   "cells":"...1..2..." (W*H chars, rows from the top: . 1 Black 2 White),
 *   "turn":"1" ("2"; "" once over), "moves":[[x,y],...] (in order: stone k
 *   is move k+1), "last":[x,y] or null, "win":[[x,y],...] (the winning
 *   rows through the last stone, whole, in order along each row),
 *   "forbidden":[[x,y,"double three"],...] (Black to move under renju:
 *   "overline", "double four", "double three"), "stars":[[x,y],...]}.
 * analyze() (levels 3-4): see analyze.c: best move, score, how it was
 *   found, the forced line, the opponent's VCF threat, the best moves.
 */
#ifndef QP_GOMOKU_H
#define QP_GOMOKU_H

#include "game.h"

#define GOMOKU_MIN 5
#define GOMOKU_MAX 25
#define GOMOKU_CELLS (GOMOKU_MAX * GOMOKU_MAX)
#define GOMOKU_WIN 30000

enum { GOMOKU_FREE, GOMOKU_EXACT, GOMOKU_RENJU };
enum { GOMOKU_EMPTY = 0, GOMOKU_BLACK = 1, GOMOKU_WHITE = 2 }; /* a cell holds player + 1 */
/* Why a point is forbidden to Black (gomoku_forbidden). */
enum { GOMOKU_ALLOWED, GOMOKU_OVERLINE, GOMOKU_DOUBLE_FOUR, GOMOKU_DOUBLE_THREE };

typedef struct {
    unsigned char w, h, rule;
    signed char winner; /* QP_NOBODY or the player with a winning row */
    bool drawn;
    short n; /* moves played */
    short move[GOMOKU_CELLS]; /* points in the order played */
    unsigned char cell[GOMOKU_CELLS]; /* y*w + x: GOMOKU_EMPTY/BLACK/WHITE */
} gomoku_state;

/* The game's table, assembled in game.c (registry.c lists it). */
extern const qp_game qp_gomoku;

/* ---- What the AIs, the tests and the CLI (pbrain) call of the rules
 * (rules.c; rules.h has the rest). */

/* An empty board; fails (saying why) on a bad size or rule. */
bool gomoku_setup(gomoku_state *s, int w, int h, int rule, qp_error *err);
static inline int gomoku_to_move(const gomoku_state *s) { return s->n & 1; }
static inline bool gomoku_on_board(const gomoku_state *s, int x, int y)
{
    return x >= 0 && y >= 0 && x < s->w && y < s->h;
}
/* The cell at (x, y), or -1 off the board. */
static inline int gomoku_color_at(const gomoku_state *s, int x, int y)
{
    return gomoku_on_board(s, x, y) ? s->cell[y * s->w + x] : -1;
}
/* Puts the side to move's stone on empty point p without the renju check
 * (the Gomocup manager is trusted), then updates winner and draw. */
void gomoku_place(gomoku_state *s, int p);
/* Why a Black stone on empty point p would be forbidden under renju
 * (GOMOKU_ALLOWED for other rules, taken points, or a five). The plain
 * reference implementation; the AI has its own fast one. */
int gomoku_forbidden(const gomoku_state *s, int p);
/* May the side to move put a stone on p (empty, and not forbidden)? */
bool gomoku_playable(const gomoku_state *s, int p);

#endif

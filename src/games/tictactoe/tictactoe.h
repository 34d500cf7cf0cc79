/* tictactoe.h — 3x3, X and O, three in a row wins (docs/rules.md,
 * "Tic-tac-toe").
 *
 * Players: 0 = x, 1 = o. Either may move first (params "x" or "o").
 * POS: the 9 cells row by row from the top-left (x, o, .), a space, the
 *      side to move: "......... x". Only reachable positions are accepted.
 * Action: the cell index 0..8, written 1..9 (row by row).
 * AI levels: 1 random; 2 the original's rules (attack, defend, centre,
 *      corner first except the opposite-corners trap, then the cell on the
 *      most lines still open); 3 perfect: never loses, wins fastest, loses
 *      slowest; ties broken by the seed.
 * AI score (levels 2-3): tictactoe_value() of the position.
 */
#ifndef QP_TICTACTOE_H
#define QP_TICTACTOE_H

#include "game.h"

/* The game's table (game.c). */
extern const qp_game qp_tictactoe;

#define TTT_SIDES "xo" /* the letters of players 0 and 1 */

/* The state, shared by the rules (rules.c) and the AIs (ai.c). */
enum { TTT_EMPTY = 0, TTT_X = 1, TTT_O = 2 }; /* a cell holds player + 1 */

typedef struct {
    unsigned char cell[9];
    int to_move; /* 0 = x, 1 = o */
} ttt_state;

/* The cells of the 8 lines: rows, columns, diagonals. */
extern const unsigned char TTT_LINES[8][3];

/* The player (0/1) with three in a row, or QP_NOBODY; *line (if not NULL)
 * gets the line's index. */
int ttt_winner(const ttt_state *s, int *line);
/* How many cells hold `who` (TTT_EMPTY, TTT_X or TTT_O). */
int ttt_count(const ttt_state *s, int who);
qp_status ttt_status(const void *st);
int ttt_legal(const void *st, int *actions, int cap);
void ttt_apply(void *st, int action);

/* Exact value for the side to move under best play: 0 for a draw,
 * 10 - p when it wins with the game ending p plies from now, -(10 - p)
 * when it loses. Exposed for the tests. */
int tictactoe_value(const void *st);

/* The rules' entries of the game's table (game.c). */
bool ttt_init(void *st, const char *params, uint64_t seed, qp_error *err);
bool ttt_parse_pos(void *st, const char *pos, qp_error *err);
void ttt_format_pos(const void *st, qp_buf *out);
bool ttt_parse_action(const void *st, const char *text, int *action, qp_error *err);
void ttt_format_action(const void *st, int action, qp_buf *out);
void ttt_show(const void *st, qp_buf *out);
void ttt_describe(const void *st, qp_buf *out);

#endif

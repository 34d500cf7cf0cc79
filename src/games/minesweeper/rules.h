/* rules.h — a Minesweeper game's state and its cell byte, and the rules
 * (rules.c): the functions game.c puts in the game's table, and the few
 * the AI side uses (status, the view, opening a cell, a JSON list). The
 * rules stand on the game interface only: they know nothing of the AI or
 * the solver. A no-guess layout comes from above (game.c), placed with
 * ms_place_layout before the first click is applied. Not for use outside
 * this folder. */
#ifndef QP_MINES_RULES_H
#define QP_MINES_RULES_H

#include "game.h"

/* The largest side (minesweeper.h); ai.c checks that the solver's board
 * is as large. */
#define MS_MAX_SIDE 64
#define MS_MAX_CELLS (MS_MAX_SIDE * MS_MAX_SIDE)

/* A cell byte: the open number in bits 0-3, the state in bits 4-5, the
 * mine in bit 6. An open mine is an exploded one. */
enum { HIDDEN = 0, OPEN = 1, FLAG = 2, QUESTION = 3 };
#define STATE(v) (((v) >> 4) & 3)
#define NUMBER(v) ((v)&15)
#define MINE 0x40
enum { ACT_OPEN = 0, ACT_FLAG = 1, ACT_CHORD = 2 };
enum { RULE_SAFE = 0, RULE_ZERO = 1 };

typedef struct {
    int w, h, n, mines;
    int rule;
    bool qmarks, noguess;
    bool view; /* observe()'s copy: mines erased, seed unknown */
    bool placed; /* the mines are on the board (first click made) */
    uint64_t seed;
    int opened, flags, exploded;
    unsigned char cell[MS_MAX_CELLS];
} ms_state;

/* ---- The table's rules (game.h describes each). */

bool ms_init(void *st, const char *params, uint64_t seed, qp_error *err);
bool ms_parse_pos(void *st, const char *pos, qp_error *err);
void ms_format_pos(const void *st, qp_buf *out);
int ms_legal(const void *st, int *actions, int cap);
/* Checks the action as text; a noguess board's first click is checked
 * further by game.c (a no-guess layout must exist). */
bool ms_parse_action(const void *st, const char *text, int *action, qp_error *err);
void ms_format_action(const void *st, int action, qp_buf *out);
void ms_format_move(const void *st, int action, qp_buf *out);
bool ms_parse_move(const void *st, const char *text, int *action, qp_error *err);
/* The first open places the mines: uniform, and the POS loses
 * ",noguess", unless ms_place_layout placed them first. */
void ms_apply(void *st, int action);
qp_status ms_status(const void *st);
void ms_show(const void *st, qp_buf *out);
void ms_describe(const void *st, qp_buf *out);
/* The player's view of st (observe()): hidden mines and the seed erased. */
void ms_observe(const void *st, int player, void *view);

/* ---- For the AI side and game.c. */

/* Places the mines of mine[] (1 = mine, cell = y*W+x) before the first
 * click: a no-guess layout. */
void ms_place_layout(ms_state *s, const unsigned char *mine);
/* Opens c if it is hidden or a question mark (a mine explodes), spreading
 * from zeros; flags stay. */
void ms_open_cell(ms_state *s, int c);
/* Appends ,"name":[cells] to out. */
void ms_json_cells(qp_buf *out, const char *name, const int *cells, int n);

#endif

/* rules.h — a Minesweeper game's state and its cell byte, and the few
 * rules the AI side uses (status, the view, opening a cell, a JSON list):
 * shared by rules.c, which owns them, and ai.c. Not for use outside this
 * folder. */
#ifndef QP_MINES_RULES_H
#define QP_MINES_RULES_H

#include "minesweeper.h"
#include "solver.h"

#define MS_MAX_SIDE MSV_MAX_SIDE
#define MS_MAX_CELLS MSV_MAX_CELLS

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

qp_status ms_status(const void *st);
/* The player's view of st (observe()): hidden mines and the seed erased. */
void ms_observe(const void *st, int player, void *view);
/* Opens c if it is hidden or a question mark (a mine explodes), spreading
 * from zeros; flags stay. */
void ms_open_cell(ms_state *s, int c);
/* Appends ,"name":[cells] to out. */
void ms_json_cells(qp_buf *out, const char *name, const int *cells, int n);

#endif

/* beast_board.h — the beast tests' positions written by hand. */
#ifndef QP_BEAST_BOARD_H
#define QP_BEAST_BOARD_H

#include <stdio.h>
#include <string.h>

#include "games/beast/beast.h"

/* A POS from "cell=letter" placements ('?X' for face-down), the side to
 * move and the plies; every other cell empty. */
static inline const char *board(const char *placements, char side, int plies)
{
    static char pos[256];
    char cells[BX_CELLS][3] = {{0}};
    char copy[256];
    snprintf(copy, sizeof copy, "%s", placements);
    for (char *p = strtok(copy, " "); p; p = strtok(NULL, " ")) {
        int sq = (p[1] - '1') * BX_COLS + (p[0] - 'a');
        snprintf(cells[sq], sizeof cells[sq], "%s", p + 3);
    }
    char *o = pos;
    for (int r = BX_ROWS - 1; r >= 0; r--) {
        for (int c = 0; c < BX_COLS; c++) {
            const char *v = cells[r * BX_COLS + c];
            o += sprintf(o, "%s", *v ? v : ".");
        }
        if (r)
            *o++ = '/';
    }
    sprintf(o, " %c %d", side, plies);
    return pos;
}

#endif

/* board.c — the ground every solver file stands on: the work meter, the
 * neighbour tables, and the board view and known[] basics. It owns the
 * state the others share, so that their calls all go down to it and
 * never back up. */
#include "solver_internal.h"

#include <string.h>

long long msv_work; /* units spent by the current public call */

/* ---- Geometry: the neighbours of every cell, cached for one size. */

static int geo_w = -1, geo_h = -1;
short msv_nbr[MSV_MAX_CELLS][8];
unsigned char msv_nbr_n[MSV_MAX_CELLS];

void msv_geometry(int w, int h)
{
    if (w == geo_w && h == geo_h)
        return;
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++) {
            int c = y * w + x, k = 0;
            for (int dy = -1; dy <= 1; dy++)
                for (int dx = -1; dx <= 1; dx++) {
                    int nx = x + dx, ny = y + dy;
                    if ((dx || dy) && nx >= 0 && nx < w && ny >= 0 && ny < h)
                        msv_nbr[c][k++] = (short)(ny * w + nx);
                }
            msv_nbr_n[c] = (unsigned char)k;
        }
    }
    geo_w = w;
    geo_h = h;
}

void msv_init(msv_board *b, int w, int h, int mines, bool zero_rule)
{
    b->w = w;
    b->h = h;
    b->n = w * h;
    b->mines = mines;
    b->zero_rule = zero_rule;
    memset(b->value, MSV_HIDDEN, sizeof b->value);
}

void msv_init_known(const msv_board *b, unsigned char *known)
{
    for (int c = 0; c < b->n; c++)
        known[c] = b->value[c] == MSV_HIDDEN ? MSV_UNKNOWN : MSV_OPEN;
}

/* Unknown neighbours of c into out (may be NULL); *mines gets its known
 * mines. */
int msv_unknown_around(const unsigned char *known, int c, short *out, int *mines)
{
    int u = 0, m = 0;
    for (int i = 0; i < msv_nbr_n[c]; i++) {
        int z = msv_nbr[c][i];
        if (known[z] == MSV_UNKNOWN) {
            if (out)
                out[u] = (short)z;
            u++;
        } else if (known[z] == MSV_MINE) {
            m++;
        }
    }
    *mines = m;
    return u;
}

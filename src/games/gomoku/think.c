/* think.c — the state that the files of levels 3-4 share (think.h): the
 * board they search and the work meter with its plan. It stands below the
 * threat searches (threats.c), the move picker (moves.c), PVS (pvs.c) and
 * the root (root.c), which all use it. */
#include "think.h"

gb_board gk_board;

/* ---- Work accounting. */

qp_work gk_work;

void gk_phase(const gk_plan *pl, double upto)
{
    gk_work.stop = false;
    gk_work.limit = pl->budget > 0 ? pl->start + (long long)((double)pl->budget * upto) : 1LL << 60;
    gk_work.deadline = pl->ms > 0 ? pl->t0 + pl->ms * upto : 0;
}

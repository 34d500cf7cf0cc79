/* tt.c — the transposition table of gomoku's PVS (tt.h): the table and
 * its generation, which a new search moves on. */
#include "tt.h"

#include <string.h>

tt_entry gk_tt[1 << TT_BITS];
unsigned short gk_tt_gen;

void gk_tt_new_search(void)
{
    if (++gk_tt_gen == 0) { /* wrapped: old entries would look fresh */
        memset(gk_tt, 0, sizeof gk_tt);
        gk_tt_gen = 1;
    }
}

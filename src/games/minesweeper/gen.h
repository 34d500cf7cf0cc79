/* gen.h — no-guess Minesweeper boards.
 *
 * A board is no-guess for a first click when the level-3 solver, opening
 * only cells that are safe in every layout consistent with what it sees,
 * clears it. The generator places the mines uniformly (never in the
 * first click's 3x3: the :zero rule), then plays the board with the
 * solver; where the solver is stuck it perturbs the layout (Tatham's
 * idea in his Mines): the hidden cells around a stuck number are all
 * cleared or all mined, by swapping mines with cells far from the open
 * area, and play goes on. A board found that way is played once more from
 * the first click with nothing carried over; only a clean replay is
 * returned. Deterministic for (size, mines, first click, seed); bounded
 * by work, not by a clock.
 */
#ifndef QP_MINES_GEN_H
#define QP_MINES_GEN_H

#include <stdbool.h>
#include <stdint.h>

typedef struct {
    int layouts; /* fresh random layouts tried */
    int perturbations; /* swaps made where the solver was stuck */
    int replays; /* plays from the first click */
} msg_stats;

/* Writes mine[c] = 1 for the n = w*h cells of a no-guess board (first
 * click `first` opens an area). False when none was found within the work
 * limit (too dense a board, say): the caller must not serve a board. */
bool msg_generate(int w, int h, int mines, int first, uint64_t seed, unsigned char *mine,
                  msg_stats *stats);

#endif

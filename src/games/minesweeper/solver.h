/* solver.h — the Minesweeper solver: what a player can deduce from
 * the visible board, exact mine probabilities, and the choice of a click.
 *
 * The solver sees only a msv_board: the open numbers and which cells are
 * still hidden, plus the board size and the total mine count. Flags are
 * not part of it (a player's flags may be wrong).
 *
 * Levels (docs/rules.md, "Minesweeper"):
 *   1  single-cell rules (a number whose mines are all found clears the
 *      rest; a number with exactly as many hidden cells as missing mines
 *      makes them all mines); guesses a random hidden cell.
 *   2  constraint reasoning: level 1 plus every pair of overlapping
 *      numbers (subsets and partial overlaps: "linked cells") and the
 *      global mine count; guesses the cell with the lowest local estimate.
 *   3  exact probabilities of every hidden cell (independent frontier
 *      components, each swept by dynamic programming over its numbers;
 *      the unconstrained interior weighted by binomial coefficients under
 *      the global mine count). Certain moves before any guess. When at
 *      most 1500 mine layouts remain: an exact game-tree search for the
 *      click with the best chance to win. Else an unavoidable 50/50 (two
 *      cells sharing one mine, every cell next to one but not the other a
 *      known mine: nothing can ever tell them apart) is taken at once, as
 *      is a cell that is "safe or a latent 50/50" (JSMinesweeper's idea).
 *      Otherwise the guess that maximises the chance to survive it and the
 *      next move ("secondary safety": for each number it may show, the
 *      position's best two safeties, 4:1), among the frontier cells within
 *      90% of the safest and, when the unconstrained interior is that safe,
 *      6 interior cells with the fewest hidden neighbours (likeliest to
 *      open an area); a bonus for settling latent 50/50s; dead cells (one
 *      possible number) last; a cell that is safe whenever the guess is,
 *      or that every outcome of the guess leads to and is safer, is played
 *      first.
 *      The first click: a corner under :safe (likeliest to show 0; the
 *      best of every cell measured on beginner, of the cells tried on
 *      intermediate), under :zero the cell (3,3) on dense boards (at least
 *      0.18 mines a cell: expert) and (2,2) on sparser ones (beginner and
 *      intermediate: about +0.5 point each; all measured over 10,000 games
 *      a cell, confirmed on other seeds).
 *
 * Everything is bounded by work counters, never by a clock, so the same
 * board and seed give the same choice natively and in wasm. Memory is
 * static (about 10 MB); the solver is not reentrant.
 *
 * The files, bottom up (each calls only those before it): board.c (the
 * work meter, the neighbour tables, msv_init), weights.c (extended
 * floats, binomials, polynomials), deduce.c (levels 1-2),
 * probability.c (level 3's exact probabilities, msv_probabilities,
 * msv_certain/msv_extend), endgame.c (the exact game-tree search),
 * guess.c (msv_choose: first click, 50/50s, guesses; msv_tune). They
 * share solver_internal.h.
 */
#ifndef QP_MINES_SOLVER_H
#define QP_MINES_SOLVER_H

#include <stdbool.h>
#include <stdint.h>

#define MSV_MAX_SIDE 64
#define MSV_MAX_CELLS (MSV_MAX_SIDE * MSV_MAX_SIDE)
#define MSV_HIDDEN (-1)

typedef struct {
    int w, h, n; /* n = w * h; cell index = y * w + x */
    int mines; /* mines on the whole board */
    bool zero_rule; /* the first click opens an area (matters before it) */
    signed char value[MSV_MAX_CELLS]; /* MSV_HIDDEN, or the open number 0..8 */
} msv_board;

/* What is known about a cell. */
enum { MSV_UNKNOWN = 0, MSV_SAFE = 1, MSV_MINE = 2, MSV_OPEN = 3 };

typedef enum {
    MSV_FIRST, /* the first click: nothing is open yet */
    MSV_CERTAIN, /* a cell that is safe in every solution */
    MSV_ENDGAME, /* the exact search's best cell; win = its chance to win */
    MSV_FIFTY, /* an unavoidable 50/50 */
    MSV_GUESS, /* the best guess of the heuristics */
} msv_kind;

typedef struct {
    int cell;
    msv_kind kind;
    double p_mine; /* the cell's mine probability (level 3: exact) */
    double win; /* MSV_ENDGAME: chance to win with best play; else -1 */
    long long work; /* work units spent */
} msv_choice;

/* Sets up an empty board view (all hidden). */
void msv_init(msv_board *b, int w, int h, int mines, bool zero_rule);

/* The cell to open at `level` (1-3). False only when nothing is hidden
 * or the board contradicts itself. */
bool msv_choose(const msv_board *b, int level, uint64_t seed, msv_choice *out);

/* Cells that are certainly safe or mines with the logic of `level`:
 * known[c] is MSV_OPEN, MSV_SAFE, MSV_MINE or MSV_UNKNOWN. Returns the
 * number of MSV_SAFE cells, or -1 when the board contradicts itself. */
int msv_certain(const msv_board *b, int level, unsigned char *known);

/* The same, continuing from facts already in `known` (cells opened
 * since are marked MSV_OPEN here): for a player who opens cell after
 * cell. Facts stay true while the board only gains open cells. */
int msv_extend(const msv_board *b, int level, unsigned char *known);

/* Exact mine probabilities: prob[c] in [0, 1] for hidden cells, -1 for
 * open ones. Returns false when the board contradicts itself. *exact is
 * false when a part of the board was too big to count within the work
 * limits (those cells then carry local estimates). log10 of the number of
 * mine layouts consistent with the board goes to *log10_solutions. */
bool msv_probabilities(const msv_board *b, double *prob, bool *exact, double *log10_solutions);

/* Tuning knobs for experiments (defaults in guess.c; the defaults are
 * what the game uses, and what the measured win rates are for). */
typedef struct {
    int bf_max_solutions; /* exact endgame search below this many layouts */
    long long bf_max_nodes; /* its work limit */
    int first_zero_x, first_zero_y; /* level-3 first click under :zero */
    int first_sparse_x, first_sparse_y; /* the same below zero_dense mines a cell */
    double zero_dense;
    int first_safe_x, first_safe_y; /* and under :safe */
    int fifty; /* take unavoidable 50/50s at once */
    double cutoff; /* guesses within this ratio of the safest are studied */
    int secondary; /* study them by the safety of the next move too */
    int latent; /* weigh latent 50/50s (JSMinesweeper's long-term risk) */
    double blend; /* next move: (blend * safest + second safest) / (blend + 1) */
    int interior_max; /* interior cells studied as guesses (besides interior_near) */
    int depth; /* extra guesses looked ahead (0: the next move's safety) */
    int inner; /* cells studied at each extra guess */
    int dominance; /* open first a cell that is safe whenever the guess is */
    int single; /* play now the safer cell every outcome of the guess leads to */
    int interior_near; /* interior cells next to the frontier studied first */
    /* Measured neutral in paired 10,000-game runs (expert and
     * intermediate, seeds 1 and 2, some 5): depth 1, inner 6, cutoff 0.8,
     * blend 2 or 8, interior_max 12 or 24, interior_near 6,
     * bf_max_solutions 4000: within +-0.3 point, no sign that held. */
} msv_tuning;
extern msv_tuning msv_tune;

#endif

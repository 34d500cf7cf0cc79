/* solver_internal.h — what the solver's files share with each other, and
 * nothing else: the work meter, the neighbour tables, the extended
 * floats and polynomials, the level-3 run. Only the solver's own files
 * (board.c, weights.c, deduce.c, probability.c, endgame.c, guess.c)
 * include it; everyone else uses solver.h. Every name here starts with
 * msv_; the rest of each file is static. The sections are in call
 * order: a file calls only the files whose sections come before its own,
 * so no two files call each other. guess.c, which has no section here,
 * is the top (msv_choose; it owns the tuning, msv_tune). Functions are
 * described where they are defined. The tables are static: the solver
 * is not reentrant. */
#ifndef QP_MINES_SOLVER_INTERNAL_H
#define QP_MINES_SOLVER_INTERNAL_H

#include <stdbool.h>

#include "solver.h"

/* ---- board.c: the meter, the geometry, known[] (calls nothing). */

extern long long msv_work; /* units spent by the current public call */

/* The neighbours of every cell, for the size of the last msv_geometry(). */
extern short msv_nbr[MSV_MAX_CELLS][8];
extern unsigned char msv_nbr_n[MSV_MAX_CELLS];
void msv_geometry(int w, int h);

/* known[c] = MSV_OPEN for open cells, MSV_UNKNOWN for hidden ones. */
void msv_init_known(const msv_board *b, unsigned char *known);

int msv_unknown_around(const unsigned char *known, int c, short *out, int *mines);

/* ---- weights.c: extended floats, binomials, polynomials (counts its
 * work on board.c's meter). */

/* A positive count too big for a double: m * 2^e. */
typedef struct {
    double m; /* 0, or in [0.5, 1) */
    int e;
} xf;

xf msv_xf_make(double v, int e);
xf msv_xf_mul(xf a, xf b);
double msv_xf_ratio(xf a, xf b);
double msv_xf_log10(xf a);
xf msv_binomial_xf(int n, int r);

/* Polynomials in the mine count: c[i] is the coefficient of degree
 * lo + i, for degrees lo..hi. */
typedef struct {
    int lo, hi;
    double *c;
} poly;

void msv_poly_one(poly *p);
void msv_poly_mul(const poly *a, const poly *b, int cap, poly *out);

/* ---- deduce.c: levels 1-2 (board.c). */

int msv_deduce(const msv_board *b, unsigned char *known, int level);

/* ---- probability.c: level 3's exact probabilities (board.c,
 * weights.c, deduce.c); msv_certain and msv_extend too. */

typedef struct {
    bool consistent; /* some layout fits the board */
    bool exact; /* every component was counted */
    int left; /* mines not known */
    int interior; /* unknown cells next to no number */
    double interior_p;
    xf total; /* layouts consistent with the board */
    int certain_safe; /* unknown cells safe in every layout */
} pe_result;

/* The last run's probabilities (msv_pe_run or msv_estimate), and the box
 * of each frontier cell (-1 for cells next to no number). */
extern double msv_pe_prob[MSV_MAX_CELLS];
extern int msv_cell_box[MSV_MAX_CELLS];

bool msv_build_structure(const msv_board *b, const unsigned char *known, int *frontier);
void msv_estimate(const msv_board *b, const unsigned char *known, int left, int unknown);
pe_result msv_pe_run(const msv_board *b, const unsigned char *known);

/* ---- endgame.c: the exact game-tree search (board.c); its limits
 * come from guess.c's tuning. */

int msv_endgame_search(const msv_board *b, const unsigned char *known, int left, int max_solutions,
                       long long max_nodes, double *win);

#endif

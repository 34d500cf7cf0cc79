/* deduce.c — what the solver knows for certain without counting
 * layouts: the rules of levels 1 (one number at a time) and 2 (pairs of
 * numbers, the global mine count), applied to a fixpoint (msv_deduce).
 * Level 3 adds what the exact probabilities settle (msv_certain and
 * msv_extend, in probability.c). */
#include "solver_internal.h"

#include <string.h>

/* ---- Level 1: one number at a time, to a fixpoint. */

static int queue_cells[MSV_MAX_CELLS];
static unsigned char in_queue[MSV_MAX_CELLS];

/* Returns the number of cells it decided, or -1 on a contradiction. */
static int rule_single(const msv_board *b, unsigned char *known)
{
    int n = b->n, head = 0, count = 0, changes = 0;
    memset(in_queue, 0, (size_t)n);
    for (int c = 0; c < n; c++)
        if (known[c] == MSV_OPEN) {
            queue_cells[count++] = c;
            in_queue[c] = 1;
        }
    int tail = count % n;
    while (count > 0) {
        int c = queue_cells[head];
        head = (head + 1) % n;
        count--;
        in_queue[c] = 0;
        int mines, u = msv_unknown_around(known, c, NULL, &mines);
        int need = b->value[c] - mines;
        msv_work++;
        if (need < 0 || need > u)
            return -1;
        if (u == 0 || (need != 0 && need != u))
            continue;
        unsigned char mark = need == 0 ? MSV_SAFE : MSV_MINE;
        for (int i = 0; i < msv_nbr_n[c]; i++) {
            int z = msv_nbr[c][i];
            if (known[z] != MSV_UNKNOWN)
                continue;
            known[z] = mark;
            changes++;
            for (int j = 0; j < msv_nbr_n[z]; j++) {
                int y = msv_nbr[z][j];
                if (known[y] == MSV_OPEN && !in_queue[y]) {
                    in_queue[y] = 1;
                    queue_cells[tail] = y;
                    tail = (tail + 1) % n;
                    count++;
                }
            }
        }
    }
    return changes;
}

/* ---- Level 2: pairs of numbers and the global mine count. */

static int mark_all(unsigned char *known, const short *cells, int n, unsigned char mark)
{
    for (int i = 0; i < n; i++)
        known[cells[i]] = mark;
    return n;
}

/* Two numbers a and b whose unknown cells overlap: the overlap holds
 * between lo and hi mines; what is left for the cells of one only may
 * decide them. Returns the cells decided, or -1 on a contradiction. */
static int pair_rule(unsigned char *known, const short *A, int na, int need_a, const short *B,
                     int nb, int need_b)
{
    short only_a[8], only_b[8], both[8];
    int n_only_a = 0, n_only_b = 0, n_both = 0;
    for (int i = 0; i < na; i++) {
        bool shared = false;
        for (int j = 0; j < nb; j++)
            shared |= A[i] == B[j];
        if (shared)
            both[n_both++] = A[i];
        else
            only_a[n_only_a++] = A[i];
    }
    if (n_both == 0)
        return 0;
    for (int j = 0; j < nb; j++) {
        bool shared = false;
        for (int i = 0; i < na; i++)
            shared |= A[i] == B[j];
        if (!shared)
            only_b[n_only_b++] = B[j];
    }
    int lo = 0, hi = n_both;
    if (need_a - n_only_a > lo)
        lo = need_a - n_only_a;
    if (need_b - n_only_b > lo)
        lo = need_b - n_only_b;
    if (need_a < hi)
        hi = need_a;
    if (need_b < hi)
        hi = need_b;
    if (lo > hi)
        return -1;
    int changes = 0;
    if (n_only_a && need_a - hi == n_only_a)
        changes += mark_all(known, only_a, n_only_a, MSV_MINE);
    else if (n_only_a && need_a - lo == 0)
        changes += mark_all(known, only_a, n_only_a, MSV_SAFE);
    if (n_only_b && need_b - hi == n_only_b)
        changes += mark_all(known, only_b, n_only_b, MSV_MINE);
    else if (n_only_b && need_b - lo == 0)
        changes += mark_all(known, only_b, n_only_b, MSV_SAFE);
    if (lo == n_both)
        changes += mark_all(known, both, n_both, MSV_MINE);
    else if (hi == 0)
        changes += mark_all(known, both, n_both, MSV_SAFE);
    return changes;
}

static int rule_pairs(const msv_board *b, unsigned char *known)
{
    int changes = 0, w = b->w;
    short A[8], B[8];
    for (int a = 0; a < b->n; a++) {
        if (known[a] != MSV_OPEN)
            continue;
        int ma, na = msv_unknown_around(known, a, A, &ma);
        if (na == 0)
            continue;
        int ax = a % w, ay = a / w;
        for (int dy = 0; dy <= 2 && ay + dy < b->h; dy++) {
            for (int dx = -2; dx <= 2; dx++) {
                int bx = ax + dx, by = ay + dy, c = by * w + bx;
                if ((dy == 0 && dx <= 0) || bx < 0 || bx >= w || known[c] != MSV_OPEN)
                    continue;
                int mb, nb = msv_unknown_around(known, c, B, &mb);
                if (nb == 0)
                    continue;
                msv_work += na + nb;
                int r = pair_rule(known, A, na, b->value[a] - ma, B, nb, b->value[c] - mb);
                if (r < 0)
                    return -1;
                if (r > 0) {
                    changes += r;
                    goto next_a; /* a's cells changed: look again later */
                }
            }
        }
    next_a:;
    }
    return changes;
}

static unsigned char used_cell[MSV_MAX_CELLS];

static int rule_global(const msv_board *b, unsigned char *known)
{
    int mines = 0, unknown = 0;
    for (int c = 0; c < b->n; c++) {
        mines += known[c] == MSV_MINE;
        unknown += known[c] == MSV_UNKNOWN;
    }
    int left = b->mines - mines;
    if (left < 0 || left > unknown)
        return -1;
    if (unknown == 0)
        return 0;
    if (left == 0 || left == unknown) {
        unsigned char mark = left == 0 ? MSV_SAFE : MSV_MINE;
        for (int c = 0; c < b->n; c++)
            if (known[c] == MSV_UNKNOWN)
                known[c] = mark;
        return unknown;
    }
    /* Numbers with disjoint cells need at least the sum of their mines; if
     * that is every mine left, the cells outside them are all safe. */
    int at_least = 0;
    short cells[8];
    memset(used_cell, 0, (size_t)b->n);
    for (int c = 0; c < b->n; c++) {
        if (known[c] != MSV_OPEN)
            continue;
        int m, u = msv_unknown_around(known, c, cells, &m);
        bool overlap = u == 0;
        for (int i = 0; i < u && !overlap; i++)
            overlap = used_cell[cells[i]];
        if (overlap || b->value[c] - m <= 0)
            continue;
        at_least += b->value[c] - m;
        for (int i = 0; i < u; i++)
            used_cell[cells[i]] = 1;
    }
    msv_work += b->n;
    if (at_least > left)
        return -1;
    int changes = 0;
    if (at_least == left)
        for (int c = 0; c < b->n; c++)
            if (known[c] == MSV_UNKNOWN && !used_cell[c]) {
                known[c] = MSV_SAFE;
                changes++;
            }
    return changes;
}

/* Applies the rules of `level` (1 or 2) to a fixpoint; -1 on a
 * contradiction. */
int msv_deduce(const msv_board *b, unsigned char *known, int level)
{
    for (;;) {
        if (rule_single(b, known) < 0)
            return -1;
        if (level < 2)
            return 0;
        int p = rule_pairs(b, known);
        if (p < 0)
            return -1;
        int g = p ? 0 : rule_global(b, known);
        if (g < 0)
            return -1;
        if (p == 0 && g == 0)
            return 0;
    }
}

/* solver.c — see solver.h. Sections: geometry, the rules of
 * levels 1-2, exact probabilities (level 3), the endgame search, the
 * choice of a click. Every table is static: the solver is not reentrant. */
#include "solver.h"

#include <math.h>
#include <string.h>

#include "rng.h"

msv_tuning msv_tune = {
    .bf_max_solutions = 1500,
    .bf_max_nodes = 10000000, /* work units: cells x solutions looked at */
    .first_zero_x = 3,
    .first_zero_y = 3,
    .first_sparse_x = 2,
    .first_sparse_y = 2,
    .zero_dense = 0.18,
    .first_safe_x = 0,
    .first_safe_y = 0,
    .fifty = 1,
    .cutoff = 0.9,
    .secondary = 1,
    .latent = 1,
    .blend = 4,
    .interior_max = 6,
    .depth = 0,
    .dominance = 1,
    .single = 1,
    .inner = 3,
    .interior_near = 0,
};

static long long work; /* units spent by the current public call */

/* ---- Geometry: the neighbours of every cell, cached for one size. */

static int geo_w = -1, geo_h = -1;
static short nbr[MSV_MAX_CELLS][8];
static unsigned char nbr_n[MSV_MAX_CELLS];

static void geometry(int w, int h)
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
                        nbr[c][k++] = (short)(ny * w + nx);
                }
            nbr_n[c] = (unsigned char)k;
        }
    }
    geo_w = w;
    geo_h = h;
}

static bool touching(int w, int a, int b)
{
    int ax = a % w, ay = a / w, bx = b % w, by = b / w;
    return a != b && ax - bx <= 1 && bx - ax <= 1 && ay - by <= 1 && by - ay <= 1;
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

static void init_known(const msv_board *b, unsigned char *known)
{
    for (int c = 0; c < b->n; c++)
        known[c] = b->value[c] == MSV_HIDDEN ? MSV_UNKNOWN : MSV_OPEN;
}

/* Unknown neighbours of c into out (may be NULL); *mines gets its known
 * mines. */
static int unknown_around(const unsigned char *known, int c, short *out, int *mines)
{
    int u = 0, m = 0;
    for (int i = 0; i < nbr_n[c]; i++) {
        int z = nbr[c][i];
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
        int mines, u = unknown_around(known, c, NULL, &mines);
        int need = b->value[c] - mines;
        work++;
        if (need < 0 || need > u)
            return -1;
        if (u == 0 || (need != 0 && need != u))
            continue;
        unsigned char mark = need == 0 ? MSV_SAFE : MSV_MINE;
        for (int i = 0; i < nbr_n[c]; i++) {
            int z = nbr[c][i];
            if (known[z] != MSV_UNKNOWN)
                continue;
            known[z] = mark;
            changes++;
            for (int j = 0; j < nbr_n[z]; j++) {
                int y = nbr[z][j];
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
        int ma, na = unknown_around(known, a, A, &ma);
        if (na == 0)
            continue;
        int ax = a % w, ay = a / w;
        for (int dy = 0; dy <= 2 && ay + dy < b->h; dy++) {
            for (int dx = -2; dx <= 2; dx++) {
                int bx = ax + dx, by = ay + dy, c = by * w + bx;
                if ((dy == 0 && dx <= 0) || bx < 0 || bx >= w || known[c] != MSV_OPEN)
                    continue;
                int mb, nb = unknown_around(known, c, B, &mb);
                if (nb == 0)
                    continue;
                work += na + nb;
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
        int m, u = unknown_around(known, c, cells, &m);
        bool overlap = u == 0;
        for (int i = 0; i < u && !overlap; i++)
            overlap = used_cell[cells[i]];
        if (overlap || b->value[c] - m <= 0)
            continue;
        at_least += b->value[c] - m;
        for (int i = 0; i < u; i++)
            used_cell[cells[i]] = 1;
    }
    work += b->n;
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
static int deduce(const msv_board *b, unsigned char *known, int level)
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

/* ---- Level 3: exact probabilities.
 *
 * Frontier cells (unknown, next to an open number) are grouped into boxes
 * of cells seen by exactly the same numbers: only the count of mines in a
 * box matters, weighted by a binomial. Boxes linked by numbers form
 * independent components. Each component is swept number by number
 * (dynamic programming): a "line" holds the mine counts of the boxes
 * still waiting for a number, the mines used so far, the weight of the
 * layouts it stands for and, for every box already finished, the
 * weighted sum of its mines. Lines with the same key merge. At the end a
 * component gives, for each mine count m, its weight Z(m) and per-box
 * tallies T(m). Components and the interior (unknown cells next to no
 * number, C(interior, mines left) ways) are combined under the global
 * count with all-but-one products of the Z polynomials.
 *
 * Numbers stay in range by scaling with powers of two (exact, so wasm
 * and native agree bit for bit); absolute counts are kept as a mantissa
 * and a binary exponent. */

typedef struct {
    double m; /* 0, or in [0.5, 1) */
    int e;
} xf;

static xf xf_make(double v, int e)
{
    xf r;
    int k;
    r.m = frexp(v, &k);
    r.e = r.m == 0 ? 0 : e + k;
    return r;
}

static xf xf_mul(xf a, xf b) { return xf_make(a.m * b.m, a.e + b.e); }

static double xf_ratio(xf a, xf b)
{
    if (b.m == 0 || a.m == 0)
        return 0;
    int d = a.e - b.e;
    if (d > 1000)
        return 1e300;
    return ldexp(a.m / b.m, d);
}

/* log10 of a positive xf with + - * / only (no libm: the same digits
 * natively and in wasm): ln m = 2 atanh((m-1)/(m+1)) for m in [0.5, 1). */
static double xf_log10(xf a)
{
    double z = (a.m - 1) / (a.m + 1), z2 = z * z, term = z, ln = 0;
    for (int k = 1; k < 60; k += 2) {
        ln += term / k;
        term *= z2;
    }
    return (2 * ln + a.e * 0.69314718055994531) / 2.30258509299404568;
}

static xf binomial_xf(int n, int r)
{
    if (r < 0 || r > n)
        return xf_make(0, 0);
    if (r > n - r)
        r = n - r;
    xf acc = xf_make(1, 0);
    for (int i = 1; i <= r; i++)
        acc = xf_mul(acc, xf_make((double)(n - r + i) / i, 0));
    return acc;
}

static const double BINOM[9][9] = {
    {1}, {1, 1}, {1, 2, 1}, {1, 3, 3, 1}, {1, 4, 6, 4, 1}, {1, 5, 10, 10, 5, 1},
    {1, 6, 15, 20, 15, 6, 1}, {1, 7, 21, 35, 35, 21, 7, 1}, {1, 8, 28, 56, 70, 56, 28, 8, 1},
};

#define PE_SLOTS 48
#define PE_MAX_LINES 8192
#define PE_HASH (1 << 15)
#define PE_POOL (1 << 17)
#define PE_RESULTS (1 << 16)
#define PE_WORK_LIMIT 60000000LL
#define ABO_DEPTH 14

typedef struct {
    int m;
    int tally; /* offset of its box tallies in the pool */
    double w;
    unsigned char key[PE_SLOTS];
} pe_line;

static pe_line line_mem[2][PE_MAX_LINES];
static double pool_mem[2][PE_POOL];
static int hash_slot[PE_HASH], hash_stamp[PE_HASH], stamp_now;

/* The board's structure for one run. */
static int wit_of_cell[MSV_MAX_CELLS], wit_cell[MSV_MAX_CELLS], wit_need[MSV_MAX_CELLS];
static int wit_nbox[MSV_MAX_CELLS], wit_box[MSV_MAX_CELLS][8], wit_pos[MSV_MAX_CELLS];
static int cell_nwit[MSV_MAX_CELLS], cell_wit[MSV_MAX_CELLS][8], cell_box[MSV_MAX_CELLS];
static int box_size[MSV_MAX_CELLS], box_nwit[MSV_MAX_CELLS], box_wit[MSV_MAX_CELLS][8];
static int box_parent[MSV_MAX_CELLS], box_local[MSV_MAX_CELLS], box_slot[MSV_MAX_CELLS];
static int box_last[MSV_MAX_CELLS], box_comp[MSV_MAX_CELLS];
static int n_wit, n_box;

/* Components: their boxes and witnesses (numbers), in sweep order. */
static int comp_count;
static int comp_box_start[MSV_MAX_CELLS + 1], comp_boxes[MSV_MAX_CELLS];
static int comp_wit_start[MSV_MAX_CELLS + 1], comp_wits[MSV_MAX_CELLS];
/* Results: Z(m) for m in [lo, hi], then T(b, m) box by box, then E(m). */
static int comp_lo[MSV_MAX_CELLS], comp_hi[MSV_MAX_CELLS], comp_res[MSV_MAX_CELLS];
static int comp_exp[MSV_MAX_CELLS];
static double results[PE_RESULTS];
static int results_used;

static double binom_w[MSV_MAX_CELLS + 1]; /* C(interior, left - k), scaled */

typedef struct {
    bool consistent; /* some layout fits the board */
    bool exact; /* every component was counted */
    int left; /* mines not known */
    int interior; /* unknown cells next to no number */
    double interior_p;
    xf total; /* layouts consistent with the board */
    int certain_safe; /* unknown cells safe in every layout */
} pe_result;

static int find_root(int b)
{
    while (box_parent[b] != b)
        b = box_parent[b] = box_parent[box_parent[b]];
    return b;
}

static bool same_witnesses(int a, int b)
{
    if (cell_nwit[a] != cell_nwit[b])
        return false;
    for (int i = 0; i < cell_nwit[a]; i++)
        if (cell_wit[a][i] != cell_wit[b][i])
            return false;
    return true;
}

/* Witnesses, boxes and components of the unknown cells. Returns false
 * when a number can never be satisfied. */
static bool build_structure(const msv_board *b, const unsigned char *known, int *frontier)
{
    int n = b->n, w = b->w;
    n_wit = n_box = 0;
    *frontier = 0;
    for (int c = 0; c < n; c++) {
        wit_of_cell[c] = -1;
        cell_box[c] = -1;
        cell_nwit[c] = 0;
        if (known[c] != MSV_OPEN)
            continue;
        int mines, u = unknown_around(known, c, NULL, &mines);
        int need = b->value[c] - mines;
        if (need < 0 || need > u)
            return false;
        if (u == 0)
            continue;
        wit_of_cell[c] = n_wit;
        wit_cell[n_wit] = c;
        wit_need[n_wit] = need;
        wit_nbox[n_wit] = 0;
        n_wit++;
    }
    /* Cells scanned in order meet their witnesses in increasing order. */
    for (int i = 0; i < n_wit; i++) {
        int c = wit_cell[i];
        for (int k = 0; k < nbr_n[c]; k++) {
            int z = nbr[c][k];
            if (known[z] == MSV_UNKNOWN)
                cell_wit[z][cell_nwit[z]++] = i;
        }
    }
    for (int c = 0; c < n; c++) {
        if (known[c] != MSV_UNKNOWN || cell_nwit[c] == 0)
            continue;
        (*frontier)++;
        int cx = c % w, cy = c / w, found = -1;
        for (int dy = -2; dy <= 0 && found < 0; dy++)
            for (int dx = -2; dx <= 2 && found < 0; dx++) {
                int x = cx + dx, y = cy + dy, o = y * w + x;
                if (y < 0 || x < 0 || x >= w || (dy == 0 && dx >= 0))
                    continue;
                if (cell_box[o] >= 0 && same_witnesses(o, c))
                    found = cell_box[o];
            }
        if (found < 0) {
            found = n_box++;
            box_size[found] = 0;
            box_nwit[found] = cell_nwit[c];
            box_parent[found] = found;
            for (int i = 0; i < cell_nwit[c]; i++) {
                int wi = cell_wit[c][i];
                box_wit[found][i] = wi;
                wit_box[wi][wit_nbox[wi]++] = found;
            }
        }
        cell_box[c] = found;
        box_size[found]++;
    }
    for (int i = 0; i < n_wit; i++)
        for (int k = 1; k < wit_nbox[i]; k++) {
            int r0 = find_root(wit_box[i][0]), r1 = find_root(wit_box[i][k]);
            if (r0 != r1)
                box_parent[r1] = r0;
        }
    /* Number the components by their first box; list their boxes. */
    comp_count = 0;
    static int root_comp[MSV_MAX_CELLS], counts[MSV_MAX_CELLS + 1];
    for (int bx = 0; bx < n_box; bx++)
        root_comp[bx] = -1;
    for (int bx = 0; bx < n_box; bx++) {
        int r = find_root(bx);
        if (root_comp[r] < 0)
            root_comp[r] = comp_count++;
        box_comp[bx] = root_comp[r];
    }
    memset(counts, 0, sizeof(int) * (size_t)(comp_count + 1));
    for (int bx = 0; bx < n_box; bx++)
        counts[box_comp[bx] + 1]++;
    for (int k = 0; k < comp_count; k++)
        counts[k + 1] += counts[k];
    memcpy(comp_box_start, counts, sizeof(int) * (size_t)(comp_count + 1));
    for (int bx = 0; bx < n_box; bx++) {
        int k = box_comp[bx];
        box_local[bx] = counts[k] - comp_box_start[k];
        comp_boxes[counts[k]++] = bx;
    }
    work += n;
    return true;
}

/* Orders a component's witnesses by breadth-first search from a far end,
 * so that few boxes are waiting at any time. */
static int bfs_witnesses(int start, int *order, int *mark, int stamp)
{
    int head = 0, tail = 0;
    order[tail++] = start;
    mark[start] = stamp;
    while (head < tail) {
        int wi = order[head++];
        for (int i = 0; i < wit_nbox[wi]; i++) {
            int bx = wit_box[wi][i];
            for (int j = 0; j < box_nwit[bx]; j++) {
                int o = box_wit[bx][j];
                if (mark[o] != stamp) {
                    mark[o] = stamp;
                    order[tail++] = o;
                }
            }
        }
    }
    return tail;
}

static void order_witnesses(void)
{
    static int mark[MSV_MAX_CELLS];
    static int stamp;
    int pos = 0;
    for (int k = 0; k < comp_count; k++) {
        int first = box_wit[comp_boxes[comp_box_start[k]]][0];
        int n = bfs_witnesses(first, comp_wits + pos, mark, ++stamp);
        int far = comp_wits[pos + n - 1];
        bfs_witnesses(far, comp_wits + pos, mark, ++stamp);
        comp_wit_start[k] = pos;
        for (int i = 0; i < n; i++)
            wit_pos[comp_wits[pos + i]] = i;
        pos += n;
    }
    comp_wit_start[comp_count] = pos;
    for (int bx = 0; bx < n_box; bx++) {
        int last = 0;
        for (int j = 0; j < box_nwit[bx]; j++)
            if (wit_pos[box_wit[bx][j]] > last)
                last = wit_pos[box_wit[bx][j]];
        box_last[bx] = last;
        box_slot[bx] = -1;
    }
}

/* Assignments of mine counts to a witness's new boxes, grouped by sum. */
typedef struct {
    int sum;
    double factor;
    unsigned char v[8];
} pe_assign;

static int make_assignments(const int *boxes, int nb, pe_assign *out)
{
    unsigned char v[8] = {0};
    int n = 0;
    for (;;) {
        int sum = 0;
        double f = 1;
        for (int i = 0; i < nb; i++) {
            sum += v[i];
            f *= BINOM[box_size[boxes[i]]][v[i]];
        }
        out[n].sum = sum;
        out[n].factor = f;
        memcpy(out[n].v, v, 8);
        n++;
        int i = 0;
        while (i < nb && v[i] == box_size[boxes[i]])
            v[i++] = 0;
        if (i == nb)
            return n;
        v[i]++;
    }
}

static unsigned hash_key(int m, const unsigned char *key, int len)
{
    unsigned h = 2166136261u ^ (unsigned)m;
    for (int i = 0; i < len; i++)
        h = (h ^ key[i]) * 16777619u;
    return h;
}

/* Sweeps one component; fills its Z and T in `results`. False when it
 * outgrows the tables or the work limit. */
static bool sweep_component(int k, int left)
{
    int nbc = comp_box_start[k + 1] - comp_box_start[k];
    int wfirst = comp_wit_start[k], nw = comp_wit_start[k + 1] - wfirst;
    int cur = 0, n_lines = 1;
    bool slot_used[PE_SLOTS] = {false};
    int key_len = 0;
    long long budget_end = work + PE_WORK_LIMIT;
    if ((long long)nbc * 2 > PE_POOL)
        return false;
    pe_line *L = line_mem[0];
    L[0].m = 0;
    L[0].w = 1;
    L[0].tally = 0;
    memset(L[0].key, 0, PE_SLOTS);
    memset(pool_mem[0], 0, sizeof(double) * (size_t)nbc);
    comp_exp[k] = 0;

    static pe_assign assign[256];
    for (int t = 0; t < nw; t++) {
        int wi = comp_wits[wfirst + t];
        int act[8], n_act = 0, fresh[8], n_fresh = 0, retire[8], n_retire = 0;
        for (int i = 0; i < wit_nbox[wi]; i++) {
            int bx = wit_box[wi][i];
            if (box_slot[bx] >= 0) {
                act[n_act++] = bx;
            } else {
                int s = 0;
                while (s < PE_SLOTS && slot_used[s])
                    s++;
                if (s == PE_SLOTS)
                    return false;
                slot_used[s] = true;
                box_slot[bx] = s;
                if (s + 1 > key_len)
                    key_len = s + 1;
                fresh[n_fresh++] = bx;
            }
            if (box_last[bx] == t)
                retire[n_retire++] = bx;
        }
        int n_assign = make_assignments(fresh, n_fresh, assign);
        int nxt = 1 - cur, out_n = 0;
        pe_line *N = line_mem[nxt];
        double *P = pool_mem[cur], *Q = pool_mem[nxt];
        stamp_now++;
        for (int li = 0; li < n_lines; li++) {
            const pe_line *src = &line_mem[cur][li];
            int rem = wit_need[wi];
            for (int i = 0; i < n_act; i++)
                rem -= src->key[box_slot[act[i]]];
            if (rem < 0)
                continue;
            for (int ai = 0; ai < n_assign; ai++) {
                const pe_assign *as = &assign[ai];
                if (as->sum != rem || src->m + rem > left)
                    continue;
                unsigned char key[PE_SLOTS];
                memcpy(key, src->key, PE_SLOTS);
                for (int i = 0; i < n_fresh; i++)
                    key[box_slot[fresh[i]]] = as->v[i];
                double w = src->w * as->factor;
                int retired_v[8];
                for (int i = 0; i < n_retire; i++) {
                    retired_v[i] = key[box_slot[retire[i]]];
                    key[box_slot[retire[i]]] = 0;
                }
                int m = src->m + rem;
                unsigned h = hash_key(m, key, key_len) & (PE_HASH - 1);
                int found = -1;
                while (hash_stamp[h] == stamp_now) {
                    pe_line *o = &N[hash_slot[h]];
                    if (o->m == m && !memcmp(o->key, key, (size_t)key_len)) {
                        found = hash_slot[h];
                        break;
                    }
                    h = (h + 1) & (PE_HASH - 1);
                }
                double *dst;
                const double *from = P + src->tally;
                if (found < 0) {
                    if (out_n == PE_MAX_LINES || (long long)(out_n + 1) * nbc > PE_POOL)
                        return false;
                    found = out_n++;
                    hash_stamp[h] = stamp_now;
                    hash_slot[h] = found;
                    N[found].m = m;
                    N[found].w = w;
                    N[found].tally = found * nbc;
                    memcpy(N[found].key, key, PE_SLOTS);
                    dst = Q + N[found].tally;
                    for (int i = 0; i < nbc; i++)
                        dst[i] = from[i] * as->factor;
                } else {
                    N[found].w += w;
                    dst = Q + N[found].tally;
                    for (int i = 0; i < nbc; i++)
                        dst[i] += from[i] * as->factor;
                }
                for (int i = 0; i < n_retire; i++)
                    dst[box_local[retire[i]]] += w * retired_v[i];
                work += nbc + 4;
            }
        }
        for (int i = 0; i < n_retire; i++) {
            slot_used[box_slot[retire[i]]] = false;
            box_slot[retire[i]] = -2;
        }
        while (key_len > 0 && !slot_used[key_len - 1])
            key_len--;
        cur = nxt;
        n_lines = out_n;
        if (work > budget_end)
            return false;
        if (n_lines == 0)
            break; /* no layout fits this component */
        /* Keep weights in range: scale by a power of two. */
        double big = 0;
        for (int li = 0; li < n_lines; li++)
            if (N[li].w > big)
                big = N[li].w;
        if (big > 0x1p400) {
            int e;
            frexp(big, &e);
            for (int li = 0; li < n_lines; li++) {
                N[li].w = ldexp(N[li].w, -e);
                for (int i = 0; i < nbc; i++)
                    Q[N[li].tally + i] = ldexp(Q[N[li].tally + i], -e);
            }
            comp_exp[k] += e;
        }
    }
    /* All boxes are finished: the lines differ only by m. */
    int lo = left + 1, hi = -1;
    for (int li = 0; li < n_lines; li++) {
        int m = line_mem[cur][li].m;
        if (m < lo)
            lo = m;
        if (m > hi)
            hi = m;
    }
    if (n_lines == 0) {
        comp_lo[k] = 0;
        comp_hi[k] = -1;
        return true;
    }
    int span = hi - lo + 1;
    int need = span * (nbc + 2);
    if (results_used + need > PE_RESULTS)
        return false;
    int base = results_used;
    results_used += need;
    memset(results + base, 0, sizeof(double) * (size_t)need);
    comp_lo[k] = lo;
    comp_hi[k] = hi;
    comp_res[k] = base;
    double big = 0;
    for (int li = 0; li < n_lines; li++) {
        const pe_line *l = &line_mem[cur][li];
        int m = l->m - lo;
        results[base + m] += l->w;
        for (int i = 0; i < nbc; i++)
            results[base + span + i * span + m] += pool_mem[cur][l->tally + i];
    }
    for (int m = 0; m < span; m++)
        if (results[base + m] > big)
            big = results[base + m];
    int e;
    frexp(big, &e);
    for (int i = 0; i < span * (nbc + 1); i++)
        results[base + i] = ldexp(results[base + i], -e);
    comp_exp[k] += e;
    return true;
}

static double *comp_z(int k) { return results + comp_res[k]; }
static double *comp_t(int k, int local)
{
    int span = comp_hi[k] - comp_lo[k] + 1;
    return results + comp_res[k] + span + local * span;
}
static double *comp_e(int k)
{
    int span = comp_hi[k] - comp_lo[k] + 1;
    int nbc = comp_box_start[k + 1] - comp_box_start[k];
    return results + comp_res[k] + span * (nbc + 1);
}

/* Polynomials in the mine count: c[i] is the coefficient of degree
 * lo + i, for degrees lo..hi. */
typedef struct {
    int lo, hi;
    double *c;
} poly;

static void poly_one(poly *p)
{
    p->lo = p->hi = 0;
    p->c[0] = 1;
}

static poly comp_poly(int k)
{
    poly p = {comp_lo[k], comp_hi[k], comp_z(k)};
    return p;
}

/* out = a * b, truncated at degree `cap`; out must not alias a or b. */
static void poly_mul(const poly *a, const poly *b, int cap, poly *out)
{
    int lo = a->lo + b->lo, hi = a->hi + b->hi < cap ? a->hi + b->hi : cap;
    if (lo > hi) { /* nothing fits under the cap */
        out->lo = out->hi = 0;
        out->c[0] = 0;
        return;
    }
    out->lo = lo;
    out->hi = hi;
    for (int d = 0; d <= hi - lo; d++)
        out->c[d] = 0;
    for (int i = 0; i <= a->hi - a->lo; i++) {
        double ai = a->c[i];
        for (int j = 0; j <= b->hi - b->lo && lo + i + j <= hi; j++)
            out->c[i + j] += ai * b->c[j];
    }
    work += (long long)(a->hi - a->lo + 1) * (b->hi - b->lo + 1);
}

static double abo_mem[ABO_DEPTH][3][MSV_MAX_CELLS + 1];

/* out = product of Z_k for k in [from, to). */
static void poly_product(int from, int to, int cap, double *mem_a, double *mem_b, poly *out)
{
    poly p = {0, 0, mem_a}, q = {0, 0, mem_b};
    poly_one(&p);
    for (int k = from; k < to; k++) {
        poly z = comp_poly(k);
        poly_mul(&p, &z, cap, &q);
        poly t = p;
        p = q;
        q = t;
    }
    *out = p;
}

/* E_k(m) = sum over the other components' mines j of outside(j) *
 * binom_w(m + j): the weight of everything but component k. */
static void finish_component(int k, const poly *outside, int left)
{
    double *e = comp_e(k);
    for (int m = comp_lo[k]; m <= comp_hi[k]; m++) {
        double s = 0;
        for (int j = outside->lo; j <= outside->hi && m + j <= left; j++)
            s += outside->c[j - outside->lo] * binom_w[m + j];
        e[m - comp_lo[k]] = s;
    }
    work += (long long)(comp_hi[k] - comp_lo[k] + 1) * (outside->hi - outside->lo + 1);
}

/* Splits [from, to) in halves; each half's outside is the outside times
 * the other half's product. */
static void all_but_one(int from, int to, const poly *outside, int left, int depth)
{
    if (to - from == 1) {
        finish_component(from, outside, left);
        return;
    }
    int mid = (from + to) / 2;
    double (*mem)[MSV_MAX_CELLS + 1] = abo_mem[depth];
    poly prod, child = {0, 0, mem[2]};
    poly_product(mid, to, left, mem[0], mem[1], &prod);
    poly_mul(outside, &prod, left, &child);
    all_but_one(from, mid, &child, left, depth + 1);
    poly_product(from, mid, left, mem[0], mem[1], &prod);
    poly_mul(outside, &prod, left, &child);
    all_but_one(mid, to, &child, left, depth + 1);
}

/* binom_w(k) = C(interior, left - k) / C(interior, r0), for the r0 of
 * the feasible range nearest interior / 2 (so every value is <= 1). */
static void binomial_weights(int interior, int left, int max_frontier, int *r0_out)
{
    int r_lo = left - max_frontier, r_hi = left;
    if (r_lo < 0)
        r_lo = 0;
    if (r_hi > interior)
        r_hi = interior;
    for (int k = 0; k <= left; k++)
        binom_w[k] = 0;
    if (r_lo > r_hi) {
        *r0_out = -1;
        return;
    }
    int r0 = interior / 2;
    if (r0 < r_lo)
        r0 = r_lo;
    if (r0 > r_hi)
        r0 = r_hi;
    binom_w[left - r0] = 1;
    double v = 1;
    for (int r = r0; r < r_hi; r++) { /* C(n, r+1) = C(n, r) (n-r) / (r+1) */
        v = v * (interior - r) / (r + 1);
        binom_w[left - r - 1] = v;
    }
    v = 1;
    for (int r = r0; r > r_lo; r--) { /* C(n, r-1) = C(n, r) r / (n-r+1) */
        v = v * r / (interior - r + 1);
        binom_w[left - r + 1] = v;
    }
    *r0_out = r0;
}

static double pe_prob[MSV_MAX_CELLS];

/* Local estimates when the exact count is out of reach. */
static void estimate(const msv_board *b, const unsigned char *known, int left, int unknown)
{
    double density = unknown ? (double)left / unknown : 0;
    for (int c = 0; c < b->n; c++) {
        if (known[c] != MSV_UNKNOWN)
            continue;
        double p = cell_nwit[c] ? 0 : density;
        for (int i = 0; i < cell_nwit[c]; i++) {
            int wc = wit_cell[cell_wit[c][i]], m;
            int u = unknown_around(known, wc, NULL, &m);
            double q = (double)(b->value[wc] - m) / u;
            if (q > p)
                p = q;
        }
        pe_prob[c] = p;
    }
}

/* Exact probabilities of the unknown cells into pe_prob (known cells get
 * 0 or 1, open cells -1). */
static pe_result pe_run(const msv_board *b, const unsigned char *known)
{
    pe_result r;
    memset(&r, 0, sizeof r);
    int mines = 0, unknown = 0, frontier = 0;
    for (int c = 0; c < b->n; c++) {
        mines += known[c] == MSV_MINE;
        unknown += known[c] == MSV_UNKNOWN;
        pe_prob[c] = known[c] == MSV_OPEN ? -1 : known[c] == MSV_MINE ? 1 : 0;
    }
    r.left = b->mines - mines;
    if (r.left < 0 || r.left > unknown || !build_structure(b, known, &frontier))
        return r;
    r.interior = unknown - frontier;
    order_witnesses();
    results_used = 0;
    r.exact = true;
    int max_frontier = 0;
    for (int k = 0; k < comp_count && r.exact; k++) {
        r.exact = sweep_component(k, r.left);
        if (r.exact && comp_hi[k] < comp_lo[k])
            return r; /* a component with no solution */
        if (r.exact)
            max_frontier += comp_hi[k];
    }
    if (!r.exact) {
        r.consistent = true;
        estimate(b, known, r.left, unknown);
        return r;
    }
    int r0;
    binomial_weights(r.interior, r.left, max_frontier, &r0);
    if (r0 < 0)
        return r;
    double (*mem)[MSV_MAX_CELLS + 1] = abo_mem[0];
    poly all;
    poly_product(0, comp_count, r.left, mem[0], mem[1], &all);
    double total = 0, interior_mines = 0;
    for (int k = all.lo; k <= all.hi; k++) {
        total += all.c[k - all.lo] * binom_w[k];
        interior_mines += all.c[k - all.lo] * binom_w[k] * (r.left - k);
    }
    if (total <= 0)
        return r;
    r.consistent = true;
    r.interior_p = r.interior ? interior_mines / total / r.interior : 0;
    int exp_sum = 0;
    for (int k = 0; k < comp_count; k++)
        exp_sum += comp_exp[k];
    r.total = xf_mul(xf_make(total, exp_sum), binomial_xf(r.interior, r0));
    if (comp_count > 0) {
        poly outside = {0, 0, abo_mem[0][2]};
        poly_one(&outside);
        /* abo_mem[0][2] is the outside of depth 0; depth 1 on for the rest. */
        all_but_one(0, comp_count, &outside, r.left, 1);
    }
    static double box_p[MSV_MAX_CELLS];
    for (int k = 0; k < comp_count; k++) {
        int span = comp_hi[k] - comp_lo[k] + 1;
        const double *z = comp_z(k), *e = comp_e(k);
        double tk = 0;
        for (int m = 0; m < span; m++)
            tk += z[m] * e[m];
        for (int i = comp_box_start[k]; i < comp_box_start[k + 1]; i++) {
            int bx = comp_boxes[i];
            const double *t = comp_t(k, box_local[bx]);
            double s = 0;
            for (int m = 0; m < span; m++)
                s += t[m] * e[m];
            box_p[bx] = tk > 0 ? s / tk / box_size[bx] : 0;
            if (box_p[bx] > 1)
                box_p[bx] = 1;
        }
    }
    for (int c = 0; c < b->n; c++) {
        if (known[c] != MSV_UNKNOWN)
            continue;
        pe_prob[c] = cell_box[c] >= 0 ? box_p[cell_box[c]] : r.interior_p;
        r.certain_safe += pe_prob[c] == 0;
    }
    return r;
}

bool msv_probabilities(const msv_board *b, double *prob, bool *exact, double *log10_solutions)
{
    static unsigned char known[MSV_MAX_CELLS];
    geometry(b->w, b->h);
    work = 0;
    init_known(b, known);
    *exact = false;
    *log10_solutions = 0;
    if (deduce(b, known, 2) < 0)
        return false;
    pe_result r = pe_run(b, known);
    if (!r.consistent)
        return false;
    *exact = r.exact;
    if (r.exact)
        *log10_solutions = xf_log10(r.total);
    memcpy(prob, pe_prob, sizeof(double) * (size_t)b->n);
    return true;
}

int msv_extend(const msv_board *b, int level, unsigned char *known)
{
    geometry(b->w, b->h);
    work = 0;
    for (int c = 0; c < b->n; c++)
        if (b->value[c] != MSV_HIDDEN)
            known[c] = MSV_OPEN;
    if (deduce(b, known, level >= 2 ? 2 : 1) < 0)
        return -1;
    int safe = 0;
    for (int c = 0; c < b->n; c++)
        safe += known[c] == MSV_SAFE;
    if (safe || level < 3)
        return safe;
    pe_result r = pe_run(b, known);
    if (!r.consistent)
        return -1;
    if (!r.exact)
        return 0;
    for (int c = 0; c < b->n; c++) {
        if (known[c] != MSV_UNKNOWN)
            continue;
        if (pe_prob[c] == 0) {
            known[c] = MSV_SAFE;
            safe++;
        } else if (pe_prob[c] >= 1) {
            known[c] = MSV_MINE;
        }
    }
    return safe;
}

int msv_certain(const msv_board *b, int level, unsigned char *known)
{
    init_known(b, known);
    return msv_extend(b, level, known);
}

/* ---- The endgame: an exact search over the few layouts left.
 *
 * Every layout is a list of what each unknown cell would show (or that it
 * is a mine). A node is a set of layouts still possible; opening a cell
 * splits it by the value shown, and the layouts where the cell is a mine
 * are lost. A cell safe in every layout of the set is opened for free.
 * The value of a set is the best chance of winning from it. */

#define BF_MAX_SOL 4096
#define BF_MAX_CELLS 200
#define BF_MINE 9
#define BF_POOL (1 << 18)
#define BF_MEMO (1 << 15)

static int bf_cells[BF_MAX_CELLS], bf_n_cells, bf_n_sol;
static unsigned char bf_val[BF_MAX_SOL][BF_MAX_CELLS];
static unsigned char bf_mine_now[BF_MAX_CELLS];
static uint64_t bf_zob[BF_MAX_SOL];
static unsigned short bf_pool[BF_POOL];
static int bf_pool_top;
static bool bf_abort;
static long long bf_budget;
static uint64_t memo_key[BF_MEMO];
static int memo_n[BF_MEMO];
static double memo_val[BF_MEMO];
static int bf_index[MSV_MAX_CELLS];
static int bf_wit_need[MSV_MAX_CELLS], bf_wit_room[MSV_MAX_CELLS];

/* Enumerates every layout of the unknown cells that fits the board. */
static void bf_enumerate(const msv_board *b, const unsigned char *known, int i, int left)
{
    if (bf_n_sol > BF_MAX_SOL || bf_abort)
        return;
    if (++work > bf_budget) {
        bf_abort = true;
        return;
    }
    if (i == bf_n_cells) {
        if (left != 0)
            return;
        if (bf_n_sol == BF_MAX_SOL) {
            bf_n_sol++;
            return;
        }
        for (int k = 0; k < bf_n_cells; k++)
            bf_val[bf_n_sol][k] = bf_mine_now[k];
        bf_n_sol++;
        return;
    }
    int c = bf_cells[i];
    for (int v = 0; v <= 1; v++) {
        if (v > left || left - v > bf_n_cells - i - 1)
            continue;
        bool ok = true;
        for (int k = 0; k < nbr_n[c] && ok; k++) {
            int z = nbr[c][k];
            if (known[z] != MSV_OPEN)
                continue;
            int need = bf_wit_need[z] - v, room = bf_wit_room[z] - 1;
            ok = need >= 0 && need <= room;
        }
        if (!ok)
            continue;
        for (int k = 0; k < nbr_n[c]; k++) {
            int z = nbr[c][k];
            if (known[z] == MSV_OPEN) {
                bf_wit_need[z] -= v;
                bf_wit_room[z]--;
            }
        }
        bf_mine_now[i] = (unsigned char)v;
        bf_enumerate(b, known, i + 1, left - v);
        for (int k = 0; k < nbr_n[c]; k++) {
            int z = nbr[c][k];
            if (known[z] == MSV_OPEN) {
                bf_wit_need[z] += v;
                bf_wit_room[z]++;
            }
        }
    }
}

/* Turns each layout's mines into the values its cells would show. */
static void bf_values(const unsigned char *known)
{
    for (int s = 0; s < bf_n_sol; s++) {
        unsigned char mine[BF_MAX_CELLS];
        memcpy(mine, bf_val[s], (size_t)bf_n_cells);
        for (int i = 0; i < bf_n_cells; i++) {
            int c = bf_cells[i];
            if (mine[i]) {
                bf_val[s][i] = BF_MINE;
                continue;
            }
            int v = 0;
            for (int k = 0; k < nbr_n[c]; k++) {
                int z = nbr[c][k];
                v += known[z] == MSV_MINE || (bf_index[z] >= 0 && mine[bf_index[z]]);
            }
            bf_val[s][i] = (unsigned char)v;
        }
    }
}

static uint64_t bf_hash(const unsigned short *set, int n)
{
    uint64_t h = 0;
    for (int i = 0; i < n; i++)
        h ^= bf_zob[set[i]];
    return h;
}

static double bf_value(const unsigned short *set, int n);

/* The chance to win after opening cell i in `set`; stops early (returning
 * at most `beat`) once it cannot beat it. */
static double bf_open(const unsigned short *set, int n, int i, double beat)
{
    int count[10] = {0};
    for (int s = 0; s < n; s++)
        count[bf_val[set[s]][i]]++;
    int safe = n - count[BF_MINE];
    if (bf_pool_top + safe > BF_POOL) {
        bf_abort = true;
        return 0;
    }
    unsigned short *groups = bf_pool + bf_pool_top;
    int start[10], fill[10], at = 0;
    for (int v = 0; v < 9; v++) {
        start[v] = fill[v] = at;
        at += count[v];
    }
    for (int s = 0; s < n; s++) {
        int v = bf_val[set[s]][i];
        if (v != BF_MINE)
            groups[fill[v]++] = set[s];
    }
    bf_pool_top += safe;
    double acc = 0;
    int rest = safe;
    for (int v = 0; v < 9 && !bf_abort; v++) {
        if (!count[v])
            continue;
        acc += count[v] * bf_value(groups + start[v], count[v]);
        rest -= count[v];
        if ((acc + rest) / n <= beat)
            break;
    }
    bf_pool_top -= safe;
    return acc / n;
}

static double bf_best(const unsigned short *set, int n, int *best_cell)
{
    int mines[BF_MAX_CELLS];
    work += (long long)n * bf_n_cells;
    if (work > bf_budget) {
        bf_abort = true;
        return 0;
    }
    for (int i = 0; i < bf_n_cells; i++) {
        int m = 0;
        bool varies = false;
        int first = bf_val[set[0]][i];
        for (int s = 0; s < n; s++) {
            int v = bf_val[set[s]][i];
            m += v == BF_MINE;
            varies |= v != first;
        }
        mines[i] = m;
        if (m == 0 && varies) { /* safe everywhere and informative: free */
            *best_cell = i;
            return bf_open(set, n, i, -1);
        }
    }
    /* Guesses, safest first (insertion sort on the mine count). */
    int order[BF_MAX_CELLS], k = 0;
    for (int i = 0; i < bf_n_cells; i++) {
        if (mines[i] == 0 || mines[i] == n)
            continue;
        int j = k++;
        while (j > 0 && mines[order[j - 1]] > mines[i]) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = i;
    }
    double best = -1;
    *best_cell = k ? order[0] : -1;
    for (int j = 0; j < k && !bf_abort; j++) {
        int i = order[j];
        if ((double)(n - mines[i]) / n <= best)
            break;
        double v = bf_open(set, n, i, best);
        if (v > best) {
            best = v;
            *best_cell = i;
        }
    }
    return best < 0 ? 0 : best;
}

static double bf_value(const unsigned short *set, int n)
{
    if (n == 1)
        return 1;
    uint64_t h = bf_hash(set, n);
    int slot = (int)(h & (BF_MEMO - 1));
    for (int probe = 0; probe < 8; probe++) {
        int s = (slot + probe) & (BF_MEMO - 1);
        if (memo_n[s] == 0)
            break;
        if (memo_key[s] == h && memo_n[s] == n)
            return memo_val[s];
    }
    int cell;
    double v = bf_best(set, n, &cell);
    if (bf_abort)
        return 0;
    for (int probe = 0; probe < 8; probe++) {
        int s = (slot + probe) & (BF_MEMO - 1);
        if (memo_n[s] == 0) {
            memo_key[s] = h;
            memo_n[s] = n;
            memo_val[s] = v;
            break;
        }
    }
    return v;
}

/* The best cell to open by exact search, or -1 when the layouts are too
 * many or the work limit is hit. */
static int endgame_search(const msv_board *b, const unsigned char *known, int left, double *win)
{
    bf_n_cells = 0;
    for (int c = 0; c < b->n; c++) {
        bf_index[c] = -1;
        if (known[c] == MSV_UNKNOWN) {
            if (bf_n_cells == BF_MAX_CELLS)
                return -1;
            bf_index[c] = bf_n_cells;
            bf_cells[bf_n_cells++] = c;
        }
        if (known[c] == MSV_OPEN) {
            int m, u = unknown_around(known, c, NULL, &m);
            bf_wit_need[c] = b->value[c] - m;
            bf_wit_room[c] = u;
        }
    }
    bf_n_sol = 0;
    bf_abort = false;
    bf_budget = work + msv_tune.bf_max_nodes;
    bf_enumerate(b, known, 0, left);
    if (bf_abort || bf_n_sol > msv_tune.bf_max_solutions || bf_n_sol > BF_MAX_SOL || bf_n_sol < 2)
        return -1;
    bf_values(known);
    for (int s = 0; s < bf_n_sol; s++) {
        uint64_t x = (uint64_t)s + 1;
        bf_zob[s] = qp_mix_seed(0x6d696e6573ULL, x);
    }
    memset(memo_n, 0, sizeof memo_n);
    static unsigned short all[BF_MAX_SOL];
    for (int s = 0; s < bf_n_sol; s++)
        all[s] = (unsigned short)s;
    bf_pool_top = 0;
    int cell;
    *win = bf_best(all, bf_n_sol, &cell);
    if (bf_abort || cell < 0)
        return -1;
    return bf_cells[cell];
}

/* ---- Choosing a click. */

static unsigned char base_known[MSV_MAX_CELLS], try_known[MSV_MAX_CELLS];
static double base_prob[MSV_MAX_CELLS];

static int hidden_around(const msv_board *b, int c)
{
    int n = 0;
    for (int i = 0; i < nbr_n[c]; i++)
        n += b->value[nbr[c][i]] == MSV_HIDDEN;
    return n;
}

static int first_click(const msv_board *b, int level, qp_rng *rng)
{
    if (level == 1)
        return (int)qp_rng_below(rng, (uint32_t)b->n);
    if (level == 3 && b->zero_rule) {
        /* Under :zero any first click opens an area; a cell near (not
         * on) the corner opens one that is likely to spread. Sparse
         * boards want it closer to the corner (measured per preset). */
        bool sparse = b->mines < msv_tune.zero_dense * b->n;
        int fx = sparse ? msv_tune.first_sparse_x : msv_tune.first_zero_x;
        int fy = sparse ? msv_tune.first_sparse_y : msv_tune.first_zero_y;
        int x = fx < b->w ? fx : b->w / 2;
        int y = fy < b->h ? fy : b->h / 2;
        return y * b->w + x;
    }
    if (level == 3 && (msv_tune.first_safe_x || msv_tune.first_safe_y))
        return (msv_tune.first_safe_y % b->h) * b->w + msv_tune.first_safe_x % b->w;
    return 0; /* a corner: the likeliest cell to show a zero */
}

/* Whether opening c could still tell something: it has an unknown
 * neighbour. */
static bool living(const unsigned char *known, int c)
{
    for (int i = 0; i < nbr_n[c]; i++)
        if (known[nbr[c][i]] == MSV_UNKNOWN)
            return true;
    return false;
}

/* A position studied while choosing a guess: the board, what is known,
 * the probabilities and the number of layouts. pos_mem[0] is the
 * position on the board, pos_mem[d + 1] one guess further than pos_mem[d]. */
typedef struct {
    msv_board board;
    unsigned char known[MSV_MAX_CELLS];
    double prob[MSV_MAX_CELLS];
    xf total;
} msv_pos;

#define MAX_DEPTH 3
#define MAX_INNER 8
static msv_pos pos_mem[MAX_DEPTH + 1];

/* Deductions and probabilities of p (board and known set); false when
 * it cannot happen. */
static bool study(msv_pos *p)
{
    if (deduce(&p->board, p->known, 2) < 0)
        return false;
    pe_result r = pe_run(&p->board, p->known);
    if (!r.consistent || !r.exact)
        return false;
    p->total = r.total;
    memcpy(p->prob, pe_prob, sizeof(double) * (size_t)p->board.n);
    return true;
}

static double secondary_safety(msv_pos *p, int c, double safety, double beat, int depth,
                               bool *dead, int *by);

/* The safest living cell of the last position_value(), when it is the
 * only one that safe; else -1. */
static int last_single;

/* Inserts c into cand (safest first), keeping at most cap cells. */
static void keep_safest(const double *prob, int *cand, int *n, int cap, int c)
{
    double s = 1 - prob[c];
    if (*n == cap && 1 - prob[cand[cap - 1]] >= s)
        return;
    int j = *n < cap ? (*n)++ : cap - 1;
    while (j > 0 && 1 - prob[cand[j - 1]] < s) {
        cand[j] = cand[j - 1];
        j--;
    }
    cand[j] = c;
}

/* How good p is for the next move: 1 with a useful safe cell; else, at
 * depth 0, a blend of the two best safeties among living cells (4:1);
 * deeper, the best secondary safety of its safest few cells. */
static double position_value(msv_pos *p, int depth)
{
    double best = -1, second = -1;
    int best_cell = -1, safe_cells = 0, safe_cell = -1;
    bool any_unknown = false;
    int cand[MAX_INNER], n = 0, cap = msv_tune.inner < MAX_INNER ? msv_tune.inner : MAX_INNER;
    for (int c = 0; c < p->board.n; c++) {
        bool safe = p->known[c] == MSV_SAFE;
        if (p->known[c] != MSV_UNKNOWN && !safe)
            continue;
        any_unknown |= !safe;
        if (!living(p->known, c))
            continue;
        double s = safe ? 1 : 1 - p->prob[c];
        if (s >= 1) {
            safe_cells++;
            safe_cell = c;
            continue;
        }
        if (s > best) {
            second = best;
            best = s;
            best_cell = c;
        } else if (s > second) {
            second = s;
        }
        if (depth > 0)
            keep_safest(p->prob, cand, &n, cap, c);
    }
    if (safe_cells) {
        last_single = safe_cells == 1 ? safe_cell : -1;
        return 1;
    }
    int single = best > second ? best_cell : -1;
    last_single = single;
    if (!any_unknown || best < 0)
        return 1;
    if (second < 0)
        second = best;
    double blended = (msv_tune.blend * best + second) / (msv_tune.blend + 1);
    if (depth == 0)
        return blended;
    double value = 0;
    for (int i = 0; i < n; i++) {
        double s = 1 - p->prob[cand[i]];
        if (s <= value)
            break;
        bool dead;
        int by;
        double v = secondary_safety(p, cand[i], s, value, depth - 1, &dead, &by);
        if (v > value)
            value = v;
    }
    last_single = single;
    return value > 0 ? value : blended;
}

/* The chance to survive opening c in p and then the next move, summed
 * over the values c may show. Stops early once it cannot reach `beat`.
 * *dead: c can show only one value (it would tell nothing). */
static double secondary_safety(msv_pos *p, int c, double safety, double beat, int depth,
                               bool *dead, int *by)
{
    msv_pos *q = p + 1;
    int n = p->board.n, mines, u = unknown_around(p->known, c, NULL, &mines);
    double score = 0, mass = 0;
    int values = 0, single = -2;
    bool pruned = false;
    for (int v = mines; v <= mines + u && !pruned; v++) {
        q->board = p->board;
        q->board.value[c] = (signed char)v;
        memcpy(q->known, p->known, (size_t)n);
        q->known[c] = MSV_OPEN;
        if (!study(q))
            continue;
        double pv = xf_ratio(q->total, p->total);
        if (pv <= 0)
            continue;
        values++;
        double next = position_value(q, depth);
        single = single == -2 || single == last_single ? last_single : -1;
        score += pv * next;
        mass += pv;
        pruned = score + (safety - mass) < beat;
    }
    *dead = values <= 1 && !pruned;
    /* Whatever c shows, the same cell is the one to play next. */
    *by = pruned || single < 0 ? -1 : single;
    return score;
}

static bool near_half(double p) { return p > 0.5 - 1e-9 && p < 0.5 + 1e-9; }

/* Unavoidable 50/50: cells a and b, one mine between them in every
 * layout, and every neighbour of one that is not a neighbour of the other
 * a known mine. Then moving the mine from one to the other changes no
 * number and no other cell: nothing can ever tell them apart. */
static int find_fifty(const msv_board *b)
{
    int w = b->w;
    for (int a = 0; a < b->n; a++) {
        if (base_known[a] != MSV_UNKNOWN || !near_half(base_prob[a]))
            continue;
        for (int dy = 0; dy <= 2; dy++)
            for (int dx = -2; dx <= 2; dx++) {
                int x = a % w + dx, y = a / w + dy, o = y * w + x;
                if ((dy == 0 && dx <= 0) || x < 0 || x >= w || y >= b->h)
                    continue;
                if (base_known[o] != MSV_UNKNOWN || !near_half(base_prob[o]))
                    continue;
                /* Every cell next to one but not the other must be a known
                 * mine: an open number there links them differently to
                 * the rest, a hidden cell could tell them apart later. */
                bool apart = false;
                for (int i = 0; i < nbr_n[a] && !apart; i++) {
                    int z = nbr[a][i];
                    apart = z != o && base_known[z] != MSV_MINE && !touching(w, z, o);
                }
                for (int i = 0; i < nbr_n[o] && !apart; i++) {
                    int z = nbr[o][i];
                    apart = z != a && base_known[z] != MSV_MINE && !touching(w, z, a);
                }
                if (apart)
                    continue;
                /* With a a mine, o must be safe in every layout. */
                memcpy(try_known, base_known, (size_t)b->n);
                try_known[a] = MSV_MINE;
                pe_result r = pe_run(b, try_known);
                if (r.consistent && r.exact && pe_prob[o] == 0)
                    return a;
            }
    }
    return -1;
}

static bool base_frontier[MSV_MAX_CELLS];

#define MAX_FRONTIER_CANDIDATES 32
#define MAX_INTERIOR_CANDIDATES 24

static bool next_to_frontier(int c)
{
    for (int i = 0; i < nbr_n[c]; i++)
        if (base_frontier[nbr[c][i]])
            return true;
    return false;
}

/* Interior cells worth a look: first up to `near` next to the frontier
 * (their number constrains it), then up to `max` more; each time those
 * with the fewest hidden neighbours (likeliest to open an area) first. */
static int interior_candidates(const msv_board *b, int *out, int max, int near)
{
    static bool taken[MSV_MAX_CELLS];
    int n = 0;
    memset(taken, 0, sizeof(bool) * (size_t)b->n);
    for (int pass = 0; pass < 2; pass++) {
        int cap = pass == 0 ? near : n + max;
        if (cap > MAX_INTERIOR_CANDIDATES)
            cap = MAX_INTERIOR_CANDIDATES;
        for (int want = 0; want <= 8 && n < cap; want++)
            for (int c = 0; c < b->n && n < cap; c++) {
                if (base_known[c] == MSV_UNKNOWN && !base_frontier[c] && !taken[c] &&
                    hidden_around(b, c) == want && (pass == 1 || next_to_frontier(c))) {
                    taken[c] = true;
                    out[n++] = c;
                }
            }
    }
    return n;
}


/* Safest first, then by index: a total order, so the sort is the same
 * everywhere. */
static bool safer(int a, int b)
{
    if (base_prob[a] != base_prob[b])
        return base_prob[a] < base_prob[b];
    return a < b;
}

static void insert_candidate(int *cand, int *n, int cap, int c)
{
    if (*n == cap && !safer(c, cand[cap - 1]))
        return;
    int j = *n < cap ? (*n)++ : cap - 1;
    while (j > 0 && safer(c, cand[j - 1])) {
        cand[j] = cand[j - 1];
        j--;
    }
    cand[j] = c;
}

/* ---- Latent 50/50s (the idea of JSMinesweeper's "long-term risk").
 *
 * Two neighbouring hidden cells whose other neighbours (the cells that
 * see one but not the other) are all mines can never be told apart: if
 * one of them is a mine, a 50/50 guess waits there. In the layouts where
 * such a pattern is complete, guessing one of its cells now costs nothing
 * more than the guess that must come later. influence[c] is the share of
 * layouts where c is the mine of a complete pattern (pairs and 2x2 boxes
 * on a diagonal, whose outer corners are the only cells that tell). */

static double influence[MSV_MAX_CELLS], box_influence[MSV_MAX_CELLS];

/* The share of layouts with `mines` mines, `safes` safe and every flank
 * cell a mine. */
static double pattern_weight(const msv_board *b, xf total, const int *mines, int nm,
                             const int *safes, int ns, const int *flank, int nf)
{
    memcpy(try_known, base_known, (size_t)b->n);
    for (int i = 0; i < nm; i++)
        try_known[mines[i]] = MSV_MINE;
    for (int i = 0; i < ns; i++)
        try_known[safes[i]] = MSV_SAFE;
    for (int i = 0; i < nf; i++)
        try_known[flank[i]] = MSV_MINE;
    pe_result r = pe_run(b, try_known);
    return r.consistent && r.exact ? xf_ratio(r.total, total) : 0;
}

/* The unknown cells at the offsets from (x, y) into flank; false if one
 * is open or known safe (it tells the halves apart). */
static bool flank_cells(const msv_board *b, int x, int y, const signed char (*off)[2], int n_off,
                        int *flank, int *nf)
{
    *nf = 0;
    for (int i = 0; i < n_off; i++) {
        int fx = x + off[i][0], fy = y + off[i][1];
        if (fx < 0 || fy < 0 || fx >= b->w || fy >= b->h)
            continue;
        int c = fy * b->w + fx;
        if (base_known[c] == MSV_OPEN || base_known[c] == MSV_SAFE)
            return false;
        if (base_known[c] == MSV_UNKNOWN)
            flank[(*nf)++] = c;
    }
    return true;
}

static const signed char FLANK_H[6][2] = {{-1, -1}, {-1, 0}, {-1, 1}, {2, -1}, {2, 0}, {2, 1}};
static const signed char FLANK_V[6][2] = {{-1, -1}, {0, -1}, {1, -1}, {-1, 2}, {0, 2}, {1, 2}};
static const signed char FLANK_BOX[4][2] = {{-1, -1}, {2, -1}, {-1, 2}, {2, 2}};

/* Fills influence[]; returns a cell whose every mine layout is a complete
 * pattern (a "pseudo 50/50": safe, or a 50/50 to take now), or -1. */
static int find_latent(const msv_board *b, xf total, int left)
{
    int pseudo = -1, flank[6], nf;
    for (int c = 0; c < b->n; c++)
        influence[c] = box_influence[c] = 0;
    for (int y = 0; y < b->h; y++)
        for (int x = 0; x < b->w; x++) {
            int t1 = y * b->w + x;
            for (int dir = 0; dir < 2; dir++) {
                int x2 = x + (dir == 0), y2 = y + (dir == 1);
                if (x2 >= b->w || y2 >= b->h)
                    continue;
                int t2 = y2 * b->w + x2;
                if (base_known[t1] != MSV_UNKNOWN || base_known[t2] != MSV_UNKNOWN ||
                    !flank_cells(b, x, y, dir == 0 ? FLANK_H : FLANK_V, 6, flank, &nf) || nf > 1 ||
                    nf + 1 > left)
                    continue;
                double wgt = pattern_weight(b, total, &t1, 1, &t2, 1, flank, nf);
                influence[t1] += wgt;
                influence[t2] += wgt;
                if (pseudo < 0 && wgt > 0 && wgt >= base_prob[t1] * (1 - 1e-9))
                    pseudo = t1;
                if (pseudo < 0 && wgt > 0 && wgt >= base_prob[t2] * (1 - 1e-9))
                    pseudo = t2;
            }
            if (x + 1 >= b->w || y + 1 >= b->h || left < 2)
                continue;
            int box[4] = {t1, t1 + 1, t1 + b->w, t1 + b->w + 1};
            bool all_unknown = true;
            for (int i = 0; i < 4; i++)
                all_unknown &= base_known[box[i]] == MSV_UNKNOWN;
            if (!all_unknown || !flank_cells(b, x, y, FLANK_BOX, 4, flank, &nf) || nf > 0)
                continue;
            int mines[2] = {box[0], box[3]}, safes[2] = {box[1], box[2]};
            double wgt = pattern_weight(b, total, mines, 2, safes, 2, flank, 0);
            for (int i = 0; i < 4; i++) {
                if (wgt > box_influence[box[i]])
                    box_influence[box[i]] = wgt;
                if (pseudo < 0 && wgt > 0 && wgt >= base_prob[box[i]] * (1 - 1e-9))
                    pseudo = box[i];
            }
        }
    for (int c = 0; c < b->n; c++) {
        double p = base_prob[c], v = influence[c] + box_influence[c];
        /* Never more than the mine or the safe share of the cell. */
        influence[c] = v < p ? (v < 1 - p ? v : 1 - p) : (p < 1 - p ? p : 1 - p);
    }
    return pseudo;
}

/* A guess's worth gets a bonus for the latent 50/50 risk it settles. */
static double latent_bonus(int c)
{
    double safety = 1 - base_prob[c];
    return safety > 0 ? 1 + 0.9 * influence[c] / safety : 1;
}

/* A cell that is safe whenever `pick` is safe is at least as safe, and
 * opening it first loses nothing: if it is a mine, so was pick; if not,
 * its number comes for free. Returns the safest such living cell (or pick),
 * following the chain a few steps. */
static int dominating(const msv_board *b, int pick)
{
    for (int step = 0; step < 4; step++) {
        memcpy(try_known, base_known, (size_t)b->n);
        try_known[pick] = MSV_SAFE;
        pe_result r = pe_run(b, try_known);
        if (!r.consistent || !r.exact)
            return pick;
        int better = -1;
        for (int c = 0; c < b->n; c++)
            if (try_known[c] == MSV_UNKNOWN && pe_prob[c] == 0 && base_prob[c] < base_prob[pick] &&
                living(base_known, c) && (better < 0 || safer(c, better)))
                better = c;
        if (better < 0)
            return pick;
        pick = better;
    }
    return pick;
}

static void best_guess(const msv_board *b, xf total, double interior_p, msv_choice *out)
{
    int cand[MAX_FRONTIER_CANDIDATES + MAX_INTERIOR_CANDIDATES], n = 0;
    double best_safety = 0;
    for (int c = 0; c < b->n; c++)
        if (base_known[c] == MSV_UNKNOWN && 1 - base_prob[c] > best_safety)
            best_safety = 1 - base_prob[c];
    for (int c = 0; c < b->n; c++)
        if (base_known[c] == MSV_UNKNOWN && base_frontier[c] &&
            1 - base_prob[c] + influence[c] >= best_safety * msv_tune.cutoff)
            insert_candidate(cand, &n, MAX_FRONTIER_CANDIDATES, c);
    if (1 - interior_p >= best_safety * msv_tune.cutoff) {
        int extra[MAX_INTERIOR_CANDIDATES];
        int k = interior_candidates(b, extra, msv_tune.interior_max, msv_tune.interior_near);
        for (int i = 0; i < k; i++)
            insert_candidate(cand, &n, MAX_FRONTIER_CANDIDATES + MAX_INTERIOR_CANDIDATES, extra[i]);
    }
    double best = -1, best_dead = -1;
    int pick = -1, pick_dead = -1;
    static int next_by[MSV_MAX_CELLS];
    for (int i = 0; i < n; i++)
        next_by[cand[i]] = -1;
    msv_pos *root = &pos_mem[0];
    root->board = *b;
    memcpy(root->known, base_known, (size_t)b->n);
    memcpy(root->prob, base_prob, sizeof(double) * (size_t)b->n);
    root->total = total;
    for (int i = 0; i < n; i++) {
        int c = cand[i];
        double safety = 1 - base_prob[c], bonus = latent_bonus(c);
        if (safety * bonus <= best)
            continue;
        bool dead = false;
        int by = -1;
        double v = msv_tune.secondary ? secondary_safety(&pos_mem[0], c, safety, best / bonus,
                                                         msv_tune.depth, &dead, &by)
                                      : safety;
        next_by[c] = by;
        v *= bonus;
        if (dead) {
            if (safety > best_dead) {
                best_dead = safety;
                pick_dead = c;
            }
        } else if (v > best) {
            best = v;
            pick = c;
        }
    }
    if (pick < 0)
        pick = pick_dead >= 0 ? pick_dead : cand[0];
    /* If whatever pick shows the same safer candidate comes next, play it
     * now. */
    int then = msv_tune.single ? next_by[pick] : -1;
    for (int i = 0; i < n && then >= 0; i++)
        if (cand[i] == then && base_prob[then] < base_prob[pick]) {
            pick = then;
            break;
        }
    if (msv_tune.dominance)
        pick = dominating(b, pick);
    out->cell = pick;
    out->kind = MSV_GUESS;
    out->p_mine = base_prob[pick];
}

static void choose_level3(const msv_board *b, msv_choice *out)
{
    pe_result r = pe_run(b, base_known);
    memcpy(base_prob, pe_prob, sizeof(double) * (size_t)b->n);
    for (int c = 0; c < b->n; c++)
        base_frontier[c] = cell_box[c] >= 0;
    int pick = -1;
    for (int c = 0; c < b->n; c++)
        if (base_known[c] == MSV_UNKNOWN && (pick < 0 || safer(c, pick)))
            pick = c;
    out->cell = pick;
    out->p_mine = base_prob[pick];
    out->kind = base_prob[pick] == 0 && r.exact ? MSV_CERTAIN : MSV_GUESS;
    if (!r.exact || out->kind == MSV_CERTAIN)
        return; /* estimates only, or a certain cell */
    if (xf_ratio(r.total, xf_make(msv_tune.bf_max_solutions, 0)) <= 1) {
        double win;
        int c = endgame_search(b, base_known, r.left, &win);
        if (c >= 0) {
            out->cell = c;
            out->kind = MSV_ENDGAME;
            out->p_mine = base_prob[c];
            out->win = win;
            return;
        }
    }
    if (msv_tune.fifty) {
        int a = find_fifty(b);
        if (a < 0 && msv_tune.latent)
            a = find_latent(b, r.total, r.left);
        if (a >= 0) {
            out->cell = a;
            out->kind = MSV_FIFTY;
            out->p_mine = base_prob[a];
            return;
        }
    }
    best_guess(b, r.total, r.interior_p, out);
}

/* Level 2's guess: the lowest local estimate; fewer hidden neighbours
 * break ties. */
static void local_guess(const msv_board *b, msv_choice *out)
{
    int mines = 0, unknown = 0, frontier;
    for (int c = 0; c < b->n; c++) {
        mines += base_known[c] == MSV_MINE;
        unknown += base_known[c] == MSV_UNKNOWN;
    }
    build_structure(b, base_known, &frontier);
    estimate(b, base_known, b->mines - mines, unknown);
    int pick = -1;
    for (int c = 0; c < b->n; c++) {
        if (base_known[c] != MSV_UNKNOWN)
            continue;
        if (pick < 0 || pe_prob[c] < pe_prob[pick] ||
            (pe_prob[c] == pe_prob[pick] && hidden_around(b, c) < hidden_around(b, pick)))
            pick = c;
    }
    out->cell = pick;
    out->kind = MSV_GUESS;
    out->p_mine = pe_prob[pick];
}

bool msv_choose(const msv_board *b, int level, uint64_t seed, msv_choice *out)
{
    qp_rng rng;
    qp_rng_seed(&rng, seed);
    geometry(b->w, b->h);
    work = 0;
    memset(out, 0, sizeof *out);
    out->win = -1;
    out->cell = -1;
    int open = 0, hidden = 0;
    for (int c = 0; c < b->n; c++) {
        open += b->value[c] != MSV_HIDDEN;
        hidden += b->value[c] == MSV_HIDDEN;
    }
    if (hidden == 0)
        return false;
    if (open == 0) {
        out->cell = first_click(b, level, &rng);
        out->kind = MSV_FIRST;
        return true;
    }
    init_known(b, base_known);
    if (deduce(b, base_known, level >= 2 ? 2 : 1) < 0)
        return false;
    for (int c = 0; c < b->n; c++)
        if (base_known[c] == MSV_SAFE) {
            out->cell = c;
            out->kind = MSV_CERTAIN;
            out->work = work;
            return true;
        }
    int unknown = 0;
    for (int c = 0; c < b->n; c++)
        unknown += base_known[c] == MSV_UNKNOWN;
    if (unknown == 0)
        return false; /* every hidden cell is a mine: the board lies */
    if (level == 1) {
        int k = (int)qp_rng_below(&rng, (uint32_t)unknown);
        for (int c = 0; c < b->n; c++)
            if (base_known[c] == MSV_UNKNOWN && k-- == 0)
                out->cell = c;
        out->kind = MSV_GUESS;
        out->p_mine = 0.5;
    } else if (level == 2) {
        local_guess(b, out);
    } else {
        choose_level3(b, out);
    }
    out->work = work;
    return out->cell >= 0;
}

/* probability.c — level 3's exact mine probabilities: the frontier's
 * structure (boxes, components), each component's sweep, their weights
 * combined under the global mine count (msv_pe_run, msv_probabilities),
 * and the local estimates used when the count is out of reach. It stands
 * on deduce.c (levels 1-2 first) and weights.c (the numbers), so the
 * public calls that add level 3 to their rules live here too:
 * msv_certain and msv_extend.
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
 * and a binary exponent (xf, weights.c). */
#include "solver_internal.h"

#include <stddef.h>
#include <math.h>
#include <string.h>

static const double BINOM[9][9] = {
    {1},
    {1, 1},
    {1, 2, 1},
    {1, 3, 3, 1},
    {1, 4, 6, 4, 1},
    {1, 5, 10, 10, 5, 1},
    {1, 6, 15, 20, 15, 6, 1},
    {1, 7, 21, 35, 35, 21, 7, 1},
    {1, 8, 28, 56, 70, 56, 28, 8, 1},
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
static int cell_nwit[MSV_MAX_CELLS], cell_wit[MSV_MAX_CELLS][8];
int msv_cell_box[MSV_MAX_CELLS];
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
bool msv_build_structure(const msv_board *b, const unsigned char *known, int *frontier)
{
    int n = b->n, w = b->w;
    n_wit = n_box = 0;
    *frontier = 0;
    for (int c = 0; c < n; c++) {
        wit_of_cell[c] = -1;
        msv_cell_box[c] = -1;
        cell_nwit[c] = 0;
        if (known[c] != MSV_OPEN)
            continue;
        int mines, u = msv_unknown_around(known, c, NULL, &mines);
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
        for (int k = 0; k < msv_nbr_n[c]; k++) {
            int z = msv_nbr[c][k];
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
                if (msv_cell_box[o] >= 0 && same_witnesses(o, c))
                    found = msv_cell_box[o];
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
        msv_cell_box[c] = found;
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
    msv_work += n;
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
    long long budget_end = msv_work + PE_WORK_LIMIT;
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
                msv_work += nbc + 4;
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
        if (msv_work > budget_end)
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
    return results + comp_res[k] + span + (ptrdiff_t)local * span;
}
static double *comp_e(int k)
{
    int span = comp_hi[k] - comp_lo[k] + 1;
    int nbc = comp_box_start[k + 1] - comp_box_start[k];
    return results + comp_res[k] + (ptrdiff_t)span * (nbc + 1);
}

static poly comp_poly(int k)
{
    poly p = {comp_lo[k], comp_hi[k], comp_z(k)};
    return p;
}

static double abo_mem[ABO_DEPTH][3][MSV_MAX_CELLS + 1];

/* out = product of Z_k for k in [from, to). */
static void poly_product(int from, int to, int cap, double *mem_a, double *mem_b, poly *out)
{
    poly p = {0, 0, mem_a}, q = {0, 0, mem_b};
    msv_poly_one(&p);
    for (int k = from; k < to; k++) {
        poly z = comp_poly(k);
        msv_poly_mul(&p, &z, cap, &q);
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
    msv_work += (long long)(comp_hi[k] - comp_lo[k] + 1) * (outside->hi - outside->lo + 1);
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
    double(*mem)[MSV_MAX_CELLS + 1] = abo_mem[depth];
    poly prod, child = {0, 0, mem[2]};
    poly_product(mid, to, left, mem[0], mem[1], &prod);
    msv_poly_mul(outside, &prod, left, &child);
    all_but_one(from, mid, &child, left, depth + 1);
    poly_product(from, mid, left, mem[0], mem[1], &prod);
    msv_poly_mul(outside, &prod, left, &child);
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

double msv_pe_prob[MSV_MAX_CELLS];

/* Local estimates when the exact count is out of reach. */
void msv_estimate(const msv_board *b, const unsigned char *known, int left, int unknown)
{
    double density = unknown ? (double)left / unknown : 0;
    for (int c = 0; c < b->n; c++) {
        if (known[c] != MSV_UNKNOWN)
            continue;
        double p = cell_nwit[c] ? 0 : density;
        for (int i = 0; i < cell_nwit[c]; i++) {
            int wc = wit_cell[cell_wit[c][i]], m;
            int u = msv_unknown_around(known, wc, NULL, &m);
            double q = (double)(b->value[wc] - m) / u;
            if (q > p)
                p = q;
        }
        msv_pe_prob[c] = p;
    }
}

/* Exact probabilities of the unknown cells into msv_pe_prob (known cells
 * get 0 or 1, open cells -1). */
pe_result msv_pe_run(const msv_board *b, const unsigned char *known)
{
    pe_result r;
    memset(&r, 0, sizeof r);
    int mines = 0, unknown = 0, frontier = 0;
    for (int c = 0; c < b->n; c++) {
        mines += known[c] == MSV_MINE;
        unknown += known[c] == MSV_UNKNOWN;
        msv_pe_prob[c] = known[c] == MSV_OPEN ? -1 : known[c] == MSV_MINE ? 1 : 0;
    }
    r.left = b->mines - mines;
    if (r.left < 0 || r.left > unknown || !msv_build_structure(b, known, &frontier))
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
        msv_estimate(b, known, r.left, unknown);
        return r;
    }
    int r0;
    binomial_weights(r.interior, r.left, max_frontier, &r0);
    if (r0 < 0)
        return r;
    double(*mem)[MSV_MAX_CELLS + 1] = abo_mem[0];
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
    r.total = msv_xf_mul(msv_xf_make(total, exp_sum), msv_binomial_xf(r.interior, r0));
    if (comp_count > 0) {
        poly outside = {0, 0, abo_mem[0][2]};
        msv_poly_one(&outside);
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
        msv_pe_prob[c] = msv_cell_box[c] >= 0 ? box_p[msv_cell_box[c]] : r.interior_p;
        r.certain_safe += msv_pe_prob[c] == 0;
    }
    return r;
}

bool msv_probabilities(const msv_board *b, double *prob, bool *exact, double *log10_solutions)
{
    static unsigned char known[MSV_MAX_CELLS];
    msv_geometry(b->w, b->h);
    msv_work = 0;
    msv_init_known(b, known);
    *exact = false;
    *log10_solutions = 0;
    if (msv_deduce(b, known, 2) < 0)
        return false;
    pe_result r = msv_pe_run(b, known);
    if (!r.consistent)
        return false;
    *exact = r.exact;
    if (r.exact)
        *log10_solutions = msv_xf_log10(r.total);
    memcpy(prob, msv_pe_prob, sizeof(double) * (size_t)b->n);
    return true;
}

/* ---- What is certain at a level: deduce.c's rules, then (level 3) the
 * cells the exact probabilities settle. */

/* Marks the unknown cells that are safe or mines in every layout; the
 * safe ones found, 0 when the count is out of reach, -1 on a
 * contradiction. */
static int settle_by_count(const msv_board *b, unsigned char *known)
{
    pe_result r = msv_pe_run(b, known);
    if (!r.consistent)
        return -1;
    if (!r.exact)
        return 0;
    int safe = 0;
    for (int c = 0; c < b->n; c++) {
        if (known[c] != MSV_UNKNOWN)
            continue;
        if (msv_pe_prob[c] == 0) {
            known[c] = MSV_SAFE;
            safe++;
        } else if (msv_pe_prob[c] >= 1) {
            known[c] = MSV_MINE;
        }
    }
    return safe;
}

int msv_extend(const msv_board *b, int level, unsigned char *known)
{
    msv_geometry(b->w, b->h);
    msv_work = 0;
    for (int c = 0; c < b->n; c++)
        if (b->value[c] != MSV_HIDDEN)
            known[c] = MSV_OPEN;
    if (msv_deduce(b, known, level >= 2 ? 2 : 1) < 0)
        return -1;
    int safe = 0;
    for (int c = 0; c < b->n; c++)
        safe += known[c] == MSV_SAFE;
    if (safe || level < 3)
        return safe;
    return settle_by_count(b, known);
}

int msv_certain(const msv_board *b, int level, unsigned char *known)
{
    msv_init_known(b, known);
    return msv_extend(b, level, known);
}

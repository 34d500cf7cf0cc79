/* endgame.c — the exact game-tree search over the few layouts left
 * (level 3, when guess.c finds few enough): the click with the best
 * chance to win. Its limits come from the caller, which owns the tuning.
 *
 * Every layout is a list of what each unknown cell would show (or that it
 * is a mine). A node is a set of layouts still possible; opening a cell
 * splits it by the value shown, and the layouts where the cell is a mine
 * are lost. A cell safe in every layout of the set is opened for free.
 * The value of a set is the best chance of winning from it. */
#include "solver_internal.h"

#include <string.h>

#include "rng.h"

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
    if (++msv_work > bf_budget) {
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
        for (int k = 0; k < msv_nbr_n[c] && ok; k++) {
            int z = msv_nbr[c][k];
            if (known[z] != MSV_OPEN)
                continue;
            int need = bf_wit_need[z] - v, room = bf_wit_room[z] - 1;
            ok = need >= 0 && need <= room;
        }
        if (!ok)
            continue;
        for (int k = 0; k < msv_nbr_n[c]; k++) {
            int z = msv_nbr[c][k];
            if (known[z] == MSV_OPEN) {
                bf_wit_need[z] -= v;
                bf_wit_room[z]--;
            }
        }
        bf_mine_now[i] = (unsigned char)v;
        bf_enumerate(b, known, i + 1, left - v);
        for (int k = 0; k < msv_nbr_n[c]; k++) {
            int z = msv_nbr[c][k];
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
            for (int k = 0; k < msv_nbr_n[c]; k++) {
                int z = msv_nbr[c][k];
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
    msv_work += (long long)n * bf_n_cells;
    if (msv_work > bf_budget) {
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

/* The best cell to open by exact search, or -1 when there are more than
 * max_solutions layouts or the search spends more than max_nodes work
 * units. */
int msv_endgame_search(const msv_board *b, const unsigned char *known, int left, int max_solutions,
                       long long max_nodes, double *win)
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
            int m, u = msv_unknown_around(known, c, NULL, &m);
            bf_wit_need[c] = b->value[c] - m;
            bf_wit_room[c] = u;
        }
    }
    bf_n_sol = 0;
    bf_abort = false;
    bf_budget = msv_work + max_nodes;
    bf_enumerate(b, known, 0, left);
    if (bf_abort || bf_n_sol > max_solutions || bf_n_sol > BF_MAX_SOL || bf_n_sol < 2)
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

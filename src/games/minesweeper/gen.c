/* gen.c — no-guess boards (gen.h): a uniform layout played with the
 * level-3 solver (msv_extend), perturbed where the solver is stuck, then
 * replayed clean from the first click. */
#include "gen.h"

#include <string.h>

#include "rng.h"
#include "solver.h"

#define GEN_LAYOUTS 24 /* fresh layouts before giving up */
#define GEN_REPLAYS 24 /* plays from the first click for one layout */

static msv_board board;
static unsigned char known[MSV_MAX_CELLS];
static unsigned char in_zone[MSV_MAX_CELLS];
static int stack_mem[MSV_MAX_CELLS];
static int pool_far[MSV_MAX_CELLS], pool_near[MSV_MAX_CELLS];
static int gen_w, gen_h, gen_n, gen_opened;

static int around(int c, int *out)
{
    int x = c % gen_w, y = c / gen_w, n = 0;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            int nx = x + dx, ny = y + dy;
            if ((dx || dy) && nx >= 0 && nx < gen_w && ny >= 0 && ny < gen_h)
                out[n++] = ny * gen_w + nx;
        }
    return n;
}

static int mines_around(const unsigned char *mine, int c)
{
    int nb[8], k = around(c, nb), m = 0;
    for (int i = 0; i < k; i++)
        m += mine[nb[i]];
    return m;
}

/* Opens safe cell c on the simulated board, spreading from zeros. */
static void reveal(const unsigned char *mine, int c)
{
    int top = 0;
    if (board.value[c] != MSV_HIDDEN)
        return;
    board.value[c] = (signed char)mines_around(mine, c);
    gen_opened++;
    stack_mem[top++] = c;
    while (top > 0) {
        int z = stack_mem[--top], nb[8], k;
        if (board.value[z] != 0)
            continue;
        k = around(z, nb);
        for (int i = 0; i < k; i++) {
            if (board.value[nb[i]] != MSV_HIDDEN)
                continue;
            board.value[nb[i]] = (signed char)mines_around(mine, nb[i]);
            gen_opened++;
            stack_mem[top++] = nb[i];
        }
    }
}

static void place(qp_rng *rng, unsigned char *mine, int mines)
{
    int n = 0;
    memset(mine, 0, (size_t)gen_n);
    for (int c = 0; c < gen_n; c++)
        if (!in_zone[c])
            stack_mem[n++] = c;
    for (int i = 0; i < mines; i++) {
        int j = i + (int)qp_rng_below(rng, (uint32_t)(n - i));
        int t = stack_mem[i];
        stack_mem[i] = stack_mem[j];
        stack_mem[j] = t;
        mine[stack_mem[i]] = 1;
    }
}

static bool next_to_open(int c)
{
    int nb[8], k = around(c, nb);
    for (int i = 0; i < k; i++)
        if (board.value[nb[i]] != MSV_HIDDEN)
            return true;
    return false;
}

/* Moves `count` mines between the cells of `from` (taking) and cells
 * whose mine bit is `!want` in the pools (giving), far cells first.
 * `want` 0 clears the set; 1 fills it. */
static bool swap_set(qp_rng *rng, unsigned char *mine, const int *set, int n_set, int want,
                     int avoid)
{
    int need = 0;
    for (int i = 0; i < n_set; i++)
        need += mine[set[i]] != want;
    int n_far = 0, n_near = 0;
    for (int c = 0; c < gen_n; c++) {
        if (board.value[c] != MSV_HIDDEN || known[c] != MSV_UNKNOWN || mine[c] != want)
            continue;
        bool inside = false;
        for (int i = 0; i < n_set; i++)
            inside |= set[i] == c;
        if (inside || in_zone[c])
            continue;
        int ax = c % gen_w - avoid % gen_w, ay = c / gen_w - avoid / gen_w;
        if (!next_to_open(c))
            pool_far[n_far++] = c;
        else if (ax < -1 || ax > 1 || ay < -1 || ay > 1)
            pool_near[n_near++] = c;
    }
    if (n_far + n_near < need)
        return false;
    for (int i = 0; i < n_set; i++) {
        if (mine[set[i]] == want)
            continue;
        int *pool = n_far ? pool_far : pool_near;
        int *count = n_far ? &n_far : &n_near;
        int k = (int)qp_rng_below(rng, (uint32_t)*count);
        int other = pool[k];
        pool[k] = pool[--*count];
        mine[set[i]] = (unsigned char)want;
        mine[other] = (unsigned char)!want;
    }
    return true;
}

/* Where the solver is stuck: pick a number with unknown cells around it
 * and make those cells all safe or all mines. */
static bool perturb(qp_rng *rng, unsigned char *mine)
{
    int n = 0;
    for (int c = 0; c < gen_n; c++) {
        if (board.value[c] == MSV_HIDDEN)
            continue;
        int nb[8], k = around(c, nb);
        for (int i = 0; i < k; i++)
            if (known[nb[i]] == MSV_UNKNOWN) {
                pool_far[n++] = c;
                break;
            }
    }
    if (n == 0)
        return false;
    int w = pool_far[qp_rng_below(rng, (uint32_t)n)];
    int nb[8], k = around(w, nb), set[8], n_set = 0;
    for (int i = 0; i < k; i++)
        if (known[nb[i]] == MSV_UNKNOWN)
            set[n_set++] = nb[i];
    int want = (int)qp_rng_below(rng, 2);
    return swap_set(rng, mine, set, n_set, want, w) || swap_set(rng, mine, set, n_set, !want, w);
}

static void refresh_numbers(const unsigned char *mine)
{
    for (int c = 0; c < gen_n; c++) {
        if (board.value[c] != MSV_HIDDEN)
            board.value[c] = (signed char)mines_around(mine, c);
        else
            known[c] = MSV_UNKNOWN;
    }
}

static void start_play(const unsigned char *mine, int first)
{
    memset(board.value, MSV_HIDDEN, (size_t)gen_n);
    memset(known, MSV_UNKNOWN, (size_t)gen_n);
    gen_opened = 0;
    reveal(mine, first);
}

bool msg_generate(int w, int h, int mines, int first, uint64_t seed, unsigned char *mine,
                  msg_stats *stats)
{
    qp_rng rng;
    msg_stats scratch;
    if (!stats)
        stats = &scratch;
    memset(stats, 0, sizeof *stats);
    gen_w = w;
    gen_h = h;
    gen_n = w * h;
    msv_init(&board, w, h, mines, true);
    memset(in_zone, 0, (size_t)gen_n);
    int nb[8], k = around(first, nb), zone = k + 1;
    in_zone[first] = 1;
    for (int i = 0; i < k; i++)
        in_zone[nb[i]] = 1;
    if (mines > gen_n - zone)
        return false;
    qp_rng_seed(&rng, seed);
    int max_perturb = 2 * gen_n + 100;
    for (int layout = 0; layout < GEN_LAYOUTS; layout++) {
        stats->layouts++;
        place(&rng, mine, mines);
        int perturbs = 0, replays = 1;
        bool dirty = false;
        stats->replays++;
        start_play(mine, first);
        for (;;) {
            int safe = msv_extend(&board, 3, known);
            if (safe < 0)
                break;
            if (safe > 0) {
                for (int c = 0; c < gen_n; c++)
                    if (known[c] == MSV_SAFE)
                        reveal(mine, c);
                continue;
            }
            if (gen_opened == gen_n - mines) {
                if (!dirty)
                    return true;
                if (++replays > GEN_REPLAYS)
                    break;
                stats->replays++;
                dirty = false;
                start_play(mine, first);
                continue;
            }
            if (perturbs++ >= max_perturb || !perturb(&rng, mine))
                break;
            stats->perturbations++;
            dirty = true;
            refresh_numbers(mine);
        }
    }
    return false;
}

/* The Minesweeper solver on its own: certain cells of each level, exact
 * probabilities against brute-force enumeration, 50/50s, the endgame
 * search, and the no-guess generator. */
#include <stdlib.h>

#include "games/minesweeper/gen.h"
#include "games/minesweeper/solver.h"
#include "rng.h"
#include "test.h"

/* No libm in the unit builds: small helpers. */
static double fabs(double x) { return x < 0 ? -x : x; }

static double log10(double x)
{
    int twos = 0;
    while (x >= 2) {
        x /= 2;
        twos++;
    }
    double z = (x - 1) / (x + 1), z2 = z * z, term = z, ln = 0;
    for (int k = 1; k < 80; k += 2) {
        ln += term / k;
        term *= z2;
    }
    return (2 * ln + twos * 0.69314718055994531) / 2.30258509299404568;
}

static msv_board board;
static unsigned char known[MSV_MAX_CELLS];
static double prob[MSV_MAX_CELLS], brute[MSV_MAX_CELLS];

/* Rows of '.' hidden and '0'-'8' open. */
static void load(const char *rows, int mines)
{
    int w = (int)strcspn(rows, "/"), h = 1;
    for (const char *p = rows; *p; p++)
        h += *p == '/';
    msv_init(&board, w, h, mines, false);
    int c = 0;
    for (const char *p = rows; *p; p++)
        if (*p != '/')
            board.value[c++] = (signed char)(*p == '.' ? MSV_HIDDEN : *p - '0');
}

static int cell(int x, int y) { return y * board.w + x; }

/* Whether cells a and b of the board touch (or are the same cell). */
static bool touch(int a, int b)
{
    return abs(a % board.w - b % board.w) <= 1 && abs(a / board.w - b / board.w) <= 1;
}

/* Whether the mines `set` (a bit per cell of hidden[]) fit the board. */
static bool fits(long long set, const int *hidden, int nh)
{
    if (__builtin_popcountll((unsigned long long)set) != board.mines)
        return false;
    for (int c = 0; c < board.n; c++) {
        if (board.value[c] == MSV_HIDDEN)
            continue;
        int m = 0;
        for (int i = 0; i < nh; i++)
            if ((set >> i & 1) && touch(hidden[i], c))
                m++;
        if (m != board.value[c])
            return false;
    }
    return true;
}

/* Every layout of the hidden cells that fits, by counting: the
 * probabilities the solver must match. Returns the number of layouts. */
static long long brute_force(void)
{
    int hidden[32], nh = 0;
    for (int c = 0; c < board.n; c++)
        if (board.value[c] == MSV_HIDDEN)
            hidden[nh++] = c;
    long long layouts = 0;
    static long long mine_count[MSV_MAX_CELLS];
    memset(mine_count, 0, sizeof mine_count);
    for (long long set = 0; set < (1LL << nh); set++) {
        if (!fits(set, hidden, nh))
            continue;
        layouts++;
        for (int i = 0; i < nh; i++)
            mine_count[hidden[i]] += set >> i & 1;
    }
    for (int c = 0; c < board.n; c++)
        brute[c] = board.value[c] == MSV_HIDDEN && layouts ? (double)mine_count[c] / layouts : -1;
    return layouts;
}

static void test_level1(void)
{
    /* The 0 clears its hidden neighbours; the 1 then has one hidden cell
     * left: a mine. */
    load(".../110", 1);
    CHECK_INT(msv_certain(&board, 1, known), 2);
    CHECK_INT(known[cell(0, 0)], MSV_MINE);
    CHECK_INT(known[cell(1, 0)], MSV_SAFE);
    CHECK_INT(known[cell(2, 0)], MSV_SAFE);
    /* A 3 with three hidden cells: all mines; nothing is safe. */
    load(".../232", 3);
    CHECK_INT(msv_certain(&board, 1, known), 0);
    for (int x = 0; x < 3; x++)
        CHECK_INT(known[cell(x, 0)], MSV_MINE);
    /* A contradiction: a 2 with one hidden cell. */
    load("2./00", 1);
    CHECK_INT(msv_certain(&board, 1, known), -1);
}

static void test_level2_subsets(void)
{
    unsigned char k1[MSV_MAX_CELLS];
    /* 1-2-1-1 under four hidden cells A B C D (mines A and C): no number
     * alone decides anything; pairs do. {A,B} in {A,B,C} puts a mine on
     * C; {C,D} in {B,C,D} clears B; then A is a mine and D safe. */
    load("..../1211", 2);
    CHECK_INT(msv_certain(&board, 1, k1), 0);
    CHECK_INT(msv_certain(&board, 2, known), 2);
    CHECK_INT(known[cell(0, 0)], MSV_MINE);
    CHECK_INT(known[cell(1, 0)], MSV_SAFE);
    CHECK_INT(known[cell(2, 0)], MSV_MINE);
    CHECK_INT(known[cell(3, 0)], MSV_SAFE);
    /* 1-2-1: mines above the 1s, the cell above the 2 safe. */
    load(".../121", 2);
    CHECK_INT(msv_certain(&board, 1, k1), 0);
    CHECK_INT(msv_certain(&board, 2, known), 1);
    CHECK_INT(known[cell(0, 0)], MSV_MINE);
    CHECK_INT(known[cell(1, 0)], MSV_SAFE);
    CHECK_INT(known[cell(2, 0)], MSV_MINE);
}

static void test_global_count(void)
{
    /* One mine in all, and the 1 in the corner holds it: the cells far
     * away are safe, which only the mine count tells. */
    unsigned char k1[MSV_MAX_CELLS];
    load("1.../..../..../....", 1);
    CHECK_INT(msv_certain(&board, 1, k1), 0);
    CHECK_INT(k1[cell(3, 3)], MSV_UNKNOWN);
    CHECK_INT(msv_certain(&board, 2, known), 12);
    CHECK_INT(known[cell(3, 3)], MSV_SAFE);
    CHECK_INT(known[cell(1, 1)], MSV_UNKNOWN);
    /* Level 3 sees subtler counts: 3 mines, two 1s far apart need one
     * each, so the third is among the cells next to no number... */
    load("1...1/...../...../...../.....", 3);
    CHECK_INT(msv_certain(&board, 2, known), 0);
}

/* Small boards, exact probabilities against the brute force. */
static void test_exact_probabilities(void)
{
    /* Hand-computed: a 1 in the corner of a 2x2 with one mine: three
     * hidden cells, each a mine with probability 1/3. */
    bool exact;
    double l10;
    load("1./..", 1);
    CHECK(msv_probabilities(&board, prob, &exact, &l10) && exact);
    CHECK(fabs(prob[1] - 1.0 / 3) < 1e-12 && fabs(prob[3] - 1.0 / 3) < 1e-12);
    CHECK(fabs(l10 - log10(3)) < 1e-9);
    /* The interior weighs in: a 1 with two hidden cells next to it, and 4
     * cells far away, 2 mines in total. Layouts: 2 x C(4,1) = 8: each
     * frontier cell 1/2, each far cell 1/4. */
    load("01..../01..../00....", 2);
    CHECK(brute_force() > 0);
    CHECK(msv_probabilities(&board, prob, &exact, &l10) && exact);
    for (int c = 0; c < board.n; c++)
        CHECK(fabs(prob[c] - brute[c]) < 1e-12);

    /* Random positions: play a random board with safe opens only. */
    qp_rng rng;
    qp_rng_seed(&rng, 7);
    int checked = 0;
    for (int trial = 0; trial < test_rounds(400, 60); trial++) {
        int w = 4 + (int)qp_rng_below(&rng, 3), h = 4 + (int)qp_rng_below(&rng, 3);
        int mines = 2 + (int)qp_rng_below(&rng, (uint32_t)(w * h / 3));
        unsigned char mine[64] = {0};
        for (int placed = 0; placed < mines;) {
            int c = (int)qp_rng_below(&rng, (uint32_t)(w * h));
            if (!mine[c]) {
                mine[c] = 1;
                placed++;
            }
        }
        msv_init(&board, w, h, mines, false);
        int opens = 1 + (int)qp_rng_below(&rng, 8);
        for (int k = 0; k < opens; k++) {
            int c = (int)qp_rng_below(&rng, (uint32_t)(w * h));
            if (mine[c])
                continue;
            int x = c % w, y = c / w, m = 0;
            for (int dy = -1; dy <= 1; dy++)
                for (int dx = -1; dx <= 1; dx++) {
                    int nx = x + dx, ny = y + dy;
                    if ((dx || dy) && nx >= 0 && ny >= 0 && nx < w && ny < h)
                        m += mine[ny * w + nx];
                }
            board.value[c] = (signed char)m;
        }
        int hidden = 0;
        for (int c = 0; c < board.n; c++)
            hidden += board.value[c] == MSV_HIDDEN;
        if (hidden > 24)
            continue;
        long long layouts = brute_force();
        if (!CHECK(layouts > 0))
            continue;
        bool ok = msv_probabilities(&board, prob, &exact, &l10);
        CHECK(ok && exact);
        double worst = 0;
        for (int c = 0; c < board.n; c++)
            if (fabs(prob[c] - brute[c]) > worst)
                worst = fabs(prob[c] - brute[c]);
        if (!CHECK(worst < 1e-9))
            fprintf(stderr, "  trial %d: %dx%d/%d, off by %g\n", trial, w, h, mines, worst);
        CHECK(fabs(l10 - log10((double)layouts)) < 1e-6);
        /* Cells called certain by level 3 are certain by brute force. */
        /* Level 3 finds a safe cell whenever one exists. */
        int safe = msv_certain(&board, 3, known), any_safe = 0;
        for (int c = 0; c < board.n; c++) {
            if (known[c] == MSV_SAFE)
                CHECK(brute[c] == 0);
            if (known[c] == MSV_MINE)
                CHECK(brute[c] == 1);
            any_safe |= board.value[c] == MSV_HIDDEN && brute[c] == 0;
        }
        CHECK((safe > 0) == any_safe);
        checked++;
    }
    CHECK(checked > test_rounds(200, 25));
}

/* Layouts of the hidden cells that fit (brute force), as bit sets over
 * hidden[]; returns their number. */
static int solutions(const int *hidden, int nh, long long *out, int cap)
{
    int n = 0;
    for (long long set = 0; set < (1LL << nh); set++)
        if (fits(set, hidden, nh) && n < cap)
            out[n++] = set;
    return n;
}

static bool has(const long long *sol, int ns, long long x)
{
    for (int j = 0; j < ns; j++)
        if (sol[j] == x)
            return true;
    return false;
}

/* Whether every layout with the cell ia a mine has it on a diagonal of a
 * hidden 2x2 box whose flip (the other diagonal) also fits. */
static bool box_flips(const int *hidden, int nh, int ia, const long long *sol, int ns)
{
    int w = board.w, t = hidden[ia];
    for (int k = 0; k < ns; k++) {
        long long x = sol[k];
        if (!((x >> ia) & 1))
            continue;
        bool ok = false;
        for (int dy = -1; dy <= 0 && !ok; dy++)
            for (int dx = -1; dx <= 0 && !ok; dx++) {
                int x0 = t % w + dx, y0 = t / w + dy, idx[4], n = 0;
                if (x0 < 0 || y0 < 0 || x0 + 1 >= w || y0 + 1 >= board.h)
                    continue;
                int cells[4] = {y0 * w + x0, y0 * w + x0 + 1, (y0 + 1) * w + x0,
                                (y0 + 1) * w + x0 + 1};
                for (int i = 0; i < 4; i++)
                    for (int j = 0; j < nh; j++)
                        if (hidden[j] == cells[i])
                            idx[n++] = j;
                if (n < 4)
                    continue;
                int bits = 0;
                for (int i = 0; i < 4; i++)
                    bits |= (int)((x >> idx[i]) & 1) << i;
                if (bits != 9 && bits != 6) /* a diagonal: cells 0+3 or 1+2 */
                    continue;
                long long flipped = x;
                for (int i = 0; i < 4; i++)
                    flipped ^= 1LL << idx[i];
                ok = has(sol, ns, flipped);
            }
        if (!ok)
            return false;
    }
    return true;
}

/* A w x h board with `mines` mines anywhere but cell 0 (the first
 * click), into mine[]; the solver's board all hidden. */
static void deal_small(qp_rng *rng, int w, int h, int mines, unsigned char *mine)
{
    memset(mine, 0, (size_t)(w * h));
    for (int placed = 0; placed < mines;) {
        int c = 1 + (int)qp_rng_below(rng, (uint32_t)(w * h - 1));
        if (!mine[c]) {
            mine[c] = 1;
            placed++;
        }
    }
    msv_init(&board, w, h, mines, false);
}

/* Opens the safe cell c on the solver's board as the game would,
 * spreading from zeros. */
static void open_cell(const unsigned char *mine, int c)
{
    int stack[MSV_MAX_CELLS], top = 0;
    stack[top++] = c;
    board.value[c] = 0;
    while (top) {
        int z = stack[--top], m = 0;
        for (int y = 0; y < board.n; y++)
            m += mine[y] && y != z && touch(y, z);
        board.value[z] = (signed char)m;
        for (int y = 0; y < board.n && m == 0; y++)
            if (board.value[y] == MSV_HIDDEN && touch(y, z)) {
                board.value[y] = 0;
                stack[top++] = y;
            }
    }
}

/* Plays level 3 from opening cell *c until it makes a choice of `kind`
 * (true: *ch, and *c its cell, to open next) or the game ends. */
static bool play_until(const unsigned char *mine, int *c, msv_kind kind, msv_choice *ch)
{
    while (!mine[*c]) {
        open_cell(mine, *c);
        if (!msv_choose(&board, 3, 1, ch))
            return false;
        *c = ch->cell;
        if (ch->kind == kind)
            return true;
    }
    return false;
}

static void test_fifty(void)
{
    /* (0,0) and (1,0) share one mine; (2,0) and (2,1), the only cells
     * next to one of them but not the other, are mines the 2 at (3,0)
     * proves: nothing will ever tell them apart. */
    msv_init(&board, 5, 3, 3, false);
    static const signed char v[15] = {-1, -1, -1, 2, 0, 1, 3, -1, 2, 0, 0, 1, 1, 1, 0};
    memcpy(board.value, v, sizeof v);
    msv_choice ch;
    CHECK(msv_choose(&board, 3, 1, &ch));
    CHECK_INT(ch.kind, MSV_ENDGAME); /* two layouts: the exact search */
    CHECK(ch.win > 0.499 && ch.win < 0.501);
    int saved = msv_tune.bf_max_solutions;
    msv_tune.bf_max_solutions = 1;
    CHECK(msv_choose(&board, 3, 1, &ch));
    CHECK_INT(ch.kind, MSV_FIFTY);
    CHECK(ch.cell == 0 || ch.cell == 1);
    CHECK(ch.p_mine > 0.499 && ch.p_mine < 0.501);

    /* Every 50/50 the solver takes while playing small boards is a real
     * one: its cell and a partner hold one mine in every layout, and
     * moving the mine from one to the other always gives a layout that
     * fits. */
    qp_rng rng;
    qp_rng_seed(&rng, 11);
    int seen = 0, saved_latent = msv_tune.latent;
    static long long sol[1 << 16];
    for (int pass = 0; pass < 2; pass++) {
        bool latent_pass = pass == 1;
        msv_tune.latent = pass; /* latent ones are "safe or a 50/50" */
        seen = 0;
        for (int game = 0; game < 400 && seen < test_rounds(25, 4); game++) {
            int w = 6, h = 5, mines = 6 + (int)qp_rng_below(&rng, 3);
            unsigned char mine[64];
            deal_small(&rng, w, h, mines, mine);
            int c = 0;
            while (play_until(mine, &c, MSV_FIFTY, &ch)) {
                int hidden[32], nh = 0, ia = -1;
                for (int z = 0; z < board.n; z++)
                    if (board.value[z] == MSV_HIDDEN) {
                        if (z == ch.cell)
                            ia = nh;
                        hidden[nh++] = z;
                    }
                int ns = solutions(hidden, nh, sol, 1 << 16);
                bool real = latent_pass && box_flips(hidden, nh, ia, sol, ns);
                for (int io = 0; io < nh && !real; io++) {
                    if (io == ia || abs(hidden[io] % w - ch.cell % w) > 2 ||
                        abs(hidden[io] / w - ch.cell / w) > 2)
                        continue;
                    real = true;
                    for (int k = 0; k < ns && real; k++) {
                        long long x = sol[k], swapped = x ^ (1LL << ia) ^ (1LL << io);
                        /* A 50/50: always one mine of the two. A latent one
                         * ("safe or a 50/50"): where the cell is a mine. */
                        if (latent_pass && !((x >> ia) & 1))
                            continue;
                        bool found = ((x >> ia) & 1) != ((x >> io) & 1);
                        for (int j = 0; j < ns && found && sol[j] != swapped; j++)
                            found = j + 1 < ns;
                        real = found;
                    }
                }
                if (!CHECK(real)) {
                    fprintf(stderr, "  game %d: cell %d is no real 50/50 (%d mines):", game,
                            ch.cell, mines);
                    for (int z = 0; z < board.n; z++)
                        fprintf(stderr, "%s%c", z % w ? "" : "/",
                                board.value[z] < 0 ? '.' : '0' + board.value[z]);
                    fprintf(stderr, "\n");
                }
                seen++;
            }
        }
        CHECK(seen >= test_rounds(10, 2));
    }
    msv_tune.bf_max_solutions = saved;
    msv_tune.latent = saved_latent;
}

/* ---- The endgame search against a plain game-tree search. */

#define GT_MAX_LAYOUTS 64
#define GT_MEMO 4096

static const int *gt_hidden;
static int gt_nh;
static long long gt_layout[GT_MAX_LAYOUTS + 1]; /* one more: "too many" */
static unsigned long long gt_memo_key[GT_MEMO];
static double gt_memo_value[GT_MEMO];
static int gt_memo_used; /* kept under 3/4 of GT_MEMO: a probe always ends */

/* The number hidden cell i shows in layout x, or -1 if it is a mine. */
static int gt_shown(long long x, int i)
{
    if ((x >> i) & 1)
        return -1;
    int c = gt_hidden[i], m = 0;
    for (int j = 0; j < gt_nh; j++)
        m += ((x >> j) & 1) && touch(gt_hidden[j], c);
    return m; /* the open cells around hold no mines */
}

static double gt_value(unsigned long long set);

/* The chance to win by opening hidden cell i when the layouts are `set`
 * (bits into gt_layout), or -1 if that tells nothing and risks nothing. */
static double gt_open(unsigned long long set, int i)
{
    unsigned long long by[9] = {0};
    for (int k = 0; k < GT_MAX_LAYOUTS; k++)
        if ((set >> k) & 1) {
            int v = gt_shown(gt_layout[k], i);
            if (v >= 0)
                by[v] |= 1ULL << k;
        }
    double won = 0;
    for (int v = 0; v < 9; v++) {
        if (by[v] == set)
            return -1;
        if (by[v])
            won += __builtin_popcountll(by[v]) * gt_value(by[v]);
    }
    return won / __builtin_popcountll(set);
}

/* The best chance to win from the layouts `set`: one layout left means
 * every safe cell is known. */
static double gt_value(unsigned long long set)
{
    if (__builtin_popcountll(set) == 1)
        return 1;
    int slot = (int)((set * 0x9E3779B97F4A7C15ULL) >> 52);
    while (gt_memo_key[slot] && gt_memo_key[slot] != set)
        slot = (slot + 1) % GT_MEMO;
    if (gt_memo_key[slot] == set)
        return gt_memo_value[slot];
    double best = 0;
    for (int i = 0; i < gt_nh; i++) {
        double v = gt_open(set, i);
        if (v > best)
            best = v;
    }
    if (gt_memo_used < GT_MEMO * 3 / 4) {
        gt_memo_key[slot] = set;
        gt_memo_value[slot] = best;
        gt_memo_used++;
    }
    return best;
}

/* Whenever level 3 plays small boards by its exact endgame search, the
 * chance to win it reports is the best any player has (a plain search of
 * the game tree over every layout agrees) and its cell reaches it. */
static void test_endgame_exact(void)
{
    qp_rng rng;
    qp_rng_seed(&rng, 5);
    int checked = 0;
    static int hidden[MSV_MAX_CELLS];
    for (int game = 0; game < 3000 && checked < test_rounds(60, 10); game++) {
        int w = 6, h = 5, mines = 7 + (int)qp_rng_below(&rng, 3);
        unsigned char mine[64];
        deal_small(&rng, w, h, mines, mine);
        msv_choice ch;
        int c = 0;
        while (play_until(mine, &c, MSV_ENDGAME, &ch)) {
            int nh = 0, at = -1;
            for (int z = 0; z < board.n; z++)
                if (board.value[z] == MSV_HIDDEN) {
                    at = z == ch.cell ? nh : at;
                    hidden[nh++] = z;
                }
            if (nh > 18)
                continue;
            gt_hidden = hidden;
            gt_nh = nh;
            int ns = solutions(hidden, nh, gt_layout, GT_MAX_LAYOUTS + 1);
            if (ns > GT_MAX_LAYOUTS)
                continue;
            memset(gt_memo_key, 0, sizeof gt_memo_key);
            gt_memo_used = 0;
            unsigned long long all = ns == 64 ? ~0ULL : (1ULL << ns) - 1;
            double best = gt_value(all), pick = gt_open(all, at);
            if (!CHECK(fabs(ch.win - best) < 1e-9) || !CHECK(fabs(pick - best) < 1e-9))
                fprintf(stderr, "  game %d: search %.6f, game tree %.6f, its cell %.6f\n", game,
                        ch.win, best, pick);
            checked++;
        }
    }
    CHECK(checked >= test_rounds(60, 10));
}

/* Level 3's first click: a corner under :safe (likeliest to show 0);
 * under :zero a cell off the corner, nearer to it on sparse boards. */
static void test_first_click(void)
{
    static const struct {
        int w, h, mines;
        bool zero;
        int x, y;
    } cases[] = {
        {9, 9, 10, false, 0, 0},  {30, 16, 99, false, 0, 0}, {9, 9, 10, true, 2, 2},
        {16, 16, 40, true, 2, 2}, {30, 16, 99, true, 3, 3},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        msv_choice ch;
        msv_init(&board, cases[i].w, cases[i].h, cases[i].mines, cases[i].zero);
        CHECK(msv_choose(&board, 3, 1, &ch));
        CHECK_INT(ch.kind, MSV_FIRST);
        CHECK_INT(ch.cell, cases[i].y * cases[i].w + cases[i].x);
    }
}

int main(void)
{
    test_first_click();
    test_level1();
    test_level2_subsets();
    test_global_count();
    test_exact_probabilities();
    test_fifty();
    test_endgame_exact();
    return test_report("minesweeper solver");
}

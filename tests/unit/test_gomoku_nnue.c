/* Gomoku's evaluation network (board.h, nnue.c, nnue_weights.c): the
 * accumulators that every stone updates equal a sum made afresh, through
 * random games with take-backs under every rule; and the integer network
 * gives what its trainer's floats gave on the positions the trainer wrote
 * down (tools/gomoku_nnue.py), within NN_TOLERANCE units. */
#include <stdlib.h>

#include "games/gomoku/board.h"
#include "games/gomoku/gomoku.h"
#include "rng.h"
#include "test.h"

#define NN_TOLERANCE 16 /* evaluation units: 4 % of a logit */

static gb_board b;
static gomoku_state rs;

static bool accumulators_fresh(void)
{
    int acc[2][2 * GB_NN_H];
    gb_nn_recompute(&b, acc);
    return !memcmp(acc, b.acc, sizeof acc);
}

/* One random step: a stone on an empty point, or a take-back. */
static void random_step(qp_rng *rng)
{
    if (b.nstones > 0 && qp_rng_below(rng, 3) == 0) {
        gb_unmake(&b);
        return;
    }
    int p = b.on[qp_rng_below(rng, (uint32_t)b.n_on)];
    if (b.cell[p] == GOMOKU_EMPTY && b.nstones < b.n_on - 1)
        gb_make(&b, p);
}

static void test_incremental_accumulators(void)
{
    qp_rng rng;
    qp_rng_seed(&rng, 11);
    int mismatches = 0, steps = 0;
    for (int round = 0; round < test_rounds(30, 5); round++) {
        int rule = round % 3, size = 9 + (int)qp_rng_below(&rng, 11);
        gomoku_setup(&rs, size, size, rule, NULL);
        gb_load(&b, &rs);
        mismatches += !accumulators_fresh();
        for (int step = 0; step < 80; step++, steps++) {
            random_step(&rng);
            mismatches += !accumulators_fresh();
        }
    }
    CHECK(steps > 100);
    CHECK_INT(mismatches, 0);
}

/* Under renju a point forbidden to Black is no point of Black's: its
 * feature leaves the sums, as the pattern table's weight does. */
static void test_forbidden_points_leave_the_sums(void)
{
    /* Black 4,7 5,7 6,7 and 7,4 7,5 7,6: 7,7 would be a double four. */
    static const int moves[][2] = {{4, 7}, {0, 0}, {5, 7}, {0, 2}, {6, 7}, {0, 4},
                                   {7, 4}, {0, 6}, {7, 5}, {0, 8}, {7, 6}, {14, 14}};
    gomoku_setup(&rs, 15, 15, GOMOKU_RENJU, NULL);
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++)
        gomoku_place(&rs, moves[i][1] * 15 + moves[i][0]);
    gb_load(&b, &rs);
    int p = gb_at(7, 7);
    CHECK_INT(b.cls[0][p], GB_C_FORBID);
    CHECK_INT(b.feat[0][p], -1);
    CHECK(b.feat[1][p] >= 0);
    CHECK(accumulators_fresh());
    gb_make(&b, gb_at(3, 7)); /* Black blocks its own row: 7,7 is allowed again */
    CHECK(b.cls[0][p] != GB_C_FORBID);
    CHECK(accumulators_fresh());
    gb_unmake(&b);
    CHECK(accumulators_fresh());
}

/* Sets b up at the trainer's check position i. */
static const gb_nn_check *load_check(int i)
{
    const gb_nn_check *c = &gb_nn_checks[i];
    gomoku_setup(&rs, 15, 15, GOMOKU_FREE, NULL);
    for (int k = 0; k < c->n; k++)
        gomoku_place(&rs, c->moves[k]);
    gb_load(&b, &rs);
    return c;
}

static void test_against_trainer(void)
{
    int far = 0, worst = 0;
    for (int i = 0; i < GB_NN_CHECKS; i++) {
        const gb_nn_check *c = load_check(i);
        int diff = abs(gb_nn_eval(&b) - (int)(c->units >= 0 ? c->units + 0.5F : c->units - 0.5F));
        worst = diff > worst ? diff : worst;
        far += diff > NN_TOLERANCE;
    }
    if (far)
        fprintf(stderr, "  the integer network is %d units from the trainer's\n", worst);
    CHECK_INT(far, 0);
}

/* The network sees the side to move: the same stones, the other side to
 * move, must not give the same value everywhere (a network that ignores
 * the input would pass the tests above only with zero weights). */
static void test_network_sees_the_board(void)
{
    int distinct = 0, first = 0;
    for (int i = 0; i < GB_NN_CHECKS; i++) {
        load_check(i);
        int v = gb_nn_eval(&b);
        if (i == 0)
            first = v;
        distinct += v != first;
    }
    CHECK(distinct > GB_NN_CHECKS / 2);
}

int main(void)
{
    test_incremental_accumulators();
    test_forbidden_points_leave_the_sums();
    test_against_trainer();
    test_network_sees_the_board();
    return test_report("gomoku_nnue");
}

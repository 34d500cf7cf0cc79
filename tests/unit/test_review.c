/* The game review (review.c, the games' judge() hooks, search/exact.c):
 * the deterministic exp, the exact values' helpers, tic-tac-toe's judge
 * on every reachable position against tictactoe_value(), every game's
 * judge on random games (values in [0, 1], a legal best move), and the
 * step API against the whole review. */
#include "games/tictactoe/tictactoe.h"
#include "review.h"
#include "search/exact.h"
#include "test.h"

static char mem_a[1 << 20], mem_b[1 << 20];

static double abs_of(double x) { return x < 0 ? -x : x; }

static void test_exp(void)
{
    CHECK(qp_exp(0) == 1);
    CHECK(abs_of(qp_exp(1) - 2.718281828459045) < 1e-13);
    CHECK(abs_of(qp_exp(-3.5) - 0.0301973834223185) < 1e-15);
    CHECK(abs_of(qp_exp(20) / 485165195.4097903 - 1) < 1e-13);
    CHECK(qp_exp(-800) == 0);
    CHECK(qp_logistic(0) == 0.5);
    double last = 0;
    for (int i = -400; i <= 400; i++) {
        double v = qp_logistic(i / 40.0);
        CHECK(v >= last && v >= 0 && v <= 1);
        last = v;
    }
}

static void test_exact_helpers(void)
{
    qp_exact w = qp_exact_of(7, 10), l = qp_exact_of(-8, 10), d = qp_exact_of(0, 10);
    CHECK_INT(w.outcome, 1);
    CHECK_INT(w.dist, 3);
    CHECK_INT(l.outcome, -1);
    CHECK_INT(l.dist, 2);
    CHECK_INT(d.outcome, 0);
    CHECK(qp_exact_rank(qp_exact_of(9, 10)) > qp_exact_rank(w)); /* sooner win */
    CHECK(qp_exact_rank(w) > qp_exact_rank(d));
    CHECK(qp_exact_rank(d) > qp_exact_rank(l));
    CHECK(qp_exact_rank(qp_exact_of(-5, 10)) > qp_exact_rank(l)); /* later loss */
    CHECK_INT(qp_exact_neg(w).outcome, -1);
    CHECK(qp_exact_chance(d) == 0.5);
}

/* The outcome of a tic-tac-toe move for its mover, from the rules. */
static int ttt_after(const ttt_state *s, int a)
{
    ttt_state c = *s;
    ttt_apply(&c, a);
    qp_status st = ttt_status(&c);
    if (st.phase == QP_WIN)
        return 1;
    if (st.phase == QP_DRAW)
        return 0;
    int v = tictactoe_value(&c);
    return v > 0 ? -1 : v < 0 ? 1 : 0;
}

static int positions;
static bool seen[19683][2];

static void walk_ttt(const ttt_state *s)
{
    int actions[9], n = ttt_legal(s, actions, 9), key = 0;
    for (int i = 0; i < 9; i++)
        key = key * 3 + s->cell[i];
    if (seen[key][s->to_move])
        return;
    seen[key][s->to_move] = true;
    int v = tictactoe_value(s), before = v > 0 ? 1 : v < 0 ? -1 : 0;
    positions++;
    for (int i = 0; i < n; i++) {
        qp_judgement j;
        qp_error err;
        char extra[256];
        memset(&j, 0, sizeof j);
        j.extra = extra;
        j.extra_cap = sizeof extra;
        CHECK(qp_tictactoe.judge(s, actions[i], 3, &j, &err));
        int after = ttt_after(s, actions[i]);
        CHECK(j.exact);
        CHECK_INT(j.outcome_before, before);
        CHECK_INT(j.outcome_after, after);
        CHECK(j.missed_win == (before == 1 && after < 1));
        CHECK_INT(ttt_after(s, j.best), before);
        ttt_state c = *s;
        ttt_apply(&c, actions[i]);
        walk_ttt(&c);
    }
}

static void test_ttt_everywhere(void)
{
    static qp_state_mem st;
    qp_error err;
    CHECK(qp_tictactoe.init(&st, "x", 1, &err));
    walk_ttt((const ttt_state *)&st);
    CHECK_INT(positions, 5478); /* every reachable position */
}

/* Every game's judge on a few random games: sane values, a legal best. */
static void test_every_judge(void)
{
    static qp_state_mem st;
    static int actions[QP_MAX_ACTIONS];
    for (int gi = 0; gi < qp_game_count; gi++) {
        const qp_game *g = qp_games[gi];
        qp_error err;
        qp_rng rng;
        CHECK(g->judge != NULL);
        qp_rng_seed(&rng, 5);
        CHECK(g->init(&st, NULL, 3, &err));
        for (int ply = 0; ply < 12 && g->status(&st).phase == QP_TURN; ply++) {
            int n = g->legal(&st, actions, QP_MAX_ACTIONS);
            int a = actions[qp_rng_below(&rng, (uint32_t)n)];
            qp_judgement j;
            static char extra[8192];
            memset(&j, 0, sizeof j);
            extra[0] = '\0';
            j.extra = extra;
            j.extra_cap = sizeof extra;
            if (!CHECK(g->judge(&st, a, g->max_level > 2 ? 2 : g->max_level, &j, &err)))
                fprintf(stderr, "%s: %s\n", g->id, err.msg);
            CHECK(j.before >= 0 && j.before <= 1 && j.after >= 0 && j.after <= 1);
            bool legal = false;
            for (int i = 0; i < n; i++)
                legal |= actions[i] == j.best;
            if (!CHECK(legal))
                fprintf(stderr, "%s ply %d: best %d is not legal\n", g->id, ply, j.best);
            g->apply(&st, a);
        }
    }
}

static void test_steps(void)
{
    static const char *const texts[] = {"tictactoe/x/5.1.9.7.3.6", "ponghauqi | B A D",
                                        "minesweeper 9x9/10 @3 | o4,4 f0,0 o8,8",
                                        "beast @11 | d8 b4 c5 d1"};
    qp_buf a, b;
    qp_error err;
    for (int t = 0; t < QP_ARRAY_LEN(texts); t++) {
        qp_buf_init(&a, mem_a, sizeof mem_a);
        CHECK(qp_engine_review(texts[t], "2", &a, &err));
        qp_buf_init(&b, mem_b, sizeof mem_b);
        CHECK(qp_review_begin(texts[t], "2", &b, &err));
        int total = qp_review_total();
        CHECK(total > 0);
        for (int i = 0; i < total; i++) {
            qp_buf_init(&b, mem_b, sizeof mem_b);
            CHECK(qp_review_step(&b, &err));
            CHECK_INT(qp_review_done(), i + 1);
        }
        qp_buf_init(&b, mem_b, sizeof mem_b);
        CHECK(!qp_review_step(&b, &err));
        qp_buf_init(&b, mem_b, sizeof mem_b);
        CHECK(qp_review_result(&b, &err));
        CHECK_STR(mem_b, mem_a);
    }
    /* A failed begin leaves no review under way. */
    qp_buf_init(&b, mem_b, sizeof mem_b);
    CHECK(!qp_review_begin("tictactoe/x/5.5", NULL, &b, &err));
    CHECK(!qp_review_step(&b, &err));
    CHECK(!qp_review_result(&b, &err));
    CHECK(!qp_review_begin("tictactoe/x/5", "4", &b, &err));
    CHECK(!qp_review_begin(NULL, NULL, &b, &err));
}

int main(void)
{
    test_exp();
    test_exact_helpers();
    test_ttt_everywhere();
    test_every_judge();
    test_steps();
    return test_report("review");
}

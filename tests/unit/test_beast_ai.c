/* Dark animal chess AIs: they cannot peek, level 1 follows the original's
 * rules, levels 2-3 see tactics, Star1/Star2 prune without changing the
 * value, the evaluation's terms point the right way, and the levels rank
 * as they should. Level 3 runs on small
 * budgets here (the sanitizers are slow); strength is in bench/beast.cjs. */
#include "games/beast/ai.h"
#include "games/beast/think.h"
#include "beast_board.h"
#include "engine.h"
#include "match.h"
#include "test.h"

static const qp_game *g = &qp_beast;
static qp_state_mem st, other;

/* The AI's action text at `level` on pos (seed fixed), or "error: ...". */
static const char *ai(const char *pos, int level, uint64_t seed)
{
    static char out[256];
    qp_buf b;
    qp_error err;
    qp_ai_opts o = {level, seed, 0};
    qp_buf_init(&b, out, sizeof out);
    if (!qp_engine_ai(g, pos, &o, &b, NULL, &err))
        snprintf(out, sizeof out, "error: %s", err.msg);
    return out;
}

static const char *analyze(const char *pos, int level)
{
    static char out[8192];
    qp_buf b;
    qp_error err;
    qp_ai_opts o = {level, 1, 0};
    qp_buf_init(&b, out, sizeof out);
    if (!qp_engine_analyze(g, pos, &o, &b, &err))
        snprintf(out, sizeof out, "error: %s", err.msg);
    return out;
}

/* Level 1, rule by rule (docs/rules.md, "Dark animal chess", and the
 * original's onAi). */
static void test_level1(void)
{
    /* The highest value first: the elephant (10) before the fox (5). */
    CHECK_STR(ai(board("b4=T b5=e c4=f", 'r', 0), 1, 1), "b4b5");
    /* Not a capture that loses the captor (the tiger on b6 takes back)... */
    CHECK_STR(ai(board("b4=B b5=f b6=t d1=?c", 'r', 0), 1, 1), "d1");
    CHECK(strstr(analyze(board("b4=B b5=f b6=t d1=?c", 'r', 0), 1), "\"rule\":\"flip\"") != NULL);
    /* ...unless it is an even trade, or a cat takes the dragon. */
    CHECK_STR(ai(board("b4=B b5=b b6=t", 'r', 0), 1, 1), "b4b5");
    CHECK_STR(ai(board("b4=C b5=d b6=t", 'r', 0), 1, 1), "b4b5");
    /* A safe capture of less value beats an unsafe one of more. */
    CHECK_STR(ai(board("b4=B b5=f b6=t a4=f", 'r', 0), 1, 1), "b4a4");
    /* The hawk's capture counts, by its target's value. */
    CHECK_STR(ai(board("a1=H a2=?c a5=t b1=c", 'r', 0), 1, 1), "a1a5");
    /* Flee: the threatened elephant runs to the first safe cell of up,
     * down, left, right (up is taken, down b3 is safe). */
    CHECK_STR(ai(board("b4=E b5=t d8=?c", 'r', 0), 1, 1), "b4b3");
    CHECK(strstr(analyze(board("b4=E b5=t d8=?c", 'r', 0), 1), "\"rule\":\"flee\"") != NULL);
    /* The most valuable threatened piece runs first (the tiger, not the cat). */
    CHECK_STR(ai(board("a1=C b1=f c4=T c5=d d8=?c", 'r', 0), 1, 1), "c4c3");
    /* Chase: one step along the shortest safe path to a piece it outranks. */
    const char *chase = ai(board("a1=T d4=f d8=?c", 'r', 0), 1, 1);
    CHECK(!strcmp(chase, "a1a2") || !strcmp(chase, "a1b1"));
    CHECK(strstr(analyze(board("a1=T d4=f d8=?c", 'r', 0), 1), "\"rule\":\"chase\"") != NULL);
    /* It does not chase what it cannot take, nor through danger. */
    CHECK(strstr(analyze(board("a1=F d4=t d8=?c", 'r', 0), 1), "\"rule\":\"flip\"") != NULL);
    CHECK(strstr(analyze(board("a1=F b2=t d1=c d8=?c", 'r', 0), 1), "\"rule\":\"flip\"") != NULL);
    /* Nothing else: a random flip, fixed by the seed. */
    char f1[8];
    snprintf(f1, sizeof f1, "%s", ai(board("a1=C c5=t b8=?c c8=?c d8=?c", 'r', 0), 1, 1));
    CHECK(!strcmp(f1, "b8") || !strcmp(f1, "c8") || !strcmp(f1, "d8"));
    CHECK_STR(ai(board("a1=C c5=t b8=?c c8=?c d8=?c", 'r', 0), 1, 1), f1);
    bool differs = false;
    for (uint64_t seed = 2; seed < 12; seed++)
        differs |= strcmp(ai(board("a1=C c5=t b8=?c c8=?c d8=?c", 'r', 0), 1, seed), f1) != 0;
    CHECK(differs);
    /* Where the original would surrender, it still acts. */
    CHECK(strstr(analyze(board("a1=C c5=t", 'r', 0), 1), "\"rule\":\"fallback\"") != NULL);
    CHECK_STR(ai(board("a1=B a2=f a3=t", 'r', 0), 1, 1), "a1a2");
}

/* Levels 2 and 3 see one-move tactics. */
static void test_tactics(void)
{
    beast_tuning.nodes = 20000;
    for (int level = 2; level <= 3; level++) {
        /* A free dragon. */
        CHECK_STR(ai(board("b4=C b5=d c1=?c d8=?T", 'r', 0), level, 1), "b4b5");
        /* A hawk's shot at a distance. */
        CHECK_STR(ai(board("a1=H a2=?c a8=d c3=?E", 'r', 0), level, 1), "a1a8");
        /* The threatened tiger steps away from the dragon (no flips left). */
        const char *a = ai(board("b4=T b5=d a8=C d8=c", 'r', 0), level, 1);
        CHECK(!strcmp(a, "b4b3") || !strcmp(a, "b4a4") || !strcmp(a, "b4c4"));
        /* The last blue piece: the win. */
        CHECK_STR(ai(board("c3=E c4=f a8=?C", 'r', 0), level, 1), "c3c4");
    }
    qp_ai_info info;
    qp_error err;
    qp_ai_opts o = {3, 1, 0};
    int action;
    CHECK(qp_engine_load(g, board("c3=E c4=f a8=?C", 'r', 0), &st, &err));
    CHECK(qp_ai_choose(g, &st, &o, &action, &info, &err));
    CHECK(info.has_score && info.score > 2800 && strstr(info.note, "wins") != NULL);
    /* Analysis scores every action; the win is the best. */
    const char *an = analyze(board("c3=E c4=f a8=?C", 'r', 0), 3);
    CHECK(strstr(an, "\"best\":\"c3c4\"") && strstr(an, "\"c3c4\":2999") && strstr(an, "\"a8\":"));
    beast_tuning.nodes = 0;
}

/* The static value of a hand-made position with no face-down piece (its
 * view is itself), for the side to move; hunting: level 3's pull. */
static int eval_of(const char *pos, bool hunting)
{
    node n;
    qp_error err;
    CHECK(qp_engine_load(g, pos, &st, &err));
    bn_eval_start(hunting);
    bn_from_view((const beast_state *)&st, &n);
    return bn_evaluate(&n);
}

/* The evaluation (eval.c). Against MistyBanqi the old piece values, every
 * piece 40 plus its prey, lost games by trading a tiger for two cats. */
static void test_evaluation(void)
{
    node n;
    memset(&n, 0, sizeof n);
    for (int k = 0; k < BX_KINDS; k++)
        n.alive[k] = (uint8_t)BX_COUNT[k % BX_TYPES];
    int full[BX_KINDS];
    memcpy(full, bn_piece_values(&n), sizeof full);
    CHECK(full[BX_TIGER] > 2 * full[BX_CAT] && full[BX_HAWK] > 2 * full[BX_CAT]);
    for (int t = 1; t < BX_TYPES; t++)
        CHECK(full[BX_DRAGON] > full[t]);
    CHECK_INT(full[BX_TYPES + BX_TIGER], full[BX_TIGER]); /* the colours alike */
    /* With the blue cats and hawks gone nothing can take the red dragon
     * but the blue one: it is worth more. */
    n.alive[BX_TYPES + BX_CAT] = n.alive[BX_TYPES + BX_HAWK] = 0;
    CHECK(bn_piece_values(&n)[BX_DRAGON] > full[BX_DRAGON]);
    /* Two blue cats two steps from the cornered red dragon, against the
     * same cats far away (the same steps for every piece): danger. */
    CHECK(eval_of(board("a1=D a3=c c1=c", 'r', 0), false) <
          eval_of(board("a1=D b6=c c6=c", 'r', 0), false));
    /* A tiger in the open has more steps than in a corner. */
    CHECK(eval_of(board("b4=T d8=c", 'r', 0), false) > eval_of(board("a1=T d8=c", 'r', 0), false));
}

/* Swaps the identities of the face-down pieces among themselves. */
static void permute_hidden(void *s, qp_rng *rng)
{
    beast_state *b = s;
    int cells[BX_CELLS], n = 0;
    for (int sq = 0; sq < BX_CELLS; sq++)
        if (bx_is_down(b->cell[sq]))
            cells[n++] = sq;
    for (int i = n - 1; i > 0; i--) {
        int j = (int)qp_rng_below(rng, (uint32_t)i + 1);
        uint8_t t = b->cell[cells[i]];
        b->cell[cells[i]] = b->cell[cells[j]];
        b->cell[cells[j]] = t;
    }
}

/* No peeking: the same visible board and seed give the same choice,
 * whatever lies under the face-down pieces. */
static void test_no_peeking(void)
{
    qp_rng rng;
    int checked = 0, changed = 0;
    qp_rng_seed(&rng, 11);
    beast_tuning.nodes = 4000;
    for (int game = 0; game < test_rounds(6, 1); game++) {
        g->init(&st, NULL, (uint64_t)game + 100, &(qp_error){""});
        for (int ply = 0; g->status(&st).phase == QP_TURN && ply < 60; ply++) {
            int acts[QP_MAX_ACTIONS], n = g->legal(&st, acts, QP_MAX_ACTIONS);
            if (ply % 6 == 0) {
                memcpy(&other, &st, g->state_size);
                permute_hidden(&other, &rng);
                changed += memcmp(&other, &st, g->state_size) != 0;
                for (int level = 1; level <= 3; level++) {
                    qp_ai_opts o = {level, (uint64_t)ply, 0};
                    qp_ai_info i1, i2;
                    int a1 = -1, a2 = -2;
                    CHECK(qp_ai_choose(g, &st, &o, &a1, &i1, &(qp_error){""}));
                    CHECK(qp_ai_choose(g, &other, &o, &a2, &i2, &(qp_error){""}));
                    if (!CHECK(a1 == a2 && i1.score == i2.score && i1.nodes == i2.nodes))
                        fprintf(stderr, "  level %d, game %d ply %d: %d vs %d\n", level, game, ply,
                                a1, a2);
                    checked++;
                }
            }
            g->apply(&st, acts[qp_rng_below(&rng, (uint32_t)n)]);
        }
    }
    CHECK(checked > test_rounds(100, 15) && changed > test_rounds(20, 3));
    beast_tuning.nodes = 0;
}

/* Star1 and Star2 prune the chance nodes but keep their values: the same
 * root value as plain expectimax at a fixed depth, with less work. */
static void test_star_pruning_is_sound(void)
{
    qp_rng rng;
    long long work[4] = {0, 0, 0, 0};
    int positions = 0;
    qp_rng_seed(&rng, 5);
    beast_tuning.depth = 3;
    for (int game = 0; game < test_rounds(2, 1); game++) {
        g->init(&st, NULL, (uint64_t)game + 7, &(qp_error){""});
        for (int ply = 0; g->status(&st).phase == QP_TURN && ply < 40; ply++) {
            int acts[QP_MAX_ACTIONS], n = g->legal(&st, acts, QP_MAX_ACTIONS);
            if (ply == 12 || ply == 25) {
                int score[4];
                for (int star = 1; star <= 3; star++) {
                    qp_ai_opts o = {3, 1, 0};
                    qp_ai_info info;
                    int a;
                    beast_tuning.star = star;
                    CHECK(qp_ai_choose(g, &st, &o, &a, &info, &(qp_error){""}));
                    score[star] = info.score;
                    work[star] += info.nodes;
                }
                CHECK_INT(score[2], score[1]);
                CHECK_INT(score[3], score[1]);
                positions++;
            }
            g->apply(&st, acts[qp_rng_below(&rng, (uint32_t)n)]);
        }
    }
    CHECK_INT(positions, test_rounds(4, 2));
    CHECK(work[2] < work[1] && work[3] < work[2]);
    printf("fixed depth 3 nodes: plain %lld, Star1 %lld, Star2 %lld\n", work[1], work[2], work[3]);
    beast_tuning.depth = 0;
    beast_tuning.star = 0;
}

/* The levels against each other on a few paired deals. */
static void test_levels_rank(void)
{
    qp_match_opts o = {{2, 1}, test_rounds(8, 2), 3, NULL, 0};
    qp_match_result r;
    qp_error err;
    CHECK(qp_match(g, &o, &r, NULL, NULL, &err));
    CHECK(r.wins[0] >= o.games / 2 && r.wins[1] == 0);
    beast_tuning.nodes = 3000;
    o.level[0] = 3;
    o.games = test_rounds(4, 2);
    CHECK(qp_match(g, &o, &r, NULL, NULL, &err));
    CHECK(r.wins[0] >= o.games / 2 && r.wins[1] == 0);
    beast_tuning.nodes = 0;
}

int main(void)
{
    test_level1();
    test_tactics();
    test_evaluation();
    test_no_peeking();
    test_star_pruning_is_sound();
    test_levels_rank();
    return test_report("beast_ai");
}

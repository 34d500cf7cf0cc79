#include "engine.h"
#include "games/ponghauqi/ponghauqi.h"
#include "test.h"

static const qp_game *g = &qp_ponghauqi;
#include "engine_calls.h"
static qp_state_mem st;

static const char *apply(const char *pos, const char *moves)
{
    const char *list[64];
    static char copy[256];
    int n = 0;
    qp_buf b;
    qp_error err;
    snprintf(copy, sizeof copy, "%s", moves);
    for (char *p = strtok(copy, " "); p && n < 64; p = strtok(NULL, " "))
        list[n++] = p;
    qp_buf_init(&b, out_mem, sizeof out_mem);
    if (!qp_engine_apply(g, pos, list, n, &b, &err))
        snprintf(out_mem, sizeof out_mem, "error: %s", err.msg);
    return out_mem;
}

static void test_moves(void)
{
    CHECK_STR(run(qp_engine_legal, "wb.bw b"), "B D");
    CHECK_STR(run(qp_engine_legal, "wb.bw w"), "A E");
    CHECK_STR(apply("wb.bw b", "B"), "w.bbw w 1 CB");
    CHECK_STR(apply("wb.bw b", "B A C"), "bw.bw w 3 CBAC");
    /* B and E are not joined: from an empty B only A and C may move in. */
    CHECK_STR(run(qp_engine_legal, "bw.wb w 0"), "B D");
    CHECK_STR(run(qp_engine_legal, "w.bwb w"), "A");
    CHECK_STR(run(qp_engine_legal, "w.wbb w"), "A C");
    CHECK(strstr(apply("wb.bw b", "A"), "error: point A has no b piece") != NULL);
    CHECK(strstr(apply("w.bbw b", "D"), "not next to the empty point") != NULL);
}

static void test_end_of_game(void)
{
    /* White stuck: the empty point E touches only C and D, both black. */
    CHECK_STR(run(qp_engine_status, "wwbb. w"), "win b");
    CHECK_STR(run(qp_engine_legal, "wwbb. w"), "");
    CHECK_STR(apply("ww.bb b", "E"), "wwbb. w 1 CE");
    CHECK_STR(run(qp_engine_status, "wwbb. w 1 CE"), "win b");
    char pos[64];
    snprintf(pos, sizeof pos, "%s", apply("wwb.b b", "C"));
    CHECK_STR(run(qp_engine_status, pos), "turn w");
    CHECK(strstr(apply("wwbb. w", "C"), "over") != NULL);
}

static void test_repetition_and_ply_limit(void)
{
    /* B A C B A C brings the start back: a third time at ply 12 draws. */
    CHECK_STR(apply("wb.bw b", "B A C B A C"), "wb.bw b 6 CBACBAC");
    CHECK_STR(run(qp_engine_status, "wb.bw b 6 CBACBAC"), "turn b");
    char pos[128];
    snprintf(pos, sizeof pos, "%s", apply("wb.bw b 6 CBACBAC", "B A C B A"));
    CHECK_STR(run(qp_engine_status, pos), "turn w");
    snprintf(pos, sizeof pos, "%s", apply(pos, "C"));
    CHECK_STR(pos, "wb.bw b 12 CBACBACBACBAC");
    CHECK_STR(run(qp_engine_status, pos), "draw");
    CHECK_STR(run(qp_engine_legal, pos), "");
    /* Without the path, the same position is only seen once. */
    CHECK_STR(run(qp_engine_status, "wb.bw b 12"), "turn b");
    /* A path can keep only the recent past. */
    CHECK_STR(run(qp_engine_status, "wb.bw b 12 C"), "turn b");

    /* 40 plies: a draw by the ply limit, unless the mover is stuck. */
    CHECK_STR(run(qp_engine_status, "wb.bw b 40"), "draw");
    CHECK_STR(run(qp_engine_status, "wb.bw b 39"), "turn b");
    CHECK_STR(run(qp_engine_legal, "wb.bw b 40"), "");
    CHECK_STR(run(qp_engine_status, "wwbb. w 40"), "win b");
}

static void test_bad_positions(void)
{
    static const char *bad[] = {
        "wb.bw",         "wb.bw x",        "wbbbw b", "wb.bw b 41",
        "wb.bw b -1",    "wb.bw b 2 CBC", /* the move into B would have been white's: B holds black
                                           */
        "wb.bw b 1 BE", /* B and E are not joined */
        "wb.bw b 1 CBA", /* longer than ply + 1 */
        "wb.bw b 1 A", /* must end at the empty point C */
        "wb.bw b 1 cb",  "wb.bw b 1 CB x", "WB.BW B",
    };
    for (int i = 0; i < QP_ARRAY_LEN(bad); i++) {
        qp_error err = {""};
        bool ok = qp_engine_load(g, bad[i], &st, &err);
        if (!CHECK(!ok && err.msg[0]))
            fprintf(stderr, "  accepted '%s'\n", bad[i]);
    }
}

/* Independent plain minimax (no pruning) over the engine's own moves,
 * memoised by POS text (which holds everything the future depends on). */
#define MEMO_SLOTS (1 << 23)
static uint64_t memo_key[MEMO_SLOTS]; /* 64-bit FNV-1a of the POS, never 0 */
static signed char memo_value[MEMO_SLOTS];
static long memo_used;

static uint64_t hash_text(const char *t)
{
    uint64_t h = 1469598103934665603ULL;
    while (*t)
        h = (h ^ (unsigned char)*t++) * 1099511628211ULL;
    return h | 1;
}

static int plain_value_raw(const void *s);

static int plain_value(const void *s)
{
    char pos[64];
    qp_buf b;
    qp_buf_init(&b, pos, sizeof pos);
    g->format_pos(s, &b);
    uint64_t k = hash_text(pos);
    size_t h = (size_t)k & (MEMO_SLOTS - 1);
    while (memo_key[h] && memo_key[h] != k)
        h = (h + 1) & (MEMO_SLOTS - 1);
    if (!memo_key[h]) {
        if (memo_used > MEMO_SLOTS / 4 * 3) /* fail rather than probe forever */
            return plain_value_raw(s);
        int v = plain_value_raw(s);
        memo_key[h] = k;
        memo_value[h] = (signed char)v;
        memo_used++;
        return v;
    }
    return memo_value[h];
}

static int plain_value_raw(const void *s)
{
    qp_status stt = g->status(s);
    if (stt.phase == QP_WIN)
        return -100;
    if (stt.phase == QP_DRAW)
        return 0;
    int acts[5], n = g->legal(s, acts, 5), best = -1000;
    for (int i = 0; i < n; i++) {
        qp_state_mem child;
        memcpy(&child, s, g->state_size);
        g->apply(&child, acts[i]);
        int v = -plain_value(&child);
        v += v > 0 ? -1 : v < 0 ? 1 : 0;
        if (v > best)
            best = v;
    }
    return best;
}

static int checked;

static void check_ai_is_perfect(const void *s)
{
    int acts[5], n = g->legal(s, acts, 5), best = -1000, value_of[5];
    for (int i = 0; i < n; i++) {
        qp_state_mem child;
        memcpy(&child, s, g->state_size);
        g->apply(&child, acts[i]);
        int v = -plain_value(&child);
        value_of[acts[i]] = v + (v > 0 ? -1 : v < 0 ? 1 : 0);
        if (value_of[acts[i]] > best)
            best = value_of[acts[i]];
    }
    CHECK_INT(ponghauqi_value(s, NULL), best);
    for (uint64_t seed = 0; seed < 3; seed++) {
        qp_ai_opts o = {2, seed, 0};
        int a = -1;
        CHECK(qp_ai_choose(g, s, &o, &a, NULL, &(qp_error){""}));
        CHECK(a >= 0 && a < 5 && value_of[a] == best);
    }
    checked++;
}

static void test_level2_is_perfect(void)
{
    /* Every arrangement of two b, two w and one empty, both sides to move,
     * at several ply counts (fresh history). */
    static const int plies[] = {0, 30, 39};
    int plies_tried = test_rounds(QP_ARRAY_LEN(plies), 1);
    for (int code = 0; code < 243; code++) {
        char pts[6];
        int c = code, nb = 0, nw = 0;
        for (int i = 4; i >= 0; i--, c /= 3) {
            pts[i] = ".bw"[c % 3];
            nb += pts[i] == 'b';
            nw += pts[i] == 'w';
        }
        pts[5] = '\0';
        if (nb != 2 || nw != 2)
            continue;
        for (int side = 0; side < 2; side++) {
            for (int k = QP_ARRAY_LEN(plies) - plies_tried; k < QP_ARRAY_LEN(plies); k++) {
                char pos[32];
                snprintf(pos, sizeof pos, "%s %c %d", pts, "bw"[side], plies[k]);
                if (!CHECK(qp_engine_load(g, pos, &st, &(qp_error){""})))
                    continue;
                if (g->status(&st).phase == QP_TURN)
                    check_ai_is_perfect(&st);
            }
        }
    }
    /* Positions with histories: seeded random games, checked at every ply. */
    qp_rng rng;
    qp_rng_seed(&rng, 7);
    for (int game = 0; game < test_rounds(40, 4); game++) {
        qp_state_mem s;
        g->init(&s, NULL, 0, &(qp_error){""});
        int acts[5], n;
        while ((n = g->legal(&s, acts, 5)) > 0) {
            if (game % 4 == 0 || g->status(&s).phase == QP_TURN)
                check_ai_is_perfect(&s);
            g->apply(&s, acts[qp_rng_below(&rng, (uint32_t)n)]);
        }
    }
    CHECK(checked > test_rounds(500, 100));
}

static void test_level1_takes_a_stalemate(void)
{
    /* Black to move into D: E leaves white stuck (C would not). */
    for (uint64_t seed = 0; seed < 10; seed++) {
        qp_ai_opts o = {1, seed, 0};
        int a = -1;
        CHECK(qp_engine_load(g, "wwb.b b", &st, &(qp_error){""}));
        CHECK(qp_ai_choose(g, &st, &o, &a, NULL, &(qp_error){""}));
        CHECK_INT(a, 4);
    }
}

int main(void)
{
    test_moves();
    test_end_of_game();
    test_repetition_and_ply_limit();
    test_bad_positions();
    test_level2_is_perfect();
    test_level1_takes_a_stalemate();
    return test_report("ponghauqi");
}

/* Connect Four: rules, POS, describe/analyze JSON and the AI levels. The
 * solver itself is tested against Pons' sets in test_connect4_solver.c. */
#include <stdlib.h>

#include "engine.h"
#include "games/connect4/connect4.h"
#include "test.h"

static const qp_game *g = &qp_connect4;
#include "engine_calls.h"
static qp_state_mem st;

static const c4_state *load(const char *pos)
{
    qp_error err;
    if (!CHECK(qp_engine_load(g, pos, &st, &err)))
        fprintf(stderr, "  %s: %s\n", pos, err.msg);
    return (const c4_state *)&st;
}

/* An independent judge: scans every cell for four in a row of one colour
 * on a plain grid rebuilt from the move digits. Returns the player (1, 2)
 * or 0. */
static int scan_for_four(int w, int h, const char *moves)
{
    int grid[9][9] = {{0}}, height[9] = {0};
    for (int i = 0; moves[i]; i++) {
        int c = moves[i] - '1';
        grid[c][height[c]++] = i % 2 + 1;
    }
    static const int D[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
    for (int c = 0; c < w; c++)
        for (int r = 0; r < h; r++)
            for (int d = 0; d < 4; d++) {
                int who = grid[c][r], k = 1;
                for (; who && k < 4; k++) {
                    int cc = c + k * D[d][0], rr = r + k * D[d][1];
                    if (cc < 0 || cc >= w || rr < 0 || rr >= h || grid[cc][rr] != who)
                        break;
                }
                if (who && k == 4)
                    return who;
            }
    return 0;
}

static void test_rules_by_hand(void)
{
    CHECK_STR(run(qp_engine_status, "7x6 1122334"), "win 1"); /* across, bottom row */
    CHECK_STR(run(qp_engine_status, "7x6 1212121"), "win 1"); /* up, left edge */
    CHECK_STR(run(qp_engine_status, "7x6 12233434474"), "win 1"); /* diagonal / */
    CHECK_STR(run(qp_engine_status, "7x6 76655454414"), "win 1"); /* diagonal \ */
    CHECK_STR(run(qp_engine_status, "7x6 14151627"), "win 2"); /* across, right edge */
    CHECK_STR(run(qp_engine_status, "7x6 7676767"), "win 1"); /* up, right edge */
    CHECK_STR(run(qp_engine_status, "7x6 112233"), "turn 1"); /* three is not four */
    CHECK_STR(run(qp_engine_status, "7x6"), "turn 1");
    CHECK_STR(run(qp_engine_status, "7x6 4"), "turn 2");
    CHECK_STR(run(qp_engine_legal, "7x6"), "1 2 3 4 5 6 7");
    CHECK_STR(run(qp_engine_legal, "7x6 111111"), "2 3 4 5 6 7");
    CHECK_STR(run(qp_engine_legal, "9x9"), "1 2 3 4 5 6 7 8 9");
    CHECK_STR(run(qp_engine_legal, "7x6 1122334"), "");

    qp_buf b;
    qp_error err;
    qp_buf_init(&b, out_mem, sizeof out_mem);
    CHECK(qp_engine_new(g, NULL, 1, &b, &err));
    CHECK_STR(out_mem, "7x6");
    qp_buf_init(&b, out_mem, sizeof out_mem);
    CHECK(qp_engine_new(g, "9x4", 1, &b, &err));
    CHECK_STR(out_mem, "9x4");
    qp_buf_init(&b, out_mem, sizeof out_mem);
    CHECK(!qp_engine_new(g, "3x6", 1, &b, &err) && strstr(err.msg, "4 to 9"));
    const char *moves[] = {"4", "4", "9"};
    qp_buf_init(&b, out_mem, sizeof out_mem);
    CHECK(qp_engine_apply(g, "9x9", moves, 3, &b, &err));
    CHECK_STR(out_mem, "9x9 449");
    qp_buf_init(&b, out_mem, sizeof out_mem);
    CHECK(!qp_engine_apply(g, "7x6 11111", (const char *[]){"1", "1"}, 2, &b, &err));
    CHECK(strstr(err.msg, "action 2: column 1 is full") != NULL);
    /* A trailing space is read; formatting drops it. */
    qp_buf_init(&b, out_mem, sizeof out_mem);
    CHECK(qp_engine_apply(g, "7x6 ", (const char *[]){"4"}, 1, &b, &err));
    CHECK_STR(out_mem, "7x6 4");
    qp_buf_init(&b, out_mem, sizeof out_mem);
    CHECK(qp_engine_apply(g, "7x6 44 ", (const char *[]){"4"}, 1, &b, &err));
    CHECK_STR(out_mem, "7x6 444");
}

/* Random games on every board size: the engine's verdict after each move
 * matches the independent scan, and a full board without four is a draw. */
static void test_rules_against_scan(void)
{
    qp_rng rng;
    int draws = 0, wins = 0;
    qp_rng_seed(&rng, 77);
    for (int w = 4; w <= 9; w++) {
        for (int h = 4; h <= 9; h++) {
            for (int game = 0; game < test_rounds(40, 4); game++) {
                char moves[90] = "", pos[128];
                int n = 0, height[9] = {0};
                for (;;) {
                    snprintf(pos, sizeof pos, "%dx%d %s", w, h, moves);
                    const char *status = run(qp_engine_status, pos);
                    int judge = scan_for_four(w, h, moves);
                    if (judge) {
                        char want[8];
                        snprintf(want, sizeof want, "win %d", judge);
                        if (!CHECK_STR(status, want))
                            fprintf(stderr, "  %s\n", pos);
                        wins++;
                        break;
                    }
                    if (n == w * h) {
                        CHECK_STR(status, "draw");
                        draws++;
                        break;
                    }
                    if (!CHECK_STR(status, n % 2 ? "turn 2" : "turn 1"))
                        break;
                    int c;
                    do
                        c = (int)qp_rng_below(&rng, (uint32_t)w);
                    while (height[c] == h);
                    height[c]++;
                    moves[n++] = (char)('1' + c);
                    moves[n] = '\0';
                }
            }
        }
    }
    CHECK(wins > test_rounds(1000, 100) && draws > test_rounds(10, 0));
}

static void test_bad_positions(void)
{
    static const char *bad[] = {
        "",
        "7",
        "7x",
        "x6",
        "3x6",
        "7x3",
        "10x6",
        "7x10",
        "7*6",
        "7x6x",
        "7x61",
        "7x6  1",
        "7x6 0",
        "7x6 8",
        "4x4 5",
        "7x6 1a",
        "7x6 1 2",
        "7x6 1111111", /* column 1 full */
        "7x6 11223344", /* a move after four */
        "07x6",
        " 7x6",
        "7x6\t1",
        "7x6 44  ",
    };
    for (int i = 0; i < QP_ARRAY_LEN(bad); i++) {
        qp_error err = {""};
        if (!CHECK(!qp_engine_load(g, bad[i], &st, &err) && err.msg[0]))
            fprintf(stderr, "  accepted '%s'\n", bad[i]);
    }
    qp_error err;
    CHECK(qp_engine_load(g, "7x6 1122334 ", &st, &err)); /* won, with a trailing space */
    CHECK(!qp_engine_load(g, "7x6 1111111", &st, &err) && strstr(err.msg, "column 1 is full"));
    CHECK(!qp_engine_load(g, "7x6 11223344", &st, &err) && strstr(err.msg, "already has four"));
    CHECK(!qp_engine_load(g, "7x6 18", &st, &err) && strstr(err.msg, "1-7"));
    CHECK(!g->parse_action(load("7x6 111111"), "1", &(int){0}, &err) && strstr(err.msg, "full"));
    CHECK(!g->parse_action(load("7x6"), "8", &(int){0}, &err));
    CHECK(!g->parse_action(load("7x6"), "44", &(int){0}, &err));
}

static void test_describe(void)
{
    CHECK_STR(run(qp_engine_describe, "4x4 12"),
              "{\"status\":\"turn 1\",\"reason\":\"\",\"w\":4,\"h\":4,\"rows\":[\"....\","
              "\"....\",\"....\",\"12..\"],\"moves\":2,\"turn\":\"1\",\"last\":[1,3],"
              "\"drop\":[2,2,3,3],\"win\":[]}");
    CHECK_STR(run(qp_engine_describe, "7x6 12233434474"),
              "{\"status\":\"win 1\",\"reason\":\"line\",\"w\":7,\"h\":6,\"rows\":[\".......\","
              "\".......\",\"...1...\",\"..11...\",\".112...\",\"1222..2\"],\"moves\":11,"
              "\"turn\":null,\"last\":[3,2],\"drop\":[-1,-1,-1,-1,-1,-1,-1],"
              "\"win\":[[0,5],[1,4],[2,3],[3,2]]}");
    /* Five in a row through the last stone: all five cells. */
    CHECK(strstr(run(qp_engine_describe, "7x6 112244553"),
                 "\"win\":[[0,5],[1,5],[2,5],[3,5],[4,5]]") != NULL);
    /* Two lines through the last stone: both, the stone once. */
    CHECK(strstr(run(qp_engine_describe, "7x6 6661777625524764613454271142554217523133"),
                 "\"win\":[[0,2],[1,2],[2,2],[3,2],[0,0],[1,1],[3,3]]") != NULL);
    CHECK(strstr(run(qp_engine_describe, "7x6 111111"), "\"drop\":[-1,5,5,5,5,5,5]") != NULL);
}

static void test_score_words(void)
{
    char w[48];
    connect4_score_words(7, 6, 0, 1, w, sizeof w);
    CHECK_STR(w, "wins in 21 moves"); /* the first player's 21st, last stone */
    connect4_score_words(7, 6, 0, 21, w, sizeof w);
    CHECK_STR(w, "wins in 1 move");
    connect4_score_words(7, 6, 1, -2, w, sizeof w);
    CHECK_STR(w, "loses in 19 moves"); /* the first player's 20th stone */
    connect4_score_words(7, 6, 5, -18, w, sizeof w);
    CHECK_STR(w, "loses in 1 move");
    connect4_score_words(7, 6, 10, 0, w, sizeof w);
    CHECK_STR(w, "draw");
}

static void test_level1(void)
{
    int near = 0, total = 0;
    for (uint64_t seed = 0; seed < 200; seed++) {
        const char *m = ai_move("7x6 4", 1, seed);
        int c = m[0] - '0';
        CHECK(strlen(m) == 1 && c >= 1 && c <= 7);
        near += c >= 3 && c <= 5;
        total++;
        char again[8];
        snprintf(again, sizeof again, "%s", m);
        CHECK_STR(ai_move("7x6 4", 1, seed), again);
    }
    CHECK(near * 10 >= total * 7); /* the walk mostly stays near the last stone */
    /* One open column: the walk finds it, however far. */
    for (uint64_t seed = 0; seed < 20; seed++)
        CHECK_STR(ai_move("4x4 131212223133", 1, seed), "4");
}

static void test_level2(void)
{
    /* Block the three through the last stone, next to it. */
    CHECK_STR(ai_move("7x6 27374", 2, 1), "5");
    /* Our vertical three: play on top (and win). */
    CHECK_STR(ai_move("7x6 1727571", 2, 1), "7");
    /* Both have three: extending ours comes first (and wins). */
    CHECK_STR(ai_move("7x6 1727573", 2, 3), "7");
    /* The original's blind spot: the last stone in the middle of the three
     * (2 4 then 3) has both neighbours taken: no block, a random walk. */
    int blocks = 0;
    for (uint64_t seed = 0; seed < 40; seed++) {
        const char *m = ai_move("7x6 27473", 2, seed);
        blocks += m[0] == '1' || m[0] == '5';
    }
    CHECK(blocks < 40);
    /* First move of the game: a walk from the centre's bottom. */
    int central = 0;
    for (uint64_t seed = 0; seed < 40; seed++) {
        const char *m = ai_move("7x6", 2, seed);
        central += m[0] >= '3' && m[0] <= '5';
    }
    CHECK(central >= 28);
}

static void test_level3(void)
{
    qp_ai_info info;
    for (uint64_t seed = 1; seed < 5; seed++) {
        CHECK_STR(ai_move("7x6 112233", 3, seed), "4"); /* win now */
        CHECK_STR(ai_move("7x6 11223", 3, seed), "4"); /* or block: 1 can't win yet */
        CHECK_STR(ai_move("9x9 1122334", 3, seed), "error: the game is over: nothing to play");
        CHECK_STR(ai_move("9x9 11223", 3, seed), "4");
    }
    memset(&info, 0, sizeof info);
    const char *m = ai_move_info("9x9 5", 3, 1, &info);
    CHECK(strlen(m) == 1 && m[0] >= '1' && m[0] <= '9');
    CHECK(info.nodes > 100);
}

/* A position from the endgame set with its known score: level 4 keeps it. */
static void test_level4(void)
{
    static const struct {
        const char *pos;
        int score;
    } cases[] = {
        {"7x6 2252576253462244111563365343671351441", -1},
        {"7x6 23163416124767223154467471272416755633", 0},
        {"7x6 7422341735647741166133573473242566", 1},
        {"7x6 52753311433677442422121", 8},
        {"7x6 271713432331713132", -11},
    };
    for (int i = 0; i < QP_ARRAY_LEN(cases); i++) {
        qp_ai_info info;
        char pos[100];
        const char *m = ai_move_info(cases[i].pos, 4, 5, &info);
        CHECK(info.has_score);
        CHECK_INT(info.score, cases[i].score);
        /* The move keeps the score: the child scores its negative. */
        snprintf(pos, sizeof pos, "%s%s%.8s", cases[i].pos, strchr(cases[i].pos, ' ') ? "" : " ",
                 m);
        const c4_state *s = load(pos);
        int child;
        long long nodes;
        if (s->winner == QP_NOBODY && s->n < s->w * s->h) {
            CHECK(connect4_solve(s, false, true, 0, &child, &nodes));
            CHECK_INT(-child, cases[i].score);
        }
    }
    /* The fastest win: three ways to four, the immediate one is taken. */
    qp_ai_info info;
    for (uint64_t seed = 1; seed < 6; seed++) {
        const char *m = ai_move_info("7x6 445566", 4, seed, &info);
        CHECK(!strcmp(m, "3") || !strcmp(m, "7"));
        CHECK_STR(info.note, "wins in 1 move");
    }
    /* A lost position: the slowest loss, and the words say so. */
    ai_move_info("7x6 27374", 4, 1, &info);
    CHECK_STR(info.note, "loses in 1 move");
    /* A hard position off the book's lines: the budget runs out, level 3's
     * move is played and the note says so; --time 20 is 200000 nodes. */
    qp_ai_opts quick = {4, 1, 20};
    qp_buf b;
    qp_error err;
    qp_buf_init(&b, out_mem, sizeof out_mem);
    CHECK(qp_engine_ai(g, "7x6 5236371113", &quick, &b, &info, &err));
    CHECK(!info.has_score && strstr(info.note, "not solved within the budget"));
    CHECK(info.nodes > 200000 && info.nodes < 300000);
    /* Other fitting sizes are solved; too large ones fall back. */
    ai_move_info("5x4 3", 4, 1, &info);
    CHECK(info.has_score);
    ai_move_info("9x9 5", 4, 1, &info);
    CHECK(!info.has_score && strstr(info.note, "too large"));
}

static void test_analyze(void)
{
    qp_ai_opts o = {4, 1, 0};
    qp_buf b;
    qp_error err;
    qp_buf_init(&b, out_mem, sizeof out_mem);
    CHECK(qp_engine_analyze(g, "7x6 2252576253462244111563365343671351441", &o, &b, &err));
    CHECK(strstr(out_mem, "\"exact\":true,\"score\":-1,") != NULL);
    CHECK(strstr(out_mem, "\"turn\":\"2\"") != NULL);
    qp_buf_init(&b, out_mem, sizeof out_mem);
    CHECK(qp_engine_analyze(g, "7x6 445566", &o, &b, &err));
    CHECK(strstr(out_mem, "\"best\":[\"3\",\"7\"]") != NULL);
    CHECK(strstr(out_mem, "\"3\":18") && strstr(out_mem, "\"7\":18"));
    CHECK(strstr(out_mem, "\"words\":{") != NULL);
    qp_buf_init(&b, out_mem, sizeof out_mem);
    CHECK(qp_engine_analyze(g, "9x9 5", &o, &b, &err));
    CHECK(strstr(out_mem, "\"exact\":false") && strstr(out_mem, "\"1\":null"));
    qp_buf_init(&b, out_mem, sizeof out_mem);
    CHECK(qp_engine_analyze(g, "7x6 1122334", &o, &b, &err));
    CHECK(strstr(out_mem, "\"moves\":{}") && strstr(out_mem, "\"turn\":null"));
}

int main(void)
{
    test_rules_by_hand();
    test_rules_against_scan();
    test_bad_positions();
    test_describe();
    test_score_words();
    test_level1();
    test_level2();
    test_level3();
    test_level4();
    test_analyze();
    return test_report("connect4");
}

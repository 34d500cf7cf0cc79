/* Minesweeper through the engine: params, POS, the rules (first click,
 * cascade, flags, chords, win and loss), describe/analyze, the AI seeing
 * only the view, and no-guess boards checked by an independent replay. */
#include <stdlib.h>

#include "games/minesweeper/gen.h"
#include "games/minesweeper/solver.h"
#include "engine.h"
#include "rng.h"
#include "games/minesweeper/minesweeper.h"
#include "test.h"

static const qp_game *g = &qp_minesweeper;
#include "engine_calls.h"
static qp_state_mem st, st2;

/* new, apply, status...: the answer, or "error: ..." */
static const char *new_game(const char *params, uint64_t seed)
{
    qp_buf b;
    qp_error err;
    qp_buf_init(&b, out_mem, sizeof out_mem);
    if (!qp_engine_new(g, params, seed, &b, &err))
        snprintf(out_mem, sizeof out_mem, "error: %s", err.msg);
    return out_mem;
}

static const char *apply(const char *pos, const char *action)
{
    static char result[1 << 16], copy[1 << 16];
    qp_buf b;
    qp_error err;
    snprintf(copy, sizeof copy, "%s", pos); /* pos may be the last result */
    qp_buf_init(&b, result, sizeof result);
    if (!qp_engine_apply(g, copy, &action, 1, &b, &err))
        snprintf(result, sizeof result, "error: %s", err.msg);
    return result;
}

static bool is_error(const char *s) { return !strncmp(s, "error: ", 7); }

static void test_params(void)
{
    CHECK_STR(new_game(NULL, 1), "9x9/10:safe 1");
    CHECK_STR(new_game("intermediate", 2), "16x16/40:safe 2");
    CHECK_STR(new_game("expert:zero", 3), "30x16/99:zero 3");
    CHECK_STR(new_game("beginner:zero,qmarks", 4), "9x9/10:zero,qmarks 4");
    CHECK_STR(new_game("expert,noguess", 5), "30x16/99:zero,noguess 5");
    CHECK_STR(new_game("64x64/4095", 6), "64x64/4095:safe 6");
    CHECK_STR(new_game("9x9/72:zero", 7), "9x9/72:zero 7");
    static const char *bad[] = {
        "9x9/0",        "1x9/1",        "65x9/1", "9x9/81",  "9x9/73:zero", "expert:safe,noguess",
        "expert:maybe", "expert,flags", "9x9",    "9x9/10:", "9x9/10,",     "huge",
        "3x3/2:zero"};
    for (int i = 0; i < QP_ARRAY_LEN(bad); i++)
        if (!CHECK(is_error(new_game(bad[i], 1))))
            fprintf(stderr, "  params '%s' accepted\n", bad[i]);
}

/* The layout of a placed state, from its POS. */
static void layout_of(const void *state, unsigned char *mine, int *n)
{
    static char pos[1 << 14];
    qp_buf b;
    qp_buf_init(&b, pos, sizeof pos);
    g->format_pos(state, &b);
    *n = 0;
    for (const char *p = strchr(strchr(pos, ' ') + 1, ' ') + 1; *p; p++)
        if (*p != '/')
            mine[(*n)++] = *p == '*' || *p == 'F' || *p == 'Q' || *p == 'X';
}

/* The first click is never a mine (:safe) or opens an area (:zero); the
 * same seed and first click give the same board. */
static void test_first_click(void)
{
    char pos[256], again[1 << 12];
    for (uint64_t seed = 0; seed < (uint64_t)test_rounds(200, 20); seed++) {
        snprintf(pos, sizeof pos, "9x9/70:safe %llu", (unsigned long long)seed);
        const char *after = apply(pos, "o 4,4");
        CHECK_STR(run(qp_engine_status, after), "playing");
        snprintf(pos, sizeof pos, "9x9/72:zero %llu", (unsigned long long)seed);
        strcpy(again, apply(pos, "o 0,8"));
        /* 72 mines, and the corner's zone clear: the click shows 0. */
        CHECK(strlen(again) > 90 && again[strlen(again) - 9] == '0');
        qp_error err;
        CHECK(qp_engine_load(g, again, &st, &err));
        CHECK(g->status(&st).phase != QP_LOSS);
        CHECK_STR(apply(pos, "o 0,8"), again);
    }
    /* Corner under :zero: the clicked cell shows 0. */
    const char *after = apply("9x9/10:zero 9", "o 0,0");
    CHECK(after[strlen("9x9/10:zero 9 ")] == '0');
    /* Another first click gives another layout (the seed alone does not
     * fix the mines). */
    static unsigned char mines_a[MSV_MAX_CELLS], mines_b[MSV_MAX_CELLS];
    int n_a = 0, n_b = 0;
    qp_error err;
    CHECK(qp_engine_load(g, apply("30x16/99:safe 4", "o 0,0"), &st, &err));
    layout_of(&st, mines_a, &n_a);
    CHECK(qp_engine_load(g, apply("30x16/99:safe 4", "o 29,15"), &st, &err));
    layout_of(&st, mines_b, &n_b);
    CHECK(n_a == 480 && n_b == 480 && memcmp(mines_a, mines_b, 480) != 0);
}

static void test_cascade_and_win(void)
{
    /* One mine in the corner: the 0 at the other corner opens the rest. */
    const char *p = apply("4x4/1:safe 7 ..../..../..1./...*", "o 0,0");
    CHECK_STR(p, "4x4/1:safe 7 0000/0000/0011/001*");
    CHECK_STR(run(qp_engine_status, p), "won");
    CHECK_STR(run(qp_engine_legal, p), "");
    /* A flag stops the cascade; lifting it and opening wins. */
    p = apply("4x4/1:safe 7 .f../..../..1./...*", "o 0,0");
    CHECK_STR(p, "4x4/1:safe 7 0f00/0000/0011/001*");
    CHECK_STR(run(qp_engine_status, p), "playing");
    char q[128];
    strcpy(q, apply(p, "f 1,0"));
    CHECK_STR(q, "4x4/1:safe 7 0.00/0000/0011/001*");
    CHECK_STR(apply(q, "o 1,0"), "4x4/1:safe 7 0000/0000/0011/001*");
    /* Opening a mine loses; the mine shows X. */
    p = apply("4x4/1:safe 7 ..../..../..1./...*", "o 3,3");
    CHECK_STR(p, "4x4/1:safe 7 ..../..../..1./...X");
    CHECK_STR(run(qp_engine_status, p), "lost");
    CHECK(is_error(apply(p, "o 0,0")));
}

static void test_chord(void)
{
    /* Right flag: the chord opens the 1's other neighbours; the 0 among
     * them spreads: won. */
    const char *p = apply("4x4/1:safe 7 ..../..../..1./...F", "c 2,2");
    CHECK_STR(p, "4x4/1:safe 7 0000/0000/0011/001F");
    CHECK_STR(run(qp_engine_status, p), "won");
    /* Wrong flag: the chord opens the mine. */
    p = apply("4x4/1:safe 7 ..../.f../..1./...*", "c 2,2");
    CHECK_STR(run(qp_engine_status, p), "lost");
    CHECK(strchr(p, 'X') != NULL);
    const char *d = run(qp_engine_describe, p);
    /* Lost: the exploded mine, the wrong flag (w) shown. */
    CHECK(strstr(d, "\"cells\":\"0000"
                    "0w00"
                    "0011"
                    "001X\"") != NULL);
    CHECK(strstr(d, "\"status\":\"lost\",\"reason\":\"mine\"") != NULL);
    /* Not enough flags, or nothing to open: no chord. */
    CHECK(is_error(apply("4x4/1:safe 7 ..../..../..1./...*", "c 2,2")));
    CHECK(strstr(apply("4x4/1:safe 7 ..../..../..1./...*", "c 2,2"), "no chord") != NULL);
    CHECK(is_error(apply("4x4/1:safe 7 0000/0000/0011/00f*", "c 2,3")));
    /* Legal lists the chord only where it is ready. */
    CHECK(strstr(run(qp_engine_legal, "4x4/1:safe 7 ..../..../..1./...F"), "c 2,2") != NULL);
    CHECK(strstr(run(qp_engine_legal, "4x4/1:safe 7 ..../..../..1./...*"), "c ") == NULL);
}

static void test_flags(void)
{
    /* flag <-> blank without question marks; flag -> ? -> blank with. */
    const char *p = apply("9x9/10:safe 1", "f 2,3");
    CHECK_STR(p, "9x9/10:safe 1 ........./........./........./..f....../........./........./"
                 "........./........./.........");
    CHECK_STR(apply(p, "f 2,3"), "9x9/10:safe 1");
    char q[256];
    strcpy(q, apply("3x3/1:safe,qmarks 1", "f 0,0"));
    CHECK_STR(q, "3x3/1:safe,qmarks 1 f../.../...");
    strcpy(q, apply(q, "f 0,0"));
    CHECK_STR(q, "3x3/1:safe,qmarks 1 q../.../...");
    CHECK_STR(apply(q, "f 0,0"), "3x3/1:safe,qmarks 1");
    /* A question mark can be opened; a flag cannot; an open cell takes no
     * flag. */
    CHECK(!is_error(apply(q, "o 0,0")));
    CHECK(strstr(apply("3x3/1:safe 1 f../.../...", "o 0,0"), "flagged") != NULL);
    CHECK(strstr(apply("4x4/1:safe 7 0000/0000/0011/001*", "f 0,0"), "error") != NULL);
    CHECK(strstr(apply("4x4/1:safe 7 0f00/0000/0011/001*", "f 0,0"), "open") != NULL);
    /* The counter goes negative with too many flags. */
    const char *d = run(qp_engine_describe, "3x3/1:safe 1 ff./.../...");
    CHECK(strstr(d, "\"flags\":2,\"left\":-1") != NULL);
    /* Legal: open and flag on hidden cells, flag only on flags. */
    CHECK_STR(run(qp_engine_legal, "2x2/1:safe 1 f./.."),
              "f 0,0 o 1,0 f 1,0 o 0,1 f 0,1 o 1,1 f 1,1");
}

static void test_bad_positions(void)
{
    static const char *bad[] = {
        "",
        "9x9/10:safe",
        "9x9/10:safe x",
        "9x9/10:safe -1",
        "9x9/10:safe 9007199254740992",
        "9x9/10:safe ?",
        "3x3/1:safe 1 .../...",
        "3x3/1:safe 1 ..../.../...",
        "3x3/1:safe 1 ../.../...",
        "3x3/1:safe 1 *../.../...", /* mines before the first click */
        "3x3/1:safe 1 1*./.../...", /* wrong number: (0,0) sees 1, fine... */
        "3x3/2:safe 1 1*./.../...", /* 2 mines said, 1 on the board */
        "3x3/1:safe 1 2*./.../...", /* wrong number */
        "3x3/1:safe 1 X../.../...", /* only an exploded mine open */
        "3x3/1:safe 1 q../.../...", /* question mark without qmarks */
        "3x3/1:safe 1 z../.../...",
        "3x3/1:safe 1 .../.../... extra",
    };
    for (int i = 0; i < QP_ARRAY_LEN(bad); i++) {
        const char *r = run(qp_engine_status, bad[i]);
        if (i == 10) { /* the control: a fine position */
            CHECK_STR(r, "playing");
            continue;
        }
        if (!CHECK(is_error(r)))
            fprintf(stderr, "  accepted '%s'\n", bad[i]);
    }
    /* Bad actions. */
    static const char *bad_actions[] = {"o",       "o 1",      "o 1,",   "o ,1",
                                        "o 1,1,1", "x 1,1",    "o  1,1", "o 9,0",
                                        "o 0,9",   "o 1000,1", "o -1,0", "f 01234,1"};
    for (int i = 0; i < QP_ARRAY_LEN(bad_actions); i++)
        if (!CHECK(is_error(apply("9x9/10:safe 1", bad_actions[i]))))
            fprintf(stderr, "  accepted action '%s'\n", bad_actions[i]);
    /* A 0 next to a hidden cell is reachable: a flag the cascade skipped,
     * lifted since. */
    CHECK_STR(run(qp_engine_status, "4x4/1:safe 7 0.00/0000/0011/001*"), "playing");
}

static void test_describe_and_analyze(void)
{
    const char *d = run(qp_engine_describe, "4x4/1:safe 7 0f00/0000/0011/001*");
    CHECK(strstr(d, "\"w\":4,\"h\":4,\"mines\":1,\"rule\":\"safe\"") != NULL);
    CHECK(strstr(d, "\"cells\":\"0f0000000011001.\"") != NULL);
    CHECK(strstr(d, "\"opened\":14,\"safeCells\":15") != NULL);
    /* Won: every mine shows as a flag and the counter is 0. */
    d = run(qp_engine_describe, "4x4/1:safe 7 0000/0000/0011/001*");
    CHECK(strstr(d, "\"cells\":\"000000000011001f\"") != NULL);
    CHECK(strstr(d, "\"left\":0") != NULL);
    CHECK(strstr(d, "\"preset\":\"\"") != NULL);
    CHECK(strstr(run(qp_engine_describe, "30x16/99:safe 1"), "\"preset\":\"expert\"") != NULL);

    /* analyze: probabilities of every cell and the best cell. The 1 at
     * (0,0) of a 2x2 with one mine: each hidden cell 1/3. */
    qp_ai_opts o = {3, 1, 0};
    qp_buf b;
    qp_error err;
    qp_buf_init(&b, out_mem, sizeof out_mem);
    CHECK(qp_engine_analyze(g, "2x2/1:safe 1 1./*.", &o, &b, &err));
    CHECK(strstr(out_mem, "\"probs\":[-1,0.3333,0.3333,0.3333]") != NULL);
    CHECK(strstr(out_mem, "\"kind\":\"endgame\"") != NULL);
    /* A certain cell: the 1 has one hidden neighbour left, so the other
     * hidden cells are safe. */
    qp_buf_init(&b, out_mem, sizeof out_mem);
    CHECK(qp_engine_analyze(g, "3x2/1:safe 1 *../110", &o, &b, &err));
    CHECK(strstr(out_mem, "\"kind\":\"safe\"") != NULL);
    CHECK(strstr(out_mem, "\"probs\":[1,0,0,-1,-1,-1]") != NULL);
    CHECK(strstr(out_mem, "\"safe\":[1,2],\"mines\":[0]") != NULL);
    /* Before the first click every cell is safe to click. */
    qp_buf_init(&b, out_mem, sizeof out_mem);
    CHECK(qp_engine_analyze(g, "3x3/1:safe 1", &o, &b, &err));
    CHECK(strstr(out_mem, "\"kind\":\"first\"") != NULL);
    CHECK(strstr(out_mem, "\"action\":\"o 0,0\"") != NULL);
}

/* The AI sees the view only: the same view with another hidden layout
 * gives the same choice, at every level. */
static void test_view_only(void)
{
    static char pos[1 << 12];
    qp_error err;
    int compared = 0;
    for (uint64_t seed = 1; seed <= (uint64_t)test_rounds(12, 2); seed++) {
        CHECK(g->init(&st, "16x16/40", seed, &err));
        for (int ply = 0; ply < 40 && g->status(&st).phase == QP_TURN; ply++) {
            /* Move each mine that no open cell sees to another such cell. */
            qp_buf b;
            qp_buf_init(&b, pos, sizeof pos);
            g->format_pos(&st, &b);
            char *rows = strchr(strchr(pos, ' ') + 1, ' ');
            if (rows) {
                rows++;
                int w = 16, n = 0, cells[256];
                char grid[256];
                for (char *p = rows; *p; p++)
                    if (*p != '/')
                        grid[n++] = *p;
                int k = 0;
                for (int c = 0; c < 256; c++) {
                    bool seen = false;
                    for (int dy = -1; dy <= 1; dy++)
                        for (int dx = -1; dx <= 1; dx++) {
                            int x = c % w + dx, y = c / w + dy;
                            if (x >= 0 && y >= 0 && x < w && y < 16 && grid[y * w + x] >= '0' &&
                                grid[y * w + x] <= '8')
                                seen = true;
                        }
                    if (!seen && (grid[c] == '.' || grid[c] == '*'))
                        cells[k++] = c;
                }
                /* Reverse the hidden layout on those cells. */
                int mines_before = 0;
                for (int i = 0; i < k; i++)
                    mines_before += grid[cells[i]] == '*';
                int m = 0;
                char other[256];
                memcpy(other, grid, 256);
                for (int i = 0; i < k; i++)
                    other[cells[i]] = '.';
                for (int i = k - 1; i >= 0 && m < mines_before; i--)
                    if (other[cells[i]] == '.' && grid[cells[i]] != '*') {
                        other[cells[i]] = '*';
                        m++;
                    }
                for (int i = k - 1; i >= 0 && m < mines_before; i--)
                    if (other[cells[i]] == '.') {
                        other[cells[i]] = '*';
                        m++;
                    }
                char *q = rows;
                for (int c = 0; c < 256; c++) {
                    if (c && c % w == 0)
                        *q++ = '/';
                    *q++ = other[c];
                }
                *q = '\0';
                /* Only another layout tells whether the AI looked under the cells. */
                bool differs = memcmp(other, grid, 256) != 0;
                if (CHECK(qp_engine_load(g, pos, &st2, &err)) && differs) {
                    for (int level = 1; level <= 3; level++) {
                        qp_ai_opts o = {level, seed * 31 + (uint64_t)ply, 0};
                        int a1 = -1, a2 = -2;
                        CHECK(qp_ai_choose(g, &st, &o, &a1, NULL, &err));
                        CHECK(qp_ai_choose(g, &st2, &o, &a2, NULL, &err));
                        CHECK_INT(a1, a2);
                    }
                    compared++;
                }
            }
            qp_ai_opts o = {3, seed + (uint64_t)ply, 0};
            int a;
            CHECK(qp_ai_choose(g, &st, &o, &a, NULL, &err));
            g->apply(&st, a);
        }
    }
    CHECK(compared > test_rounds(100, 10));
}

/* The AI lifts a flag on the cell it wants before opening it. */
static void test_ai_lifts_flags(void)
{
    qp_ai_opts o = {3, 1, 0};
    qp_buf b;
    qp_error err;
    qp_buf_init(&b, out_mem, sizeof out_mem);
    CHECK(qp_engine_ai(g, "4x4/1:safe 7 f.../..../..../....", &o, &b, NULL, &err));
    CHECK_STR(out_mem, "f 0,0");
    qp_buf_init(&b, out_mem, sizeof out_mem);
    CHECK(qp_engine_ai(g, "4x4/1:safe 7 ..../..../..../....", &o, &b, NULL, &err));
    CHECK_STR(out_mem, "o 0,0");
}

/* No-guess boards: every one served passes the independent replay, and
 * the AI clears it with certain moves only. */
static void test_no_guess(void)
{
    static const char *params[] = {"beginner,noguess", "intermediate,noguess", "expert,noguess",
                                   "20x12/60,noguess"};
    static const int first_x[] = {4, 3, 3, 10}, first_y[] = {4, 3, 3, 6};
    static unsigned char mine[MSV_MAX_CELLS];
    qp_error err;
    for (int i = 0; i < QP_ARRAY_LEN(params); i++) {
        for (uint64_t seed = 1; seed <= (uint64_t)test_rounds(3, 1); seed++) {
            char first[32];
            snprintf(first, sizeof first, "o %d,%d", first_x[i], first_y[i]);
            CHECK(g->init(&st, params[i], seed, &err));
            memcpy(&st2, &st, sizeof st);
            if (!CHECK(qp_apply_text(g, &st, first, &err)))
                fprintf(stderr, "  %s seed %llu: %s\n", params[i], (unsigned long long)seed,
                        err.msg);
            qp_buf b;
            qp_buf_init(&b, out_mem, sizeof out_mem);
            g->describe(&st, &b);
            CHECK(strstr(out_mem, "\"noguess\":true") != NULL);
            int n, w = strstr(out_mem, "\"w\":30")   ? 30
                       : strstr(out_mem, "\"w\":20") ? 20
                       : strstr(out_mem, "\"w\":16") ? 16
                                                     : 9;
            layout_of(&st, mine, &n);
            CHECK(minesweeper_guess_free(&st2, mine, first_y[i] * w + first_x[i]));
            /* Every move of the AI is a certain one, and it wins. */
            int moves = 0;
            while (g->status(&st).phase == QP_TURN && moves < 2000) {
                qp_ai_opts o = {3, seed, 0};
                qp_ai_info info;
                int a;
                if (!CHECK(qp_ai_choose(g, &st, &o, &a, &info, &err)))
                    break;
                CHECK_INT(info.score, 1000);
                g->apply(&st, a);
                moves++;
            }
            CHECK_STR(g->status(&st).reason, "cleared");
            /* The same seed and first click give the same board. */
            memcpy(&st, &st2, sizeof st);
            CHECK(qp_apply_text(g, &st, first, &err));
            static unsigned char again[MSV_MAX_CELLS];
            layout_of(&st, again, &n);
            CHECK(!memcmp(mine, again, (size_t)n));
        }
    }
    /* Too dense for a no-guess board: the first click is refused, with a
     * message, rather than served as a guessing board. */
    CHECK(g->init(&st, "4x2/1,noguess", 1, &err)); /* always a 50/50 at the end */
    CHECK(!qp_apply_text(g, &st, "o 0,0", &err));
    CHECK(strstr(err.msg, "no-guess") != NULL);
}

/* The replay is a real check: random expert layouts mostly need a guess
 * and fail it; the generator's pass it. */
static void test_replay_check(void)
{
    static unsigned char mine[MSV_MAX_CELLS];
    qp_error err;
    qp_rng rng;
    int first = 3 * 30 + 3, failed = 0;
    CHECK(g->init(&st, "expert:zero", 1, &err));
    qp_rng_seed(&rng, 5);
    for (int k = 0; k < test_rounds(8, 8); k++) {
        memset(mine, 0, sizeof mine);
        for (int placed = 0; placed < 99;) {
            int c = (int)qp_rng_below(&rng, 480), dx = c % 30 - 3, dy = c / 30 - 3;
            if (!mine[c] && (dx < -1 || dx > 1 || dy < -1 || dy > 1)) {
                mine[c] = 1;
                placed++;
            }
        }
        failed += !minesweeper_guess_free(&st, mine, first);
    }
    CHECK(failed >= 6);
    for (uint64_t seed = 1; seed <= (uint64_t)test_rounds(4, 1); seed++) {
        msg_stats stats;
        CHECK(msg_generate(30, 16, 99, first, seed, mine, &stats));
        CHECK(minesweeper_guess_free(&st, mine, first));
        CHECK(stats.layouts >= 1 && stats.replays >= 1);
    }
    /* A wrong mine count or a mine under the first click is refused. */
    mine[first] = 1;
    CHECK(!minesweeper_guess_free(&st, mine, first));
}

int main(void)
{
    test_params();
    test_first_click();
    test_cascade_and_win();
    test_chord();
    test_flags();
    test_bad_positions();
    test_describe_and_analyze();
    test_view_only();
    test_ai_lifts_flags();
    test_no_guess();
    test_replay_check();
    return test_report("minesweeper");
}

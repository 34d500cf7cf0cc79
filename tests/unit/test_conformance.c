/* The conformance suite: what every registered game must do, checked on
 * seeded random playouts (the OpenSpiel idea). A new game in registry.c is
 * tested here without a line of new test code. */
#include <stdlib.h>

#include "engine.h"
#include "test.h"

#define PLAYOUTS 60

static qp_state_mem st_mem, copy_mem, view_mem;
static int actions[QP_MAX_ACTIONS], again[QP_MAX_ACTIONS];
static char text[QP_TEXT_MAX], text2[QP_TEXT_MAX];

static const char *pos_text(const qp_game *g, const void *st, char *mem)
{
    qp_buf b;
    qp_buf_init(&b, mem, QP_TEXT_MAX);
    g->format_pos(st, &b);
    CHECK(!b.overflow);
    return mem;
}

/* Balanced braces and quotes: enough to catch broken JSON writers. */
static bool looks_like_json_object(const char *s)
{
    int depth = 0;
    bool in_string = false;
    if (*s != '{')
        return false;
    for (const char *p = s; *p; p++) {
        if (in_string) {
            if (*p == '\\' && p[1])
                p++;
            else if (*p == '"')
                in_string = false;
        } else if (*p == '"') {
            in_string = true;
        } else if (*p == '{' || *p == '[') {
            depth++;
        } else if (*p == '}' || *p == ']') {
            if (--depth < 0)
                return false;
        }
    }
    return depth == 0 && !in_string;
}

/* Links and records (record.c) write each move in the game's notation:
 * one that a link's separators cannot break, which reads back the same
 * (one character when the game's move lists are compact). */
static void check_move_notation(const qp_game *g, const void *st, int action)
{
    char move[96];
    qp_buf b;
    qp_error err;
    int a = -1;
    qp_buf_init(&b, move, sizeof move);
    (g->format_move ? g->format_move : g->format_action)(st, action, &b);
    CHECK(!b.overflow && move[0] && !strpbrk(move, " ./|"));
    CHECK(!g->compact_moves || strlen(move) == 1);
    bool ok =
        g->parse_move ? g->parse_move(st, move, &a, &err) : g->parse_action(st, move, &a, &err);
    if (!CHECK(ok && a == action))
        fprintf(stderr, "  %s: move '%s'\n", g->id, move);
}

static void check_position(const qp_game *g, void *st)
{
    qp_error err;
    qp_status s = g->status(st);
    int n = g->legal(st, actions, QP_MAX_ACTIONS);

    CHECK((s.phase == QP_TURN) == (n > 0));
    CHECK(s.reason != NULL);
    for (int i = 1; i < n; i++)
        if (!CHECK(actions[i - 1] < actions[i]))
            break;

    /* POS round trip: parse(format(s)) formats the same and plays the same. */
    pos_text(g, st, text);
    if (!CHECK(qp_engine_load(g, text, &copy_mem, &err)))
        fprintf(stderr, "  %s: '%s': %s\n", g->id, text, err.msg);
    CHECK_STR(pos_text(g, &copy_mem, text2), text);
    CHECK_INT(g->legal(&copy_mem, again, QP_MAX_ACTIONS), n);
    CHECK(!memcmp(actions, again, sizeof(int) * (size_t)n));
    qp_status s2 = g->status(&copy_mem);
    CHECK(s2.phase == s.phase && s2.player == s.player);

    /* Every legal action reads back from its own text. */
    for (int i = 0; i < n; i++) {
        qp_buf b;
        int a = -1;
        qp_buf_init(&b, text2, sizeof text2);
        g->format_action(st, actions[i], &b);
        if (!CHECK(g->parse_action(st, text2, &a, &err) && a == actions[i]))
            fprintf(stderr, "  %s: action '%s' in '%s'\n", g->id, text2, text);
        check_move_notation(g, st, actions[i]);
    }
    err.msg[0] = '\0';
    CHECK(!g->parse_action(st, "?!", &(int){0}, &err) && err.msg[0]);

    qp_buf b;
    qp_buf_init(&b, text2, sizeof text2);
    g->describe(st, &b);
    CHECK(!b.overflow && looks_like_json_object(text2));
    qp_buf_init(&b, text2, sizeof text2);
    g->show(st, &b);
    CHECK(!b.overflow && b.len > 0);
    if (g->observe) {
        g->observe(st, s.player >= 0 ? s.player : 0, &view_mem);
        qp_buf_init(&b, text2, sizeof text2);
        g->format_pos(&view_mem, &b);
        CHECK(!b.overflow);
    }
}

/* Every prefix of a valid POS, and some noise, is read without a crash and
 * refused with a message when it is not a position. */
static void check_hostile_positions(const qp_game *g, const char *valid)
{
    qp_error err;
    char buf[512];
    size_t len = strlen(valid);
    for (size_t k = 0; k < len && k < sizeof buf - 1; k++) {
        memcpy(buf, valid, k);
        buf[k] = '\0';
        err.msg[0] = '\0';
        if (!qp_engine_load(g, buf, &copy_mem, &err))
            CHECK(err.msg[0] != '\0');
    }
    static const char *noise[] = {"",
                                  " ",
                                  "x",
                                  "??",
                                  "0 0 0",
                                  "\x7f",
                                  "-1",
                                  "9999999999999999999",
                                  "........................................ x 1 2 3"};
    for (int i = 0; i < QP_ARRAY_LEN(noise); i++) {
        err.msg[0] = '\0';
        if (!qp_engine_load(g, noise[i], &copy_mem, &err))
            CHECK(err.msg[0] != '\0');
    }
}

static void check_ai_levels(const qp_game *g, const void *st)
{
    for (int level = 1; level <= g->max_level; level++) {
        qp_ai_opts o = {level, 42, 0};
        qp_error err;
        int a = -1, b = -2;
        bool ok =
            qp_ai_choose(g, st, &o, &a, NULL, &err) && qp_ai_choose(g, st, &o, &b, NULL, &err);
        if (!CHECK(ok && a == b))
            fprintf(stderr, "  %s level %d: %s\n", g->id, level,
                    ok ? "not deterministic" : err.msg);
    }
}

static void check_game(const qp_game *g)
{
    qp_error err;
    qp_rng rng;
    CHECK(g->state_size <= QP_STATE_MAX);
    CHECK(g->default_level >= 1 && g->default_level <= g->max_level);
    CHECK(g->max_level <= QP_MAX_LEVELS);
    CHECK(strlen(g->sides) == (size_t)g->players);
    CHECK(!g->init(&st_mem, "no such params !", 1, &err) && err.msg[0]);

    for (int game = 0; game < test_rounds(PLAYOUTS, 6); game++) {
        qp_rng_seed(&rng, (uint64_t)game * 7919 + 1);
        memset(&st_mem, 0, g->state_size);
        if (!CHECK(g->init(&st_mem, NULL, (uint64_t)game, &err))) {
            fprintf(stderr, "  %s: %s\n", g->id, err.msg);
            return;
        }
        if (game == 0)
            check_hostile_positions(g, pos_text(g, &st_mem, text));
        int ply = 0;
        for (;;) {
            check_position(g, &st_mem);
            if (game == 0 && (ply == 0 || ply == 3) && g->status(&st_mem).phase == QP_TURN)
                check_ai_levels(g, &st_mem);
            int n = g->legal(&st_mem, actions, QP_MAX_ACTIONS);
            if (n == 0)
                break;
            g->apply(&st_mem, actions[qp_rng_below(&rng, (uint32_t)n)]);
            if (!CHECK(++ply <= g->max_plies))
                break;
        }
        CHECK(g->status(&st_mem).phase != QP_TURN);
        /* The engine refuses any action once the game is over. */
        CHECK(!qp_apply_text(g, &st_mem, "1", &err) && strstr(err.msg, "over"));
    }
}

int main(void)
{
    CHECK(qp_game_count >= 1);
    for (int i = 0; i < qp_game_count; i++) {
        int before = test_failed;
        check_game(qp_games[i]);
        printf("%-12s %s\n", qp_games[i]->id, test_failed == before ? "ok" : "FAILED");
        for (int j = 0; j < i; j++)
            CHECK(strcmp(qp_games[i]->id, qp_games[j]->id) != 0);
    }
    return test_report("conformance");
}

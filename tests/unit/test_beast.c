/* Dark animal chess: its rules (docs/rules.md, "Dark animal chess") through the
 * engine's text layer (POS in, POS or actions out), from small hand-made
 * positions. */
#include "engine.h"
#include "beast_board.h"
#include "games/beast/rules.h"
#include "test.h"

static const qp_game *g = &qp_beast;
#include "engine_calls.h"
static qp_state_mem st;

static const char *apply(const char *pos, const char *moves)
{
    const char *list[64];
    static char copy[512], in[512], result[1024];
    int n = 0;
    qp_buf b;
    qp_error err;
    snprintf(copy, sizeof copy, "%s", moves);
    snprintf(in, sizeof in, "%s", pos);
    for (char *p = strtok(copy, " "); p && n < 64; p = strtok(NULL, " "))
        list[n++] = p;
    qp_buf_init(&b, result, sizeof result);
    if (!qp_engine_apply(g, in, list, n, &b, &err))
        snprintf(result, sizeof result, "error: %s", err.msg);
    return result;
}

static bool has_word(const char *list, const char *word)
{
    size_t n = strlen(word);
    for (const char *p = list; (p = strstr(p, word)); p += n)
        if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
            return true;
    return false;
}

/* The capture table of docs/rules.md, written out independently of the code. */
static bool spec_takes(int a, int t)
{
    static const int rank[] = {7, 6, 5, 4, 3, 2, 1};
    if (a == BX_HAWK)
        return false; /* never adjacently */
    if (a == BX_DRAGON && t == BX_CAT)
        return false;
    if (a == BX_CAT)
        return t == BX_CAT || t == BX_DRAGON;
    return rank[a] >= rank[t];
}

static void test_adjacent_captures(void)
{
    const char *letters = "DTEBFHC";
    for (int a = 0; a < BX_TYPES; a++) {
        for (int t = 0; t < BX_TYPES; t++) {
            char place[64];
            snprintf(place, sizeof place, "b4=%c b5=%c", letters[a], letters[t] - 'A' + 'a');
            const char *pos = board(place, 'r', 0);
            bool legal = has_word(run(qp_engine_legal, pos), "b4b5");
            if (!CHECK(legal == spec_takes(a, t)))
                fprintf(stderr, "  %c takes %c adjacent: %d\n", letters[a], letters[t], legal);
            const char *r = apply(pos, "b4b5");
            if (spec_takes(a, t))
                CHECK(strncmp(r, "error", 5) != 0);
            else
                CHECK(strstr(r, "error: cannot capture that: ") == r);
            /* The same from blue's side, the other way round. */
            snprintf(place, sizeof place, "c2=%c c1=%c", letters[t], letters[a] - 'A' + 'a');
            CHECK(has_word(run(qp_engine_legal, board(place, 'b', 3)), "c1c2") == spec_takes(a, t));
        }
    }
    /* Sideways and not diagonally; never a face-down or an own piece. */
    CHECK(has_word(run(qp_engine_legal, board("b4=T c4=e", 'r', 0)), "b4c4"));
    CHECK(!has_word(run(qp_engine_legal, board("b4=T c5=e", 'r', 0)), "b4c5"));
    CHECK_STR(apply(board("b4=T c5=e", 'r', 0), "b4c5"),
              "error: cannot move there: c5 is not one step from b4");
    /* An enemy two squares away is out of reach, not a refused capture:
     * the page says "Cannot move there!", and the same for a face-down. */
    CHECK_STR(apply(board("b4=T b6=e", 'r', 0), "b4b6"),
              "error: cannot move there: b6 is not one step from b4");
    CHECK_STR(apply(board("b4=T b6=?e a1=e", 'r', 0), "b4b6"),
              "error: cannot move there: b6 is not one step from b4");
    CHECK(!has_word(run(qp_engine_legal, board("b4=T b5=?e a1=e", 'r', 0)), "b4b5"));
    CHECK_STR(apply(board("b4=T b5=?e a1=e", 'r', 0), "b4b5"),
              "error: cannot capture that: the piece on b5 is face-down");
    CHECK_STR(apply(board("b4=T b5=E a1=e", 'r', 0), "b4b5"),
              "error: cannot capture that: the elephant on b5 is yours");
    CHECK_STR(apply(board("b4=D b5=c", 'r', 0), "b4b5"),
              "error: cannot capture that: the dragon cannot take a cat");
    CHECK_STR(apply(board("b4=B b5=t", 'r', 0), "b4b5"),
              "error: cannot capture that: a bear cannot take a tiger");
    /* The captor takes the cell; the counter restarts; the log says it. */
    CHECK_STR(apply(board("b4=C b5=d", 'r', 7), "b4b5"),
              "..../..../..../.C../..../..../..../.... b 0 b4b5xd");
}

static void test_hawk(void)
{
    /* Over exactly one piece of any kind, at any distance, in a line. */
    static const char *screens[] = {"?c", "?E", "F", "t"};
    for (int i = 0; i < 4; i++) {
        char place[64];
        snprintf(place, sizeof place, "a1=H a4=%s a8=d", screens[i]);
        const char *pos = board(place, 'r', 0);
        CHECK(has_word(run(qp_engine_legal, pos), "a1a8"));
        CHECK(strncmp(apply(pos, "a1a8"), "error", 5) != 0);
        snprintf(place, sizeof place, "a2=H b2=%s d2=c", screens[i]);
        CHECK(has_word(run(qp_engine_legal, board(place, 'r', 0)), "a2d2"));
    }
    /* It takes any rank: the dragon, a hawk, a cat. */
    CHECK(has_word(run(qp_engine_legal, board("c3=H c4=?C c5=h", 'r', 0)), "c3c5"));
    CHECK(has_word(run(qp_engine_legal, board("c3=H c4=?C c6=c", 'r', 0)), "c3c6"));
    /* Never adjacent, never with no screen or two, never a face-down or
     * an own piece. */
    CHECK(!has_word(run(qp_engine_legal, board("a1=H a2=c", 'r', 0)), "a1a2"));
    CHECK_STR(apply(board("a1=H a2=c", 'r', 0), "a1a2"),
              "error: cannot capture that: the hawk on a1 takes only by jumping over exactly "
              "one piece in its row or column");
    CHECK(!has_word(run(qp_engine_legal, board("a1=H a5=c", 'r', 0)), "a1a5"));
    CHECK(!has_word(run(qp_engine_legal, board("a1=H a2=?C a3=?C a5=c", 'r', 0)), "a1a5"));
    CHECK(!has_word(run(qp_engine_legal, board("a1=H a2=?C a3=?c a5=c", 'r', 0)), "a1a3"));
    CHECK(!has_word(run(qp_engine_legal, board("a1=H a2=c a3=C", 'r', 0)), "a1a3"));
    CHECK(!has_word(run(qp_engine_legal, board("a1=H b2=c c3=t", 'r', 0)), "a1c3"));
    /* The hawk itself is taken adjacently by ranks above it (not a cat),
     * and by an enemy hawk's jump. */
    CHECK(has_word(run(qp_engine_legal, board("a1=F a2=h", 'r', 0)), "a1a2"));
    CHECK(!has_word(run(qp_engine_legal, board("a1=C a2=h", 'r', 0)), "a1a2"));
    CHECK(has_word(run(qp_engine_legal, board("a1=H b1=?d d1=h", 'r', 0)), "a1d1"));
    /* And it walks one step like anyone. */
    CHECK_STR(run(qp_engine_legal, board("a1=H d8=c", 'r', 0)), "a1b1 a1a2");
}

static void test_flips_and_colours(void)
{
    const char *start =
        "?D?T?E?B/?F?H?C?C/?C?C?C?T/?E?B?F?H/?d?t?e?b/?f?h?c?c/?c?c?c?t/?e?b?f?h ? 0";
    CHECK_STR(run(qp_engine_status, start), "turn ?");
    CHECK_STR(run(qp_engine_legal, start),
              "a1 b1 c1 d1 a2 b2 c2 d2 a3 b3 c3 d3 a4 b4 c4 d4 a5 b5 c5 d5 a6 b6 c6 d6 a7 b7 c7 "
              "d7 a8 b8 c8 d8");
    /* Flipping a blue piece makes the flipper blue: red moves next. */
    char after[256];
    snprintf(after, sizeof after, "%s", apply(start, "a1"));
    CHECK_STR(after,
              "?D?T?E?B/?F?H?C?C/?C?C?C?T/?E?B?F?H/?d?t?e?b/?f?h?c?c/?c?c?c?t/e?b?f?h r 0 a1");
    CHECK_STR(run(qp_engine_status, after), "turn r");
    CHECK_STR(run(qp_engine_status, apply(start, "a8")), "turn b");
    /* Red may flip a blue piece too, and a flip restarts the counter. */
    CHECK(strstr(apply(after, "b1"), "?D?T?E?B/?F?H?C?C/?C?C?C?T/?E?B?F?H/?d?t?e?b/?f?h?c?c/"
                                     "?c?c?c?t/eb?f?h b 0 b1") != NULL);
    CHECK_STR(apply(board("a1=?c b1=?C c3=T", 'r', 12), "a1"),
              "..../..../..../..../..../..T./..../c?C.. b 0 a1");
    CHECK_STR(apply(after, "a1"), "error: nothing to flip: a1 is face-up");
    CHECK_STR(apply(after, "a1a2"), "error: not your piece: the elephant on a1 is blue");
    CHECK_STR(apply(after, "b1b2"), "error: face-down: the piece on b1 must be flipped first");
    CHECK_STR(apply(board("a1=T d8=c", 'r', 0), "b1b2"), "error: no piece: b1 is empty");
    CHECK_STR(apply(board("a1=T d8=c", 'r', 0), "a1a1"),
              "error: cannot move there: a1a1 does not leave its cell");
    CHECK_STR(apply(board("a1=T d8=c", 'r', 0), "a1a3"),
              "error: cannot move there: a3 is not one step from a1");
    /* The deal: shuffled, every piece face-down, the same for a seed. */
    qp_buf b;
    char one[256], two[256];
    qp_buf_init(&b, one, sizeof one);
    CHECK(qp_engine_new(g, NULL, 5, &b, &(qp_error){""}));
    qp_buf_init(&b, two, sizeof two);
    CHECK(qp_engine_new(g, NULL, 5, &b, &(qp_error){""}));
    CHECK_STR(one, two);
    qp_buf_init(&b, two, sizeof two);
    CHECK(qp_engine_new(g, NULL, 6, &b, &(qp_error){""}));
    CHECK(strcmp(one, two) != 0);
    int questions = 0;
    for (const char *p = one; *p; p++)
        questions += *p == '?';
    CHECK_INT(questions, 33); /* 32 pieces and the side */
    CHECK(!qp_engine_new(g, "x", 5, &b, &(qp_error){""}));
}

static void test_hp_and_end(void)
{
    qp_error err;
    /* HP counts face-down pieces too. */
    CHECK(qp_engine_load(g, board("a1=D a2=?T b1=c b2=?c d8=?h", 'r', 0), &st, &err));
    CHECK_INT(beast_hp((beast_state *)&st, BX_RED), 31);
    CHECK_INT(beast_hp((beast_state *)&st, BX_BLUE), 5);
    /* Taking the last piece: HP 0, a win. */
    const char *won = apply(board("a1=T a2=c", 'r', 4), "a1a2");
    CHECK_STR(won, "..../..../..../..../..../..../T.../.... b 0 a1a2xc");
    CHECK_STR(run(qp_engine_status, won), "win r");
    CHECK_STR(run(qp_engine_legal, won), "");
    CHECK(qp_engine_load(g, won, &st, &err));
    CHECK_STR(g->status(&st).reason, "hp");
    /* A face-down piece keeps a side alive (HP 3). */
    CHECK_STR(run(qp_engine_status, apply(board("a1=T a2=c d8=?h", 'r', 4), "a1a2")), "turn b");
    /* Stuck: red's only piece, a cat, boxed in by tigers; nothing to flip. */
    const char *stuck = board("a1=C a2=t b1=t", 'r', 3);
    CHECK_STR(run(qp_engine_status, stuck), "win b");
    CHECK(qp_engine_load(g, stuck, &st, &err));
    CHECK_STR(g->status(&st).reason, "stuck");
    CHECK_STR(run(qp_engine_status, board("a1=C a2=t b1=t d8=?c", 'r', 3)), "turn r");
}

static void test_no_progress(void)
{
    const char *pos = board("a1=T d8=c", 'r', 49);
    CHECK_STR(run(qp_engine_status, pos), "turn r");
    const char *after = apply(pos, "a1a2");
    CHECK_STR(after, "...c/..../..../..../..../..../T.../.... b 50 a1a2");
    CHECK_STR(run(qp_engine_status, after), "draw");
    CHECK(qp_engine_load(g, after, &st, &(qp_error){""}));
    CHECK_STR(g->status(&st).reason, "no-progress");
    CHECK_STR(run(qp_engine_legal, after), "");
    /* Stuck on the 50th ply still loses. */
    CHECK_STR(run(qp_engine_status, board("a1=C a2=t b1=t", 'r', 50)), "win b");
}

static void test_repetition(void)
{
    /* Two pieces shuffling: the start comes back at plies 4 and 8. */
    const char *start = board("a1=T d8=c", 'r', 0);
    char pos[512];
    snprintf(pos, sizeof pos, "%s", apply(start, "a1a2 d8d7 a2a1 d7d8"));
    CHECK_STR(pos, "...c/..../..../..../..../..../..../T... r 4 a1a2,d8d7,a2a1,d7d8");
    CHECK_STR(run(qp_engine_status, pos), "turn r");
    snprintf(pos, sizeof pos, "%s", apply(pos, "a1a2 d8d7 a2a1"));
    CHECK_STR(run(qp_engine_status, pos), "turn b");
    snprintf(pos, sizeof pos, "%s", apply(pos, "d7d8"));
    CHECK_STR(run(qp_engine_status, pos), "draw");
    CHECK(qp_engine_load(g, pos, &st, &(qp_error){""}));
    CHECK_STR(g->status(&st).reason, "repetition");
    CHECK_INT(beast_repeats((beast_state *)&st), 3);
    /* Without the log nothing earlier is known. */
    CHECK_STR(run(qp_engine_status, board("a1=T d8=c", 'r', 8)), "turn r");
    /* The log after a flip or a capture starts with it. */
    const char *flip = apply(board("a1=T b1=?c d8=c", 'r', 9), "b1 d8d7 a1a2");
    CHECK_STR(flip, "..../...c/..../..../..../..../T.../.c.. b 2 b1,d8d7,a1a2");
    CHECK_STR(run(qp_engine_status, flip), "turn b");
}

static void test_bad_positions(void)
{
    static const char *bad[] = {
        "",
        "?D?T?E?B",
        "..../..../..../..../..../..../..../T... r",
        "..../..../..../..../..../..../..../T... x 0",
        "..../..../..../..../..../..../..../T... r 51",
        "..../..../..../..../..../..../..../T... r -1",
        "..../..../..../..../..../..../..../T..c. r 0", /* 5 cells */
        "..../..../..../..../..../..../..../T.Z. r 0", /* no such letter */
        "..../..../..../..../..../..../..../T?.. r 0", /* '?' without a letter */
        "..../..../..../..../..../..../..../T??. r 0", /* a view's unknown cell */
        "..../..../..../..../..../..../T... r 0", /* 7 rows */
        "DD../..../..../..../..../..../..../c... r 0", /* two red dragons */
        "CCCC/CC../..../..../..../..../..../c... r 0", /* six red cats */
        "..../..../..../..../..../..../..../T... r 0", /* blue lost on red's turn */
        "..../..../..../..../..../..../..../?T?c r 0", /* nothing face-up, colours dealt */
        "..../..../..../..../..../..../..../T.c. ? 0", /* '?' with a face-up piece */
        "..../..../..../..../..../..../..../T..c r 3 a1a2", /* the move does not fit */
        "..../..../..../..../..../..../T.../...c b 0 a1a2", /* more moves than plies */
        "..../..../..../..../..../..../T.../...c b 1 b1,a1a2", /* flip on an empty cell */
        "..../..../..../..../..../..../T.../...c b 1 a1a2,a1", /* a flip must be first */
        "..../..../..../..../..../..../T.../...c b 0 a1a2xC", /* took its own colour */
        "..../..../..../..../..../..../C.../...t b 0 a1a2xD", /* the cat stands on a2 */
        "..../..../..../..../..../..../T.../...c b 0 a1a2xd", /* a tiger cannot take the dragon */
        "..../..../..../..../..../..../..../T..c r 1 d3d1", /* not one step */
        "..../..../..../..../..../..../T.../...c b 0 a3", /* a flip needs a face-up piece there */
        /* the game had ended by repetition before the last move */
        "..../..../..../..../..../..../T.../...c b 9 a1a2,d1d2,a2a1,d2d1,a1a2,d1d2,a2a1,d2d1,a1a2",
        "..../..../..../..../..../..../..../T..c r 0 x",
        "..../..../..../..../..../..../..../T..c r 0 a1a2 extra",
    };
    for (int i = 0; i < QP_ARRAY_LEN(bad); i++) {
        qp_error err = {""};
        bool ok = qp_engine_load(g, bad[i], &st, &err);
        if (!CHECK(!ok && err.msg[0]))
            fprintf(stderr, "  accepted '%s'\n", bad[i]);
    }
    /* And what is fine. */
    static const char *good[] = {
        "..../..../..../..../..../..../c.../...T r 0 a1a2xD",
        "..../..../..../..../..../..../..../T..c r 4 a1a2,d1d2,a2a1,d2d1",
        "..../..../..../..../..../..../..../T..c r 7 a2a1,d2d1",
        "..../..../..../..../..../..../..../T..c r 8 a1a2,d1d2,a2a1,d2d1,a1a2,d1d2,a2a1,d2d1",
        "..../..../..../..../..../..../..../c..T b 50",
    };
    for (int i = 0; i < QP_ARRAY_LEN(good); i++) {
        qp_error err = {""};
        if (!CHECK(qp_engine_load(g, good[i], &st, &err)))
            fprintf(stderr, "  refused '%s': %s\n", good[i], err.msg);
    }
}

static void test_chance_interface(void)
{
    qp_state_mem view;
    qp_chance out[BX_KINDS];
    CHECK(qp_engine_load(g, board("a1=T b1=?c c1=?c d1=?D a8=?h", 'b', 0), &st, &(qp_error){""}));
    g->observe(&st, 1, &view);
    qp_buf b;
    char text[256];
    qp_buf_init(&b, text, sizeof text);
    g->format_pos(&view, &b);
    CHECK_STR(text, "??.../..../..../..../..../..../..../T?????? b 0");
    int n = g->chance_outcomes(&view, bx_action(1, 1), out, BX_KINDS);
    CHECK_INT(n, 3);
    CHECK(out[0].outcome == BX_DRAGON && out[0].weight == 1);
    CHECK(out[1].outcome == BX_TYPES + BX_HAWK && out[1].weight == 1);
    CHECK(out[2].outcome == BX_TYPES + BX_CAT && out[2].weight == 2);
    CHECK_INT(g->chance_outcomes(&view, bx_action(0, 1), out, BX_KINDS), 0);
    g->apply_outcome(&view, bx_action(1, 1), BX_DRAGON);
    qp_buf_init(&b, text, sizeof text);
    g->format_pos(&view, &b);
    CHECK_STR(text, "??.../..../..../..../..../..../..../TD???? r 0 b1");
    CHECK_INT(g->chance_outcomes(&view, bx_action(2, 2), out, BX_KINDS), 2);
}

static void test_describe(void)
{
    const char *pos = apply(board("a1=T a2=c b1=?C d8=h d7=?c c7=E", 'r', 4), "a1a2");
    const char *d = run(qp_engine_describe, pos);
    CHECK(strstr(d, "\"turn\":\"b\"") != NULL);
    CHECK(strstr(d, "\"hp\":{\"r\":23,\"b\":4}") != NULL);
    CHECK(strstr(d, "\"pieces\":{\"r\":{\"D\":0,\"T\":1,\"E\":1,\"B\":0,\"F\":0,\"H\":0,\"C\":1},"
                    "\"b\":{\"D\":0,\"T\":0,\"E\":0,\"B\":0,\"F\":0,\"H\":1,\"C\":1}}") != NULL);
    CHECK(strstr(d, "\"last\":{\"action\":\"a1a2\",\"kind\":\"capture\",\"from\":\"a1\","
                    "\"to\":\"a2\",\"piece\":\"T\",\"taken\":\"c\"}") != NULL);
    CHECK(strstr(d, "{\"at\":\"d8\",\"state\":\"up\",\"piece\":\"h\",\"type\":\"hawk\","
                    "\"colour\":\"b\",\"rank\":2,\"value\":3}") != NULL);
    CHECK(strstr(d, "{\"at\":\"d7\",\"state\":\"down\"}") != NULL);
    CHECK(strstr(d, "\"moves\":{\"d8\":[\"c8\"]},\"captures\":{}") != NULL);
    CHECK(strstr(d, "\"flips\":[\"b1\",\"d7\"]") != NULL);
    CHECK(strstr(d, "\"plies\":0,\"pliesLimit\":50") != NULL);
    /* The hawk on d8 jumps c8 to b8, and d6 to d4 at a distance. */
    d = run(qp_engine_describe, board("d8=h d6=?c d4=T b8=C c8=?C", 'b', 2));
    CHECK(strstr(d, "\"captures\":{\"d8\":[\"d4\",\"b8\"]}") != NULL);
    CHECK(strstr(d, "\"moves\":{\"d8\":[\"d7\"]}") != NULL);
    CHECK(strstr(d, "\"last\":null") != NULL);
    d = run(qp_engine_describe, apply(board("a1=T d8=c", 'r', 3), "a1b1"));
    CHECK(strstr(d, "\"last\":{\"action\":\"a1b1\",\"kind\":\"move\",\"from\":\"a1\",\"to\":\"b1\","
                    "\"piece\":\"T\"}") != NULL);
    d = run(qp_engine_describe, board("a1=C a2=t b1=t", 'r', 3));
    CHECK(strstr(d, "\"over\":true,\"winner\":\"b\",\"reason\":\"stuck\"") != NULL);
}

int main(void)
{
    test_adjacent_captures();
    test_hawk();
    test_flips_and_colours();
    test_hp_and_end();
    test_no_progress();
    test_repetition();
    test_bad_positions();
    test_chance_interface();
    test_describe();
    return test_report("beast");
}

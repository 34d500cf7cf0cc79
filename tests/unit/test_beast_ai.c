/* Dark animal chess AIs: they cannot peek, level 1 follows the original's
 * rules, levels 2-3 see tactics, Star1/Star2 prune without changing the
 * value, the evaluation's terms point the right way, and the levels rank
 * as they should. Level 3 runs on small
 * budgets here (the sanitizers are slow); strength is in bench/beast.cjs. */
#include "games/beast/ai.h"
#include "games/beast/endgame.h"
#include "games/beast/rules.h"
#include "games/beast/think.h"
#include "beast_board.h"
#include "engine.h"
#include "match.h"
#include "review.h"
#include "rng.h"
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
    bn_key_alive(&n);
    int full[BX_KINDS];
    memcpy(full, bn_piece_values(&n), sizeof full);
    CHECK(full[BX_TIGER] > 2 * full[BX_CAT] && full[BX_HAWK] > 2 * full[BX_CAT]);
    for (int t = 1; t < BX_TYPES; t++) /* the tiger, which takes cats, comes close */
        CHECK(full[BX_DRAGON] >= full[t]);
    CHECK_INT(full[BX_TYPES + BX_TIGER], full[BX_TIGER]); /* the colours alike */
    /* With the blue cats and hawks gone nothing can take the red dragon
     * but the blue one: it is worth more. */
    n.alive[BX_TYPES + BX_CAT] = n.alive[BX_TYPES + BX_HAWK] = 0;
    bn_key_alive(&n);
    CHECK(bn_piece_values(&n)[BX_DRAGON] > full[BX_DRAGON]);
    /* Two blue cats two steps from the cornered red dragon, against the
     * same cats far away (the same steps for every piece): danger. */
    CHECK(eval_of(board("a1=D a3=c c1=c", 'r', 0), false) <
          eval_of(board("a1=D b6=c c6=c", 'r', 0), false));
    /* A tiger in the open has more steps than in a corner. */
    CHECK(eval_of(board("b4=T d8=c", 'r', 0), false) > eval_of(board("a1=T d8=c", 'r', 0), false));
    /* Every piece face up: a tiger two steps from the elephant it hunts
     * rather than far away in a corner is worth more to the side far
     * ahead in material (its way to the enemy, not shuffling) than to the
     * side behind. */
    int ahead = eval_of(board("b4=T b6=e d1=E", 'r', 0), true) -
                eval_of(board("a1=T d8=e d1=E", 'r', 0), true);
    int behind = eval_of(board("b4=T b6=e d1=b c1=f", 'r', 0), true) -
                 eval_of(board("a1=T d8=e d1=b c1=f", 'r', 0), true);
    if (!CHECK(ahead > behind + 20))
        fprintf(stderr, "  nearer the prey: %d ahead, %d behind\n", ahead, behind);
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

/* The value level 3 gives a move that draws by a third occurrence, for
 * Blue with `blue` against `red` (three pieces each, beyond the tables),
 * after both sides stepped back and forth twice. */
static int repetition_value(const char *blue, const char *red)
{
    static char pos[128], out[8192];
    snprintf(pos, sizeof pos, "%.3s./..../..../..../..../..../..../%.3s. r 0", blue, red);
    qp_error err;
    CHECK(qp_engine_load(g, pos, &st, &err));
    const char *loop[] = {"a1a2", "a8a7", "a2a1", "a7a8", "a1a2", "a8a7", "a2a1"};
    for (int i = 0; i < QP_ARRAY_LEN(loop); i++) {
        int a;
        CHECK(g->parse_action(&st, loop[i], &a, &err));
        g->apply(&st, a);
    }
    qp_buf b;
    qp_buf_init(&b, pos, sizeof pos);
    g->format_pos(&st, &b);
    beast_tuning.nodes = 20000;
    snprintf(out, sizeof out, "%s", analyze(pos, 3));
    beast_tuning.nodes = 0;
    const char *at = strstr(out, "\"a7a8\":"); /* back to the start a third time */
    return at ? atoi(at + 7) : 99999;
}

/* A draw is bad when ahead and good when behind: the move that draws by
 * repetition is worth less than the contempt's -50 to the side far ahead
 * in material, more to the side far behind. */
static void test_draw_value(void)
{
    int ahead = repetition_value("dte", "CFB"), behind = repetition_value("cfb", "DTE");
    CHECK(ahead < -50 && behind > -50 && behind < 99999);
    if (!CHECK(ahead < behind - 100))
        fprintf(stderr, "  draw ahead %d, behind %d\n", ahead, behind);
}

/* ---- Endings the tables hold (ending.c) ---- */

/* A random position of the pieces named ("DHt": red dragon and hawk,
 * blue tiger) with the tables' outcome `want` for the side to move. */
static void table_position(const char *pieces, int want, qp_rng *rng, beast_state *s)
{
    for (;;) {
        memset(s, 0, sizeof *s);
        for (const char *p = pieces; *p; p++) {
            int blue = *p >= 'a', sq;
            int type = (int)(strchr(BX_LETTER, blue ? *p - 'a' + 'A' : *p) - BX_LETTER);
            do
                sq = (int)qp_rng_below(rng, BX_CELLS);
            while (s->cell[sq] != BX_EMPTY);
            s->cell[sq] = (uint8_t)bx_up(blue * BX_TYPES + type);
        }
        s->to_move = (int8_t)qp_rng_below(rng, 2);
        bt_value v;
        if (beast_status(s).phase == QP_TURN && bt_probe(s->cell, s->to_move, 0, &v) &&
            v.outcome == want)
            return;
    }
}

/* Level 3 converts what the tables win, against every level: it says it
 * wins (in the plies of the tables' line), each capture comes within the
 * DTZ the tables gave when the last one was made, and the game is won. */
static void test_endings_won(void)
{
    qp_rng rng;
    qp_rng_seed(&rng, 21);
    const char *const pieces[] = {"DHt", "Tec", "DHtc", "HCdc"};
    int games = 0, converted = 0, late = 0;
    for (int p = 0; p < QP_ARRAY_LEN(pieces); p++)
        for (int level = 1; level <= 3; level++) {
            beast_state *s = (beast_state *)&st;
            table_position(pieces[p], 1, &rng, s);
            int winner = s->to_move, a, plies = 0;
            qp_ai_info info;
            qp_ai_opts win = {3, 1, 0}, defend = {level, 2, 0};
            bt_value v;
            CHECK(qp_ai_choose(g, s, &win, &a, &info, &(qp_error){""}));
            CHECK(info.has_score && info.score == WIN - bt_distance(s->cell, s->to_move, 0));
            CHECK(strstr(info.note, "endgame tables") && strstr(info.note, "wins"));
            CHECK(bt_probe(s->cell, s->to_move, 0, &v));
            for (int zeroing = v.zeroing; g->status(s).phase == QP_TURN && plies < 200; plies++) {
                CHECK(qp_ai_choose(g, s, s->to_move == winner ? &win : &defend, &a, &info,
                                   &(qp_error){""}));
                g->apply(s, a);
                late += s->plies > zeroing;
                if (!s->plies && g->status(s).phase == QP_TURN &&
                    bt_probe(s->cell, s->to_move, 0, &v))
                    zeroing = v.zeroing; /* a capture: the next within this */
            }
            qp_status end = g->status(s);
            games++;
            converted += end.phase == QP_WIN && end.player == winner;
        }
    CHECK_INT(converted, games);
    CHECK_INT(late, 0);
}

/* A search from six face-up pieces makes no table (two captures above
 * them, too many to make in a move's time), from five it makes them. */
static void test_tables_made(void)
{
    bt_stats before, after;
    qp_ai_opts o = {3, 1, 0};
    int a;
    bt_forget();
    beast_tuning.nodes = 20000;
    CHECK(qp_engine_load(g, board("a1=T c3=c a6=f b6=H d6=e d8=c", 'r', 0), &st, &(qp_error){""}));
    bt_get_stats(&before);
    CHECK(qp_ai_choose(g, &st, &o, &a, NULL, &(qp_error){""}));
    bt_get_stats(&after);
    CHECK_INT(after.made, before.made);
    CHECK(qp_engine_load(g, board("a1=T c3=c a6=f b6=H d6=e", 'r', 0), &st, &(qp_error){""}));
    CHECK(qp_ai_choose(g, &st, &o, &a, NULL, &(qp_error){""}));
    bt_get_stats(&after);
    CHECK(after.made > before.made);
    beast_tuning.nodes = 0;
}

/* The action that undoes quiet move a. */
static int undo_of(int a) { return bx_action(bx_to(a), bx_from(a)); }

/* Whether action a is legal on s. */
static bool legal_on(const beast_state *s, int a)
{
    int acts[QP_MAX_ACTIONS], n = g->legal(s, acts, QP_MAX_ACTIONS);
    for (int i = 0; i < n; i++)
        if (acts[i] == a)
            return true;
    return false;
}

/* A won position reached for the second time, from which the tables'
 * quickest move (level 3's with no history) leads to a position seen
 * twice already: a third occurrence, a draw. With the history (the LOG),
 * level 3 plays another move that keeps the win. Made by walking P, the
 * position after that move, round a loop of four quiet moves (x, y and
 * back) and stopping one ply short of P the third time. */
static void test_endings_repetition(void)
{
    qp_rng rng;
    qp_rng_seed(&rng, 5);
    qp_ai_opts o = {3, 1, 0};
    int found = 0;
    for (int t = 0; t < 400 && found < test_rounds(3, 1); t++) {
        beast_state w, *s = (beast_state *)&st;
        table_position("TEc", 1, &rng, &w);
        int m, acts[QP_MAX_ACTIONS];
        CHECK(qp_ai_choose(g, &w, &o, &m, NULL, &(qp_error){""}));
        if (w.cell[bx_to(m)] != BX_EMPTY)
            continue;
        beast_state p = w;
        g->apply(&p, m);
        p.plies = 0; /* the LOG starts at P */
        p.n_moves = 0;
        int nx = g->legal(&p, acts, QP_MAX_ACTIONS);
        for (int i = 0; i < nx && found < test_rounds(3, 1); i++) {
            int x = acts[i], ys[QP_MAX_ACTIONS];
            beast_state a = p;
            if (p.cell[bx_to(x)] != BX_EMPTY)
                continue;
            g->apply(&a, x);
            int ny = g->legal(&a, ys, QP_MAX_ACTIONS);
            for (int j = 0; j < ny; j++) {
                int loop[7] = {x, ys[j], undo_of(x), undo_of(ys[j]), x, ys[j], undo_of(x)};
                bool ok = a.cell[bx_to(ys[j])] == BX_EMPTY;
                *s = p;
                for (int k = 0; k < 7 && ok; k++) {
                    ok = g->status(s).phase == QP_TURN && legal_on(s, loop[k]);
                    if (ok)
                        g->apply(s, loop[k]);
                }
                bt_value v;
                if (!ok || g->status(s).phase != QP_TURN ||
                    !bt_probe(s->cell, s->to_move, s->plies, &v) || v.outcome <= 0)
                    continue;
                beast_state fresh = *s, after;
                fresh.n_moves = 0;
                fresh.progress = BX_BY_UNKNOWN;
                int with_log, without;
                CHECK(qp_ai_choose(g, &fresh, &o, &without, NULL, &(qp_error){""}));
                if (without != undo_of(ys[j]))
                    continue; /* the quickest way does not go back to P */
                CHECK(qp_ai_choose(g, s, &o, &with_log, NULL, &(qp_error){""}));
                after = *s;
                g->apply(&after, with_log);
                CHECK(with_log != without);
                CHECK(g->status(&after).phase != QP_DRAW);
                CHECK(g->status(&after).phase == QP_WIN ||
                      (bt_probe(after.cell, after.to_move, after.plies, &v) && v.outcome < 0));
                found++;
                break;
            }
        }
    }
    CHECK_INT(found, test_rounds(3, 1));
}

/* The review judges a table's ending exactly: the win and its moves, a
 * move that throws it away is a blunder and a missed win. */
static void test_endings_review(void)
{
    static char out[16384], text[256];
    qp_rng rng;
    qp_rng_seed(&rng, 9);
    for (int found = 0; found < 1;) {
        beast_state *s = (beast_state *)&st;
        table_position("Tec", 1, &rng, s);
        int acts[QP_MAX_ACTIONS], n = g->legal(s, acts, QP_MAX_ACTIONS);
        for (int i = 0; i < n && !found; i++) {
            beast_state c = *s;
            bt_value v;
            g->apply(&c, acts[i]);
            if (g->status(&c).phase != QP_TURN || !bt_probe(c.cell, c.to_move, c.plies, &v) ||
                v.outcome < 0)
                continue; /* still won: no blunder */
            qp_buf b;
            qp_error err;
            char pos[128], move[16];
            qp_buf_init(&b, pos, sizeof pos);
            g->format_pos(s, &b);
            qp_buf_init(&b, move, sizeof move);
            g->format_action(s, acts[i], &b);
            snprintf(text, sizeof text, "beast = %s | %s", pos, move);
            qp_buf_init(&b, out, sizeof out);
            CHECK(qp_engine_review(text, NULL, &b, &err));
            char want[64];
            snprintf(want, sizeof want, "\"win_in\":%d",
                     (bt_distance(s->cell, s->to_move, 0) + 1) / 2);
            if (!CHECK(strstr(out, "\"exact\":true,\"outcome_before\":\"win\"") &&
                       strstr(out, want) && strstr(out, "\"class\":\"blunder\"") &&
                       strstr(out, "\"missed_win\":true")))
                fprintf(stderr, "  %s\n  %s\n", text, out);
            found++;
        }
    }
}

int main(void)
{
    test_level1();
    test_tactics();
    test_evaluation();
    test_no_peeking();
    test_star_pruning_is_sound();
    test_levels_rank();
    test_draw_value();
    test_endings_won();
    test_tables_made();
    test_endings_repetition();
    test_endings_review();
    return test_report("beast_ai");
}

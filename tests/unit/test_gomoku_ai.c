/* Gomoku AI: the incremental board against a fresh one, the fast renju
 * checks against the rules module's plain ones, line patterns, tactics
 * (win, block a four, block an open three) and the VCF puzzle set
 * (tests/data/gomoku_vcf.txt), every line checked by an independent
 * referee written here. */
#include "games/gomoku/ai.h"
#include "games/gomoku/board.h"
#include "engine.h"
#include "games/gomoku/gomoku.h"
#include "games/gomoku/think.h"
#include "test.h"

static const qp_game *g = &qp_gomoku;
static gb_board b1, b2;
static gomoku_state rs;

static bool load(const char *pos, gomoku_state *s)
{
    qp_error err;
    static qp_state_mem mem;
    if (!qp_engine_load(g, pos, &mem, &err)) {
        fprintf(stderr, "  bad test position '%s': %s\n", pos, err.msg);
        return false;
    }
    memcpy(s, &mem, sizeof *s);
    return true;
}

static bool same_board(const gb_board *a, const gb_board *b)
{
    bool same =
        a->nstones == b->nstones && a->side == b->side && a->hash == b->hash &&
        !memcmp(a->cell, b->cell, sizeof a->cell) && !memcmp(a->cls, b->cls, sizeof a->cls) &&
        !memcmp(a->check, b->check, sizeof a->check) && !memcmp(a->near, b->near, sizeof a->near) &&
        !memcmp(a->key, b->key, sizeof a->key) && !memcmp(a->set, b->set, sizeof a->set) &&
        !memcmp(a->lval, b->lval, sizeof a->lval) &&
        !memcmp(a->learned, b->learned, sizeof a->learned) &&
        !memcmp(a->count, b->count, sizeof a->count) && !memcmp(a->feat, b->feat, sizeof a->feat) &&
        !memcmp(a->acc, b->acc, sizeof a->acc);
    for (int i = 0; same && i < a->nstones; i++)
        same = a->hist[i] == b->hist[i];
    return same;
}

/* Every empty point's stored patterns are those its keys give now: the
 * classes are only re-derived when one of them changes. And the learned
 * evaluation's sums are those of the points' pattern sets. */
static bool patterns_current(const gb_board *b)
{
    int learned[2][2] = {{0}};
    for (int i = 0; i < b->n_on; i++) {
        int p = b->on[i];
        for (int c = 0; c < 2 && b->cell[p] == GOMOKU_EMPTY; c++) {
            for (int d = 0; d < 4; d++)
                if (b->pat[p][c][d] != gb_pattern(b, c, d, p))
                    return false;
            for (int role = 0; role < 2 && b->cls[c][p] != GB_C_FORBID; role++)
                learned[c][role] += gb_learned[role][gb_pattern_set(b->pat[p][c])];
        }
    }
    return !memcmp(learned, b->learned, sizeof learned);
}

/* Pattern sets ignore the order of the directions and tell apart
 * everything else: GB_PATTERN_SETS numbers, each used. */
static void test_pattern_sets(void)
{
    gomoku_setup(&rs, 15, 15, GOMOKU_FREE, NULL);
    gb_load(&b1, &rs); /* builds the tables */
    static bool seen[GB_PATTERN_SETS];
    int wrong = 0, used = 0;
    for (int i = 0; i < GB_PT_COUNT * GB_PT_COUNT * GB_PT_COUNT * GB_PT_COUNT; i++) {
        unsigned char pt[4] = {(unsigned char)(i % GB_PT_COUNT),
                               (unsigned char)(i / GB_PT_COUNT % GB_PT_COUNT),
                               (unsigned char)(i / (GB_PT_COUNT * GB_PT_COUNT) % GB_PT_COUNT),
                               (unsigned char)(i / (GB_PT_COUNT * GB_PT_COUNT * GB_PT_COUNT))};
        unsigned char turned[4] = {pt[2], pt[0], pt[3], pt[1]},
                      other[4] = {pt[0], pt[1], pt[2], pt[3]};
        other[0] = (unsigned char)((pt[0] + 1) % GB_PT_COUNT);
        int set = gb_pattern_set(pt);
        wrong += set < 0 || set >= GB_PATTERN_SETS || gb_pattern_set(turned) != set ||
                 gb_pattern_set(other) == set;
        if (set >= 0 && set < GB_PATTERN_SETS && !seen[set]) {
            seen[set] = true;
            used++;
        }
    }
    CHECK_INT(wrong, 0);
    CHECK_INT(used, GB_PATTERN_SETS);
}

/* Random makes and takebacks keep the board equal to one built by making
 * the same stones from scratch: from a loaded position (takebacks below
 * it too) and past the undo log's GB_UNDO_PLIES stones, where a stone is
 * taken back the slow way. */
static void test_incremental(void)
{
    qp_rng rng;
    qp_rng_seed(&rng, 7);
    int mismatches = 0, deepest = 0, below_loaded = 0;
    for (int round = 0; round < test_rounds(60, 8); round++) {
        int rule = round % 3, w = 5 + (int)qp_rng_below(&rng, 21),
            h = 5 + (int)qp_rng_below(&rng, 21);
        gomoku_setup(&rs, w, h, rule, NULL);
        for (int i = 0, n = (int)qp_rng_below(&rng, 12); i < n && rs.winner == QP_NOBODY; i++) {
            int p = (int)qp_rng_below(&rng, (uint32_t)(w * h));
            if (rs.cell[p] == GOMOKU_EMPTY)
                gomoku_place(&rs, p);
        }
        gb_load(&b1, &rs);
        int loaded = b1.nstones;
        for (int step = 0; step < 200; step++) {
            if (b1.nstones > 0 && qp_rng_below(&rng, round % 2 ? 3 : 5) == 0) {
                gb_unmake(&b1);
                below_loaded += b1.nstones < loaded;
            } else {
                int p = b1.on[qp_rng_below(&rng, (uint32_t)b1.n_on)];
                if (b1.cell[p] == GOMOKU_EMPTY && b1.nstones < b1.n_on - 1)
                    gb_make(&b1, p);
            }
            deepest = b1.nstones - loaded > deepest ? b1.nstones - loaded : deepest;
        }
        gb_load(&b2, &rs);
        while (b2.nstones > 0)
            gb_unmake(&b2);
        for (int i = 0; i < b1.nstones; i++)
            gb_make(&b2, b1.hist[i]);
        mismatches += !same_board(&b1, &b2) || !patterns_current(&b1);
    }
    CHECK(deepest > GB_UNDO_PLIES);
    CHECK(below_loaded > 0);
    CHECK_INT(mismatches, 0);
}

/* The pattern of `color` at (x, y) along d after the stones of `pos`. */
static int pattern(const char *pos, int color, int d, int x, int y)
{
    if (!load(pos, &rs))
        return -1;
    gb_load(&b1, &rs);
    return gb_pattern(&b1, color, d, gb_at(x, y));
}

static void test_patterns(void)
{
    /* Black's open three 5,7 6,7 7,7 (White far away). */
    const char *three = "15x15 free 5,7 0,0 6,7 0,2 7,7 0,4";
    CHECK_INT(pattern(three, 0, 0, 8, 7), GB_PT_F4);
    CHECK_INT(pattern(three, 0, 0, 4, 7), GB_PT_F4);
    CHECK_INT(pattern(three, 0, 0, 9, 7), GB_PT_B4);
    CHECK_INT(pattern(three, 0, 0, 3, 7), GB_PT_B4);
    CHECK_INT(pattern(three, 0, 1, 8, 7), GB_PT_F1);
    CHECK_INT(pattern(three, 1, 0, 8, 7), GB_PT_B1); /* White: open on one side only */
    CHECK_INT(pattern("15x15 free 5,7 0,0 6,7 0,2 7,7 0,4 11,7 0,6", 1, 0, 8, 7), GB_PT_NONE);
    /* Blocked on the left by the edge at distance: .XXX at x=0..3. */
    CHECK_INT(pattern("15x15 free 0,7 0,0 1,7 0,2 2,7 0,4", 0, 0, 3, 7), GB_PT_B4);
    /* X.XXX.X: two fours in one line; under exact rules too. */
    CHECK_INT(pattern("15x15 free 3,7 0,0 5,7 0,2 7,7 0,4 9,7 0,6", 0, 0, 6, 7), GB_PT_44);
    /* XXXX.X: free makes six a five; exact calls it an overline. */
    const char *six = "15x15 %s 3,7 0,0 4,7 0,2 5,7 0,4 6,7 0,6 8,7 0,10";
    char pos[128];
    snprintf(pos, sizeof pos, six, "free");
    CHECK_INT(pattern(pos, 0, 0, 7, 7), GB_PT_FIVE);
    snprintf(pos, sizeof pos, six, "exact");
    CHECK_INT(pattern(pos, 0, 0, 7, 7), GB_PT_OL);
    snprintf(pos, sizeof pos, six, "renju");
    CHECK_INT(pattern(pos, 0, 0, 7, 7), GB_PT_OL);
    /* O.XX*..X: open under free rules; under exact ones the straight four
     * at 8,7 would make six on one side: only a blocked three. */
    CHECK_INT(pattern("15x15 free 5,7 3,7 6,7 0,2 10,7 0,4", 0, 0, 7, 7), GB_PT_F3);
    CHECK_INT(pattern("15x15 exact 5,7 3,7 6,7 0,2 10,7 0,4", 0, 0, 7, 7), GB_PT_B3);
}

/* Random renju boards, dense around the centre, compared point by point:
 * the rules module (plain RIF definitions) against the AI's tables. */
static void test_renju_cross_check(void)
{
    qp_rng rng;
    int seen[4] = {0}, differ = 0;
    qp_rng_seed(&rng, 11);
    int rounds = test_rounds(150, 12);
    for (int round = 0; round < rounds; round++) {
        gomoku_setup(&rs, 15, 15, GOMOKU_RENJU, NULL);
        gb_load(&b1, &rs);
        int stones = 20 + (int)qp_rng_below(&rng, 40);
        for (int i = 0; i < stones; i++) {
            int x = 3 + (int)qp_rng_below(&rng, 9), y = 3 + (int)qp_rng_below(&rng, 9);
            int color = qp_rng_below(&rng, 5) < 3 ? 0 : 1; /* more Black: more shapes */
            int p = gb_at(x, y);
            if (b1.cell[p] != GOMOKU_EMPTY || b1.cls[color][p] == GB_C_FIVE)
                continue;
            b1.side = color;
            gb_make(&b1, p);
            rs.cell[y * 15 + x] = (unsigned char)(color + 1);
        }
        for (int y = 0; y < 15; y++)
            for (int x = 0; x < 15; x++) {
                int slow = gomoku_forbidden(&rs, y * 15 + x), fast = gb_forbidden(&b1, gb_at(x, y));
                seen[slow]++;
                if (slow != fast && differ++ < 5)
                    fprintf(stderr, "  renju differ at %d,%d: rules %d, ai %d\n", x, y, slow, fast);
            }
    }
    CHECK_INT(differ, 0);
    /* The boards must hold every kind, or the comparison proves little. */
    int enough = rounds / 8;
    CHECK(seen[GOMOKU_OVERLINE] >= enough && seen[GOMOKU_DOUBLE_FOUR] >= enough &&
          seen[GOMOKU_DOUBLE_THREE] >= enough);
    printf("renju cross-check: %d overlines, %d double fours, %d double threes\n",
           seen[GOMOKU_OVERLINE], seen[GOMOKU_DOUBLE_FOUR], seen[GOMOKU_DOUBLE_THREE]);
}

/* ---- An independent referee for forced wins. */

static const int DX[4] = {1, 0, 1, 1}, DY[4] = {0, 1, 1, -1};

/* Would a stone of player `who` on empty p win under s's rule? */
static bool wins_at(const gomoku_state *s, int p, int who)
{
    int x0 = p % s->w, y0 = p / s->w, color = who + 1;
    bool exact = s->rule == GOMOKU_EXACT || (s->rule == GOMOKU_RENJU && who == 0);
    for (int d = 0; d < 4; d++) {
        int n = 1;
        for (int sgn = -1; sgn <= 1; sgn += 2)
            for (int k = 1;; k++) {
                int x = x0 + sgn * k * DX[d], y = y0 + sgn * k * DY[d];
                if (x < 0 || y < 0 || x >= s->w || y >= s->h || s->cell[y * s->w + x] != color)
                    break;
                n++;
            }
        if (exact ? n == 5 : n >= 5)
            return true;
    }
    return false;
}

static int five_points(const gomoku_state *s, int who, int *pts)
{
    int n = 0;
    for (int p = 0; p < s->w * s->h; p++)
        if (s->cell[p] == GOMOKU_EMPTY && wins_at(s, p, who))
            pts[n++] = p;
    return n;
}

static bool is_legal(const gomoku_state *s, int p)
{
    static int acts[QP_MAX_ACTIONS];
    int n = g->legal(s, acts, QP_MAX_ACTIONS);
    for (int i = 0; i < n; i++)
        if (acts[i] == p)
            return true;
    return false;
}

/* Is `line` (attacker and defender alternately, from s) a forced win by
 * continuous fours? Every attacker move but the last threatens five while
 * the defender has no five of its own, so the defender must take the
 * (only) five point; the last attacker move makes five, or leaves the
 * defender unable to stop a five (two points, or Black's only block
 * forbidden). */
static bool referee_vcf(const gomoku_state *start, const int *line, int n)
{
    static gomoku_state s;
    int pts[GOMOKU_CELLS];
    s = *start;
    int att = gomoku_to_move(&s), def = 1 - att;
    for (int i = 0; i < n; i++) {
        if (!is_legal(&s, line[i]))
            return false;
        if (i % 2 && (five_points(&s, def, pts) > 0 || !wins_at(&s, line[i], att)))
            return false; /* defender could win, or did not block */
        g->apply(&s, line[i]);
        if (i % 2 == 0 && i < n - 1 && five_points(&s, att, pts) == 0)
            return false; /* not a four */
    }
    if (s.winner == att)
        return n % 2 == 1;
    if (n % 2 == 0 || s.winner != QP_NOBODY || five_points(&s, def, pts) > 0)
        return false;
    int threats = five_points(&s, att, pts), blockable = 0;
    for (int i = 0; i < threats; i++)
        blockable += is_legal(&s, pts[i]);
    return threats >= 2 || (threats == 1 && blockable == 0);
}

static void test_tactics(void)
{
    qp_ai_opts o = {3, 1, 0};
    gomoku_result r;
    qp_error err;
    /* Five now (Black has four 3..6,7; White could also make five). */
    CHECK(load("15x15 free 3,7 0,0 4,7 0,1 5,7 0,2 6,7 0,3 14,14", &rs));
    CHECK(load("15x15 free 3,7 0,0 4,7 0,1 5,7 0,2 6,7 0,3", &rs));
    CHECK(gomoku_think(&rs, &o, &r, &err) && (r.move == 7 * 15 + 7 || r.move == 7 * 15 + 2) &&
          r.kind == GOMOKU_BY_FIVE);
    /* White to move blocks Black's four (x = 3..6 on row 7, 2,7 taken). */
    CHECK(load("15x15 free 3,7 2,7 4,7 10,10 5,7 12,12 6,7", &rs));
    CHECK(gomoku_think(&rs, &o, &r, &err) && r.move == 7 * 15 + 7);
    /* White blocks Black's open three (no four of its own). */
    CHECK(load("15x15 free 5,7 1,1 6,7 1,13 7,7", &rs));
    CHECK(gomoku_think(&rs, &o, &r, &err));
    g->apply(&rs, r.move);
    gb_load(&b1, &rs);
    CHECK_INT(b1.count[0][GB_C_F4], 0);
    /* ... but makes its own five first when it has one. */
    CHECK(load("15x15 free 5,7 1,1 6,7 1,2 7,7 1,3 9,9 1,4 7,8", &rs));
    CHECK(gomoku_think(&rs, &o, &r, &err) && (r.move == 0 * 15 + 1 || r.move == 5 * 15 + 1));
    /* Level 3 in renju never picks a forbidden point (the engine checks). */
    char text[64];
    qp_buf b;
    qp_buf_init(&b, text, sizeof text);
    CHECK(qp_engine_ai(g, "15x15 renju 7,5 0,14 7,6 2,14 5,7 4,14 6,7 14,14", &o, &b, NULL, &err));
    CHECK(strcmp(text, "7,7") != 0);
    /* A clock instead of a budget: the search stops on it, and answers
     * legally. A node cap beside the clock (pbrain's max_node) is level
     * 3's own budget, which a search that ignored its 1 ms clock would
     * spend whole; the clock stops it at a small part of that. (How close
     * to its clock a move answers is measured by bench/gomoku.cjs.) */
    qp_ai_opts timed = {3, 1, 1};
    qp_ai_info info = {0};
    gomoku_max_nodes = GOMOKU_L3_NODES;
    qp_buf_init(&b, text, sizeof text);
    CHECK(qp_engine_ai(g, "15x15 free 7,7 8,8 7,8 8,7", &timed, &b, &info, &err));
    gomoku_max_nodes = 0;
    if (!CHECK(info.nodes > 0 && info.nodes < GOMOKU_L3_NODES / 4))
        fprintf(stderr, "  a 1 ms clock let the search count %lld nodes\n", info.nodes);
    /* Tiny boards. */
    qp_buf_init(&b, text, sizeof text);
    CHECK(qp_engine_ai(g, "5x5 exact 2,2 1,1 2,1 2,3", &o, &b, NULL, &err));
}

/* Every puzzle: gomoku_vcf finds a line the referee accepts, and level 3
 * plays a winning first move (a checked VCF, or a five/open four). */
static void test_vcf_puzzles(void)
{
    FILE *f = fopen("tests/data/gomoku_vcf.txt", "r");
    char text[4096];
    int puzzles = 0, solved = 0, ai_ok = 0, refuted = 0;
    if (!CHECK(f != NULL))
        return;
    while (fgets(text, sizeof text, f)) {
        text[strcspn(text, "\r\n")] = '\0';
        if (!text[0] || text[0] == '#')
            continue;
        char *pos = strchr(text, '|');
        bool expect_win = text[0] == 'w';
        if (!pos || !load(pos + 1 + (pos[1] == ' '), &rs)) {
            CHECK(false);
            continue;
        }
        gomoku_result r;
        bool found = gomoku_vcf(&rs, 2000000, &r);
        if (!expect_win) {
            refuted += !found;
            if (found)
                fprintf(stderr, "  no VCF expected: %s\n", text);
            continue;
        }
        puzzles++;
        if (found && referee_vcf(&rs, r.line, r.line_len))
            solved++;
        else
            fprintf(stderr, "  VCF not found or refuted: %s\n", text);
        qp_ai_opts o = {3, 1, 0};
        qp_error err;
        gomoku_result a;
        if (puzzles > test_rounds(1000, 3)) {
            ai_ok++; /* quick runs: level 3 on the first few only */
            continue;
        }
        if (gomoku_think(&rs, &o, &a, &err) &&
            (a.kind == GOMOKU_BY_VCF || a.kind == GOMOKU_BY_FIVE || a.kind == GOMOKU_BY_FOUR) &&
            a.line[0] == a.move && referee_vcf(&rs, a.line, a.line_len))
            ai_ok++;
        else
            fprintf(stderr, "  level 3 missed the VCF: %s\n", text);
    }
    fclose(f);
    CHECK(puzzles >= 24);
    CHECK_INT(solved, puzzles);
    CHECK_INT(ai_ok, puzzles);
    CHECK(refuted >= 3);
    printf("VCF puzzles: %d solved of %d, level 3 %d; %d without a VCF refuted\n", solved, puzzles,
           ai_ok, refuted);
}

/* The search tries a node's moves in the learned move order (think.h's
 * order_score) where no table move, killer or history says otherwise,
 * and the order's best score is what the reductions measure from. */
static void test_policy_order(void)
{
    move_list l;
    CHECK(load("15x15 free 7,7 8,7 7,8 8,8 6,9 9,6", &rs));
    gb_load(&gk_board, &rs);
    gk_moves_new_search();
    int top = gk_node_moves(&gk_board, &l, -1, 0), prev = INF, me = gk_board.side;
    CHECK(l.n > 8);
    for (int i = 0; i < l.n; i++) {
        qp_moves_pick(l.m, i, l.n);
        int score = order_score(&gk_board, me, l.m[i].move);
        if (!CHECK(score <= prev) || !CHECK(i > 0 || score == top))
            break;
        prev = score;
    }
}

int main(void)
{
    test_incremental();
    test_pattern_sets();
    test_patterns();
    test_renju_cross_check();
    test_tactics();
    test_vcf_puzzles();
    test_policy_order();
    return test_report("gomoku_ai");
}

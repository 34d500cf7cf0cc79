/* search.c — beast levels 2 and 3, on the search node (think.h) where a
 * flip is a chance node: one child per hidden kind, weighted by its count
 * (the *-minimax trees of Ballard 1983; Chinese Dark Chess programs search
 * flips the same way, Chen et al. 2010, Yen et al. 2015). Level 2: every
 * root action, one reply, then quiescence.
 *
 * Level 3, what makes it work:
 * - Flips inside the tree cost a chance node of up to 14 children, so a
 *   path may hold one flip beyond the root (FLIP_BUDGET; two played no
 *   better at equal work), only where depth >= 2 remains (a flip needs a
 *   reply to matter), and only cells in contact with a face-up piece are
 *   searched one by one: the other cells are all alike for now and one
 *   stands for them (at the root, a seeded random one of them is played).
 *   Where flips are not searched, the side to move may stand on the
 *   evaluation: flipping elsewhere is always there.
 * - Star1 bounds each chance child's window by what would already decide
 *   the node, Star2 first probes one move of every child for upper
 *   bounds; children are clamped to the static value +- CHANCE_MARGIN,
 *   which gives the bounds L and U. At a fixed depth 3 they return the
 *   same values as plain expectimax with about a quarter of the work
 *   (tests/unit/test_beast_ai.c).
 * - A transposition table keyed on the board as seen, the side, the hidden
 *   counts, the flip budget left and (near the limit) the no-progress
 *   count; cleared for every move so that a choice depends only on the
 *   position and the seed.
 * - Draws: repetitions since the last flip or capture (the game's LOG,
 *   then the search path) and the 50-ply rule are scored as draws, worth
 *   CONTEMPT less to the AI's side, and at level 3 less again the more
 *   material it has ahead at the root (more when it is behind: a draw is
 *   bad when ahead, good when behind); the evaluation shrinks as the
 *   no-progress count grows, so a lead is turned into captures in time,
 *   and pulls the side ahead's hunters harder towards their prey
 *   (eval.c).
 * - Evaluation (eval.c): piece values by type and by what can still take
 *   them, mobility, the dragon's danger, and a pull of hunters towards
 *   their prey.
 */
#include "think.h"

#include <string.h>

#include "endgame.h"
#include "search/score.h"

beast_ai_tuning beast_tuning;

#define INF 30000
/* A draw is worth this much less to the AI's side: a third of a tiger
 * (100 scored a little worse against MistyBanqi, 67 % to 76 %). */
#define CONTEMPT 50
/* At level 3 a draw loses a further 1/DRAW_LEAD_DIV of the AI's lead in
 * material at the root (piece values, face-down pieces counted), at most
 * DRAW_AHEAD; behind, it gains as much, at most DRAW_BEHIND (a draw then
 * worth 0, no contempt: more would have it shuffle for a repetition the
 * side ahead will not repeat). */
#define DRAW_LEAD_DIV 4
#define DRAW_AHEAD 250
#define DRAW_BEHIND 50
#define CHANCE_MARGIN 800 /* chance children are clamped to static +- this */
#define MAX_PLY 100
#define LEVEL3_NODES 800000
#define FLIP_BUDGET 1 /* flips searched on a path inside the tree */
#define TT_BITS 19 /* 2^19 entries of 8 bytes: 4 MiB */
/* Endgame table positions made in the time of one node searched. */
#define TABLE_POSITIONS_A_NODE 10

/* ---- Search context (one search at a time) ---- */

/* An entry packed in 64 bits, half the memory a struct would take (a
 * fresh table costs its pages at every move of the CLI, and on Linux it
 * takes them 2 MiB at a time, QP_HUGE_ALIGNED): the score (16
 * bits), the action + 1 (11; 0 for none), the depth (7), the bound (2) and
 * the key's top 28 bits, which with the index's 19 leave a false match
 * about once in 2^28 probes. */
typedef uint64_t tt_entry;
enum { TT_EXACT = 1, TT_LOWER, TT_UPPER };
#define TT_CHECK_SHIFT 36

static bool tt_holds(tt_entry e, uint64_t key)
{
    return e && e >> TT_CHECK_SHIFT == key >> TT_CHECK_SHIFT;
}
static int tt_score(tt_entry e) { return (int16_t)(uint16_t)e; }
static int tt_action(tt_entry e) { return (int)(e >> 16 & 0x7ff) - 1; }
static int tt_depth(tt_entry e) { return (int)(e >> 27 & 0x7f); }
static int tt_flag(tt_entry e) { return (int)(e >> 34 & 3); }

static QP_HUGE_ALIGNED tt_entry tt[1u << TT_BITS];
qp_work bn_work; /* ai.c reports its nodes */
static bool may_abort; /* false while the first iterations must finish */
static bool use_tables; /* the root is all face up and its captures reach the tables */
static int root_side;
static int root_draw; /* a draw's value for the root's side */
static int star_mode, flip_budget;
static int history_score[BX_CELLS][BX_CELLS];
static int killer[MAX_PLY][2];
/* Hashes of the positions since the last flip or capture: the game's
 * (from the LOG) then the search path. */
static uint64_t path[BX_NO_PROGRESS + 2 + MAX_PLY];
static int path_base;

static bool out_of_work(void)
{
    if (bn_work.stop)
        return true;
    return may_abort && qp_work_over(&bn_work);
}

static int draw_score(const node *n)
{
    if (root_side < 0)
        return 0;
    return n->side == root_side ? root_draw : -root_draw;
}

/* The root side's lead in material: its pieces' values less the other's. */
static int material_lead(const node *n)
{
    const int *val = bn_piece_values(n);
    int lead = 0;
    for (int k = 0; k < BX_KINDS; k++)
        lead += (k / BX_TYPES == n->side ? 1 : -1) * n->alive[k] * val[k];
    return lead;
}

/* A repetition of an earlier position since the last flip or capture. */
static bool repeated(const node *n, int ply)
{
    int at = path_base + ply;
    for (int i = at - 2; i >= 0 && i >= at - n->plies; i -= 2)
        if (path[i] == n->hash)
            return true;
    return false;
}

/* The exact value of a position the endgame tables hold (counter
 * included), where the root let them in: a win is worth more the sooner
 * its next capture (WIN - ply - its DTZ: at least as far as that). */
static bool probe_tables(const node *n, int ply, int *score)
{
    int pieces = 0;
    bt_value v;
    if (!use_tables)
        return false;
    for (int k = 0; k < BX_KINDS; k++)
        pieces += n->alive[k];
    if (pieces > BT_MAX_PIECES || !bt_probe(n->cell, n->side, n->plies, &v))
        return false;
    int win = WIN - ply - v.zeroing;
    *score = v.outcome > 0 ? win : v.outcome < 0 ? -win : draw_score(n);
    return true;
}

static uint64_t tt_key(const node *n, int flips)
{
    return n->hash ^ bn_z_plies[n->plies] ^ bn_z_flips[flips];
}

static void tt_store(uint64_t key, int depth, int flag, int score, int action, int ply)
{
    tt_entry *e = &tt[key & ((1u << TT_BITS) - 1)];
    if (tt_holds(*e, key) && tt_depth(*e) > depth && flag != TT_EXACT)
        return;
    *e = (key >> TT_CHECK_SHIFT) << TT_CHECK_SHIFT | (uint64_t)flag << 34 |
         (uint64_t)(depth < 0x7f ? depth : 0x7f) << 27 | (uint64_t)(action + 1) << 16 |
         (uint16_t)qp_score_to_tt(score, ply, WIN_BOUND);
}

static void start_search(const node *root, const beast_state *view, int level, const qp_ai_opts *o)
{
    bn_work.nodes = 0;
    qp_work_limit(&bn_work, beast_tuning.nodes > 0 ? beast_tuning.nodes : LEVEL3_NODES, o->time_ms);
    may_abort = false;
    root_side = root->side;
    root_draw = -CONTEMPT;
    if (level >= 3 && root->side >= 0) {
        int shift = material_lead(root) / DRAW_LEAD_DIV;
        root_draw -= shift > DRAW_AHEAD ? DRAW_AHEAD : shift < -DRAW_BEHIND ? -DRAW_BEHIND : shift;
    }
    /* The tables where every piece is face up and one capture at most
     * separates the root from them: made now, so that what the search
     * finds depends on the position alone; their making counts as work,
     * cached or not. With a clock (the CLI makes them again at every
     * move), a root a capture above them reads them only if they are
     * there: the time is the search's. */
    use_tables = false;
    if (level >= 3 && !root->n_down && root->side >= 0) {
        int pieces = 0;
        for (int k = 0; k < BX_KINDS; k++)
            pieces += root->alive[k];
        long long work = bt_prepare(root->cell, o->time_ms <= 0 || pieces <= BT_MAX_PIECES);
        long long charge = work / TABLE_POSITIONS_A_NODE;
        use_tables = work >= 0;
        if (use_tables)
            bn_work.limit -= charge < bn_work.limit / 2 ? charge : bn_work.limit / 2;
    }
    star_mode = beast_tuning.star ? beast_tuning.star - 1 : 2;
    flip_budget = beast_tuning.flips < 0 ? 0
                  : beast_tuning.flips   ? beast_tuning.flips
                                         : FLIP_BUDGET;
    bn_eval_start(level >= 3);
    memset(history_score, 0, sizeof history_score);
    memset(killer, 0xff, sizeof killer);
    if (level >= 3) {
        qp_prefer_huge_pages(tt, sizeof tt); /* before the clear first touches it */
        memset(tt, 0, sizeof tt);
    }
    path_base = bn_history(view, root, path) - 1;
}

/* ---- Action lists ---- */

enum { KEY_TT = 1 << 24, KEY_CAPTURE = 1 << 20, KEY_KILLER = 1 << 19, KEY_FLIP = -(1 << 20) };

/* Moves and captures of the side to move (captures only if asked). */
static int gen_moves(const node *n, const int *val, bool captures_only, int ply, qp_scored *list)
{
    int k = 0;
    if (n->side < 0)
        return 0; /* nothing is face up before the first flip */
    for (uint32_t mine = n->up[n->side]; mine; mine &= mine - 1) {
        int s = __builtin_ctz(mine), p = n->cell[s];
        int to[8], m = 0, kind = bx_kind(p);
        if (bx_type(p) == BX_HAWK)
            m = bx_targets(n->cell, s, to);
        else /* bx_targets' steps, from the tables */
            for (int i = 0; i < 4; i++)
                if (bn_steps_onto[kind][n->cell[bn_around[s][i]]])
                    to[m++] = bn_around[s][i];
        for (int i = 0; i < m; i++) {
            int t = n->cell[to[i]], a = bx_action(s, to[i]);
            if (t) {
                list[k++] =
                    (qp_scored){a, KEY_CAPTURE + val[bx_kind(t)] * 16 - val[bx_kind(p)] / 8};
            } else if (!captures_only) {
                int key = history_score[s][to[i]];
                if (ply < MAX_PLY && (killer[ply][0] == a || killer[ply][1] == a))
                    key = KEY_KILLER;
                list[k++] = (qp_scored){a, key};
            }
        }
    }
    return k;
}

/* Whether revealing sq could change something at once: a face-up piece
 * next to it or at a hawk's jump from it. */
static bool in_contact(const node *n, int sq)
{
    for (int d = 0; d < 4; d++) {
        int s = bx_step(sq, d), t = bx_jump_target(n->cell, sq, d);
        if ((s >= 0 && bx_is_up(n->cell[s])) || (t >= 0 && bx_is_up(n->cell[t])))
            return true;
    }
    return false;
}

/* Flips: every one in contact, and one cell standing for all the others
 * (their outcomes differ only later). Returns the count; *isolated gets
 * the cells the representative stands for. */
static int gen_flips(const node *n, qp_scored *list, int *isolated, int *n_isolated)
{
    int k = 0, iso = 0;
    for (int s = 0; s < BX_CELLS; s++) {
        if (n->cell[s] != BX_DOWN)
            continue;
        if (in_contact(n, s))
            list[k++] = (qp_scored){bx_action(s, s), KEY_FLIP + 1};
        else if (isolated)
            isolated[iso++] = s;
        else if (!iso++)
            list[k++] = (qp_scored){bx_action(s, s), KEY_FLIP};
    }
    if (isolated && iso)
        list[k++] = (qp_scored){bx_action(isolated[0], isolated[0]), KEY_FLIP};
    if (n_isolated)
        *n_isolated = iso;
    return k;
}

/* ---- Quiescence: captures only, standing pat on the evaluation ---- */

static int qsearch(const node *n, int alpha, int beta, int ply)
{
    if (out_of_work())
        return 0;
    bn_work.nodes++;
    if (!has_pieces(n, n->side))
        return -WIN + ply;
    int best;
    if (probe_tables(n, ply, &best))
        return best;
    best = bn_evaluate(n);
    if (best >= beta || ply >= MAX_PLY - 1)
        return best;
    if (best > alpha)
        alpha = best;
    qp_scored list[MAX_LIST];
    const int *val = bn_piece_values(n);
    int count = gen_moves(n, val, true, ply, list);
    for (int i = 0; i < count; i++) {
        qp_moves_pick(list, i, count);
        node c = *n;
        node_move(&c, bx_from(list[i].move), bx_to(list[i].move));
        int v = -qsearch(&c, -beta, -alpha, ply + 1);
        if (bn_work.stop)
            return 0;
        if (v > best) {
            best = v;
            if (v > alpha)
                alpha = v;
            if (alpha >= beta)
                break;
        }
    }
    return best;
}

/* ---- Level 3: expectimax with alpha-beta and Star1/Star2 ---- */

static int search(const node *n, int depth, int alpha, int beta, int ply, int flips);

static int floor_div(int a, int b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }
static int ceil_div(int a, int b) { return -floor_div(-a, b); }
static int clamp(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

/* Star2's probe of chance child c (the opponent to move): the value of
 * its first ordered move, from our side, is an upper bound of c's value.
 * Searched with the window (lo, hi + 1); returns hi + 1 if no probe. */
static int probe(const node *c, int depth, int lo, int hi, int ply, int flips)
{
    int best = -1, key = -INF;
    qp_scored list[MAX_LIST];
    uint64_t key_c = tt_key(c, flips);
    tt_entry e = tt[key_c & ((1u << TT_BITS) - 1)];
    int tt_move = tt_holds(e, key_c) ? tt_action(e) : -1;
    const int *val = bn_piece_values(c);
    int count = gen_moves(c, val, false, ply, list);
    for (int i = 0; i < count; i++) {
        int k = list[i].score;
        if (list[i].move == tt_move)
            k = KEY_TT;
        if (k > key) {
            key = k;
            best = list[i].move;
        }
    }
    if (best < 0 || key < KEY_KILLER)
        return hi + 1; /* only probe a capture, a killer or the table's move */
    node g = *c;
    node_move(&g, bx_from(best), bx_to(best));
    return search(&g, depth - 1, lo, hi + 1, ply + 1, flips);
}

/* The flip of sq as a chance node: sum(w_i * v_i) / W over the hidden
 * kinds i, v_i = -search(child i). Children are clamped to the static
 * value +- CHANCE_MARGIN, which gives Star1 its bounds L and U: child i
 * is searched with the window that would already decide the node
 * (Ballard's Star1); Star2 first probes one move of every child for
 * upper bounds. Fail-soft: <= alpha or >= beta are bounds. */
static int chance(const node *n, int sq, int depth, int alpha, int beta, int ply, int flips)
{
    node child[BX_KINDS];
    int w[BX_KINDS], ub[BX_KINDS], m = 0, total = 0;
    for (int k = 0; k < BX_KINDS; k++) {
        if (!n->pool[k])
            continue;
        child[m] = *n;
        node_reveal(&child[m], sq, k);
        w[m] = n->pool[k];
        total += w[m++];
    }
    /* Star2's probes and the children's searches begin by reading their
     * table entries: asked for all at once, the misses overlap (about
     * 7 % of level 3's time). */
    for (int i = 0; i < m; i++)
        __builtin_prefetch(&tt[tt_key(&child[i], flips) & ((1u << TT_BITS) - 1)]);
    int e0 = bn_evaluate(n);
    int lo = clamp(e0 - CHANCE_MARGIN, -WIN, WIN), hi = clamp(e0 + CHANCE_MARGIN, -WIN, WIN);
    if (star_mode == 0 || depth < 2) { /* plain expectimax */
        int sum = 0;
        for (int i = 0; i < m; i++) {
            sum += w[i] *
                   clamp(-search(&child[i], depth - 1, -hi - 1, -lo + 1, ply + 1, flips), lo, hi);
            if (bn_work.stop)
                return 0;
        }
        return floor_div(sum, total);
    }
    int rest_ub = 0;
    for (int i = 0; i < m; i++) {
        ub[i] = hi;
        rest_ub += w[i] * hi;
    }
    if (star_mode >= 2 && depth >= 3) {
        for (int i = 0; i < m; i++) { /* Star2: probe for upper bounds */
            int need = floor_div(alpha * total - (rest_ub - w[i] * ub[i]), w[i]);
            int p = probe(&child[i], depth - 1, need > lo - 1 ? need : lo - 1, hi, ply + 1, flips);
            if (bn_work.stop)
                return 0;
            if (p <= hi) {
                p = clamp(p, lo, hi);
                rest_ub += w[i] * (p - ub[i]);
                ub[i] = p;
                if (rest_ub <= alpha * total)
                    return floor_div(rest_ub, total);
            }
        }
    }
    int sum = 0, rest_w = total;
    for (int i = 0; i < m; i++) { /* Star1 */
        rest_w -= w[i];
        rest_ub -= w[i] * ub[i];
        int a = floor_div(alpha * total - sum - rest_ub, w[i]);
        int b = ceil_div(beta * total - sum - lo * rest_w, w[i]);
        if (a >= ub[i])
            return floor_div(sum + w[i] * ub[i] + rest_ub, total);
        if (b <= lo)
            return ceil_div(sum + w[i] * lo + lo * rest_w, total);
        int wa = a > lo - 1 ? a : lo - 1, wb = b < hi + 1 ? b : hi + 1;
        int v = clamp(-search(&child[i], depth - 1, -wb, -wa, ply + 1, flips), lo, hi);
        if (bn_work.stop)
            return 0;
        if (v <= a)
            return floor_div(sum + w[i] * v + rest_ub, total);
        if (v >= b)
            return ceil_div(sum + w[i] * v + lo * rest_w, total);
        sum += w[i] * v;
    }
    return floor_div(sum, total);
}

/* The value of one action at a node (chance for a flip). */
static int action_value(const node *n, int a, int depth, int alpha, int beta, int ply, int flips)
{
    if (bx_is_flip(a))
        return chance(n, bx_from(a), depth, alpha, beta, ply, flips);
    node c = *n;
    node_move(&c, bx_from(a), bx_to(a));
    return -search(&c, depth - 1, -beta, -alpha, ply + 1, flips);
}

static void remember_cutoff(int a, int depth, int ply)
{
    if (bx_is_flip(a))
        return;
    history_score[bx_from(a)][bx_to(a)] += depth * depth;
    if (history_score[bx_from(a)][bx_to(a)] >= KEY_KILLER)
        memset(history_score, 0, sizeof history_score);
    if (ply < MAX_PLY && killer[ply][0] != a) {
        killer[ply][1] = killer[ply][0];
        killer[ply][0] = a;
    }
}

static int search(const node *n, int depth, int alpha, int beta, int ply, int flips)
{
    if (out_of_work())
        return 0;
    bn_work.nodes++;
    if (!has_pieces(n, n->side))
        return -WIN + ply;
    path[path_base + ply] = n->hash;
    if (ply > 0 && (n->plies >= BX_NO_PROGRESS || repeated(n, ply)))
        return draw_score(n);
    int known;
    if (ply > 0 && probe_tables(n, ply, &known))
        return known;
    if (depth <= 0 || ply >= MAX_PLY - 1)
        return qsearch(n, alpha, beta, ply);

    uint64_t key = tt_key(n, flips);
    tt_entry e = tt[key & ((1u << TT_BITS) - 1)];
    int tt_move = -1;
    if (tt_holds(e, key)) {
        int v = qp_score_from_tt(tt_score(e), ply, WIN_BOUND), flag = tt_flag(e);
        tt_move = tt_action(e);
        if (tt_depth(e) >= depth && (flag == TT_EXACT || (flag == TT_LOWER && v >= beta) ||
                                     (flag == TT_UPPER && v <= alpha)))
            return v;
    }

    qp_scored list[MAX_LIST];
    const int *val = bn_piece_values(n);
    int count = gen_moves(n, val, false, ply, list);
    int best = -INF, best_action = -1, alpha0 = alpha;
    if (n->n_down && flips > 0 && depth >= 2) /* a flip needs a reply to matter */
        count += gen_flips(n, list + count, NULL, NULL);
    else if (n->n_down)
        best = bn_evaluate(n); /* the option to flip somewhere, not searched */
    if (!count && !n->n_down)
        return -WIN + ply; /* stuck */
    for (int i = 0; i < count; i++)
        if (list[i].move == tt_move)
            list[i].score = KEY_TT;
    if (best >= beta)
        return best;
    if (best > alpha)
        alpha = best;
    for (int i = 0; i < count; i++) {
        qp_moves_pick(list, i, count);
        int a = list[i].move;
        int v = action_value(n, a, depth, alpha, beta, ply, bx_is_flip(a) ? flips - 1 : flips);
        if (bn_work.stop)
            return 0;
        if (v > best) {
            best = v;
            best_action = a;
            if (v > alpha) {
                alpha = v;
                if (alpha >= beta) {
                    remember_cutoff(a, depth, ply);
                    break;
                }
            }
        }
    }
    int flag = best <= alpha0 ? TT_UPPER : best >= beta ? TT_LOWER : TT_EXACT;
    tt_store(key, depth, flag, best, best_action, ply);
    return best;
}

/* ---- Root ---- */

root_result bn_result; /* not on the stack: large for a wasm stack */

static void root_list(const node *n, qp_rng *rng, root_result *r)
{
    qp_scored list[MAX_LIST];
    const int *val = bn_piece_values(n);
    int count = n->side < 0 ? 0 : gen_moves(n, val, false, 0, list);
    count += gen_flips(n, list + count, r->isolated, &r->n_isolated);
    for (int i = count - 1; i > 0; i--) { /* shuffle, then order: ties fall to the seed */
        int j = (int)qp_rng_below(rng, (uint32_t)i + 1);
        qp_scored t = list[i];
        list[i] = list[j];
        list[j] = t;
    }
    for (int i = 0; i < count; i++) {
        qp_moves_pick(list, i, count);
        r->moves[i] = (root_move){list[i].move, -INF, 0};
    }
    r->count = count;
    r->best = 0;
    r->tables = false;
}

/* Stable sort of the root moves by their last score, best first. */
static void sort_root(root_result *r)
{
    for (int i = 1; i < r->count; i++)
        for (int j = i; j > 0 && r->moves[j - 1].score < r->moves[j].score; j--) {
            root_move t = r->moves[j];
            r->moves[j] = r->moves[j - 1];
            r->moves[j - 1] = t;
        }
}

/* Iterative deepening. exact: every root action gets its own value (for
 * analysis); otherwise later actions are only proved worse. */
static void level3(const node *n, bool exact, qp_rng *rng, root_result *r)
{
    int max_depth = beast_tuning.depth > 0 ? beast_tuning.depth : MAX_PLY / 2;
    root_list(n, rng, r);
    r->depth = 0;
    if (use_tables && bn_table_root(n, path, path_base + 1, draw_score(n), r))
        return;
    for (int depth = 1; depth <= max_depth; depth++) {
        int alpha = -INF, best = -1;
        may_abort = depth > 1 && beast_tuning.depth <= 0;
        for (int i = 0; i < r->count; i++) {
            root_move *m = &r->moves[i];
            int v = action_value(n, m->action, depth, exact ? -INF : alpha, INF, 0, flip_budget);
            if (bn_work.stop)
                break;
            m->score = v;
            m->last_depth = depth;
            if (v > alpha) {
                alpha = v;
                best = i;
            }
        }
        if (bn_work.stop) {
            if (best >= 0)
                r->best = best; /* better than the last iteration's choice, and fully searched */
            break;
        }
        sort_root(r);
        r->best = 0;
        r->depth = depth;
        if (alpha > WIN_BOUND || alpha < -WIN_BOUND)
            break;
    }
}

/* The action the root's best entry stands for (a random isolated cell for
 * the representative flip). */
static int root_choice(const root_result *r, qp_rng *rng)
{
    int a = r->moves[r->best].action;
    if (bx_is_flip(a) && r->n_isolated && bx_from(a) == r->isolated[0]) {
        int s = r->isolated[qp_rng_below(rng, (uint32_t)r->n_isolated)];
        return bx_action(s, s);
    }
    return a;
}

/* ---- Level 2: one reply and quiescence, flips at the root only ---- */

/* The opponent's best answer: a move or capture then quiescence, or
 * standing on the evaluation (a flip somewhere, or a quiet move). */
static int reply_value(const node *n)
{
    bn_work.nodes++;
    if (!has_pieces(n, n->side))
        return -WIN;
    int best = bn_evaluate(n);
    qp_scored list[MAX_LIST];
    const int *val = bn_piece_values(n);
    int count = gen_moves(n, val, false, 1, list);
    path[path_base + 1] = n->hash;
    for (int i = 0; i < count; i++) {
        node c = *n;
        node_move(&c, bx_from(list[i].move), bx_to(list[i].move));
        int v = c.plies >= BX_NO_PROGRESS || repeated(&c, 2) ? -draw_score(&c)
                                                             : -qsearch(&c, -INF, -best, 2);
        if (v > best)
            best = v;
    }
    return best;
}

static int level2_value(const node *n, int a)
{
    if (!bx_is_flip(a)) {
        node c = *n;
        node_move(&c, bx_from(a), bx_to(a));
        if (!has_pieces(&c, c.side))
            return WIN;
        if (c.plies >= BX_NO_PROGRESS || repeated(&c, 1))
            return -draw_score(&c);
        return -reply_value(&c);
    }
    int sum = 0;
    for (int k = 0; k < BX_KINDS; k++) {
        if (!n->pool[k])
            continue;
        node c = *n;
        node_reveal(&c, bx_from(a), k);
        sum += n->pool[k] * -reply_value(&c);
    }
    return floor_div(sum, n->n_down);
}

static void level2(const node *n, qp_rng *rng, root_result *r)
{
    qp_scored list[MAX_LIST];
    const int *val = bn_piece_values(n);
    int count = n->side < 0 ? 0 : gen_moves(n, val, false, 0, list);
    for (int s = 0; s < BX_CELLS; s++)
        if (n->cell[s] == BX_DOWN)
            list[count++] = (qp_scored){bx_action(s, s), 0};
    int n_best = 0, best = -INF;
    r->count = count;
    r->n_isolated = 0;
    r->depth = 2;
    r->tables = false;
    for (int i = 0; i < count; i++) {
        int v = level2_value(n, list[i].move);
        r->moves[i] = (root_move){list[i].move, v, 2};
        if (v > best) {
            best = v;
            n_best = 0;
        }
        n_best += v == best;
    }
    int pickn = (int)qp_rng_below(rng, (uint32_t)n_best);
    for (int i = 0; i < count; i++)
        if (r->moves[i].score == best && pickn-- == 0)
            r->best = i;
}

/* ---- Levels 2 and 3 ---- */

int bn_search(const node *root, const beast_state *view, const qp_ai_opts *o, bool exact,
              qp_rng *rng)
{
    start_search(root, view, o->level, o);
    if (o->level == 2)
        level2(root, rng, &bn_result);
    else
        level3(root, exact, rng, &bn_result);
    return root_choice(&bn_result, rng);
}

/* ai.c — the three dark animal chess AIs, on observe()'s view only.
 *
 * Level 1 is the article's greedy rule list. Levels 2 and 3 search a
 * small node (the board as seen, the hidden counts) where a flip is a
 * chance node: one child per hidden kind, weighted by its count (the
 * *-minimax trees of Ballard 1983; Chinese Dark Chess programs search
 * flips the same way, Chen et al. 2010, Yen et al. 2015).
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
 *   CONTEMPT less to the AI's side; the evaluation shrinks as the
 *   no-progress count grows, so a lead is turned into captures in time.
 * - Evaluation: piece values from the capture relations of the pieces
 *   alive (piece_values()), plus a pull of hunters towards their prey.
 *
 * Scores are for the side to move, in "points" (a cat is worth about 90,
 * a tiger about 170: see piece_values()); WIN - plies for a won game.
 * Everything is integer arithmetic: the same choices natively and in wasm.
 */
#include "ai.h"

#include <stdio.h>
#include <string.h>

#include "search/movelist.h"
#include "search/score.h"
#include "search/work.h"

beast_ai_tuning beast_tuning;

#define WIN 3000 /* a won game, minus the plies to reach it */
#define WIN_BOUND 2800 /* beyond: a forced win or loss */
#define EVAL_MAX 2500
#define INF 30000
#define CONTEMPT 100 /* a draw is worth this much less to the AI's side */
#define CHANCE_MARGIN 800 /* chance children are clamped to static +- this */
#define MAX_PLY 100
#define MAX_LIST 192 /* 16 pieces x 8 targets, or 32 flips */
#define LEVEL3_NODES 800000
#define FLIP_BUDGET 1 /* flips searched on a path inside the tree */
#define TT_BITS 19 /* 2^19 entries of 16 bytes: 8 MiB */

/* Piece values: every piece is worth V_BASE, plus V_PREY for each enemy
 * piece still alive that it can take, plus V_SAFE / (1 + the number of
 * enemy pieces alive that can take it). A hawk takes anything (16 prey):
 * worth far more than its 3 HP. */
#define V_BASE 40
#define V_PREY 8
#define V_SAFE 60
/* Level 3 pulls hunters towards the pieces they take and that cannot take
 * them back: value * (HUNT_RANGE - distance) / HUNT_DIV. */
#define HUNT_RANGE 8
#define HUNT_DIV 48

/* ---- The search node ---- */

typedef struct {
    uint8_t cell[BX_CELLS]; /* BX_EMPTY, face-up codes, BX_DOWN */
    int8_t side; /* to move; -1 before the first flip */
    uint8_t plies; /* since the last flip or capture */
    uint8_t n_down;
    uint8_t pool[BX_KINDS]; /* hidden pieces by kind */
    uint8_t alive[BX_KINDS]; /* on the board, face-up or hidden */
    uint64_t hash; /* cells, side, pool counts (not plies) */
} node;

/* Distances, and which type hunts which (takes it, is not taken back). */
static uint8_t DIST[BX_CELLS][BX_CELLS];
static bool HUNTS[BX_TYPES][BX_TYPES];
static uint64_t Z_CELL[BX_CELLS][16], Z_SIDE[3], Z_POOL[BX_KINDS][8], Z_PLIES[BX_NO_PROGRESS + 1],
    Z_FLIPS[4];

static void init_tables(void)
{
    static bool ready;
    qp_rng r;
    if (ready)
        return;
    qp_rng_seed(&r, 0x5eed6ea57ULL);
    for (int s = 0; s < BX_CELLS; s++)
        for (int c = 1; c < 16; c++)
            Z_CELL[s][c] = qp_rng_next(&r);
    for (int i = 0; i < 3; i++)
        Z_SIDE[i] = qp_rng_next(&r);
    for (int k = 0; k < BX_KINDS; k++)
        for (int c = 0; c < 8; c++)
            Z_POOL[k][c] = qp_rng_next(&r);
    for (int p = 0; p <= BX_NO_PROGRESS; p++)
        Z_PLIES[p] = p < 30 ? 0 : qp_rng_next(&r); /* only near the draw limit */
    for (int f = 0; f < 4; f++)
        Z_FLIPS[f] = qp_rng_next(&r);
    for (int a = 0; a < BX_CELLS; a++)
        for (int b = 0; b < BX_CELLS; b++) {
            int dr = bx_row(a) - bx_row(b), dc = bx_col(a) - bx_col(b);
            DIST[a][b] = (uint8_t)((dr < 0 ? -dr : dr) + (dc < 0 ? -dc : dc));
        }
    for (int a = 0; a < BX_TYPES; a++)
        for (int b = 0; b < BX_TYPES; b++)
            HUNTS[a][b] = bx_takes_adjacent(a, b) && !bx_takes_adjacent(b, a);
    ready = true;
}

static uint64_t hash_of(const node *n)
{
    uint64_t h = Z_SIDE[n->side + 1];
    for (int s = 0; s < BX_CELLS; s++)
        h ^= Z_CELL[s][n->cell[s]];
    for (int k = 0; k < BX_KINDS; k++)
        h ^= Z_POOL[k][n->pool[k]];
    return h;
}

static void node_from_view(const beast_state *v, node *n)
{
    init_tables();
    memset(n, 0, sizeof *n);
    memcpy(n->cell, v->cell, BX_CELLS);
    n->side = v->to_move;
    n->plies = v->plies;
    for (int k = 0; k < BX_KINDS; k++) {
        n->pool[k] = v->hidden[k];
        n->alive[k] = v->hidden[k];
        n->n_down = (uint8_t)(n->n_down + v->hidden[k]);
    }
    for (int s = 0; s < BX_CELLS; s++)
        if (bx_is_up(n->cell[s]))
            n->alive[bx_kind(n->cell[s])]++;
    n->hash = hash_of(n);
}

/* A move or capture. */
static void node_move(node *n, int from, int to)
{
    int p = n->cell[from], t = n->cell[to];
    n->hash ^= Z_CELL[from][p] ^ Z_CELL[to][p] ^ Z_CELL[to][t] ^ Z_SIDE[n->side + 1] ^
               Z_SIDE[(n->side ^ 1) + 1];
    if (t) {
        n->alive[bx_kind(t)]--;
        n->plies = 0;
    } else {
        n->plies++;
    }
    n->cell[to] = (uint8_t)p;
    n->cell[from] = BX_EMPTY;
    n->side ^= 1;
}

/* One outcome of a flip: the hidden piece on sq is of `kind`. */
static void node_reveal(node *n, int sq, int kind)
{
    int flipper = n->side < 0 ? kind / BX_TYPES : n->side;
    n->hash ^= Z_CELL[sq][BX_DOWN] ^ Z_CELL[sq][bx_up(kind)] ^ Z_POOL[kind][n->pool[kind]] ^
               Z_POOL[kind][n->pool[kind] - 1] ^ Z_SIDE[n->side + 1] ^ Z_SIDE[(flipper ^ 1) + 1];
    n->cell[sq] = (uint8_t)bx_up(kind);
    n->pool[kind]--;
    n->n_down--;
    n->side = (int8_t)(flipper ^ 1);
    n->plies = 0;
}

static bool has_pieces(const node *n, int colour)
{
    for (int t = 0; t < BX_TYPES; t++)
        if (n->alive[colour * BX_TYPES + t])
            return true;
    return false;
}

/* ---- Evaluation ---- */

static void compute_values(const uint8_t *alive, int *val)
{
    for (int c = 0; c < 2; c++) {
        const uint8_t *enemy = alive + (c ^ 1) * BX_TYPES;
        for (int t = 0; t < BX_TYPES; t++) {
            int prey = 0, hunters = enemy[BX_HAWK];
            for (int u = 0; u < BX_TYPES; u++) {
                if (t == BX_HAWK || bx_takes_adjacent(t, u))
                    prey += enemy[u];
                if (bx_takes_adjacent(u, t))
                    hunters += enemy[u];
            }
            val[c * BX_TYPES + t] = V_BASE + V_PREY * prey + V_SAFE / (1 + hunters);
        }
    }
}

/* The values of every kind for the pieces alive, from a small cache keyed
 * by the counts (they change only with captures). The array may be reused
 * by the next call: read it before searching deeper. */
static const int *piece_values(const node *n)
{
    static struct {
        uint64_t key;
        int val[BX_KINDS];
    } cache[1024];
    uint64_t key = 1;
    for (int k = 0; k < BX_KINDS; k++)
        key = key << 3 | n->alive[k];
    unsigned slot = (unsigned)((key * 0x9E3779B97F4A7C15ULL) >> 54);
    if (cache[slot].key != key) {
        compute_values(n->alive, cache[slot].val);
        cache[slot].key = key;
    }
    return cache[slot].val;
}

/* Hunters near their prey: a pull that lets the search find the way to
 * pieces it can take before the no-progress rule draws the game. */
static void add_hunting(const node *n, const int *val, int *score)
{
    int sq[2][BX_CELLS], kind[2][BX_CELLS], k[2] = {0, 0};
    for (int s = 0; s < BX_CELLS; s++) {
        int c = n->cell[s];
        if (bx_is_up(c)) {
            int col = bx_colour(c);
            sq[col][k[col]] = s;
            kind[col][k[col]++] = bx_kind(c);
        }
    }
    for (int col = 0; col < 2; col++)
        for (int i = 0; i < k[col]; i++) {
            int a = kind[col][i] % BX_TYPES;
            for (int j = 0; j < k[col ^ 1]; j++) {
                int d = DIST[sq[col][i]][sq[col ^ 1][j]];
                if (d < HUNT_RANGE && HUNTS[a][kind[col ^ 1][j] % BX_TYPES])
                    score[col] += val[kind[col ^ 1][j]] * (HUNT_RANGE - d) / HUNT_DIV;
            }
        }
}

static bool eval_hunting; /* level 3's extra term */

/* The static value for the side to move. It shrinks as the no-progress
 * count grows: a lead that cannot be turned into captures is a draw. */
static int evaluate(const node *n)
{
    int score[2] = {0, 0};
    if (n->side < 0)
        return 0;
    const int *val = piece_values(n);
    for (int k = 0; k < BX_KINDS; k++)
        score[k / BX_TYPES] += n->alive[k] * val[k];
    if (eval_hunting)
        add_hunting(n, val, score);
    int e = score[n->side] - score[n->side ^ 1];
    e = e * (BX_NO_PROGRESS + 14 - n->plies) / (BX_NO_PROGRESS + 14);
    return e > EVAL_MAX ? EVAL_MAX : e < -EVAL_MAX ? -EVAL_MAX : e;
}

/* ---- Search context (one search at a time) ---- */

typedef struct {
    uint64_t key;
    int16_t score;
    uint16_t action;
    int8_t depth;
    uint8_t flag;
} tt_entry;
enum { TT_EXACT = 1, TT_LOWER, TT_UPPER };

static tt_entry tt[1u << TT_BITS];
static qp_work work;
static bool may_abort; /* false while the first iterations must finish */
static int root_side;
static int star_mode, flip_budget;
static int history_score[BX_CELLS][BX_CELLS];
static int killer[MAX_PLY][2];
/* Hashes of the positions since the last flip or capture: the game's
 * (from the LOG) then the search path. */
static uint64_t path[BX_NO_PROGRESS + 2 + MAX_PLY];
static int path_base;

static bool out_of_work(void)
{
    if (work.stop)
        return true;
    return may_abort && qp_work_over(&work);
}

static int draw_score(const node *n)
{
    if (root_side < 0)
        return 0;
    return n->side == root_side ? -CONTEMPT : CONTEMPT;
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

static uint64_t tt_key(const node *n, int flips)
{
    return n->hash ^ Z_PLIES[n->plies] ^ Z_FLIPS[flips];
}

static void tt_store(uint64_t key, int depth, int flag, int score, int action, int ply)
{
    tt_entry *e = &tt[key & ((1u << TT_BITS) - 1)];
    if (e->key == key && e->depth > depth && flag != TT_EXACT)
        return;
    e->key = key;
    e->depth = (int8_t)depth;
    e->flag = (uint8_t)flag;
    e->score = (int16_t)qp_score_to_tt(score, ply, WIN_BOUND);
    e->action = (uint16_t)(action < 0 ? 0xffff : action);
}

static void start_search(const node *root, const beast_state *view, int level,
                         const qp_ai_opts *o)
{
    work.nodes = 0;
    qp_work_limit(&work, beast_tuning.nodes > 0 ? beast_tuning.nodes : LEVEL3_NODES, o->time_ms);
    may_abort = false;
    root_side = root->side;
    star_mode = beast_tuning.star ? beast_tuning.star - 1 : 2;
    flip_budget = beast_tuning.flips < 0 ? 0 : beast_tuning.flips ? beast_tuning.flips : FLIP_BUDGET;
    eval_hunting = level >= 3;
    memset(history_score, 0, sizeof history_score);
    memset(killer, 0xff, sizeof killer);
    if (level >= 3)
        memset(tt, 0, sizeof tt);
    /* The positions the LOG gives back, oldest first, then the root. */
    node back = *root;
    int k = view->n_moves;
    path_base = k;
    path[k] = root->hash;
    for (int i = k - 1; i >= 0; i--) {
        back.cell[view->move_from[i]] = back.cell[view->move_to[i]];
        back.cell[view->move_to[i]] = BX_EMPTY;
        back.side ^= 1;
        path[i] = hash_of(&back);
    }
}

/* ---- Action lists ---- */


enum { KEY_TT = 1 << 24, KEY_CAPTURE = 1 << 20, KEY_KILLER = 1 << 19, KEY_FLIP = -(1 << 20) };

/* Moves and captures of the side to move (captures only if asked). */
static int gen_moves(const node *n, const int *val, bool captures_only, int ply, qp_scored *list)
{
    int k = 0;
    for (int s = 0; s < BX_CELLS; s++) {
        int p = n->cell[s];
        if (!bx_is_up(p) || bx_colour(p) != n->side)
            continue;
        int to[8], m = bx_targets(n->cell, s, to);
        for (int i = 0; i < m; i++) {
            int t = n->cell[to[i]], a = bx_action(s, to[i]);
            if (t) {
                list[k++] = (qp_scored){a, KEY_CAPTURE + val[bx_kind(t)] * 16 - val[bx_kind(p)] / 8};
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

/* Moves the best remaining entry to position i (selection sort). */

/* ---- Quiescence: captures only, standing pat on the evaluation ---- */

static int qsearch(const node *n, int alpha, int beta, int ply)
{
    if (out_of_work())
        return 0;
    work.nodes++;
    if (!has_pieces(n, n->side))
        return -WIN + ply;
    int best = evaluate(n);
    if (best >= beta || ply >= MAX_PLY - 1)
        return best;
    if (best > alpha)
        alpha = best;
    qp_scored list[MAX_LIST];
    const int *val = piece_values(n);
    int count = gen_moves(n, val, true, ply, list);
    for (int i = 0; i < count; i++) {
        qp_moves_pick(list, i, count);
        node c = *n;
        node_move(&c, bx_from(list[i].move), bx_to(list[i].move));
        int v = -qsearch(&c, -beta, -alpha, ply + 1);
        if (work.stop)
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
    tt_entry *e = &tt[tt_key(c, flips) & ((1u << TT_BITS) - 1)];
    const int *val = piece_values(c);
    int count = gen_moves(c, val, false, ply, list);
    for (int i = 0; i < count; i++) {
        int k = list[i].score;
        if (e->key == tt_key(c, flips) && e->action == list[i].move)
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
    int e0 = evaluate(n);
    int lo = clamp(e0 - CHANCE_MARGIN, -WIN, WIN), hi = clamp(e0 + CHANCE_MARGIN, -WIN, WIN);
    if (star_mode == 0 || depth < 2) { /* plain expectimax */
        int sum = 0;
        for (int i = 0; i < m; i++) {
            sum += w[i] * clamp(-search(&child[i], depth - 1, -hi - 1, -lo + 1, ply + 1, flips), lo, hi);
            if (work.stop)
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
            if (work.stop)
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
        if (work.stop)
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
    work.nodes++;
    if (!has_pieces(n, n->side))
        return -WIN + ply;
    path[path_base + ply] = n->hash;
    if (ply > 0 && (n->plies >= BX_NO_PROGRESS || repeated(n, ply)))
        return draw_score(n);
    if (depth <= 0 || ply >= MAX_PLY - 1)
        return qsearch(n, alpha, beta, ply);

    uint64_t key = tt_key(n, flips);
    tt_entry *e = &tt[key & ((1u << TT_BITS) - 1)];
    int tt_action = -1;
    if (e->key == key) {
        int v = qp_score_from_tt(e->score, ply, WIN_BOUND);
        tt_action = e->action == 0xffff ? -1 : e->action;
        if (e->depth >= depth && (e->flag == TT_EXACT || (e->flag == TT_LOWER && v >= beta) ||
                                  (e->flag == TT_UPPER && v <= alpha)))
            return v;
    }

    qp_scored list[MAX_LIST];
    const int *val = piece_values(n);
    int count = gen_moves(n, val, false, ply, list);
    int best = -INF, best_action = -1, alpha0 = alpha;
    if (n->n_down && flips > 0 && depth >= 2) /* a flip needs a reply to matter */
        count += gen_flips(n, list + count, NULL, NULL);
    else if (n->n_down)
        best = evaluate(n); /* the option to flip somewhere, not searched */
    if (!count && !n->n_down)
        return -WIN + ply; /* stuck */
    for (int i = 0; i < count; i++)
        if (list[i].move == tt_action)
            list[i].score = KEY_TT;
    if (best >= beta)
        return best;
    if (best > alpha)
        alpha = best;
    for (int i = 0; i < count; i++) {
        qp_moves_pick(list, i, count);
        int a = list[i].move;
        int v = action_value(n, a, depth, alpha, beta, ply, bx_is_flip(a) ? flips - 1 : flips);
        if (work.stop)
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

typedef struct {
    int action;
    int score;
    int last_depth; /* the deepest iteration that scored it */
} root_move;

typedef struct {
    root_move moves[MAX_LIST];
    int count;
    int isolated[BX_CELLS]; /* the cells the representative flip stands for */
    int n_isolated;
    int depth; /* deepest completed iteration */
    int best; /* index into moves */
} root_result;

static void root_list(const node *n, qp_rng *rng, root_result *r)
{
    qp_scored list[MAX_LIST];
    const int *val = piece_values(n);
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
    for (int depth = 1; depth <= max_depth; depth++) {
        int alpha = -INF, best = -1;
        may_abort = depth > 1 && beast_tuning.depth <= 0;
        for (int i = 0; i < r->count; i++) {
            root_move *m = &r->moves[i];
            int v = action_value(n, m->action, depth, exact ? -INF : alpha, INF, 0, flip_budget);
            if (work.stop)
                break;
            m->score = v;
            m->last_depth = depth;
            if (v > alpha) {
                alpha = v;
                best = i;
            }
        }
        if (work.stop) {
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
    work.nodes++;
    if (!has_pieces(n, n->side))
        return -WIN;
    int best = evaluate(n);
    qp_scored list[MAX_LIST];
    const int *val = piece_values(n);
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
    const int *val = piece_values(n);
    int count = n->side < 0 ? 0 : gen_moves(n, val, false, 0, list);
    for (int s = 0; s < BX_CELLS; s++)
        if (n->cell[s] == BX_DOWN)
            list[count++] = (qp_scored){bx_action(s, s), 0};
    int n_best = 0, best = -INF;
    r->count = count;
    r->n_isolated = 0;
    r->depth = 2;
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

/* ---- Level 1: the article's greedy rules ---- */

/* Whether the piece on `from`, once on `to` (a move or capture), could be
 * taken there (the article's isDotEat, on the board after the move). */
static bool unsafe_after(const uint8_t *cell, int from, int to)
{
    uint8_t b[BX_CELLS];
    memcpy(b, cell, BX_CELLS);
    b[to] = b[from];
    b[from] = BX_EMPTY;
    return bx_attacked(b, to, bx_colour(b[to]), bx_type(b[to]));
}

/* The article's reading order: row 8 first, a to d. */
static int reading_cell(int i)
{
    return (BX_ROWS - 1 - i / BX_COLS) * BX_COLS + i % BX_COLS;
}

static int rank_of(int code) { return BX_TYPES - bx_type(code); }

/* Captures in the article's order (each piece: up, down, left, right,
 * then the hawk's four lines), stably sorted by the target's HP. */
static int greedy_captures(const uint8_t *cell, int me, int *from, int *to)
{
    int n = 0;
    for (int i = 0; i < BX_CELLS; i++) {
        int s = reading_cell(i);
        if (!bx_is_up(cell[s]) || bx_colour(cell[s]) != me)
            continue;
        for (int d = 0; d < 8; d++) {
            int t = d < 4 ? bx_step(s, d) : bx_jump_target(cell, s, d - 4);
            if (t >= 0 && bx_can_capture(cell, s, t)) {
                from[n] = s;
                to[n++] = t;
            }
        }
    }
    for (int i = 1; i < n; i++) /* insertion sort: stable, by target HP */
        for (int j = i; j > 0 && BX_VALUE[bx_type(cell[to[j - 1]])] < BX_VALUE[bx_type(cell[to[j]])];
             j--) {
            int f = from[j], t = to[j];
            from[j] = from[j - 1];
            to[j] = to[j - 1];
            from[j - 1] = f;
            to[j - 1] = t;
        }
    return n;
}

/* 2: the highest-ranked threatened piece with an empty neighbour runs to
 * the first neighbour (up, down, left, right) where it is safe. */
static int greedy_flee(const uint8_t *cell, int me)
{
    int runner = -1;
    for (int i = 0; i < BX_CELLS; i++) {
        int s = reading_cell(i), c = cell[s];
        if (!bx_is_up(c) || bx_colour(c) != me || !bx_attacked(cell, s, me, bx_type(c)))
            continue;
        bool room = false;
        for (int d = 0; d < 4; d++)
            room |= bx_step(s, d) >= 0 && cell[bx_step(s, d)] == BX_EMPTY;
        if (room && (runner < 0 || rank_of(c) > rank_of(cell[runner])))
            runner = s;
    }
    if (runner < 0)
        return -1;
    for (int d = 0; d < 4; d++) {
        int t = bx_step(runner, d);
        if (t >= 0 && cell[t] == BX_EMPTY && !unsafe_after(cell, runner, t))
            return bx_action(runner, t);
    }
    return -1;
}

/* The article's chase targets (getAiIsEatPlayer): a lower rank only, the
 * dragon not a cat, the cat only the dragon, the hawk nothing. */
static bool chases(int a, int t)
{
    if (a == BX_HAWK)
        return false;
    if (a == BX_CAT)
        return t == BX_DRAGON;
    return t > a && !(a == BX_DRAGON && t == BX_CAT);
}

/* BFS from `from` to `to` through empty cells (up, down, left, right
 * first found); fills path[0] = from ... path[len-1] = to. */
static int bfs_path(const uint8_t *cell, int from, int to, int *path_out)
{
    int parent[BX_CELLS], queue[BX_CELLS], head = 0, tail = 0;
    for (int i = 0; i < BX_CELLS; i++)
        parent[i] = -2;
    parent[from] = -1;
    queue[tail++] = from;
    while (head < tail && parent[to] == -2) {
        int s = queue[head++];
        for (int d = 0; d < 4; d++) {
            int t = bx_step(s, d);
            if (t < 0 || parent[t] != -2 || (cell[t] != BX_EMPTY && t != to))
                continue;
            parent[t] = s;
            queue[tail++] = t;
        }
    }
    if (parent[to] == -2)
        return 0;
    int len = 0, rev[BX_CELLS];
    for (int s = to; s >= 0; s = parent[s])
        rev[len++] = s;
    for (int i = 0; i < len; i++)
        path_out[i] = rev[len - 1 - i];
    return len;
}

/* 3: the shortest path (at least one step before the target) of one of
 * our pieces to an enemy piece it chases, safe at every cell after the
 * start; the piece takes its first step. */
static int greedy_chase(const uint8_t *cell, int me)
{
    int best_len = BX_CELLS + 1, action = -1;
    for (int i = 0; i < BX_CELLS; i++) {
        int s = reading_cell(i), c = cell[s];
        if (!bx_is_up(c) || bx_colour(c) != me)
            continue;
        for (int j = 0; j < BX_CELLS; j++) {
            int t = reading_cell(j), q = cell[t], p[BX_CELLS];
            if (!bx_is_up(q) || bx_colour(q) == me || !chases(bx_type(c), bx_type(q)))
                continue;
            int len = bfs_path(cell, s, t, p);
            if (len <= 2 || len >= best_len)
                continue;
            bool safe = true;
            for (int k = 1; k < len && safe; k++)
                safe = !unsafe_after(cell, s, p[k]);
            if (safe) {
                best_len = len;
                action = bx_action(s, p[1]);
            }
        }
    }
    return action;
}

static const char *const RULE_NAME[] = {"capture", "flee", "chase", "flip", "fallback"};

static int level1(const node *n, qp_rng *rng, int *rule)
{
    const uint8_t *cell = n->cell;
    int me = n->side, from[BX_CELLS * 8], to[BX_CELLS * 8], a;
    if (me >= 0) {
        int k = greedy_captures(cell, me, from, to);
        for (int i = 0; i < k; i++)
            if (!unsafe_after(cell, from[i], to[i]) || rank_of(cell[from[i]]) <= rank_of(cell[to[i]])) {
                *rule = 0;
                return bx_action(from[i], to[i]);
            }
        if ((a = greedy_flee(cell, me)) >= 0) {
            *rule = 1;
            return a;
        }
        if ((a = greedy_chase(cell, me)) >= 0) {
            *rule = 2;
            return a;
        }
    }
    if (n->n_down) {
        int pickn = (int)qp_rng_below(rng, n->n_down);
        *rule = 3;
        for (int s = 0; s < BX_CELLS; s++)
            if (cell[s] == BX_DOWN && pickn-- == 0)
                return bx_action(s, s);
    }
    /* The article surrenders here; we must act: its best capture, else a
     * random move (with no action at all the game is already lost). */
    *rule = 4;
    if (greedy_captures(cell, me, from, to))
        return bx_action(from[0], to[0]);
    int all[BX_CELLS * 8], m = bx_actions(cell, me, all);
    return all[qp_rng_below(rng, (uint32_t)m)];
}

/* ---- Entry points ---- */

static root_result result; /* static: large for a wasm stack */

/* Runs the level on the view and returns its action; level 1 tells which
 * of its rules chose, levels 2-3 leave their root in `result`. */
static int decide(const beast_state *view, const qp_ai_opts *o, bool exact, qp_rng *rng,
                  int *rule)
{
    node root;
    qp_rng_seed(rng, o->seed);
    node_from_view(view, &root);
    if (o->level <= 1)
        return level1(&root, rng, rule);
    start_search(&root, view, o->level, o);
    if (o->level == 2)
        level2(&root, rng, &result);
    else
        level3(&root, exact, rng, &result);
    return root_choice(&result, rng);
}

int beast_ai_choose(const beast_state *view, const qp_ai_opts *o, qp_ai_info *info)
{
    qp_rng rng;
    int rule, a = decide(view, o, false, &rng, &rule);
    if (o->level <= 1) {
        snprintf(info->note, sizeof info->note, "rule: %s", RULE_NAME[rule]);
        return a;
    }
    int score = result.moves[result.best].score;
    info->nodes = work.nodes;
    info->has_score = true;
    info->score = score;
    snprintf(info->note, sizeof info->note, "depth %d, %s%d", result.depth,
             score > WIN_BOUND ? "wins, " : score < -WIN_BOUND ? "loses, " : "", score);
    return a;
}

static void put_action(qp_buf *out, int a)
{
    qp_bprintf(out, "\"%c%c", 'a' + bx_col(bx_from(a)), '1' + bx_row(bx_from(a)));
    if (!bx_is_flip(a))
        qp_bprintf(out, "%c%c", 'a' + bx_col(bx_to(a)), '1' + bx_row(bx_to(a)));
    qp_bputc(out, '"');
}

/* {"level":3,"depth":5,"nodes":N,"best":"c5c6","scores":{"c5c6":35,"a1":-12,...}}
 * scores: every legal action's value for the side to move (a flip: its
 * expectation over the hidden kinds; isolated flips share one value).
 * Level 1: {"level":1,"best":"c5c6","rule":"capture"} (capture, flee,
 * chase, flip or fallback: the article's step that chose). */
void beast_ai_analyze(const beast_state *view, const qp_ai_opts *o, qp_buf *out)
{
    qp_rng rng;
    int rule, best = decide(view, o, true, &rng, &rule);
    if (o->level <= 1) {
        qp_bputs(out, "{\"level\":1,\"best\":");
        put_action(out, best);
        qp_bprintf(out, ",\"rule\":\"%s\"}", RULE_NAME[rule]);
        return;
    }
    qp_bprintf(out, "{\"level\":%d,\"depth\":%d,\"nodes\":%lld,\"best\":", o->level, result.depth,
               work.nodes);
    put_action(out, best);
    qp_bputs(out, ",\"scores\":{");
    bool first = true;
    for (int i = 0; i < result.count; i++) {
        const root_move *m = &result.moves[i];
        bool rep = bx_is_flip(m->action) && result.n_isolated && bx_from(m->action) == result.isolated[0];
        for (int j = 0; j < (rep ? result.n_isolated : 1); j++) {
            int a = rep ? bx_action(result.isolated[j], result.isolated[j]) : m->action;
            if (!first)
                qp_bputc(out, ',');
            first = false;
            put_action(out, a);
            qp_bprintf(out, ":%d", m->score);
        }
    }
    qp_bputs(out, "}}");
}

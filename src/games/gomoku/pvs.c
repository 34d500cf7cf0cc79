/* pvs.c — the PVS of gomoku levels 3-4 and its quiescence search, in the
 * shape of the strong gomoku engines: depth counted in quarter plies, a
 * transposition table (tt.h), a history table and killers for a stable
 * move order (moves.c), the evaluation of eval.h, and around the move
 * loop the steps that let it see deep on few nodes:
 *   - at depth zero, a quiescence search over fours (VCF at the leaves);
 *   - razoring: far below alpha near the leaves, only the fours are read;
 *   - futility at the child: far above beta near the leaves, stand pat;
 *   - move-count pruning: late moves near the leaves are not tried;
 *   - the forced answer to a four costs no depth (a singular response);
 *   - singular extension: a table move that alone holds is searched
 *     deeper, and a node where two moves hold is cut (multi-cut);
 *   - late-move reductions, more for moves the learned order ranks low
 *     (policy), less for moves with a good history, more at nodes
 *     expected to fail high (fail-high reduction).
 * Each step has its margin below (override with -D to tune). Here too:
 * the root's iteration over gk_roots for root.c's iterative deepening, and
 * the principal variation. Nothing reads a clock: with a node budget the
 * search is deterministic. */
#include "think.h"

#include <string.h>

#include "eval.h"
#include "tt.h"

#ifndef Q_FOURS
/* Fours the quiescence search may play in a row: against the old search
 * at 50k nodes a move (50 games each), 2 scored 68 %, 1 78 %. */
#define Q_FOURS 1
#endif

/* The margins, in evaluation units (about 400 a logit) or quarter plies. */
#ifndef GK_RAZOR_DEPTH
#define GK_RAZOR_DEPTH 10 /* razoring below this depth ... */
#endif
/* ... when eval + 40 + 8 a quarter ply < alpha. A margin of 100 scored
 * 60 % against 40 at 50k nodes a move and 57 % at 300 ms (50 games each):
 * the next thing to confirm over more games. */
#ifndef GK_RAZOR_MARGIN
#define GK_RAZOR_MARGIN 40
#endif
#ifndef GK_FUT_DEPTH
#define GK_FUT_DEPTH 24 /* futility at the child below this depth ... */
#endif
/* ... when eval - 30 a quarter ply >= beta (20 scored 54 % against 30
 * at 50k nodes a move, 50 games: no clear change). */
#ifndef GK_FUT_MARGIN
#define GK_FUT_MARGIN 30
#endif
#ifndef GK_MC_DIV
#define GK_MC_DIV 1 /* move-count pruning: limits divided by this */
#endif
#ifndef GK_FORCED_EXT
#define GK_FORCED_EXT ONE_PLY /* extension for the forced answer to a four */
#endif
#ifndef GK_SE_DEPTH
/* Singular extension from this depth: off for now. At 50k nodes a move
 * against the old search (50 games each), from 7 plies it scored 63 %
 * where the same search without it scored 78 %. */
#define GK_SE_DEPTH (99 * ONE_PLY)
#endif
#ifndef GK_SE_MARGIN
#define GK_SE_MARGIN 2 /* singular beta: table score - 2 a quarter ply */
#endif
#ifndef GK_LMR_MUL
#define GK_LMR_MUL 6 /* reduction: ln(depth) ln(moves) x 6 quarter plies */
#endif
#ifndef GK_POLICY_DIV
#define GK_POLICY_DIV 100 /* a quarter ply for each 100 of order score below the best */
#endif
#ifndef GK_POLICY_MAX
#define GK_POLICY_MAX 8
#endif
#ifndef GK_HIST_DIV
#define GK_HIST_DIV 2048 /* a quarter ply less for each 2048 of history */
#endif
#ifndef GK_FH_MARGIN
#define GK_FH_MARGIN 8 /* fail-high reduction when eval >= beta + 8 a quarter ply */
#endif

/* ln(i) x 64, for the reductions (no libm: the same in wasm). */
static const unsigned short LN64[64] = {
    0,   0,   44,  70,  89,  103, 115, 125, 133, 141, 147, 153, 159, 164, 169, 173,
    177, 181, 185, 188, 192, 195, 198, 201, 203, 206, 209, 211, 213, 216, 218, 220,
    222, 224, 226, 228, 229, 231, 233, 234, 236, 238, 239, 241, 242, 244, 245, 246,
    248, 249, 250, 252, 253, 254, 255, 256, 258, 259, 260, 261, 262, 263, 264, 265};
/* Moves tried at a depth of d plies before move-count pruning: 3 + d^1.32. */
static const unsigned char MOVE_COUNT[21] = {0,  4,  5,  7,  9,  11, 13, 16, 18, 21, 23,
                                             26, 29, 32, 35, 38, 41, 45, 48, 51, 55};

/* ---- The principal variation: pv[ply] is the line the search expects
 * from `ply` on (the usual triangular table). */

#define PV_KEEP 16
static short pv[MAX_PLY + 2][PV_KEEP];
static unsigned char pv_len[MAX_PLY + 2];
static short root_pv[PV_KEEP];
static int root_pv_len;

static void pv_extend(int ply, int move)
{
    int n = pv_len[ply + 1] < PV_KEEP - 1 ? pv_len[ply + 1] : PV_KEEP - 1;
    pv[ply][0] = (short)move;
    memcpy(pv[ply] + 1, pv[ply + 1], sizeof pv[0][0] * (size_t)n);
    pv_len[ply] = (unsigned char)(n + 1);
}

/* ---- The search stack, from 2 plies above the root (ply -2) on. */

typedef struct {
    int eval; /* static evaluation, for the side to move there */
    int excluded; /* the move a singular search leaves out, or -1 */
} frame;

static frame stack[MAX_PLY + 4];
#define FR(ply) (&stack[(ply) + 2])

root_list gk_roots;

void gk_pvs_new_search(void)
{
    root_pv_len = 0;
    gk_tt_new_search();
    gk_moves_new_search();
    for (int i = 0; i < MAX_PLY + 4; i++)
        stack[i] = (frame){0, -1};
    gk_threats_new_search();
}

/* ---- Quiescence: at depth zero, the fours (VCF at the leaves). */

static int quiesce(int alpha, int beta, int ply, int fours)
{
    gb_board *b = &gk_board;
    int me = b->side, op = !me, f;
    if (gk_tick())
        return 0;
    if (b->count[me][GB_C_FIVE])
        return WIN - ply - 1;
    if ((f = gb_find(b, op, GB_C_FIVE)) >= 0) {
        if (b->count[op][GB_C_FIVE] >= 2 || !gb_legal(b, me, f))
            return -(WIN - ply - 2);
        gb_make(b, f);
        int v = -quiesce(-beta, -alpha, ply + 1, fours);
        gb_unmake(b);
        return v;
    }
    if (gk_find_legal(b, me, GB_C_F4) >= 0)
        return WIN - ply - 3;
    int best = evaluate(b);
    if (best >= beta || fours <= 0 || ply >= MAX_PLY)
        return best;
    if (best > alpha)
        alpha = best;
    move_list ml, *l = &ml;
    ml.n = 0;
    ml.cap = 8;
    gk_threat_moves(b, me, FOURS, l);
    for (int i = 0; i < l->n; i++) {
        gb_make(b, l->m[i].move);
        int v = -quiesce(-beta, -alpha, ply + 1, fours - 1);
        gb_unmake(b);
        if (gk_work.stop)
            return 0;
        if (v > best) {
            best = v;
            if (v > alpha)
                alpha = v;
            if (v >= beta)
                break;
        }
    }
    return best;
}

/* ---- PVS. */

/* Decided positions before any move is searched: a five, a forced block,
 * an open four. Returns true with *score set. */
static bool decided(int ply, int *score, int *forced)
{
    gb_board *b = &gk_board;
    int me = b->side, op = !me, f;
    *forced = -1;
    if (b->count[me][GB_C_FIVE]) {
        *score = WIN - ply - 1;
        return true;
    }
    if ((f = gb_find(b, op, GB_C_FIVE)) >= 0) {
        if (b->count[op][GB_C_FIVE] >= 2 || !gb_legal(b, me, f)) {
            *score = -(WIN - ply - 2);
            return true;
        }
        *forced = f;
        return false;
    }
    if (gk_find_legal(b, me, GB_C_F4) >= 0) {
        *score = WIN - ply - 3;
        return true;
    }
    return false;
}

/* The reduction of the `count`th move (from 1) at depth d, in quarter
 * plies: late moves, low in the learned order, with a poor history, at
 * nodes expected to fail high. */
static int reduction(int d, int count, int policy_gap, int hist, bool pv_node, bool cut,
                     bool threat)
{
    int dp = d / ONE_PLY < 63 ? d / ONE_PLY : 63, c = count < 63 ? count : 63;
    int r = GK_LMR_MUL * LN64[dp] * LN64[c] / (64 * 64);
    int pol = policy_gap / GK_POLICY_DIV;
    r += pol < GK_POLICY_MAX ? pol : GK_POLICY_MAX;
    int h = hist / GK_HIST_DIV;
    r -= h > 2 * ONE_PLY ? 2 * ONE_PLY : h < -2 * ONE_PLY ? -2 * ONE_PLY : h;
    if (pv_node)
        r -= ONE_PLY;
    if (cut)
        r += ONE_PLY;
    if (threat)
        r -= ONE_PLY;
    return r > 0 ? r : 0;
}

/* A four of the mover: never pruned by move count, reduced less. (Open
 * threes and blocks too, in self-play at 50k nodes a move against the old
 * search, 54 % against 68 % for fours alone.) */
static bool is_threat(const gb_board *b, int me, int p) { return b->cls[me][p] >= GB_C_B4; }

/* One node: depth in quarter plies; cut: expected to fail high. */
static int search(int depth, int alpha, int beta, int ply, bool cut)
{
    gb_board *b = &gk_board;
    bool pv_node = beta - alpha > 1;
    int score, forced, me = b->side, excluded = FR(ply)->excluded;
    pv_len[ply] = 0;
    if (gk_tick())
        return 0;
    if (decided(ply, &score, &forced))
        return score;
    if (forced >= 0) { /* the opponent's four: one answer */
        FR(ply)->eval = -FR(ply - 1)->eval;
        if (forced == excluded)
            return alpha;
        gb_make(b, forced);
        pv_len[ply + 1] = 0;
        int v = ply < MAX_PLY
                    ? -search(depth - ONE_PLY + GK_FORCED_EXT, -beta, -alpha, ply + 1, !cut)
                    : -evaluate(b);
        gb_unmake(b);
        pv_extend(ply, forced);
        return v;
    }
    if (depth < ONE_PLY || ply >= MAX_PLY) /* VCF at depth zero */
        return quiesce(alpha, beta, ply, Q_FOURS);
    /* Mate distance: no line here beats a win already found nearer. */
    if (alpha < -(WIN - ply))
        alpha = -(WIN - ply);
    if (beta > WIN - ply - 1)
        beta = WIN - ply - 1;
    if (alpha >= beta)
        return alpha;

    uint64_t key = b->hash ^ (excluded >= 0 ? 0x9e3779b97f4a7c15ULL * (uint64_t)(excluded + 1) : 0);
    tt_entry *e = tt_slot(key);
    int tt_move = -1, tt_score = 0, tt_depth = -1, tt_flag = TT_EXACT;
    if (tt_hit(e, key)) {
        tt_score = qp_score_from_tt(e->score, ply, DECIDED);
        tt_depth = e->depth;
        tt_flag = e->flag;
        tt_move = e->move;
        if (!pv_node && tt_depth >= depth &&
            (tt_flag == TT_EXACT || (tt_flag == TT_LOWER && tt_score >= beta) ||
             (tt_flag == TT_UPPER && tt_score <= alpha)))
            return tt_score;
    }
    int eval = evaluate(b);
    FR(ply)->eval = eval;
    bool improving = eval > FR(ply - 2)->eval;
    bool threatened = gk_find_legal(b, !me, GB_C_F4) >= 0; /* an open three */
    gk_clear_killers(ply + 2);

    if (!pv_node && !threatened && excluded < 0) {
        /* Razoring: hopeless near the leaves unless the fours save it. */
        if (depth < GK_RAZOR_DEPTH && eval + GK_RAZOR_MARGIN + 8 * depth < alpha) {
            int v = quiesce(alpha, alpha + 1, ply, Q_FOURS);
            if (v <= alpha || gk_work.stop)
                return v;
        }
        /* Futility at the child: so far above beta that it stands. */
        if (depth < GK_FUT_DEPTH && eval < DECIDED / 2 && beta > -DECIDED &&
            eval - GK_FUT_MARGIN * (depth - (improving ? ONE_PLY : 0)) >= beta)
            return eval;
    }

    move_list ml, *l = &ml;
    int top = gk_node_moves(b, l, tt_move, ply);
    if (l->n == 0)
        return gk_find_legal(b, !me, GB_C_F4) >= 0 ? -(WIN - ply - 4) : 0;
    bool fail_high = !pv_node && cut && eval >= beta + GK_FH_MARGIN * depth;
    int mc_limit = depth / ONE_PLY < 21 ? MOVE_COUNT[depth / ONE_PLY] : 255;
    if (!improving)
        mc_limit = (mc_limit + 1) / 2;
    mc_limit /= GK_MC_DIV;
    int alpha0 = alpha, best = -INF, best_move = -1, count = 0;
    for (int i = 0; i < l->n; i++) {
        qp_moves_pick(l->m, i, l->n);
        int m = l->m[i].move;
        if (m == excluded)
            continue;
        count++;
        bool threat = is_threat(b, me, m);
        /* Move-count pruning: enough moves tried near the leaves. */
        if (count > 1 && best > -DECIDED && count > mc_limit && !threat)
            continue;
        int ext = 0;
        /* Singular extension: does any other move hold near the table's score? */
        if (m == tt_move && depth >= GK_SE_DEPTH && excluded < 0 && tt_flag != TT_UPPER &&
            tt_depth >= depth - 3 * ONE_PLY && tt_score < DECIDED && tt_score > -DECIDED) {
            int sbeta = tt_score - GK_SE_MARGIN * depth;
            FR(ply)->excluded = m;
            int v = search(depth / 2, sbeta - 1, sbeta, ply, cut);
            FR(ply)->excluded = -1;
            FR(ply)->eval = eval;
            if (gk_work.stop)
                return 0;
            if (v < sbeta)
                ext = ONE_PLY;
            else if (sbeta >= beta)
                return sbeta; /* multi-cut: two moves hold */
        }
        if (fail_high && !threat)
            ext -= ONE_PLY;
        int new_depth = depth - ONE_PLY + ext;
        int policy_gap = top - order_score(b, me, m);
        gb_make(b, m);
        int v;
        if (count == 1) {
            v = -search(new_depth, -beta, -alpha, ply + 1, !pv_node && !cut);
        } else {
            int r =
                depth >= 2 * ONE_PLY && count > 2
                    ? reduction(depth, count, policy_gap, gk_history[me][m], pv_node, cut, threat)
                    : 0;
            int d = new_depth - r;
            d = d < ONE_PLY ? ONE_PLY : d > new_depth ? new_depth : d;
            v = -search(d, -alpha - 1, -alpha, ply + 1, true);
            if (v > alpha && d < new_depth)
                v = -search(new_depth, -alpha - 1, -alpha, ply + 1, !cut);
            if (pv_node && v > alpha && v < beta)
                v = -search(new_depth, -beta, -alpha, ply + 1, false);
        }
        gb_unmake(b);
        if (gk_work.stop)
            return 0;
        if (v > best) {
            best = v;
            best_move = m;
            if (v > alpha) {
                alpha = v;
                pv_extend(ply, m);
            }
            if (v >= beta)
                break;
        }
    }
    if (best_move < 0) /* only the excluded move */
        return alpha;
    if (best >= beta) /* the move that cut: history and killers */
        gk_note_cutoff(me, l, best_move, excluded, ply, depth);
    tt_store(e, key, best, ply, best_move, depth,
             best >= beta     ? TT_LOWER
             : best <= alpha0 ? TT_UPPER
                              : TT_EXACT);
    return best;
}

/* ---- The entries: a search from a node, the expected line, and an
 * iteration at the root. */

int gk_pvs(int depth, int alpha, int beta, int ply)
{
    FR(ply - 1)->eval = -evaluate(&gk_board);
    FR(ply)->excluded = -1;
    return search(depth * ONE_PLY, alpha, beta, ply, false);
}

/* The line the search expects after `first` (its chosen move): the
 * principal variation of its last iteration when it starts there,
 * continued from the table while that remembers a best move on an empty
 * point. The board is left as it was. */
int gk_expected_line(int first, int *pts, int cap)
{
    gb_board *b = &gk_board;
    int n = 0;
    if (cap <= 0 || b->cell[first] != GOMOKU_EMPTY)
        return 0;
    int known = root_pv_len > 0 && root_pv[0] == first ? root_pv_len : 1;
    for (int i = 0; i < known && n < cap; i++) {
        int p = i == 0 ? first : root_pv[i];
        if (b->cell[p] != GOMOKU_EMPTY || !gb_legal(b, b->side, p))
            break;
        pts[n++] = p;
        gb_make(b, p);
    }
    while (n < cap) {
        const tt_entry *e = tt_slot(b->hash);
        if (!tt_hit(e, b->hash) || e->move < 0 || b->cell[e->move] != GOMOKU_EMPTY ||
            !gb_legal(b, b->side, e->move))
            break;
        pts[n++] = e->move;
        gb_make(b, e->move);
    }
    for (int i = 0; i < n; i++)
        gb_unmake(b);
    return n;
}

/* One iteration at `depth` plies over gk_roots inside the window
 * (alpha, beta); returns the index of the best move, -1 if stopped before
 * the first move was done or if every move failed low (*best_score <=
 * alpha then). A move that reaches beta ends the iteration. Scores of the
 * others are upper bounds (they failed low). Late root moves are first
 * searched reduced. */
int gk_root_iteration(int depth, int alpha, int beta, int *best_score)
{
    int best = -1, top = -INF, d = (depth - 1) * ONE_PLY;
    FR(0)->eval = evaluate(&gk_board);
    FR(-1)->eval = -FR(0)->eval;
    FR(0)->excluded = FR(1)->excluded = -1;
    for (int i = 0; i < gk_roots.n; i++) {
        gb_make(&gk_board, gk_roots.m[i].move);
        int v;
        if (i == 0) {
            v = -search(d, -beta, -alpha, 1, false);
        } else {
            int r = depth >= 3 && i >= 3 ? GK_LMR_MUL * LN64[depth < 63 ? depth : 63] *
                                               LN64[i < 63 ? i : 63] / (64 * 64) / 2
                                         : 0;
            v = -search(d - r, -alpha - 1, -alpha, 1, true);
            if (v > alpha && r > 0 && !gk_work.stop)
                v = -search(d, -alpha - 1, -alpha, 1, false);
            if (v > alpha && !gk_work.stop)
                v = -search(d, -beta, -alpha, 1, false);
        }
        gb_unmake(&gk_board);
        if (gk_work.stop)
            break;
        gk_roots.m[i].score = v;
        top = v > top ? v : top;
        if (v > alpha) {
            alpha = v;
            best = i;
            pv_extend(0, gk_roots.m[i].move);
            root_pv_len = pv_len[0];
            memcpy(root_pv, pv[0], sizeof root_pv);
            if (v >= beta)
                break;
        }
    }
    *best_score = best >= 0 ? alpha : top;
    return best;
}

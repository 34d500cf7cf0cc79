/* guess.c — choosing a click (msv_choose): the first click, a certain
 * cell, level 1's random and level 2's local guess, and level 3's choice:
 * the endgame search (endgame.c) when few layouts remain, unavoidable and
 * latent 50/50s, else the best guess by secondary safety. The top of the
 * solver: it calls every other file, none calls it. The tuning knobs
 * (msv_tune) live here; endgame.c gets its limits from them as arguments. */
#include "solver_internal.h"

#include <string.h>

#include "rng.h"

msv_tuning msv_tune = {
    .bf_max_solutions = 1500,
    .bf_max_nodes = 10000000, /* work units: cells x solutions looked at */
    .first_zero_x = 3,
    .first_zero_y = 3,
    .first_sparse_x = 2,
    .first_sparse_y = 2,
    .zero_dense = 0.18,
    .first_safe_x = 0,
    .first_safe_y = 0,
    .fifty = 1,
    .cutoff = 0.9,
    .secondary = 1,
    .latent = 1,
    .blend = 4,
    .interior_max = 6,
    .depth = 0,
    .dominance = 1,
    .single = 1,
    .inner = 3,
    .interior_near = 0,
};

static unsigned char base_known[MSV_MAX_CELLS], try_known[MSV_MAX_CELLS];
static double base_prob[MSV_MAX_CELLS];

static int hidden_around(const msv_board *b, int c)
{
    int n = 0;
    for (int i = 0; i < msv_nbr_n[c]; i++)
        n += b->value[msv_nbr[c][i]] == MSV_HIDDEN;
    return n;
}

static int first_click(const msv_board *b, int level, qp_rng *rng)
{
    if (level == 1)
        return (int)qp_rng_below(rng, (uint32_t)b->n);
    if (level == 3 && b->zero_rule) {
        /* Under :zero any first click opens an area; a cell near (not
         * on) the corner opens one that is likely to spread. Sparse
         * boards want it closer to the corner (measured per preset). */
        bool sparse = b->mines < msv_tune.zero_dense * b->n;
        int fx = sparse ? msv_tune.first_sparse_x : msv_tune.first_zero_x;
        int fy = sparse ? msv_tune.first_sparse_y : msv_tune.first_zero_y;
        int x = fx < b->w ? fx : b->w / 2;
        int y = fy < b->h ? fy : b->h / 2;
        return y * b->w + x;
    }
    if (level == 3 && (msv_tune.first_safe_x || msv_tune.first_safe_y))
        return (msv_tune.first_safe_y % b->h) * b->w + msv_tune.first_safe_x % b->w;
    return 0; /* a corner: the likeliest cell to show a zero */
}

/* Whether opening c could still tell something: it has an unknown
 * neighbour. */
static bool living(const unsigned char *known, int c)
{
    for (int i = 0; i < msv_nbr_n[c]; i++)
        if (known[msv_nbr[c][i]] == MSV_UNKNOWN)
            return true;
    return false;
}

/* A position studied while choosing a guess: the board, what is known,
 * the probabilities and the number of layouts. pos_mem[0] is the
 * position on the board, pos_mem[d + 1] one guess further than pos_mem[d]. */
typedef struct {
    msv_board board;
    unsigned char known[MSV_MAX_CELLS];
    double prob[MSV_MAX_CELLS];
    xf total;
} msv_pos;

#define MAX_DEPTH 3
#define MAX_INNER 8
static msv_pos pos_mem[MAX_DEPTH + 1];

/* Deductions and probabilities of p (board and known set); false when
 * it cannot happen. */
static bool study(msv_pos *p)
{
    if (msv_deduce(&p->board, p->known, 2) < 0)
        return false;
    pe_result r = msv_pe_run(&p->board, p->known);
    if (!r.consistent || !r.exact)
        return false;
    p->total = r.total;
    memcpy(p->prob, msv_pe_prob, sizeof(double) * (size_t)p->board.n);
    return true;
}

static double secondary_safety(msv_pos *p, int c, double safety, double beat, int depth, bool *dead,
                               int *by);

/* The safest living cell of the last position_value(), when it is the
 * only one that safe; else -1. */
static int last_single;

/* Inserts c into cand (safest first), keeping at most cap cells. */
static void keep_safest(const double *prob, int *cand, int *n, int cap, int c)
{
    double s = 1 - prob[c];
    if (*n == cap && 1 - prob[cand[cap - 1]] >= s)
        return;
    int j = *n < cap ? (*n)++ : cap - 1;
    while (j > 0 && 1 - prob[cand[j - 1]] < s) {
        cand[j] = cand[j - 1];
        j--;
    }
    cand[j] = c;
}

/* How good p is for the next move: 1 with a useful safe cell; else, at
 * depth 0, a blend of the two best safeties among living cells (4:1);
 * deeper, the best secondary safety of its safest few cells. */
static double position_value(msv_pos *p, int depth)
{
    double best = -1, second = -1;
    int best_cell = -1, safe_cells = 0, safe_cell = -1;
    bool any_unknown = false;
    int cand[MAX_INNER], n = 0, cap = msv_tune.inner < MAX_INNER ? msv_tune.inner : MAX_INNER;
    for (int c = 0; c < p->board.n; c++) {
        bool safe = p->known[c] == MSV_SAFE;
        if (p->known[c] != MSV_UNKNOWN && !safe)
            continue;
        any_unknown |= !safe;
        if (!living(p->known, c))
            continue;
        double s = safe ? 1 : 1 - p->prob[c];
        if (s >= 1) {
            safe_cells++;
            safe_cell = c;
            continue;
        }
        if (s > best) {
            second = best;
            best = s;
            best_cell = c;
        } else if (s > second) {
            second = s;
        }
        if (depth > 0)
            keep_safest(p->prob, cand, &n, cap, c);
    }
    if (safe_cells) {
        last_single = safe_cells == 1 ? safe_cell : -1;
        return 1;
    }
    int single = best > second ? best_cell : -1;
    last_single = single;
    if (!any_unknown || best < 0)
        return 1;
    if (second < 0)
        second = best;
    double blended = (msv_tune.blend * best + second) / (msv_tune.blend + 1);
    if (depth == 0)
        return blended;
    double value = 0;
    for (int i = 0; i < n; i++) {
        double s = 1 - p->prob[cand[i]];
        if (s <= value)
            break;
        bool dead;
        int by;
        double v = secondary_safety(p, cand[i], s, value, depth - 1, &dead, &by);
        if (v > value)
            value = v;
    }
    last_single = single;
    return value > 0 ? value : blended;
}

/* The chance to survive opening c in p and then the next move, summed
 * over the values c may show. Stops early once it cannot reach `beat`.
 * *dead: c can show only one value (it would tell nothing). */
static double secondary_safety(msv_pos *p, int c, double safety, double beat, int depth, bool *dead,
                               int *by)
{
    msv_pos *q = p + 1;
    int n = p->board.n, mines, u = msv_unknown_around(p->known, c, NULL, &mines);
    double score = 0, mass = 0;
    int values = 0, single = -2;
    bool pruned = false;
    for (int v = mines; v <= mines + u && !pruned; v++) {
        q->board = p->board;
        q->board.value[c] = (signed char)v;
        memcpy(q->known, p->known, (size_t)n);
        q->known[c] = MSV_OPEN;
        if (!study(q))
            continue;
        double pv = msv_xf_ratio(q->total, p->total);
        if (pv <= 0)
            continue;
        values++;
        double next = position_value(q, depth);
        single = single == -2 || single == last_single ? last_single : -1;
        score += pv * next;
        mass += pv;
        pruned = score + (safety - mass) < beat;
    }
    *dead = values <= 1 && !pruned;
    /* Whatever c shows, the same cell is the one to play next. */
    *by = pruned || single < 0 ? -1 : single;
    return score;
}

static bool near_half(double p) { return p > 0.5 - 1e-9 && p < 0.5 + 1e-9; }

static bool touching(int w, int a, int b)
{
    int ax = a % w, ay = a / w, bx = b % w, by = b / w;
    return a != b && ax - bx <= 1 && bx - ax <= 1 && ay - by <= 1 && by - ay <= 1;
}

/* Unavoidable 50/50: cells a and b, one mine between them in every
 * layout, and every neighbour of one that is not a neighbour of the other
 * a known mine. Then moving the mine from one to the other changes no
 * number and no other cell: nothing can ever tell them apart. */
static int find_fifty(const msv_board *b)
{
    int w = b->w;
    for (int a = 0; a < b->n; a++) {
        if (base_known[a] != MSV_UNKNOWN || !near_half(base_prob[a]))
            continue;
        for (int dy = 0; dy <= 2; dy++)
            for (int dx = -2; dx <= 2; dx++) {
                int x = a % w + dx, y = a / w + dy, o = y * w + x;
                if ((dy == 0 && dx <= 0) || x < 0 || x >= w || y >= b->h)
                    continue;
                if (base_known[o] != MSV_UNKNOWN || !near_half(base_prob[o]))
                    continue;
                /* Every cell next to one but not the other must be a known
                 * mine: an open number there links them differently to
                 * the rest, a hidden cell could tell them apart later. */
                bool apart = false;
                for (int i = 0; i < msv_nbr_n[a] && !apart; i++) {
                    int z = msv_nbr[a][i];
                    apart = z != o && base_known[z] != MSV_MINE && !touching(w, z, o);
                }
                for (int i = 0; i < msv_nbr_n[o] && !apart; i++) {
                    int z = msv_nbr[o][i];
                    apart = z != a && base_known[z] != MSV_MINE && !touching(w, z, a);
                }
                if (apart)
                    continue;
                /* With a a mine, o must be safe in every layout. */
                memcpy(try_known, base_known, (size_t)b->n);
                try_known[a] = MSV_MINE;
                pe_result r = msv_pe_run(b, try_known);
                if (r.consistent && r.exact && msv_pe_prob[o] == 0)
                    return a;
            }
    }
    return -1;
}

static bool base_frontier[MSV_MAX_CELLS];

#define MAX_FRONTIER_CANDIDATES 32
#define MAX_INTERIOR_CANDIDATES 24

static bool next_to_frontier(int c)
{
    for (int i = 0; i < msv_nbr_n[c]; i++)
        if (base_frontier[msv_nbr[c][i]])
            return true;
    return false;
}

/* Interior cells worth a look: first up to `near` next to the frontier
 * (their number constrains it), then up to `max` more; each time those
 * with the fewest hidden neighbours (likeliest to open an area) first. */
static int interior_candidates(const msv_board *b, int *out, int max, int near)
{
    static bool taken[MSV_MAX_CELLS];
    int n = 0;
    memset(taken, 0, sizeof(bool) * (size_t)b->n);
    for (int pass = 0; pass < 2; pass++) {
        int cap = pass == 0 ? near : n + max;
        if (cap > MAX_INTERIOR_CANDIDATES)
            cap = MAX_INTERIOR_CANDIDATES;
        for (int want = 0; want <= 8 && n < cap; want++)
            for (int c = 0; c < b->n && n < cap; c++) {
                if (base_known[c] == MSV_UNKNOWN && !base_frontier[c] && !taken[c] &&
                    hidden_around(b, c) == want && (pass == 1 || next_to_frontier(c))) {
                    taken[c] = true;
                    out[n++] = c;
                }
            }
    }
    return n;
}

/* Safest first, then by index: a total order, so the sort is the same
 * everywhere. */
static bool safer(int a, int b)
{
    if (base_prob[a] != base_prob[b])
        return base_prob[a] < base_prob[b];
    return a < b;
}

static void insert_candidate(int *cand, int *n, int cap, int c)
{
    if (*n == cap && !safer(c, cand[cap - 1]))
        return;
    int j = *n < cap ? (*n)++ : cap - 1;
    while (j > 0 && safer(c, cand[j - 1])) {
        cand[j] = cand[j - 1];
        j--;
    }
    cand[j] = c;
}

/* ---- Latent 50/50s (the idea of JSMinesweeper's "long-term risk").
 *
 * Two neighbouring hidden cells whose other neighbours (the cells that
 * see one but not the other) are all mines can never be told apart: if
 * one of them is a mine, a 50/50 guess waits there. In the layouts where
 * such a pattern is complete, guessing one of its cells now costs nothing
 * more than the guess that must come later. influence[c] is the share of
 * layouts where c is the mine of a complete pattern (pairs and 2x2 boxes
 * on a diagonal, whose outer corners are the only cells that tell). */

static double influence[MSV_MAX_CELLS], box_influence[MSV_MAX_CELLS];

/* The share of layouts with `mines` mines, `safes` safe and every flank
 * cell a mine. */
static double pattern_weight(const msv_board *b, xf total, const int *mines, int nm,
                             const int *safes, int ns, const int *flank, int nf)
{
    memcpy(try_known, base_known, (size_t)b->n);
    for (int i = 0; i < nm; i++)
        try_known[mines[i]] = MSV_MINE;
    for (int i = 0; i < ns; i++)
        try_known[safes[i]] = MSV_SAFE;
    for (int i = 0; i < nf; i++)
        try_known[flank[i]] = MSV_MINE;
    pe_result r = msv_pe_run(b, try_known);
    return r.consistent && r.exact ? msv_xf_ratio(r.total, total) : 0;
}

/* The unknown cells at the offsets from (x, y) into flank; false if one
 * is open or known safe (it tells the halves apart). */
static bool flank_cells(const msv_board *b, int x, int y, const signed char (*off)[2], int n_off,
                        int *flank, int *nf)
{
    *nf = 0;
    for (int i = 0; i < n_off; i++) {
        int fx = x + off[i][0], fy = y + off[i][1];
        if (fx < 0 || fy < 0 || fx >= b->w || fy >= b->h)
            continue;
        int c = fy * b->w + fx;
        if (base_known[c] == MSV_OPEN || base_known[c] == MSV_SAFE)
            return false;
        if (base_known[c] == MSV_UNKNOWN)
            flank[(*nf)++] = c;
    }
    return true;
}

static const signed char FLANK_H[6][2] = {{-1, -1}, {-1, 0}, {-1, 1}, {2, -1}, {2, 0}, {2, 1}};
static const signed char FLANK_V[6][2] = {{-1, -1}, {0, -1}, {1, -1}, {-1, 2}, {0, 2}, {1, 2}};
static const signed char FLANK_BOX[4][2] = {{-1, -1}, {2, -1}, {-1, 2}, {2, 2}};

/* Fills influence[]; returns a cell whose every mine layout is a complete
 * pattern (a "pseudo 50/50": safe, or a 50/50 to take now), or -1. */
static int find_latent(const msv_board *b, xf total, int left)
{
    int pseudo = -1, flank[6], nf;
    for (int c = 0; c < b->n; c++)
        influence[c] = box_influence[c] = 0;
    for (int y = 0; y < b->h; y++)
        for (int x = 0; x < b->w; x++) {
            int t1 = y * b->w + x;
            for (int dir = 0; dir < 2; dir++) {
                int x2 = x + (dir == 0), y2 = y + (dir == 1);
                if (x2 >= b->w || y2 >= b->h)
                    continue;
                int t2 = y2 * b->w + x2;
                if (base_known[t1] != MSV_UNKNOWN || base_known[t2] != MSV_UNKNOWN ||
                    !flank_cells(b, x, y, dir == 0 ? FLANK_H : FLANK_V, 6, flank, &nf) || nf > 1 ||
                    nf + 1 > left)
                    continue;
                double wgt = pattern_weight(b, total, &t1, 1, &t2, 1, flank, nf);
                influence[t1] += wgt;
                influence[t2] += wgt;
                if (pseudo < 0 && wgt > 0 && wgt >= base_prob[t1] * (1 - 1e-9))
                    pseudo = t1;
                if (pseudo < 0 && wgt > 0 && wgt >= base_prob[t2] * (1 - 1e-9))
                    pseudo = t2;
            }
            if (x + 1 >= b->w || y + 1 >= b->h || left < 2)
                continue;
            int box[4] = {t1, t1 + 1, t1 + b->w, t1 + b->w + 1};
            bool all_unknown = true;
            for (int i = 0; i < 4; i++)
                all_unknown &= base_known[box[i]] == MSV_UNKNOWN;
            if (!all_unknown || !flank_cells(b, x, y, FLANK_BOX, 4, flank, &nf) || nf > 0)
                continue;
            int mines[2] = {box[0], box[3]}, safes[2] = {box[1], box[2]};
            double wgt = pattern_weight(b, total, mines, 2, safes, 2, flank, 0);
            for (int i = 0; i < 4; i++) {
                if (wgt > box_influence[box[i]])
                    box_influence[box[i]] = wgt;
                if (pseudo < 0 && wgt > 0 && wgt >= base_prob[box[i]] * (1 - 1e-9))
                    pseudo = box[i];
            }
        }
    for (int c = 0; c < b->n; c++) {
        double p = base_prob[c], v = influence[c] + box_influence[c];
        /* Never more than the mine or the safe share of the cell. */
        influence[c] = v < p ? (v < 1 - p ? v : 1 - p) : (p < 1 - p ? p : 1 - p);
    }
    return pseudo;
}

/* A guess's worth gets a bonus for the latent 50/50 risk it settles. */
static double latent_bonus(int c)
{
    double safety = 1 - base_prob[c];
    return safety > 0 ? 1 + 0.9 * influence[c] / safety : 1;
}

/* A cell that is safe whenever `pick` is safe is at least as safe, and
 * opening it first loses nothing: if it is a mine, so was pick; if not,
 * its number comes for free. Returns the safest such living cell (or pick),
 * following the chain a few steps. */
static int dominating(const msv_board *b, int pick)
{
    for (int step = 0; step < 4; step++) {
        memcpy(try_known, base_known, (size_t)b->n);
        try_known[pick] = MSV_SAFE;
        pe_result r = msv_pe_run(b, try_known);
        if (!r.consistent || !r.exact)
            return pick;
        int better = -1;
        for (int c = 0; c < b->n; c++)
            if (try_known[c] == MSV_UNKNOWN && msv_pe_prob[c] == 0 &&
                base_prob[c] < base_prob[pick] && living(base_known, c) &&
                (better < 0 || safer(c, better)))
                better = c;
        if (better < 0)
            return pick;
        pick = better;
    }
    return pick;
}

static void best_guess(const msv_board *b, xf total, double interior_p, msv_choice *out)
{
    int cand[MAX_FRONTIER_CANDIDATES + MAX_INTERIOR_CANDIDATES], n = 0;
    double best_safety = 0;
    for (int c = 0; c < b->n; c++)
        if (base_known[c] == MSV_UNKNOWN && 1 - base_prob[c] > best_safety)
            best_safety = 1 - base_prob[c];
    for (int c = 0; c < b->n; c++)
        if (base_known[c] == MSV_UNKNOWN && base_frontier[c] &&
            1 - base_prob[c] + influence[c] >= best_safety * msv_tune.cutoff)
            insert_candidate(cand, &n, MAX_FRONTIER_CANDIDATES, c);
    if (1 - interior_p >= best_safety * msv_tune.cutoff) {
        int extra[MAX_INTERIOR_CANDIDATES];
        int k = interior_candidates(b, extra, msv_tune.interior_max, msv_tune.interior_near);
        for (int i = 0; i < k; i++)
            insert_candidate(cand, &n, MAX_FRONTIER_CANDIDATES + MAX_INTERIOR_CANDIDATES, extra[i]);
    }
    if (n == 0) /* no cell passed the cut (never seen): the safest one */
        for (int c = 0; c < b->n; c++)
            if (base_known[c] == MSV_UNKNOWN && (n == 0 || base_prob[c] < base_prob[cand[0]])) {
                cand[0] = c;
                n = 1;
            }
    if (n == 0)
        return; /* nothing hidden: the callers never ask then */
    double best = -1, best_dead = -1;
    int pick = -1, pick_dead = -1;
    static int next_by[MSV_MAX_CELLS];
    for (int i = 0; i < n; i++)
        next_by[cand[i]] = -1;
    msv_pos *root = &pos_mem[0];
    root->board = *b;
    memcpy(root->known, base_known, (size_t)b->n);
    memcpy(root->prob, base_prob, sizeof(double) * (size_t)b->n);
    root->total = total;
    for (int i = 0; i < n; i++) {
        int c = cand[i];
        double safety = 1 - base_prob[c], bonus = latent_bonus(c);
        if (safety * bonus <= best)
            continue;
        bool dead = false;
        int by = -1;
        double v = msv_tune.secondary ? secondary_safety(&pos_mem[0], c, safety, best / bonus,
                                                         msv_tune.depth, &dead, &by)
                                      : safety;
        next_by[c] = by;
        v *= bonus;
        if (dead) {
            if (safety > best_dead) {
                best_dead = safety;
                pick_dead = c;
            }
        } else if (v > best) {
            best = v;
            pick = c;
        }
    }
    if (pick < 0)
        pick = pick_dead >= 0 ? pick_dead : cand[0];
    /* If whatever pick shows the same safer candidate comes next, play it
     * now. */
    int then = msv_tune.single ? next_by[pick] : -1;
    for (int i = 0; i < n && then >= 0; i++)
        if (cand[i] == then && base_prob[then] < base_prob[pick]) {
            pick = then;
            break;
        }
    if (msv_tune.dominance)
        pick = dominating(b, pick);
    out->cell = pick;
    out->kind = MSV_GUESS;
    out->p_mine = base_prob[pick];
}

static void choose_level3(const msv_board *b, msv_choice *out)
{
    pe_result r = msv_pe_run(b, base_known);
    memcpy(base_prob, msv_pe_prob, sizeof(double) * (size_t)b->n);
    for (int c = 0; c < b->n; c++)
        base_frontier[c] = msv_cell_box[c] >= 0;
    int pick = -1;
    for (int c = 0; c < b->n; c++)
        if (base_known[c] == MSV_UNKNOWN && (pick < 0 || safer(c, pick)))
            pick = c;
    out->cell = pick;
    out->p_mine = base_prob[pick];
    out->kind = base_prob[pick] == 0 && r.exact ? MSV_CERTAIN : MSV_GUESS;
    if (!r.exact || out->kind == MSV_CERTAIN)
        return; /* estimates only, or a certain cell */
    if (msv_xf_ratio(r.total, msv_xf_make(msv_tune.bf_max_solutions, 0)) <= 1) {
        double win;
        int c = msv_endgame_search(b, base_known, r.left, msv_tune.bf_max_solutions,
                                   msv_tune.bf_max_nodes, &win);
        if (c >= 0) {
            out->cell = c;
            out->kind = MSV_ENDGAME;
            out->p_mine = base_prob[c];
            out->win = win;
            return;
        }
    }
    if (msv_tune.fifty) {
        int a = find_fifty(b);
        if (a < 0 && msv_tune.latent)
            a = find_latent(b, r.total, r.left);
        if (a >= 0) {
            out->cell = a;
            out->kind = MSV_FIFTY;
            out->p_mine = base_prob[a];
            return;
        }
    }
    best_guess(b, r.total, r.interior_p, out);
}

/* Level 2's guess: the lowest local estimate; fewer hidden neighbours
 * break ties. */
static void local_guess(const msv_board *b, msv_choice *out)
{
    int mines = 0, unknown = 0, frontier;
    for (int c = 0; c < b->n; c++) {
        mines += base_known[c] == MSV_MINE;
        unknown += base_known[c] == MSV_UNKNOWN;
    }
    msv_build_structure(b, base_known, &frontier);
    msv_estimate(b, base_known, b->mines - mines, unknown);
    int pick = -1;
    for (int c = 0; c < b->n; c++) {
        if (base_known[c] != MSV_UNKNOWN)
            continue;
        if (pick < 0 || msv_pe_prob[c] < msv_pe_prob[pick] ||
            (msv_pe_prob[c] == msv_pe_prob[pick] && hidden_around(b, c) < hidden_around(b, pick)))
            pick = c;
    }
    out->cell = pick;
    out->kind = MSV_GUESS;
    out->p_mine = msv_pe_prob[pick];
}

bool msv_choose(const msv_board *b, int level, uint64_t seed, msv_choice *out)
{
    qp_rng rng;
    qp_rng_seed(&rng, seed);
    msv_geometry(b->w, b->h);
    msv_work = 0;
    memset(out, 0, sizeof *out);
    out->win = -1;
    out->cell = -1;
    int open = 0, hidden = 0;
    for (int c = 0; c < b->n; c++) {
        open += b->value[c] != MSV_HIDDEN;
        hidden += b->value[c] == MSV_HIDDEN;
    }
    if (hidden == 0)
        return false;
    if (open == 0) {
        out->cell = first_click(b, level, &rng);
        out->kind = MSV_FIRST;
        return true;
    }
    msv_init_known(b, base_known);
    if (msv_deduce(b, base_known, level >= 2 ? 2 : 1) < 0)
        return false;
    for (int c = 0; c < b->n; c++)
        if (base_known[c] == MSV_SAFE) {
            out->cell = c;
            out->kind = MSV_CERTAIN;
            out->work = msv_work;
            return true;
        }
    int unknown = 0;
    for (int c = 0; c < b->n; c++)
        unknown += base_known[c] == MSV_UNKNOWN;
    if (unknown == 0)
        return false; /* every hidden cell is a mine: the board lies */
    if (level == 1) {
        int k = (int)qp_rng_below(&rng, (uint32_t)unknown);
        for (int c = 0; c < b->n; c++)
            if (base_known[c] == MSV_UNKNOWN && k-- == 0)
                out->cell = c;
        out->kind = MSV_GUESS;
        out->p_mine = 0.5;
    } else if (level == 2) {
        local_guess(b, out);
    } else {
        choose_level3(b, out);
    }
    out->work = msv_work;
    return out->cell >= 0;
}

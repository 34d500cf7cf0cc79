/* board.c — the gomoku AI's pattern board (board.h): the line tables,
 * incremental updates as stones come and go, threat classes, and the fast
 * renju checks. */
#include "board.h"

#include <assert.h>
#include <string.h>

#define RENJU_DEPTH 12 /* as the rules module: nested three checks */

const int gb_dir[4] = {1, GB_STRIDE, GB_STRIDE + 1, 1 - GB_STRIDE};

/* pattern_of[exact][key]: exact = 1 for "exactly five" semantics. */
static unsigned char pattern_of[2][GB_KEYS];
static int pow3[11];
static uint64_t zobrist[2][GB_CELLS];
static bool tables_ready;

/* ---- Line tables. A line is 11 points, offsets -5..+5; the centre
 * (index 5) holds the stone being judged. Base-3 digit i of a key is the
 * point at index i (i < 5) or i + 1 (i >= 5). */

enum { L_EMPTY, L_OWN, L_BLOCKED };

static int digit_index(int i) { return i < 5 ? i : i - 1; }

/* What a stone `offset` points away (-5..5, not 0) adds to a key per
 * step of its digit (own +1, blocked +2). */
static int key_unit(int offset) { return pow3[digit_index(offset + 5)]; }

static void unpack(int key, unsigned char v[11])
{
    for (int i = 0; i < 11; i++)
        v[i] = i == 5 ? L_OWN : (unsigned char)(key / pow3[digit_index(i)] % 3);
}

static int centre_run(const unsigned char v[11])
{
    int n = 1;
    for (int i = 4; i >= 0 && v[i] == L_OWN; i--)
        n++;
    for (int i = 6; i <= 10 && v[i] == L_OWN; i++)
        n++;
    return n;
}

static bool is_five(int run, int exact) { return exact ? run == 5 : run >= 5; }

/* What the centre stone makes in this line, by the definitions in the
 * header: fives first, then the points that would make five, then what
 * one more stone (within 4) could lead to. Memoised in pattern_of. */
static int line_pattern(int key, int exact)
{
    static unsigned char known[2][GB_KEYS];
    unsigned char v[11];
    if (known[exact][key])
        return pattern_of[exact][key];
    unpack(key, v);
    int run = centre_run(v), result = GB_PT_NONE;
    if (is_five(run, exact)) {
        result = GB_PT_FIVE;
    } else if (run > 5) {
        result = GB_PT_OL;
    } else {
        int at[9], n = 0;
        for (int i = 1; i <= 9; i++) {
            if (i == 5 || v[i] != L_EMPTY)
                continue;
            v[i] = L_OWN;
            if (is_five(centre_run(v), exact))
                at[n++] = i;
            v[i] = L_EMPTY;
        }
        if (n) {
            result = n == 1 ? GB_PT_B4 : n == 2 && at[1] - at[0] == 5 ? GB_PT_F4 : GB_PT_44;
        } else {
            bool seen[GB_PT_COUNT] = {false};
            for (int i = 1; i <= 9; i++)
                if (i != 5 && v[i] == L_EMPTY)
                    seen[line_pattern(key + pow3[digit_index(i)], exact)] = true;
            /* A child at pattern k makes this one k - 2 (F4 -> F3, B4 -> B3,
             * F3 -> F2 ...); 44 counts as B4 (one stone cannot make it). */
            static const int from[] = {GB_PT_F4, GB_PT_B4, GB_PT_44, GB_PT_F3,
                                       GB_PT_B3, GB_PT_F2, GB_PT_B2};
            static const int to[] = {GB_PT_F3, GB_PT_B3, GB_PT_B3, GB_PT_F2,
                                     GB_PT_B2, GB_PT_F1, GB_PT_B1};
            for (int j = 0; j < QP_ARRAY_LEN(from) && result == GB_PT_NONE; j++)
                if (seen[from[j]])
                    result = to[j];
        }
    }
    known[exact][key] = 1;
    pattern_of[exact][key] = (unsigned char)result;
    return result;
}

static void init_combos(void);

static void init_tables(void)
{
    uint64_t x = 0x51a7e5eedULL;
    pow3[0] = 1;
    for (int i = 1; i < 11; i++)
        pow3[i] = pow3[i - 1] * 3;
    for (int exact = 0; exact < 2; exact++)
        for (int key = 0; key < GB_KEYS; key++)
            line_pattern(key, exact);
    for (int c = 0; c < 2; c++)
        for (int p = 0; p < GB_CELLS; p++)
            zobrist[c][p] = qp_splitmix64(&x);
    init_combos();
    tables_ready = true;
}

/* ---- Points. */

static bool exact_for(const gb_board *b, int color)
{
    return b->rule == GOMOKU_EXACT || (b->rule == GOMOKU_RENJU && color == 0);
}

int gb_pattern(const gb_board *b, int color, int d, int p)
{
    return pattern_of[b->sem[color]][b->key[color][d][p]];
}

/* The class of a point from its four line patterns, for three kinds of
 * player: 0 five or more wins, 1 exactly five, 2 Black under renju; and
 * what the learned tables (eval_table.c) say of it. */
typedef struct {
    unsigned char cls, check; /* check: Black under renju may have a 3-3 */
    short learned[2]; /* gb_learned for the point: as mover, as waiter */
    short set; /* the patterns' multiset (gb_pattern_set) */
} combo_entry;

#define COMBOS (GB_PT_COUNT * GB_PT_COUNT * GB_PT_COUNT * GB_PT_COUNT)
static combo_entry combo[3][COMBOS];
static short set_of[COMBOS]; /* a combo's multiset, for gb_learned */

static int combo_index(const unsigned char pt[4])
{
    return ((pt[0] * GB_PT_COUNT + pt[1]) * GB_PT_COUNT + pt[2]) * GB_PT_COUNT + pt[3];
}

/* The four patterns of a combo index (combo_index's inverse). */
static void combo_patterns(int i, unsigned char pt[4])
{
    for (int d = 3; d >= 0; d--, i /= GB_PT_COUNT)
        pt[d] = (unsigned char)(i % GB_PT_COUNT);
}

int gb_pattern_set(const unsigned char pat[4]) { return set_of[combo_index(pat)]; }

/* Numbers the multisets: each sorted combo (weakest pattern first) in
 * index order gets the next number, and every order of it shares it. */
static void init_sets(void)
{
    int next = 0;
    for (int i = 0; i < COMBOS; i++) {
        unsigned char pt[4];
        combo_patterns(i, pt);
        for (int a = 1; a < 4; a++) /* insertion sort */
            for (int b = a; b > 0 && pt[b] < pt[b - 1]; b--) {
                unsigned char t = pt[b];
                pt[b] = pt[b - 1];
                pt[b - 1] = t;
            }
        int sorted = combo_index(pt);
        set_of[i] = sorted == i ? (short)next++ : set_of[sorted];
    }
    assert(next == GB_PATTERN_SETS);
}

static combo_entry combine(int kind, int index)
{
    unsigned char pt[4];
    int n[GB_PT_COUNT] = {0}, cls = GB_C_NONE;
    combo_patterns(index, pt);
    for (int d = 0; d < 4; d++)
        n[pt[d]]++;
    bool renju_black = kind == 2;
    int fours = n[GB_PT_B4] + n[GB_PT_F4] + 2 * n[GB_PT_44];
    if (n[GB_PT_FIVE])
        cls = GB_C_FIVE;
    else if (renju_black && (n[GB_PT_OL] || fours >= 2))
        cls = GB_C_FORBID;
    else if (fours >= 2 || n[GB_PT_F4])
        cls = GB_C_F4;
    else if (fours)
        cls = n[GB_PT_F3] ? GB_C_B4F3 : GB_C_B4;
    else if (n[GB_PT_F3])
        cls = n[GB_PT_F3] >= 2 ? GB_C_F33 : GB_C_F3;
    combo_entry e;
    e.cls = (unsigned char)cls;
    e.check = renju_black && n[GB_PT_F3] >= 2 && cls != GB_C_FIVE && cls != GB_C_FORBID;
    e.set = set_of[index];
    for (int role = 0; role < 2; role++) /* a forbidden point is no point for Black */
        e.learned[role] = cls == GB_C_FORBID ? 0 : gb_learned[role][e.set];
    return e;
}

static void init_combos(void)
{
    init_sets();
    for (int kind = 0; kind < 3; kind++)
        for (int i = 0; i < COMBOS; i++)
            combo[kind][i] = combine(kind, i);
}

/* Moves point p's feature for colour c in the network's accumulators
 * (branch-free over one row of both roles: this runs for every pattern
 * that a stone changes). */
static void set_feature(gb_board *b, int c, int p, int feat)
{
    static const int none[2 * GB_NN_H];
    int old = b->feat[c][p];
    if (old == feat)
        return;
    const int *restrict from = old >= 0 ? gb_nn_embed[old] : none;
    const int *restrict to = feat >= 0 ? gb_nn_embed[feat] : none;
    int *restrict acc = b->acc[c];
    for (int i = 0; i < 2 * GB_NN_H; i += 4) { /* four at a time: the compilers vectorize it */
        acc[i] += to[i] - from[i];
        acc[i + 1] += to[i + 1] - from[i + 1];
        acc[i + 2] += to[i + 2] - from[i + 2];
        acc[i + 3] += to[i + 3] - from[i + 3];
    }
    b->feat[c][p] = (short)feat;
}

static void set_class(gb_board *b, int c, int p, const combo_entry *e)
{
    set_feature(b, c, p, b->cell[p] != GOMOKU_EMPTY || e->cls == GB_C_FORBID ? -1 : e->set);
    b->count[c][b->cls[c][p]]--;
    for (int role = 0; role < 2; role++)
        b->learned[c][role] += e->learned[role] - b->lval[c][role][p];
    b->cls[c][p] = e->cls;
    b->lval[c][0][p] = e->learned[0];
    b->lval[c][1][p] = e->learned[1];
    b->set[c][p] = e->set;
    b->count[c][e->cls]++;
    if (c == 0)
        b->check[p] = e->check;
}

static void reclassify(gb_board *b, int c, int p)
{
    set_class(b, c, p, &combo[b->kind[c]][combo_index(b->pat[p][c])]);
}

/* Logs point p for colour c as it is, before a stone changes it. */
static void remember(gb_board *b, int c, int p)
{
    if (!b->logging)
        return;
    gb_undo *u = &b->undo[b->undo_top++];
    u->p = (short)p;
    u->c = (unsigned char)c;
    u->cls = b->cls[c][p];
    u->check = b->check[p];
    u->lval[0] = b->lval[c][0][p];
    u->lval[1] = b->lval[c][1][p];
    u->set = b->set[c][p];
    u->feat = b->feat[c][p];
    memcpy(u->pat, b->pat[p][c], sizeof u->pat);
}

/* Re-derives everything about point p from its keys. */
static void refresh(gb_board *b, int p)
{
    for (int c = 0; c < 2; c++) {
        remember(b, c, p);
        if (b->cell[p] != GOMOKU_EMPTY) {
            static const combo_entry taken = {0};
            set_class(b, c, p, &taken);
            continue;
        }
        for (int d = 0; d < 4; d++)
            b->pat[p][c][d] = pattern_of[b->sem[c]][b->key[c][d][p]];
        reclassify(b, c, p);
    }
}

/* Adds (sign 1) or removes (sign -1) `color`'s stone at p in the keys of
 * the points that see it; those points change in direction d only. */
static void update_lines(gb_board *b, int p, int color, int sign)
{
    int other = !color;
    const unsigned char *mine = pattern_of[b->sem[color]], *theirs = pattern_of[b->sem[other]];
    for (int d = 0; d < 4; d++) {
        int off = gb_dir[d];
        uint16_t *km = b->key[color][d], *kt = b->key[other][d];
        for (int k = -5; k <= 5; k++) {
            if (!k)
                continue;
            int q = p + k * off, digit = key_unit(-k) * sign; /* p seen from q */
            km[q] = (uint16_t)(km[q] + digit);
            kt[q] = (uint16_t)(kt[q] + 2 * digit);
            if (b->cell[q] != GOMOKU_EMPTY)
                continue;
            /* A point's class follows from its four patterns alone, and a
             * stone up to 5 away mostly leaves the pattern as it was. */
            unsigned char pm = mine[km[q]], pt = theirs[kt[q]];
            if (pm != b->pat[q][color][d]) {
                remember(b, color, q);
                b->pat[q][color][d] = pm;
                reclassify(b, color, q);
            }
            if (pt != b->pat[q][other][d]) {
                remember(b, other, q);
                b->pat[q][other][d] = pt;
                reclassify(b, other, q);
            }
        }
    }
    refresh(b, p);
}

static void bump_near(gb_board *b, int p, int by)
{
    for (int dy = -2; dy <= 2; dy++)
        for (int dx = -2; dx <= 2; dx++)
            b->near[p + dy * GB_STRIDE + dx] =
                (unsigned char)(b->near[p + dy * GB_STRIDE + dx] + by);
}

/* Starts the log of the stone about to be put, when it has room. */
static void log_stone(gb_board *b)
{
    int ply = b->nstones - b->undo_base;
    b->logging = ply >= 0 && ply < GB_UNDO_PLIES;
    if (!b->logging)
        return;
    gb_undo_ply *u = &b->undo_ply[ply];
    u->top = b->undo_top;
    memcpy(u->learned, b->learned, sizeof u->learned);
    memcpy(u->acc, b->acc, sizeof u->acc);
    memcpy(u->count, b->count, sizeof u->count);
}

/* Takes `color`'s stone at p back out of the keys, and every point and
 * sum it changed back from the log (newest first). */
static void restore(gb_board *b, int p, int color, const gb_undo_ply *u)
{
    for (int d = 0; d < 4; d++) {
        uint16_t *km = b->key[color][d], *kt = b->key[!color][d];
        for (int k = -5; k <= 5; k++) {
            int q = p + k * gb_dir[d], digit = k ? key_unit(-k) : 0;
            km[q] = (uint16_t)(km[q] - digit);
            kt[q] = (uint16_t)(kt[q] - 2 * digit);
        }
    }
    while (b->undo_top > u->top) {
        const gb_undo *e = &b->undo[--b->undo_top];
        int c = e->c, q = e->p;
        memcpy(b->pat[q][c], e->pat, sizeof e->pat);
        b->cls[c][q] = e->cls;
        if (c == 0)
            b->check[q] = e->check;
        b->lval[c][0][q] = e->lval[0];
        b->lval[c][1][q] = e->lval[1];
        b->set[c][q] = e->set;
        b->feat[c][q] = e->feat;
    }
    memcpy(b->learned, u->learned, sizeof u->learned);
    memcpy(b->acc, u->acc, sizeof u->acc);
    memcpy(b->count, u->count, sizeof u->count);
}

static void put(gb_board *b, int p, int color)
{
    log_stone(b);
    b->cell[p] = (unsigned char)(color + 1);
    b->hash ^= zobrist[color][p];
    b->hist[b->nstones++] = (short)p;
    bump_near(b, p, 1);
    update_lines(b, p, color, 1);
    b->logging = false;
}

static void take(gb_board *b)
{
    int p = b->hist[--b->nstones], color = b->cell[p] - 1, ply = b->nstones - b->undo_base;
    b->cell[p] = GOMOKU_EMPTY;
    b->hash ^= zobrist[color][p];
    bump_near(b, p, -1);
    if (ply >= 0 && ply < GB_UNDO_PLIES) {
        restore(b, p, color, &b->undo_ply[ply]);
        return;
    }
    update_lines(b, p, color, -1);
    if (ply < 0) { /* below the log: it starts again from here */
        b->undo_base = b->nstones;
        b->undo_top = 0;
    }
}

void gb_make(gb_board *b, int p)
{
    put(b, p, b->side);
    b->side ^= 1;
}

void gb_unmake(gb_board *b)
{
    b->side = b->cell[b->hist[b->nstones - 1]] - 1;
    take(b);
}

void gb_load(gb_board *b, const gomoku_state *s)
{
    assert(s->w >= GOMOKU_MIN && s->h >= GOMOKU_MIN); /* a parsed state */
    if (!tables_ready)
        init_tables();
    memset(b, 0, sizeof *b);
    b->w = s->w;
    b->h = s->h;
    b->rule = s->rule;
    for (int c = 0; c < 2; c++) {
        b->sem[c] = exact_for(b, c);
        b->kind[c] = (unsigned char)(b->rule == GOMOKU_RENJU && c == 0 ? 2 : b->sem[c]);
    }
    memset(b->cell, GB_WALL, sizeof b->cell);
    for (int y = 0; y < s->h; y++)
        for (int x = 0; x < s->w; x++) {
            b->cell[gb_at(x, y)] = GOMOKU_EMPTY;
            b->on[b->n_on++] = (short)gb_at(x, y);
        }
    /* Walls are blocked points for both colours. */
    for (int i = 0; i < b->n_on; i++) {
        int p = b->on[i];
        for (int d = 0; d < 4; d++)
            for (int k = -5; k <= 5; k++)
                if (k && b->cell[p + k * gb_dir[d]] == GB_WALL) {
                    int digit = 2 * key_unit(k);
                    b->key[0][d][p] = (uint16_t)(b->key[0][d][p] + digit);
                    b->key[1][d][p] = (uint16_t)(b->key[1][d][p] + digit);
                }
    }
    for (int c = 0; c < 2; c++) {
        b->count[c][GB_C_NONE] = GB_CELLS;
        for (int p = 0; p < GB_CELLS; p++)
            b->feat[c][p] = -1;
    }
    for (int i = 0; i < b->n_on; i++)
        refresh(b, b->on[i]);
    b->undo_base = GOMOKU_CELLS + 1; /* nothing to log while loading */
    for (int i = 0; i < s->n; i++) {
        int m = s->move[i];
        gb_make(b, gb_at(m % s->w, m / s->w));
    }
    b->undo_base = b->nstones; /* the search's stones are the ones to log */
    b->undo_top = 0;
}

int gb_find(const gb_board *b, int color, int cls)
{
    if (!b->count[color][cls])
        return -1;
    for (int i = 0; i < b->n_on; i++) {
        int p = b->on[i];
        if (b->cls[color][p] == cls && b->cell[p] == GOMOKU_EMPTY)
            return p;
    }
    return -1;
}

/* ---- Renju: the same definitions as the rules module, on patterns. */

static int forbidden_at(gb_board *b, int p, int depth);

/* With Black's stone on p: does the open three along d hold, i.e. is
 * there a point making a straight four through p that makes no five and
 * is not forbidden itself? */
static bool real_three(gb_board *b, int p, int d, int depth)
{
    for (int k = -4; k <= 4; k++) {
        int e = p + k * gb_dir[d];
        if (!k || b->cell[e] != GOMOKU_EMPTY)
            continue;
        int with_e = b->key[0][d][p] + key_unit(k);
        if (pattern_of[1][with_e] != GB_PT_F4 || b->cls[0][e] == GB_C_FIVE)
            continue;
        if (depth >= RENJU_DEPTH || forbidden_at(b, e, depth + 1) == GOMOKU_ALLOWED)
            return true;
    }
    return false;
}

static bool double_three(gb_board *b, int p, int depth)
{
    int dirs[4], n = 0, threes = 0;
    for (int d = 0; d < 4; d++)
        if (gb_pattern(b, 0, d, p) == GB_PT_F3)
            dirs[n++] = d;
    put(b, p, 0);
    for (int i = 0; i < n && threes < 2; i++)
        threes += real_three(b, p, dirs[i], depth);
    take(b);
    return threes >= 2;
}

static int forbidden_at(gb_board *b, int p, int depth)
{
    if (b->cls[0][p] == GB_C_FORBID) {
        for (int d = 0; d < 4; d++)
            if (gb_pattern(b, 0, d, p) == GB_PT_OL)
                return GOMOKU_OVERLINE;
        return GOMOKU_DOUBLE_FOUR;
    }
    if (!b->check[p])
        return GOMOKU_ALLOWED;
    return double_three(b, p, depth) ? GOMOKU_DOUBLE_THREE : GOMOKU_ALLOWED;
}

int gb_forbidden(gb_board *b, int p)
{
    if (b->rule != GOMOKU_RENJU || b->cell[p] != GOMOKU_EMPTY)
        return GOMOKU_ALLOWED;
    return forbidden_at(b, p, 0);
}

bool gb_legal(gb_board *b, int color, int p)
{
    if (b->cell[p] != GOMOKU_EMPTY)
        return false;
    if (color != 0 || b->rule != GOMOKU_RENJU)
        return true;
    if (b->cls[0][p] == GB_C_FORBID)
        return false;
    return !b->check[p] || !double_three(b, p, 0);
}

/* endgame.c — the endgame tables (endgame.h): every position of at most
 * BT_MAX_PIECES face-up pieces solved by retrograde analysis under our
 * rules, one table per material, made on first use.
 *
 * The rules that matter (rules.c): a side with no piece has lost; a side
 * with no legal action on its turn has lost ("stuck"), even when the
 * counter has run out; 50 plies without a capture (or flip: none are
 * left) draw; so does a third occurrence of a position. A capture resets
 * the counter and leaves a smaller material, whose table is made first.
 *
 * The counter. Let W(R) be the positions the side to move wins with R
 * plies left before the counter runs out (R = 50 - counter), L(R) those it
 * loses. A side that wins with R plies left wins with R + 1 (the same
 * play gets its capture in first), so W(R) and L(R) grow with R, and
 * each position needs one number: the least R with which it is won (or
 * lost), its DTZ. L(0) is the stuck positions, W(0) is empty; with R >= 1
 * a position is won if a capture leads to a lost (at R = 50: the counter
 * starts again) or empty side, or a quiet move to L(R - 1); lost if it
 * has no such capture nor one to a draw, and all its quiet moves lead to
 * W(R - 1). The tables are therefore computed level by level, R = 0 to
 * 50, from the positions found at the level below (a queue in level
 * order): a quiet move's predecessor is the same move backwards (every
 * piece steps to a free neighbour, the hawk too), and each position keeps
 * the count of its quiet moves not yet shown to lose. A value found only
 * beyond 50 is a draw (a "cursed" win in Syzygy's words).
 *
 * Repetition. The winner's play of the tables lowers the DTZ at each of
 * its moves until it captures (and a capture never comes back), so no
 * position of its way occurs twice, and the loser cannot make one recur.
 * The value therefore holds for any game whose positions since the last
 * capture have each occurred at most once: a position of the way can be
 * among them, and meets it a second time only. Draws stay draws (a third
 * occurrence can only draw). A game that already holds a position twice
 * is the caller's care (ending.c and search.c score a third occurrence
 * as a draw; the review calls a game exact only without one).
 *
 * The hawk's jump and the cat and dragon are cells.h's (bx_jump_target,
 * bx_takes_adjacent), as for the rules and the search; the tests check
 * the tables against a brute force over the rules' own moves.
 *
 * Layout: a position is its pieces in the table's order (kinds rising,
 * the canonical colours: a material and its colours swapped share one
 * table), pieces of one kind as a set (the combinatorial number of their
 * cells), of its four mirror images the one with the anchor (shape()) in
 * the corner, and the side to move in the low bit. One byte a position:
 * four pieces of four kinds 512 KiB, two pairs 480 KiB, a pair and two
 * more 248 KiB, three pieces at most 16 KiB. Made in 30-70 ms natively
 * with the smaller tables under it, 50-150 ms in wasm (node).
 */
#include "endgame.h"

#include <stdlib.h>
#include <string.h>

#define REACH BX_NO_PROGRESS /* the most plies a capture may take */
#define BT_MEMORY (32u << 20) /* tables held before the least used go */
#define SLOTS 160 /* tables at once (a game meets a few dozen) */
#define KIND_BITS 3 /* a kind's count in a material key */
#define RED_MASK ((1ull << (KIND_BITS * BX_TYPES)) - 1)

/* A position's byte: a draw (or not yet known), a win with its DTZ, a
 * loss with its DTZ (0: stuck), or no position (two pieces on a cell). */
enum { V_DRAW = 0, V_WIN = 0, V_LOSS = 64, V_NONE = 255 };
#define ESCAPE 255 /* count of a position that a capture keeps from losing */

static bool is_win(int v) { return v >= V_WIN + 1 && v <= V_WIN + REACH; }
static bool is_loss(int v) { return v >= V_LOSS && v <= V_LOSS + REACH; }
static int dtz_of(int v) { return is_win(v) ? v - V_WIN : v - V_LOSS; }

/* ---- Sets of cells as numbers (the combinatorial number system) ---- */

static const uint32_t RANKS[4] = {1, BX_CELLS, 496, 4960}; /* C(32, k) */
static uint32_t C2[BX_CELLS], C3[BX_CELLS];
static uint8_t pair_cells[496][2], triple_cells[4960][3];

/* The board's symmetries: the identity, the mirror a<->d, the mirror
 * 1<->8, both. The board has no middle column or row, so none but the
 * identity keeps a cell where it is, and one of them brings any cell
 * into the corner a1-b4 (CORNER cells). */
#define CORNER 8
static uint8_t mirror[4][BX_CELLS], to_corner[BX_CELLS], corner_rank[BX_CELLS];
static uint8_t corner_cell[CORNER];
static int8_t next_cell[BX_CELLS][4]; /* bx_step's answers */

static void init_sets(void)
{
    static bool ready;
    if (ready)
        return;
    int p = 0, q = 0, k = 0;
    for (int a = 0; a < BX_CELLS; a++) {
        C2[a] = (uint32_t)(a * (a - 1) / 2);
        C3[a] = (uint32_t)(a * (a - 1) * (a - 2) / 6);
        for (int b = 0; b < a; b++) {
            pair_cells[p][0] = (uint8_t)b;
            pair_cells[p++][1] = (uint8_t)a;
        }
    }
    for (int c = 0; c < BX_CELLS; c++)
        for (int b = 0; b < c; b++)
            for (int a = 0; a < b; a++) {
                triple_cells[q][0] = (uint8_t)a;
                triple_cells[q][1] = (uint8_t)b;
                triple_cells[q++][2] = (uint8_t)c;
            }
    for (int sq = 0; sq < BX_CELLS; sq++) {
        int r = bx_row(sq), c = bx_col(sq), flip_c = c >= BX_COLS / 2, flip_r = r >= BX_ROWS / 2;
        for (int g = 0; g < 4; g++)
            mirror[g][sq] = (uint8_t)(((g & 2) ? BX_ROWS - 1 - r : r) * BX_COLS +
                                      ((g & 1) ? BX_COLS - 1 - c : c));
        to_corner[sq] = (uint8_t)(flip_c | flip_r << 1);
        if (!flip_c && !flip_r) {
            corner_rank[sq] = (uint8_t)k;
            corner_cell[k++] = (uint8_t)sq;
        }
        for (int d = 0; d < 4; d++)
            next_cell[sq][d] = (int8_t)bx_step(sq, d);
    }
    ready = true;
}

/* The number of a rising set of 1 to 3 cells. */
static uint32_t set_rank(const uint8_t *c, int k)
{
    return k == 1 ? c[0] : k == 2 ? C2[c[1]] + c[0] : C3[c[2]] + C2[c[1]] + c[0];
}

static void set_cells(uint32_t rank, int k, uint8_t *c)
{
    if (k == 1)
        c[0] = (uint8_t)rank;
    else
        memcpy(c, k == 2 ? pair_cells[rank] : triple_cells[rank], (size_t)k);
}

/* ---- Materials and tables ---- */

typedef struct {
    uint64_t material; /* canonical: each kind's count in KIND_BITS bits */
    int n, groups;
    uint8_t kind[BT_MAX_PIECES]; /* a piece's kind, rising */
    uint8_t first[BT_MAX_PIECES], size[BT_MAX_PIECES]; /* a group of one kind */
    uint8_t group_of[BT_MAX_PIECES];
    uint32_t mult[BT_MAX_PIECES], ranks[BT_MAX_PIECES];
    int anchor; /* the group of one piece kept in the corner, or -1 */
    uint32_t positions; /* placements * 2 sides */
    uint8_t *val;
    uint32_t used; /* when last used, for freeing the least used */
} table;

static table tabs[SLOTS];
static int n_tabs;
static long long bytes_held, tables_made;
static uint32_t now;

static int count_of(uint64_t m, int kind) { return (int)(m >> (KIND_BITS * kind)) & 7; }
static uint64_t swap_colours(uint64_t m)
{
    return (m & RED_MASK) << (KIND_BITS * BX_TYPES) | m >> (KIND_BITS * BX_TYPES);
}
static int swap_kind(int kind) { return (kind + BX_TYPES) % BX_KINDS; }
/* The canonical colours: red's part the greater (a tie: either). */
static bool needs_swap(uint64_t m) { return (m & RED_MASK) < m >> (KIND_BITS * BX_TYPES); }
static bool both_sides(uint64_t m) { return (m & RED_MASK) && m >> (KIND_BITS * BX_TYPES); }

static uint64_t canonical(uint64_t m) { return needs_swap(m) ? swap_colours(m) : m; }

/* The canonical material after a capture takes a piece of kind k from m;
 * 0 where there is none or a side would be left with nothing. */
static uint64_t without(uint64_t m, int kind)
{
    uint64_t sub = m - (1ull << (KIND_BITS * kind));
    return count_of(m, kind) && both_sides(sub) ? canonical(sub) : 0;
}

static table *find(uint64_t material)
{
    for (int i = 0; i < n_tabs; i++)
        if (tabs[i].material == material) {
            tabs[i].used = ++now;
            return &tabs[i];
        }
    return NULL;
}

/* The table's shape for a canonical material (no values yet). A piece
 * alone of its kind (the first such) is the anchor: of a position and its
 * three mirror images, the table keeps the one with the anchor in the
 * corner, a quarter of the positions. With an anchor no position is its
 * own mirror image, so each keeps as many moves as it has (the count of
 * look_back); without one (two pairs) the table keeps them all. */
static void shape(table *t, uint64_t material)
{
    memset(t, 0, sizeof *t);
    t->material = material;
    t->anchor = -1;
    uint32_t mult = 1;
    for (int k = 0; k < BX_KINDS; k++) {
        int c = count_of(material, k), g = t->groups;
        if (!c)
            continue;
        if (c == 1 && t->anchor < 0)
            t->anchor = g;
        t->first[g] = (uint8_t)t->n;
        t->size[g] = (uint8_t)c;
        t->mult[g] = mult;
        t->ranks[g] = g == t->anchor ? CORNER : RANKS[c];
        mult *= t->ranks[g];
        for (int i = 0; i < c; i++) {
            t->group_of[t->n] = (uint8_t)g;
            t->kind[t->n++] = (uint8_t)k;
        }
        t->groups++;
    }
    t->positions = 2 * mult;
}

/* The position's number: cells in the table's order, each group rising
 * (the mirror image with the anchor in the corner is numbered). */
static uint32_t index_of(const table *t, const uint8_t *cells, int side)
{
    uint8_t m[BT_MAX_PIECES] = {0};
    if (t->anchor >= 0 && to_corner[cells[t->first[t->anchor]]]) {
        const uint8_t *g = mirror[to_corner[cells[t->first[t->anchor]]]];
        for (int i = 0; i < t->n; i++)
            m[i] = g[cells[i]];
        for (int gr = 0; gr < t->groups; gr++) /* each group rising again */
            for (int i = t->first[gr] + 1; i < t->first[gr] + t->size[gr]; i++)
                for (int j = i; j > t->first[gr] && m[j - 1] > m[j]; j--) {
                    uint8_t x = m[j];
                    m[j] = m[j - 1];
                    m[j - 1] = x;
                }
        cells = m;
    }
    uint32_t r = 0;
    for (int g = 0; g < t->groups; g++) {
        const uint8_t *c = cells + t->first[g];
        r += (g == t->anchor ? corner_rank[c[0]] : set_rank(c, t->size[g])) * t->mult[g];
    }
    return 2 * r + (uint32_t)side;
}

/* The cells of a position's number; false if two pieces share a cell. */
static bool decode(const table *t, uint32_t idx, uint8_t *cells)
{
    uint32_t r = idx / 2;
    for (int g = 0; g < t->groups; g++) {
        uint32_t k = r % t->ranks[g];
        if (g == t->anchor)
            cells[t->first[g]] = corner_cell[k];
        else
            set_cells(k, t->size[g], cells + t->first[g]);
        r /= t->ranks[g];
    }
    for (int i = 1; i < t->n; i++)
        for (int j = 0; j < i; j++)
            if (cells[i] == cells[j])
                return false;
    return true;
}

/* Pieces given as kinds and cells in any order: their table (which must
 * be made) and the position's number there. */
static table *locate(const uint8_t *kinds, const uint8_t *cells, int n, int side, uint32_t *idx)
{
    uint64_t m = 0;
    for (int i = 0; i < n; i++)
        m += 1ull << (KIND_BITS * kinds[i]);
    bool swap = needs_swap(m);
    table *t = find(swap ? swap_colours(m) : m);
    if (!t)
        return NULL;
    uint8_t k[BT_MAX_PIECES] = {0}, c[BT_MAX_PIECES] = {0};
    for (int i = 0; i < n; i++) { /* insertion by (kind, cell): n <= 4 */
        int kind = swap ? swap_kind(kinds[i]) : kinds[i], j = i;
        for (; j > 0 && (k[j - 1] > kind || (k[j - 1] == kind && c[j - 1] > cells[i])); j--) {
            k[j] = k[j - 1];
            c[j] = c[j - 1];
        }
        k[j] = (uint8_t)kind;
        c[j] = cells[i];
    }
    *idx = index_of(t, c, swap ? side ^ 1 : side);
    return t;
}

/* ---- Making a table ---- */

/* A board of a table's pieces. */
static void fill_board(const table *t, const uint8_t *cells, uint8_t *board)
{
    memset(board, BX_EMPTY, BX_CELLS);
    for (int i = 0; i < t->n; i++)
        board[cells[i]] = (uint8_t)bx_up(t->kind[i]);
}

/* The value with the counter at 0 (a capture's result) of a position in a
 * smaller table: 1, 0 or -1 for its side to move. */
static int after_capture(const table *t, const uint8_t *cells, int from, int to, int side)
{
    uint8_t kinds[BT_MAX_PIECES] = {0}, left[BT_MAX_PIECES] = {0};
    int n = 0;
    for (int i = 0; i < t->n; i++) {
        if (cells[i] == to)
            continue; /* the piece taken */
        kinds[n] = t->kind[i];
        left[n++] = cells[i] == from ? (uint8_t)to : cells[i];
    }
    uint32_t idx;
    const table *sub = locate(kinds, left, n, side, &idx);
    int v = sub->val[idx];
    return is_win(v) ? 1 : is_loss(v) ? -1 : 0;
}

/* The start of a position: its wins by a capture (DTZ 1), its losses with
 * no quiet move (stuck: DTZ 0; only captures that lose: DTZ 1), else the
 * count of its quiet moves (ESCAPE where a capture draws). */
static void first_look(const table *t, const uint8_t *cells, int side, uint8_t *val, uint8_t *cnt)
{
    uint8_t board[BX_CELLS];
    int quiet = 0, captures = 0, enemies = 0;
    bool escape = false;
    fill_board(t, cells, board);
    for (int i = 0; i < t->n; i++)
        enemies += t->kind[i] / BX_TYPES != side;
    for (int i = 0; i < t->n; i++) {
        if (t->kind[i] / BX_TYPES != side)
            continue;
        int type = t->kind[i] % BX_TYPES, prey[8], n_prey = 0;
        for (int d = 0; d < 4; d++) { /* bx_targets' rules, counting the quiet moves */
            int s = next_cell[cells[i]][d], c = s < 0 ? -1 : board[s];
            if (c == BX_EMPTY)
                quiet++;
            else if (c > 0 && bx_colour(c) != side && bx_takes_adjacent(type, bx_type(c)))
                prey[n_prey++] = s;
            if (type == BX_HAWK && (s = bx_jump_target(board, cells[i], d)) >= 0 &&
                bx_colour(board[s]) != side)
                prey[n_prey++] = s;
        }
        for (int j = 0; j < n_prey; j++) {
            captures++;
            int r = enemies == 1 ? -1 : after_capture(t, cells, cells[i], prey[j], side ^ 1);
            if (r < 0) {
                *val = V_WIN + 1;
                return;
            }
            escape |= r == 0;
        }
    }
    if (!quiet && !escape)
        *val = (uint8_t)(V_LOSS + (captures ? 1 : 0));
    else
        *cnt = escape ? ESCAPE : (uint8_t)quiet;
}

/* The number of the position `cells` (numbered r, without its side) with
 * piece i moved to s, `side` to move: only i's group changes its number,
 * unless the anchor leaves the corner (then its mirror image is found). */
static uint32_t moved_index(const table *t, const uint8_t *cells, uint32_t r, int i, int s,
                            int side)
{
    int g = t->group_of[i], k = t->size[g];
    uint32_t before, after;
    if (g == t->anchor) {
        if (to_corner[s]) {
            uint8_t moved[BT_MAX_PIECES] = {0};
            memcpy(moved, cells, sizeof moved);
            moved[i] = (uint8_t)s;
            return index_of(t, moved, side);
        }
        before = corner_rank[cells[i]];
        after = corner_rank[s];
    } else if (k == 1) {
        before = cells[i];
        after = (uint32_t)s;
    } else {
        uint8_t group[3];
        int at = i - t->first[g];
        memcpy(group, cells + t->first[g], (size_t)k);
        before = set_rank(group, k);
        group[at] = (uint8_t)s;
        while (at > 0 && group[at - 1] > group[at]) {
            uint8_t x = group[at];
            group[at] = group[at - 1];
            group[--at] = x;
        }
        while (at + 1 < k && group[at + 1] < group[at]) {
            uint8_t x = group[at];
            group[at] = group[at + 1];
            group[++at] = x;
        }
        after = set_rank(group, k);
    }
    return 2 * (r + (after - before) * t->mult[g]) + (uint32_t)side;
}

/* The positions one quiet move before the position idx (the other side
 * moved): a loss there makes them wins; a win there takes one from their
 * count, and at none left they are losses. A level above idx's. */
static void look_back(const table *t, uint32_t idx, uint8_t *val, uint8_t *cnt, uint32_t *queue,
                      uint32_t *tail)
{
    uint8_t cells[BT_MAX_PIECES] = {0};
    int v = val[idx], level = dtz_of(v) + 1, mover = (int)(idx & 1) ^ 1;
    uint32_t taken = 0;
    if (level > REACH)
        return;
    decode(t, idx, cells);
    for (int i = 0; i < t->n; i++)
        taken |= 1u << cells[i];
    for (int i = 0; i < t->n; i++) {
        if (t->kind[i] / BX_TYPES != mover)
            continue;
        for (int d = 0; d < 4; d++) {
            int s = next_cell[cells[i]][d];
            if (s < 0 || (taken >> s & 1))
                continue;
            uint32_t q = moved_index(t, cells, idx / 2, i, s, mover);
            if (val[q] != V_DRAW)
                continue; /* known already */
            if (is_loss(v)) {
                val[q] = (uint8_t)(V_WIN + level);
            } else if (cnt[q] == ESCAPE || --cnt[q]) {
                continue;
            } else {
                val[q] = (uint8_t)(V_LOSS + level);
            }
            queue[(*tail)++] = q;
        }
    }
}

/* Solves the table t (its smaller tables made); false if memory fails. */
static bool solve(table *t)
{
    uint8_t *val = malloc(t->positions), *cnt = malloc(t->positions);
    uint32_t *queue = malloc(sizeof(uint32_t) * t->positions), head = 0, tail = 0;
    if (!val || !cnt || !queue) {
        free(val);
        free(cnt);
        free(queue);
        return false;
    }
    memset(val, V_DRAW, t->positions);
    memset(cnt, 0, t->positions);
    for (uint32_t idx = 0; idx < t->positions; idx += 2) {
        uint8_t cells[BT_MAX_PIECES] = {0};
        if (!decode(t, idx, cells)) {
            val[idx] = val[idx + 1] = V_NONE;
            continue;
        }
        first_look(t, cells, 0, &val[idx], &cnt[idx]);
        first_look(t, cells, 1, &val[idx + 1], &cnt[idx + 1]);
    }
    /* The queue in level order: the stuck (0), then the first look's 1s. */
    for (int level = 0; level <= 1; level++)
        for (uint32_t idx = 0; idx < t->positions; idx++)
            if (val[idx] != V_NONE && val[idx] != V_DRAW && dtz_of(val[idx]) == level)
                queue[tail++] = idx;
    while (head < tail)
        look_back(t, queue[head++], val, cnt, queue, &tail);
    free(cnt);
    free(queue);
    t->val = val;
    return true;
}

/* Makes the table of a canonical material and those below it; NULL if
 * memory fails or the slots are full. */
static table *make(uint64_t material)
{
    table *t = find(material);
    if (t)
        return t;
    for (int k = 0; k < BX_KINDS; k++)
        if (without(material, k) && !make(without(material, k)))
            return NULL;
    if (n_tabs == SLOTS)
        return NULL;
    t = &tabs[n_tabs];
    shape(t, material);
    if (!solve(t))
        return NULL;
    n_tabs++;
    bytes_held += t->positions;
    tables_made++;
    t->used = ++now;
    return t;
}

/* ---- Reading the tables ---- */

/* A board's pieces (kinds and cells) and their material; -1 where the
 * tables do not hold it. */
static int read_board(const uint8_t *cell, uint8_t *kinds, uint8_t *cells, uint64_t *material)
{
    int n = 0;
    *material = 0;
    for (int sq = 0; sq < BX_CELLS; sq++) {
        if (cell[sq] == BX_EMPTY)
            continue;
        if (!bx_is_up(cell[sq]) || n == BT_MAX_PIECES)
            return -1;
        kinds[n] = (uint8_t)bx_kind(cell[sq]);
        cells[n++] = (uint8_t)sq;
        *material += 1ull << (KIND_BITS * bx_kind(cell[sq]));
    }
    return both_sides(*material) ? n : -1;
}

bool bt_covers(const uint8_t *cell)
{
    uint8_t kinds[BT_MAX_PIECES] = {0}, cells[BT_MAX_PIECES] = {0};
    uint64_t m;
    return read_board(cell, kinds, cells, &m) > 0;
}

/* The byte of a board's position (making its table), or -1. */
static int lookup(const uint8_t *cell, int side)
{
    uint8_t kinds[BT_MAX_PIECES] = {0}, cells[BT_MAX_PIECES] = {0};
    uint64_t m;
    uint32_t idx;
    int n = read_board(cell, kinds, cells, &m);
    init_sets();
    if (n < 0 || !make(canonical(m)))
        return -1;
    return locate(kinds, cells, n, side, &idx)->val[idx];
}

bool bt_probe(const uint8_t *cell, int side, int plies, bt_value *v)
{
    int code = lookup(cell, side), left = REACH - plies;
    if (code < 0)
        return false;
    bool decided = (is_win(code) || is_loss(code)) && dtz_of(code) <= left;
    v->outcome = !decided ? 0 : is_win(code) ? 1 : -1;
    v->zeroing = decided ? dtz_of(code) : 0;
    return true;
}

/* Frees the least used tables until at most half of BT_MEMORY is held. */
static void make_room(void)
{
    while (bytes_held > BT_MEMORY / 2 && n_tabs) {
        int old = 0;
        for (int i = 1; i < n_tabs; i++)
            if (tabs[i].used < tabs[old].used)
                old = i;
        bytes_held -= tabs[old].positions;
        free(tabs[old].val);
        tabs[old] = tabs[--n_tabs];
    }
}

/* Whether a canonical material's table and all below it are made. */
static bool made_all(uint64_t material)
{
    if (!find(material))
        return false;
    for (int k = 0; k < BX_KINDS; k++)
        if (without(material, k) && !made_all(without(material, k)))
            return false;
    return true;
}

/* Makes (if it may) the table of a material of any colours; adds its
 * positions to *work. False if it is not there after. */
static bool prepare(uint64_t m, bool may_make, long long *work)
{
    table shaped;
    shape(&shaped, canonical(m));
    *work += shaped.positions;
    return may_make ? make(canonical(m)) != NULL : made_all(canonical(m));
}

long long bt_prepare(const uint8_t *cell, bool may_make)
{
    uint64_t m = 0;
    long long work = 0;
    int n = 0;
    for (int sq = 0; sq < BX_CELLS; sq++) {
        if (bx_is_down(cell[sq]))
            return -1;
        if (bx_is_up(cell[sq])) {
            m += 1ull << (KIND_BITS * bx_kind(cell[sq]));
            n++;
        }
    }
    if (n > BT_MAX_PIECES + 1 || !both_sides(m))
        return -1;
    if (may_make && bytes_held > BT_MEMORY)
        make_room();
    init_sets();
    if (n <= BT_MAX_PIECES)
        return prepare(m, may_make, &work) ? work : -1;
    bool ready = true;
    for (int k = 0; k < BX_KINDS; k++) /* one piece fewer: each kind that may go */
        if (without(m, k))
            ready &= prepare(without(m, k), may_make, &work);
    return ready ? work : -1;
}

/* ---- The tables' line ---- */

/* A move's result for the mover: outcome and the DTZ of the position it
 * leaves (the opponent to move); capture: whether it took a piece. */
typedef struct {
    int outcome, dtz;
    bool capture, last; /* last: it took the opponent's last piece */
} result;

static result play(const uint8_t *cell, int side, int plies, int a)
{
    uint8_t b[BX_CELLS];
    int from = bx_from(a), to = bx_to(a), enemies = 0;
    result r = {0, 0, cell[to] != BX_EMPTY, false};
    memcpy(b, cell, sizeof b);
    b[to] = b[from];
    b[from] = BX_EMPTY;
    for (int sq = 0; sq < BX_CELLS; sq++)
        enemies += bx_is_up(b[sq]) && bx_colour(b[sq]) != side;
    if (!enemies) {
        r.outcome = 1;
        r.last = true;
        return r;
    }
    bt_value v;
    if (!bt_probe(b, side ^ 1, r.capture ? 0 : plies + 1, &v))
        return r;
    r.outcome = -v.outcome;
    r.dtz = v.zeroing;
    return r;
}

int bt_line_move(const uint8_t *cell, int side, int plies)
{
    bt_value here;
    int actions[BX_CELLS * 8], best = -1, best_key = 0;
    if (!bt_probe(cell, side, plies, &here) || !here.outcome)
        return -1;
    int n = bx_actions(cell, side, actions);
    for (int i = 0; i < n; i++) {
        result r = play(cell, side, plies, actions[i]);
        int key;
        if (here.outcome > 0) { /* the least key: last piece, capture, quickest */
            if (r.outcome <= 0 || (!r.capture && r.dtz != here.zeroing - 1))
                continue;
            key = r.last ? 0 : r.capture ? 1 + r.dtz : 2 * REACH + r.dtz;
            key = -key;
        } else { /* the greatest key: the longest to the winner's capture, then a capture */
            key = 2 * r.dtz + r.capture;
        }
        if (best < 0 || key > best_key) {
            best = actions[i];
            best_key = key;
        }
    }
    return best;
}

int bt_distance(const uint8_t *cell, int side, int plies)
{
    uint8_t b[BX_CELLS];
    memcpy(b, cell, sizeof b);
    for (int n = 0; n <= 4 * REACH * BT_MAX_PIECES; n++) {
        int a = bt_line_move(b, side, plies);
        if (a < 0) {
            bt_value v;
            /* No move: stuck (the side to move has lost here), or a draw. */
            return bt_probe(b, side, plies, &v) && v.outcome < 0 ? n : -1;
        }
        int from = bx_from(a), to = bx_to(a), enemies = 0;
        bool capture = b[to] != BX_EMPTY;
        b[to] = b[from];
        b[from] = BX_EMPTY;
        for (int sq = 0; sq < BX_CELLS; sq++)
            enemies += bx_is_up(b[sq]) && bx_colour(b[sq]) != side;
        if (!enemies)
            return n + 1;
        plies = capture ? 0 : plies + 1;
        side ^= 1;
    }
    return -1; /* cannot happen: the DTZ falls at every move of the winner */
}

void bt_get_stats(bt_stats *s)
{
    s->tables = n_tabs;
    s->bytes = bytes_held;
    s->made = tables_made;
}

void bt_forget(void)
{
    for (int i = 0; i < n_tabs; i++)
        free(tabs[i].val);
    n_tabs = 0;
    bytes_held = 0;
}

/* threats.c — the gomoku AI's threat-space search: the threat move lists
 * (fours, threes, the points that block a four), VCF, VCT, and the table
 * that remembers the threat searches that failed. */
#include "think.h"

#include <string.h>

#define VCT_INNER_VCF 8 /* fours of the VCF tried at each VCT node */
#define THREAT_PLY_MAX 90
#define THREAT_MOVES 12 /* VCT attacker moves at a node at most */

/* ---- Threat searches remember failures: (position, attacker, kind) ->
 * depth. */
typedef struct {
    uint64_t key;
    unsigned char depth;
    unsigned short gen;
} threat_entry;

#define THREAT_BITS 16
static threat_entry threat_tt[1 << THREAT_BITS];
static const uint64_t THREAT_SALT[2][2] = {{0x8f1bbcdcca62c1d6ULL, 0x2f0b3e6f8a1c5d97ULL},
                                           {0x6ed9eba1a5e0c7b3ULL, 0x19d8e4f3b7a2c611ULL}};

static unsigned short threat_gen;

void gk_threats_new_search(void)
{
    if (++threat_gen == 0) { /* wrapped: old entries would look fresh */
        memset(threat_tt, 0, sizeof threat_tt);
        threat_gen = 1;
    }
}

static threat_entry *threat_slot(int att, int kind)
{
    uint64_t key = gk_board.hash ^ THREAT_SALT[kind][att];
    return &threat_tt[key & ((1 << THREAT_BITS) - 1)];
}

static bool threat_failed(int att, int kind, int depth)
{
    const threat_entry *e = threat_slot(att, kind);
    return e->gen == threat_gen && e->key == (gk_board.hash ^ THREAT_SALT[kind][att]) &&
           e->depth >= depth;
}

static void threat_fail(int att, int kind, int depth)
{
    if (gk_work.stop)
        return; /* an interrupted search proves nothing */
    threat_entry *e = threat_slot(att, kind);
    e->key = gk_board.hash ^ THREAT_SALT[kind][att];
    e->depth = (unsigned char)depth;
    e->gen = threat_gen;
}

/* ---- Threat move lists. */

/* The first point of class cls that `color` may play, or -1. */
int gk_find_legal(gb_board *b, int color, int cls)
{
    if (!b->count[color][cls])
        return -1;
    for (int i = 0; i < b->n_on; i++) {
        int p = b->on[i];
        if (b->cls[color][p] == cls && b->cell[p] == GOMOKU_EMPTY && gb_legal(b, color, p))
            return p;
    }
    return -1;
}

/* `color`'s points of the given classes (bit mask), legal, best first. */
void gk_threat_moves(gb_board *b, int color, unsigned classes, move_list *l)
{
    int any = 0;
    for (int c = 0; c < GB_C_COUNT; c++)
        any += (classes >> c & 1) ? b->count[color][c] : 0;
    if (!any)
        return;
    for (int i = 0; i < b->n_on; i++) {
        int p = b->on[i];
        if (b->near[p] && b->cell[p] == GOMOKU_EMPTY && (classes >> b->cls[color][p] & 1) &&
            gb_legal(b, color, p))
            add_move(l, p, order_score(b, color, p));
    }
}

/* Points already in a list being built (stamped with the build number),
 * so that no point is listed twice. */
static unsigned listed[GB_CELLS], listing;

static void start_listing(const move_list *l)
{
    listing++;
    for (int i = 0; i < l->n; i++)
        listed[l->m[i].move] = listing;
}

/* The points that can stop `att`'s straight-four threats: on the lines
 * where each of its F4 points makes a four, within 4 of it. */
void gk_blocking_points(gb_board *b, int att, move_list *l)
{
    int def = !att;
    start_listing(l);
    for (int i = 0; i < b->n_on; i++) {
        int f = b->on[i];
        if (b->cell[f] != GOMOKU_EMPTY || b->cls[att][f] != GB_C_F4 || !gb_legal(b, att, f))
            continue;
        for (int d = 0; d < 4; d++) {
            int pt = gb_pattern(b, att, d, f);
            if (pt != GB_PT_B4 && pt != GB_PT_F4 && pt != GB_PT_44)
                continue;
            for (int k = -4; k <= 4; k++) {
                int q = f + k * gb_dir[d];
                if (b->cell[q] == GOMOKU_EMPTY && listed[q] != listing && gb_legal(b, def, q)) {
                    listed[q] = listing;
                    add_move(l, q, order_score(b, def, q));
                }
            }
        }
    }
}

/* ---- VCF. The attacker is the side to move; gk_line[] gets the win. */

short gk_line[GOMOKU_LINE_MAX + 8];
int gk_line_len;

void gk_note_line(int ply, int p)
{
    if (ply < GOMOKU_LINE_MAX)
        gk_line[ply] = (short)p;
    if (ply + 1 > gk_line_len)
        gk_line_len = ply + 1 < GOMOKU_LINE_MAX ? ply + 1 : GOMOKU_LINE_MAX;
}

/* A five point of `color` other than f. */
static int other_five(const gb_board *b, int color, int f)
{
    for (int i = 0; i < b->n_on; i++) {
        int p = b->on[i];
        if (p != f && b->cell[p] == GOMOKU_EMPTY && b->cls[color][p] == GB_C_FIVE)
            return p;
    }
    return f;
}

/* The attacker plays the four m; the defender's reply is forced. */
static bool vcf_four(int m, int depth, int ply)
{
    gb_board *b = &gk_board;
    int att = b->side, def = !att;
    bool win = false;
    gb_make(b, m);
    int f = gb_find(b, att, GB_C_FIVE);
    if (b->count[att][GB_C_FIVE] >= 2) {
        gk_line_len = 0;
        gk_note_line(ply + 1, f);
        gk_note_line(ply + 2, other_five(b, att, f));
        win = true;
    } else if (f >= 0 && !gb_legal(b, def, f)) {
        gk_line_len = 0;
        gk_note_line(ply, m); /* Black cannot block: forbidden point */
        win = true;
    } else if (f >= 0) {
        gb_make(b, f);
        win = gk_vcf_attack(depth - 1, ply + 2);
        gb_unmake(b);
        if (win)
            gk_note_line(ply + 1, f);
    }
    gb_unmake(b);
    if (win)
        gk_note_line(ply, m);
    return win;
}

bool gk_vcf_attack(int depth, int ply)
{
    gb_board *b = &gk_board;
    int att = b->side, def = !att, f;
    if (gk_tick() || ply >= THREAT_PLY_MAX)
        return false;
    if ((f = gb_find(b, att, GB_C_FIVE)) >= 0) {
        gk_line_len = 0;
        gk_note_line(ply, f);
        return true;
    }
    if (b->count[def][GB_C_FIVE] >= 2)
        return false;
    if ((f = gb_find(b, def, GB_C_FIVE)) >= 0) /* block it, with a four */
        return b->cls[att][f] >= GB_C_B4 && gb_legal(b, att, f) && vcf_four(f, depth, ply);
    if ((f = gk_find_legal(b, att, GB_C_F4)) >= 0) {
        gk_line_len = 0;
        gk_note_line(ply, f);
        return true;
    }
    if (depth <= 0 || threat_failed(att, 0, depth))
        return false;
    move_list ml, *l = &ml;
    ml.n = 0;
    ml.cap = 16;
    gk_threat_moves(b, att, FOURS, l);
    for (int i = 0; i < l->n; i++)
        if (vcf_four(l->m[i].move, depth, ply))
            return true;
    threat_fail(att, 0, depth);
    return false;
}

/* ---- VCT. att_node: the attacker to move; def_node: the defender. */

static bool vct_defend(int depth, int ply);

bool gk_vct_attack(int depth, int ply)
{
    gb_board *b = &gk_board;
    int att = b->side, def = !att, f;
    if (gk_tick() || ply >= THREAT_PLY_MAX)
        return false;
    if (b->count[att][GB_C_FIVE])
        return true;
    if (b->count[def][GB_C_FIVE] >= 2)
        return false;
    if ((f = gb_find(b, def, GB_C_FIVE)) >= 0) {
        if (!gb_legal(b, att, f))
            return false;
        gb_make(b, f);
        bool win = vct_defend(depth, ply + 1);
        gb_unmake(b);
        if (win)
            gk_note_line(ply, f);
        return win;
    }
    if (gk_find_legal(b, att, GB_C_F4) >= 0 || gk_vcf_attack(VCT_INNER_VCF, ply))
        return true;
    if (depth <= 0 || threat_failed(att, 1, depth))
        return false;
    move_list ml, *l = &ml;
    ml.n = 0;
    ml.cap = THREAT_MOVES;
    gk_threat_moves(b, att, FOURS | THREES, l);
    for (int i = 0; i < l->n && !gk_work.stop; i++) {
        gb_make(b, l->m[i].move);
        bool win = vct_defend(depth - 1, ply + 1);
        gb_unmake(b);
        if (win) {
            gk_note_line(ply, l->m[i].move);
            return true;
        }
    }
    threat_fail(att, 1, depth);
    return false;
}

/* True when every defence fails (the attacker still wins). */
static bool vct_defend(int depth, int ply)
{
    gb_board *b = &gk_board;
    int def = b->side, att = !def, f;
    if (gk_tick() || ply >= THREAT_PLY_MAX)
        return false;
    if (b->count[def][GB_C_FIVE])
        return false;
    if (b->count[att][GB_C_FIVE] >= 2)
        return true;
    if ((f = gb_find(b, att, GB_C_FIVE)) >= 0) {
        if (!gb_legal(b, def, f))
            return true;
        gb_make(b, f);
        bool win = gk_vct_attack(depth, ply + 1);
        gb_unmake(b);
        return win;
    }
    if (gk_find_legal(b, def, GB_C_F4) >= 0 || gk_find_legal(b, att, GB_C_F4) < 0)
        return false; /* the defender wins first, or there is no threat */
    move_list ml, *l = &ml;
    ml.n = 0;
    ml.cap = GOMOKU_CELLS;
    gk_threat_moves(b, def, FOURS, l);
    gk_blocking_points(b, att, l);
    for (int i = 0; i < l->n; i++) {
        gb_make(b, l->m[i].move);
        bool win = gk_vct_attack(depth, ply + 1);
        gb_unmake(b);
        if (!win)
            return false;
    }
    return !gk_work.stop;
}

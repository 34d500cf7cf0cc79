/* analyze.c — gomoku levels 3-4 in words and in JSON: the note of a
 * result ("wins by VCF in 5 moves") and the analysis of a position. */
#include "think.h"

#include <stdio.h>

void gomoku_note(const gomoku_result *r, char *note, size_t cap)
{
    int plies = WIN - (r->score < 0 ? -r->score : r->score);
    switch (r->kind) {
    case GOMOKU_BY_OPENING: snprintf(note, cap, "opening in the centre"); break;
    case GOMOKU_BY_FIVE: snprintf(note, cap, "makes five"); break;
    case GOMOKU_BY_FOUR: snprintf(note, cap, "four that cannot be stopped: wins next move"); break;
    case GOMOKU_BY_VCF:
        snprintf(note, cap, "wins by continuous fours (VCF) in %d moves", (plies + 1) / 2);
        break;
    case GOMOKU_BY_VCT: snprintf(note, cap, "wins by continuous threats (VCT)"); break;
    default:
        if (r->score > DECIDED)
            snprintf(note, cap, "wins in %d moves", (plies + 1) / 2);
        else if (r->score < -DECIDED)
            snprintf(note, cap, "loses in %d moves against best play", plies / 2);
        else
            snprintf(note, cap, "%sevaluation %+d at depth %d",
                     r->kind == GOMOKU_BY_BLOCK ? "blocks a four; " : "", r->score, r->depth);
    }
}

/* ---- Analysis JSON:
 * {"best":"x,y","score":S,"kind":"search","note":"...","depth":D,
 *  "nodes":N,"line":["x,y",...],"pv":["x,y",...],"threat":["x,y",...],
 *  "moves":[{"move":"x,y","score":S},...]}
 * kind: opening, five, block, four, vcf, vct, search. line: the forced win
 * found (five, four, VCF: both sides' moves in order). pv: the line the
 * engine expects from its best move (the forced win, or the search's
 * principal variation; empty for an opening move). threat: the
 * opponent's VCF if it could move now (empty when it has none). moves:
 * the best root moves with their scores from a search one ply shallower
 * (best first; empty when the move was decided without a search). */

static const char *const KIND_NAMES[] = {"opening", "five", "block", "four",
                                         "vcf",     "vct",  "search"};

static void put_moves(const gomoku_state *s, qp_buf *out, const int *pts, int n)
{
    qp_bputc(out, '[');
    for (int i = 0; i < n; i++)
        qp_bprintf(out, "%s\"%d,%d\"", i ? "," : "", pts[i] % s->w, pts[i] / s->w);
    qp_bputc(out, ']');
}

/* The opponent's VCF if it could play now. */
static int opponent_threat(const gomoku_state *s, int *pts, long long nodes)
{
    gk_plan pl = {nodes, 0, 0, gk_work.nodes};
    gb_load(&gk_board, s);
    gb_pass(&gk_board);
    gk_phase(&pl, 1.0);
    gk_line_len = 0;
    bool yes = gk_vcf_attack(VCF_DEPTH, 0);
    gb_pass(&gk_board);
    if (!yes)
        return 0;
    for (int i = 0; i < gk_line_len; i++)
        pts[i] = gk_rules_point(s, gk_line[i]);
    return gk_line_len;
}

#define ANALYZE_MOVES 8
/* The depth of the moves' scores at most: the main search reaches 12-16
 * plies on its reductions, which eight full-window searches could not
 * share within half the budget. */
#define ANALYZE_DEPTH 8
#define PV_MAX 12

/* "pv": the moves the search expects, both sides in order, from the best
 * one: the forced win when one was found, else the search's principal
 * variation (read before the analysis's own searches overwrite it). */
static void put_expected_line(const gomoku_state *s, const gomoku_result *r, bool searched,
                              qp_buf *out)
{
    int pts[PV_MAX], n = 0;
    qp_bputs(out, ",\"pv\":");
    if (r->line_len > 0 || !searched) {
        put_moves(s, out, r->line, r->line_len > 0 ? r->line_len : 0);
        return;
    }
    n = gk_expected_line(gb_at(r->move % s->w, r->move / s->w), pts, PV_MAX);
    for (int i = 0; i < n; i++)
        pts[i] = gk_rules_point(s, pts[i]);
    put_moves(s, out, pts, n);
}

bool gomoku_analyze(const gomoku_state *s, const qp_ai_opts *opts, qp_buf *out, qp_error *err)
{
    static int pts[GOMOKU_LINE_MAX];
    gomoku_result r;
    char note[160];
    if (opts->level <= 2)
        return qp_fail(err, "gomoku analysis needs level 3 or 4");
    if (!gomoku_think(s, opts, &r, err))
        return false;
    gomoku_note(&r, note, sizeof note);
    qp_bprintf(out, "{\"best\":\"%d,%d\",\"score\":%d,\"kind\":\"%s\",\"note\":", r.move % s->w,
               r.move / s->w, r.score, KIND_NAMES[r.kind]);
    qp_bjson_str(out, note);
    qp_bprintf(out, ",\"depth\":%d,\"nodes\":%lld,\"line\":", r.depth, r.nodes);
    put_moves(s, out, r.line, r.line_len);
    bool searched = r.kind == GOMOKU_BY_SEARCH || r.kind == GOMOKU_BY_BLOCK;
    put_expected_line(s, &r, searched, out);
    int depth = r.depth > ANALYZE_DEPTH + 1 ? ANALYZE_DEPTH : r.depth > 1 ? r.depth - 1 : 1;
    int n = searched ? (gk_roots.n < ANALYZE_MOVES ? gk_roots.n : ANALYZE_MOVES) : 0;
    int moves[ANALYZE_MOVES], scores[ANALYZE_MOVES];
    long long budget = (long long)GOMOKU_L3_NODES * (opts->level >= 4 ? GOMOKU_L4_FACTOR : 1);
    for (int i = 0; i < n; i++) { /* full-window scores of the best few */
        gk_plan pl = {budget / 2 / (n ? n : 1), 0, 0, gk_work.nodes};
        gk_phase(&pl, 1.0);
        moves[i] = gk_roots.m[i].move;
        gb_make(&gk_board, moves[i]);
        scores[i] = -gk_pvs(depth - 1, -INF, INF, 1);
        gb_unmake(&gk_board);
        if (gk_work.stop)
            n = i;
    }
    qp_bputs(out, ",\"threat\":");
    put_moves(s, out, pts, opponent_threat(s, pts, budget / 4));
    qp_bputs(out, ",\"moves\":[");
    for (int i = 0; i < n; i++)
        qp_bprintf(out, "%s{\"move\":\"%d,%d\",\"score\":%d}", i ? "," : "", gb_x(moves[i]),
                   gb_y(moves[i]), scores[i]);
    qp_bputs(out, "]}");
    return true;
}

/* describe.c — what dark animal chess shows: the text board (show) and
 * the page's JSON (describe), every field derived here so that the page
 * knows no rule. Stands on the rules (rules.h) and their names
 * (notation.h). */
#include "describe.h"

#include "notation.h"
#include "rules.h"

void beast_show(const void *st, qp_buf *out)
{
    const beast_state *s = st;
    qp_bputs(out, "    a  b  c  d\n");
    for (int r = BX_ROWS - 1; r >= 0; r--) {
        qp_bprintf(out, "%d  ", r + 1);
        for (int c = 0; c < BX_COLS; c++) {
            int v = s->cell[r * BX_COLS + c];
            /* Face-down pieces stay hidden: this is what a player sees. */
            qp_bputc(out, ' ');
            qp_bputc(out, v == BX_EMPTY ? '.' : bx_is_down(v) ? '#' : kind_letter(bx_kind(v)));
            qp_bputc(out, ' ');
        }
        qp_bputc(out, '\n');
    }
    qp_bprintf(out, "%s to move; HP red %d, blue %d; %d plies without a flip or capture\n",
               s->to_move < 0 ? "? (first flip)"
               : s->to_move   ? "blue"
                              : "red",
               beast_hp(s, 0), beast_hp(s, 1), s->plies);
}

static void put_kind_counts(qp_buf *out, const int *count, int colour)
{
    qp_bputc(out, '{');
    for (int t = 0; t < BX_TYPES; t++)
        qp_bprintf(out, "%s\"%c\":%d", t ? "," : "", BX_LETTER[t], count[colour * BX_TYPES + t]);
    qp_bputc(out, '}');
}

static void put_cell_json(const beast_state *s, int sq, qp_buf *out)
{
    int v = s->cell[sq];
    qp_bputs(out, "{\"at\":\"");
    put_cell_name(out, sq);
    if (v == BX_EMPTY) {
        qp_bputs(out, "\",\"state\":\"empty\"}");
    } else if (bx_is_down(v)) {
        qp_bputs(out, "\",\"state\":\"down\"}");
    } else {
        int t = bx_type(v);
        qp_bprintf(out,
                   "\",\"state\":\"up\",\"piece\":\"%c\",\"type\":\"%s\",\"colour\":\"%c\","
                   "\"rank\":%d,\"value\":%d}",
                   kind_letter(bx_kind(v)), TYPE_NAME[t], SIDES[bx_colour(v)], BX_TYPES - t,
                   BX_VALUE[t]);
    }
}

/* The last action, as far as the LOG tells. */
static void put_last(const beast_state *s, qp_buf *out)
{
    int from, to;
    const char *what;
    if (s->n_moves) {
        from = s->move_from[s->n_moves - 1];
        to = s->move_to[s->n_moves - 1];
        what = "move";
    } else if (s->progress) {
        from = s->progress_from;
        to = s->progress_to;
        what = s->progress == BX_BY_FLIP ? "flip" : "capture";
    } else {
        qp_bputs(out, "null");
        return;
    }
    qp_bputs(out, "{\"action\":\"");
    put_cell_name(out, from);
    if (from != to)
        put_cell_name(out, to);
    qp_bprintf(out, "\",\"kind\":\"%s\",\"from\":\"", what);
    put_cell_name(out, from);
    qp_bputs(out, "\",\"to\":\"");
    put_cell_name(out, to);
    qp_bprintf(out, "\",\"piece\":\"%c\"", kind_letter(bx_kind(s->cell[to])));
    if (s->progress == BX_BY_CAPTURE && !s->n_moves)
        qp_bprintf(out, ",\"taken\":\"%c\"", kind_letter(bx_kind(s->progress_taken)));
    qp_bputc(out, '}');
}

/* Where each face-up piece of the side to move may go: "moves" to empty
 * cells and "captures", as {"c5":["c6"]}; and the cells one may flip. */
static void put_targets(const beast_state *s, bool over, qp_buf *out)
{
    bool first[2] = {true, true};
    for (int pass = 0; pass < 2; pass++) {
        qp_bputs(out, pass ? ",\"captures\":{" : ",\"moves\":{");
        for (int sq = 0; sq < BX_CELLS && !over; sq++) {
            int v = s->cell[sq], to[8], n, shown = 0;
            if (!bx_is_up(v) || bx_colour(v) != s->to_move)
                continue;
            n = bx_targets(s->cell, sq, to);
            for (int i = 0; i < n; i++) {
                if ((s->cell[to[i]] != BX_EMPTY) != pass)
                    continue;
                if (!shown++) {
                    qp_bputs(out, first[pass] ? "\"" : ",\"");
                    first[pass] = false;
                    put_cell_name(out, sq);
                    qp_bputs(out, "\":[");
                } else {
                    qp_bputc(out, ',');
                }
                qp_bputc(out, '"');
                put_cell_name(out, to[i]);
                qp_bputc(out, '"');
            }
            if (shown)
                qp_bputc(out, ']');
        }
        qp_bputc(out, '}');
    }
    qp_bputs(out, ",\"flips\":[");
    for (int sq = 0, k = 0; sq < BX_CELLS && !over; sq++) {
        if (!bx_is_down(s->cell[sq]))
            continue;
        qp_bputs(out, k++ ? ",\"" : "\"");
        put_cell_name(out, sq);
        qp_bputc(out, '"');
    }
    qp_bputc(out, ']');
}

/* The page's JSON (every field derived here, so the page knows no rule):
 *   cols 4, rows 8; cells: 32 objects in POS order (a8 b8 c8 d8 a7 ... d1),
 *     {"at":"c5","state":"empty"|"down"|"up"} and for "up" also piece
 *     (letter, upper case red), type (dragon...cat), colour (r|b), rank
 *     (7..1) and value (HP);
 *   turn: r|b|? (? before the first flip: whoever flips first gets the
 *     colour of the piece flipped); sides "rb"; coloursDealt;
 *   over, winner (r|b|null), reason (hp|stuck|repetition|no-progress|"");
 *   hp {r,b} and hpMax 100; pieces {r:{D..C},b:{D..C}}: pieces left of
 *     each type, face-up or down (the counters; grey at 0); hidden: the
 *     same for the face-down ones only; hiddenTotal;
 *   plies (without a flip or capture), pliesLimit 50, repeats (how often
 *     this position has occurred, per the LOG: a draw at 3);
 *   last: null, or {action, kind: flip|move|capture, from, to, piece (the
 *     piece that acted, or the one revealed), taken (a capture's victim)};
 *   moves {"c5":["c6",...]} and captures {"c5":["d5"]}: where each piece of
 *     the side to move may go (empty when over); flips: the cells to flip;
 *   types: the seven types with letter, name, rank, value, count. */
void beast_describe(const void *st, qp_buf *out)
{
    const beast_state *s = st;
    qp_status status = beast_status(s);
    bool over = status.phase != QP_TURN;
    int count[BX_KINDS], hidden_total = 0;
    beast_count_kinds(s, count);
    qp_bputs(out, "{\"cols\":4,\"rows\":8,\"cells\":[");
    for (int r = BX_ROWS - 1; r >= 0; r--)
        for (int c = 0; c < BX_COLS; c++) {
            if (r != BX_ROWS - 1 || c)
                qp_bputc(out, ',');
            put_cell_json(s, r * BX_COLS + c, out);
        }
    qp_bprintf(out,
               "],\"turn\":\"%c\",\"sides\":\"rb\",\"coloursDealt\":%s,\"over\":%s,"
               "\"winner\":",
               s->to_move < 0 ? '?' : SIDES[s->to_move], s->to_move < 0 ? "false" : "true",
               over ? "true" : "false");
    if (status.phase == QP_WIN)
        qp_bprintf(out, "\"%c\"", SIDES[status.player]);
    else
        qp_bputs(out, "null");
    qp_bprintf(out,
               ",\"reason\":\"%s\",\"hp\":{\"r\":%d,\"b\":%d},\"hpMax\":100,\"pieces\":{\"r\":",
               status.reason, beast_hp(s, BX_RED), beast_hp(s, BX_BLUE));
    put_kind_counts(out, count, BX_RED);
    qp_bputs(out, ",\"b\":");
    put_kind_counts(out, count, BX_BLUE);
    for (int k = 0; k < BX_KINDS; k++) {
        count[k] = s->hidden[k];
        hidden_total += s->hidden[k];
    }
    qp_bputs(out, "},\"hidden\":{\"r\":");
    put_kind_counts(out, count, BX_RED);
    qp_bputs(out, ",\"b\":");
    put_kind_counts(out, count, BX_BLUE);
    qp_bprintf(out, "},\"hiddenTotal\":%d,\"plies\":%d,\"pliesLimit\":%d,\"repeats\":%d,\"last\":",
               hidden_total, s->plies, BX_NO_PROGRESS, beast_repeats(s));
    put_last(s, out);
    put_targets(s, over, out);
    qp_bputs(out, ",\"types\":[");
    for (int t = 0; t < BX_TYPES; t++)
        qp_bprintf(
            out, "%s{\"letter\":\"%c\",\"name\":\"%s\",\"rank\":%d,\"value\":%d,\"count\":%d}",
            t ? "," : "", BX_LETTER[t], TYPE_NAME[t], BX_TYPES - t, BX_VALUE[t], BX_COUNT[t]);
    qp_bputs(out, "]}");
}

/* notation.c — dark animal chess as text (notation.h): the POS with its
 * LOG, checked on the way in (legal moves, no earlier repetition), and
 * the actions, refused with the original's messages. Stands on the rules
 * (rules.h) for counts and the status. */
#include "notation.h"

#include <string.h>

#include "rules.h"

/* ---- Small helpers ---- */

/* The kind of a piece letter (upper case red), or -1. */
static int letter_kind(char c)
{
    bool blue = c >= 'a' && c <= 'z';
    const char *p = strchr(BX_LETTER, blue ? c - 'a' + 'A' : c);
    if (!c || !p)
        return -1;
    return (int)(p - BX_LETTER) + (blue ? BX_TYPES : 0);
}

/* Reads a cell name like "c5" (column letter in either case); -1 if bad. */
static int read_cell(const char *t)
{
    char c = t[0] >= 'A' && t[0] <= 'D' ? (char)(t[0] - 'A' + 'a') : t[0];
    if (c < 'a' || c > 'd' || t[1] < '1' || t[1] > '8')
        return -1;
    return (t[1] - '1') * BX_COLS + (c - 'a');
}

static const char *cell_name(int sq, char *buf)
{
    buf[0] = (char)('a' + bx_col(sq));
    buf[1] = (char)('1' + bx_row(sq));
    buf[2] = '\0';
    return buf;
}

static bool adjacent(int a, int b)
{
    for (int d = 0; d < 4; d++)
        if (bx_step(a, d) == b)
            return true;
    return false;
}

/* ---- POS ---- */

static bool parse_rows(beast_state *s, const char *text, qp_error *err)
{
    const char *p = text;
    for (int r = BX_ROWS - 1; r >= 0; r--) {
        for (int c = 0; c < BX_COLS; c++) {
            int sq = r * BX_COLS + c, kind;
            if (*p == '.') {
                s->cell[sq] = BX_EMPTY;
                p++;
            } else if (*p == '?') {
                if ((kind = letter_kind(p[1])) < 0)
                    return qp_fail(err,
                                   "bad beast cell %c%d '%.2s': a face-down piece is '?' "
                                   "and its letter (DTEBFHC, lower case blue)",
                                   'a' + c, r + 1, p);
                s->cell[sq] = (uint8_t)(BX_DOWN_KNOWN + kind);
                s->hidden[kind]++;
                p += 2;
            } else if ((kind = letter_kind(*p)) >= 0) {
                s->cell[sq] = (uint8_t)bx_up(kind);
                p++;
            } else {
                return qp_fail(err,
                               "bad beast cell %c%d '%c': use '.', a letter of DTEBFHC "
                               "(lower case blue) or '?' and a letter",
                               'a' + c, r + 1, *p ? *p : ' ');
            }
        }
        if (r > 0 && *p++ != '/')
            return qp_fail(err, "bad beast board: row %d needs 4 cells, then '/'", r + 1);
    }
    if (*p)
        return qp_fail(err, "bad beast board: 8 rows of 4 cells, row 8 first (extra '%.10s')", p);
    int count[BX_KINDS];
    beast_count_kinds(s, count);
    for (int k = 0; k < BX_KINDS; k++)
        if (count[k] > BX_COUNT[k % BX_TYPES])
            return qp_fail(err, "bad beast board: %d %s %ss (a side has %d)", count[k],
                           k < BX_TYPES ? "red" : "blue", TYPE_NAME[k % BX_TYPES],
                           BX_COUNT[k % BX_TYPES]);
    return true;
}

/* One LOG item into s's log; `first` allows a flip or a capture. */
static bool parse_log_item(beast_state *s, const char *t, bool first, qp_error *err)
{
    size_t len = strlen(t);
    int from = read_cell(t), to = len >= 4 ? read_cell(t + 2) : -1;
    if (first && len == 2 && from >= 0) {
        s->progress = BX_BY_FLIP;
        s->progress_from = s->progress_to = (uint8_t)from;
        return true;
    }
    if (first && len == 6 && from >= 0 && to >= 0 && t[4] == 'x' && letter_kind(t[5]) >= 0) {
        s->progress = BX_BY_CAPTURE;
        s->progress_from = (uint8_t)from;
        s->progress_to = (uint8_t)to;
        s->progress_taken = (uint8_t)bx_up(letter_kind(t[5]));
        return true;
    }
    if (len != 4 || from < 0 || to < 0)
        return qp_fail(err,
                       "bad beast log item '%.10s': a move like a1a2 (first: a flip like "
                       "c5 or a capture like c5c6xT)",
                       t);
    if (s->n_moves == BX_NO_PROGRESS)
        return qp_fail(err, "bad beast log: more than %d moves", BX_NO_PROGRESS);
    s->move_from[s->n_moves] = (uint8_t)from;
    s->move_to[s->n_moves++] = (uint8_t)to;
    return true;
}

/* Undoes the progress item on b (the board right after it), checking it. */
static bool undo_progress(const beast_state *s, uint8_t *b, int mover, qp_error *err)
{
    char n1[3], n2[3];
    int from = s->progress_from, to = s->progress_to;
    if (s->progress == BX_BY_FLIP) {
        if (!bx_is_up(b[from]))
            return qp_fail(err, "bad beast log: no face-up piece on %s, flipped there",
                           cell_name(from, n1));
        return true;
    }
    int taken = s->progress_taken;
    if (!bx_is_up(b[to]) || bx_colour(b[to]) != mover || b[from] != BX_EMPTY ||
        bx_colour(taken) == mover)
        return qp_fail(err, "bad beast log: the capture %s%s does not fit the board",
                       cell_name(from, n1), cell_name(to, n2));
    b[from] = b[to];
    b[to] = (uint8_t)taken;
    if (!bx_can_capture(b, from, to))
        return qp_fail(err, "bad beast log: %s cannot capture on %s", cell_name(from, n1),
                       cell_name(to, n2));
    beast_state before = *s;
    memcpy(before.cell, b, BX_CELLS);
    int count[BX_KINDS];
    beast_count_kinds(&before, count);
    if (count[bx_kind(taken)] > BX_COUNT[bx_kind(taken) % BX_TYPES])
        return qp_fail(err, "bad beast log: too many %ss with the one taken on %s",
                       TYPE_NAME[bx_type(taken)], cell_name(to, n2));
    return true;
}

/* Walks the LOG back from the current board: every move must have been a
 * legal step by the right side, and no earlier position may have ended
 * the game by repetition. */
static bool check_log(const beast_state *s, qp_error *err)
{
    uint8_t boards[BX_NO_PROGRESS + 1][BX_CELLS];
    int sides[BX_NO_PROGRESS + 1];
    int k = s->n_moves, side = s->to_move;
    char n1[3], n2[3];
    if (s->progress ? k != s->plies : k > s->plies)
        return qp_fail(err,
                       "bad beast log: %d moves for %d plies since the last flip or "
                       "capture",
                       k, s->plies);
    memcpy(boards[k], s->cell, BX_CELLS);
    sides[k] = side;
    for (int i = k - 1; i >= 0; i--) {
        uint8_t *b = boards[i];
        int from = s->move_from[i], to = s->move_to[i], mover = side ^ 1;
        memcpy(b, boards[i + 1], BX_CELLS);
        if (!bx_is_up(b[to]) || bx_colour(b[to]) != mover || b[from] != BX_EMPTY ||
            !adjacent(from, to))
            return qp_fail(err, "bad beast log: the move %s%s does not fit the board",
                           cell_name(from, n1), cell_name(to, n2));
        b[from] = b[to];
        b[to] = BX_EMPTY;
        sides[i] = side = mover;
    }
    if (s->progress) {
        uint8_t b[BX_CELLS];
        memcpy(b, boards[0], BX_CELLS);
        if (!undo_progress(s, b, side ^ 1, err))
            return false;
    }
    for (int j = 0; j < k; j++) {
        int seen = 0;
        for (int i = 0; i <= j; i++)
            seen += sides[i] == sides[j] && !memcmp(boards[i], boards[j], BX_CELLS);
        if (seen >= 3)
            return qp_fail(err, "bad beast log: the game had ended by repetition");
    }
    return true;
}

static bool parse_log(beast_state *s, char *text, qp_error *err)
{
    int i = 0;
    for (char *item = text;; i++) {
        char *comma = strchr(item, ',');
        if (comma)
            *comma = '\0';
        if (!parse_log_item(s, item, i == 0, err))
            return false;
        if (!comma)
            break;
        item = comma + 1;
    }
    return check_log(s, err);
}

/* Consistency that is cheap to check: colours are dealt exactly when a
 * piece is face-up, and the side not to move cannot have lost already. */
static bool check_sides(const beast_state *s, qp_error *err)
{
    int up = 0, empty = 0;
    for (int sq = 0; sq < BX_CELLS; sq++) {
        up += bx_is_up(s->cell[sq]);
        empty += s->cell[sq] == BX_EMPTY;
    }
    if (s->to_move < 0) {
        if (up || empty)
            return qp_fail(err, "bad beast position: side '?' is only for the start, with all "
                                "32 pieces face-down");
        if (s->plies)
            return qp_fail(err, "bad beast position: no ply has been played before the first "
                                "flip");
        return true;
    }
    if (!up)
        return qp_fail(err, "bad beast position: no piece is face-up, so the side to move "
                            "is '?'");
    if (beast_hp(s, s->to_move ^ 1) == 0)
        return qp_fail(err,
                       "bad beast position: %s has no piece left, so the game ended on "
                       "its turn",
                       s->to_move ? "red" : "blue");
    return true;
}

bool beast_parse_pos(void *st, const char *pos, qp_error *err)
{
    beast_state *s = st;
    char copy[1024], *tok[5];
    memset(s, 0, sizeof *s);
    if (strlen(pos) >= sizeof copy)
        return qp_fail(err, "beast position too long");
    strcpy(copy, pos);
    int n = qp_split(copy, tok, 5);
    if (n < 3 || n > 4)
        return qp_fail(err,
                       "bad beast position '%.40s': want ROWS SIDE PLIES [LOG], like "
                       "'?D?t/.../... ? 0'",
                       pos);
    if (!parse_rows(s, tok[0], err))
        return false;
    if (strlen(tok[1]) != 1 || !strchr("rb?", tok[1][0]))
        return qp_fail(err, "bad beast side to move '%.10s': use r, b or ?", tok[1]);
    s->to_move = (int8_t)(tok[1][0] == '?' ? -1 : tok[1][0] == 'b');
    long long plies;
    if (!qp_parse_int(tok[2], 0, BX_NO_PROGRESS, &plies))
        return qp_fail(err,
                       "bad beast ply count '%.10s': use 0 to %d (plies since the last "
                       "flip or capture)",
                       tok[2], BX_NO_PROGRESS);
    s->plies = (uint8_t)plies;
    if (!check_sides(s, err))
        return false;
    if (n == 4) {
        if (s->to_move < 0)
            return qp_fail(err, "bad beast position: no log before the first flip");
        return parse_log(s, tok[3], err);
    }
    return true;
}

static void put_log_item(const beast_state *s, qp_buf *out)
{
    put_cell_name(out, s->progress_from);
    if (s->progress == BX_BY_CAPTURE) {
        put_cell_name(out, s->progress_to);
        qp_bputc(out, 'x');
        qp_bputc(out, kind_letter(bx_kind(s->progress_taken)));
    }
}

static void put_rows(const beast_state *s, qp_buf *out)
{
    for (int r = BX_ROWS - 1; r >= 0; r--) {
        for (int c = 0; c < BX_COLS; c++) {
            int v = s->cell[r * BX_COLS + c];
            if (v == BX_EMPTY) {
                qp_bputc(out, '.');
            } else if (v == BX_DOWN) {
                qp_bputs(out, "??");
            } else {
                if (bx_is_down(v))
                    qp_bputc(out, '?');
                qp_bputc(out, kind_letter(bx_kind(v)));
            }
        }
        if (r)
            qp_bputc(out, '/');
    }
}

void beast_format_pos(const void *st, qp_buf *out)
{
    const beast_state *s = st;
    put_rows(s, out);
    qp_bprintf(out, " %c %d", s->to_move < 0 ? '?' : SIDES[s->to_move], s->plies);
    if (!s->progress && !s->n_moves)
        return;
    qp_bputc(out, ' ');
    if (s->progress)
        put_log_item(s, out);
    for (int i = 0; i < s->n_moves; i++) {
        if (i || s->progress)
            qp_bputc(out, ',');
        put_cell_name(out, s->move_from[i]);
        put_cell_name(out, s->move_to[i]);
    }
}

/* ---- Actions ---- */

/* Why the piece on `from`, of type a, cannot capture the enemy of type t
 * (both face-up); the caller passes the types it has checked, so that no
 * cell is read twice. */
static bool refuse_capture(int from, int a, int t, qp_error *err)
{
    char n1[3];
    cell_name(from, n1);
    if (a == BX_HAWK)
        return qp_fail(err,
                       "cannot capture that: the hawk on %s takes only by jumping over "
                       "exactly one piece in its row or column",
                       n1);
    if (a == BX_DRAGON && t == BX_CAT)
        return qp_fail(err, "cannot capture that: the dragon cannot take a cat");
    return qp_fail(err, "cannot capture that: a %s cannot take a %s", TYPE_NAME[a], TYPE_NAME[t]);
}

static bool check_move(const beast_state *s, int from, int to, qp_error *err)
{
    char n1[3], n2[3];
    int a = s->cell[from], t = s->cell[to];
    cell_name(from, n1);
    cell_name(to, n2);
    if (a == BX_EMPTY)
        return qp_fail(err, "no piece: %s is empty", n1);
    if (bx_is_down(a))
        return qp_fail(err, "face-down: the piece on %s must be flipped first", n1);
    if (bx_colour(a) != s->to_move)
        return qp_fail(err, "not your piece: the %s on %s is %s", TYPE_NAME[bx_type(a)], n1,
                       bx_colour(a) ? "blue" : "red");
    /* Only the hawk reaches past its neighbours; for any other piece a far
     * cell is out of reach, whatever stands on it. */
    bool reach = adjacent(from, to) || (bx_type(a) == BX_HAWK && t != BX_EMPTY);
    if (!reach)
        return qp_fail(err, "cannot move there: %s is not one step from %s", n2, n1);
    if (t == BX_EMPTY)
        return true;
    if (bx_is_down(t))
        return qp_fail(err, "cannot capture that: the piece on %s is face-down", n2);
    if (bx_colour(t) == s->to_move)
        return qp_fail(err, "cannot capture that: the %s on %s is yours", TYPE_NAME[bx_type(t)],
                       n2);
    return bx_can_capture(s->cell, from, to) || refuse_capture(from, bx_type(a), bx_type(t), err);
}

bool beast_parse_action(const void *st, const char *text, int *action, qp_error *err)
{
    const beast_state *s = st;
    size_t len = strlen(text);
    int from = len == 2 || len == 4 ? read_cell(text) : -1;
    int to = len == 4 ? read_cell(text + 2) : from;
    char n1[3];
    if (from < 0 || to < 0)
        return qp_fail(err,
                       "bad beast action '%.20s': a cell like c5 flips it, c5c6 moves or "
                       "captures",
                       text);
    if (beast_status(s).phase != QP_TURN)
        return qp_fail(err, "the game is over: no action '%.20s'", text);
    if (len == 2) {
        if (!bx_is_down(s->cell[from]))
            return qp_fail(err, "nothing to flip: %s is %s", cell_name(from, n1),
                           s->cell[from] == BX_EMPTY ? "empty" : "face-up");
    } else if (from == to) {
        return qp_fail(err, "cannot move there: %.4s does not leave its cell", text);
    } else if (!check_move(s, from, to, err)) {
        return false;
    }
    *action = bx_action(from, to);
    return true;
}

void beast_format_action(const void *st, int action, qp_buf *out)
{
    (void)st;
    put_cell_name(out, bx_from(action));
    if (!bx_is_flip(action))
        put_cell_name(out, bx_to(action));
}

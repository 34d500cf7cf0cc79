/* rules.c — Minesweeper's rules (minesweeper.h): params, placing the
 * mines, opening and chords, POS and action text, views, show and
 * describe. It calls nothing of the AI or the solver: a no-guess board's
 * layout is made on the AI side (ai.c) and placed here by game.c, which
 * also holds the game's table. */
#include "rules.h"

#include <string.h>

#define MS_MAX_SEED 9007199254740991ULL

static const struct {
    const char *name;
    int w, h, mines;
} PRESETS[] = {
    {"beginner", 9, 9, 10},
    {"intermediate", 16, 16, 40},
    {"expert", 30, 16, 99},
};

static void set_state(ms_state *s, int c, int state)
{
    s->cell[c] = (unsigned char)((s->cell[c] & ~0x30) | (state << 4));
}

/* ---- Geometry */

static int around(const ms_state *s, int c, int *out)
{
    int x = c % s->w, y = c / s->w, n = 0;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            int nx = x + dx, ny = y + dy;
            if ((dx || dy) && nx >= 0 && nx < s->w && ny >= 0 && ny < s->h)
                out[n++] = ny * s->w + nx;
        }
    return n;
}

static int mines_around(const ms_state *s, int c)
{
    int nb[8], k = around(s, c, nb), m = 0;
    for (int i = 0; i < k; i++)
        m += (s->cell[nb[i]] & MINE) != 0;
    return m;
}

static int count_around(const ms_state *s, int c, int state)
{
    int nb[8], k = around(s, c, nb), m = 0;
    for (int i = 0; i < k; i++)
        m += STATE(s->cell[nb[i]]) == state;
    return m;
}

static bool closed(unsigned char v) { return STATE(v) == HIDDEN || STATE(v) == QUESTION; }

/* ---- Params */

static int max_mines(int w, int h, int rule)
{
    int zone = (w < 3 ? w : 3) * (h < 3 ? h : 3);
    return w * h - (rule == RULE_ZERO ? zone : 1);
}

static bool parse_option(ms_state *s, const char *opt, size_t len, qp_error *err)
{
    if (len == 6 && !strncmp(opt, "qmarks", 6))
        s->qmarks = true;
    else if (len == 7 && !strncmp(opt, "noguess", 7))
        s->noguess = true;
    else
        return qp_fail(err, "bad minesweeper option '%.*s': use qmarks or noguess", (int)len, opt);
    return true;
}

static bool parse_size(ms_state *s, const char *p, size_t len, qp_error *err)
{
    char text[40];
    if (len >= sizeof text)
        return qp_fail(err, "bad minesweeper size '%.20s...'", p);
    memcpy(text, p, len);
    text[len] = '\0';
    for (int i = 0; i < QP_ARRAY_LEN(PRESETS); i++)
        if (!strcmp(text, PRESETS[i].name)) {
            s->w = PRESETS[i].w;
            s->h = PRESETS[i].h;
            s->mines = PRESETS[i].mines;
            return true;
        }
    const char *end;
    long long m;
    if (!qp_parse_dims(text, 2, MS_MAX_SIDE, &s->w, &s->h, &end) || *end != '/' ||
        !qp_parse_int(end + 1, 1, (long long)MS_MAX_CELLS, &m))
        return qp_fail(err,
                       "bad minesweeper size '%s': use beginner, intermediate, expert or "
                       "WxH/M (sides 2-%d)",
                       text, MS_MAX_SIDE);
    s->mines = (int)m;
    return true;
}

/* SIZE[:RULE][,OPTION]... into s (size, rule, options). */
static bool parse_params(ms_state *s, const char *params, qp_error *err)
{
    if (!params || !*params)
        params = "beginner";
    size_t len = strcspn(params, ":,");
    if (!parse_size(s, params, len, err))
        return false;
    const char *p = params + len;
    bool rule_given = false;
    s->rule = RULE_SAFE;
    s->qmarks = s->noguess = false;
    if (*p == ':') {
        p++;
        len = strcspn(p, ",");
        if (len == 4 && !strncmp(p, "safe", 4))
            s->rule = RULE_SAFE;
        else if (len == 4 && !strncmp(p, "zero", 4))
            s->rule = RULE_ZERO;
        else
            return qp_fail(err, "bad minesweeper rule '%.*s': use safe or zero", (int)len, p);
        rule_given = true;
        p += len;
    }
    while (*p == ',') {
        p++;
        len = strcspn(p, ",");
        if (!parse_option(s, p, len, err))
            return false;
        p += len;
    }
    if (*p)
        return qp_fail(err, "bad minesweeper params '%.40s': %s", params,
                       "use SIZE[:safe|:zero][,qmarks][,noguess]");
    if (s->noguess) {
        if (rule_given && s->rule == RULE_SAFE)
            return qp_fail(err, "noguess boards open an area at the first click: use :zero");
        s->rule = RULE_ZERO;
    }
    int most = max_mines(s->w, s->h, s->rule);
    if (s->mines > most)
        return qp_fail(err, "too many mines: %d on %dx%d allows at most %d under :%s", s->mines,
                       s->w, s->h, most, s->rule == RULE_ZERO ? "zero" : "safe");
    s->n = s->w * s->h;
    return true;
}

static void format_params(const ms_state *s, qp_buf *out)
{
    qp_bprintf(out, "%dx%d/%d:%s", s->w, s->h, s->mines, s->rule == RULE_ZERO ? "zero" : "safe");
    if (s->qmarks)
        qp_bputs(out, ",qmarks");
    if (s->noguess)
        qp_bputs(out, ",noguess");
}

static const char *preset_name(const ms_state *s)
{
    for (int i = 0; i < QP_ARRAY_LEN(PRESETS); i++)
        if (s->w == PRESETS[i].w && s->h == PRESETS[i].h && s->mines == PRESETS[i].mines)
            return PRESETS[i].name;
    return "";
}

bool ms_init(void *st, const char *params, uint64_t seed, qp_error *err)
{
    ms_state *s = st;
    memset(s, 0, sizeof *s);
    if (!parse_params(s, params, err))
        return false;
    s->seed = seed;
    return true;
}

/* ---- Status */

qp_status ms_status(const void *st)
{
    const ms_state *s = st;
    if (s->exploded)
        return (qp_status){QP_LOSS, 0, "mine"};
    if (s->placed && s->opened == s->n - s->mines)
        return (qp_status){QP_WIN, 0, "cleared"};
    return (qp_status){QP_TURN, 0, ""};
}

/* ---- Placing the mines */

static bool in_first_zone(const ms_state *s, int c, int first)
{
    if (s->rule == RULE_SAFE)
        return c == first;
    int dx = c % s->w - first % s->w, dy = c / s->w - first / s->w;
    return dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1;
}

static void place_uniform(ms_state *s, int first)
{
    static int cells[MS_MAX_CELLS];
    qp_rng rng;
    int n = 0;
    qp_rng_seed(&rng, qp_mix_seed(s->seed, 0x6d696e6573ULL));
    for (int c = 0; c < s->n; c++)
        if (!in_first_zone(s, c, first))
            cells[n++] = c;
    for (int i = 0; i < s->mines; i++) {
        int j = i + (int)qp_rng_below(&rng, (uint32_t)(n - i));
        int t = cells[i];
        cells[i] = cells[j];
        cells[j] = t;
        s->cell[cells[i]] |= MINE;
    }
}

void ms_place_layout(ms_state *s, const unsigned char *mine)
{
    for (int c = 0; c < s->n; c++)
        if (mine[c])
            s->cell[c] |= MINE;
    s->placed = true;
}

/* No layout came from above: uniform mines, and never a silent guessing
 * board (the POS drops ",noguess"). */
static void place_mines(ms_state *s, int first)
{
    s->noguess = false;
    place_uniform(s, first);
    s->placed = true;
}

/* ---- Opening */

void ms_open_cell(ms_state *s, int c)
{
    static int stack[MS_MAX_CELLS];
    int top = 0;
    if (!closed(s->cell[c]))
        return;
    if (s->cell[c] & MINE) {
        set_state(s, c, OPEN);
        s->exploded++;
        return;
    }
    s->cell[c] = (unsigned char)((s->cell[c] & 0x40) | (OPEN << 4) | mines_around(s, c));
    s->opened++;
    stack[top++] = c;
    while (top > 0) {
        int z = stack[--top], nb[8], k;
        if (NUMBER(s->cell[z]) != 0)
            continue;
        k = around(s, z, nb);
        for (int i = 0; i < k; i++) {
            int y = nb[i];
            if (!closed(s->cell[y]))
                continue; /* open, or a flag: flags stay */
            s->cell[y] = (unsigned char)((OPEN << 4) | mines_around(s, y));
            s->opened++;
            stack[top++] = y;
        }
    }
}

static bool chord_ready(const ms_state *s, int c)
{
    unsigned char v = s->cell[c];
    if (STATE(v) != OPEN || (v & MINE) || NUMBER(v) == 0)
        return false;
    return count_around(s, c, FLAG) == NUMBER(v) &&
           count_around(s, c, HIDDEN) + count_around(s, c, QUESTION) > 0;
}

void ms_apply(void *st, int action)
{
    ms_state *s = st;
    int c = action / 3, kind = action % 3;
    if (kind == ACT_OPEN) {
        if (!s->placed)
            place_mines(s, c);
        ms_open_cell(s, c);
    } else if (kind == ACT_FLAG) {
        int state = STATE(s->cell[c]);
        if (state == HIDDEN) {
            set_state(s, c, FLAG);
            s->flags++;
        } else if (state == FLAG) {
            set_state(s, c, s->qmarks ? QUESTION : HIDDEN);
            s->flags--;
        } else {
            set_state(s, c, HIDDEN);
        }
    } else {
        int nb[8], k = around(s, c, nb);
        for (int i = 0; i < k; i++)
            ms_open_cell(s, nb[i]);
    }
}

int ms_legal(const void *st, int *actions, int cap)
{
    const ms_state *s = st;
    int n = 0;
    if (ms_status(s).phase != QP_TURN)
        return 0;
    for (int c = 0; c < s->n && n + 2 <= cap; c++) {
        int state = STATE(s->cell[c]);
        if (state == HIDDEN || state == QUESTION)
            actions[n++] = c * 3 + ACT_OPEN;
        if (state != OPEN)
            actions[n++] = c * 3 + ACT_FLAG;
        else if (chord_ready(s, c))
            actions[n++] = c * 3 + ACT_CHORD;
    }
    return n;
}

/* ---- Actions as text */

/* "X,Y" with whole numbers of at most 3 digits, nothing after. */
static bool parse_xy(const char *p, int *x, int *y)
{
    int v[2];
    for (int k = 0; k < 2; k++) {
        int digits = 0, n = 0;
        while (*p >= '0' && *p <= '9' && digits < 4) {
            n = n * 10 + (*p++ - '0');
            digits++;
        }
        if (digits == 0 || digits > 3)
            return false;
        v[k] = n;
        if (k == 0 && *p++ != ',')
            return false;
    }
    *x = v[0];
    *y = v[1];
    return *p == '\0';
}

bool ms_parse_action(const void *st, const char *text, int *action, qp_error *err)
{
    const ms_state *s = st;
    int x, y;
    char kind = text[0];
    if ((kind != 'o' && kind != 'f' && kind != 'c') || text[1] != ' ' ||
        !parse_xy(text + 2, &x, &y))
        return qp_fail(err,
                       "bad minesweeper action '%.20s': use o X,Y (open), f X,Y (flag) or "
                       "c X,Y (chord)",
                       text);
    if (x >= s->w || y >= s->h)
        return qp_fail(err, "cell %d,%d is off the %dx%d board", x, y, s->w, s->h);
    int c = y * s->w + x, state = STATE(s->cell[c]);
    if (kind == 'o') {
        if (state == OPEN)
            return qp_fail(err, "cell %d,%d is already open", x, y);
        if (state == FLAG)
            return qp_fail(err, "cell %d,%d is flagged: unflag it to open it", x, y);
        *action = c * 3 + ACT_OPEN;
    } else if (kind == 'f') {
        if (state == OPEN)
            return qp_fail(err, "cell %d,%d is open: only hidden cells take flags", x, y);
        *action = c * 3 + ACT_FLAG;
    } else {
        if (!chord_ready(s, c))
            return qp_fail(err,
                           "no chord at %d,%d: it needs an open number with exactly that "
                           "many flags around and a hidden cell to open",
                           x, y);
        *action = c * 3 + ACT_CHORD;
    }
    return true;
}

void ms_format_action(const void *st, int action, qp_buf *out)
{
    const ms_state *s = st;
    int c = action / 3;
    qp_bprintf(out, "%c %d,%d", "ofc"[action % 3], c % s->w, c / s->w);
}

/* Links and records write an action without its space ("o3,4"), so that
 * a move list splits on spaces; both forms read back. */
void ms_format_move(const void *st, int action, qp_buf *out)
{
    const ms_state *s = st;
    int c = action / 3;
    qp_bprintf(out, "%c%d,%d", "ofc"[action % 3], c % s->w, c / s->w);
}

bool ms_parse_move(const void *st, const char *text, int *action, qp_error *err)
{
    char spaced[24];
    if (text[0] == '\0' || text[1] == ' ' || strlen(text) > sizeof spaced - 2)
        return ms_parse_action(st, text, action, err);
    spaced[0] = text[0];
    spaced[1] = ' ';
    strcpy(spaced + 2, text + 1);
    return ms_parse_action(st, spaced, action, err);
}

/* ---- POS */

static char pos_char(const ms_state *s, unsigned char v)
{
    int state = STATE(v);
    bool mine = (v & MINE) && !s->view;
    if (state == OPEN)
        return (v & MINE) ? 'X' : (char)('0' + NUMBER(v));
    if (state == FLAG)
        return mine ? 'F' : 'f';
    if (state == QUESTION)
        return mine ? 'Q' : 'q';
    return mine ? '*' : '.';
}

void ms_format_pos(const void *st, qp_buf *out)
{
    const ms_state *s = st;
    format_params(s, out);
    if (s->view)
        qp_bputs(out, " ?");
    else
        qp_bprintf(out, " %llu", (unsigned long long)s->seed);
    bool marked = false;
    for (int c = 0; c < s->n && !marked; c++)
        marked = STATE(s->cell[c]) != HIDDEN;
    if (!s->placed && !marked)
        return;
    qp_bputc(out, ' ');
    for (int c = 0; c < s->n; c++) {
        if (c && c % s->w == 0)
            qp_bputc(out, '/');
        qp_bputc(out, pos_char(s, s->cell[c]));
    }
}

static bool read_cell(ms_state *s, int c, char ch, qp_error *err)
{
    unsigned char v;
    switch (ch) {
    case '.': v = HIDDEN << 4; break;
    case '*': v = (HIDDEN << 4) | MINE; break;
    case 'f': v = FLAG << 4; break;
    case 'F': v = (FLAG << 4) | MINE; break;
    case 'q': v = QUESTION << 4; break;
    case 'Q': v = (QUESTION << 4) | MINE; break;
    case 'X': v = (OPEN << 4) | MINE; break;
    default:
        if (ch < '0' || ch > '8')
            return qp_fail(err, "bad minesweeper cell '%c' at %d,%d: use . * f F q Q X or 0-8", ch,
                           c % s->w, c / s->w);
        v = (unsigned char)((OPEN << 4) | (ch - '0'));
    }
    if ((STATE(v) == QUESTION) && !s->qmarks)
        return qp_fail(err, "question mark at %d,%d but the params have no qmarks", c % s->w,
                       c / s->w);
    s->cell[c] = v;
    return true;
}

static bool read_rows(ms_state *s, const char *rows, qp_error *err)
{
    const char *p = rows;
    for (int y = 0; y < s->h; y++) {
        if (y > 0 && *p++ != '/')
            return qp_fail(err, "bad minesweeper rows: want %d rows of %d cells separated by /",
                           s->h, s->w);
        for (int x = 0; x < s->w; x++, p++) {
            if (*p == '\0' || *p == '/')
                return qp_fail(err, "bad minesweeper rows: row %d has fewer than %d cells", y,
                               s->w);
            if (!read_cell(s, y * s->w + x, *p, err))
                return false;
        }
    }
    if (*p)
        return qp_fail(err, "bad minesweeper rows: more than %d rows of %d cells", s->h, s->w);
    return true;
}

/* Counters from the cells, and the checks a real game always passes. */
static bool check_cells(ms_state *s, qp_error *err)
{
    int mines = 0;
    s->opened = s->flags = s->exploded = 0;
    for (int c = 0; c < s->n; c++) {
        unsigned char v = s->cell[c];
        mines += (v & MINE) != 0;
        s->flags += STATE(v) == FLAG;
        if (STATE(v) == OPEN) {
            if (v & MINE)
                s->exploded++;
            else
                s->opened++;
        }
    }
    s->placed = s->opened + s->exploded > 0;
    if (!s->placed && mines)
        return qp_fail(err, "mines are placed at the first click: nothing is open, so no * F Q");
    if (s->placed && mines != s->mines)
        return qp_fail(err, "the board holds %d mines, the params say %d", mines, s->mines);
    if (s->placed && s->opened == 0)
        return qp_fail(err, "unreachable position: the first click is never a mine");
    for (int c = 0; c < s->n; c++) {
        unsigned char v = s->cell[c];
        if (STATE(v) != OPEN || (v & MINE))
            continue;
        int x = c % s->w, y = c / s->w;
        if (NUMBER(v) != mines_around(s, c))
            return qp_fail(err, "cell %d,%d shows %d but has %d mines around", x, y, NUMBER(v),
                           mines_around(s, c));
    }
    return true;
}

bool ms_parse_pos(void *st, const char *pos, qp_error *err)
{
    ms_state *s = st;
    char copy[QP_TEXT_MAX];
    char *tok[4];
    memset(s, 0, sizeof *s);
    if (strlen(pos) >= sizeof copy)
        return qp_fail(err, "minesweeper position too long");
    strcpy(copy, pos);
    int n = qp_split(copy, tok, 4);
    if (n < 2 || n > 3)
        return qp_fail(err,
                       "bad minesweeper position '%.40s': want PARAMS SEED [ROWS], like "
                       "'9x9/10:safe 1'",
                       pos);
    if (!parse_params(s, tok[0], err))
        return false;
    long long seed;
    if (!strcmp(tok[1], "?"))
        return qp_fail(err, "this is a player's view (seed ?): it has no mines to play on");
    if (!qp_parse_int(tok[1], 0, (long long)MS_MAX_SEED, &seed))
        return qp_fail(err, "bad minesweeper seed '%.24s': a whole number 0 to 2^53-1", tok[1]);
    s->seed = (uint64_t)seed;
    if (n == 3 && !read_rows(s, tok[2], err))
        return false;
    return check_cells(s, err);
}

/* ---- Views and the text board */

void ms_observe(const void *st, int player, void *view)
{
    const ms_state *s = st;
    ms_state *v = view;
    (void)player;
    *v = *s;
    v->view = true;
    v->seed = 0;
    for (int c = 0; c < s->n; c++)
        if (STATE(s->cell[c]) != OPEN)
            v->cell[c] &= (unsigned char)~MINE;
}

/* What the page draws for a cell (see the header). */
static char face_char(const ms_state *s, int c, qp_phase phase)
{
    unsigned char v = s->cell[c];
    int state = STATE(v);
    bool mine = (v & MINE) != 0;
    if (state == OPEN)
        return mine ? 'X' : (char)('0' + NUMBER(v));
    if (phase == QP_WIN && mine)
        return 'f';
    if (phase == QP_LOSS) {
        if (state == FLAG)
            return mine ? 'f' : 'w';
        if (mine)
            return '*';
    }
    return state == FLAG ? 'f' : state == QUESTION ? '?' : '.';
}

void ms_show(const void *st, qp_buf *out)
{
    const ms_state *s = st;
    qp_phase phase = ms_status(s).phase;
    format_params(s, out);
    qp_bprintf(out, "  mines left %d\n   ", phase == QP_WIN ? 0 : s->mines - s->flags);
    for (int x = 0; x < s->w; x++)
        qp_bprintf(out, "%d", x % 10);
    qp_bputc(out, '\n');
    for (int y = 0; y < s->h; y++) {
        qp_bprintf(out, "%2d ", y);
        for (int x = 0; x < s->w; x++) {
            char ch = face_char(s, y * s->w + x, phase);
            qp_bputc(out, ch == '0' ? ' ' : ch);
        }
        qp_bputc(out, '\n');
    }
}

void ms_json_cells(qp_buf *out, const char *name, const int *cells, int n)
{
    qp_bprintf(out, ",\"%s\":[", name);
    for (int i = 0; i < n; i++)
        qp_bprintf(out, "%s%d", i ? "," : "", cells[i]);
    qp_bputc(out, ']');
}

void ms_describe(const void *st, qp_buf *out)
{
    static int chord[MS_MAX_CELLS];
    const ms_state *s = st;
    qp_status status = ms_status(s);
    int n_chord = 0;
    qp_bprintf(out,
               "{\"w\":%d,\"h\":%d,\"mines\":%d,\"rule\":\"%s\",\"qmarks\":%s,"
               "\"noguess\":%s,\"preset\":\"%s\",\"started\":%s,\"status\":\"%s\","
               "\"reason\":\"%s\",\"cells\":\"",
               s->w, s->h, s->mines, s->rule == RULE_ZERO ? "zero" : "safe",
               s->qmarks ? "true" : "false", s->noguess ? "true" : "false", preset_name(s),
               s->placed ? "true" : "false",
               status.phase == QP_TURN  ? "playing"
               : status.phase == QP_WIN ? "won"
                                        : "lost",
               status.reason);
    for (int c = 0; c < s->n; c++) {
        qp_bputc(out, face_char(s, c, status.phase));
        if (status.phase == QP_TURN && chord_ready(s, c))
            chord[n_chord++] = c;
    }
    qp_bprintf(out, "\",\"flags\":%d,\"left\":%d,\"opened\":%d,\"safeCells\":%d", s->flags,
               status.phase == QP_WIN ? 0 : s->mines - s->flags, s->opened, s->n - s->mines);
    ms_json_cells(out, "chord", chord, n_chord);
    qp_bputc(out, '}');
}

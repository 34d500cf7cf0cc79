/* record.c — links and records: the codec between a game's START plus
 * MOVES and its two texts (record.h), and the replay that checks every
 * move of a text before anything is answered.
 *
 * A travel is what both texts say: the game, the start (params and, only
 * where the start depends on it, the seed; or "=POS"), and the moves,
 * kept both as engine actions ("7,7") and in record notation ("h8",
 * game.h's format_move). Everything lives in static memory: the engine is
 * single-threaded, and states and texts are too big for a wasm stack.
 */
#include "record.h"

#include <ctype.h>
#include <string.h>

#define PARAMS_MAX 256
#define MOVE_MAX 64

typedef struct {
    const qp_game *g;
    bool is_pos; /* the start is pos, else params (+ seed) */
    char params[PARAMS_MAX + 1];
    char pos[QP_TEXT_MAX + 1];
    bool has_seed;
    uint64_t seed;
    int n;
    int code[QP_RECORD_MAX_MOVES]; /* the actions as the game numbers them */
    const char *action[QP_RECORD_MAX_MOVES];
    const char *move[QP_RECORD_MAX_MOVES];
    bool review; /* the link asks to open in review (a last section "review") */
} travel;

static travel tv;
static qp_state_mem start_st, cur_st;
/* The texts of tv.action and tv.move, NUL-separated. */
static char arena_mem[QP_TEXT_MAX * 8];
static qp_buf arena;
/* The input being opened, decoded in place; its move tokens. */
static char input[QP_TEXT_MAX + 1];
static char *tokens[QP_RECORD_MAX_MOVES + 1];
static char scratch_a[QP_TEXT_MAX + 2], scratch_b[QP_TEXT_MAX + 2];
static char empty[1]; /* an absent section, writable like the others */
static char text_mem[QP_TEXT_MAX * 8];

static bool is_link_char(char c)
{
    return isalnum((unsigned char)c) || (c && strchr(",:@=+._~-", c));
}

void qp_link_escape(qp_buf *out, const char *s, bool space_plus)
{
    for (; *s; s++) {
        if (space_plus && *s == ' ')
            qp_bputc(out, '+');
        else if (is_link_char(*s))
            qp_bputc(out, *s);
        else
            qp_bprintf(out, "%%%02X", (unsigned char)*s);
    }
}

static int hex_value(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    c = (char)tolower((unsigned char)c);
    return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

bool qp_link_unescape(char *s, bool space_plus, qp_error *err)
{
    char *to = s;
    for (const char *p = s; *p; p++) {
        int c = (unsigned char)*p;
        if (c == '%') {
            int hi = hex_value(p[1]), lo = hi < 0 ? -1 : hex_value(p[2]);
            if (lo < 0)
                return qp_fail(err, "bad percent escape '%.3s' in the link", p);
            c = hi * 16 + lo;
            p += 2;
        } else if (c == '+' && space_plus) {
            c = ' ';
        }
        if (c < 0x20 || c > 0x7e)
            return qp_fail(err, "the link holds a character that is not printable ASCII (0x%02x)",
                           (unsigned)c);
        *to++ = (char)c;
    }
    *to = '\0';
    return true;
}

/* ---- the start */

/* Copies s with runs of spaces as one space, none at either end. */
static void collapse_spaces(char *to, size_t cap, const char *s)
{
    size_t n = 0;
    for (; *s && n + 1 < cap; s++)
        if (*s != ' ' || (n > 0 && to[n - 1] != ' '))
            to[n++] = *s;
    while (n > 0 && to[n - 1] == ' ')
        n--;
    to[n] = '\0';
}

/* Characters a start may not hold: they would make a link or a record
 * ambiguous ('+' is a space in links, '@' starts the seed, '|' ends a
 * record's start). No params or POS of today's games has one. */
static bool check_start_text(const char *what, const char *s, const char *banned, qp_error *err)
{
    const char *bad = strpbrk(s, banned);
    if (bad)
        return qp_fail(err, "cannot link a %s holding '%c'", what, *bad);
    return true;
}

static bool start_from_pos(const char *pos, const char *seed_text, qp_error *err)
{
    qp_buf b;
    if (seed_text)
        return qp_fail(err, "a start position (=POS) carries its own deal: drop the seed");
    while (*pos == ' ')
        pos++;
    if (!qp_engine_load(tv.g, pos, &start_st, err))
        return false;
    qp_buf_init(&b, tv.pos, sizeof tv.pos);
    tv.g->format_pos(&start_st, &b);
    tv.is_pos = true;
    return !b.overflow && check_start_text("position", tv.pos, "+|", err);
}

static bool start_from_params(const char *params, const char *seed_text, qp_error *err)
{
    const qp_game *g = tv.g;
    if (!qp_check_ascii(params, PARAMS_MAX, "params", err))
        return false;
    collapse_spaces(tv.params, sizeof tv.params, params);
    if (!tv.params[0])
        strcpy(tv.params, g->default_params);
    if (!check_start_text("params text", tv.params, "+@|", err))
        return false;
    memset(&start_st, 0, g->state_size);
    if (!g->init(&start_st, tv.params, 1, err))
        return false;
    tv.has_seed = qp_game_deals(g, tv.params);
    if (tv.has_seed && !seed_text)
        return qp_fail(err, "%s deals from a seed: give one (a link carries it)", g->id);
    if (!tv.has_seed && seed_text)
        return qp_fail(err, "%s's start does not depend on a seed: drop '%.20s'", g->id, seed_text);
    if (tv.has_seed && !qp_parse_seed(seed_text, &tv.seed, err))
        return false;
    return !tv.has_seed || g->init(&start_st, tv.params, tv.seed, err);
}

/* Sets tv's game and start; seed_text NULL or "" means none. */
static bool begin(const qp_game *g, const char *start, const char *seed_text, qp_error *err)
{
    memset(&tv, 0, offsetof(travel, action));
    tv.g = g;
    qp_buf_init(&arena, arena_mem, sizeof arena_mem);
    if (seed_text && !*seed_text)
        seed_text = NULL;
    if (!qp_check_ascii(start, QP_TEXT_MAX, "start", err))
        return false;
    if (start[0] == '=')
        return start_from_pos(start + 1, seed_text, err);
    return start_from_params(start, seed_text, err);
}

/* ---- the moves */

static const char *keep(const char *s)
{
    size_t at = arena.len;
    qp_bputs(&arena, s);
    qp_bputc(&arena, '\0');
    return arena.overflow ? NULL : arena.data + at;
}

/* The move's notation; refused when it would not survive the texts. */
static bool write_move(const qp_game *g, const void *st, int a, qp_buf *b, qp_error *err)
{
    qp_write_move(g, st, a, b);
    if (b->overflow || !b->data[0] || strpbrk(b->data, " ./|"))
        return qp_fail(err, "internal error: %s wrote a move that no link can hold", g->id);
    if (g->compact_moves && b->data[1])
        return qp_fail(err, "internal error: %s's moves must be one character", g->id);
    return true;
}

/* Plays the legal action a on cur_st, keeping its two texts. */
static bool play(int a, qp_error *err)
{
    const qp_game *g = tv.g;
    char action[MOVE_MAX + 16], move[MOVE_MAX + 16];
    qp_buf ab, mb;
    qp_buf_init(&ab, action, sizeof action);
    qp_buf_init(&mb, move, sizeof move);
    g->format_action(&cur_st, a, &ab);
    if (!write_move(g, &cur_st, a, &mb, err) || !qp_apply_text(g, &cur_st, action, err))
        return false;
    tv.code[tv.n] = a;
    tv.action[tv.n] = keep(action);
    tv.move[tv.n] = keep(move);
    if (!tv.move[tv.n])
        return qp_fail(err, "the moves are too long");
    tv.n++;
    return true;
}

static bool check_count(int n, qp_error *err)
{
    int cap = tv.g->max_plies < QP_RECORD_MAX_MOVES ? tv.g->max_plies : QP_RECORD_MAX_MOVES;
    if (n > cap)
        return qp_fail(err, "too many moves (%d): a %s link holds at most %d", n, tv.g->id, cap);
    return true;
}

static bool still_in_play(qp_error *err)
{
    char text[64];
    qp_buf b;
    qp_status s = tv.g->status(&cur_st);
    if (s.phase == QP_TURN)
        return true;
    qp_buf_init(&b, text, sizeof text);
    qp_format_status(tv.g, s, &b);
    return qp_fail(err, "the game is over (%s)", text);
}

/* One text of the list: a move in its notation or an engine action, read
 * alike (as_move names it in messages: a link's moves, a caller's actions). */
static bool read_one(const char *text, bool as_move, qp_error *err)
{
    const qp_game *g = tv.g;
    int a;
    if (!qp_check_ascii(text, MOVE_MAX, as_move ? "move" : "action", err) || !still_in_play(err))
        return false;
    return qp_read_move(g, &cur_st, text, &a, err) && play(a, err);
}

/* Replays the texts from the start; the first bad one is named. */
static bool replay(const char *const *texts, int n, bool as_move, qp_error *err)
{
    if (!check_count(n, err))
        return false;
    memcpy(&cur_st, &start_st, tv.g->state_size);
    for (int i = 0; i < n; i++) {
        qp_error step;
        if (!read_one(texts[i], as_move, &step))
            return qp_fail(err, "%s %d (%.20s): %s", as_move ? "move" : "action", i + 1, texts[i],
                           step.msg);
    }
    return true;
}

/* ---- writing */

static void put_link(qp_buf *out)
{
    qp_bputs(out, tv.g->id);
    qp_bputc(out, '/');
    if (tv.is_pos) {
        qp_bputc(out, '=');
        qp_link_escape(out, tv.pos, true);
    } else {
        qp_link_escape(out, tv.params, true);
        if (tv.has_seed)
            qp_bprintf(out, "@%llu", (unsigned long long)tv.seed);
    }
    for (int i = 0; i < tv.n; i++) {
        if (i == 0 || !tv.g->compact_moves)
            qp_bputc(out, i == 0 ? '/' : '.');
        qp_link_escape(out, tv.move[i], false);
    }
}

static void put_record(qp_buf *out)
{
    qp_bprintf(out, "%s ", tv.g->id);
    if (tv.is_pos)
        qp_bprintf(out, "= %s", tv.pos);
    else if (tv.has_seed)
        qp_bprintf(out, "%s%s@%llu", tv.params, tv.params[0] ? " " : "",
                   (unsigned long long)tv.seed);
    else
        qp_bputs(out, tv.params);
    qp_bputs(out, " |");
    for (int i = 0; i < tv.n; i++) {
        if (i == 0 || !tv.g->compact_moves)
            qp_bputc(out, ' ');
        qp_bputs(out, tv.move[i]);
    }
}

static bool finish(const qp_buf *out, qp_error *err)
{
    return !out->overflow || qp_fail(err, "answer too long for the output buffer");
}

bool qp_engine_link(const qp_game *g, const char *start, const char *seed_text,
                    const char *const *actions, int n, bool as_record, qp_buf *out, qp_error *err)
{
    if (n < 0 || !begin(g, start, seed_text, err) || !replay(actions, n, false, err))
        return false;
    (as_record ? put_record : put_link)(out);
    return finish(out, err);
}

/* ---- opening */

/* What a text says before its moves are replayed. */
typedef struct {
    char *game, *start, *seed; /* seed NULL when absent */
    int n; /* move tokens in tokens[] */
    bool review; /* GAME/START/MOVES/review */
} said;

/* "params@seed" or "params": the seed after the last '@'. */
static void split_seed(char *start, said *w)
{
    char *at = start[0] == '=' ? NULL : strrchr(start, '@');
    w->start = start;
    w->seed = NULL;
    if (at) {
        *at = '\0';
        w->seed = at + 1;
    }
}

/* GAME/START/MOVES, START with '+' for spaces, moves joined by '.'; a
 * fourth section "review" asks to open the game in its review. */
static bool read_fragment(char *s, said *w, qp_error *err)
{
    char *start = strchr(s, '/'), *moves = NULL, *how = NULL;
    w->game = s;
    w->n = 0;
    w->review = false;
    if (start) {
        *start++ = '\0';
        moves = strchr(start, '/');
        if (moves)
            *moves++ = '\0';
    }
    if (moves && (how = strchr(moves, '/')) != NULL)
        *how++ = '\0';
    if (how && strcmp(how, "review") != 0)
        return qp_fail(err, "the link has more than three '/' sections, the fourth not \"review\" "
                            "(a '/' inside one is %%2F)");
    w->review = how != NULL;
    if (!*w->game)
        return qp_fail(err, "the link names no game");
    split_seed(start ? start : empty, w);
    if (!qp_link_unescape(w->start, true, err) ||
        (w->seed && !qp_link_unescape(w->seed, false, err)))
        return false;
    if (!moves)
        return true;
    if ((w->n = qp_split_list(moves, '.', tokens, QP_RECORD_MAX_MOVES, err)) < 0)
        return false;
    for (int i = 0; i < w->n; i++)
        if (!qp_link_unescape(tokens[i], false, err))
            return false;
    return true;
}

/* GAME START | MOVES, with spaces already collapsed. */
static bool read_record(char *s, said *w, qp_error *err)
{
    w->review = false;
    char *bar = strchr(s, '|'), *moves = empty;
    if (bar) {
        *bar = '\0';
        moves = bar + 1;
        if (strchr(moves, '|'))
            return qp_fail(err, "the record has more than one '|'");
    }
    collapse_spaces(s, strlen(s) + 1, s);
    char *space = strchr(s, ' ');
    w->game = s;
    if (space)
        *space = '\0';
    char *start = space ? space + 1 : empty;
    /* "params @SEED", or "@SEED" alone when the params are empty. */
    split_seed(start, w);
    if (w->seed && w->seed > start + 1 && w->seed[-2] == ' ')
        w->seed[-2] = '\0';
    w->n = qp_split(moves, tokens, QP_RECORD_MAX_MOVES);
    if (w->n < 0)
        return qp_fail(err, "too many moves (over %d)", QP_RECORD_MAX_MOVES);
    return true;
}

/* Printable ASCII, tabs and line breaks (which records may hold, read
 * as spaces) into input[]; the whitespace at either end cut off. */
static bool take_input(const char *text, qp_error *err)
{
    size_t n = 0;
    if (!text)
        return qp_fail(err, "nothing to open");
    for (; text[n]; n++) {
        unsigned char c = (unsigned char)text[n];
        if (n >= QP_TEXT_MAX)
            return qp_fail(err, "the text is too long (over %d characters)", QP_TEXT_MAX);
        if (c == '\t' || c == '\n' || c == '\r')
            c = ' ';
        else if (c < 0x20 || c > 0x7e)
            return qp_fail(err,
                           "the text has a character that is not printable ASCII (byte "
                           "0x%02x at %zu)",
                           c, n + 1);
        input[n] = (char)c;
    }
    input[n] = '\0';
    collapse_spaces(input, sizeof input, input);
    return true;
}

/* ---- Piskvork's .psq: one gomoku game as Piskvork saves it (its
 * game.cpp, savePsq): a first line "Piskvorky WxH, L1:L2, F" (the board;
 * each player's level, 0 for a human; which player moved first), then a
 * line "x,y,ms" a move, x the column and y the row from the top-left,
 * both from 1, then lines that are not moves (the players' names, an
 * error code). It becomes a record, "gomoku WxH free | x,y ..." with the
 * points from 0, that reads on like any other: the file names no rule
 * (Gomocup plays free and renju alike in it), so free it is. */

static char psq_record[QP_TEXT_MAX + 1];

/* Whether the text is a .psq: its first word is Piskvork's ("Piskvorky";
 * "Piskvork" too). */
static bool is_psq(const char *s)
{
    return !strncmp(s, "Piskvork", 8) && (s[8] == ' ' || (s[8] == 'y' && s[9] == ' '));
}

/* A whole number of at most 9 digits at *p (its sign kept when `sign`). */
static bool scan_int(const char **p, bool sign, int *v)
{
    const char *s = *p;
    int n = 0, digits = 0, neg = sign && *s == '-';
    s += neg;
    for (; isdigit((unsigned char)*s); s++, digits++)
        if (digits < 9)
            n = n * 10 + (*s - '0');
    if (!digits || digits > 9)
        return false;
    *v = neg ? -n : n;
    *p = s;
    return true;
}

/* The literal c at *p, spaces around it skipped (c ' ': spaces alone). */
static bool scan_char(const char **p, char c)
{
    const char *s = *p;
    while (*s == ' ')
        s++;
    if (c != ' ') {
        if (*s != c)
            return false;
        for (s++; *s == ' ';)
            s++;
    }
    *p = s;
    return true;
}

/* A move's token "x,y" or "x,y,ms" as a whole: its point (from 1), or false. */
static bool psq_move(const char *t, int *x, int *y)
{
    int ms;
    if (!scan_int(&t, true, x) || *t++ != ',' || !scan_int(&t, true, y))
        return false;
    if (*t == ',' && (++t, !scan_int(&t, true, &ms)))
        return false;
    return *t == '\0';
}

static bool read_psq(said *w, qp_error *err)
{
    const char *p = input + strcspn(input, " ");
    int width, height, level1, level2, first, x, y;
    if (!scan_char(&p, ' ') || !scan_int(&p, false, &width) || *p++ != 'x' ||
        !scan_int(&p, false, &height) || !scan_char(&p, ',') || !scan_int(&p, false, &level1) ||
        !scan_char(&p, ':') || !scan_int(&p, false, &level2) || !scan_char(&p, ',') ||
        !scan_int(&p, false, &first) || (first != 0 && first != 1) || (*p && *p != ' '))
        return qp_fail(err, "a .psq begins \"Piskvorky WxH, L1:L2, F\" (F 0 or 1)");
    qp_buf b;
    qp_buf_init(&b, psq_record, sizeof psq_record);
    qp_bprintf(&b, "gomoku %dx%d free |", width, height);
    /* The moves, up to the first line that is not one (Piskvork reads so). */
    char *t = input + (p - input);
    int n = qp_split(t + (*t == ' '), tokens, QP_RECORD_MAX_MOVES + 1);
    for (int i = 0; i < (n < 0 ? QP_RECORD_MAX_MOVES + 1 : n) && psq_move(tokens[i], &x, &y); i++) {
        if (x < 1 || y < 1)
            return qp_fail(err, ".psq move %d (%.20s): points count from 1,1", i + 1, tokens[i]);
        qp_bprintf(&b, " %d,%d", x - 1, y - 1);
    }
    if (b.overflow)
        return qp_fail(err, "the .psq is too long");
    return read_record(psq_record, w, err);
}

/* A record may end in a note after ';' (when and how the game was
 * played, as the page's library writes it): not part of the game. */
static void cut_note(char *s)
{
    char *semi = strchr(s, ';');
    if (semi)
        *semi = '\0';
}

/* A link (what follows its first '#', so a whole address works too), a
 * .psq, or a record: the text is a record when it has no '#' but a '|'
 * or a space (a link has neither), else a bare link fragment. */
static bool read_text(const char *text, said *w, qp_error *err)
{
    if (!take_input(text, err))
        return false;
    if (is_psq(input))
        return read_psq(w, err);
    char *hash = strchr(input, '#');
    if (hash)
        return read_fragment(hash + 1, w, err);
    if (strpbrk(input, "| ")) {
        cut_note(input);
        return read_record(input, w, err);
    }
    if (strstr(input, "://"))
        return qp_fail(err, "the address has no '#': it holds no game");
    return read_fragment(input, w, err);
}

/* Connect four's "4453" is one token: one move a character. */
static bool expand_compact(said *w, qp_error *err)
{
    static char singles[QP_RECORD_MAX_MOVES * 2];
    int total = 0;
    for (int i = 0; i < w->n; i++)
        total += (int)strlen(tokens[i]);
    if (total > QP_RECORD_MAX_MOVES)
        return qp_fail(err, "too many moves (over %d)", QP_RECORD_MAX_MOVES);
    char *to = singles;
    for (int i = 0; i < w->n; i++)
        for (const char *p = tokens[i]; *p; p++) {
            to[0] = *p;
            to[1] = '\0';
            to += 2;
        }
    to = singles;
    for (int i = 0; i < total; i++, to += 2)
        tokens[i] = to;
    w->n = total;
    return true;
}

static void put_json_list(qp_buf *out, const char *name, const char *const *items, int n)
{
    qp_bprintf(out, ",\"%s\":[", name);
    for (int i = 0; i < n; i++) {
        if (i)
            qp_bputc(out, ',');
        qp_bjson_str(out, items[i]);
    }
    qp_bputc(out, ']');
}

/* positions[i]: the POS after i moves, replayed from the start with the
 * actions that replay() already read and checked. */
static void put_positions(qp_buf *out)
{
    qp_buf pos;
    memcpy(&cur_st, &start_st, tv.g->state_size);
    qp_bputs(out, ",\"positions\":[");
    for (int i = 0; i <= tv.n; i++) {
        if (i)
            tv.g->apply(&cur_st, tv.code[i - 1]);
        qp_buf_init(&pos, scratch_a, sizeof scratch_a);
        tv.g->format_pos(&cur_st, &pos);
        if (i)
            qp_bputc(out, ',');
        qp_bjson_str(out, scratch_a);
    }
    qp_bputc(out, ']');
}

/* The link and the record as JSON strings (composed in text_mem). */
static bool put_texts(qp_buf *out, qp_error *err)
{
    qp_buf t;
    qp_buf_init(&t, text_mem, sizeof text_mem);
    put_link(&t);
    qp_bputs(out, ",\"link\":");
    qp_bjson_str(out, text_mem);
    qp_buf_init(&t, text_mem, sizeof text_mem);
    put_record(&t);
    qp_bputs(out, ",\"record\":");
    qp_bjson_str(out, text_mem);
    return !t.overflow || qp_fail(err, "the game is too long to write");
}

static void put_start(qp_buf *out)
{
    qp_bputs(out, "{\"game\":");
    qp_bjson_str(out, tv.g->id);
    qp_bputs(out, ",\"start\":");
    if (tv.is_pos) {
        scratch_b[0] = '=';
        strcpy(scratch_b + 1, tv.pos);
        qp_bjson_str(out, scratch_b);
        qp_bputs(out, ",\"params\":null");
    } else {
        qp_bjson_str(out, tv.params);
        qp_bputs(out, ",\"params\":");
        qp_bjson_str(out, tv.params);
    }
    if (tv.has_seed)
        qp_bprintf(out, ",\"seed\":\"%llu\"", (unsigned long long)tv.seed);
    else
        qp_bputs(out, ",\"seed\":null");
}

/* Reads a text and replays its moves into tv and start_st. */
static bool open_text(const char *text, qp_error *err)
{
    said w;
    const qp_game *g;
    if (!read_text(text, &w, err) || !qp_engine_game(w.game, &g, err))
        return false;
    if (w.seed && !*w.seed)
        return qp_fail(err, "the '@' has no seed after it");
    if (g->compact_moves && !expand_compact(&w, err))
        return false;
    tv.review = w.review;
    return begin(g, w.start, w.seed, err) && replay((const char *const *)tokens, w.n, true, err);
}

bool qp_record_read(const char *text, const qp_game **g, void *start, const int **actions, int *n,
                    qp_error *err)
{
    if (!open_text(text, err))
        return false;
    *g = tv.g;
    memcpy(start, &start_st, tv.g->state_size);
    *actions = tv.code;
    *n = tv.n;
    return true;
}

bool qp_engine_open(const char *text, qp_buf *out, qp_error *err)
{
    if (!open_text(text, err))
        return false;
    put_start(out);
    put_json_list(out, "actions", tv.action, tv.n);
    put_json_list(out, "moves", tv.move, tv.n);
    put_positions(out);
    if (!put_texts(out, err))
        return false;
    if (tv.review)
        qp_bputs(out, ",\"review\":true");
    qp_bputc(out, '}');
    return finish(out, err);
}

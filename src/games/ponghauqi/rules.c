/* rules.c — Pong Hau K'i's rules (moves, the stuck loss, the draw rules
 * and the path that lets a POS carry its repetitions), its text and the
 * page's JSON (the AIs are in ai.c, the game's table in game.c). */
#include "ponghauqi.h"

#include <string.h>

enum { EMPTY = 0 }; /* a point holds player + 1 */
enum { A, B, C, D, E };
#define POINTS PHQ_POINTS

/* Neighbours along the seven lines, as bit masks. */
static const unsigned char ADJ[POINTS] = {
    [A] = 1 << B | 1 << C | 1 << D, [B] = 1 << A | 1 << C, [C] = 1 << A | 1 << B | 1 << D | 1 << E,
    [D] = 1 << A | 1 << C | 1 << E, [E] = 1 << C | 1 << D,
};
#define MAX_PATH PHQ_MAX_PATH

static int empty_point(const phq_state *s)
{
    for (int p = 0; p < POINTS; p++)
        if (s->pt[p] == EMPTY)
            return p;
    return -1;
}

static unsigned short position_key(const phq_state *s)
{
    int k = 0;
    for (int p = 0; p < POINTS; p++)
        k = k * 3 + s->pt[p];
    return (unsigned short)(k * 2 + s->to_move);
}

/* The points whose piece the side to move can slide, as a bit mask. */
int phq_movable(const phq_state *s)
{
    int e = empty_point(s), mask = 0;
    for (int p = 0; p < POINTS; p++)
        if ((ADJ[e] >> p & 1) && s->pt[p] == s->to_move + 1)
            mask |= 1 << p;
    return mask;
}

static int repetitions(const phq_state *s)
{
    int n = 0, now = s->key[s->path_len - 1];
    for (int i = 0; i < s->path_len; i++)
        n += s->key[i] == now;
    return n;
}

qp_status phq_status(const void *st)
{
    const phq_state *s = st;
    if (!phq_movable(s))
        return (qp_status){QP_WIN, 1 - s->to_move, "stuck"};
    if (repetitions(s) >= 3)
        return (qp_status){QP_DRAW, QP_NOBODY, "repetition"};
    if (s->ply >= PHQ_MAX_PLY)
        return (qp_status){QP_DRAW, QP_NOBODY, "ply-limit"};
    return (qp_status){QP_TURN, s->to_move, ""};
}

static void start_history(phq_state *s)
{
    s->path_len = 1;
    s->path[0] = (unsigned char)empty_point(s);
    s->key[0] = position_key(s);
}

bool phq_init(void *st, const char *params, uint64_t seed, qp_error *err)
{
    phq_state *s = st;
    (void)seed;
    if (params && *params)
        return qp_fail(err, "ponghauqi takes no params (got '%.40s')", params);
    memset(s, 0, sizeof *s);
    static const unsigned char start[POINTS] = {2, 1, 0, 1, 2};
    memcpy(s->pt, start, sizeof start);
    start_history(s);
    return true;
}

static bool parse_points(phq_state *s, const char *text, qp_error *err)
{
    int count[3] = {0, 0, 0};
    if (strlen(text) != POINTS)
        return qp_fail(err, "bad ponghauqi points '%.20s': want 5 of b, w, . for A-E", text);
    for (int p = 0; p < POINTS; p++) {
        const char *c = strchr(".bw", text[p]);
        if (!c || !text[p])
            return qp_fail(err, "bad ponghauqi point %c '%c': use b, w or .", 'A' + p, text[p]);
        s->pt[p] = (unsigned char)(c - ".bw");
        count[s->pt[p]]++;
    }
    if (count[0] != 1 || count[1] != 2 || count[2] != 2)
        return qp_fail(err, "bad ponghauqi points '%s': want two b, two w and one empty", text);
    return true;
}

/* Rebuilds the keys of the earlier positions from the empty point's path,
 * checking that every step was a legal move by the right side and that
 * no earlier position had already ended the game. */
static bool rebuild_history(phq_state *s, const char *path, qp_error *err)
{
    int n = (int)strlen(path);
    if (n < 1 || n > s->ply + 1)
        return qp_fail(err, "bad ponghauqi path '%.50s': want 1 to ply+1 = %d letters", path,
                       s->ply + 1);
    for (int i = 0; i < n; i++) {
        if (path[i] < 'A' || path[i] > 'E')
            return qp_fail(err, "bad ponghauqi path letter '%c': use A-E", path[i]);
        s->path[i] = (unsigned char)(path[i] - 'A');
        if (i && !(ADJ[s->path[i]] >> s->path[i - 1] & 1))
            return qp_fail(err, "bad ponghauqi path: %c and %c are not joined by a line",
                           path[i - 1], path[i]);
    }
    if (s->path[n - 1] != empty_point(s))
        return qp_fail(err, "bad ponghauqi path: it must end at the empty point %c",
                       'A' + empty_point(s));
    s->path_len = n;
    phq_state back = *s;
    s->key[n - 1] = position_key(&back);
    for (int k = n - 1; k > 0; k--) {
        /* Undo ply k: its piece went from path[k] to path[k-1]. */
        int from = s->path[k], to = s->path[k - 1];
        int mover = 1 - back.to_move;
        if (back.pt[to] != mover + 1)
            return qp_fail(err, "bad ponghauqi path: the move into %c was not %c's", 'A' + to,
                           PHQ_SIDES[mover]);
        back.pt[from] = back.pt[to];
        back.pt[to] = EMPTY;
        back.to_move = mover;
        s->key[k - 1] = position_key(&back);
    }
    for (int k = 0; k < n - 1; k++) {
        int seen = 0;
        for (int i = 0; i <= k; i++)
            seen += s->key[i] == s->key[k];
        if (seen >= 3)
            return qp_fail(err, "bad ponghauqi path: the game ended by repetition before");
    }
    return true;
}

bool phq_parse_pos(void *st, const char *pos, qp_error *err)
{
    phq_state *s = st;
    char copy[128], *tok[5];
    memset(s, 0, sizeof *s);
    if (strlen(pos) >= sizeof copy)
        return qp_fail(err, "ponghauqi position too long");
    strcpy(copy, pos);
    int n = qp_split(copy, tok, 5);
    if (n < 2 || n > 4)
        return qp_fail(err,
                       "bad ponghauqi position '%.60s': want POINTS SIDE [PLY [PATH]], "
                       "like 'wb.bw b'",
                       pos);
    if (!parse_points(s, tok[0], err))
        return false;
    if (strcmp(tok[1], "b") != 0 && strcmp(tok[1], "w") != 0)
        return qp_fail(err, "bad side to move '%.10s': use b or w", tok[1]);
    s->to_move = tok[1][0] == 'w';
    long long ply = 0;
    if (n >= 3 && !qp_parse_int(tok[2], 0, PHQ_MAX_PLY, &ply))
        return qp_fail(err, "bad ponghauqi ply count '%.10s': use 0 to %d", tok[2], PHQ_MAX_PLY);
    s->ply = (int)ply;
    if (n < 4) {
        start_history(s);
        return true;
    }
    return rebuild_history(s, tok[3], err);
}

void phq_format_pos(const void *st, qp_buf *out)
{
    const phq_state *s = st;
    for (int p = 0; p < POINTS; p++)
        qp_bputc(out, ".bw"[s->pt[p]]);
    qp_bprintf(out, " %c", PHQ_SIDES[s->to_move]);
    if (s->ply == 0 && s->path_len == 1)
        return;
    qp_bprintf(out, " %d ", s->ply);
    for (int i = 0; i < s->path_len; i++)
        qp_bputc(out, (char)('A' + s->path[i]));
}

int phq_legal(const void *st, int *actions, int cap)
{
    const phq_state *s = st;
    int n = 0;
    if (phq_status(s).phase != QP_TURN)
        return 0;
    int mask = phq_movable(s);
    for (int p = 0; p < POINTS && n < cap; p++)
        if (mask >> p & 1)
            actions[n++] = p;
    return n;
}

bool phq_parse_action(const void *st, const char *text, int *action, qp_error *err)
{
    const phq_state *s = st;
    char c = text[0];
    if (c >= 'a' && c <= 'e')
        c = (char)(c - 'a' + 'A');
    if (strlen(text) != 1 || c < 'A' || c > 'E')
        return qp_fail(err, "bad ponghauqi action '%.20s': use the point A-E of the piece to move",
                       text);
    int p = c - 'A';
    if (s->pt[p] != s->to_move + 1)
        return qp_fail(err, "point %c has no %c piece", c, PHQ_SIDES[s->to_move]);
    if (!(phq_movable(s) >> p & 1))
        return qp_fail(err, "the piece on %c is not next to the empty point", c);
    *action = p;
    return true;
}

void phq_format_action(const void *st, int action, qp_buf *out)
{
    (void)st;
    qp_bputc(out, (char)('A' + action));
}

void phq_apply(void *st, int action)
{
    phq_state *s = st;
    int e = empty_point(s);
    s->pt[e] = s->pt[action];
    s->pt[action] = EMPTY;
    s->to_move ^= 1;
    s->ply++;
    s->path[s->path_len] = (unsigned char)action;
    s->key[s->path_len] = position_key(s);
    s->path_len++;
}

void phq_show(const void *st, qp_buf *out)
{
    const phq_state *s = st;
    char c[POINTS];
    for (int p = 0; p < POINTS; p++)
        c[p] = ".bw"[s->pt[p]];
    qp_bprintf(out,
               "A %c-----%c B\n"
               "  | \\   /\n"
               "  |   %c   C\n"
               "  | /   \\\n"
               "D %c-----%c E\n"
               "%c to move, ply %d\n",
               c[A], c[B], c[C], c[D], c[E], PHQ_SIDES[s->to_move], s->ply);
}

void phq_describe(const void *st, qp_buf *out)
{
    const phq_state *s = st;
    qp_bputs(out, "{\"points\":\"");
    for (int p = 0; p < POINTS; p++)
        qp_bputc(out, ".bw"[s->pt[p]]);
    qp_bprintf(out,
               "\",\"turn\":\"%c\",\"empty\":\"%c\",\"ply\":%d,\"maxPly\":%d,"
               "\"repeats\":%d,\"movable\":\"",
               PHQ_SIDES[s->to_move], 'A' + empty_point(s), s->ply, PHQ_MAX_PLY, repetitions(s));
    int mask = phq_status(s).phase == QP_TURN ? phq_movable(s) : 0;
    for (int p = 0; p < POINTS; p++)
        if (mask >> p & 1)
            qp_bputc(out, (char)('A' + p));
    qp_bputc(out, '"');
    /* The last move, when the path knows it: the piece slid from the point
     * that is empty now to the one that was empty before. */
    if (s->path_len >= 2)
        qp_bprintf(out, ",\"last\":{\"from\":\"%c\",\"to\":\"%c\"}", 'A' + s->path[s->path_len - 1],
                   'A' + s->path[s->path_len - 2]);
    qp_bputc(out, '}');
}

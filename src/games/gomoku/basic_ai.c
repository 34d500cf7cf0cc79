/* basic_ai.c — gomoku levels 1 and 2, the original's two computers:
 * Computer1's random walk from the opponent's last move, Computer2's
 * block-or-extend rules (gomoku.h tells what each does). */
#include "ai.h"

static const int STEPS[9][2] = {{1, 1},  {1, 0},  {1, -1}, {0, 1},  {0, 0},
                                {0, -1}, {-1, 1}, {-1, 0}, {-1, -1}};
#define WALK_MAX 10000

static bool free_point(const gomoku_state *s, int x, int y)
{
    return gomoku_on_board(s, x, y) && gomoku_playable(s, y * s->w + x);
}

static int centre(const gomoku_state *s) { return s->h / 2 * s->w + s->w / 2; }

/* The nearest free point to (x, y) (rings of growing size, row order):
 * only when the walk has wandered WALK_MAX steps without landing (off a
 * small board, say), where the original's loop would keep walking. */
static int nearest_free(const gomoku_state *s, int x, int y)
{
    for (int r = 1; r < 2 * GOMOKU_MAX; r++)
        for (int yy = y - r; yy <= y + r; yy++)
            for (int xx = x - r; xx <= x + r; xx++)
                if ((yy == y - r || yy == y + r || xx == x - r || xx == x + r) &&
                    free_point(s, xx, yy))
                    return yy * s->w + xx;
    return -1;
}

/* Computer1 and Computer2's randomPlacement: from (x, y), add a random
 * step of the 3x3 neighbourhood (staying put included) until the point
 * reached is free. The steps add up: the walk goes on from where it is. */
static int random_walk(const gomoku_state *s, int x0, int y0, qp_rng *rng)
{
    int x = x0, y = y0;
    for (int i = 0; i < WALK_MAX; i++) {
        int j = (int)qp_rng_below(rng, 9);
        x += STEPS[j][0];
        y += STEPS[j][1];
        if (free_point(s, x, y))
            return y * s->w + x;
    }
    return nearest_free(s, x0, y0);
}

static const int DIRS8[8][2] = {{-1, -1}, {-1, 0}, {-1, 1}, {0, -1},
                                {0, 1},   {1, -1}, {1, 0},  {1, 1}};

/* Stones of `color` from (x, y) on, (x, y) included, along (dr, dc). */
static int count_from(const gomoku_state *s, int x, int y, int dc, int dr, int color)
{
    int n = 0;
    while (gomoku_color_at(s, x + n * dc, y + n * dr) == color)
        n++;
    return n;
}

typedef struct {
    int len, dir, x0, y0, x1, y1; /* best line, its direction, ends */
} c2_line;

/* findMaxUser2ConsecutiveLength (not shown in the original; rebuilt from
 * its name and use): over its stones in the order played and the eight
 * directions, the longest run counted forward from a stone that is not
 * "dead": at least one of the two points beyond its ends is free. */
static c2_line longest_own_line(const gomoku_state *s, int color)
{
    c2_line best = {0, -1, 0, 0, 0, 0};
    for (int i = 0; i < s->n; i++) {
        int p = s->move[i], x = p % s->w, y = p / s->w;
        if (s->cell[p] != color)
            continue;
        for (int d = 0; d < 8; d++) {
            int dr = DIRS8[d][0], dc = DIRS8[d][1];
            int len = count_from(s, x, y, dc, dr, color);
            int ex = x + (len - 1) * dc, ey = y + (len - 1) * dr;
            bool alive = free_point(s, x - dc, y - dr) || free_point(s, ex + dc, ey + dr);
            if (alive && len > best.len)
                best = (c2_line){len, d, x, y, ex, ey};
        }
    }
    return best;
}

/* tryPlaceAtStartAndEnd: before the start, else after the end. */
static int extend_line(const gomoku_state *s, const c2_line *l)
{
    int dr = DIRS8[l->dir][0], dc = DIRS8[l->dir][1];
    if (free_point(s, l->x0 - dc, l->y0 - dr))
        return (l->y0 - dr) * s->w + l->x0 - dc;
    if (free_point(s, l->x1 + dc, l->y1 + dr))
        return (l->y1 + dr) * s->w + l->x1 + dc;
    return -1;
}

static int computer2(const gomoku_state *s, qp_rng *rng)
{
    int last = s->move[s->n - 1], x = last % s->w, y = last / s->w;
    int them = s->cell[last], me = 3 - them;
    /* The opponent's longest row through its last move, if 3 or more. */
    int their_len = 0, their_dir = -1;
    for (int d = 0; d < 8; d++) {
        int dr = DIRS8[d][0], dc = DIRS8[d][1];
        int len = count_from(s, x, y, dc, dr, them) + count_from(s, x, y, -dc, -dr, them) - 1;
        if (len >= 3 && len > their_len) {
            their_len = len;
            their_dir = d;
        }
    }
    c2_line mine = longest_own_line(s, me);
    int p = -1;
    if ((their_len <= 3 && mine.len >= 3) || mine.len >= 4) {
        if (mine.dir >= 0)
            p = extend_line(s, &mine);
    } else if (their_dir >= 0) {
        int dr = DIRS8[their_dir][0], dc = DIRS8[their_dir][1];
        if (free_point(s, x + dc, y + dr))
            p = (y + dr) * s->w + x + dc;
        else if (free_point(s, x - dc, y - dr))
            p = (y - dr) * s->w + x - dc;
    } else if (mine.dir >= 0) {
        p = extend_line(s, &mine);
    }
    return p >= 0 ? p : random_walk(s, x, y, rng);
}

int gomoku_original_move(const gomoku_state *s, int level, qp_rng *rng)
{
    if (s->n == 0)
        return gomoku_playable(s, centre(s)) ? centre(s) : random_walk(s, s->w / 2, s->h / 2, rng);
    if (level == 2)
        return computer2(s, rng);
    int last = s->move[s->n - 1];
    return random_walk(s, last % s->w, last / s->w, rng);
}

/* c4book.c — generates the 7x6 opening book (src/games/connect4/book_data.c) with
 * our own solver. Built and run by `make book`; takes hours: run it niced.
 *
 *   c4book JOURNAL OUT.c         generate (resuming from JOURNAL), then write OUT.c
 *   c4book --emit JOURNAL OUT.c  write OUT.c from what JOURNAL holds so far
 *
 * Which positions. Level 4 must answer every move within its budget. The
 * generator walks level 4's own games: from each position P where level 4
 * is to move, it first measures what level 4 would spend there at run time
 * (a fresh session of the run-time table) without any book. When that
 * stays within C4_BOOK_THRESHOLD nodes, P and what follows need no book. Else P
 * is expanded: its exact score (a long solve on a big table that persists
 * for the whole run) goes into the book; one column keeping that score is
 * chosen (one already marked if any, else the first from the centre out,
 * found by null-window probes) and the position it gives is stored with
 * its score and marked; every reply of the opponent to it gives the next
 * positions to walk. Level 4's games as first player start at the empty
 * board; as second player, after each first move. So every position the
 * opponent can choose is in the book or cheap: hints and analysis on the
 * opponent's turn are exact along the book's lines.
 *
 * JOURNAL (text, appended and flushed as it goes, read back on a restart):
 *   S KEY SCORE PLY   the exact score of the position with canonical KEY
 *   M KEY             level 4's chosen position: the book follows its replies
 *   E KEY             expanded
 *   L KEY             easy enough at run time without a book
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "games/connect4/book.h"
#include "games/connect4/solver.h"
#include "games/connect4/connect4.h"

#define W C4BOOK_W
#define H C4BOOK_H

/* ---- The book in memory: open addressing on the canonical key ---------- */

#define MAP_BITS 24
#define MAP_SIZE (1u << MAP_BITS)
#define F_SCORE 1
#define F_MARK 2
#define F_EXPANDED 4
#define F_LEAF 8
#define F_WALKED 16 /* this run only: its subtree was walked */

typedef struct {
    uint64_t key; /* canonical key + 1; 0 empty */
    signed char score;
    unsigned char ply, flags;
} map_entry;

static map_entry map[MAP_SIZE];
static long map_count;

static map_entry *map_slot(uint64_t key)
{
    uint64_t h = (key * 0x9E3779B97F4A7C15ULL) >> (64 - MAP_BITS);
    while (map[h].key && map[h].key != key + 1)
        h = (h + 1) & (MAP_SIZE - 1);
    return &map[h];
}

static map_entry *map_get(uint64_t key)
{
    map_entry *e = map_slot(key);
    return e->key ? e : NULL;
}

static map_entry *map_add(uint64_t key)
{
    map_entry *e = map_slot(key);
    if (!e->key) {
        if (++map_count > (long)(MAP_SIZE / 2)) {
            fprintf(stderr, "c4book: the map is full\n");
            exit(1);
        }
        e->key = key + 1;
    }
    return e;
}

static FILE *journal;

static void set_score(uint64_t key, int score, int ply)
{
    map_entry *e = map_add(key);
    if (e->flags & F_SCORE)
        return;
    e->flags |= F_SCORE;
    e->score = (signed char)score;
    e->ply = (unsigned char)ply;
    if (journal) {
        fprintf(journal, "S %llu %d %d\n", (unsigned long long)key, score, ply);
        fflush(journal);
    }
}

static void set_flag(uint64_t key, int flag, char letter)
{
    map_entry *e = map_add(key);
    if (e->flags & flag)
        return;
    e->flags |= (unsigned char)flag;
    if (journal) {
        fprintf(journal, "%c %llu\n", letter, (unsigned long long)key);
        fflush(journal);
    }
}

static bool has_flag(uint64_t key, int flag)
{
    map_entry *e = map_get(key);
    return e && (e->flags & flag);
}

static bool oracle(const c4_pos *p, int *score)
{
    map_entry *e = map_get(c4_canonical_key(p));
    if (!e || !(e->flags & F_SCORE))
        return false;
    *score = e->score;
    return true;
}

static void read_journal(const char *path)
{
    FILE *f = fopen(path, "r");
    char line[128];
    if (!f)
        return;
    while (fgets(line, sizeof line, f)) {
        unsigned long long key;
        int score, ply;
        if (sscanf(line, "S %llu %d %d", &key, &score, &ply) == 3)
            set_score(key, score, ply);
        else if (sscanf(line, "M %llu", &key) == 1)
            set_flag(key, F_MARK, 'M');
        else if (sscanf(line, "E %llu", &key) == 1)
            set_flag(key, F_EXPANDED, 'E');
        else if (sscanf(line, "L %llu", &key) == 1)
            set_flag(key, F_LEAF, 'L');
    }
    fclose(f);
    fprintf(stderr, "c4book: %ld positions from %s\n", map_count, path);
}

/* ---- Walking level 4's games ------------------------------------------ */

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static double start_time;
static long expansions;
static long long big_nodes;

/* What level 4 does at run time, on the run-time table, but without any
 * book: true when it finishes within the threshold. Without the book, so
 * that a position counts as easy for what it is, not because the book
 * knows the next positions: the walk stops there, and what follows must
 * be as easy (an easy position rarely leads to a hard one). */
static bool easy_without_book(const c4_pos *p)
{
    c4_limits lim = {C4_BOOK_THRESHOLD, 0, false};
    int score, cols[W], n;
    c4_use_big_table(false);
    c4_set_oracle(NULL, 0);
    c4_new_session();
    bool done = c4_best_moves(p, &lim, &score, cols, &n);
    c4_set_oracle(oracle, W * H);
    c4_use_big_table(true);
    return done;
}

/* The exact score of p on the big table (the book as an oracle), and the
 * nodes it took. */
static int exact_score(const c4_pos *p, long long *nodes)
{
    map_entry *e = map_get(c4_canonical_key(p));
    if (e && (e->flags & F_SCORE)) {
        *nodes = 0;
        return e->score;
    }
    c4_limits lim = {0, 0, false};
    int score;
    c4_solve(p, &lim, &score);
    *nodes = lim.nodes;
    big_nodes += lim.nodes;
    set_score(c4_canonical_key(p), score, p->moves);
    return score;
}

static void moves_text(const char *path, int n, char *out)
{
    memcpy(out, path, (size_t)n);
    out[n] = '\0';
}

static void walk(const c4_pos *p, char *path);

static int centre_order[W];

/* True when playing col keeps p's score `best`: the child scores -best
 * (known, or proved by one null-window probe on the big table). */
static bool keeps_score(const c4_pos *p, int col, int best)
{
    c4_pos child = *p;
    c4_play(&child, col);
    map_entry *e = map_get(c4_canonical_key(&child));
    if (e && (e->flags & F_SCORE))
        return e->score == -best;
    c4_limits lim = {0, 0, false};
    bool above;
    c4_probe(&child, -best, &lim, &above);
    big_nodes += lim.nodes;
    return !above;
}

/* Level 4's choice at p, whose score is best: a best column whose position
 * is marked already (another order of moves got there), else the first
 * best column from the centre out. */
static int choose(const c4_pos *p, int best)
{
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; i < W; i++) {
            int c = centre_order[i];
            if (!c4_can_play(p, c))
                continue;
            c4_pos child = *p;
            c4_play(&child, c);
            if (has_flag(c4_canonical_key(&child), F_MARK) != (pass == 0))
                continue;
            if (keeps_score(p, c, best))
                return c;
        }
    }
    fprintf(stderr, "c4book: no column keeps the score %d\n", best);
    exit(1);
}

/* Level 4 to move at p (not over, no immediate win: those are leaves). */
static void expand(const c4_pos *p, char *path)
{
    uint64_t key = c4_canonical_key(p);
    if (has_flag(key, F_WALKED))
        return; /* reached again by another order of moves */
    if (!has_flag(key, F_EXPANDED)) {
        if (has_flag(key, F_LEAF))
            return;
        if (easy_without_book(p)) {
            set_flag(key, F_LEAF, 'L');
            return;
        }
    }
    double t0 = now_s();
    long long cost;
    int best = exact_score(p, &cost);
    int chosen = choose(p, best);
    c4_pos next = *p;
    c4_play(&next, chosen);
    set_score(c4_canonical_key(&next), -best, next.moves);
    set_flag(c4_canonical_key(&next), F_MARK, 'M');
    map_add(key)->flags |= F_WALKED;
    if (!has_flag(key, F_EXPANDED)) {
        char text[64];
        moves_text(path, p->moves, text);
        expansions++;
        fprintf(stderr,
                "%6.0fs #%ld ply %2d %-16s score %3d plays %d  %.1fs, %lld M nodes in all\n",
                now_s() - start_time, expansions, p->moves, text[0] ? text : "(empty)", best,
                chosen + 1, now_s() - t0, big_nodes / 1000000);
        set_flag(key, F_EXPANDED, 'E');
    }
    path[p->moves] = (char)('1' + chosen);
    walk(&next, path);
}

/* The opponent to move at p: every reply leads to a position for level 4. */
static void walk(const c4_pos *p, char *path)
{
    for (int c = 0; c < W; c++) {
        if (!c4_can_play(p, c) || c4_is_winning_move(p, c))
            continue; /* a winning reply ends the game */
        c4_pos next = *p;
        c4_play(&next, c);
        if (next.moves == W * H)
            continue;
        path[p->moves] = (char)('1' + c);
        expand(&next, path);
    }
}

/* ---- Writing the data file ------------------------------------------------ */

static int by_key(const void *a, const void *b)
{
    uint64_t x = ((const map_entry *)a)->key, y = ((const map_entry *)b)->key;
    return x < y ? -1 : x > y;
}

typedef struct {
    FILE *f;
    unsigned acc;
    int bits, col;
    long bytes;
} b64_writer;

static void b64_char(b64_writer *w, int v)
{
    static const char DIGITS[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    if (w->col == 0)
        fputs("    \"", w->f);
    fputc(DIGITS[v], w->f);
    if (++w->col == 96) {
        fputs("\",\n", w->f);
        w->col = 0;
    }
}

static void b64_byte(b64_writer *w, int byte)
{
    w->acc = (w->acc << 8 | (unsigned)byte) & 0xffff;
    w->bits += 8;
    w->bytes++;
    while (w->bits >= 6) {
        w->bits -= 6;
        b64_char(w, (int)(w->acc >> w->bits) & 63);
    }
}

static void b64_end(b64_writer *w)
{
    if (w->bits)
        b64_char(w, (int)(w->acc << (6 - w->bits)) & 63);
    if (w->col)
        fputs("\",\n", w->f);
}

static int emit(const char *out_path)
{
    map_entry *list = malloc(sizeof *list * (size_t)(map_count ? map_count : 1));
    long n = 0;
    int max_ply = -1;
    for (uint64_t i = 0; i < MAP_SIZE; i++) {
        if (map[i].key && (map[i].flags & F_SCORE)) {
            list[n++] = map[i];
            if (map[i].ply > max_ply)
                max_ply = map[i].ply;
        }
    }
    qsort(list, (size_t)n, sizeof *list, by_key);
    FILE *f = fopen(out_path, "w");
    if (!f) {
        perror(out_path);
        return 1;
    }
    long marked = 0;
    for (long i = 0; i < n; i++)
        marked += (list[i].flags & F_MARK) != 0;
    fprintf(f,
            "/* book_data.c — generated by tools/c4book.c (make book); do not edit.\n"
            " * %ld positions (%ld marked), at most %d stones; format in book.h. */\n"
            "#include \"book.h\"\n\n"
            "const int c4book_count = %ld;\n"
            "const int c4book_max_ply = %d;\n"
            "uint64_t c4book_keys[%ld];\n"
            "unsigned char c4book_values[%ld];\n"
            "const char *const c4book_text[] = {\n",
            n, marked, max_ply, n, max_ply, n ? n : 1, n ? n : 1);
    b64_writer w = {f, 0, 0, 0, 0};
    uint64_t prev = 0;
    for (long i = 0; i < n; i++) {
        uint64_t key = list[i].key - 1, delta = key - prev;
        prev = key;
        do {
            b64_byte(&w, (int)(delta & 127) | (delta > 127 ? 128 : 0));
            delta >>= 7;
        } while (delta);
        b64_byte(&w, C4BOOK_VALUE(list[i].score, list[i].flags & F_MARK));
    }
    b64_end(&w);
    fputs("    NULL,\n};\n", f);
    fclose(f);
    fprintf(stderr, "c4book: wrote %s: %ld positions, %ld bytes of data\n", out_path, n, w.bytes);
    free(list);
    return 0;
}

int main(int argc, char **argv)
{
    bool emit_only = argc == 4 && !strcmp(argv[1], "--emit");
    if (argc != 3 && !emit_only) {
        fprintf(stderr, "usage: c4book [--emit] JOURNAL OUT.c\n");
        return 2;
    }
    const char *journal_path = argv[argc - 2], *out_path = argv[argc - 1];
    c4_use_board(W, H);
    read_journal(journal_path);
    if (emit_only)
        return emit(out_path);
    journal = fopen(journal_path, "a");
    if (!journal) {
        perror(journal_path);
        return 1;
    }
    start_time = now_s();
    for (int i = 0; i < W; i++)
        centre_order[i] = W / 2 + (i % 2 ? -(i + 1) / 2 : i / 2);
    c4_set_oracle(oracle, W * H);
    c4_use_big_table(true);
    char path[W * H + 1] = {0};
    c4_pos empty = c4_empty();
    expand(&empty, path); /* level 4 moves first */
    walk(&empty, path); /* level 4 moves second */
    fclose(journal);
    journal = NULL;
    fprintf(stderr, "c4book: done in %.0f s, %ld expansions\n", now_s() - start_time, expansions);
    return emit(out_path);
}

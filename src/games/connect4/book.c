/* book.c — reads the 7x6 opening book (book_data.c, base64 of sorted
 * canonical keys and scores) and answers the solver's lookups. */
#include "book.h"

static bool decoded;

static int base64_digit(char c)
{
    if (c >= 'A' && c <= 'Z')
        return c - 'A';
    if (c >= 'a' && c <= 'z')
        return c - 'a' + 26;
    if (c >= '0' && c <= '9')
        return c - '0' + 52;
    return c == '+' ? 62 : 63;
}

/* Reads the byte stream (keys as LEB128 differences, then a value byte). */
typedef struct {
    int line, col; /* position in c4book_text */
    unsigned acc; /* bits not yet returned */
    int bits;
} reader;

static int next_byte(reader *r)
{
    while (r->bits < 8) {
        const char *s = c4book_text[r->line];
        if (!s)
            return -1;
        if (!s[r->col]) {
            r->line++;
            r->col = 0;
            continue;
        }
        r->acc = (r->acc << 6 | (unsigned)base64_digit(s[r->col++])) & 0xffff;
        r->bits += 6;
    }
    r->bits -= 8;
    return (int)(r->acc >> r->bits) & 0xff;
}

static void decode(void)
{
    reader r = {0, 0, 0, 0};
    uint64_t key = 0;
    for (int i = 0; i < c4book_count; i++) {
        uint64_t delta = 0;
        int b, shift = 0;
        do {
            b = next_byte(&r);
            delta |= (uint64_t)(b & 127) << shift;
            shift += 7;
        } while (b & 128);
        key += delta;
        c4book_keys[i] = key;
        c4book_values[i] = (unsigned char)next_byte(&r);
    }
    decoded = true;
}

/* The index of the entry for p, or -1. */
static int find(const c4_pos *p)
{
    if (p->moves > c4book_max_ply)
        return -1;
    if (!decoded)
        decode();
    uint64_t key = c4_canonical_key(p);
    int lo = 0, hi = c4book_count - 1;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2;
        if (c4book_keys[mid] == key)
            return mid;
        if (c4book_keys[mid] < key)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}

bool c4book_lookup(const c4_pos *p, int *score)
{
    int i = find(p);
    if (i < 0)
        return false;
    *score = (c4book_values[i] & 63) - 32;
    return true;
}

bool c4book_marked(const c4_pos *p)
{
    int i = find(p);
    return i >= 0 && (c4book_values[i] & C4BOOK_MARK);
}

int c4book_max_moves(void) { return c4book_count ? c4book_max_ply : -1; }
int c4book_size(void) { return c4book_count; }

#include "rng.h"

uint64_t qp_splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

void qp_rng_seed(qp_rng *r, uint64_t seed)
{
    uint64_t x = seed;
    for (int i = 0; i < 4; i++)
        r->s[i] = qp_splitmix64(&x);
}

uint64_t qp_rng_next(qp_rng *r)
{
    uint64_t *s = r->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

uint32_t qp_rng_below(qp_rng *r, uint32_t n)
{
    /* Rejection keeps every value equally likely. */
    uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    uint64_t v;
    do
        v = qp_rng_next(r);
    while (v >= limit);
    return (uint32_t)(v % n);
}

uint64_t qp_mix_seed(uint64_t seed, uint64_t salt)
{
    uint64_t x = seed ^ (salt * 0xD1B54A32D192ED03ULL);
    return qp_splitmix64(&x);
}

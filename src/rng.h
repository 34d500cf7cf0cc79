/* rng.h — the only source of randomness in Qipan.
 *
 * xoshiro256** seeded through splitmix64: the same seed gives the same
 * numbers natively and in wasm (pure 64-bit integer arithmetic).
 */
#ifndef QP_RNG_H
#define QP_RNG_H

#include <stdint.h>

typedef struct {
    uint64_t s[4];
} qp_rng;

void qp_rng_seed(qp_rng *r, uint64_t seed);
uint64_t qp_rng_next(qp_rng *r);
/* Uniform in [0, n), n > 0, without modulo bias. */
uint32_t qp_rng_below(qp_rng *r, uint32_t n);
/* One step of splitmix64 (x is its counter): a good 64-bit mix, for
 * tables of hash keys. */
uint64_t qp_splitmix64(uint64_t *x);
/* A seed for a sub-stream (game i of a match, move k of a game). */
uint64_t qp_mix_seed(uint64_t seed, uint64_t salt);

#endif

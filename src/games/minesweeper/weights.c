/* weights.c — the numbers level 3 counts with: extended floats (xf: a
 * mantissa and a binary exponent, for layout counts past a double's
 * range), binomial coefficients as xf, and polynomials in the mine
 * count (probability.c multiplies the components' weights with them).
 * Scaling is by powers of two only (exact, so wasm and native agree bit
 * for bit). Only board.c is below it: its work goes on board.c's meter. */
#include "solver_internal.h"

#include <math.h>

xf msv_xf_make(double v, int e)
{
    xf r;
    int k;
    r.m = frexp(v, &k);
    r.e = r.m == 0 ? 0 : e + k;
    return r;
}

xf msv_xf_mul(xf a, xf b) { return msv_xf_make(a.m * b.m, a.e + b.e); }

double msv_xf_ratio(xf a, xf b)
{
    if (b.m == 0 || a.m == 0)
        return 0;
    int d = a.e - b.e;
    if (d > 1000)
        return 1e300;
    return ldexp(a.m / b.m, d);
}

/* log10 of a positive xf with + - * / only (no libm: the same digits
 * natively and in wasm): ln m = 2 atanh((m-1)/(m+1)) for m in [0.5, 1). */
double msv_xf_log10(xf a)
{
    double z = (a.m - 1) / (a.m + 1), z2 = z * z, term = z, ln = 0;
    for (int k = 1; k < 60; k += 2) {
        ln += term / k;
        term *= z2;
    }
    return (2 * ln + a.e * 0.69314718055994531) / 2.30258509299404568;
}

xf msv_binomial_xf(int n, int r)
{
    if (r < 0 || r > n)
        return msv_xf_make(0, 0);
    if (r > n - r)
        r = n - r;
    xf acc = msv_xf_make(1, 0);
    for (int i = 1; i <= r; i++)
        acc = msv_xf_mul(acc, msv_xf_make((double)(n - r + i) / i, 0));
    return acc;
}

void msv_poly_one(poly *p)
{
    p->lo = p->hi = 0;
    p->c[0] = 1;
}

/* out = a * b, truncated at degree `cap`; out must not alias a or b. */
void msv_poly_mul(const poly *a, const poly *b, int cap, poly *out)
{
    int lo = a->lo + b->lo, hi = a->hi + b->hi < cap ? a->hi + b->hi : cap;
    if (lo > hi) { /* nothing fits under the cap */
        out->lo = out->hi = 0;
        out->c[0] = 0;
        return;
    }
    out->lo = lo;
    out->hi = hi;
    for (int d = 0; d <= hi - lo; d++)
        out->c[d] = 0;
    for (int i = 0; i <= a->hi - a->lo; i++) {
        double ai = a->c[i];
        for (int j = 0; j <= b->hi - b->lo && lo + i + j <= hi; j++)
            out->c[i + j] += ai * b->c[j];
    }
    msv_work += (long long)(a->hi - a->lo + 1) * (b->hi - b->lo + 1);
}

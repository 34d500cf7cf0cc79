/* Opening links and records (qp_engine_open): any text is either refused
 * with a message or opens to JSON whose canonical link opens again to the
 * very same JSON, but for "review":true (a link's request to open in the
 * review, which the canonical link of the game does not carry). */
#include "fuzz.h"

static char open_out[1 << 20], open_again[1 << 20], link_text[QP_TEXT_MAX * 8];

/* The "link" field's value (links hold no '"' or '\\': those are %XX). */
static const char *link_of(const char *json)
{
    const char *p = strstr(json, ",\"link\":\"");
    FUZZ_ASSERT(p != NULL);
    p += strlen(",\"link\":\"");
    size_t n = strcspn(p, "\"");
    FUZZ_ASSERT(n < sizeof link_text);
    memcpy(link_text, p, n);
    link_text[n] = '\0';
    return link_text;
}

/* The JSON with its trailing ,"review":true dropped, if it has one. */
static const char *without_review(char *json, size_t len)
{
    static const char flag[] = ",\"review\":true}";
    size_t n = sizeof flag - 1;
    if (len >= n && !strcmp(json + len - n, flag))
        strcpy(json + len - n, "}");
    return json;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    qp_error err = {""};
    qp_buf b, b2;
    qp_buf_init(&b, open_out, sizeof open_out);
    if (!qp_engine_open(fuzz_string(data, size), &b, &err)) {
        FUZZ_ASSERT(err.msg[0] != '\0');
        return 0;
    }
    FUZZ_ASSERT(open_out[0] == '{' && open_out[b.len - 1] == '}');
    qp_buf_init(&b2, open_again, sizeof open_again);
    FUZZ_ASSERT(qp_engine_open(link_of(open_out), &b2, &err));
    FUZZ_ASSERT(!strcmp(without_review(open_out, b.len), open_again));
    fuzz_sink += b.len;
    return 0;
}

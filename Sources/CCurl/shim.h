// Debian's libcurl4-openssl-dev: `masthead deploy`'s HTTP client (MastheadDeploy/CurlSession.swift only).
// curl_easy_setopt and curl_easy_getinfo take their argument as a C variadic one, which Swift cannot
// pass: each kind of argument Masthead sets or reads has a fixed-argument wrapper here.
#include <curl/curl.h>

static inline CURLcode masthead_curl_set_long(CURL *easy, CURLoption option, long value) {
    return curl_easy_setopt(easy, option, value);
}

static inline CURLcode masthead_curl_set_offset(CURL *easy, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(easy, option, value);
}

// Strings, lists (struct curl_slist *) and the callbacks' user data.
static inline CURLcode masthead_curl_set_pointer(CURL *easy, CURLoption option, const void *value) {
    return curl_easy_setopt(easy, option, value);
}

static inline CURLcode masthead_curl_set_write(CURL *easy, CURLoption option, curl_write_callback callback) {
    return curl_easy_setopt(easy, option, callback);
}

static inline CURLcode masthead_curl_set_read(CURL *easy, curl_read_callback callback) {
    return curl_easy_setopt(easy, CURLOPT_READFUNCTION, callback);
}

static inline CURLcode masthead_curl_set_seek(CURL *easy, curl_seek_callback callback) {
    return curl_easy_setopt(easy, CURLOPT_SEEKFUNCTION, callback);
}

static inline long masthead_curl_status(CURL *easy) {
    long status = 0;
    curl_easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &status);
    return status;
}

static inline CURLMcode masthead_curl_multi_set_long(CURLM *multi, CURLMoption option, long value) {
    return curl_multi_setopt(multi, option, value);
}

// The system's errno behind a failed connection (ECONNREFUSED): curl 7.88's own words do not say "refused".
static inline long masthead_curl_os_errno(CURL *easy) {
    long number = 0;
    curl_easy_getinfo(easy, CURLINFO_OS_ERRNO, &number);
    return number;
}

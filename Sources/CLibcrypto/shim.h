// OpenSSL's libcrypto (Debian's libssl-dev), which libcurl links already: MD5 for Content-MD5,
// SHA-256 and HMAC-SHA-256 for S3's signatures (MastheadDeploy/Digest.swift only).
#include <openssl/evp.h>
#include <openssl/hmac.h>

#!/usr/bin/env python3
"""Parses an email edition's .eml with Python's email package (docs/email.md) and checks it:
multipart/alternative with a text/plain and a text/html part, both UTF-8 and decodable, CRLF
line ends only, no defects found by the parser (its validator), headers From, Subject, Date,
Message-ID and MIME-Version present. Prints one line per part; exits 1 on the first problem.

Usage: python3 Tests/email/check_eml.py public/email/2026-11/edition.eml [...]
"""
import email
import email.policy
import sys


def check(path):
    raw = open(path, "rb").read()
    if b"\n" in raw.replace(b"\r\n", b""):
        raise SystemExit(f"{path}: a line ends without CR")
    if any(len(line) > 998 for line in raw.split(b"\r\n")):
        raise SystemExit(f"{path}: a line over 998 characters (RFC 5322)")
    message = email.message_from_bytes(raw, policy=email.policy.strict)
    for header in ["From", "Subject", "Date", "Message-ID", "MIME-Version"]:
        if message[header] is None:
            raise SystemExit(f"{path}: no {header} header")
    if message.get_content_type() != "multipart/alternative":
        raise SystemExit(f"{path}: {message.get_content_type()}, not multipart/alternative")
    parts = list(message.iter_parts())
    types = [part.get_content_type() for part in parts]
    if types != ["text/plain", "text/html"]:
        raise SystemExit(f"{path}: parts {types}, not text/plain then text/html")
    defects = list(message.defects) + [defect for part in parts for defect in part.defects]
    if defects:
        raise SystemExit(f"{path}: the parser found defects: {defects}")
    print(f"{path}: subject {message['Subject']!r}")
    for part in parts:
        text = part.get_content()
        print(f"  {part.get_content_type()} {part.get_content_charset()} {part['Content-Transfer-Encoding']}: {len(text)} characters")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    for argument in sys.argv[1:]:
        check(argument)

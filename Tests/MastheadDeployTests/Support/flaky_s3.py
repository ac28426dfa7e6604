#!/usr/bin/env python3
"""A stand-in S3 endpoint for S3TransportTests: each upload (PUT) is answered first with the S3 errors named on
the command line, in order (SlowDown: 503, InternalError: 500), then stored (200, its MD5 as ETag). Every request
is written to LOG as a JSON line: its method, its path as sent and its headers.

    flaky_s3.py PORT LOG [SlowDown|InternalError ...]
"""
import hashlib
import json
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

STATUS = {"SlowDown": 503, "InternalError": 500}
port, log, failures = int(sys.argv[1]), sys.argv[2], sys.argv[3:]


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_PUT(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        with open(log, "a") as handle:
            headers = {name.lower(): value for name, value in self.headers.items()}
            handle.write(json.dumps({"method": self.command, "path": self.path, "headers": headers}) + "\n")
        if failures:
            code = failures.pop(0)
            answer = ("<?xml version=\"1.0\" encoding=\"UTF-8\"?><Error><Code>%s</Code><Message>try again</Message></Error>" % code).encode()
            self.send_response(STATUS[code])
            self.send_header("Content-Type", "application/xml")
        else:
            answer = b""
            self.send_response(200)
            self.send_header("ETag", '"%s"' % hashlib.md5(body).hexdigest())
        self.send_header("Content-Length", str(len(answer)))
        self.end_headers()
        self.wfile.write(answer)

    def log_message(self, *args):
        pass


ThreadingHTTPServer(("127.0.0.1", port), Handler).serve_forever()

#!/usr/bin/env python3
"""Counts the bytes a command exchanges with PostgreSQL: a TCP relay between the two that
reads the protocol's messages as they pass.

    MASTHEAD_STATS_URL=postgres://... python3 Benchmarks/reports/wire_bytes.py masthead build

Runs the command with MASTHEAD_STATS_URL pointing at the relay (a free loopback port),
then prints, for each direction, the total bytes and the bytes of each kind of message:
statements (Parse), parameters (Bind), rows (DataRow), row descriptions, and the rest
(logins, parameter status, readiness). Plain connections only (no sslmode).
"""
import os
import socket
import subprocess
import sys
import threading
import urllib.parse
from collections import Counter

url = urllib.parse.urlsplit(os.environ["MASTHEAD_STATS_URL"])
target = (url.hostname, url.port or 5432)
listener = socket.socket()
listener.bind(("127.0.0.1", 0))
listener.listen(64)
port = listener.getsockname()[1]
sent, received = Counter(), Counter()
connections = Counter()
lock = threading.Lock()
CLIENT = {"P": "statements (Parse)", "B": "parameters (Bind)"}
SERVER = {"D": "rows (DataRow)", "T": "row descriptions"}


def relay(source, destination, tally, names, untyped):
    """Copies bytes, tallying whole messages; the client's first message (start-up) has no type byte."""
    buffer = b""
    while True:
        chunk = source.recv(65536)
        if not chunk:
            break
        destination.sendall(chunk)
        buffer += chunk
        while True:
            if untyped:
                if len(buffer) < 8:
                    break
                length = int.from_bytes(buffer[:4], "big")
                if len(buffer) < length:
                    break
                kind, buffer, untyped = "start-up", buffer[length:], False
            else:
                if len(buffer) < 5:
                    break
                length = 1 + int.from_bytes(buffer[1:5], "big")
                if len(buffer) < length:
                    break
                kind, buffer = chr(buffer[0]), buffer[length:]
            with lock:
                tally[names.get(kind, "other")] += length
    try:
        destination.shutdown(socket.SHUT_WR)
    except OSError:
        pass


def serve():
    while True:
        client, _ = listener.accept()
        server = socket.create_connection(target)
        with lock:
            connections["connections"] += 1
        threading.Thread(target=relay, args=(client, server, sent, CLIENT, True), daemon=True).start()
        threading.Thread(target=relay, args=(server, client, received, SERVER, False), daemon=True).start()


threading.Thread(target=serve, daemon=True).start()
netloc = url.netloc.rsplit("@", 1)
relayed = urllib.parse.urlunsplit(url._replace(netloc=(netloc[0] + "@" if len(netloc) == 2 else "") + f"127.0.0.1:{port}"))
status = subprocess.call(sys.argv[1:], env=dict(os.environ, MASTHEAD_STATS_URL=relayed))
with lock:
    for title, tally in (("sent to PostgreSQL", sent), ("received from PostgreSQL", received)):
        print(f"wire_bytes: {title}: {sum(tally.values()):,} bytes (" + ", ".join(f"{name} {count:,}" for name, count in sorted(tally.items())) + ")")
    print(f"wire_bytes: {connections['connections']} connections")
sys.exit(status)

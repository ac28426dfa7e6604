#!/usr/bin/env python3
"""Soak test of `masthead serve` (README, "Preview server"). Standard library only.

    python3 Tests/soak/soak.py --masthead .build/release/masthead --site . --minutes 30

It copies the site's Content/ and Templates/ to a temporary folder, serves the copy on a
free port, and for the given time:

- keeps 50 live-reload clients on the event stream (/__masthead/events), reading;
- saves one article every second, a valid edit and broken front matter in turn, and checks
  that every client then receives the `rebuild` event the server documents (failure 0 and
  the article's page among `changed` for a valid save, a failure count above 0 for a broken
  one), and that the page shows the edit or the error overlay;
- requests pages (from the sitemap), static files, missing pages (404), the event stream,
  and a request with a foreign Host (403) in a loop;
- reads the server's resident memory (VmRSS in /proc/PID/status) every 10 seconds.

It prints the requests made and failed (a connection error, a 5xx or any unexpected
status), the reload events each client received, the saves, and the memory at the start,
after 5 minutes (half the run when it is shorter than 10 minutes), at the end and at most.
The exit status is 1 when anything failed, the server died or did not stop cleanly on
SIGTERM, or memory grew by more than 20% from minute 5 to the end.
"""
import argparse
import http.client
import os
import random
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

CLIENTS = 50
SAVE_INTERVAL = 1.0
RSS_INTERVAL = 10.0
EVENT_WAIT = 15.0
MAX_GROWTH = 0.20


class Tally:
    """Counts shared by every thread, with the first failures kept for the report."""

    def __init__(self):
        self.lock = threading.Lock()
        self.requests = 0
        self.failed = 0
        self.other = 0
        self.failures = []
        self.by_kind = {}

    def record(self, kind, ok, detail=""):
        with self.lock:
            self.requests += 1
            done, bad = self.by_kind.get(kind, (0, 0))
            self.by_kind[kind] = (done + 1, bad + (0 if ok else 1))
            if not ok:
                self.failed += 1
                if len(self.failures) < 30:
                    self.failures.append(f"{time.strftime('%H:%M:%S')} {kind}: {detail}")

    def problem(self, detail):
        """A failure that is not a request (a missing event, a dropped stream)."""
        with self.lock:
            self.other += 1
            if len(self.failures) < 30:
                self.failures.append(f"{time.strftime('%H:%M:%S')} {detail}")


class EventClient(threading.Thread):
    """One open page's event stream: reads it for the whole run, reconnecting (and counting
    a failure) if the server drops it."""

    def __init__(self, port, tally, stop):
        super().__init__(daemon=True)
        self.port, self.tally, self.stop = port, tally, stop
        self.lock = threading.Lock()
        self.events = []  # (name, data)
        self.pings = 0
        self.connected = threading.Event()
        self.drops = 0

    def snapshot(self):
        with self.lock:
            return list(self.events)

    def run(self):
        while not self.stop.is_set():
            try:
                self.read_stream()
            except OSError as error:
                if self.stop.is_set():
                    return
                self.drops += 1
                self.tally.problem(f"event stream dropped: {error!r}")
                time.sleep(0.5)

    def read_stream(self):
        with socket.create_connection(("127.0.0.1", self.port), timeout=5) as sock:
            sock.sendall(f"GET /__masthead/events HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n"
                         "Accept: text/event-stream\r\n\r\n".encode())
            sock.settimeout(1.0)
            reader = ChunkedReader(sock, self.stop)
            head = reader.read_head()
            if not head.startswith("HTTP/1.1 200"):
                raise OSError(f"event stream answered {head.splitlines()[0] if head else 'nothing'}")
            self.connected.set()
            text = ""
            while not self.stop.is_set():
                chunk = reader.read_chunk()
                if chunk is None:
                    if self.stop.is_set():
                        return
                    raise OSError("the server ended the stream")
                text += chunk
                while "\n\n" in text:
                    block, text = text.split("\n\n", 1)
                    self.take(block)

    def take(self, block):
        name, data = "", ""
        for line in block.split("\n"):
            if line.startswith(": ping"):
                self.pings += 1
            elif line.startswith("event: "):
                name = line[7:]
            elif line.startswith("data: "):
                data = line[6:]
        if name:
            with self.lock:
                self.events.append((name, data))


class ChunkedReader:
    """The response head, then the chunks of a chunked body, off a socket with a timeout."""

    def __init__(self, sock, stop):
        self.sock, self.stop, self.buffer = sock, stop, b""

    def fill(self):
        while True:
            try:
                data = self.sock.recv(65536)
            except socket.timeout:
                if self.stop.is_set():
                    return False
                continue
            if not data:
                return False
            self.buffer += data
            return True

    def read_until(self, marker):
        while marker not in self.buffer:
            if not self.fill():
                return None
        part, self.buffer = self.buffer.split(marker, 1)
        return part

    def read_head(self):
        head = self.read_until(b"\r\n\r\n")
        return head.decode("latin-1") if head is not None else ""

    def read_chunk(self):
        size_line = self.read_until(b"\r\n")
        if size_line is None:
            return None
        size = int(size_line.split(b";")[0] or b"0", 16)
        if size == 0:
            return None
        while len(self.buffer) < size + 2:
            if not self.fill():
                return None
        data, self.buffer = self.buffer[:size], self.buffer[size + 2:]
        return data.decode("utf-8", "replace")


def request(port, path, host=None, method="GET"):
    """One request on a fresh connection: (status, body bytes)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
    try:
        connection.putrequest(method, path, skip_host=True)
        connection.putheader("Host", host or f"127.0.0.1:{port}")
        connection.putheader("Connection", "close")
        connection.endheaders()
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def event_hello(port):
    """Opens the event stream, reads its hello event, closes it: (status, text)."""
    with socket.create_connection(("127.0.0.1", port), timeout=20) as sock:
        sock.sendall(f"GET /__masthead/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
        received = b""
        while b"event: hello" not in received:
            data = sock.recv(65536)
            if not data:
                break
            received += data
        text = received.decode("utf-8", "replace")
        match = re.match(r"HTTP/1\.1 (\d+)", text)
        return (int(match.group(1)) if match else 0), text


def request_loop(port, targets, tally, stop, seed):
    """Pages, static files, 404s, the event stream and a foreign Host, at random, until stopped."""
    rng = random.Random(seed)
    while not stop.is_set():
        kind, path = rng.choice(targets)
        if kind == "missing":
            path = f"/no-such-page-{rng.randrange(10**6)}/"
        expected = {"page": 200, "static": 200, "missing": 404, "events": 200, "foreign host": 403}[kind]
        try:
            if kind == "events":
                status, text = event_hello(port)
                ok = status == expected and "retry: 500" in text and "event: hello" in text
            else:
                status, _ = request(port, path, host="rebind.example" if kind == "foreign host" else None)
                ok = status == expected
            tally.record(kind, ok, f"{path} gave {status}, expected {expected}")
        except OSError as error:
            if not stop.is_set():
                tally.record(kind, False, f"{path}: {error!r}")


def rss_kb(pid):
    try:
        with open(f"/proc/{pid}/status") as handle:
            for line in handle:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


def pick_article(site):
    """The first Markdown article with a `date:` line in its front matter."""
    folder = os.path.join(site, "Content", "articles")
    for name in sorted(os.listdir(folder)):
        if name.endswith(".md"):
            with open(os.path.join(folder, name), encoding="utf-8") as handle:
                text = handle.read()
            if re.search(r"^date: ", text, flags=re.M):
                return name, text
    sys.exit("no Markdown article with a date: line in Content/articles")


def static_paths(site):
    root = os.path.join(site, "Content", "static")
    paths = []
    for folder, folders, files in os.walk(root):
        folders[:] = [f for f in folders if not f.startswith((".", "_"))]
        for name in files:
            if not name.startswith((".", "_")):
                paths.append("/" + os.path.relpath(os.path.join(folder, name), root).replace(os.sep, "/"))
    return sorted(paths)


def megabytes(kb):
    return f"{kb / 1024:.1f} MB" if kb is not None else "n/a"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--masthead", required=True, help="the masthead binary")
    parser.add_argument("--site", required=True, help="the site to copy and serve")
    parser.add_argument("--minutes", type=float, default=30)
    parser.add_argument("--workers", type=int, default=2, help="threads running the request loop")
    args = parser.parse_args()

    work = tempfile.mkdtemp(prefix="masthead-soak-")
    for folder in ("Content", "Templates"):
        shutil.copytree(os.path.join(args.site, folder), os.path.join(work, folder), symlinks=True)
    log_path = os.path.join(work, "serve.log")
    log = open(log_path, "w")
    server = subprocess.Popen([os.path.abspath(args.masthead), "serve", "--site", work, "--port", "0"],
                              stdout=subprocess.PIPE, stderr=log, text=True)
    address = server.stdout.readline().strip()
    match = re.match(r"^http://127\.0\.0\.1:(\d+)/$", address)
    if not match:
        server.kill()
        sys.exit(f"masthead serve did not print its address: {address!r}; see {log_path}")
    port = int(match.group(1))
    # The rest of stdout is read so the server never blocks writing it.
    threading.Thread(target=server.stdout.read, daemon=True).start()

    tally, stop = Tally(), threading.Event()
    name, original = pick_article(work)
    article_path = os.path.join(work, "Content", "articles", name)
    page_path = f"/articles/{name[:-3]}/"
    page_file = f"articles/{name[:-3]}/index.html"

    # What the loop requests: every page in the sitemap and every static file that answers now.
    status, sitemap = request(port, "/sitemap.xml")
    locations = re.findall(r"<loc>([^<]+)</loc>", sitemap.decode("utf-8", "replace"))
    pages = sorted({re.sub(r"^https?://[^/]+", "", location) for location in locations})
    targets = [("page", p) for p in pages if request(port, p)[0] == 200]
    targets += [("static", p) for p in static_paths(work) if request(port, p)[0] == 200]
    if not any(kind == "page" for kind, _ in targets) or page_path not in pages:
        server.kill()
        sys.exit(f"the sitemap ({status}) does not list {page_path}; see {log_path}")
    # Weighted so pages and files dominate, with the other kinds in every few requests.
    targets += [("missing", "")] * max(1, len(targets) // 10) + [("events", "/__masthead/events")] * max(1, len(targets) // 20)
    targets += [("foreign host", "/")] * max(1, len(targets) // 40)
    print(f"soak: masthead serve at {address} on a copy of {args.site} in {work}, for {args.minutes:g} minutes", flush=True)
    print(f"  {len(pages)} pages, {len(static_paths(work))} static files; saving {page_path} every second; "
          f"{CLIENTS} live-reload clients; {args.workers} request threads", flush=True)

    clients = [EventClient(port, tally, stop) for _ in range(CLIENTS)]
    for client in clients:
        client.start()
    for client in clients:
        if not client.connected.wait(30):
            tally.problem("a live-reload client could not connect")
    workers = [threading.Thread(target=request_loop, args=(port, targets, tally, stop, seed), daemon=True)
               for seed in range(args.workers)]
    for worker in workers:
        worker.start()

    started = time.time()
    duration = args.minutes * 60
    baseline_at = 300.0 if duration >= 600 else duration / 2
    samples = []  # (seconds since start, kB)
    next_sample = started
    next_progress = started + 60
    saves = valid = invalid = missing_events = 0
    died = False
    try:
        while time.time() - started < duration:
            if server.poll() is not None:
                died = True
                tally.problem(f"the server exited with status {server.returncode}")
                break
            now = time.time()
            if now >= next_sample:
                samples.append((now - started, rss_kb(server.pid)))
                next_sample += RSS_INTERVAL
            if now >= next_progress:
                print(f"  minute {round((now - started) / 60)}: {tally.requests} requests ({tally.failed} failed), "
                      f"{saves} saves, RSS {megabytes(samples[-1][1])}", flush=True)
                next_progress += 60

            save_started = time.time()
            good = saves % 2 == 0
            marks = [len(client.snapshot()) for client in clients]
            if good:
                sentence = f"Soak save {saves + 1} at {time.time():.3f}."
                text = original.rstrip("\n") + "\n\n" + sentence + "\n"
            else:
                text = re.sub(r"^date: .*$", "date: 2025-13-45", original, count=1, flags=re.M)
            with open(article_path, "w", encoding="utf-8") as handle:
                handle.write(text)
            saves += 1
            valid += good
            invalid += not good

            def expected(event):
                name, data = event
                if name != "rebuild":
                    return False
                failure = re.search(r'"failure":(\d+)', data)
                if failure is None:
                    return False
                if good:
                    return failure.group(1) == "0" and f'"{page_file}"' in data
                return failure.group(1) != "0"

            deadline = time.time() + EVENT_WAIT
            waiting = set(range(CLIENTS))
            while waiting and time.time() < deadline:
                waiting = {i for i in waiting if not any(expected(e) for e in clients[i].snapshot()[marks[i]:])}
                if waiting:
                    time.sleep(0.02)
            if waiting:
                missing_events += 1
                tally.problem(f"save {saves} ({'valid' if good else 'broken front matter'}): "
                              f"{len(waiting)} of {CLIENTS} clients got no matching rebuild event in {EVENT_WAIT:.0f} s")
            try:
                status, body = request(port, page_path)
                shown = (sentence.encode() in body and b"masthead-preview-overlay" not in body) if good \
                    else b"masthead-preview-overlay" in body
                tally.record("page after save", status == 200 and shown,
                             f"{page_path} gave {status}, {'edit' if good else 'overlay'} {'shown' if shown else 'missing'}")
            except OSError as error:
                tally.record("page after save", False, f"{page_path}: {error!r}")
            time.sleep(max(0.0, SAVE_INTERVAL - (time.time() - save_started)))
    except KeyboardInterrupt:
        print("interrupted", flush=True)
    samples.append((time.time() - started, rss_kb(server.pid)))
    elapsed = time.time() - started

    with open(article_path, "w", encoding="utf-8") as handle:
        handle.write(original)
    stop.set()
    for worker in workers:
        worker.join(30)
    exit_status = None
    if not died:
        server.send_signal(signal.SIGTERM)
        try:
            exit_status = server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
    for client in clients:
        client.join(5)
    log.close()

    # The report.
    counts = [sum(1 for name, _ in client.snapshot() if name == "rebuild") for client in clients]
    pings = [client.pings for client in clients]
    drops = sum(client.drops for client in clients)
    values = [kb for _, kb in samples if kb is not None]
    start_rss = values[0] if values else None
    baseline = next((kb for seconds, kb in samples if seconds >= baseline_at and kb is not None), None)
    end_rss = values[-1] if values else None
    growth = (end_rss - baseline) / baseline if baseline and end_rss else 0.0
    grew = growth > MAX_GROWTH
    print(f"== soak results after {elapsed / 60:.1f} minutes")
    print(f"requests made:    {tally.requests}")
    print(f"requests failed:  {tally.failed}")
    for kind, (done, bad) in sorted(tally.by_kind.items()):
        print(f"  {kind:<16}{done:>8} made, {bad} failed")
    print(f"saves:            {saves} ({valid} valid, {invalid} with broken front matter); "
          f"saves without the rebuild event on every client: {missing_events}")
    print(f"reload events per client: min {min(counts)}, median {statistics.median(counts):g}, max {max(counts)} "
          f"({CLIENTS} clients); pings per client: min {min(pings)}, max {max(pings)}; streams dropped: {drops}")
    label = "after 5 min" if baseline_at == 300 else f"after {baseline_at / 60:g} min (half the run)"
    print(f"RSS: start {megabytes(start_rss)}, {label} {megabytes(baseline)}, end {megabytes(end_rss)}, "
          f"max {megabytes(max(values) if values else None)}; growth since {label[6:]}: {growth * 100:+.1f}% "
          f"(limit +{MAX_GROWTH * 100:.0f}%)")
    stopped = exit_status == 0
    print(f"server: {'died during the run' if died else f'stopped on SIGTERM with exit status {exit_status}'}")
    print(f"other failures:   {tally.other} (saves without their events, dropped streams, the server dying)")
    for failure in tally.failures:
        print(f"  FAILED {failure}")
    passed = tally.failed == 0 and tally.other == 0 and not died and stopped and not grew
    print("PASS" if passed else f"FAIL (server log: {log_path})")
    if passed:
        shutil.rmtree(work, ignore_errors=True)
    sys.exit(0 if passed else 1)


if __name__ == "__main__":
    main()

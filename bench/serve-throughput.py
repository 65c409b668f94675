"""The web server under load: requests a second for a small solve with one
and four clients, the same while two long jobs run, and how fast a request
is refused (and the server answers a cheap one) when every place is taken.

Needs only Python's standard library and a release build of cubist:
    cargo build --release -p cubist-cli
    python3 bench/serve-throughput.py [SECONDS]   # each measurement, default 10

The server is started by the script (`cubist serve --port 0`, its tables in
a cache folder of the bench's own, ${BENCH_DIR:-/tmp/cubist-bench}) and
stopped at the end. Clients are processes (not threads, so that Python's
interpreter lock does not bound them), each with one kept-alive connection
sending the same request again and again; every answer is checked (status
200 and the expected solution length) and counted.
"""

import http.client
import json
import multiprocessing
import os
import re
import subprocess
import sys
import time

BINARY = os.path.join(os.path.dirname(__file__), "..", "target", "release", "cubist")
CACHE = os.path.join(os.environ.get("BENCH_DIR", "/tmp/cubist-bench"), "serve-cache")
SOLVE = json.dumps({"puzzle": "3x3x3", "scramble": "R U R' U' F2 D", "method": "twophase"})
HEADERS = {"Content-Type": "application/json", "Host": "127.0.0.1"}


def cyclic(n):
    """A request counting the transversals of the cyclic Latin square of order n."""
    text = "".join(" ".join(str((r + c) % n) for c in range(n)) + "\n" for r in range(n))
    return json.dumps({"square": {"name": f"c{n}.txt", "text": text}})


# Work that holds its place a long time: as a job, the transversals of the
# cyclic square of order 17 (minutes; cancelled at the end); as a request,
# those of order 15 (seconds of one core, longer with the cores shared).
# The server refuses at once work it estimates at over 4 times its limits
# (60 s a request, 10 minutes a job), so longer counts would not hold.
LONG = cyclic(17)
HOLD = cyclic(15)


def request(conn, method, path, body=None):
    """One request on a kept-alive connection: (status, parsed body)."""
    conn.request(method, path, body=body, headers=HEADERS)
    r = conn.getresponse()
    return r.status, json.loads(r.read() or b"null")


def client(port, seconds, counts):
    """Sends the small solve until `seconds` have passed; adds its count."""
    conn = http.client.HTTPConnection("127.0.0.1", port)
    end = time.perf_counter() + seconds
    n = 0
    while time.perf_counter() < end:
        status, doc = request(conn, "POST", "/api/v1/twisty/solve", SOLVE)
        assert status == 200, (status, doc)
        assert doc["states"][0]["length"] == 6 and doc["states"][0]["verified"], doc
        n += 1
    counts.put(n)


def throughput(port, clients, seconds):
    counts = multiprocessing.Queue()
    procs = [multiprocessing.Process(target=client, args=(port, seconds, counts)) for _ in range(clients)]
    for p in procs:
        p.start()
    for p in procs:
        p.join()
    total = sum(counts.get() for _ in procs)
    return total / seconds


def start_long(port, job):
    """Starts the long request: as a job (answers at once with its id) or as
    a plain request on a connection of its own (kept open, unanswered)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    path = "/api/v1/place/latin/transversals" + ("?job=true" if job else "")
    conn.request("POST", path, body=LONG if job else HOLD, headers=HEADERS)
    if job:
        r = conn.getresponse()
        doc = json.loads(r.read())
        assert r.status == 202, (r.status, doc)
        return doc["job"]
    return conn


def timed(conn, method, path, body=None):
    start = time.perf_counter()
    status, _ = request(conn, method, path, body)
    return status, (time.perf_counter() - start) * 1000


def main():
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 10.0
    os.makedirs(CACHE, exist_ok=True)
    env = dict(os.environ, XDG_CACHE_HOME=CACHE)
    server = subprocess.Popen(
        [BINARY, "serve", "--port", "0"], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    try:
        port = None
        for line in server.stdout:
            m = re.search(r"127\.0\.0\.1:(\d+)", line)
            if m:
                port = int(m.group(1))
                break
        assert port, "the server printed no address"
        conn = http.client.HTTPConnection("127.0.0.1", port)
        # The first solve waits for the two-phase tables (built or read).
        status, _ = request(conn, "POST", "/api/v1/twisty/solve", SOLVE)
        assert status == 200
        print(f"cubist serve on port {port}, cache {CACHE}, {seconds:g} s a measurement, {os.cpu_count()} cores")
        for clients in (1, 4):
            print(f"small solve, {clients} client(s): {throughput(port, clients, seconds):,.0f} requests a second")
        jobs = [start_long(port, job=True) for _ in range(2)]
        time.sleep(1)
        running = lambda: [request(conn, "GET", f"/api/v1/jobs/{j}")[1]["state"] for j in jobs]
        assert running() == ["running", "running"], running()
        print(f"small solve, 1 client, two long jobs running: {throughput(port, 1, seconds):,.0f} requests a second")
        assert running() == ["running", "running"], running()
        status, ms = timed(conn, "POST", "/api/v1/place/latin/transversals?job=true", LONG)
        print(f"a third job, refused (status {status}) in {ms:.1f} ms")
        holders = [start_long(port, job=False) for _ in range(4)]
        time.sleep(1)
        status, ms = timed(conn, "POST", "/api/v1/twisty/solve", SOLVE)
        print(f"a fifth request, every place taken: status {status} in {ms:.1f} ms")
        status, ms = timed(conn, "GET", "/api/v1/")
        print(f"the list of endpoints meanwhile: status {status} in {ms:.1f} ms")
        for job in jobs:
            status, _ = request(conn, "POST", f"/api/v1/jobs/{job}/cancel")
            assert status == 200
        for h in holders:
            h.close()
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()

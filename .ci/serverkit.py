"""What the scripts beside it share: a `domino serve` on a loopback port
with a fresh SQLite file and the abuse limits raised (one address makes
every call), JSON calls, and bot accounts made the way a bot author
makes them (docs/botapi.md)."""

import contextlib
import json
import subprocess
import sys
import threading
import urllib.request

# One address makes every call: the abuse limits would answer 429 to most
# of a run instead of letting it reach the handlers.
RAISED_LIMITS = [
    "--max-tables-per-address", "100000", "--max-creates-per-minute", "100000",
    "--max-sheets-per-hour", "100000", "--max-tournaments-per-hour", "100000",
    "--max-open-tournaments", "100000", "--max-entries-per-hour", "100000",
    "--max-profiles-per-hour", "100000", "--max-links-per-hour", "100000",
    "--max-seeks-per-address", "100000", "--max-bad-tokens-per-minute", "100000",
    "--max-bot-token-rate", "100000", "--max-bot-token-burst", "100000",
]


def call(url, method, path, body=None, headers=None):
    """A JSON call: the answer's headers and body (read as JSON)."""
    data = None if method == "GET" else json.dumps(body or {}).encode()
    req = urllib.request.Request(url + path, method=method, data=data)
    if data is not None:
        req.add_header("Content-Type", "application/json")
    for k, v in (headers or {}).items():
        req.add_header(k, v)
    with urllib.request.urlopen(req, timeout=10) as r:
        return r.headers, json.loads(r.read() or b"null")


def bot_account(url, name):
    """A new bot account: its profile id and an API token."""
    headers, made = call(url, "POST", "/api/profile", {"name": name})
    cookie = headers["Set-Cookie"].split(";", 1)[0]
    call(url, "POST", "/api/profile/bot", {}, {"Cookie": cookie})
    _, token = call(url, "POST", "/api/tokens", {"name": name}, {"Cookie": cookie})
    return made["id"], token["token"]


@contextlib.contextmanager
def server(bin_path, db, extra=()):
    """`domino serve` on 127.0.0.1 (a free port) with `db`: yields its
    address and its log so far (kept whole: a full pipe would stop the
    server); stopped on leaving."""
    proc = subprocess.Popen(
        [bin_path, "serve", "--addr", "127.0.0.1:0", "--db", db, *RAISED_LIMITS, *extra],
        stderr=subprocess.PIPE, text=True)
    log = []
    try:
        url = None
        for line in proc.stderr:
            log.append(line)
            if "serving on " in line:
                url = line.split("serving on ", 1)[1].strip()
                break
        if not url:
            sys.exit("the server did not start:\n" + "".join(log))
        threading.Thread(target=lambda: log.extend(proc.stderr), daemon=True).start()
        yield proc, url, log
    finally:
        proc.kill()
        proc.wait(timeout=10)


def server_faults(proc, log):
    """What went wrong with the server during a run, as lines to print."""
    faults = []
    if proc.poll() is not None:
        faults.append("the server stopped during the run:\n" + "".join(log[-50:]))
    panics = [line for line in log if "panicked" in line]
    if panics:
        faults.append("the server panicked:\n" + "".join(panics))
    return faults

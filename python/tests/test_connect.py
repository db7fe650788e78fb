"""``domino.connect`` plays a match on a real ``domino serve`` (issue 44):
two bot accounts, one run by ``domino bot`` and one by a Python policy
through ``domino.connect``, are paired by the pool and play to the end,
over plain HTTP and through a TLS proxy, its certificate signed by a test
CA or self-signed."""

import asyncio
import json
import os
import pathlib
import shutil
import ssl
import subprocess
import sys
import tempfile
import threading
import urllib.parse
import urllib.request

import pytest

import domino

from conftest import ROOT


def binary():
    """$DOMINO_BIN, else the workspace's debug or release build, else None."""
    given = os.environ.get("DOMINO_BIN")
    if given:
        return given if pathlib.Path(given).exists() else None
    for profile in ("debug", "release"):
        path = ROOT / "target" / profile / "domino"
        if path.exists():
            return str(path)
    return None


@pytest.fixture
def server():
    bin_ = binary()
    if bin_ is None:
        pytest.skip("no domino binary: cargo build -p domino-cli --bin domino, or set DOMINO_BIN")
    with tempfile.TemporaryDirectory() as tmp:
        proc = subprocess.Popen(
            [bin_, "serve", "--addr", "127.0.0.1:0", "--db", f"sqlite://{tmp}/t.db",
             "--bot-delay-ms", "0", "--budget-ms", "20"],
            stderr=subprocess.PIPE,
            text=True,
        )
        try:
            url = None
            for line in proc.stderr:
                if "serving on " in line:
                    url = line.split("serving on ", 1)[1].strip()
                    break
            assert url, "the server did not start"
            # Keep reading its log, or a full pipe would stop the server.
            threading.Thread(target=proc.stderr.read, daemon=True).start()
            yield bin_, url
        finally:
            proc.kill()
            proc.wait(timeout=10)


def request(url, method, path, body=None, cookie=None):
    req = urllib.request.Request(url + path, method=method, data=json.dumps(body or {}).encode())
    req.add_header("Content-Type", "application/json")
    if cookie:
        req.add_header("Cookie", cookie)
    with urllib.request.urlopen(req, timeout=10) as r:
        set_cookie = r.headers.get("Set-Cookie")
        text = r.read()
        return json.loads(text) if text else None, set_cookie


def bot_account(url, name):
    """A new profile made a bot account: its API token."""
    _, set_cookie = request(url, "POST", "/api/profile", {"name": name})
    cookie = set_cookie.split(";")[0]
    me, _ = request(url, "POST", "/api/profile/bot", {}, cookie)
    assert me["bot"] is True
    made, _ = request(url, "POST", "/api/tokens", {"name": "pytest"}, cookie)
    assert made["token"].startswith("dbt_")
    return made["token"]


def heuristic_seeking_draw(bin_, url, token):
    """`domino bot` playing the heuristic bot in one match of draw for two,
    sought in the pool."""
    return subprocess.Popen(
        [bin_, "bot", "--server", url, "--bot", "heuristic", "--game", "draw", "--players", "2", "--seek", "--games", "1"],
        env={**os.environ, "DOMINO_BOT_TOKEN": token},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_a_python_policy_plays_a_match_against_domino_bot(server):
    bin_, url = server
    cli = heuristic_seeking_draw(bin_, url, bot_account(url, "Clibot"))
    py_token = bot_account(url, "Pybot")
    seen = []

    def policy(observation, legal):
        # The seat's own view: its tiles, the others' only counted.
        seen.append(observation)
        assert isinstance(observation["hands"][observation["seat"]], list)
        assert all(isinstance(h, int) for s, h in enumerate(observation["hands"]) if s != observation["seat"])
        return legal[0]

    try:
        played = domino.connect(url, py_token, policy, game="draw", players=2, seek=True, games=1)
        out, err = cli.communicate(timeout=120)
    finally:
        cli.kill()
    assert len(played) == 1, played
    # Both seek casual (domino bot without --rated, connect's default):
    # a casual match, though both seats are bot accounts.
    assert played[0]["rated"] is False
    assert seen, "the policy was never asked"
    assert cli.returncode == 0, err
    assert "finished" in out and "1 matches played" in out, out


def test_a_failing_policy_still_finishes_its_match(server, caplog):
    bin_, url = server
    cli = heuristic_seeking_draw(bin_, url, bot_account(url, "Steady"))
    calls = []

    def policy(observation, legal):
        # In turn: an exception, an action no rule allows, a good move.
        calls.append(observation)
        if len(calls) % 3 == 1:
            raise RuntimeError("the search fell over")
        if len(calls) % 3 == 2:
            return {"type": "play", "tile": "9-9", "end": 7}
        return legal[-1]

    caplog.set_level("WARNING", logger="domino")
    try:
        played = domino.connect(url, bot_account(url, "Shaky"), policy, game="draw", players=2, seek=True, games=1)
        out, err = cli.communicate(timeout=120)
    finally:
        cli.kill()
    # The table was played to its end, every failure logged as such.
    assert len(played) == 1, played
    assert played[0]["scores"] and max(played[0]["scores"]) > 0, played
    assert cli.returncode == 0, err
    failed = [r.getMessage() for r in caplog.records if "the policy failed" in r.getMessage()]
    assert any("the search fell over" in m for m in failed), failed
    assert any("not among the legal actions" in m for m in failed), failed
    assert len(failed) >= 2 * (len(calls) // 3), (len(failed), len(calls))


def test_the_openspiel_example_plays_on_a_server(server):
    pytest.importorskip("pyspiel")
    bin_, url = server
    opponent = subprocess.Popen(
        [bin_, "bot", "--server", url, "--bot", "random", "--game", "draw", "--players", "2", "--seek", "--games", "1"],
        env={**os.environ, "DOMINO_BOT_TOKEN": bot_account(url, "Randy")},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    example = ROOT / "python" / "examples" / "server_bot.py"
    try:
        out = subprocess.run(
            [sys.executable, str(example), "--server", url, "--game", "draw", "--players", "2", "--seek",
             "--games", "1", "--simulations", "10"],
            env={**os.environ, "DOMINO_BOT_TOKEN": bot_account(url, "Ismcts")},
            capture_output=True,
            text=True,
            timeout=300,
        )
    finally:
        opponent.kill()
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("table "), out.stdout


def test_a_bad_token_stops_connect_with_a_clear_error(server):
    _, url = server
    with pytest.raises(domino.ConnectError, match="bad_token|unknown or revoked"):
        domino.connect(url, "dbt_" + "0" * 40, domino.bot("random"), games=1)


def openssl(*args, cwd):
    subprocess.run(["openssl", *args], cwd=cwd, check=True, capture_output=True)


def make_certificates(kind, tmp):
    """The certificate a proxy serves (``cert.pem``, ``key.pem``) and the
    PEM file a bot is given: a test CA's certificate when ``kind`` is
    "ca-signed", the served certificate itself when "self-signed" (made by
    ``openssl req -x509`` as e2e/trust.test.mjs makes it: a CA's
    certificate)."""
    if kind == "self-signed":
        openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost",
                "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost", "-keyout", "key.pem", "-out", "cert.pem",
                cwd=tmp)
        return f"{tmp}/cert.pem"
    ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes"]
    openssl("req", "-x509", *ec, "-days", "1", "-subj", "/CN=domino test CA",
            "-keyout", "ca.key", "-out", "ca.pem", cwd=tmp)
    openssl("req", *ec, "-subj", "/CN=127.0.0.1", "-keyout", "key.pem", "-out", "cert.csr", cwd=tmp)
    pathlib.Path(tmp, "ext.cnf").write_text(
        "basicConstraints=CA:FALSE\nsubjectAltName=IP:127.0.0.1,DNS:localhost\n")
    openssl("x509", "-req", "-in", "cert.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-set_serial", "1",
            "-days", "1", "-extfile", "ext.cnf", "-out", "cert.pem", cwd=tmp)
    return f"{tmp}/ca.pem"


@pytest.fixture(params=["ca-signed", "self-signed"])
def tls_server(server, request):
    """``server`` behind a TLS proxy on 127.0.0.1 run by this test, its
    certificate signed by a test CA or self-signed: (binary, https URL, the
    PEM file to trust, which kind)."""
    if shutil.which("openssl") is None:
        pytest.skip("openssl is not installed: it makes the test certificates")
    bin_, url = server
    backend = urllib.parse.urlsplit(url)
    with tempfile.TemporaryDirectory() as tmp:
        ca_file = make_certificates(request.param, tmp)
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(f"{tmp}/cert.pem", f"{tmp}/key.pem")

        async def pipe(reader, writer):
            try:
                while data := await reader.read(65536):
                    writer.write(data)
                    await writer.drain()
            except (ConnectionError, ssl.SSLError):
                pass
            finally:
                writer.close()

        async def forward(client_reader, client_writer):
            try:
                reader, writer = await asyncio.open_connection(backend.hostname, backend.port)
            except OSError:
                client_writer.close()
                return
            await asyncio.gather(pipe(client_reader, writer), pipe(reader, client_writer))

        loop = asyncio.new_event_loop()
        proxy = loop.run_until_complete(asyncio.start_server(forward, "127.0.0.1", 0, ssl=context))
        port = proxy.sockets[0].getsockname()[1]
        thread = threading.Thread(target=loop.run_forever, daemon=True)
        thread.start()
        try:
            yield bin_, f"https://127.0.0.1:{port}", ca_file, request.param
        finally:
            loop.call_soon_threadsafe(loop.stop)
            thread.join(timeout=10)


def test_connect_and_domino_bot_play_through_https_with_a_ca_file(server, tls_server):
    _, plain_url = server
    bin_, url, ca_file, _ = tls_server
    cli = subprocess.Popen(
        [bin_, "bot", "--server", url, "--ca-file", ca_file, "--bot", "heuristic", "--game", "draw",
         "--players", "2", "--seek", "--games", "1"],
        env={**os.environ, "DOMINO_BOT_TOKEN": bot_account(plain_url, "Tlscli")},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        played = domino.connect(url, bot_account(plain_url, "Tlspy"), lambda observation, legal: 0,
                                game="draw", players=2, seek=True, games=1, ca_file=ca_file)
        out, err = cli.communicate(timeout=120)
    finally:
        cli.kill()
    assert len(played) == 1, played
    assert cli.returncode == 0, err
    assert "1 matches played" in out, out


def test_an_untrusted_certificate_stops_connect_and_domino_bot_with_its_reason(server, tls_server):
    _, plain_url = server
    bin_, url, _, kind = tls_server
    reason = {
        "ca-signed": "it is not signed by a trusted CA",
        "self-signed": "it is a CA's own certificate, and not one in the CA file",
    }[kind]
    token = bot_account(plain_url, "Untrusted")
    with pytest.raises(domino.ConnectError, match=f"certificate of 127.0.0.1 is not trusted: {reason}"):
        domino.connect(url, token, domino.bot("random"), games=1)
    out = subprocess.run([bin_, "bot", "--server", url, "--games", "1"], env={**os.environ, "DOMINO_BOT_TOKEN": token},
                         capture_output=True, text=True, timeout=30)
    assert out.returncode == 1, out
    assert "certificate of 127.0.0.1 is not trusted" in out.stderr and "--ca-file" in out.stderr, out.stderr

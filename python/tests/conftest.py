"""Shared fixtures: the `domino` binary for lockstep tests."""

import json
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def domino_binary():
    """The `domino` binary: $DOMINO_BIN, else the workspace's own build."""
    given = os.environ.get("DOMINO_BIN")
    if given:
        return given
    for profile in ("release", "debug"):
        path = ROOT / "target" / profile / "domino"
        if path.exists():
            return str(path)
    subprocess.run(
        ["cargo", "build", "-q", "-p", "domino-cli", "--bin", "domino"],
        cwd=ROOT,
        check=True,
    )
    return str(ROOT / "target" / "debug" / "domino")


class Engine:
    """A `domino engine` process, one request and one response per line."""

    def __init__(self, binary):
        self.proc = subprocess.Popen(
            [binary, "engine"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )

    def ask(self, **request):
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        return json.loads(line)

    def close(self):
        self.proc.stdin.close()
        self.proc.wait(timeout=10)


@pytest.fixture(scope="session")
def engine():
    e = Engine(domino_binary())
    yield e
    e.close()

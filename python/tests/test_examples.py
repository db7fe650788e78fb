"""The examples of docs/python.md run (with small sizes)."""

import pathlib
import subprocess
import sys

import pytest

EXAMPLES = pathlib.Path(__file__).resolve().parents[1] / "examples"


@pytest.mark.parametrize(
    "script,args",
    [
        ("random_agent.py", ["--hands", "50"]),
        ("pettingzoo_loop.py", ["--games", "2"]),
        ("arena.py", ["--matches", "2", "--bots", "heuristic,random"]),
        ("match_records.py", ["--game", "all-fives", "--matches", "1", "--out", "/dev/null"]),
        ("openspiel_ismcts.py", ["--hands", "1", "--simulations", "20", "--game", "python_domino_draw"]),
    ],
)
def test_example_runs(script, args):
    if script.startswith("openspiel"):
        pytest.importorskip("pyspiel")
    out = subprocess.run(
        [sys.executable, str(EXAMPLES / script), *args],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip()

"""The examples of docs/python.md run (with small sizes)."""

import importlib.util
import pathlib
import subprocess
import sys

import pytest

import domino

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


def test_the_server_bot_plays_a_legal_action_when_its_search_fails(caplog):
    pytest.importorskip("pyspiel")
    spec = importlib.util.spec_from_file_location("server_bot", EXAMPLES / "server_bot.py")
    server_bot = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(server_bot)
    policy = server_bot.IsmctsPolicy(simulations=5)
    # A real observation whose hand was tampered with: no deal replays it,
    # and the search cannot start.
    state = domino.Game("draw", 2).new_initial_state(seed=3)
    while len(state.legal_actions()) < 2:
        state.apply_action(state.legal_actions()[0])
    observation = state.to_json(state.current_player())
    observation["hands"][observation["seat"]] = ["6-6"]
    legal = observation["legal"]
    caplog.set_level("WARNING", logger="domino")
    assert policy(observation, legal) == legal[0]
    assert policy.fallbacks == 1
    assert any("the search failed" in r.getMessage() for r in caplog.records)

"""Puzzles from Python: load the shipped set, measure a bot on it."""

import json

import pytest

import domino
from conftest import ROOT

SET = ROOT / "puzzles" / "set.jsonl"


def first_lines(n):
    with open(SET) as f:
        return [line for _, line in zip(range(n), f)]


def test_a_bot_is_measured_on_the_set():
    puzzles = domino.load_puzzles(str(SET))[:60]
    bot = domino.bot("heuristic")
    solved = 0
    for p in puzzles:
        state = p.state()
        assert state.current_player() == p.player
        assert set(p.choices()) <= set(state.legal_actions())
        action = bot.step(state)
        assert action in state.legal_actions()
        solved += p.check(action)
        assert p.check(p.answer())
        others = [c for c in p.choices() if c != p.answer()]
        assert others and not p.check(others[0])
    assert 0 < solved < len(puzzles)


def test_a_counting_puzzle_shows_only_the_movers_hand():
    lines = [l for l in first_lines(400) if json.loads(l)["kind"] == "counting"]
    assert lines
    for line in lines[:20]:
        p = domino.Puzzle(line)
        assert p.kind == "counting"
        view = p.view()
        for seat, hand in enumerate(view["hands"]):
            assert isinstance(hand, list) == (seat == p.player)
        # The answer checks as JSON too.
        answer = json.loads(line)["answer"]
        assert p.check(answer) and p.check(json.dumps(answer))


def test_a_puzzle_that_is_not_one_is_refused():
    with pytest.raises(domino.DominoError, match="not a puzzle"):
        domino.Puzzle({"id": "x"})
    bad = json.loads(first_lines(1)[0])
    bad["actions"][0] = {"type": "play", "tile": "0-0", "end": 5}
    with pytest.raises(domino.DominoError, match="position"):
        domino.Puzzle(bad)

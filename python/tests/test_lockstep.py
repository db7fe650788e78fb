"""The package and `domino engine` agree, action for action, on every preset:
the same legal actions, the same states and results, the same record."""

import json
import random

import pytest

import domino

# Every preset at its default player count, and the other counts of a few.
CASES = [(p, None) for p in domino.preset_names()] + [
    ("cutthroat", 2),
    ("cutthroat", 3),
    ("chiva", 2),
    ("puerto-rican", 3),
    ("block", 2),
    ("draw", 5),
    ("double-nine-cross", 8),
    ("all-fives", 4),
]
OPTIONS = {
    "all-fives": {"claims": "muggins"},
    "club-fives": {"claims": "strict"},
}


def engine_ids(state, actions):
    return sorted(state.string_to_action(json.dumps(a)) for a in actions)


@pytest.mark.parametrize("preset,players", CASES)
@pytest.mark.parametrize("seed", [1, 2])
def test_lockstep_with_the_engine(engine, preset, players, seed):
    rules = {"preset": preset, "options": OPTIONS.get(preset, {})}
    if players is not None:
        rules["players"] = players
    game = domino.Game(preset, players, OPTIONS.get(preset), match=True)
    state = game.new_initial_state(seed)
    reply = engine.ask(cmd="new", rules=rules, seed=seed)
    assert reply["ok"], reply
    view = reply["state"]
    rng = random.Random(seed)
    hands = 0
    for _ in range(600):
        assert state.scores() == view["scores"]
        if view["phase"] == "hand_over":
            # The package deals the next hand by itself.
            hands += 1
            if hands == 3:
                break
            view = engine.ask(cmd="next")["state"]
            continue
        assert state.hand_number() == view["hand_number"]
        if view["phase"] == "match_over":
            assert state.is_terminal()
            assert state.phase() == "match_over"
            break
        assert state.current_player() == view["to_act"]
        assert state.phase() == view["phase"]
        assert state.legal_actions() == engine_ids(state, view["legal"])
        action = rng.choice(state.legal_actions())
        sent = json.loads(state.action_to_string(action))
        reply = engine.ask(cmd="act", action=sent)
        assert reply["ok"], reply
        state.apply_action(action)
        view = reply["state"]
        assert reply["events"][0]["action"] == sent
        # Every seat's state JSON is the engine's own for that seat.
        if view["phase"] in ("play", "choose_poser"):
            for seat in range(state.num_players()):
                assert state.to_json(seat) == engine.ask(cmd="state", seat=seat)["state"]
    record = engine.ask(cmd="record")["record"]
    mine = state.to_record()
    # The engine stops at the end of a hand; the package may have dealt on.
    assert mine["rules"] == record["rules"]
    assert mine["hands"][: len(record["hands"])] == record["hands"]


@pytest.mark.parametrize("preset", domino.preset_names())
def test_records_replay_in_the_engine(engine, preset):
    game = domino.Game(preset, match=True)
    state = game.new_initial_state(11)
    rng = random.Random(5)
    for _ in range(150):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    reply = engine.ask(cmd="load", record=state.to_record())
    assert reply["ok"], reply
    again = domino.load_record(state.to_record())
    assert again.to_record() == state.to_record()
    assert again.legal_actions() == state.legal_actions()
    assert again.observation_string(0) == state.observation_string(0)

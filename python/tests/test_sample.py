"""`domino.sample_state`: a state standing where a seat's observation does.

The draw games are the hard case: a seat's tiles are partly dealt, partly
drawn, and a sampled deal must give it the tiles it was really dealt for
the hand's actions to replay. The observation tells the seat its own draws
(`drew`), so every decision of every seat must sample.
"""

import random

import pytest

import domino

# Every game where a player who cannot play draws, at the counts that draw
# (each is checked below to have drawn in the hands played).
DRAW_GAMES = [
    ("draw", 2),
    ("draw", 4),
    ("cross", 2),
    ("double-nine-cross", 4),
    ("all-fives", 2),
    ("all-fives", 3),
    ("fives-and-threes", 2),
    ("club-fives", 2),
    ("chiva", 2),
]

HANDS = 6


@pytest.mark.parametrize("preset,players", DRAW_GAMES)
def test_sample_state_stands_at_every_decision_of_a_draw_game(preset, players):
    game = domino.Game(preset, players)
    rng = random.Random(11)
    decisions = draws = 0
    failures = []
    for hand in range(HANDS):
        state = game.new_initial_state(seed=hand)
        while not state.is_terminal():
            player = state.current_player()
            observation = state.to_json(player)
            if observation["phase"] == "play":
                decisions += 1
                try:
                    sampled = domino.sample_state(observation, seed=decisions)
                except domino.DominoError as e:
                    failures.append(f"hand {hand}, move {state.move_number()}: {e}")
                else:
                    assert sampled.current_player() == player
                    assert sampled.legal_actions() == state.legal_actions()
                    seen = sampled.to_json(player)
                    assert seen["hands"][player] == observation["hands"][player]
                    assert seen["history"] == observation["history"]
                    assert seen.get("drew") == observation.get("drew")
            action = rng.choice(state.legal_actions())
            draws += '"draw"' in state.action_to_string(action)
            state.apply_action(action)
    assert draws > 0, f"{preset} for {players} drew nothing in {HANDS} hands"
    assert not failures, (
        f"{len(failures)} of {decisions} decisions found no deal: {failures[:3]}"
    )


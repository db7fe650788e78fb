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



# Long matches are cut after this many hands: enough for the hands after
# the first, where the last winner (or the next engine) poses.
MATCH_HANDS = 4


def _without_score(view):
    """A view less what a sample from the view alone cannot know: the match
    score (the hands before are not replayed)."""
    return {k: v for k, v in view.items() if k not in ("scores", "stake", "playoff")}


@pytest.mark.parametrize("preset", domino.preset_names())
def test_every_decision_of_a_whole_match_samples(preset):
    # The trains family plays three engines, not thirteen: the same hands
    # after the first, in a fraction of the time.
    options = {"rounds": 3} if preset in ("mexican-train", "chicken-foot") else None
    game = domino.Game(preset, options=options, match=True)
    rng = random.Random(5)
    state = game.new_initial_state(seed=5)
    later = 0
    failures = []
    while not state.is_terminal() and state.hand_number() <= MATCH_HANDS:
        player = state.current_player()
        observation = state.to_json(player)
        if observation["phase"] == "play":
            later += state.hand_number() > 1
            seed = rng.getrandbits(32)
            try:
                sampled = domino.sample_state(observation, seed=seed)
                resampled = state.resample_from_infostate(player, seed)
            except domino.DominoError as e:
                failures.append(f"hand {state.hand_number()}, move {state.move_number()}: {e}")
            else:
                # From the view alone: the same position as far as the seat
                # can tell (its tiles, the layout, every count, the plays
                # open to it), the match score aside.
                assert sampled.current_player() == player
                assert sampled.legal_actions() == state.legal_actions()
                assert _without_score(sampled.to_json(player)) == _without_score(observation)
                # From the match: the hands before as they were, too.
                assert resampled.current_player() == player
                assert resampled.legal_actions() == state.legal_actions()
                assert resampled.to_json(player) == observation
        state.apply_action(rng.choice(state.legal_actions()))
    assert later > 0, f"{preset}: the match ended in its first hand"
    assert not failures, f"{len(failures)} decisions found no deal: {failures[:3]}"

"""The project's bots, driven from Python."""

import random

import pytest

import domino


@pytest.mark.parametrize("name", domino.bot_names())
def test_every_bot_plays_legal_actions_to_the_end(name):
    game = domino.Game("jamaican")
    state = game.new_initial_state(4)
    bot = domino.bot(name, budget_ms=20, seed=1)
    while not state.is_terminal():
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert bot.name == name


def test_an_arena_match_from_python():
    # Expert partners against heuristic partners, one whole match. The
    # expert plays a fixed number of samples, not a time budget: on a
    # loaded machine a 10 ms expert played nearly even with the heuristic,
    # and six-love between near equals outran the move cap (hand 115).
    game = domino.Game("jamaican", match=True)
    state = game.new_initial_state(12)
    bots = [domino.bot("expert:samples=8", seed=s) if s % 2 == 0 else domino.bot("heuristic") for s in range(4)]
    moves = 0
    while not state.is_terminal() and moves < 3000:
        state.apply_action(bots[state.current_player()].step(state))
        moves += 1
    assert state.is_terminal()
    assert sorted(state.returns()) == [-1.0, -1.0, 1.0, 1.0]


def test_bad_bots():
    with pytest.raises(domino.BotError, match="no bot named"):
        domino.bot("grandmaster")
    with pytest.raises(domino.BotError, match="only the expert takes options"):
        domino.bot("random:samples=3")
    state = domino.Game("jamaican").new_initial_state()
    with pytest.raises(domino.GameOverError):
        domino.bot("random").step(state)  # a chance node


def test_bots_play_every_preset():
    rng = random.Random(1)
    for preset in domino.preset_names():
        state = domino.Game(preset).new_initial_state(rng.randrange(1000))
        bot = domino.bot("heuristic")
        while not state.is_terminal():
            state.apply_action(bot.step(state))

"""The games registered with OpenSpiel, played by OpenSpiel's algorithms."""

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import domino.openspiel  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

domino.openspiel.register()


@pytest.mark.parametrize("preset", domino.preset_names())
def test_random_simulations_through_pyspiel(preset):
    game = pyspiel.load_game(domino.openspiel.game_name(preset))
    rng = np.random.RandomState(1)

    class Checker:
        def step(self, state):
            p = state.current_player()
            assert len(state.observation_tensor(p)) == game.observation_tensor_size()
            assert len(state.information_state_tensor(p)) == game.information_state_tensor_size()
            assert state.information_state_string(p)
            return rng.choice(state.legal_actions())

    for _ in range(3):
        returns = play(game, [Checker()] * game.num_players(), rng)
        assert abs(sum(returns)) < 1e-9


def test_parameters_reach_the_game():
    game = pyspiel.load_game("python_domino_all_fives", {"players": 3, "options": '{"target": 50}'})
    assert game.num_players() == 3
    assert game.get_type().reward_model == pyspiel.GameType.RewardModel.REWARDS


def play(game, bots, rng):
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choice(actions, p=probs))
        else:
            state.apply_action(bots[state.current_player()].step(state))
    return state.returns()


def test_openspiel_mcts_and_ismcts_play_jamaican():
    game = pyspiel.load_game("python_domino_jamaican")
    rng = np.random.RandomState(2)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    search = ismcts.ISMCTSBot(game, evaluator, 2.0, 40, random_state=rng)
    cheat = mcts.MCTSBot(game, 2.0, 40, evaluator, random_state=rng)
    uniform = pyspiel.make_uniform_random_bot(1, 3)
    other = pyspiel.make_uniform_random_bot(3, 4)
    returns = play(game, [search, uniform, cheat, other], rng)
    assert sorted(returns) in ([-1.0, -1.0, 1.0, 1.0], [0.0] * 4)


def test_cloning_and_observers():
    game = pyspiel.load_game("python_domino_draw")
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert state.history() != clone.history()
    with pytest.raises(Exception):
        game.make_observer(pyspiel.IIGObservationType(private_info=pyspiel.PrivateInfoType.NONE))


def test_the_trains_family_is_registered_and_plays_to_the_end():
    names = domino.openspiel.register()
    for preset in ("mexican-train", "chicken-foot"):
        for match in (False, True):
            assert domino.openspiel.game_name(preset, match) in names
        game = pyspiel.load_game(domino.openspiel.game_name(preset))
        kind = game.get_type()
        assert kind.max_num_players == 8 and kind.min_num_players == 2
        rng = np.random.RandomState(4)
        uniform = [pyspiel.make_uniform_random_bot(p, 10 + p) for p in range(game.num_players())]
        returns = play(game, uniform, rng)
        assert abs(sum(returns)) < 1e-9

"""The batched environment."""

import numpy as np
import pytest

import domino


@pytest.mark.parametrize("preset", ["jamaican", "all-fives", "draw", "club-fives"])
@pytest.mark.parametrize("match", [False, True])
def test_vec_env_plays_many_games(preset, match):
    env = domino.VecEnv(preset, 16, seed=3, match=match)
    obs, mask, player = env.reset()
    game = domino.Game(preset)
    assert obs.shape == (16, game.observation_tensor_size()) and obs.dtype == np.float32
    assert mask.shape == (16, game.num_distinct_actions()) and mask.dtype == np.bool_
    rng = np.random.default_rng(0)
    totals = np.zeros((16, env.num_players))
    finished = 0
    for _ in range(400):
        assert mask.any(axis=1).all()
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in mask])
        obs, mask, rewards, dones, player = env.step(actions)
        assert rewards.shape == (16, env.num_players)
        totals += rewards
        for i in np.flatnonzero(dones):
            assert abs(totals[i].sum()) < 1e-4
            totals[i] = 0
            finished += 1
        # The player to act sees itself as "me".
        assert (obs[np.arange(16), player] == 1).all()
    assert finished > 0


def test_the_same_seed_gives_the_same_games():
    a, b = domino.VecEnv("jamaican", 4, seed=9), domino.VecEnv("jamaican", 4, seed=9)
    oa, ma, _ = a.reset()
    ob, mb, _ = b.reset()
    assert np.array_equal(oa, ob) and np.array_equal(ma, mb)


def test_an_illegal_action_moves_no_game():
    env = domino.VecEnv("jamaican", 3, seed=1)
    obs, mask, player = env.reset()
    actions = np.array([np.flatnonzero(m)[0] for m in mask])
    bad = actions.copy()
    bad[1] = next(a for a in range(mask.shape[1]) if not mask[1, a])
    with pytest.raises(domino.IllegalActionError, match="game 1"):
        env.step(bad)
    with pytest.raises(domino.IllegalActionError, match="expected 3 actions"):
        env.step(actions[:2])
    obs2, mask2, *_ = env.step(actions)
    assert obs2.shape == obs.shape


def test_bad_options_are_refused():
    with pytest.raises(domino.RulesError):
        domino.VecEnv("jamaican", 2, options={"nope": 1})
    with pytest.raises(domino.RulesError):
        domino.VecEnv("jamaican", 0)


def test_random_steps_counts_every_game_step():
    env = domino.VecEnv("jamaican", 8, seed=2)
    assert env.random_steps(10) == 80
    assert env.episodes >= 8

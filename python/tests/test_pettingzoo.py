"""PettingZoo's own API test on the AEC environments."""

import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test  # noqa: E402

import domino  # noqa: E402
from domino.pettingzoo import env  # noqa: E402


@pytest.mark.parametrize("preset", domino.preset_names())
def test_pettingzoo_api(preset):
    api_test(env(preset), num_cycles=300, verbose_progress=False)


def test_a_pettingzoo_loop_pays_the_returns():
    e = env("jamaican")
    e.reset(seed=4)
    total = {a: 0.0 for a in e.possible_agents}
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        total[agent] += reward
        if termination or truncation:
            action = None
        else:
            action = e.action_space(agent).sample(obs["action_mask"])
        e.step(action)
    assert sorted(total.values()) in ([-1.0, -1.0, 1.0, 1.0], [0.0] * 4)

"""PettingZoo AEC environments, one per preset.

    from domino.pettingzoo import env
    e = env("jamaican")
    e.reset(seed=42)
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        action = None if termination or truncation else \\
            e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

Agents are ``player_0`` ... ``player_{n-1}``. Each observation is a dict:
``"observation"``, the agent's observation tensor (its own view only), and
``"action_mask"``, 1 for each legal action id. The deal is made inside the
engine from the seed given to ``reset`` (no chance agent). Rewards are the
state's rewards (see docs/python.md for what they mean in each game).
"""

import random

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import domino


class DominoEnv(AECEnv):
    """One preset as a PettingZoo AEC environment (one hand, or a match)."""

    metadata = {"render_modes": ["human", "ansi"], "name": "domino_v0", "is_parallelizable": False}

    def __init__(self, preset="jamaican", players=None, options=None, match=False, render_mode=None):
        super().__init__()
        self.game = domino.Game(preset, players, options, match=match)
        self.metadata = dict(self.metadata, name=f"domino_{preset.replace('-', '_')}_v0")
        n = self.game.num_players()
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        size = self.game.observation_tensor_size()
        actions = self.game.num_distinct_actions()
        self._observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(low=-1e6, high=1e6, shape=(size,), dtype=np.float32),
                    "action_mask": spaces.Box(low=0, high=1, shape=(actions,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self._action_spaces = {a: spaces.Discrete(actions) for a in self.possible_agents}
        self.render_mode = render_mode
        self._seeds = random.Random()
        self.state = None

    def observation_space(self, agent):
        return self._observation_spaces[agent]

    def action_space(self, agent):
        return self._action_spaces[agent]

    def observe(self, agent):
        p = self.agent_name_mapping[agent]
        mask = np.zeros(self.game.num_distinct_actions(), np.int8)
        if self.state.current_player() == p:
            mask[self.state.legal_actions()] = 1
        return {"observation": self.state.observation_tensor(p), "action_mask": mask}

    def reset(self, seed=None, options=None):
        if seed is not None:
            self._seeds.seed(seed)
        self.state = self.game.new_initial_state(self._seeds.getrandbits(63))
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.state.current_player()]

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        p = self.agent_name_mapping[agent]
        self._cumulative_rewards[agent] = 0.0
        self.state.apply_action(int(action), player=p)
        for a, r in zip(self.possible_agents, self.state.rewards()):
            self.rewards[a] = r
        if self.state.is_terminal():
            for a in self.agents:
                self.terminations[a] = True
                self.infos[a] = {"returns": self.state.returns()}
        else:
            self.agent_selection = self.possible_agents[self.state.current_player()]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self):
        if self.render_mode is None:
            return None
        text = self.state.observation_string(max(self.state.current_player(), 0))
        if self.render_mode == "human":
            print(text)
        return text

    def close(self):
        pass


def env(preset="jamaican", **kwargs):
    """A PettingZoo AEC environment for `preset` (see `DominoEnv`)."""
    return DominoEnv(preset, **kwargs)

"""The games as OpenSpiel Python games, so OpenSpiel's algorithms and
evaluation tools run on them unchanged.

    import pyspiel
    import domino.openspiel
    domino.openspiel.register()           # every preset, hand and match
    game = pyspiel.load_game("python_domino_jamaican")

Game names are ``python_domino_<preset>`` (one hand) and
``python_domino_<preset>_match`` (a whole match), with ``-`` in preset names
written ``_``. Parameters: ``players`` (an int) and ``options`` (the
preset's options as JSON text). The deal is explicit chance nodes, one per
tile, as OpenSpiel expects; see docs/python.md for actions, tensors and
returns.
"""

import json

import numpy as np
import pyspiel

import domino

_REGISTERED = {}
_CLASSES = []


def game_name(preset, match=False):
    """OpenSpiel's name for a preset: ``python_domino_all_fives``."""
    return "python_domino_" + preset.replace("-", "_") + ("_match" if match else "")


def _game_type(preset, match, sample):
    players = [p for p in domino.presets() if p[0] == preset][0]
    counts = players[1]
    rewards = sample.rewards_during_play()
    return pyspiel.GameType(
        short_name=game_name(preset, match),
        long_name=f"domino {preset}" + (" (match)" if match else " (one hand)"),
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=(
            pyspiel.GameType.RewardModel.REWARDS
            if rewards
            else pyspiel.GameType.RewardModel.TERMINAL
        ),
        max_num_players=max(counts),
        min_num_players=min(counts),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": players[2], "options": "{}"},
    )


class DominoGame(pyspiel.Game):
    """One preset as an OpenSpiel game."""

    def __init__(self, params=None, *, preset, match):
        params = dict(params or {})
        players = int(params.get("players", _REGISTERED[(preset, match)].parameter_specification["players"]))
        options = json.loads(params.get("options", "{}") or "{}")
        self.domino_game = domino.Game(preset, players, options, match=match)
        g = self.domino_game
        info = pyspiel.GameInfo(
            num_distinct_actions=g.num_distinct_actions(),
            max_chance_outcomes=g.max_chance_outcomes(),
            num_players=g.num_players(),
            min_utility=g.min_utility(),
            max_utility=g.max_utility(),
            utility_sum=0.0,
            max_game_length=g.max_game_length() * (50 if match else 1),
        )
        super().__init__(_REGISTERED[(preset, match)], info, params)

    def new_initial_state(self, params=None):
        return DominoState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        return DominoObserver(self.domino_game, iig_obs_type, params)


class DominoState(pyspiel.State):
    """An OpenSpiel state over a `domino.State` dealt by chance nodes."""

    def __init__(self, game):
        super().__init__(game)
        self.inner = game.domino_game.new_initial_state()

    def current_player(self):
        return self.inner.current_player()

    def _legal_actions(self, player):
        return self.inner.legal_actions()

    def chance_outcomes(self):
        return self.inner.chance_outcomes()

    def _apply_action(self, action):
        self.inner.apply_action(action)

    def _action_to_string(self, player, action):
        return self.inner.action_to_string(player, action)

    def is_terminal(self):
        return self.inner.is_terminal()

    def returns(self):
        return self.inner.returns()

    def rewards(self):
        return self.inner.rewards()

    def resample_from_infostate(self, player_id, probability_sampler):
        """A state `player_id` cannot tell from this one (for IS-MCTS)."""
        seed = int(probability_sampler() * (1 << 53))
        clone = self.clone()
        clone.inner = self.inner.resample_from_infostate(player_id, seed)
        return clone

    def __str__(self):
        return str(self.inner)


class DominoObserver:
    """OpenSpiel's observer: a player's own view only."""

    def __init__(self, game, iig_obs_type, params):
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        if iig_obs_type is not None and (
            iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
            or not iig_obs_type.public_info
        ):
            raise ValueError(
                "domino offers a player's own view only "
                "(public_info=True, private_info=SINGLE_PLAYER)"
            )
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        if self.perfect_recall:
            size = game.information_state_tensor_size()
            name = "info_state"
        else:
            size = game.observation_tensor_size()
            name = "observation"
        self.tensor = np.zeros(size, np.float32)
        self.dict = {name: self.tensor}

    def set_from(self, state, player):
        if self.perfect_recall:
            self.tensor[:] = state.inner.information_state_tensor(player)
        else:
            self.tensor[:] = state.inner.observation_tensor(player)

    def string_from(self, state, player):
        if self.perfect_recall:
            return state.inner.information_state_string(player)
        return state.inner.observation_string(player)


def register(presets=None, match=(False, True)):
    """Register the presets (all by default) with OpenSpiel; returns the
    names registered. Registering twice is harmless."""
    names = []
    for preset in presets or domino.preset_names():
        for m in match:
            key = (preset, m)
            if key not in _REGISTERED:
                sample = domino.Game(preset, match=m)
                _REGISTERED[key] = _game_type(preset, m, sample)

                # A class per game, as OpenSpiel's own Python games register:
                # the registry outlives the interpreter, and a plain function
                # freed after it would crash the exit.
                def init(self, params=None, _p=preset, _m=m):
                    DominoGame.__init__(self, params, preset=_p, match=_m)

                cls = type(f"DominoGame_{preset.replace('-', '_')}{'_match' if m else ''}",
                           (DominoGame,), {"__init__": init})
                _CLASSES.append(cls)
                pyspiel.register_game(_REGISTERED[key], cls)
            names.append(game_name(preset, m))
    return names

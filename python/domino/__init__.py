"""Fourteen domino games for research and bots: the twelve regional games
and the trains family (Mexican Train, chicken foot).

A fast Rust engine (the project's own) with an OpenSpiel-style game and
state API, the project's bots, a batched environment for reinforcement
learning, PettingZoo environments (``domino.pettingzoo``) and OpenSpiel
registration (``domino.openspiel``). See docs/python.md.
"""

from ._domino import (
    BotError,
    CHANCE,
    ConnectError,
    DealError,
    DominoError,
    Game,
    GameOverError,
    IllegalActionError,
    NotYourTurnError,
    Puzzle,
    RecordError,
    RulesError,
    State,
    TERMINAL,
    VecEnv,
    bot,
    bot_names,
    connect,
    load_puzzles,
    load_record,
    presets,
    sample_state,
)

__all__ = [
    "BotError",
    "CHANCE",
    "ConnectError",
    "DealError",
    "DominoError",
    "Game",
    "GameOverError",
    "IllegalActionError",
    "NotYourTurnError",
    "Puzzle",
    "RecordError",
    "RulesError",
    "State",
    "TERMINAL",
    "VecEnv",
    "bot",
    "bot_names",
    "connect",
    "load_puzzles",
    "load_record",
    "preset_names",
    "presets",
    "sample_state",
]


def preset_names():
    """The fourteen games' names, in the engine's order: the twelve, then
    ``mexican-train`` and ``chicken-foot``."""
    return [p[0] for p in presets()]

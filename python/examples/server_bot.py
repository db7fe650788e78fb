"""OpenSpiel's IS-MCTS plays as a bot account on a domino server.

Each decision starts from a state of the current hand that agrees with
what the seat was shown (``domino.sample_state``: the hidden tiles dealt
at random, consistently with the plays, passes and draws); IS-MCTS then
resamples the other players' tiles itself at every simulation.

    DOMINO_BOT_TOKEN=dbt_... python python/examples/server_bot.py \\
        --server http://127.0.0.1:8080 --game draw --players 2 --seek --games 3

The token is a bot account's (docs/botapi.md); it is read from
$DOMINO_BOT_TOKEN, so that it stays out of the process list.

A decision whose search fails (no sampled deal, a resampling or search
that raises, an action the search chose that the server does not list) is
never the table's end: the policy logs a warning and plays the first legal
action, and the table goes on. ``domino.connect`` does the same for any
policy that raises or answers an illegal action.
"""

import argparse
import json
import logging
import os
import random

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import domino
import domino.openspiel


class IsmctsPolicy:
    """A policy for ``domino.connect``: (observation, legal) -> action."""

    def __init__(self, simulations, seed=0):
        self.simulations = simulations
        self.rng = np.random.RandomState(seed)
        self.games = {}
        self.fallbacks = 0

    def game(self, rules):
        key = (rules["preset"], rules.get("players"))
        if key not in self.games:
            name = domino.openspiel.game_name(rules["preset"])
            params = {"players": rules["players"]} if rules.get("players") else {}
            self.games[key] = pyspiel.load_game(name, params)
        return self.games[key]

    def __call__(self, observation, legal):
        if len(legal) == 1 or observation["phase"] != "play":
            # One choice, or choosing a partner to pose: nothing to search.
            return legal[0]
        try:
            return self.search(observation, legal)
        except Exception as e:  # noqa: BLE001 - whatever fails, the table goes on
            self.fallbacks += 1
            logging.getLogger("domino").warning(
                "the search failed (%s: %s): playing %s", type(e).__name__, e, legal[0]
            )
            return legal[0]

    def search(self, observation, legal):
        """IS-MCTS from a state agreeing with the observation."""
        game = self.game(observation["rules"])
        state = game.new_initial_state()
        state.inner = domino.sample_state(observation, seed=random.getrandbits(63))
        evaluator = mcts.RandomRolloutEvaluator(1, self.rng)
        bot = ismcts.ISMCTSBot(game, evaluator, 2.0, self.simulations, random_state=self.rng)
        chosen = json.loads(state.inner.action_to_string(bot.step(state)))
        # The server's legal list may spell an action with members the
        # engine leaves out (or the reverse): match on what both say.
        for action in legal:
            if all(action.get(k) == v for k, v in chosen.items()):
                return action
        raise ValueError(f"IS-MCTS chose {chosen}, which is not among {legal}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--server", default="http://127.0.0.1:8080")
    ap.add_argument("--token", default=os.environ.get("DOMINO_BOT_TOKEN"))
    ap.add_argument("--game", default="draw")
    ap.add_argument("--players", type=int, default=None, help="the number of players sought (default: the game's)")
    ap.add_argument("--rated", action="store_true")
    ap.add_argument("--seek", action="store_true")
    ap.add_argument("--games", type=int, default=1)
    ap.add_argument("--tables", type=int, default=1, help="tables played at once, at most")
    ap.add_argument("--simulations", type=int, default=100)
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING, format="%(name)s: %(message)s")
    if not args.token:
        ap.error("give --token or set DOMINO_BOT_TOKEN")
    domino.openspiel.register([args.game], match=(False,))
    played = domino.connect(
        args.server,
        args.token,
        IsmctsPolicy(args.simulations),
        game=args.game,
        players=args.players,
        rated=args.rated,
        seek=args.seek,
        tables=args.tables,
        games=args.games,
    )
    for m in played:
        outcome = {True: "won", False: "lost", None: "no winner"}[m["won"]]
        rating = ""
        if m["rating_after"] is not None:
            rating = f", rating {m['rating_before']:.0f} -> {m['rating_after']:.0f}"
        print(f"table {m['table']}: {outcome} {'-'.join(map(str, m['scores']))}{rating}")


if __name__ == "__main__":
    main()

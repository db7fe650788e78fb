"""OpenSpiel's IS-MCTS (partners in seats 0 and 2) against uniform random
players, on one of our games registered with OpenSpiel.

    python python/examples/openspiel_ismcts.py [--game python_domino_jamaican] [--hands 10]
"""

import argparse

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import domino.openspiel


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", default="python_domino_jamaican")
    ap.add_argument("--hands", type=int, default=10)
    ap.add_argument("--simulations", type=int, default=200)
    args = ap.parse_args()
    domino.openspiel.register()
    game = pyspiel.load_game(args.game)
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    total = 0.0
    for hand in range(args.hands):
        bots = [
            ismcts.ISMCTSBot(game, evaluator, 2.0, args.simulations, random_state=rng)
            if p % 2 == 0
            else pyspiel.make_uniform_random_bot(p, hand * 10 + p)
            for p in range(game.num_players())
        ]
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choice(outcomes, p=probs))
            else:
                state.apply_action(bots[state.current_player()].step(state))
        total += state.returns()[0]
    print(f"IS-MCTS team's mean return over {args.hands} hands: {total / args.hands:+.2f}")


if __name__ == "__main__":
    main()

"""A random agent plays hands of a game; prints the mean returns.

    python python/examples/random_agent.py [--preset all-fives] [--hands 1000]
"""

import argparse
import random

import domino


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--preset", default="jamaican")
    ap.add_argument("--hands", type=int, default=1000)
    args = ap.parse_args()
    game = domino.Game(args.preset)
    rng = random.Random(0)
    totals = [0.0] * game.num_players()
    for seed in range(args.hands):
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        totals = [t + r for t, r in zip(totals, state.returns())]
    print(f"{args.preset}: mean returns over {args.hands} hands:",
          [round(t / args.hands, 3) for t in totals])


if __name__ == "__main__":
    main()

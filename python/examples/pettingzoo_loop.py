"""A PettingZoo loop with random masked actions.

    python python/examples/pettingzoo_loop.py [--preset all-fives] [--games 5]
"""

import argparse

from domino.pettingzoo import env


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--preset", default="all-fives")
    ap.add_argument("--games", type=int, default=5)
    args = ap.parse_args()
    e = env(args.preset)
    for game in range(args.games):
        e.reset(seed=game)
        totals = {a: 0.0 for a in e.possible_agents}
        for agent in e.agent_iter():
            obs, reward, termination, truncation, info = e.last()
            totals[agent] += reward
            if termination or truncation:
                action = None
            else:
                action = e.action_space(agent).sample(obs["action_mask"])
            e.step(action)
        print(f"game {game}: {totals}")


if __name__ == "__main__":
    main()

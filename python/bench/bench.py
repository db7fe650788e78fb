"""Speed, side by side in one run (reported, never asserted).

    python python/bench/bench.py [--seconds 5]

1. Random Jamaican hands per second from a plain Python loop over
   `legal_actions` / `apply_action`: this package (dealt from a seed, and
   dealt by chance nodes as OpenSpiel deals), against OpenSpiel's Python
   `team_dominoes` when open_spiel is installed. The rounds alternate so
   that a noisy machine hits both alike.
2. Steps per second of the batched environment on one thread (`VecEnv`):
   random actions chosen inside Rust, and through `step()` from Python.
"""

import argparse
import json
import random
import statistics
import time

import numpy as np

import domino


def hands_per_sec(new_state, seconds, rng):
    """Random hands from `new_state()` to the end, chance nodes included."""
    n, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = new_state(n)
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
        n += 1
    return n / (time.perf_counter() - start)


def ours_seeded(seconds, rng):
    game = domino.Game("jamaican")
    return hands_per_sec(game.new_initial_state, seconds, rng)


def ours_chance(seconds, rng):
    game = domino.Game("jamaican")
    return hands_per_sec(lambda _: game.new_initial_state(), seconds, rng)


def openspiel_team_dominoes(seconds, rng):
    import pyspiel
    from open_spiel.python.games import team_dominoes  # noqa: F401 (registers it)

    game = pyspiel.load_game("python_team_dominoes")
    return hands_per_sec(lambda _: game.new_initial_state(), seconds, rng)


def vec_env(num_envs, seconds):
    env = domino.VecEnv("jamaican", num_envs, seed=1)
    env.reset()
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        steps += env.random_steps(20)
    inside = steps / (time.perf_counter() - start)
    obs, mask, player = env.reset()
    rng = np.random.default_rng(0)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        # A uniformly random legal action per game, vectorised in numpy.
        scores = rng.random(mask.shape) * mask
        obs, mask, rewards, dones, player = env.step(scores.argmax(axis=1))
        steps += num_envs
    through_step = steps / (time.perf_counter() - start)
    return inside, through_step


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=3.0, help="per measurement")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--envs", type=int, default=1024)
    args = ap.parse_args()
    rng = random.Random(1)
    try:
        import pyspiel  # noqa: F401

        have_openspiel = True
    except ImportError:
        have_openspiel = False
    runs = {"domino_seeded": [], "domino_chance": [], "openspiel_team_dominoes": []}
    for _ in range(args.rounds):
        runs["domino_seeded"].append(ours_seeded(args.seconds, rng))
        if have_openspiel:
            runs["openspiel_team_dominoes"].append(openspiel_team_dominoes(args.seconds, rng))
        runs["domino_chance"].append(ours_chance(args.seconds, rng))
    report = {k: round(statistics.median(v)) for k, v in runs.items() if v}
    if have_openspiel:
        base = report["openspiel_team_dominoes"]
        report["speedup_seeded"] = round(report["domino_seeded"] / base, 1)
        report["speedup_chance"] = round(report["domino_chance"] / base, 1)
    inside, through = vec_env(args.envs, args.seconds)
    report["vec_env_envs"] = args.envs
    report["vec_env_steps_per_sec_inside_rust"] = round(inside)
    report["vec_env_steps_per_sec_through_step"] = round(through)
    print(json.dumps({"hands_per_sec": report}, indent=1))


if __name__ == "__main__":
    main()

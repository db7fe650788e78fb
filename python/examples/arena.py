"""An arena from Python: two of the project's bots as partners against two
others, whole matches, seats swapped every other match.

    python python/examples/arena.py [--preset jamaican] [--bots expert,heuristic] [--matches 10]
"""

import argparse

import domino


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--preset", default="jamaican")
    ap.add_argument("--bots", default="expert,heuristic")
    ap.add_argument("--matches", type=int, default=10)
    ap.add_argument("--budget-ms", type=int, default=50)
    args = ap.parse_args()
    names = args.bots.split(",")
    game = domino.Game(args.preset, match=True)
    wins = dict.fromkeys(names, 0.0)
    for match in range(args.matches):
        # Bot k plays the seats of side (k + match) % 2.
        seat_bot = [names[(game.side_of(p) + match) % 2] for p in range(game.num_players())]
        bots = [domino.bot(n, budget_ms=args.budget_ms, seed=match) for n in seat_bot]
        state = game.new_initial_state(match // 2)
        while not state.is_terminal():
            state.apply_action(bots[state.current_player()].step(state))
        winner = max(range(game.num_players()), key=lambda p: state.returns()[p])
        wins[seat_bot[winner]] += 1
    print(f"{args.preset}, {args.matches} matches: {wins}")


if __name__ == "__main__":
    main()

"""Play whole matches between mixed bot levels and write their match records,
one per line: what `domino puzzles generate --records FILE` mines puzzles from.

The seats take the heavy, heuristic and count levels in turn, so the play holds
the kind of mistakes a club table makes.

    python match_records.py --game jamaican --matches 12 --seed 500 --out rec.jsonl
"""

import argparse
import json

import domino

LEVELS = ["heavy", "heuristic", "count", "heuristic", "heavy", "count"]


def play(game: domino.Game, seed: int) -> dict:
    """One whole match, as its record."""
    state = game.new_initial_state(seed)
    players = state.num_players()
    bots = [domino.bot(LEVELS[(s + seed) % len(LEVELS)], seed=seed * 7 + s) for s in range(players)]
    steps = 0
    while not state.is_terminal() and steps < 5000:
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(bots[state.current_player()].step(state))
        steps += 1
    return state.to_record()


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", default="jamaican")
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--matches", type=int, default=12)
    p.add_argument("--seed", type=int, default=500)
    p.add_argument("--out", default="records.jsonl")
    a = p.parse_args()
    game = domino.Game(a.game, players=a.players, match=True)
    hands = 0
    with open(a.out, "w") as f:
        for m in range(a.matches):
            record = play(game, a.seed + m)
            hands += len(record["hands"])
            f.write(json.dumps(record) + "\n")
    print(f"{a.matches} {a.game} matches, {hands} hands, written to {a.out}")


if __name__ == "__main__":
    main()

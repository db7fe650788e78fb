"""The game and state API: encodings, chance, returns, records, bad input."""

import copy
import json
import random

import numpy as np
import pytest

import domino

PRESETS = domino.preset_names()


def play_random(state, rng, limit=10_000):
    """Play (and deal) at random to the end; the returns seen on the way."""
    total = np.zeros(state.num_players())
    for _ in range(limit):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            assert abs(sum(probs) - 1.0) < 1e-9
            state.apply_action(rng.choice(outcomes))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        total += state.rewards()
    return total


def test_presets_are_the_fourteen_games():
    assert len(PRESETS) == 14
    assert "jamaican" in PRESETS and "club-fives" in PRESETS
    assert PRESETS[12:] == ["mexican-train", "chicken-foot"]


@pytest.mark.parametrize("preset", ["mexican-train", "chicken-foot"])
def test_the_trains_family_plays_a_whole_match_to_its_end(preset):
    # Every falling engine double, 13 hands of double-twelve or 10 of
    # double-nine, dealt and played at random; the lowest total wins.
    game = domino.Game(preset, match=True)
    state = game.new_initial_state(7)
    total = play_random(state, random.Random(7), limit=100_000)
    assert state.is_terminal()
    assert abs(sum(state.returns())) < 1e-9
    assert np.allclose(total, state.returns())
    assert max(state.returns()) > 0


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("match", [False, True])
def test_random_games_end_zero_sum_with_rewards_adding_up(preset, match):
    game = domino.Game(preset, match=match)
    rng = random.Random(3)
    for seed in range(3):
        for state in (game.new_initial_state(seed), game.new_initial_state()):
            total = play_random(state, rng)
            assert state.is_terminal()
            assert state.current_player() == domino.TERMINAL
            assert abs(sum(state.returns())) < 1e-9
            assert np.allclose(total, state.returns())
            assert state.legal_actions() == []


@pytest.mark.parametrize("preset", PRESETS)
def test_action_ids_round_trip_through_the_protocol_notation(preset):
    game = domino.Game(preset)
    state = game.new_initial_state(5)
    rng = random.Random(5)
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal == sorted(legal)
        assert all(0 <= a < game.num_distinct_actions() for a in legal)
        mask = state.legal_actions_mask()
        assert list(np.flatnonzero(mask)) == legal
        for a in legal:
            text = state.action_to_string(a)
            assert state.string_to_action(text) == a
            assert game.action_to_string(a) == text
            assert json.loads(text)["type"] in ("play", "draw", "pass", "muggins", "choose_poser")
        state.apply_action(rng.choice(legal))


def test_play_without_end_is_filled_in_when_one_end_fits():
    state = domino.Game("jamaican").new_initial_state(7)
    state.apply_action(state.legal_actions()[0])
    for a in state.legal_actions():
        full = json.loads(state.action_to_string(a))
        if full["type"] != "play":
            continue
        bare = {"type": "play", "tile": full["tile"]}
        others = [
            b for b in state.legal_actions()
            if json.loads(state.action_to_string(b)).get("tile") == full["tile"]
        ]
        if len(others) == 1:
            assert state.string_to_action(json.dumps(bare)) == a


def test_chance_nodes_deal_every_tile_once():
    game = domino.Game("draw")
    state = game.new_initial_state()
    assert state.is_chance_node() and state.current_player() == domino.CHANCE
    seen = []
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert all(abs(p - 1 / len(outcomes)) < 1e-12 for _, p in outcomes)
        seen.append(outcomes[0][0])
        assert state.action_to_string(domino.CHANCE, outcomes[0][0]).startswith("deal ")
        state.apply_action(outcomes[0][0])
    assert len(seen) == len(set(seen)) == 28
    record = state.to_record()
    deal = record["hands"][0]["deal"]
    assert sum(len(h) for h in deal["hands"]) + len(deal["boneyard"]) == 28


def test_club_fives_turn_over_is_a_chance_node():
    state = domino.Game("club-fives").new_initial_state()
    for _ in range(28):
        assert state.action_to_string(state.chance_outcomes()[0][0]).startswith("deal ")
        state.apply_action(state.chance_outcomes()[0][0])
    assert state.chance_outcomes() == [(0, 0.5), (1, 0.5)]
    assert state.action_to_string(domino.CHANCE, 1) == "turn-over: seat 1 poses"
    state.apply_action(1)
    assert state.current_player() == 1


def test_an_explicit_deal_is_played_as_given():
    seeded = domino.Game("jamaican").new_initial_state(9)
    deal = seeded.to_record()["hands"][0]["deal"]
    state = domino.Game("jamaican").new_initial_state(deal=deal)
    assert state.to_json() | {"seed": None} == seeded.to_json() | {"seed": None}
    with pytest.raises(domino.DealError, match="more than once"):
        bad = copy.deepcopy(deal)
        bad["hands"][0][0] = bad["hands"][1][0]
        domino.Game("jamaican").new_initial_state(deal=bad)


def find_hand(pred, preset="jamaican", seeds=range(2000)):
    game = domino.Game(preset)
    for seed in seeds:
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        if pred(state):
            return state
    raise AssertionError("no such hand found")


def test_a_partner_who_dominoes_wins_for_his_team_whatever_the_pips():
    # OpenSpiel's team_dominoes pays the team with fewer pips left, which is
    # the wrong side when the domino's partner holds more than both others.
    def wrong_side_by_pips(s):
        r = s.to_json()["result"]
        if r["reason"] != "domino":
            return False
        side = r["seat"] % 2
        mine = r["counts"][side] + r["counts"][side + 2]
        theirs = r["counts"][1 - side] + r["counts"][3 - side]
        return mine > theirs

    state = find_hand(wrong_side_by_pips)
    seat = state.to_json()["result"]["seat"]
    returns = state.returns()
    assert returns[seat] == 1.0 and returns[(seat + 2) % 4] == 1.0
    assert returns[(seat + 1) % 4] == -1.0 and returns[(seat + 3) % 4] == -1.0


def test_points_games_return_the_points_difference():
    state = find_hand(lambda s: s.to_json()["result"]["points"] != [0, 0], preset="all-fives")
    points = state.to_json()["result"]["points"]
    assert state.returns() == [points[0] - points[1], points[1] - points[0]]
    french = find_hand(lambda s: True, preset="french")
    pts = french.to_json()["result"]["points"]
    mean_others = [(sum(pts) - p) / 3 for p in pts]
    assert french.returns() == pytest.approx([-(p - m) for p, m in zip(pts, mean_others)])


def test_cutthroat_winner_takes_one_and_the_others_share_its_loss():
    state = find_hand(lambda s: s.to_json()["result"]["winner"] is not None, preset="cutthroat")
    w = state.to_json()["result"]["winner"]["side"]
    assert state.returns() == pytest.approx([1.0 if p == w else -1 / 3 for p in range(4)])


def test_rewards_arrive_during_play_in_the_fives_games():
    game = domino.Game("all-fives")
    assert game.rewards_during_play()
    assert not domino.Game("jamaican").rewards_during_play()
    state = game.new_initial_state(1)
    rng = random.Random(1)
    seen = False
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
        seen |= any(state.rewards()) and not state.is_terminal()
    assert seen


def test_clone_is_independent():
    state = domino.Game("jamaican").new_initial_state(4)
    other = state.clone()
    other.apply_action(other.legal_actions()[0])
    assert state.move_number() == 0 and other.move_number() == 1
    assert copy.deepcopy(state).to_json() == state.to_json()


def test_records_load_at_hand_and_match_level():
    state = domino.Game("jamaican", match=True).new_initial_state(2)
    rng = random.Random(2)
    for _ in range(60):
        state.apply_action(rng.choice(state.legal_actions()))
    record = state.to_record()
    assert record["format"] == "domino-record/1"
    again = domino.load_record(record)
    assert again.to_json() == state.to_json()
    assert again.information_state_string(1) == state.information_state_string(1)
    assert np.array_equal(again.information_state_tensor(1), state.information_state_tensor(1))
    text = domino.load_record(json.dumps(record), match=False)
    assert text.get_game().is_match is False


class TestBadInput:
    def setup_method(self):
        self.state = domino.Game("jamaican").new_initial_state(7)

    def unchanged(self, before):
        assert self.state.to_json() == before
        assert self.state.history() == []

    def test_illegal_ids_raise_and_change_nothing(self):
        before = self.state.to_json()
        legal = self.state.legal_actions()
        illegal = next(a for a in range(91) if a not in legal)
        with pytest.raises(domino.IllegalActionError, match="not legal now"):
            self.state.apply_action(illegal)
        with pytest.raises(domino.IllegalActionError, match="ids run from 0 to 90"):
            self.state.apply_action(9999)
        with pytest.raises(domino.IllegalActionError):
            self.state.apply_action(-1)
        with pytest.raises(TypeError):
            self.state.apply_action("6-6")
        self.unchanged(before)

    def test_the_wrong_player_is_refused(self):
        before = self.state.to_json()
        wrong = (self.state.current_player() + 1) % 4
        with pytest.raises(domino.NotYourTurnError, match=f"player {wrong} cannot act"):
            self.state.apply_action(self.state.legal_actions()[0], player=wrong)
        assert self.state.legal_actions(wrong) == []
        self.unchanged(before)
        with pytest.raises(IndexError):
            self.state.observation_tensor(4)

    def test_bad_action_text(self):
        with pytest.raises(domino.IllegalActionError, match="protocol's JSON"):
            self.state.string_to_action("play 6-6")
        with pytest.raises(domino.IllegalActionError):
            self.state.string_to_action('{"type": "fly"}')

    def test_acting_after_the_end(self):
        rng = random.Random(1)
        while not self.state.is_terminal():
            self.state.apply_action(rng.choice(self.state.legal_actions()))
        with pytest.raises(domino.GameOverError):
            self.state.apply_action(0)

    @pytest.mark.parametrize(
        "args,message",
        [
            (("poker",), "unknown preset"),
            (("jamaican", 3), "4 to 4 players"),
            (("jamaican", 4, {"keytile": True}), "unknown option `keytile`"),
            (("jamaican", 4, {"key_tile": 3}), "key_tile"),
            (("jamaican", -1), "not a player count"),
            (("jamaican", 4, [1, 2]), "dict"),
        ],
    )
    def test_bad_rules(self, args, message):
        with pytest.raises(domino.RulesError, match=message):
            domino.Game(*args)

    def test_bad_records(self):
        with pytest.raises(domino.RecordError, match="not a domino-record/1"):
            domino.load_record({"format": "nope"})
        record = self.state.to_record()
        record["hands"][0]["actions"] = [{"seat": 1, "action": {"type": "pass"}}]
        with pytest.raises(domino.RecordError, match="hand 1, action 0"):
            domino.load_record(record)

    def test_errors_are_value_errors(self):
        assert issubclass(domino.IllegalActionError, domino.DominoError)
        assert issubclass(domino.DominoError, ValueError)

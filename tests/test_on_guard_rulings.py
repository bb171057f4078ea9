"""On Guard's rulings, one test each (OG1-OG16, docs/games/on-guard.md)."""

from __future__ import annotations

import pytest

from guarda.errors import ArgumentError, ConfigurationError, IllegalActionError
from guarda.games.on_guard import (
    ATTACK,
    JACK,
    JOKER,
    KING,
    ON_GUARD,
    PARRY,
    QUEEN,
    Add,
    BarrageBegan,
    BoutEnded,
    Done,
    Event,
    ExchangeScored,
    OnGuardConfig,
    SelectionsRevealed,
    action_sum,
    choices,
    new_game,
    odds_seat,
    starting_hand,
    view,
)
from on_guard_support import CONFIGS, exchange, random_game, select

ALL_EXCEPT = (1, 1, 2, 2, 3, 3, 4, 5, 6, 7, 8, 9, 10)


def fresh(config: OnGuardConfig | None = None, seed: int = 1) -> object:
    return ON_GUARD.new_game(config or OnGuardConfig(), seed)


def test_og1_attack_and_parry_follow_the_pips() -> None:
    # Outer pips per side (Attack), centre-column pips (Parry), Ace to 10.
    assert [ATTACK[c] for c in range(1, 11)] == [0, 0, 0, 2, 2, 3, 3, 3, 4, 4]
    assert [PARRY[c] for c in range(1, 11)] == [1, 2, 3, 0, 1, 0, 1, 2, 1, 2]
    # Every pip is counted once: Attack on both sides plus Parry is the card's number.
    assert all(2 * ATTACK[c] + PARRY[c] == c for c in range(1, 11))


def test_og2_hits_are_the_combined_attack_when_it_beats_the_combined_parry() -> None:
    state = new_game(OnGuardConfig(), 1)
    # Seat 0: 9 + 4 = Attack 6, Parry 1. Seat 1: 3 + 2 = Attack 0, Parry 5.
    state, events = exchange(state, (4, 9), (2, 3))
    assert state.hits == (6, 0)
    # Attack 4 (the 10) against Parry 4 (the 3 and the Ace): not greater, no hit.
    state, _ = exchange(state, (10,), (1, 3))
    assert state.hits == (6, 0)
    scored = [e for e in events if isinstance(e, ExchangeScored)]
    assert scored[0].attack == (6, 0) and scored[0].parry == (1, 5)


def test_og3_a_selection_needs_an_action_card_and_the_king_raises_the_sum_to_15() -> None:
    state = new_game(OnGuardConfig(), 1)
    with pytest.raises(IllegalActionError) as error:
        ON_GUARD.apply(state, Done())
    assert error.value.rule == "OG3"
    after_jack, _ = ON_GUARD.apply(state, Add(JACK))
    assert Done() not in ON_GUARD.legal_actions(after_jack)  # a technique alone is no selection
    # Without the King, 10 then 4 would make 14: refused.
    with_ten, _ = ON_GUARD.apply(state, Add(4))
    assert Add(10) not in ON_GUARD.legal_actions(with_ten)
    with pytest.raises(IllegalActionError, match="more than 13") as error:
        ON_GUARD.apply(with_ten, Add(10))
    assert error.value.rule == "OG3"
    # With the King first, 4 + 10 = 14 and 5 + 10 = 15 are fine, 16 is not.
    king, _ = ON_GUARD.apply(state, Add(KING))
    assert action_sum((KING, 5, 10)) == 15
    assert Add(10) in choices(OnGuardConfig(), "bout", (5, 10), (KING, 5))
    assert Add(10) not in choices(OnGuardConfig(), "bout", (6, 10), (KING, 6))
    state, _ = select(king, (4, 10))
    assert state.selections[0] == (KING, 4, 10)


def test_og4_the_jack_doubles_only_its_own_attack_hits() -> None:
    state = new_game(OnGuardConfig(), 1)
    state, events = exchange(state, (JACK, QUEEN, 1, 3, 8), (6,))
    # Seat 0: Attack 3 beats Parry 0, doubled to 6; Parry 6 beats Attack 3: riposte 3, not doubled.
    scored = next(e for e in events if isinstance(e, ExchangeScored))
    assert scored.attack_hits == (6, 0)
    assert scored.riposte_hits == (3, 0)
    assert state.hits == (9, 0)
    # A Jack whose Attack does not beat the Parry does nothing.
    state, events = exchange(state, (10,), (JACK, 4))
    scored = next(e for e in events if isinstance(e, ExchangeScored))
    assert scored.attack_hits == (4, 0)  # seat 1's Attack 2 does not beat Parry 2


def test_og5_queen_ripostes_with_the_opponents_attack_and_both_may_play_one() -> None:
    state = new_game(OnGuardConfig(), 1)
    # Both play the Queen: seat 0's Parry 5 beats Attack 3 and ripostes 3 hits; seat 1's
    # Parry 1 beats seat 0's Attack 0, a riposte worth nothing; neither Attack lands.
    state, events = exchange(state, (QUEEN, 2, 3), (QUEEN, 7))
    scored = next(e for e in events if isinstance(e, ExchangeScored))
    assert scored.riposte_hits == (3, 0)
    assert scored.attack_hits == (0, 0)
    assert state.hits == (3, 0)
    # The Queen with too little Parry does nothing: Parry 2 against Attack 4.
    state, events = exchange(new_game(OnGuardConfig(), 1), (QUEEN, 8), (10,))
    assert next(e for e in events if isinstance(e, ExchangeScored)).riposte_hits == (0, 0)


def test_og6_the_joker_ignores_the_highest_action_card_even_a_single_one() -> None:
    config = OnGuardConfig(jokers=True)
    state = new_game(config, 1)
    # A single card against a Joker is wholly ignored: Attack 0, Parry 0.
    state, events = exchange(state, (JOKER, 1), (10,))
    revealed = next(e for e in events if isinstance(e, SelectionsRevealed))
    assert revealed.ignored == (None, 10)
    scored = next(e for e in events if isinstance(e, ExchangeScored))
    assert scored.attack == (0, 0) and scored.parry == (1, 0)
    assert 10 in state.discards[1]  # an ignored card is still discarded
    # Joker against Joker: both highest cards are ignored.
    state = new_game(config, 1)
    state, events = exchange(state, (JOKER, 2, 9), (JOKER, 3, 10))
    revealed = next(e for e in events if isinstance(e, SelectionsRevealed))
    assert revealed.ignored == (9, 10)
    assert state.hits == (0, 0)  # Parry 2 and 3 against Attack 0


def test_og7_an_ace_counts_one_toward_the_sum() -> None:
    assert action_sum((1, 1, 2, 9)) == 13
    state = new_game(OnGuardConfig(), 1)
    state, _ = select(state, (1, 1, 2, 9))
    assert state.chosen[0]
    assert Add(10) not in choices(OnGuardConfig(), "bout", (1, 1, 2, 10), (1, 1, 2))


def test_og8_the_bout_ends_and_the_other_may_make_one_final_attack() -> None:
    state = new_game(OnGuardConfig(), 1)
    # Seat 0 spends its action cards fast; seat 1 one card a turn.
    turns = (((1, 1, 2, 9), (1,)), ((2, 3, 8), (1,)), ((3, 10), (2,)), ((4, 5), (2,)))
    for first, second in turns:
        state, events = exchange(state, first, second)
    state, events = exchange(state, (6, 7), (3,))
    assert BoutEnded(1) in events
    assert state.phase == "final" and state.actor == 1
    legal = ON_GUARD.legal_actions(state)
    assert Done() in legal  # declining is allowed
    assert all(not (isinstance(a, Add) and a.card > 10) for a in legal)  # no techniques
    before = state.hits
    state, _ = select(state, (4, 9))  # sum 13, Attack 6: every Attack point scores
    assert state.hits == (before[0], before[1] + 6)
    assert state.phase in ("over", "barrage")
    # Both out of action cards at once: no Final Attack.
    both = new_game(OnGuardConfig(tier="stesso"), 1)
    while both.phase == "bout":
        card = min(c for c in both.hands[0])
        both, events = exchange(both, (card,), (card,))
    assert BoutEnded(None) in events


def test_og9_barrage_odds_from_the_deal_cards_return_and_are_discarded() -> None:
    config = OnGuardConfig(tier="stesso")
    state = new_game(config, 7, salt="s")
    assert state.odds == odds_seat(7, "s")
    # Mirror every card: hits stay tied, the Barrage begins.
    events: list[Event] = []
    for card in ALL_EXCEPT:
        state, events = exchange(state, (card,), (card,))
    assert BarrageBegan(state.odds) in events
    assert state.phase == "barrage"
    assert state.hands == (ALL_EXCEPT, ALL_EXCEPT)  # every action card back in hand
    odds = state.odds
    state, _ = exchange(state, (1,), (2,))  # 3 is odd: the odds player scores
    assert state.barrage_hits[odds] == 1
    assert 1 in state.discards[0] and state.hands[0].count(1) == 1  # played cards are spent
    while state.phase == "barrage":
        state, _ = exchange(state, (state.hands[0][-1],), (state.hands[1][-1],))
    assert max(state.barrage_hits) == 3 and state.winner is not None
    assert state.barrage_hits[state.winner] == 3


def test_og10_each_seat_holds_its_suit_and_the_off_suit_ace_two_three() -> None:
    state = new_game(OnGuardConfig(jokers=True), 1)
    assert state.hands[0] == state.hands[1] == (*ALL_EXCEPT, JACK, QUEEN, KING, JOKER)
    assert starting_hand(jokers=False, techniques=True) == (*ALL_EXCEPT, JACK, QUEEN, KING)
    assert "spades" in ON_GUARD.text(state) and "hearts" in ON_GUARD.text(state)


def test_og11_seat_0_selects_first_and_seat_1_sees_only_that_it_chose() -> None:
    state = new_game(OnGuardConfig(), 1)
    assert state.actor == 0
    chosen, _ = select(state, (10,))
    other = view(chosen, 1)
    assert chosen.actor == 1 and other.chosen == (True, False)
    assert other.selection == ()
    assert other == view(select(state, (1, 2))[0], 1)  # what seat 0 chose is invisible


def test_og12_stesso_tempo_has_no_technique_cards_and_no_jokers() -> None:
    state = new_game(OnGuardConfig(tier="stesso"), 1)
    assert state.hands[0] == ALL_EXCEPT
    with pytest.raises(ConfigurationError) as error:
        OnGuardConfig(tier="stesso", jokers=True)
    assert error.value.rule == "OG12"


def test_og13_dui_tempi_is_refused() -> None:
    with pytest.raises(ConfigurationError) as error:
        ON_GUARD.make_config(2, {"tier": "dui"})
    assert error.value.rule == "OG13" and error.value.path == "tier"


def test_og14_a_selection_is_built_card_by_card_in_selection_order() -> None:
    state = new_game(OnGuardConfig(), 1)
    seven, _ = ON_GUARD.apply(state, Add(7))
    with pytest.raises(IllegalActionError) as error:
        ON_GUARD.apply(seven, Add(2))
    assert error.value.rule == "OG14"
    with pytest.raises(IllegalActionError):
        ON_GUARD.apply(seven, Add(KING))  # techniques come first
    ace, _ = ON_GUARD.apply(state, Add(1))
    assert Add(1) in ON_GUARD.legal_actions(ace)  # the second Ace may follow the first


def test_og15_every_game_ends_within_the_bound_without_a_turn_limit() -> None:
    # A legal selection always exists (one action card is at most 10), so a turn spends
    # at least one action card a seat: at most 13 turns, a Final Attack and 5 Barrage turns.
    assert all(Add(c) in choices(OnGuardConfig(), "bout", (c,), ()) for c in range(1, 11))
    for config in CONFIGS:
        for seed in range(60):
            states, _ = random_game(config, seed)
            assert states[-1].is_over
            assert ON_GUARD.turn(states[-1]) <= 13 + 1 + 5


def test_og16_there_is_no_draw_the_winner_scores_one() -> None:
    for seed in range(40):
        states, _ = random_game(OnGuardConfig(tier="stesso"), seed)
        scores = ON_GUARD.scores(states[-1])
        assert scores in ((1.0, 0.0), (0.0, 1.0))
    assert ON_GUARD.scores(new_game(OnGuardConfig(), 1)) is None
    with pytest.raises(ArgumentError):
        ON_GUARD.scores("over")  # type: ignore[arg-type]

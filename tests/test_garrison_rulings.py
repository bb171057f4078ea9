"""One test per ruling of Garrison (GA1...), named after it; see docs/games/garrison.md."""

from __future__ import annotations

import random

import attrs
import pytest

from garrison_positions import all_cards, cards, keep, position, row
from guarda.errors import ConfigurationError, IllegalActionError
from guarda.games.garrison import (
    CARDS,
    JOKER,
    Agitate,
    Besiege,
    Cancel,
    ClearMarket,
    DisasterStruck,
    Discard,
    EndTurn,
    Fend,
    GarrisonAction,
    GarrisonConfig,
    GarrisonState,
    KeepFell,
    Pass,
    Rebuild,
    Seduce,
    Smuggle,
    Trade,
    Upgrade,
    apply,
    hand_value,
    legal_actions,
    new_game,
    parse_card,
    value,
)

C = parse_card


def play(state: GarrisonState, *actions: GarrisonAction) -> GarrisonState:
    for action in actions:
        state, _ = apply(state, action)
    return state


def test_ga1_card_values() -> None:
    assert [value(C(n)) for n in ("2S", "9H", "TD", "JC", "QS", "KH", "AD", "JK")] == [
        2, 9, 10, 10, 10, 10, 11, 0
    ]  # fmt: skip
    # An ace is also a plain card of its suit, worth 11: the ace of hearts joins a court.
    state = position(["AH JD AD", "2C"], [keep("5H"), keep("6H")])
    state = play(state, Upgrade(C("AH"), cards("AD")))
    assert state.keeps[0].value == 16


def test_ga2_deal_order_and_lowest_court_starts() -> None:
    config = GarrisonConfig(players=4)
    state = new_game(config, seed=12, salt="s")
    deck = list(CARDS)
    random.Random("garrison/12/s").shuffle(deck)
    discard: list[int] = []
    courts: list[int] = []
    for _ in range(4):
        while True:
            card = deck.pop(0)
            if card // 13 == 1 and 2 <= card % 13 + 1 <= 10:
                courts.append(card)
                break
            discard.append(card)
    market: list[int] = []
    while len(market) < 3:
        card = deck.pop(0)
        (discard if card == JOKER else market).append(card)
    hands = [tuple(sorted(deck[3 * i : 3 * i + 3])) for i in range(4)]
    assert [k.court for k in state.keeps] == [(c,) for c in courts]
    assert list(state.discard) == discard and list(state.market) == market
    assert list(state.hands) == hands and list(state.deck) == deck[12:]
    values = [value(c) for c in courts]
    assert state.turn_player == values.index(min(values)) == state.actor
    # Play passes clockwise (to the next seat).
    after = play(state, EndTurn())
    assert after.turn_player == (state.turn_player + 1) % 4


def test_ga2_starting_courts_never_tie() -> None:
    # Starting courts are distinct hearts from 2 to 10, so the lowest is always unique.
    for seed in range(100):
        values = [k.value for k in new_game(GarrisonConfig(players=6), seed).keeps]
        assert len(set(values)) == 6


def test_ga3_stewards_pay_at_least_the_value_with_no_spare_diamond() -> None:
    state = position(["9H 4D 6D", "2C"], [keep("5H"), keep("6H")])
    assert Upgrade(C("9H"), cards("4D 6D")) in legal_actions(state)
    state = position(["9H 2D TD", "2C"], [keep("5H"), keep("6H")])
    ups = [a for a in legal_actions(state) if isinstance(a, Upgrade)]
    assert ups == [Upgrade(C("9H"), cards("TD"))]  # overpaying: yes; a needless 2D: no
    state = position(["9H 4D 9S", "2C"], [keep("5H"), keep("6H")])
    assert not [a for a in legal_actions(state) if isinstance(a, Upgrade)]
    with pytest.raises(IllegalActionError) as error:
        apply(state, Upgrade(C("9H"), cards("4D")))
    assert error.value.rule == "GA3"


def test_ga4_only_held_cards_are_spent_and_hands_never_pass_three() -> None:
    state = position(["2S 3S 4S", "2C"], [keep("5H"), keep("6H")], market="7H 8H 9H")
    with pytest.raises(IllegalActionError) as error:
        apply(state, Discard(C("KS")))
    assert error.value.rule == "GA4"
    state = play(state, Trade(C("2S"), C("7H")), Trade(C("3S"), C("8H")))
    assert len(state.hands[0]) == 3
    state = play(state, Discard(C("4S")), Discard(C("7H")), EndTurn())
    assert len(state.hands[0]) == 3


def test_ga5_trading_with_the_market_and_the_discard_pile() -> None:
    state = position(["2S 3S 4S", "2C"], [keep("5H"), keep("6H")], market="7H 8H 9H", discard="KC")
    assert Trade(C("2S"), C("KC")) in legal_actions(state)
    state = play(state, Trade(C("2S"), C("KC")))
    assert state.discard[-1] == C("2S") and C("KC") in state.hands[0]
    # Once a turn from the discard pile.
    assert not [a for a in legal_actions(state) if isinstance(a, Trade) and a.take == C("2S")]
    state = play(state, Trade(C("3S"), C("7H")))
    assert state.market == (None, C("8H"), C("9H"))  # stays empty until the next turn
    state = play(state, EndTurn())
    assert None not in state.market


def test_ga6_levies_besiege_another_keep_that_has_not_fully_fallen() -> None:
    state = position(["5S", "2C", "3C"], [keep("5H"), keep("6H", siege="9S"), keep(fallen="7H")])
    sieges = [a for a in legal_actions(state) if isinstance(a, Besiege)]
    assert sieges == [Besiege(C("5S"), 1)]  # not itself, not the fully fallen keep
    state = play(state, Besiege(C("5S"), 1))
    assert state.keeps[1].siege == row("9S 5S")  # another player adds to the siege


def test_ga7_a_keep_falls_at_the_end_of_the_turn_if_levies_exceed_its_value() -> None:
    state = position(
        ["8S 2D", "4D", "3D"],
        [keep("5H"), keep("6H", siege="2S"), keep("9H", siege="3S")],
    )
    state = play(state, Besiege(C("8S"), 1))
    assert state.keeps[1].court == row("6H")  # not yet: at the end of the turn
    state = play(state, EndTurn())
    assert state.keeps[1].court == () and state.keeps[1].fallen == row("6H")
    assert state.keeps[2].siege == row("3S")  # 3 does not exceed 9: the levies stay
    # Equal is not enough.
    state = position(["2S", "2D"], [keep("5H"), keep("6H", siege="4S")])
    state = play(state, Besiege(C("2S"), 1), EndTurn())
    assert state.keeps[1].court == row("6H")


def test_ga8_fending_off_costs_one_spade_per_levy_regardless_of_value() -> None:
    state = position(["2S 5D", "3D"], [keep("5H", siege="KS QS"), keep("6H")])
    assert Fend(C("2S"), C("KS")) in legal_actions(state)
    state = play(state, Fend(C("2S"), C("KS")))
    assert state.keeps[0].siege == row("QS") and state.discard[-2:] == row("2S KS")


def test_ga9_spies_are_offered_after_each_action_in_seat_order_from_the_actor() -> None:
    state = position(
        ["2D 3D", "AH 4D", "5D", "AS 6D"],
        [keep("5H"), keep("6H"), keep("7H"), keep("8H", garrison="9C", siege="2S")],
        turn_player=2,
        actor=2,
    )
    state = play(state, Discard(C("5D")))
    # After player 2: player 3 (holding the Agitator) first, then player 0 (no ace), then 1.
    assert (state.phase, state.actor) == ("window", 3)
    assert legal_actions(state)[0] == Pass()
    state = play(state, Pass())
    assert (state.phase, state.actor) == ("window", 1)
    state = play(state, Pass())
    assert (state.phase, state.actor) == ("main", 2)
    # Ending a turn opens no window.
    state = play(state, EndTurn())
    assert state.phase == "main" and state.actor == 3


def test_ga10_the_thug_answers_a_spy_and_no_spy_answers_a_spy() -> None:
    state = position(["AH 2D", "AC AS 3D"], [keep("5H"), keep("6H", garrison="9C", siege="4S")])
    state = play(state, Seduce(1, C("9C")))
    assert (state.phase, state.actor) == ("answer", 1)
    assert legal_actions(state) == (Cancel(), Pass())
    with pytest.raises(IllegalActionError) as error:
        apply(state, Agitate(1))
    assert error.value.rule == "GA10"
    cancelled = play(state, Cancel())
    assert cancelled.keeps[1].garrison == row("9C")
    assert cancelled.discard[-2:] == row("AH AC")
    passed = play(state, Pass())
    assert passed.keeps[1].garrison == ()


def test_ga11_the_smuggler_agitator_and_thug() -> None:
    state = position(
        ["AD 2C", "3C", "4C"],
        [keep("5H"), keep("6H"), keep(court="7H", fallen="8H")],
        discard="9H KC 7S 4D JK",
        market="2H 3H 4H",
    )
    smuggles = [a for a in legal_actions(state) if isinstance(a, Smuggle)]
    # A heart and a club join the smuggler's keep; a spade besieges a keep; never a
    # diamond or the Joker.
    assert smuggles == [
        Smuggle(C("7S"), 1),
        Smuggle(C("7S"), 2),
        Smuggle(C("9H")),
        Smuggle(C("KC")),
    ]
    after = play(state, Smuggle(C("7S"), 2))
    assert after.keeps[2].siege == row("7S") and C("7S") not in after.discard
    state = position(["AS", "2C"], [keep("5H", siege="KS"), keep("6H")])
    after = play(state, Agitate(0))
    assert after.keeps[0].siege == ()
    state = position(["AC", "2C"], [keep("5H"), keep("6H")], market="2H 3H 4H", deck="5C 6C 7C")
    after = play(state, ClearMarket())
    assert after.market == row("5C 6C 7C") and after.discard[-3:] == row("2H 3H 4H")


def test_ga12_the_seducer_never_takes_the_last_heart() -> None:
    state = position(
        ["AH", "2D", "3D"],
        [keep("5H"), keep("6H", garrison="9C"), keep("7H", fallen="8H")],
    )
    seduces = [a for a in legal_actions(state) if isinstance(a, Seduce)]
    assert seduces == [Seduce(1, C("9C")), Seduce(2, C("7H"))]


def test_ga13_a_fallen_keep_discards_levies_then_clubs_and_turns_its_hearts() -> None:
    state = position(["KS", "2D"], [keep("5H"), keep("6H 3H", garrison="2C", siege="QS")])
    state = play(state, Besiege(C("KS"), 1))
    state, events = apply(state, EndTurn())
    assert KeepFell(1, row("QS KS"), row("2C")) in events
    assert state.discard[-3:] == row("QS KS 2C")
    assert state.keeps[1].fallen == row("6H 3H") and state.keeps[1].value == 0


def test_ga14_rebuilding_turns_the_highest_hearts_first() -> None:
    state = position(["2S 3S 9C", "2D"], [keep(fallen="4H KH 7H"), keep("6H")])
    assert not [a for a in legal_actions(state) if isinstance(a, Upgrade)]
    state = play(state, Rebuild(cards("2S 3S")))
    assert state.keeps[0].court == row("KH 7H") and state.keeps[0].fallen == row("4H")
    # Partly rebuilt: hearts may join, clubs may not.
    state = position(["9H 9C TD", "2D"], [keep(court="KH", fallen="4H"), keep("6H")])
    ups = [a for a in legal_actions(state) if isinstance(a, Upgrade)]
    assert ups == [Upgrade(C("9H"), cards("TD"))]


def test_ga15_only_face_up_hearts_and_clubs_count() -> None:
    assert keep(court="KH 2H", fallen="9H", garrison="3C", siege="KS").value == 15


def test_ga16_the_disaster_fells_every_keep_whose_hand_is_not_higher() -> None:
    state = position(
        ["JK TD 9D", "2D 3D", "KD QD", "4D"],
        [keep("5H"), keep("6H", garrison="9C"), keep("7H"), keep("8H", siege="2S")],
        market="2H 3H 4H",
    )
    state, events = apply(state, Discard(JOKER))
    struck = next(e for e in events if isinstance(e, DisasterStruck))
    assert struck.player == 0 and hand_value(struck.hands[0]) == 19
    assert struck.felled == (1, 3)  # 5 and 4 do not exceed 19; 20 does
    assert state.keeps[1].court == () and state.keeps[2].court == row("7H")
    assert state.keeps[0].court == row("5H")  # the causer's keep stands
    assert all(not k.siege for k in state.keeps) and state.market == (None, None, None)
    assert all(len(hand) == 3 for hand in state.hands)
    assert all_cards(state) == list(CARDS)


def test_ga16_the_joker_dealt_into_the_market_strikes_for_the_turn_player() -> None:
    state = position(
        ["2D", "KD QD 9D"], [keep("5H"), keep("6H")], market="2H 3H -", deck="3S 4S JK 5S 6S"
    )
    state, events = apply(state, EndTurn())
    struck = next(e for e in events if isinstance(e, DisasterStruck))
    assert struck.player == 1 and struck.felled == (0,)


def test_ga17_the_joker_in_the_set_up_and_in_a_hand() -> None:
    in_pile = in_hand = False
    for seed in range(300):
        state = new_game(GarrisonConfig(players=2), seed)
        assert state.phase == "main" and all(k.court for k in state.keeps)
        in_pile |= JOKER in state.discard
        if any(JOKER in hand for hand in state.hands):
            in_hand = True
            holder = next(p for p, hand in enumerate(state.hands) if JOKER in hand)
            assert hand_value(state.hands[holder]) == sum(
                value(c) for c in state.hands[holder] if c != JOKER
            )
    assert in_pile and in_hand
    # Drawn into a hand it waits; it strikes only when it leaves the hand.
    state = position(["2D", "3D"], [keep("5H"), keep("6H")], deck="JK 4S 5S 6S 7S")
    state, events = apply(state, EndTurn())
    assert JOKER in state.hands[0] and not any(isinstance(e, DisasterStruck) for e in events)


def test_ga18_a_turn_ends_only_by_ending_it() -> None:
    state = position(["", "2D"], [keep("5H"), keep("6H")])
    assert legal_actions(state) == (EndTurn(),)
    state = position(["2S 3S", "2D"], [keep("5H"), keep("6H")])
    assert legal_actions(state)[-1] == EndTurn()
    state = play(state, Discard(C("2S")), Discard(C("3S")))
    assert state.turn_player == 0 and legal_actions(state) == (EndTurn(),)


def test_ga19_an_empty_deck_takes_the_shuffled_discard_pile() -> None:
    state = position(["2S", "3S"], [keep("5H"), keep("6H")], deck="", discard="4S")
    spare = len(state.discard)
    state = play(state, Discard(C("2S")), EndTurn())
    assert state.reshuffles == 1 and len(state.hands[0]) == 3
    assert state.discard == () and len(state.deck) == spare + 1 - 3 - 3  # hand, market
    assert all_cards(state) == list(CARDS)
    # Deck and pile both empty: nothing is drawn, nothing breaks.
    state = attrs.evolve(state, deck=(), discard=())
    placed = all_cards(state)
    after = play(state, Discard(state.hands[state.turn_player][0]))
    after = play(after, EndTurn()) if after.phase == "main" else after
    assert all_cards(after) == placed


def test_ga20_the_turn_limit_is_a_draw_and_the_target_wins_at_once() -> None:
    state = position(["2D", "3D"], [keep("5H"), keep("6H")], turn_limit=1)
    state = play(state, EndTurn())
    assert state.is_over and state.scores == (0.5, 0.5) and state.winner is None
    state = position(["KH TD", "3D"], [keep("TH 9H 2H"), keep("6H")])
    state = play(state, Upgrade(C("KH"), cards("TD")))
    assert state.is_over and state.winner == 0 and state.scores == (1.0, 0.0)
    with pytest.raises(ConfigurationError):
        GarrisonConfig(turn_limit=0)


def test_ga21_a_keep_reaching_the_target_out_of_turn_wins_at_once() -> None:
    state = position(["2D 3D", "AD"], [keep("5H"), keep("TH 9H 2H")], discard="KH")
    state = play(state, Discard(C("2D")))
    assert (state.phase, state.actor) == ("window", 1)
    state = play(state, Smuggle(C("KH")))
    assert state.is_over and state.winner == 1

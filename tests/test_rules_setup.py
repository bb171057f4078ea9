"""Rulings R9-R11: placing the pieces, running out in setup, opening hands, first turn."""

from __future__ import annotations

import pytest

import guarda
from guarda import (
    Cell,
    IllegalActionError,
    Phase,
    PiecePlaced,
    PlacePiece,
    PositionBuilder,
    SetupCardDrawn,
    SetupCardsDiscarded,
)


def pile(config: guarda.Config, *top: str, held: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The deck less ``held``, ordered: ``top`` first, then the rest in deck order."""
    rest = [name for name in config.card_names for _ in range(config.copies(name))]
    for card in top + held:
        rest.remove(card)
    return (*top, *rest)


def test_r9_first_overlap_must_be_placed_by_choice() -> None:
    config = guarda.modern()
    # South: V1 is column a, X both diagonals: they overlap on a1 and a5.
    state = (
        PositionBuilder(config)
        .player(0, draw_pile=pile(config, "V1", "X"))
        .player(1, draw_pile=pile(config, "V2", "V3"))
        .build()
    )
    assert state.phase is Phase.SETUP and state.actor == 0
    assert state.players[0].in_play == ("V1", "X")
    assert state.players[1].in_play == ("V2",)
    assert state.events == (
        SetupCardDrawn(0, "V1"),
        SetupCardDrawn(1, "V2"),
        SetupCardDrawn(0, "X"),
    )
    assert set(guarda.legal_actions(state)) == {PlacePiece(Cell(0, 0)), PlacePiece(Cell(0, 4))}
    with pytest.raises(IllegalActionError) as info:
        guarda.apply(state, PlacePiece(Cell(1, 1)))
    assert info.value.rule == "R9"
    after, events = guarda.apply(state, PlacePiece(Cell(0, 4)))
    assert events[:2] == (PiecePlaced(0, Cell(0, 4)), SetupCardsDiscarded(0, 2))
    me = after.players[0]
    assert me.position == Cell(0, 4) and me.in_play == ()
    assert me.discard_hidden == ("V1", "X")
    assert after.first_placed == 0
    # Player 0 is skipped from now on: only player 1 draws.
    assert all(e.player == 1 for e in events[2:] if isinstance(e, SetupCardDrawn))


def test_r9_occupied_overlap_does_not_count() -> None:
    config = guarda.modern()
    state = (
        PositionBuilder(config)
        .player(1, position="a1", discard_hidden=("V1", "V5"))
        .player(0, in_play=("V1",), draw_pile=pile(config, "H1", "H2", held=("V1",)))
        .to_act(0, Phase.SETUP)
        .build()
    )
    # V1 and H1 overlap only on a1, which player 1 holds; player 1 has placed and is
    # skipped, so player 0 draws H2 at once, which overlaps V1 on a2.
    assert state.players[0].in_play == ("V1", "H1", "H2")
    assert [e.card for e in state.events if isinstance(e, SetupCardDrawn)] == ["H1", "H2"]
    assert guarda.legal_actions(state) == (PlacePiece(Cell(0, 1)),)
    assert state.first_placed == 1


def test_r9_first_drawer_is_configurable() -> None:
    state = guarda.new_game(guarda.modern(players=3, first_player=2), seed=1)
    first = next(e for e in state.events if isinstance(e, SetupCardDrawn))
    assert first.player == 2


def test_r10_player_out_of_cards_places_anywhere_free() -> None:
    v1 = guarda.CardType("V1", frozenset({(1, 1), (1, 2), (1, 3)}))
    v2 = guarda.CardType("V2", frozenset({(2, 1), (2, 2), (2, 3)}))
    config = guarda.custom(3, deck=[guarda.DeckEntry(v1, 1), guarda.DeckEntry(v2, 1)])
    state = (
        PositionBuilder(config)
        .player(0, draw_pile=("V1", "V2"))
        .player(1, draw_pile=("V1", "V2"))
        .build()
    )
    # Two vertical lines never overlap; player 0's deck ran out first.
    assert state.actor == 0 and state.players[0].draw_pile == ()
    assert len(guarda.legal_actions(state)) == 9
    after, _ = guarda.apply(state, PlacePiece(Cell(1, 1)))
    assert after.phase is Phase.SETUP and after.actor == 1
    cells = {
        action.cell for action in guarda.legal_actions(after) if isinstance(action, PlacePiece)
    }
    assert len(cells) == 8 and Cell(1, 1) not in cells


def test_r11_first_to_place_plays_first_with_a_normal_turn() -> None:
    config = guarda.classic()
    # Player 0 draws three parallel lines first; player 1 overlaps on its second card.
    state = (
        PositionBuilder(config)
        .player(0, draw_pile=pile(config, "V1", "V2", "H1"))
        .player(1, draw_pile=pile(config, "V1", "H1"))
        .build()
    )
    assert state.actor == 1
    # North: V1 is column f, H1 row 6.
    assert guarda.legal_actions(state) == (PlacePiece(Cell(5, 5)),)
    state, _ = guarda.apply(state, PlacePiece(Cell(5, 5)))
    assert state.actor == 0 and state.players[0].in_play == ("V1", "V2", "H1")
    state, events = guarda.apply(state, PlacePiece(Cell(0, 0)))
    assert state.first_placed == 1
    assert state.turn == 1 and state.turn_number == 1
    assert guarda.TurnStarted(1, 1) in events
    # Opening hand 6, then the first turn's Draw phase draws one more (R12).
    assert len(state.players[0].hand) == 6
    assert len(state.players[1].hand) == 7
    assert state.phase is Phase.DISCARD and state.actor == 1

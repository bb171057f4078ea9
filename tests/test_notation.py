"""Action, position and view notation: exact round trips, hidden information, errors."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import guarda
import guarda.testing
from guarda import (
    ActivateGuard,
    Attack,
    Cell,
    Config,
    DeclineNewGuard,
    Defend,
    DefendCounter,
    Direction,
    DiscardDown,
    EndMove,
    EventLog,
    GameState,
    Guard,
    GuardaError,
    GuardStatus,
    Move,
    NotationError,
    Orientation,
    Outcome,
    OutcomeReason,
    ParseError,
    Pass,
    PendingAttack,
    Phase,
    PlacePiece,
    PlayerState,
    PositionError,
    PositionSummary,
    PrepareGuard,
    PrepareNewGuard,
    Push,
    SetGuard,
    Settle,
    TakeDamage,
    format_action,
    format_position,
    format_view,
    parse_action,
    parse_position,
    parse_view,
)
from guarda._actions import ACTION_TYPES, Action
from guarda._cards import DeckEntry, line_cards
from guarda._notation import MAX_NOTATION_LENGTH

PRESETS: dict[str, Callable[..., Config]] = {
    "classic": guarda.classic,
    "modern": guarda.modern,
    "grda": guarda.grda,
}
VARIANTS: tuple[dict[str, Any], ...] = (
    {},
    {"win": "elimination", "stakes": "bounty", "ante": 3},
    {"win": "victory", "stakes": "spoils-of-war", "ante": 2},
    {"win": "exhaustion", "stakes": "scavenger", "ante": 1},
    {"win": "king-of-the-hill"},
    {"turn_limit": 12},
)


@st.composite
def configs(draw: st.DrawFn) -> Config:
    """A preset with 2 to 4 players and a win condition, stakes or turn limit."""
    preset = PRESETS[draw(st.sampled_from(sorted(PRESETS)))]
    return preset(players=draw(st.integers(2, 4)), **draw(st.sampled_from(VARIANTS)))


def game(config: Config, seed: int, choices: int) -> Iterator[tuple[GameState, Action | None]]:
    """Every state of a random game with the action taken from it (None at the end)."""
    chooser = random.Random(choices)
    state = guarda.new_game(config, seed)
    while not state.is_over:
        action = chooser.choice(guarda.legal_actions(state))
        yield state, action
        state, _ = guarda.apply(state, action)
    yield state, None


def without_log(state: GameState) -> GameState:
    """The state as the full notation holds it: the event log is not part of it."""
    return attrs.evolve(state, log=EventLog(()))


def small_config() -> Config:
    """A 3x3 field with one copy of each line card: six cards per player."""
    return guarda.custom(3, 2, deck=tuple(DeckEntry(card, 1) for card in line_cards(3)))


def small_state(**changes: Any) -> GameState:
    """A hand-made REACT position on the small field (see the expected texts below)."""
    attacker = PlayerState(
        draw_pile=("V3", "H2"),
        hand=("H1",),
        guard=Guard("V1", GuardStatus.SET, Orientation.OFFENSIVE),
        discard_known=(),
        discard_hidden=("H3",),
        in_play=("V2",),
        position=Cell.parse("b1"),
        health=10,
    )
    defender = PlayerState(
        draw_pile=("H3", "V1", "H1"),
        hand=("H2", "V2"),
        guard=Guard("V3", GuardStatus.PREPARING),
        discard_known=(),
        discard_hidden=(),
        in_play=(),
        position=Cell.parse("b3"),
        health=7,
    )
    state = GameState(
        config=small_config(),
        phase=Phase.REACT,
        turn=0,
        actor=1,
        players=(attacker, defender),
        rng=0x1234,
        turn_number=3,
        turns_ended=2,
        has_moved=True,
        attack=PendingAttack(attacker=0, cards=("V2",), defender=1, damage=1),
        first_placed=1,
    )
    return attrs.evolve(state, **changes)


SMALL_TEXT = (
    "react t0 a1 n3 e2 m1 "
    "b1:10:0:0:H1:V1@counter:V3,H2:-:H3:V2/b3:7:0:0:H2,V2:V3@prep:H3,V1,H1:-:-:- "
    "0>1:1:V2:-:0:0 - $0 f1 - 0000000000001234"
)
SMALL_VIEW_1 = (
    "v1 react t0 a1 n3 e2 m1 "
    "b1:10:0:0:1:set:2:-:1:V2/b3:7:0:0:H2,V2:V3@prep:H1,H3,V1:-:-:- "
    "0>1:1:V2:-:0:0 - $0 f1 -"
)


# -- actions -----------------------------------------------------------------------------


ACTION_EXAMPLES: list[tuple[Action, str]] = [
    (PlacePiece(Cell.parse("c3")), "place c3"),
    (DiscardDown(("V2", "H1")), "discard H1 V2"),
    (Move(Direction.NORTH, ("V3", "V1")), "move N V1 V3"),
    (Push(Direction.EAST, ("H2",)), "push E H2"),
    (EndMove(), "end"),
    (SetGuard(Orientation.DEFENSIVE), "set block"),
    (SetGuard(Orientation.OFFENSIVE), "set counter"),
    (PrepareGuard("V4"), "guard V4"),
    (Attack(("X", "V2", "V2")), "attack V2 V2 X"),
    (Attack(("ALL",)), "attack ALL"),
    (Pass(), "pass"),
    (Defend(("H3",)), "defend H3"),
    (ActivateGuard(), "activate"),
    (TakeDamage(), "take"),
    (PrepareNewGuard("V1"), "newguard V1"),
    (DeclineNewGuard(), "decline"),
    (DefendCounter(("H1",)), "answer H1"),
    (Settle(), "settle"),
    (Settle(("H6", "V1")), "settle H6 V1"),
]
"""Each action written by hand, at least one per action type."""


@pytest.mark.parametrize(("action", "text"), ACTION_EXAMPLES)
def test_action_examples(action: Action, text: str) -> None:
    assert format_action(action) == text
    assert parse_action(text) == action
    assert parse_action(text, guarda.modern() if "6" not in text else guarda.classic()) == action


def test_every_action_type_has_an_example() -> None:
    names = {kind.__name__ for kind in ACTION_TYPES}
    assert {type(action).__name__ for action, _ in ACTION_EXAMPLES} == names


CARD_NAMES = st.from_regex(r"[A-Z][A-Z0-9]{0,3}", fullmatch=True)
CARDS = st.lists(CARD_NAMES, min_size=1, max_size=6)


def any_action() -> st.SearchStrategy[Action]:
    """Any action value whose cards and cells notation can write (custom card names too)."""
    cells = st.builds(Cell, st.integers(0, 25), st.integers(0, 25))
    return guarda.testing.actions(CARD_NAMES, cells, min_cards=1, max_cards=6)


@given(any_action())
def test_action_round_trip_for_any_action(action: Action) -> None:
    text = format_action(action)
    assert parse_action(text) == action
    assert format_action(parse_action(text)) == text


@settings(max_examples=200)
@given(
    keyword=st.sampled_from(["discard", "attack", "defend", "answer", "settle", "move W"]),
    cards=CARDS,
    gaps=st.lists(st.sampled_from([" ", "  ", "\t", " \t "]), min_size=8, max_size=8),
    data=st.data(),
)
def test_cards_in_any_order_and_spacing_give_the_canonical_text(
    keyword: str, cards: list[str], gaps: list[str], data: st.DataObject
) -> None:
    shuffled = data.draw(st.permutations(cards))
    text = (
        gaps[0]
        + keyword
        + "".join(
            gap + card for gap, card in zip(gaps[1 : len(shuffled) + 1], shuffled, strict=True)
        )
    )
    action = parse_action(text + gaps[-1])
    canonical = format_action(action)
    assert canonical == " ".join([keyword, *sorted(cards)])
    assert parse_action(canonical) == action
    assert isinstance(action, (DiscardDown, Attack, Defend, DefendCounter, Settle, Move))
    assert sorted(action.cards) == sorted(cards)


@settings(max_examples=12)
@given(configs(), st.integers(0, 2**64 - 1), st.integers(0, 1000))
def test_every_legal_action_round_trips_along_random_games(
    config: Config, seed: int, choices: int
) -> None:
    seen: set[type] = set()
    for state, _ in game(config, seed, choices):
        for action in guarda.legal_actions(state):
            text = format_action(action)
            assert parse_action(text, config) == action
            assert parse_action(text) == action
            seen.add(type(action))
    assert {PlacePiece, Move, EndMove, Attack, Settle} <= seen


@pytest.mark.parametrize(
    ("text", "column", "token", "path", "message"),
    [
        (
            "move Q V1",
            6,
            "Q",
            "direction",
            "expected a direction (N, E, S, W) at column 6, got 'Q'",
        ),
        ("atack V1", 1, "atack", "action", "at column 1, got 'atack'"),
        ("", 1, "", "action", "expected an action (place, discard, move"),
        ("attack", 7, "", "cards[0]", "expected a card name at column 7, got end of text"),
        ("attack V1 v2", 11, "v2", "cards[1]", "expected a card name (upper-case"),
        ("attack V1 V9", 11, "V9", "cards[1]", "expected a card of the deck (V1, V2, V3"),
        ("place f6", 7, "f6", "cell", "expected a cell of the field (a1 to e5) at column 7"),
        ("place 3c", 7, "3c", "cell", "got '3c'"),
        ("set up", 5, "up", "orientation", "expected an orientation (block, counter)"),
        ("end now", 5, "now", None, "expected end of text at column 5, got 'now'"),
        ("  guard", 8, "", "card", "expected a card name at column 8, got end of text"),
        ("guard V1 V2", 10, "V2", None, "expected end of text at column 10"),
        ("attack X X X X X", 16, "X", "cards[4]", "X at column 16 is one copy more than"),
    ],
)
def test_action_parse_errors_say_what_and_where(
    text: str, column: int, token: str, path: str | None, message: str
) -> None:
    with pytest.raises(NotationError) as caught:
        parse_action(text, guarda.modern())
    error = caught.value
    assert isinstance(error, ParseError)
    assert (error.column, error.token, error.path) == (column, token, path)
    assert message in str(error)


def test_action_shape_is_checked_without_a_config() -> None:
    assert parse_action("attack V9 ZED7") == Attack(("V9", "ZED7"))
    assert parse_action("place z26") == PlacePiece(Cell(25, 25))
    with pytest.raises(NotationError, match="expected a cell at column 7, got 'a27'"):
        parse_action("place a27")
    with pytest.raises(NotationError, match="expected a string"):
        parse_action(42)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "action",
    [Attack(()), Move(Direction.NORTH, ()), DiscardDown(()), "attack V1"],
)
def test_values_notation_cannot_express_are_refused(action: Action) -> None:
    with pytest.raises(NotationError):
        format_action(action)


# -- full positions ----------------------------------------------------------------------


def test_full_position_example() -> None:
    state = small_state()
    assert format_position(state) == SMALL_TEXT
    assert parse_position(SMALL_TEXT, state.config) == state


def test_finished_position_example() -> None:
    loser = attrs.evolve(small_state().players[1], position=None, is_out=True, health=0)
    outcome = Outcome(
        reason=OutcomeReason.LAST_STANDING,
        winners=(0,),
        winning_team=0,
        drawn=(),
        health=(10, 0),
        points=(0, 0),
        payouts=(0, 0),
    )
    state = small_state(
        phase=Phase.OVER,
        actor=None,
        attack=None,
        outcome=outcome,
        players=(small_state().players[0], loser),
    )
    text = format_position(state)
    assert text == (
        "over t0 a- n3 e2 m1 "
        "b1:10:0:0:H1:V1@counter:V3,H2:-:H3:V2/out:0:0:0:H2,V2:V3@prep:H3,V1,H1:-:-:- "
        "- - $0 f1 last-standing:0:- 0000000000001234"
    )
    assert parse_position(text, state.config) == state


@settings(max_examples=15)
@given(configs(), st.integers(0, 2**64 - 1), st.integers(0, 1000))
def test_full_position_round_trips_along_random_games(
    config: Config, seed: int, choices: int
) -> None:
    for state, _ in game(config, seed, choices):
        text = format_position(state)
        parsed = parse_position(text, config)
        assert parsed == without_log(state)
        assert format_position(parsed) == text
        assert len(text.split()) == 13
    assert state.outcome is not None


def test_full_position_holds_the_secrets() -> None:
    state = small_state()
    text = format_position(state)
    assert text.endswith(f" {state.rng:016x}")
    assert "V3,H2" in text  # the draw pile, top first
    moved = attrs.evolve(state, rng=state.rng + 1)
    assert parse_position(format_position(moved), state.config).rng == state.rng + 1


def test_full_position_round_trips_game_ends_with_loot_and_stakes() -> None:
    config = guarda.classic(players=4, win="exhaustion", stakes="scavenger", ante=3)
    loot_seen = False
    for state, _ in game(config, 1, 1):
        loot_seen = loot_seen or bool(state.loot)
        assert parse_position(format_position(state), config) == without_log(state)
    assert loot_seen
    assert state.outcome is not None and any(state.outcome.payouts)


@pytest.mark.parametrize(
    ("old", "new", "path", "message"),
    [
        ("react", "reacts", "phase", "expected a phase (setup, discard"),
        (" t0 ", " t2 ", "turn", "expected a player number below 2 at column 8, got '2'"),
        (" a1 ", " a ", "actor", "expected the actor ('a' and a player number or '-'"),
        (" m1 ", " m2 ", "has_moved", "expected the move flag (m0 or m1) at column 19"),
        (":7:", ":7x:", "players[1].health", "expected a number at column"),
        ("V1@counter", "V1@cross", "players[0].guard", "expected a guard status (prep, block"),
        ("V1@counter", "V1", "players[0].guard", "or a guard card and its status"),
        ("b3:", "d3:", "players[1].position", "expected a cell of the field (a1 to c3)"),
        ("/", "//", "players", "expected 2 players separated by '/'"),
        ("H3,V1,H1", "H3,V1,X", "players[1].draw_pile[2]", "expected a card of the deck"),
        (":-:-:-", ":-:-", "players[1]", "expected a player: 10 fields"),
        ("0>1:1:V2", "0>3:1:V2", "attack.defender", "a player number below 2"),
        ("0>1:1:V2:-:0:0", "0:1:1:V2:-:0", "attack", "expected the attack"),
        (" - $0", " c9=1 $0", "loot", "expected a cell of the field"),
        (" - $0", " b2 $0", "loot", "expected a cell '=' an amount"),
        (" $0 ", " 0 ", "pot", "expected the pot ('$' and an amount"),
        (" f1 ", " f ", "first_placed", "expected the first player to place"),
        (" f1 - ", " f1 won ", "outcome", "expected the outcome (reason:winners:drawn)"),
        (" f1 - ", " f1 won:0:- ", "outcome", "expected an outcome reason (last-standing"),
        ("1234", "123", "rng", "expected the random state (16 or 80 lower-case hex digits)"),
        ("1234", "1234 x", None, "expected end of text"),
        ("0000000000001234", "", "rng", "got end of text"),
    ],
)
def test_position_parse_errors_name_field_and_column(
    old: str, new: str, path: str | None, message: str
) -> None:
    text = SMALL_TEXT.replace(old, new, 1)
    assert text != SMALL_TEXT
    with pytest.raises(NotationError) as caught:
        parse_position(text.rstrip(), small_config())
    error = caught.value
    assert error.path == path
    assert message in error.message
    assert error.column is not None and error.token is not None
    if error.token:
        assert text[error.column - 1 :].startswith(error.token)


def test_column_points_at_the_offending_token() -> None:
    text = SMALL_TEXT.replace("H3,V1,H1", "H3,v1,H1")
    with pytest.raises(NotationError) as caught:
        parse_position(text, small_config())
    assert caught.value.column == text.index("v1") + 1
    assert caught.value.path == "players[1].draw_pile[1]"


@pytest.mark.parametrize(
    ("old", "new", "path"),
    [
        ("H3,V1,H1", "H3,V1,H2", "players[1]"),
        ("H3,V1,H1", "H3,V1", "players[1]"),
        ("b3:7", "b1:7", "players[1].position"),
        (" a1 ", " a0 ", "actor"),
        (":7:0:0:", ":0:0:0:", "players[1].health"),
        (" f1 - ", " f1 last-standing:0:- ", "outcome"),
    ],
)
def test_impossible_positions_are_position_errors(old: str, new: str, path: str) -> None:
    with pytest.raises(PositionError) as caught:
        parse_position(SMALL_TEXT.replace(old, new), small_config())
    assert caught.value.path == path


def test_wrong_inputs_are_notation_or_argument_errors() -> None:
    config = small_config()
    with pytest.raises(NotationError, match="player's view"):
        parse_position(SMALL_VIEW_1, config)
    with pytest.raises(guarda.ArgumentError, match="not a Config"):
        parse_position(SMALL_TEXT, "Modern")  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="expected 3 players"):
        parse_position(SMALL_TEXT, guarda.custom(3, 3, deck=config.deck))
    with pytest.raises(guarda.ArgumentError, match="not a GameState"):
        format_position(SMALL_TEXT)  # type: ignore[arg-type]


def first_player_with(**changes: Any) -> dict[str, Any]:
    """Changes to :func:`small_state` that change its player 0."""
    players = small_state().players
    return {"players": (attrs.evolve(players[0], **changes), players[1])}


@pytest.mark.parametrize(
    "changes",
    [
        first_player_with(is_out=True),
        first_player_with(guard=Guard("V1", GuardStatus.SET)),
        first_player_with(guard=Guard("V1", GuardStatus.PREPARING, Orientation.OFFENSIVE)),
        first_player_with(health=-1),
        first_player_with(hand=("h1",)),
        {"rng": -1},
        {"rng": 2**64},
    ],
)
def test_states_notation_cannot_express_are_refused(changes: dict[str, Any]) -> None:
    with pytest.raises(NotationError):
        format_position(small_state(**changes))


def test_outcome_must_follow_from_the_position() -> None:
    outcome = Outcome(OutcomeReason.LAST_STANDING, (1,), 1, (), (10, 7), (0, 0), (0, 0))
    state = small_state(phase=Phase.OVER, actor=None, attack=None, outcome=outcome)
    assert format_position(state).split()[-2] == "last-standing:1:-"
    with pytest.raises(PositionError) as caught:
        format_position(attrs.evolve(state, outcome=attrs.evolve(outcome, health=(9, 7))))
    assert caught.value.path == "outcome"


# -- views -------------------------------------------------------------------------------


def test_view_example() -> None:
    state = small_state()
    text = format_view(guarda.view(state, 1))
    assert text == SMALL_VIEW_1
    assert parse_view(text, state.config) == PositionSummary.of(guarda.view(state, 1))
    spectator = format_view(guarda.view(state, None))
    assert spectator == (
        "v- react t0 a1 n3 e2 m1 b1:10:0:0:1:set:2:-:1:V2/b3:7:0:0:2:prep:3:-:0:- "
        "0>1:1:V2:-:0:0 - $0 f1 -"
    )


@settings(max_examples=12)
@given(configs(), st.integers(0, 2**64 - 1), st.integers(0, 1000))
def test_view_round_trips_along_random_games(config: Config, seed: int, choices: int) -> None:
    for ply, (state, _) in enumerate(game(config, seed, choices)):
        if ply % 7 and not state.is_over:
            continue
        for viewer in (None, *range(config.players)):
            view = guarda.view(state, viewer)
            text = format_view(view)
            summary = parse_view(text, config)
            assert summary == PositionSummary.of(view)
            assert format_view(summary) == text
            assert f"{state.rng:016x}" not in text


def redeal(state: GameState, viewer: int, chooser: random.Random) -> GameState:
    """A state that differs from ``state`` only in what ``viewer`` may not see (R28).

    The other players' hands, guard cards, face-down discards and draw piles are dealt
    anew from the same cards (sizes kept), set guards may turn around, the viewer's own
    draw pile is reordered, and the random state changes.
    """
    players = []
    for index, player in enumerate(state.players):
        if index == viewer:
            pile = list(player.draw_pile)
            chooser.shuffle(pile)
            players.append(attrs.evolve(player, draw_pile=tuple(pile)))
            continue
        guard = player.guard
        pool = list(player.hand + player.draw_pile + player.discard_hidden)
        pool += [guard.card] if guard is not None else []
        chooser.shuffle(pool)
        hand, rest = pool[: len(player.hand)], pool[len(player.hand) :]
        if guard is not None:
            orientation = guard.orientation
            if guard.status is GuardStatus.SET:
                orientation = chooser.choice(list(Orientation))
            guard = Guard(rest.pop(), guard.status, orientation)
        hidden, pile = rest[: len(player.discard_hidden)], rest[len(player.discard_hidden) :]
        players.append(
            attrs.evolve(
                player,
                hand=tuple(sorted(hand)),
                guard=guard,
                discard_hidden=tuple(sorted(hidden)),
                draw_pile=tuple(pile),
            )
        )
    return attrs.evolve(state, players=tuple(players), rng=chooser.getrandbits(64))


@settings(max_examples=15)
@given(configs(), st.integers(0, 2**64 - 1), st.integers(0, 1000), st.integers(0, 400))
def test_r29_view_text_is_the_same_for_states_differing_only_in_hidden_cards(
    config: Config, seed: int, choices: int, plies: int
) -> None:
    states = [state for state, _ in itertools.islice(game(config, seed, choices), plies + 1)]
    state = states[-1] if not states[-1].is_over else states[-2]
    chooser = random.Random(seed ^ choices)
    for viewer in range(config.players):
        text = format_view(guarda.view(state, viewer))
        other = redeal(state, viewer, chooser)
        assert format_position(other) != format_position(state)
        assert format_view(guarda.view(other, viewer)) == text
        # A change the viewer may see does change the text.
        public = attrs.evolve(
            other.players[viewer - 1], points=state.players[viewer - 1].points + 1
        )
        changed = attrs.evolve(other, players=tuple(
            public if index == (viewer - 1) % config.players else player
            for index, player in enumerate(other.players)))  # fmt: skip
        assert format_view(guarda.view(changed, viewer)) != text


def test_r28_view_shows_own_cards_and_only_counts_of_the_others() -> None:
    state = small_state()
    fields = SMALL_VIEW_1.split()[7].split("/")
    attacker, defender = (segment.split(":") for segment in fields)
    assert attacker[4:7] == ["1", "set", "2"]  # hand size, guard status, draw pile size
    assert attacker[8] == "1"  # face-down discards: a count
    assert attacker[9] == "V2"  # attack cards in play are public
    assert defender[4:7] == ["H2,V2", "V3@prep", "H1,H3,V1"]  # own pile cards, sorted
    assert format_view(guarda.view(state, 0)).split()[7].split("/")[1].split(":")[4:7] == [
        "2",
        "prep",
        "3",
    ]


@pytest.mark.parametrize(
    ("old", "new", "path", "message"),
    [
        ("v1 ", "v2 ", "player", "expected a player number below 2"),
        ("v1 ", "x1 ", "player", "expected the viewer ('v' and a player number or '-'"),
        (":1:set:", ":1:V1@counter:", "players[0].guard", "expected a guard status ('-'"),
        (":1:set:2:", ":1:set:H1,H2:", "players[0].draw_pile", "expected a number of cards"),
        (":V3@prep:", ":set:", "players[1].guard", "or a guard card and its status"),
        (" f1 -", " f1 - x", None, "expected end of text"),
    ],
)
def test_view_parse_errors(old: str, new: str, path: str | None, message: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_view(SMALL_VIEW_1.replace(old, new, 1), small_config())
    assert caught.value.path == path
    assert message in caught.value.message


def test_view_counts_must_make_up_the_deck() -> None:
    with pytest.raises(PositionError) as caught:
        parse_view(SMALL_VIEW_1.replace(":1:set:2:", ":1:set:3:"), small_config())
    assert caught.value.path == "players[0]"


def test_inconsistent_summaries_are_refused() -> None:
    summary = PositionSummary.of(guarda.view(small_state(), 1))
    with pytest.raises(PositionError):
        format_view(attrs.evolve(summary, hand=("H2",)))
    with pytest.raises(PositionError):
        format_view(attrs.evolve(summary, player=None))
    with pytest.raises(guarda.ArgumentError):
        format_view(small_state())  # type: ignore[arg-type]


def test_notation_errors_are_guarda_errors() -> None:
    with pytest.raises(GuardaError):
        parse_action("fly N")
    assert issubclass(NotationError, ParseError)


def check_parses_or_refuses(text: str) -> None:
    """Whatever ``text`` is, reading it gives a value that round-trips or a GuardaError."""
    config = small_config()
    try:
        action = parse_action(text, config)
    except GuardaError:
        pass
    else:
        assert parse_action(format_action(action), config) == action
    try:
        state = parse_position(text, config)
    except GuardaError:
        pass
    else:
        assert parse_position(format_position(state), config) == state
    try:
        summary = parse_view(text, config)
    except GuardaError:
        pass
    else:
        assert parse_view(format_view(summary), config) == summary


@settings(max_examples=300)
@given(st.text(alphabet=st.sampled_from(" \t:,/=@>$-01279abcntvxAHVLX"), max_size=40))
def test_random_text_parses_or_raises_guarda_errors(text: str) -> None:
    check_parses_or_refuses(text)


@settings(max_examples=300)
@given(st.data())
def test_mutated_lines_parse_or_raise_guarda_errors(data: st.DataObject) -> None:
    text = data.draw(st.sampled_from([SMALL_TEXT, SMALL_VIEW_1, "attack V1 H2 V3"]))
    position = data.draw(st.integers(0, len(text) - 1))
    replacement = data.draw(st.text(alphabet=st.sampled_from(" :,/-0123abxHV@"), max_size=3))
    check_parses_or_refuses(
        text[:position] + replacement + text[position + data.draw(st.integers(0, 3)) :]
    )


@pytest.mark.parametrize("text", ["attack " + "V1 " * 30_000, "x" * 10**6, " " * 10**5])
def test_text_beyond_the_length_limit_is_refused_naming_it(text: str) -> None:
    config = guarda.modern()
    for parse in (parse_action, lambda text: parse_position(text, config)):
        with pytest.raises(NotationError, match="MAX_NOTATION_LENGTH") as caught:
            parse(text)
        assert caught.value.path == "text"
        assert str(MAX_NOTATION_LENGTH) in caught.value.message
    with pytest.raises(NotationError, match="MAX_NOTATION_LENGTH"):
        parse_view(text, config)


def test_text_at_the_length_limit_is_read() -> None:
    text = "pass" + " " * (MAX_NOTATION_LENGTH - 4)
    assert parse_action(text) == guarda.Pass()

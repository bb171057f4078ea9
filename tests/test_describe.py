"""describe_action: a readable sentence for every legal action, from a state or a view."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

import guarda
from guarda import (
    Attack,
    Cell,
    GameState,
    Guard,
    GuardStatus,
    Orientation,
    Phase,
    PositionBuilder,
    describe_action,
)
from test_views import games

NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")


@settings(max_examples=40)
@given(games)
def test_every_legal_action_has_a_sentence_the_same_from_the_view(state: GameState) -> None:
    if state.is_over:
        return
    actor = state.actor
    assert actor is not None
    mine = guarda.view(state, actor)
    names = NAMES[: state.config.players]
    for action in guarda.legal_actions(state)[:80]:
        sentence = describe_action(action, state, names=names)
        assert sentence == describe_action(action, mine, names=names)
        assert sentence[0].isupper() and sentence.endswith(".")
        for card in getattr(action, "cards", ()):
            assert card in sentence
        if isinstance(action, Attack):
            for player, damage in guarda.rules.attack_targets(state, action.cards):
                assert f"{names[player]} for {damage}" in sentence
        if isinstance(action, guarda.PlacePiece):
            assert f"on {action.cell}." in sentence
        if isinstance(action, guarda.Move):
            (end,) = (
                reach.cell
                for reach in guarda.rules.reachable_cells(state)
                if (reach.direction, reach.cost) == (action.direction, action.distance)
            )
            assert f"to {end}," in sentence


def builder(win: str = "elimination") -> PositionBuilder:
    return PositionBuilder(guarda.modern(players=2, win=win), seed=1)


def attacked(guard: Guard | None = None, health: int = 10, win: str = "elimination") -> GameState:
    """Player 1 on b5 must react to player 0's attack with V2 and H5 (2 damage)."""
    state = (
        builder(win)
        .player(0, position="b1", hand=("V2", "H5", "V4"))
        .player(1, position="b5", hand=("V2", "H1"), guard=guard, health=health)
        .to_act(0, Phase.ACT)
        .build()
    )
    state, _ = guarda.apply(state, Attack(("H5", "V2")))
    assert state.phase is Phase.REACT and state.actor == 1
    return state


def test_reactions_say_what_lands() -> None:
    state = attacked(health=2)
    assert describe_action(guarda.TakeDamage(), state, names=NAMES) == (
        "Take the 2 damage of Ann's attack (health 2 to 0, which puts you out)."
    )
    assert describe_action(guarda.Defend(("V2",)), guarda.view(state, 1), names=NAMES) == (
        "Defend against Ann's attack with V2: it negates 1 of the 2 damage; "
        "you take the other 1 (health 2 to 1)."
    )


def test_guards_say_whether_they_are_critical() -> None:
    block = Guard("V2", GuardStatus.SET, Orientation.DEFENSIVE)  # North's V2 covers b5
    assert describe_action(guarda.ActivateGuard(), attacked(block)) == (
        "Reveal your guard V2 and block all 2 damage: a critical block, "
        "you heal 1 and V2 returns to your hand."
    )
    plain = Guard("V1", GuardStatus.SET, Orientation.DEFENSIVE)
    assert describe_action(guarda.ActivateGuard(), attacked(plain)) == (
        "Reveal your guard V1 and block all 2 damage."
    )
    counter = Guard("V4", GuardStatus.SET, Orientation.OFFENSIVE)
    state = attacked(counter)
    assert describe_action(guarda.ActivateGuard(), state, names=NAMES) == (
        "Reveal your guard V4 and counter: a critical counter: it negates 1 damage, "
        "you take 1 (health 10 to 9), and Ann takes 3 unless they defend."
    )
    state, _ = guarda.apply(state, guarda.ActivateGuard())
    assert state.phase is Phase.COUNTER
    assert describe_action(guarda.TakeDamage(), state, names=NAMES) == (
        "Take the 3 damage of Bo's counter (health 10 to 7)."
    )
    preparing = (
        builder()
        .player(0, position="b1", guard=Guard("V4", GuardStatus.PREPARING))
        .player(1, position="b5")
        .to_act(0, Phase.ACT)
        .build()
    )
    assert describe_action(guarda.SetGuard("defensive"), preparing) == (
        "Set your guard V4 defensively: activated, it blocks all the damage of an attack "
        "(it covers your cell now: a critical block would also heal 1 and return it to "
        "your hand)."
    )
    assert describe_action(guarda.SetGuard("offensive"), preparing).startswith(
        "Set your guard V4 offensively"
    )


def test_victory_damage_scores_points() -> None:
    state = attacked(win="victory")
    assert describe_action(guarda.TakeDamage(), state, names=NAMES) == (
        "Take the 2 damage of Ann's attack; Ann scores 2 points."
    )


def test_moves_pushes_and_loot() -> None:
    config = guarda.grda(players=3, win="exhaustion", stakes="scavenger", ante=3)
    state = (
        PositionBuilder(config, seed=1)
        .player(0, position="a1", hand=("V1", "V2", "H1"))
        .player(1, position="a2")
        .player(2, position=None, is_out=True)
        .loot(Cell.parse("a4"), 3)
        .to_act(0, Phase.MOVE)
        .build()
    )
    assert describe_action(guarda.Push("N", ("V1", "V2")), state, names=NAMES) == (
        "Push Bo 2 cells north from a2 to a4, burning V1 and V2 face down, and Bo takes "
        "the 3 stakes lying there; this ends your Move phase."
    )
    assert describe_action(guarda.EndMove(), state) == (
        "Stay where you are and end your Move phase."
    )


def test_the_turns_other_decisions() -> None:
    state = guarda.new_game(guarda.modern(players=2), 2)
    place = guarda.legal_actions(state)[0]
    assert describe_action(place, state) == f"Place your piece on {place.cell}."  # type: ignore[union-attr]
    settle = (
        builder()
        .player(0, position="b1", hand=("V2", "X"), in_play=("H5",))
        .player(1, position="b5")
        .to_act(0, Phase.SETTLE)
        .build()
    )
    assert describe_action(guarda.Settle(("X",)), settle) == (
        "End your turn, discarding X face down; H5 goes face up to your discard pile."
    )
    two = (
        builder()
        .player(0, position="b1", hand=("X",), in_play=("H5", "V2"))
        .player(1, position="b5")
        .to_act(0, Phase.SETTLE)
        .build()
    )
    assert describe_action(guarda.Settle(), two) == (
        "End your turn without discarding; H5 and V2 go face up to your discard pile."
    )
    # the events' own lines count turns in the singular too
    assert guarda.describe(guarda.TurnEnded(0, 1), ("South", "North")) == (
        "South's turn ended (1 turn so far)"
    )
    assert guarda.describe(guarda.TurnEnded(1, 2)).endswith("(2 turns so far)")
    assert describe_action(guarda.Pass(), attacked_act()) == "Do nothing this Act phase."


def attacked_act() -> GameState:
    return builder().player(0, position="b1").player(1, position="b5").to_act(0, Phase.ACT).build()


def test_only_legal_actions_of_the_deciding_player_are_described() -> None:
    state = attacked()
    with pytest.raises(guarda.IllegalActionError):
        describe_action(guarda.Pass(), state)
    with pytest.raises(guarda.IllegalActionError):
        describe_action(guarda.TakeDamage(), guarda.view(state, 0))
    with pytest.raises(guarda.ArgumentError):
        describe_action(guarda.TakeDamage(), guarda.view(state, None))
    with pytest.raises(guarda.ArgumentError):
        describe_action(guarda.TakeDamage(), state, names="Ann")
    with pytest.raises(guarda.ArgumentError):
        describe_action(guarda.TakeDamage(), "state")  # type: ignore[arg-type]

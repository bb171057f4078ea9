"""Fair deals for bots: a bot holding its whole view and its random source cannot find the
deal, however small the seed; a bot that changes a listed action is only faulted.

The brute force here is what a cheating bot would run: for every seed below 2**20 it
checks the three things a seed could give away, (1) the opening commitment, the SHA-256
of the seed and an empty salt as docs/conformance.md specifies it; (2) a random source
derived from the seed and the seat alone, as the runner once made them; (3) the cards the
bot took from its own pile, in order, against that pile shuffled from the seed. Under the
old, open dealing the same attack finds the seed at once (the control below); under a
match key it finds nothing.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable
from typing import ClassVar

import attrs
import pytest

import guarda
from guarda import _rng
from guarda.arena import SerialExecutor, match
from guarda.bots import MatchResult, RandomBot, deal_for, play_match, seat_rng

MODERN = guarda.modern(players=2, turn_limit=12)
SMALL_SEED = 777_777
"""A caller's seed below 2**20, as every example in the docs uses."""
SEARCHED = range(2**20)


class Spy:
    """Plays randomly, and keeps everything it is given: every view, and the first number
    of its random source (drawn before anything else uses it)."""

    name = "spy"

    def __init__(self) -> None:
        self.views: list[guarda.PlayerView] = []
        self.first: float | None = None

    def act(self, view: guarda.PlayerView, rng: random.Random) -> guarda.Action:
        if self.first is None:
            self.first = rng.random()
        self.views.append(view)
        return rng.choice(view.legal_actions)


def own_draws(view: guarda.PlayerView) -> tuple[tuple[str, ...], ...]:
    """What the player took from the top of their own pile, draw by draw, up to their
    first reshuffle: all of it visible in their own view (a setup card alone, in order;
    a draw of several cards as the sorted cards drawn)."""
    me = view.player
    drawn: list[tuple[str, ...]] = []
    for event in view.events:
        match event:
            case guarda.SetupCardDrawn(player=player, card=card) if player == me:
                drawn.append((card,))
            case guarda.CardsDrawn(player=player, cards=cards) if player == me:
                assert cards is not None  # one's own draws are shown
                drawn.append(tuple(sorted(cards)))
            case guarda.DiscardPileShuffled(player=player) if player == me:
                break
    return tuple(drawn)


def explains(pile: tuple[str, ...], drawn: tuple[tuple[str, ...], ...]) -> bool:
    """Whether a pile, drawn from the top, gives the draws seen."""
    top = 0
    for cards in drawn:
        taken = pile[top : top + len(cards)]
        if (taken if len(cards) == 1 else tuple(sorted(taken))) != cards:
            return False
        top += len(cards)
    return True


def open_seat_rng(seed: int, seat: int) -> random.Random:
    """A seat's random source as a public function of the seed: what the attack tries."""
    digest = hashlib.blake2b(f"guarda.bots/{seed}/{seat}".encode(), digest_size=8).digest()
    return random.Random(int.from_bytes(digest, "big"))


@attrs.frozen
class Found:
    """The seeds each of the three attacks found."""

    by_commitment: tuple[int, ...]
    by_random_source: tuple[int, ...]
    by_own_cards: tuple[int, ...]


def attack(
    config: guarda.Config,
    view: guarda.PlayerView,
    first: float,
    seeds: Iterable[int],
) -> Found:
    """Every seed that explains the commitment, the random source or the bot's own cards."""
    assert view.player == 0  # the first player's pile is shuffled from the seed's state
    commitment = view.commitment
    drawn = own_draws(view)
    assert sum(map(len, drawn)) >= 8
    deck = tuple(entry.card.name for entry in config.deck for _ in range(entry.copies))
    by_commitment, by_random, by_cards = [], [], []
    for seed in seeds:
        text = f"guarda-deal-v1\n{seed}\n"
        if hashlib.sha256(text.encode()).hexdigest() == commitment:
            by_commitment.append(seed)
        if open_seat_rng(seed, 0).random() == first:
            by_random.append(seed)
        pile, _ = _rng.shuffle(deck, _rng.seed_state(seed))
        if explains(pile, drawn):
            by_cards.append(seed)
    return Found(tuple(by_commitment), tuple(by_random), tuple(by_cards))


def test_the_attack_finds_the_seed_of_an_openly_dealt_game() -> None:
    # The control: a game dealt straight from the seed, unsalted, with the seat's random
    # source derived from the seed alone (the runner before match keys).
    state = guarda.new_game(MODERN, SMALL_SEED)
    rng = open_seat_rng(SMALL_SEED, 0)
    first = rng.random()
    moves = random.Random(1)
    while not state.is_over and state.turns_ended < 8:
        state, _ = guarda.apply(state, moves.choice(guarda.legal_actions(state)))
    view = guarda.view(state, 0)
    found = attack(MODERN, view, first, range(SMALL_SEED - 3000, SMALL_SEED + 3000))
    assert found == Found((SMALL_SEED,), (SMALL_SEED,), (SMALL_SEED,))
    # ... and with the seed, the opponent's hidden hand is read.
    assert (
        guarda.new_game(MODERN, SMALL_SEED).players
        == guarda.new_game(MODERN, found.by_own_cards[0]).players
    )


def test_a_bot_cannot_find_the_seed_of_a_match_dealt_under_a_key() -> None:
    spy = Spy()
    result = play_match(MODERN, [spy, RandomBot()], seed=SMALL_SEED)
    assert spy.first is not None and spy.views
    view = spy.views[-1]
    assert sum(map(len, own_draws(view))) >= 8
    found = attack(MODERN, view, spy.first, SEARCHED)
    assert found == Found((), (), ())
    # The game itself is an ordinary, fair game: its record reveals the deal's seed and
    # salt, which give the commitment the spy saw.
    assert result.record.seed == deal_for(SMALL_SEED, result.key).seed >= 2**20
    guarda.verify_fair(result.record, view)


class ArenaSpy(Spy):
    """A spy whose views and first random numbers outlive the copy the arena plays."""

    seen: ClassVar[list[tuple[guarda.PlayerView, float]]] = []

    def act(self, view: guarda.PlayerView, rng: random.Random) -> guarda.Action:
        action = super().act(view, rng)
        assert self.first is not None
        ArenaSpy.seen.append((view, self.first))
        return action


def test_in_an_arena_the_public_game_seed_gives_nothing_away() -> None:
    ArenaSpy.seen.clear()
    result = match(MODERN, [ArenaSpy(), RandomBot()], 2, seed=5, executor=SerialExecutor())
    assert len(result.games) == 2 and not result.errors
    views = {view.commitment: (view, first) for view, first in ArenaSpy.seen if view.player == 0}
    assert views  # the spy sat first in game 0
    checked = 0
    for game in result.games:
        assert game.record is not None
        seen = views.get(guarda.view(guarda.final_state(game.record), 0).commitment)
        if seen is None:
            continue
        checked += 1
        view, first = seen
        # The game's seed is public; the deal, the salt and the random source are not.
        assert attack(MODERN, view, first, [game.seed]) == Found((), (), ())
        assert game.record.seed != game.seed
    assert checked == 1  # game 0, where the spy sat first


def test_the_same_seed_and_key_play_the_same_game_and_another_key_another() -> None:
    spy, again = Spy(), Spy()
    first = play_match(MODERN, [spy, RandomBot()], seed=SMALL_SEED)
    second = play_match(MODERN, [again, RandomBot()], seed=SMALL_SEED, key=first.key)
    assert second.record == first.record and again.first == spy.first
    other = play_match(MODERN, [RandomBot(), RandomBot()], seed=SMALL_SEED, key="other")
    assert other.record.seed != first.record.seed
    assert other.record.salt != first.record.salt


def test_seat_random_sources_depend_on_the_key() -> None:
    streams = {
        (key, seat): seat_rng(3, seat, key=key).random()
        for key in ("a", "b")
        for seat in (0, 1, "fallback")
    }
    assert len(set(streams.values())) == 6
    with pytest.raises(guarda.ArgumentError) as error:
        seat_rng(3, 0, key="")
    assert error.value.path == "key"
    with pytest.raises(guarda.ArgumentError) as error:
        deal_for(True, key="a")
    assert error.value.path == "seed"
    with pytest.raises(guarda.ArgumentError) as error:
        play_match(MODERN, [RandomBot(), RandomBot()], seed=1, key=3)  # type: ignore[arg-type]
    assert error.value.path == "key"


# -- an agent that changes a listed action ------------------------------------------------


class Tamperer:
    """Changes a listed Move in place (``object.__setattr__`` gets past ``frozen``) into
    a move with a card it does not hold, and returns it."""

    name = "tamperer"

    def __init__(self) -> None:
        self.tampered = 0

    def act(self, view: guarda.PlayerView, rng: random.Random) -> guarda.Action:
        for action in view.legal_actions:
            if isinstance(action, guarda.Move) and self.tampered < 3:
                object.__setattr__(action, "cards", ("NOT-A-CARD",))
                self.tampered += 1
                return action
        return rng.choice(view.legal_actions)


def _check_tampered(result: MatchResult) -> None:
    illegal = [fault for fault in result.faults if fault.kind == "illegal"]
    assert illegal and all(fault.seat == 0 for fault in illegal)
    assert all("changed in place" in fault.detail for fault in illegal)
    assert result.outcome is not None  # the game went on to its end
    assert guarda.final_state(result.record).outcome == result.outcome


def test_a_listed_action_changed_in_place_is_an_illegal_fault() -> None:
    bot = Tamperer()
    result = play_match(MODERN, [bot, RandomBot()], seed=4, key="tamper")
    assert bot.tampered
    _check_tampered(result)
    # The changed objects are gone from the engine's caches: nobody is handed them again.
    state = guarda.new_game(MODERN, 1)
    for _ in range(400):
        if state.is_over:
            break
        actions = guarda.legal_actions(state)
        assert all(guarda.is_legal(state, action) for action in actions)
        state, _ = guarda.apply(state, actions[len(actions) // 2])


def test_a_tampering_agent_in_an_arena_is_faulted_and_no_game_is_lost() -> None:
    result = match(MODERN, [Tamperer, RandomBot], 4, seed=2, executor=SerialExecutor())
    assert not result.errors
    assert any(fault.kind == "illegal" for _, fault in result.faults)
    assert all(game.record is not None for game in result.games)


class QuietTamperer:
    """Changes a listed action into another legal one (the listing's first into its
    second) and returns an untouched one: what it changed would poison the caches."""

    name = "quiet-tamperer"

    def __init__(self) -> None:
        self.tampered = 0

    def act(self, view: guarda.PlayerView, rng: random.Random) -> guarda.Action:
        listed = view.legal_actions
        if self.tampered < 2 and len(listed) >= 3 and type(listed[0]) is type(listed[1]):
            for field in attrs.fields(type(listed[0])):
                object.__setattr__(listed[0], field.name, getattr(listed[1], field.name))
            self.tampered += 1
            return listed[2]
        return rng.choice(listed)


def test_a_listed_action_changed_into_another_legal_one_is_found_too() -> None:
    bot = QuietTamperer()
    result = play_match(MODERN, [bot, RandomBot()], seed=6, key="quiet")
    assert bot.tampered
    changed = [fault for fault in result.faults if "changed in place" in fault.detail]
    assert len(changed) == bot.tampered and all(fault.kind == "illegal" for fault in changed)
    assert result.outcome is not None
    state = guarda.new_game(MODERN, 2)  # nobody is handed a changed action again
    for _ in range(300):
        if state.is_over:
            break
        actions = guarda.legal_actions(state)
        assert len(set(actions)) == len(actions)  # no action listed twice
        state, _ = guarda.apply(state, actions[0])

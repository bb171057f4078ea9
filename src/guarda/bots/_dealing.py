"""Dealing a game no agent can read: a secret match key derives the deal, the salt and the
seats' random sources.

An agent sees its own view and a random source. If either were a public function of a
small seed, an agent could try every small seed until one explains what it sees, and
then read everybody's cards: an unsalted commitment (``DealCommitted`` is the SHA-256 of
the seed and the salt) pins the seed in about a million hashes, and so does a random
source seeded from the seed alone. Even a salted game dealt straight from a small seed
gives itself away by the cards an agent draws.

So the runner deals every game from a **match key**, a secret the caller holds: a fresh
random key (128 bits from `secrets`) unless the caller gives one. From the key and the
caller's seed, HMAC-SHA256 derives

* the **deal seed**, the seed [`guarda.new_game`][guarda.new_game] deals with (53 bits,
  so JavaScript reads it exactly);
* the **salt** of the game's commitment (32 hex digits);
* each **seat's random source**, and the fallback's ([`seat_rng`][guarda.bots.seat_rng]).

Without the key, none of the three says anything about the others or about the seed: a
brute force over the seed gets nowhere, however small the seed. The game's record holds
the deal seed and the salt, revealed when the game is over, so
[`guarda.verify_fair`][guarda.verify_fair] and [`guarda.replay`][guarda.replay] work as for
any game. The same seed and key give the same game and the same decisions of seeded
agents: the [`MatchResult`][guarda.bots.MatchResult] (and an arena's result) report the
key used, and passing it back plays the run again.

Examples:
    >>> deal = deal_for(7, key="my secret key")
    >>> deal == deal_for(7, key="my secret key") != deal_for(8, key="my secret key")
    True
    >>> deal.seed < 2**53 and len(deal.salt) == 32
    True
    >>> len(new_key())
    32
"""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets

import attrs

from guarda.errors import ArgumentError

__all__ = ["MAX_KEY", "Deal", "check_key", "deal_for", "new_key", "seat_rng"]

MAX_KEY = 256
"""The longest match key, in characters."""

_DEAL_BITS = 53
"""Deal seeds stay below 2**53, so JavaScript's numbers read them exactly."""


@attrs.frozen
class Deal:
    """What a match key makes of a seed: the deal's seed and the commitment's salt.

    Both are secret while the game is played and revealed in its record afterwards.
    """

    seed: int
    """The seed [`guarda.new_game`][guarda.new_game] deals with (below 2**53)."""
    salt: str
    """The salt of the game's commitment (32 hex digits)."""


def new_key() -> str:
    """A fresh match key: 128 bits from the operating system's randomness, as hex.

    Examples:
        >>> new_key() != new_key()
        True
    """
    return secrets.token_hex(16)


def check_key(key: object, path: str = "key") -> str:
    """The key, checked: a non-empty string of at most [`MAX_KEY`][guarda.bots._dealing.MAX_KEY]
    characters.

    Raises:
        ArgumentError: If it is not.

    Examples:
        >>> check_key("abc")
        'abc'
        >>> check_key(7)
        Traceback (most recent call last):
        ...
        guarda.errors.ArgumentError: key: a match key is a non-empty string of at most 256 characters, not a int
    """  # noqa: E501
    if not isinstance(key, str) or not key or len(key) > MAX_KEY:
        # The key itself is never written out: a key nearly right is nearly secret.
        what = f"{len(key)} characters" if isinstance(key, str) else f"a {type(key).__name__}"
        raise ArgumentError(
            f"a match key is a non-empty string of at most {MAX_KEY} characters, not {what}",
            path=path,
        )
    return key


def _check_seed(seed: object) -> int:
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ArgumentError(f"the seed must be an integer, not {seed!r:.60}", path="seed")
    return seed


def _mac(key: str, label: str) -> bytes:
    """HMAC-SHA256 of ``label`` under ``key``."""
    return hmac.digest(key.encode("utf-8"), label.encode("utf-8"), hashlib.sha256)


def deal_for(seed: int, key: str) -> Deal:
    """The deal seed and salt of the game with ``seed`` under the match ``key``.

    Args:
        seed: The caller's seed for the game (any integer).
        key: The match key (see the module's docs).

    Returns:
        The [`Deal`][guarda.bots.Deal].

    Raises:
        ArgumentError: If the seed is not an integer or the key not a valid key.

    Examples:
        >>> import guarda
        >>> deal = deal_for(1, key="k")
        >>> state = guarda.new_game(guarda.grda(), deal.seed, salt=deal.salt)
        >>> state.events[0].commitment == guarda.new_game(guarda.grda(), 1).events[0].commitment
        False
    """
    seed = _check_seed(seed)
    key = check_key(key)
    digest = _mac(key, f"guarda.bots/deal/{seed}")
    return Deal(
        seed=int.from_bytes(digest[:8], "big") >> (64 - _DEAL_BITS),
        salt=_mac(key, f"guarda.bots/salt/{seed}").hex()[:32],
    )


def seat_rng(seed: int, seat: int | str, *, key: str) -> random.Random:
    """The random source the runner gives a seat: keyed by the match key, not the seed alone.

    Each seat (and each label, such as the runner's own ``"fallback"``) gets its own
    stream, the same in every process and on every platform for the same seed and key,
    and unrelated to the deal for anyone without the key.

    Args:
        seed: The caller's seed for the game.
        seat: The player number, or a label for another stream.
        key: The match key.

    Returns:
        A fresh `random.Random`.

    Raises:
        ArgumentError: If the seed is not an integer or the key not a valid key.

    Examples:
        >>> one = seat_rng(7, 0, key="k").random()
        >>> one == seat_rng(7, 0, key="k").random() != seat_rng(7, 1, key="k").random()
        True
        >>> one != seat_rng(7, 0, key="another key").random()
        True
    """
    seed = _check_seed(seed)
    key = check_key(key)
    if not isinstance(seat, int | str) or isinstance(seat, bool):
        raise ArgumentError(f"a seat is a number or a label, not {seat!r:.60}", path="seat")
    return random.Random(int.from_bytes(_mac(key, f"guarda.bots/seat/{seed}/{seat}"), "big"))

"""Choosing an action step by step in the terminal, as the web table does.

``guarda play`` asks for an action the way [`guarda.ActionBuilder`][guarda.ActionBuilder]
builds one: first the kind (Move, Push, Attack, Prepare guard, Pass, ...), then its parts
(cards one by one, a direction, a destination, a distance, an orientation), each step
offering only what still leads to a legal action, numbered. ``back`` goes up a step;
once the steps make a legal action it is shown in notation with what it would do, and
Enter plays it. An action typed in notation at any step plays at once.

A decision with a single legal action is shown whole and played when you press Enter,
as the web table asks for its Play button: nothing is played without your word.

Examples:
    >>> import guarda
    >>> view = guarda.view(guarda.new_game(guarda.grda(), seed=3), 0)
    >>> picker = Picker(view, ("South", "North"))
    >>> [choice_text(choice) for choice in picker.open_now()]
    ['Place piece']
    >>> picker.answer("1"), [choice_text(choice) for choice in picker.open_now()]
    (None, ['b1', 'b4'])
    >>> picker.answer("b4"), guarda.format_action(picker.answer(""))
    (None, 'place b4')
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from rich.console import Group, RenderableType
from rich.style import Style
from rich.text import Text

import guarda
from guarda.cli._common import UsageError
from guarda.errors import GuardaError

__all__ = ["Choice", "Picker", "choice_text", "kind_words"]

Choice = type[guarda.Action] | str | guarda.Direction | guarda.Cell | guarda.Orientation | int
"""One step, as [`guarda.ActionBuilder.choose`][guarda.ActionBuilder.choose] takes it."""

DIRECTIONS: Final = {"N": "north", "E": "east", "S": "south", "W": "west"}
"""Directions in words, as the web table writes them."""

STYLES: Final[dict[type, Style]] = {
    type: Style(color="cyan", bold=True),
    guarda.Direction: Style(color="green", bold=True),
    guarda.Orientation: Style(color="green", bold=True),
    guarda.Cell: Style(color="magenta", bold=True),
    str: Style(color="yellow", bold=True),
    int: Style(color="blue", bold=True),
}
"""The style of each kind of choice: kinds, cards, directions, cells, distances and
orientations (directions and orientations before cards: they are strings too)."""

KEYWORDS: Final = frozenset(
    [
        "place",
        "discard",
        "move",
        "push",
        "end",
        "set",
        "guard",
        "attack",
        "pass",
        "defend",
        "activate",
        "take",
        "newguard",
        "decline",
        "answer",
        "settle",
    ]
)
"""The first words of actions in notation (``docs/notation.md``): text that starts with
one is read as an action, anything else as the name of a choice."""

NUMBER: Final = Style(dim=True)
"""The number before a choice."""

PLAY: Final = Style(color="green", bold=True)
"""The action the steps make, ready to play."""

_CAPITAL: Final = re.compile(r"(?<=[a-z])(?=[A-Z])")


def kind_words(kind: type[guarda.Action]) -> str:
    """An action class in words, as the web table writes it.

    Examples:
        >>> kind_words(guarda.PrepareNewGuard), kind_words(guarda.EndMove)
        ('Prepare new guard', 'End move')
    """
    words = _CAPITAL.sub(" ", kind.__name__).lower()
    return words[0].upper() + words[1:]


def choice_text(choice: Choice) -> str:
    """A choice as it is shown: a kind in words, a direction in words, a distance in cells.

    Examples:
        >>> choice_text(guarda.Attack), choice_text(guarda.Direction.NORTH), choice_text(2)
        ('Attack', 'north', '2 cells')
    """
    if isinstance(choice, type):
        return kind_words(choice)
    if isinstance(choice, guarda.Direction):
        return DIRECTIONS.get(choice.value, choice.value)
    if isinstance(choice, guarda.Orientation):
        return choice.value
    if isinstance(choice, int):
        return f"{choice} cell" if choice == 1 else f"{choice} cells"
    return str(choice)


def _group(choice: Choice) -> type:
    """The key of a choice's kind in ``STYLES``."""
    for kind in STYLES:
        if kind is not type and isinstance(choice, kind):
            return kind
    return type


class Picker:
    """One decision, chosen step by step on a [`guarda.ActionBuilder`][guarda.ActionBuilder]
    over your view.

    Attributes:
        view: What you see; every choice and every check is read from it (R28).
        names: The players' names, for what an action would do.
        builder: The steps chosen so far.
        only: Whether the decision has a single legal action (shown whole at once).
    """

    def __init__(self, view: guarda.PlayerView, names: Sequence[str]) -> None:
        self.view = view
        self.names = tuple(names)
        builder = guarda.ActionBuilder.from_view(view)
        self.only = bool(builder.choices().kinds) and len(view.legal_actions) == 1
        while self.only and not builder.is_complete:
            builder = builder.choose(next(iter(builder.choices())))
        self.top = builder
        """The first step: ``back`` goes no further up."""
        self.builder = builder

    # -- what is shown ----------------------------------------------------------------

    def open_now(self) -> list[Choice]:
        """The choices open at this step, in the order they are numbered."""
        return list(self.builder.choices())

    def describe(self, action: guarda.Action) -> str:
        """What an action would do, in a sentence."""
        return guarda.describe_action(action, self.view, names=self.names)

    def _breadcrumb(self) -> Text:
        steps = self.builder.chosen
        if not steps or self.only:
            return Text("Choose what to do:" if not self.only else "Your only action:")
        text = Text()
        for index, step in enumerate(steps):
            if index:
                text.append(" > ")
            text.append(choice_text(step), STYLES[_group(step)])
        return text

    def _label(self, group: type) -> str:
        kind = self.builder.kind
        if group is guarda.Cell and kind in (guarda.Move, guarda.Push):
            return "Destination"
        if group is str:
            return "Add a card" if self.builder.cards else "Card"
        return {
            type: "Action",
            guarda.Direction: "Direction",
            guarda.Cell: "Cell",
            int: "Distance",
            guarda.Orientation: "Orientation",
        }[group]

    def render(self) -> RenderableType:
        """This step: where you are, the choices numbered by kind, the action made so far."""
        lines: list[Text] = [self._breadcrumb()]
        rows: dict[type, list[tuple[int, Choice]]] = {}
        for number, choice in enumerate(self.open_now(), 1):
            rows.setdefault(_group(choice), []).append((number, choice))
        width = max((len(self._label(group)) for group in rows), default=0)
        for group, items in rows.items():
            line = Text(f"  {self._label(group):<{width}}  ")
            for index, (number, choice) in enumerate(items):
                if index:
                    line.append("  ")
                line.append(f"{number} ", NUMBER)
                line.append(choice_text(choice), STYLES[group])
            lines.append(line)
        action = self.builder.action
        if action is not None:
            line = Text("  Enter plays ")
            line.append(guarda.format_action(action), PLAY)
            line.append(f": {self.describe(action)}")
            lines.append(line)
        if self.builder is not self.top:
            lines.append(Text("  (back goes up a step)", NUMBER))
        return Group(*lines)

    # -- what is typed ----------------------------------------------------------------

    def _names(self, choice: Choice, builder: guarda.ActionBuilder) -> set[str]:
        """Every way to type a choice, lower case."""
        names = {choice_text(choice).lower()}
        if isinstance(choice, type):
            names.add(choice.__name__.lower())
            made = builder.choose(choice).completions()
            if made:
                names.add(guarda.format_action(made[0]).split()[0])
        elif isinstance(choice, guarda.Direction):
            names.add(choice.value.lower())
        elif isinstance(choice, guarda.Orientation):
            action = builder.choose(choice).action
            if action is not None:
                names.add(guarda.format_action(action).split()[-1])
        return names

    def _named(self, text: str) -> guarda.ActionBuilder | None:
        """The builder after choices typed by name (one, or several separated by spaces),
        or None if the text does not name open choices."""
        for words in ([text], text.split()):
            builder = self.builder
            for word in words:
                found = [
                    choice
                    for choice in builder.choices()
                    if word.lower() in self._names(choice, builder)
                ]
                if not found:
                    break
                builder = builder.choose(found[0])
            else:
                return builder
        return None

    def answer(self, text: str) -> guarda.Action | None:
        """Take what you typed at this step: the action to play, or None for a new step.

        Enter (or ``play``) plays the action the steps make; ``back`` goes up a step; a
        number or a name chooses; an action in notation is played at once.

        Raises:
            UsageError: For a number, a name or a word that is not open now.
            GuardaError: For an action in notation you may not make now (the ruling, as
                [`guarda.verify_view`][guarda.verify_view] explains it from your view).
        """
        text = text.strip()
        open_now = self.open_now()
        if not text and self.builder.action is None:
            return None  # Enter before the steps make an action: this step again
        if text in ("", "play"):
            if self.builder.action is None:
                raise UsageError("choose a step first: the steps so far make no action yet")
            return self.builder.action
        if text == "back":
            if self.builder is self.top:
                raise UsageError("this is the first step: there is nothing to go back to")
            self.builder = self.builder.back()
            return None
        if text.isdigit():
            number = int(text)
            if not 1 <= number <= len(open_now):
                more = f"choose 1 to {len(open_now)}" if open_now else "Enter plays the action"
                raise UsageError(f"no choice {number} at this step: {more}")
            self.builder = self.builder.choose(open_now[number - 1])
            return None
        try:
            action = guarda.parse_action(text, self.view.config)
        except GuardaError as error:
            named = self._named(text)
            if named is not None:
                self.builder = named
                return None
            if text.split()[0].lower() in KEYWORDS:
                raise
            left = f"1 to {len(open_now)}" if open_now else "none left: Enter plays the action"
            raise UsageError(f"{text!r} is not a choice at this step ({left})") from error
        try:
            guarda.verify_view(self.view, action)
        except GuardaError:
            named = self._named(text)
            if named is None:
                raise
            self.builder = named
            return None
        return action

    def explain(self, text: str) -> str:
        """What the action made so far (no text), the action choice N would make, or an
        action in notation would do.

        Raises:
            UsageError: For a choice that makes no action yet, or nothing made yet.
            GuardaError: As [`guarda.verify_view`][guarda.verify_view] for notation.
        """
        if not text:
            if self.builder.action is None:
                raise UsageError("explain needs an action: the steps so far make none yet")
            return self.describe(self.builder.action)
        if text.isdigit():
            open_now = self.open_now()
            number = int(text)
            if not 1 <= number <= len(open_now):
                raise UsageError(f"no choice {number} at this step (1 to {len(open_now)})")
            action = self.builder.choose(open_now[number - 1]).action
            if action is None:
                raise UsageError(f"choice {number} makes no action yet: choose it, then explain")
            return self.describe(action)
        action = guarda.parse_action(text, self.view.config)
        guarda.verify_view(self.view, action)
        return self.describe(action)

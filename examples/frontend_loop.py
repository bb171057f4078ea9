"""A frontend loop driven only by views and visible events.

Run it with ``python examples/frontend_loop.py``. The *host* holds the one full game state;
each *client* (here a tiny text client per seat) only ever receives its own view and the
events as its player may see them, exactly what a network frontend would be sent. The
clients pick actions from the legal actions listed in their view and send them back as
notation text, which the host parses and applies.
"""

from __future__ import annotations

import random

import guarda


class Client:
    """One seat's frontend: it keeps a log and answers with action notation."""

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.log: list[str] = []
        self.chooser = random.Random(seed * 10 + seat)

    def show(self, events: tuple[guarda.Event, ...]) -> None:
        """Receive the events of the last step, already redacted for this seat."""
        self.log.extend(guarda.describe(event) for event in events)

    def decide(self, view: guarda.PlayerView) -> str:
        """Choose an action from the view, as a person clicking would; send it as text."""
        assert view.player == self.seat and view.actor == self.seat
        return guarda.format_action(self.chooser.choice(view.legal_actions))


def main(seed: int = 8, players: int = 3) -> tuple[guarda.Outcome, list[Client]]:
    """Host one game between text clients; return the outcome and the clients."""
    state = guarda.new_game(guarda.classic(players=players), seed=seed)
    clients = [Client(seat, seed) for seat in range(players)]
    for client in clients:  # the setup events so far
        client.show(guarda.view(state, client.seat).events)
    while not state.is_over:
        actor = state.actor
        assert actor is not None
        text = clients[actor].decide(guarda.view(state, actor))  # only the view leaves
        state, events = guarda.apply(state, guarda.parse_action(text))
        for client in clients:
            client.show(guarda.visible_events(events, client.seat))
    assert state.outcome is not None
    for client in clients:  # every client's log is exactly its view's event log
        assert len(client.log) == len(guarda.view(state, client.seat).events)
    print(clients[0].log[-1])
    return state.outcome, clients


if __name__ == "__main__":
    main()

"""Save a game as a record, load it back and replay it, as one seat and as a spectator.

Run it with ``python examples/save_and_replay.py [DIRECTORY]``: it plays a seeded game,
writes ``game.json`` (the full record: a secret until the game is over) and
``north.json`` (what North saw), then reads both back and checks the replay.
"""

from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path

import guarda


def play(seed: int) -> guarda.GameRecord:
    """Play one seeded game between random players while recording it."""
    recorder = guarda.Recorder(guarda.modern(players=2), seed=seed, names=("Ana", "Ben"))
    chooser = random.Random(seed)
    while not recorder.state.is_over:
        recorder.apply(chooser.choice(guarda.legal_actions(recorder.state)))
    return recorder.record()


def main(directory: Path, seed: int = 5) -> tuple[int, guarda.Outcome]:
    """Save a game, load it back, replay it; return the number of plies and the outcome."""
    record = play(seed)
    full = directory / "game.json"
    full.write_text(guarda.dumps(record, secrets=True, notation=True, indent=2))
    north = directory / "north.json"
    north.write_text(guarda.dumps(guarda.seat_record(record, 1), indent=2))

    loaded = guarda.loads(full.read_text(), guarda.GameRecord)
    states = list(guarda.replay(loaded))  # the initial state, then one per action
    final = states[-1]
    assert final == guarda.final_state(record)
    assert final.outcome is not None and final.outcome == record.result

    seen = guarda.loads(north.read_text(), guarda.SeatRecord)
    assert seen.events == guarda.view(final, 1).events  # North's log, as North saw it
    print(f"{len(loaded.actions)} plies, {full.stat().st_size} bytes; {final.outcome}")
    return len(loaded.actions), final.outcome


if __name__ == "__main__":
    if len(sys.argv) > 1:
        main(Path(sys.argv[1]))
    else:
        with tempfile.TemporaryDirectory() as temporary:
            main(Path(temporary))

"""Conformance vectors: prove that another implementation plays the same game as guarda.

A **vector** is a JSON file: a game's input (a configuration document, a seed or a start
state, and actions in notation) and, after each step, the legal actions in notation, each
seat's view, the events each seat saw and the outcome, every step tagged with the rulings
of the [rules reference](rules.md) it exercises. guarda ships a set of vectors that
covers every edition, variant, action, event, reaction and ruling
([shipped][guarda.conformance.shipped]); an implementation in another language passes
when its program prints the same results:

- [verify][guarda.conformance.verify] (``guarda verify --command CMD``) runs the program once
  per vector and reports the first difference of each, with its ply and rulings, at a
  [level][guarda.conformance.LEVELS] from ``legal`` (the legal actions only) up to
  ``events`` (the whole protocol);
- [results][guarda.conformance.results] (``python -m guarda.conformance run``) is guarda's
  own side of the protocol;
- [generate][guarda.conformance.generate] and [check][guarda.conformance.check]
  (``python -m guarda.conformance generate|check``) rebuild the vectors from seeded random
  games, and compare a directory with a fresh generation.

Every vector starts from a new game and a seed. The other games behind the
[game protocol][guarda.game.Game] ship vectors in the same staged format, made of their
own documents (``game=`` in these functions, ``guarda verify --game NAME``).

This layer uses only guarda's public API and the standard library.

Examples:
    >>> import guarda.conformance as conformance
    >>> vector = conformance.load_vector(conformance.vector_files()[0])
    >>> steps = list(conformance.results(conformance.input_of(vector)))
    >>> conformance.compare(vector, steps) is None
    True
"""

from __future__ import annotations

from guarda.conformance._cli import main, run_main, verify_main
from guarda.conformance._reference import (
    INPUT_FORMAT,
    PROTOCOL_VERSION,
    VECTOR_FORMAT,
    VIEW_OMITTED,
    read_input,
)
from guarda.conformance._rulings import RULINGS, UNTESTABLE, step_kinds, step_rulings
from guarda.conformance._run import results
from guarda.conformance._schema import SCHEMA_NAMES, json_schema
from guarda.conformance._vectors import (
    check,
    generate,
    generate_vectors,
    input_of,
    load_vector,
    shipped,
    vector_files,
)
from guarda.conformance._verify import (
    LEVELS,
    Difference,
    Level,
    Starts,
    VectorResult,
    compare,
    compare_levels,
    first_difference,
    parse_results,
    verify,
)

__all__ = [
    "INPUT_FORMAT",
    "LEVELS",
    "PROTOCOL_VERSION",
    "RULINGS",
    "SCHEMA_NAMES",
    "UNTESTABLE",
    "VECTOR_FORMAT",
    "VIEW_OMITTED",
    "Difference",
    "Level",
    "Starts",
    "VectorResult",
    "check",
    "compare",
    "compare_levels",
    "first_difference",
    "generate",
    "generate_vectors",
    "input_of",
    "json_schema",
    "load_vector",
    "main",
    "parse_results",
    "read_input",
    "results",
    "run_main",
    "shipped",
    "step_kinds",
    "step_rulings",
    "vector_files",
    "verify",
    "verify_main",
]

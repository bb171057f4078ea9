"""Regenerate the shipped JSON Schema files: ``python -m guarda.schemas [--check]``."""

from guarda.schemas import main

if __name__ == "__main__":
    raise SystemExit(main())

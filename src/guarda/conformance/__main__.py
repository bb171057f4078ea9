"""``python -m guarda.conformance``: generate, check, run or verify the conformance vectors."""

from guarda.conformance._cli import main

raise SystemExit(main())

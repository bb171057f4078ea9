"""``python -m guarda.cli COMMAND ...``: the ``guarda`` command without its console script."""

from guarda.cli import main

raise SystemExit(main())

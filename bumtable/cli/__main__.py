"""``python -m bumtable.cli``: the same as the ``bumtable`` command."""

from bumtable.cli.app import main

main()

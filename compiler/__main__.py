"""``python -m compiler``: the same as the ``rulesc`` command."""

import sys

from compiler.cli import main

sys.exit(main())

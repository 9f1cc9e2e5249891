"""Engines compiled by rulesc: one package per game (``generated.<game>``). Do not edit.

Each subpackage is written by ``rulesc build`` from ``rules_data/<game>/``.

Every ``generated/`` folder on ``sys.path`` is part of this package (``pkgutil.extend_path``),
the others before this one: with rulesc installed from a wheel, ``python -c "import
generated.my_game"`` run in the folder where ``rulesc build --rules my-game`` wrote
``generated/my_game/`` finds it, and the shipped games too.
"""

from pkgutil import extend_path

__path__ = extend_path(__path__, __name__)
__path__ = __path__[1:] + __path__[:1]

"""Sheets and ``rulesc explain`` for games written in the core language.

``speak`` says a text tree (``compiler.lang.texts``) in words; ``words`` holds the core's
own words per language; ``sheet`` builds the reference sheet from ``game.yaml``'s
``sheet`` layout; ``explain`` prints one item. See docs/sheets.md.
"""

"""Engines compiled by rulesc: one package per game (``generated.<game>``). Do not edit.

Each subpackage is written by ``rulesc build`` from ``rules_data/<game>/``.
"""

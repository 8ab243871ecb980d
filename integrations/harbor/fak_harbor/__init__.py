"""Harbor JobPlugin that hands each finished trial to the `fak` CLI."""

from fak_harbor.plugin import FakPlugin

__all__ = ["FakPlugin"]

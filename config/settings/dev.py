"""Development settings: base with DEBUG on (make run)."""

from .base import *  # noqa: F403

DEBUG = True

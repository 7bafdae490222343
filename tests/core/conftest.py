"""The club fixtures (a club, its members, a record maker) for the API error tests that write to the log."""

from tests.clubs.conftest import club, director, make_record, other_club, record  # noqa: F401

"""The accounts tests sign in as members of the clubs tests' club."""

from tests.clubs.conftest import PASSWORD, chief, club, director, make_user  # noqa: F401

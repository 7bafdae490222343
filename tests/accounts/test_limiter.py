"""The login limiter keyed right (security review M2) and in front of the admin too (H3)."""

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.test import Client, override_settings
from django.utils import timezone

from accounts.limiter import client_address, normalise_username
from accounts.models import LoginFailure

from .conftest import PASSWORD

pytestmark = [pytest.mark.log, pytest.mark.django_db]

LOGIN = "/accounts/login/"
ADMIN_LOGIN = "/admin/login/"


def attempt(username, password, address="10.0.0.1", path=LOGIN, client=None, **extra):
    client = client or Client()
    data = {"username": username, "password": password}
    if path == ADMIN_LOGIN:
        data["next"] = "/admin/"
    return client.post(path, data, REMOTE_ADDR=address, **extra)


def fail(username, times, **kwargs):
    for _ in range(times):
        assert attempt(username, "wrong", **kwargs).status_code == 200


def age(minutes):
    LoginFailure.objects.update(at=timezone.now() - datetime.timedelta(minutes=minutes))


@pytest.mark.parametrize(
    "variant", ["director ", " director", "\tdirector", "ｄｉｒｅｃｔｏｒ", "director\u3000"]
)
def test_username_variants_are_the_same_account(director, variant):
    fail("director", 5)
    assert attempt(variant, PASSWORD).status_code == 429  # was 302: each variant had its own budget
    assert attempt("director", PASSWORD).status_code == 429  # and nothing cleared the lock


def test_failures_under_variants_count_for_the_account(director):
    for variant in ["director ", " director", "ｄｉｒｅｃｔｏｒ", "\tdirector", "director"]:
        assert attempt(variant, "wrong").status_code == 200
    assert set(LoginFailure.objects.values_list("username", flat=True)) == {"director"}
    assert attempt("director", PASSWORD).status_code == 429


def test_normalisation_is_the_sign_in_forms():
    assert normalise_username("  ｄｅｍｏ-director\t") == "demo-director"
    assert normalise_username("Director") == "Director"  # usernames are case-sensitive, as authenticate() is
    assert normalise_username(None) == "" and normalise_username("x" * 200) == "x" * 150


# --- N2: no stranger can lock an account -------------------------------------------------------------------


def test_a_stranger_rotating_addresses_cannot_lock_the_owner_out(director):
    # The review's twogun.py: 7 wrong passwords, each from a new address, then the right one from another.
    for n in range(7):
        assert attempt("director", "wrong", address=f"10.3.{n}.1").status_code == 200
    assert attempt("director", PASSWORD, address="10.4.4.4").status_code == 302  # was 429: locked everywhere


def test_a_stranger_locks_only_their_own_address(director):
    fail("director", 5, address="10.3.0.1")
    assert attempt("director", PASSWORD, address="10.3.0.1").status_code == 429  # the attacker's address
    assert attempt("director", PASSWORD, address="10.4.4.4").status_code == 302  # the owner elsewhere


def test_across_addresses_the_account_is_slowed_down_not_locked(director):
    for n in range(5):
        attempt("director", "wrong", address=f"10.0.1.{n}")
    response = attempt("director", PASSWORD, address="10.0.1.0")  # an address that failed, at once
    assert response.status_code == 429 and 1 <= int(response["Retry-After"]) <= 61
    LoginFailure.objects.update(at=timezone.now() - datetime.timedelta(seconds=61))  # the slow-down is over
    assert attempt("director", "wrong", address="10.0.1.0").status_code == 200
    assert attempt("director", PASSWORD, address="10.0.1.9").status_code == 302  # a fresh address: checked


@override_settings(LOGIN_FRESH_ADDRESSES=10)
def test_many_addresses_get_one_try_each_only_while_few_have_failed(director):
    # A botnet, an IPv6 range or a forged X-Forwarded-For: one unslowed try per new address, for 10 addresses.
    for n in range(10):
        assert attempt("director", "wrong", address=f"10.5.{n}.1").status_code == 200
    response = attempt("director", PASSWORD, address="10.5.99.1")  # the 11th new address waits too
    assert response.status_code == 429 and int(response["Retry-After"]) <= 61
    LoginFailure.objects.update(at=timezone.now() - datetime.timedelta(seconds=61))
    assert attempt("director", PASSWORD, address="10.5.99.1").status_code == 302


def test_an_ipv6_address_counts_as_its_64(director):
    for n in range(5):
        attempt("director", "wrong", address=f"2001:db8::{n + 1:x}")
    assert attempt("director", PASSWORD, address="2001:db8::ffff").status_code == 429  # the same /64: locked
    assert set(LoginFailure.objects.values_list("address", flat=True)) == {"2001:db8::"}
    assert attempt("director", PASSWORD, address="2001:db8:1::1").status_code == 302  # another network


@override_settings(LOGIN_SLOWDOWN_SECONDS=2, LOGIN_SLOWDOWN_MAX_SECONDS=60)
def test_the_slow_down_backs_off_and_is_capped():
    from accounts.limiter import _slowdown_seconds

    assert [_slowdown_seconds(n) for n in (5, 6, 7, 10, 50)] == [2, 4, 8, 60, 60]


def test_the_owners_usual_address_is_not_slowed_by_strangers(director):
    assert attempt("director", PASSWORD, address="10.9.9.9").status_code == 302  # the owner's usual address
    for n in range(8):
        attempt("director", "wrong", address=f"10.3.{n}.1")
    assert attempt("director", "typo", address="10.9.9.9").status_code == 200  # the owner mistypes once
    assert attempt("director", PASSWORD, address="10.9.9.9").status_code == 302  # not made to wait


def test_a_success_clears_only_its_own_addresses_failures(director):
    fail("director", 2, address="10.9.9.9")  # the owner mistypes twice
    for _ in range(5):  # a stranger
        LoginFailure.objects.create(username="director", address="10.3.0.1")
    LoginFailure.objects.update(at=timezone.now() - datetime.timedelta(seconds=61))  # past the slow-down
    assert attempt("director", PASSWORD, address="10.9.9.9").status_code == 302
    assert set(LoginFailure.objects.values_list("address", flat=True)) == {"10.3.0.1"}
    assert attempt("director", PASSWORD, address="10.3.0.1").status_code == 429  # the stranger stays locked


def test_the_slow_down_is_logged_once(director, caplog):
    with caplog.at_level("WARNING", logger="accounts.limiter"):
        for n in range(7):
            attempt("director", "wrong", address=f"10.3.{n}.1")
    warnings = [r.getMessage() for r in caplog.records if r.name == "accounts.limiter"]
    assert len(warnings) == 1 and "'director' slowed down" in warnings[0] and "5 addresses" in warnings[0]


def test_the_admin_sees_and_clears_locks(director, superuser):
    fail("director", 5, address="10.3.0.1")
    client = Client()
    client.force_login(superuser)
    page = client.get("/admin/accounts/loginfailure/").content.decode()
    assert "已锁定，还剩 15 分钟" in page
    response = client.post(
        "/admin/accounts/loginfailure/",
        {"action": "clear_locks", "_selected_action": [LoginFailure.objects.first().pk]},
    )
    assert response.status_code == 302 and not LoginFailure.objects.exists()
    assert attempt("director", PASSWORD, address="10.3.0.1").status_code == 302
    assert client.get("/admin/accounts/loginaddress/").status_code == 200


def test_a_lock_backs_off(director):
    fail("director", 5)
    age(16)  # the first lock (15 minutes) is over
    assert attempt("director", "wrong").status_code == 200  # a sixth failure: the next lock is 30 minutes
    response = attempt("director", PASSWORD)
    assert response.status_code == 429 and "30 分钟" in response.content.decode()
    age(29)
    assert attempt("director", PASSWORD).status_code == 429
    age(31)
    assert attempt("director", PASSWORD).status_code == 302
    assert not LoginFailure.objects.filter(username="director").exists()


@override_settings(LOGIN_FAILURE_WINDOW_SECONDS=600, LOGIN_LOCK_MAX_SECONDS=1800)
def test_the_back_off_is_capped_and_old_failures_are_forgotten(director):
    fail("director", 5)  # locked 10 minutes
    age(11)
    fail("director", 1)  # 20 minutes
    age(21)
    fail("director", 1)  # 40 minutes, capped at 30
    response = attempt("director", PASSWORD)
    assert response.status_code == 429 and "30 分钟" in response.content.decode()
    age(31)  # older than the cap: forgotten
    assert attempt("director", PASSWORD).status_code == 302


@override_settings(LOGIN_FAILURE_LIMIT_PER_ADDRESS=20)
def test_a_shared_address_cannot_lock_a_club_out(club, director, chief):
    # The hall's NAT: 20 failures for unknown names and 4 for the chief, all from one address.
    for n in range(20):
        attempt(f"nobody{n}", "wrong")
    fail("chief", 4)
    assert attempt("nobody99", "wrong").status_code == 429
    assert attempt("director", PASSWORD).status_code == 302  # was 429 for everyone behind that address
    assert attempt("chief", PASSWORD).status_code == 302


@pytest.mark.parametrize(
    ("count", "forwarded", "seen"),
    [
        (0, "203.0.113.7", "10.0.0.1"),  # not trusted: a client can write anything there
        (1, "203.0.113.7", "203.0.113.7"),
        (1, "198.51.100.1, 203.0.113.7", "203.0.113.7"),  # the first entry is the client's own claim
        (2, "198.51.100.1, 203.0.113.7, 10.0.0.9", "203.0.113.7"),
        (2, "203.0.113.7", "10.0.0.1"),  # fewer entries than proxies: not what the proxies write
        (1, "not-an-address", "10.0.0.1"),
        (1, "", "10.0.0.1"),
    ],
)
def test_the_client_address_behind_trusted_proxies(rf, count, forwarded, seen):
    request = rf.get("/", REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR=forwarded)
    with override_settings(TRUSTED_PROXY_COUNT=count):
        assert client_address(request) == seen


@override_settings(TRUSTED_PROXY_COUNT=1, LOGIN_FAILURE_LIMIT_PER_ADDRESS=3)
def test_behind_a_proxy_unknown_names_are_counted_per_client(director):
    for _ in range(3):
        attempt("nobody", "wrong", address="127.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.7")
    assert (
        attempt("nobody", "wrong", address="127.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.7").status_code == 429
    )
    assert (
        attempt("nobody", "wrong", address="127.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.8").status_code == 200
    )
    assert set(LoginFailure.objects.values_list("address", flat=True)) == {"203.0.113.7", "203.0.113.8"}


@pytest.fixture
def superuser(db):
    return get_user_model().objects.create_superuser("root", "root@example.org", PASSWORD)


def test_the_admin_login_counts_failures_and_answers_429(superuser):
    client = Client()
    fail("root", 5, path=ADMIN_LOGIN, client=client)
    response = attempt("root", PASSWORD, path=ADMIN_LOGIN, client=client)  # was 302: no limit on the admin
    assert response.status_code == 429 and response["Retry-After"]
    assert "登录失败次数过多" in response.content.decode()
    assert "_auth_user_id" not in client.session
    assert client.get("/admin/").status_code == 302  # still signed out


def test_the_admin_and_the_site_share_one_count(superuser):
    fail("root", 3, path=LOGIN)
    fail("root", 2, path=ADMIN_LOGIN)
    assert attempt("root", PASSWORD, path=ADMIN_LOGIN).status_code == 429
    assert attempt("root", PASSWORD, path=LOGIN).status_code == 429


def test_an_admin_login_clears_the_accounts_failures(superuser):
    fail("root", 4, path=ADMIN_LOGIN)
    client = Client()
    response = attempt("root", PASSWORD, path=ADMIN_LOGIN, client=client)
    assert response.status_code == 302 and response["Location"] == "/admin/"
    assert not LoginFailure.objects.exists()
    assert client.get("/admin/").status_code == 200

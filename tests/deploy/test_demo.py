"""Demo data only in development (security review H4): load_demo refuses production settings, --force or not."""

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.test import override_settings

from .conftest import run_python


@pytest.mark.django_db
@override_settings(IS_PRODUCTION=True)
@pytest.mark.parametrize("args", [[], ["--force"]])
def test_load_demo_refuses_production_settings(args):
    with pytest.raises(CommandError, match="production settings"):
        call_command("load_demo", *args)
    assert not get_user_model().objects.filter(username__startswith="demo-").exists()


def test_load_demo_refuses_under_config_settings_prod(prod_env):
    result = run_python(
        "",
        {**prod_env, "DJANGO_SETTINGS_MODULE": "config.settings.prod"},
        "manage.py",
        "load_demo",
        "--force",
    )
    assert result.returncode != 0
    assert "load_demo refuses to run under production settings" in result.stderr

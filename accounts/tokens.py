"""API tokens end with the password they were issued under (security review L7): a changed password deletes the
user's token, as Django's session hash already ends his other sessions. He makes a new one at /accounts/token/."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token


def on_user_saved(sender, instance, raw: bool = False, update_fields=None, **kwargs) -> None:
    """pre_save of the user model: the stored password hash is about to change → the token goes."""
    if raw or instance.pk is None or (update_fields is not None and "password" not in update_fields):
        return
    stored = (
        get_user_model()._default_manager.filter(pk=instance.pk).values_list("password", flat=True).first()
    )
    if stored is not None and stored != instance.password:
        Token.objects.filter(user_id=instance.pk).delete()

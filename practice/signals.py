"""Signing in keeps what an anonymous visitor practised in the same browser session."""

from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver

from practice.selectors import SESSION_KEY


@receiver(user_logged_in, dispatch_uid="practice_merge_on_login")
def merge_session_practice(sender, request, user, **kwargs):
    if request is None or not hasattr(request, "session"):
        return
    token = request.session.pop(SESSION_KEY, None)
    if token:
        from practice.services import learner_merge

        learner_merge(token=token, user=user)

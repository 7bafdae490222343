"""Site admin for practice state (attempts and spaced-repetition cards), read-mostly."""

from django.contrib import admin

from practice.models import Attempt, Card


@admin.register(Attempt)
class AttemptAdmin(admin.ModelAdmin):
    list_display = ["item", "topic", "correct", "user", "session_token", "created_at"]
    list_filter = ["topic", "correct", "source"]
    search_fields = ["item", "user__username"]


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
    list_display = ["item", "topic", "box", "due_step", "seen", "right", "user", "session_token"]
    list_filter = ["topic", "box"]

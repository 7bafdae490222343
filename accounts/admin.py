"""Site admin for failed logins: read-only; a superuser may delete a user's failures to lift a lock-out early."""

from django.contrib import admin

from accounts.models import LoginFailure


@admin.register(LoginFailure)
class LoginFailureAdmin(admin.ModelAdmin):
    list_display = ["username", "address", "at"]
    search_fields = ["username", "address"]

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return request.user.is_superuser  # deleting a user's failures lifts a lock-out early

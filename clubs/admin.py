"""Site admin for the club rulings log: clubs and their members are managed here; ruling records are read-only
(every write goes through clubs.services, so each change leaves a revision)."""

from django.contrib import admin

from clubs.models import Club, Membership, RulingRecord, RulingRevision


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 1
    autocomplete_fields = ["user"]


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "created_at"]
    search_fields = ["name"]
    inlines = [MembershipInline]


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(RulingRecord)
class RulingRecordAdmin(ReadOnlyAdmin):
    list_display = ["club", "number", "date", "event", "board", "irregularity", "status", "version"]
    list_filter = ["club", "status", "irregularity"]
    search_fields = ["event", "notes", "statement"]


@admin.register(RulingRevision)
class RulingRevisionAdmin(ReadOnlyAdmin):
    list_display = ["record", "number", "action", "author", "at"]

"""Site admin for the club rulings log: clubs and their members are managed here; ruling records are read-only
(every write goes through clubs.services, so each change leaves a revision).

The change lists stay usable at a million rows (issue 20): ordered by an index (the primary key, newest first),
the related names read in the same query, no full count beside the filtered one (``show_full_result_count``), an
estimated count on PostgreSQL when nothing filters the list, filters whose choices are known (no DISTINCT over the
table), and the text search answered from the free-text index (clubs.fulltext)."""

from django.contrib import admin
from django.core.paginator import Paginator
from django.db import connections
from django.db.models.expressions import RawSQL
from django.utils.functional import cached_property
from django.utils.translation import gettext_lazy as _

from clubs import fulltext, selectors
from clubs.models import Club, Membership, RulingRecord, RulingRevision

# Below this many rows (as PostgreSQL estimates them) an exact count is cheap enough.
EXACT_COUNT_BELOW = 100_000


class EstimatedCountPaginator(Paginator):
    """The exact count of a filtered list; of a whole big table an estimate, which costs nothing where COUNT(*)
    reads every row: PostgreSQL's planner's (pg_class.reltuples); on SQLite the largest id, read from the primary
    key's index — exact for these tables, whose rows are never deleted (issue 32: the SQLite revisions list took
    10× as long at 100k records as at 1k, all of it counting)."""

    @cached_property
    def count(self):
        query = getattr(self.object_list, "query", None)
        if query is not None and not query.where:
            connection = connections[self.object_list.db]
            table = self.object_list.model._meta.db_table
            row = None
            with connection.cursor() as cursor:
                if connection.vendor == "postgresql":
                    cursor.execute("SELECT reltuples::bigint FROM pg_class WHERE oid = %s::regclass", [table])
                    row = cursor.fetchone()
                elif connection.vendor == "sqlite":
                    cursor.execute(f'SELECT max(rowid) FROM "{table}"')
                    row = cursor.fetchone()
            if row and row[0] is not None and row[0] >= EXACT_COUNT_BELOW:
                return row[0]
        return super().count


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 1
    autocomplete_fields = ["user"]


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "default_edition", "created_at"]
    search_fields = ["name"]
    inlines = [MembershipInline]


class ReadOnlyAdmin(admin.ModelAdmin):
    paginator = EstimatedCountPaginator
    show_full_result_count = False
    ordering = ["-id"]  # the primary key's index, newest first

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class IrregularityFilter(admin.SimpleListFilter):
    """The trees and 其他 as choices: Django's default filter would read DISTINCT irregularity over the table."""

    title = RulingRecord.label_of("irregularity")
    parameter_name = "irregularity"

    def lookups(self, request, model_admin):
        return selectors.irregularity_choices()

    def queryset(self, request, queryset):
        return queryset.filter(irregularity=self.value()) if self.value() else queryset


@admin.register(RulingRecord)
class RulingRecordAdmin(ReadOnlyAdmin):
    list_display = ["club", "number", "date", "event", "board", "irregularity", "status", "version"]
    list_filter = ["club", "status", IrregularityFilter]
    # No join in the page's query: SQLite then reads the newest rows by the primary key's index (a join made it
    # start from the club table and sort the whole log: bench/log-scale.md, admin_records 2.18× at 100k); the
    # page's clubs come in one query by id.
    list_select_related = ()

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related("club")

    search_fields = ["event", "notes", "statement"]
    search_help_text = _("赛事、节次、桌号、事实经过或备注中的文字（三个字以上走全文索引）")

    def get_search_results(self, request, queryset, search_term):
        text = search_term.strip()
        match = fulltext.match_sql(connections[queryset.db], text=text) if text else None
        if match is None:
            return super().get_search_results(request, queryset, search_term)
        return queryset.filter(pk__in=RawSQL(*match)), False


@admin.register(RulingRevision)
class RulingRevisionAdmin(ReadOnlyAdmin):
    list_display = ["record", "number", "action", "author", "at"]
    # As for the records: the page's query reads the newest revisions by id alone (a join to the records and clubs
    # made SQLite sort every revision: admin_revisions 11.8× at 100k); records, clubs and authors by id after.
    list_select_related = ()

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related("record__club", "author")

    raw_id_fields = ["record"]

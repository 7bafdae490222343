"""Site admin for the law base (editions, chapters, laws, sections, definitions, references)."""

from django.contrib import admin

from laws.models import Chapter, Definition, Edition, Law, Reference, Section


@admin.register(Law)
class LawAdmin(admin.ModelAdmin):
    list_display = ["number", "title", "title_en", "source", "chapter"]
    list_filter = ["source", "chapter"]


@admin.register(Section)
class SectionAdmin(admin.ModelAdmin):
    list_display = ["ref", "heading", "law"]
    search_fields = ["ref", "heading", "text"]


@admin.register(Definition)
class DefinitionAdmin(admin.ModelAdmin):
    list_display = ["term", "term_en", "origin"]


admin.site.register([Edition, Chapter, Reference])

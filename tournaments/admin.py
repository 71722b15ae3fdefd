"""Admin pages for clubs and players."""

from django.contrib import admin

from tournaments.models import Club, Player


class PlayerInline(admin.TabularInline):
    model = Player
    extra = 0
    fields = ("first_name", "last_name", "licence", "email", "active")


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ("name", "city", "federation_code")
    search_fields = ("name", "city")
    inlines = [PlayerInline]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("last_name", "first_name", "licence", "club", "active")
    list_filter = ("club", "active")
    search_fields = ("last_name", "first_name", "licence")

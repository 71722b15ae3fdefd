"""Admin pages for clubs, their directors and players, and the tablets'
sign-ins (read only).

The site administrator (a superuser) manages the clubs and who directs
each: a club's directors are staff users (``manage.py create_director`` makes
one); a director's own pages are the director's pages, not this admin.
"""

from django.contrib import admin
from django.contrib.auth import get_user_model
from django.db.models import ManyToManyField
from django.forms import ModelMultipleChoiceField
from django.http import HttpRequest

from tournaments.models import Club, Player, TabletGrant


class PlayerInline(admin.TabularInline):
    model = Player
    extra = 0
    fields = ("first_name", "last_name", "licence", "email", "active")


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ("name", "city", "federation_code", "director_names")
    search_fields = ("name", "city")
    filter_horizontal = ("directors",)
    inlines = [PlayerInline]

    @admin.display(description="directors")
    def director_names(self, club: Club) -> str:
        return ", ".join(user.get_username() for user in club.directors.all())

    def formfield_for_manytomany(
        self, db_field: ManyToManyField, request: HttpRequest, **kwargs: object
    ) -> ModelMultipleChoiceField:
        """Directors are picked among the staff users (a superuser directs
        every club already)."""
        if db_field.name == "directors":
            kwargs["queryset"] = get_user_model().objects.filter(
                is_staff=True, is_superuser=False
            )
        return super().formfield_for_manytomany(db_field, request, **kwargs)


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("last_name", "first_name", "licence", "club", "active")
    list_filter = ("club", "active")
    search_fields = ("last_name", "first_name", "licence")


@admin.register(TabletGrant)
class TabletGrantAdmin(admin.ModelAdmin):
    """Tablet sign-ins, read only: who signed in where, and why it ended."""

    list_display = (
        "table",
        "via",
        "address",
        "created_at",
        "revoked_at",
        "revoked_why",
        "revoked_by",
    )
    list_filter = ("via", "revoked_why")
    list_select_related = ("table__section__session__event", "revoked_by")
    exclude = ("key_hash",)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(
        self, request: HttpRequest, obj: TabletGrant | None = None
    ) -> bool:
        return False

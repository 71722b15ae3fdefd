"""Directors belong to clubs.

Before this migration every staff user directed every club.  So that an
upgraded server keeps working as before, each existing staff user who is not
a superuser becomes a director of every existing club; the site
administrator then narrows it down (the admin's club page).
"""

from django.conf import settings
from django.db import migrations, models


def keep_existing_directors(apps, schema_editor):
    """Every existing staff user directs every existing club, as before."""
    user_model = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    club_model = apps.get_model("tournaments", "Club")
    staff = list(user_model.objects.filter(is_staff=True, is_superuser=False))
    for club in club_model.objects.all():
        club.directors.add(*staff)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0024_absent"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="club",
            name="directors",
            field=models.ManyToManyField(
                blank=True,
                related_name="directed_clubs",
                to=settings.AUTH_USER_MODEL,
                verbose_name="directors",
            ),
        ),
        migrations.RunPython(keep_existing_directors, migrations.RunPython.noop),
    ]

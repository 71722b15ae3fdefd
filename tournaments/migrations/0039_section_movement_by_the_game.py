"""``Section.movement`` says only how pairs move: the six games that seat
their players or teams themselves share one value, "game" (their movement
comes from the game, ``Game.pairs_movement``).  Rows keep their sections;
going back gives each its game's old value from its event's kind."""

from django.db import migrations, models

# The values the games' sections held, and the event kinds they came from.
GAME_MOVEMENTS = ("teams", "whiz", "barbu", "chinese", "bridgeote", "individual")
KIND_MOVEMENT = {
    "teams": "teams",
    "whiz": "whiz",
    "barbu": "barbu",
    "barbu-duplicate": "barbu",
    "chinese": "chinese",
    "bridgeote": "bridgeote",
    "individual": "individual",
}


def fold(apps, schema_editor):
    Section = apps.get_model("tournaments", "Section")
    Section.objects.filter(movement__in=GAME_MOVEMENTS).update(movement="game")


def unfold(apps, schema_editor):
    Section = apps.get_model("tournaments", "Section")
    for kind, movement in KIND_MOVEMENT.items():
        Section.objects.filter(movement="game", session__event__kind=kind).update(
            movement=movement
        )


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0038_tablet_last_seen"),
    ]

    operations = [
        migrations.AlterField(
            model_name="section",
            name="movement",
            field=models.CharField(
                choices=[
                    ("mitchell", "Mitchell"),
                    ("howell", "Howell"),
                    ("game", "Set by the game"),
                    ("none", "No movement (imported results)"),
                ],
                max_length=16,
                verbose_name="movement",
            ),
        ),
        migrations.RunPython(fold, unfold),
    ]

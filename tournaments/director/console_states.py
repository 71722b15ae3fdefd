"""The states of a console cell: how far a table's boards of a round are."""

ENTERED = "entered"
MISSING = "missing"
DISPUTED = "disputed"
LATE = "late"
CONFIRMED = "confirmed"
SIT_OUT = "sitout"

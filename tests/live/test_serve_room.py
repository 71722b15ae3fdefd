"""A club night on the club's network: the real ``scripts/serve.sh``.

The script serves on 127.0.0.2 (standing in for the machine's address on the
club's network) and 127.0.0.1; the director prints the table cards from
127.0.0.1, and a tablet connecting from 127.0.0.2 opens the printed link and
signs its table in, its POST passing the CSRF check from that origin.  Then
the sign-in lock-out across gunicorn's worker processes: one device locked,
not the room.  The server runs on its own SQLite file (the embedded default
the script keeps), whatever database the suite runs on.
"""

from __future__ import annotations

import html
import re
import socket
from pathlib import Path

from room_server import Room, Visitor


def printed_links(room: Room, section: int) -> dict[int, str]:
    """The director, on 127.0.0.1, prints the table cards: table -> link."""
    director = Visitor("127.0.0.1")
    assert director.log_in(room.local, "td", "room-pw-2026").status == 302
    cards = director.get(f"{room.local}/director/sections/{section}/cards/table/")
    assert cards.status == 200
    links = {}
    for chunk in cards.text.split('data-table="')[1:]:
        table = int(chunk.split('"')[0])
        link = re.search(r'<span class="names">(http[^<]+)</span>', chunk).group(1)
        links[table] = html.unescape(link)
    return links


def sign_in(tablet: Visitor, link: str, code: str | None = None) -> int:
    page, token = tablet.csrf(link)
    assert page.status == 200
    base = link.split("/table/")[0]
    form = {"csrfmiddlewaretoken": token, "code": code or link.split("code=")[1]}
    return tablet.post(f"{base}/table/", form).status


def test_the_script_says_where_to_open_and_how_to_make_a_director(room):
    out = room.last_output  # the shared room may have been restarted
    assert f"Donne serves the room on {room.public}" in out
    assert (
        f"Tablets: scan the QR code of the table cards, or open {room.public}/table/"
        in out
    )
    assert (
        f"Director (this machine or any on the network): {room.public}/director/" in out
    )
    assert ".venv/bin/python manage.py createsuperuser" in out
    assert "Address: 127.0.0.2 (from --address)" in out


def test_a_tablet_at_127_0_0_2_signs_in_through_the_printed_link(room):
    section = room.playing_section()
    links = printed_links(room, section["id"])
    assert sorted(links) == [1, 2, 3]
    for table, link in links.items():
        assert link == f"{room.public}/table/?code={section['codes'][str(table)]}"
    tablet = Visitor("127.0.0.2")
    assert sign_in(tablet, links[2]) == 302
    play = tablet.get(f"{room.public}/table/play/")
    assert play.status == 200
    assert "Table 2" in play.text or "table 2" in play.text


def test_a_post_from_another_origin_is_refused(room):
    section = room.playing_section()
    tablet = Visitor("127.0.0.2")
    _, token = tablet.csrf(f"{room.public}/table/")
    code = section["codes"]["1"]
    form = {"csrfmiddlewaretoken": token, "code": code}
    refused = tablet.post(f"{room.public}/table/", form, origin="http://evil.example")
    assert refused.status == 403
    assert tablet.get(f"{room.public}/table/play/").status == 302


def test_an_unknown_host_is_refused_and_debug_is_off(room):
    tablet = Visitor("127.0.0.2")
    spoofed = tablet.request("GET", f"{room.public}/table/", headers={"Host": "evil"})
    assert spoofed.status == 400
    missing = tablet.get(f"{room.public}/no-such-page/")
    assert missing.status == 404 and "Traceback" not in missing.text
    assert "URLconf" not in missing.text


def test_static_files_are_served_by_whitenoise(room):
    reply = Visitor("127.0.0.2").get(f"{room.public}/static/live.js")
    assert reply.status == 200 and "fetch" in reply.text


def test_one_device_locked_not_the_room_across_the_workers(room):
    section = room.playing_section()
    links = printed_links(room, section["id"])
    a, b = Visitor("127.0.0.2"), Visitor("127.0.0.2")
    assert [sign_in(a, links[1], "WRONG1") for _ in range(5)] == [400] * 5
    # Whichever worker answers, the lock holds: it is in the shared database.
    assert [sign_in(a, links[1]) for _ in range(4)] == [429] * 4
    assert sign_in(b, links[1]) == 302
    assert b.get(f"{room.public}/table/play/").status == 200


def test_the_secret_key_is_made_once_and_survives_a_restart(room):
    """Without DJANGO_SECRET_KEY the script makes a secret file once (this
    user's only) and reads it back: a tablet stays signed in across a restart."""
    secret = Path(room.env["DONNE_SECRET_FILE"])
    assert "Made a secret key in" in room.output
    assert secret.stat().st_mode & 0o777 == 0o600
    made = secret.read_text()
    section = room.playing_section()
    tablet = Visitor("127.0.0.2")
    code = section["codes"]["1"]
    assert sign_in(tablet, f"{room.public}/table/?code={code}") == 302
    room.restart()
    assert "Made a secret key" not in room.last_output
    assert secret.read_text() == made
    assert tablet.get(f"{room.public}/table/play/").status == 200


def test_a_restart_with_tablets_connected_serves_at_once(room):
    """Ctrl-C, then the script started again at once on the same port while
    the tablets' connections to the old server are still open: it serves
    within 5 s of its own set-up.  On main the port probe refused the port
    for about a minute (the connections the stopped server closed linger in
    TIME_WAIT; gunicorn binds with SO_REUSEADDR, the probe did not), then a
    cold start of migrate, collectstatic and a shell took 49 s more."""
    tablets = []
    for _ in range(6):
        tablet = socket.create_connection((room.address, room.port), timeout=30)
        tablets.append(tablet)
    for tablet in tablets[:3]:
        # A request each, answered (the server closes its side first), the
        # others idle as a browser's spare connections.
        tablet.sendall(
            f"GET /health/ HTTP/1.1\r\nHost: {room.address}:{room.port}\r\n"
            "Connection: keep-alive\r\n\r\n".encode()
        )
        assert tablet.recv(4096).startswith(b"HTTP/1.1 200")
    port = room.port
    try:
        room.restart(same_port=True)
    finally:
        for tablet in tablets:
            tablet.close()
    assert room.port == port
    timing = room.timings[-1]
    print(
        f"serve.sh restart: set-up {timing.setup:.1f} s, first 200 on /health/ "
        f"{timing.served:.1f} s after the banner"
    )
    assert "Ready in" in room.last_output
    assert timing.served < 5
    assert Visitor("127.0.0.2").get(f"{room.public}/health/").status == 200

"""scripts/serve.sh's arguments, default address and busy ports (--check:
the script stops before migrating or serving, so these run in a second)."""

from __future__ import annotations

import ipaddress
import os
import re
import socket
import subprocess
from pathlib import Path

import pytest
from room_server import CLEARED, free_port

ROOT = Path(__file__).resolve().parents[2]


def serve(*args: str) -> subprocess.CompletedProcess:
    env = {key: value for key, value in os.environ.items() if key not in CLEARED}
    env["DONNE_NO_INSTALL"] = "1"
    return subprocess.run(
        ["bash", "scripts/serve.sh", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_the_default_address_is_the_machines_on_the_network():
    port = free_port(("127.0.0.1",))
    done = serve("--check", "--port", str(port))
    assert done.returncode == 0, done.stderr
    found = re.search(r"^Address: (\S+) \((.+)\)$", done.stdout, re.M)
    address = ipaddress.ip_address(found.group(1))
    assert found.group(2).endswith("choose another with --address")
    if "no network found" not in found.group(2):
        assert not address.is_loopback
    assert f"Would serve the room on http://{address}:{port}" in done.stdout


def test_the_given_address_and_port_are_used():
    port = free_port()
    done = serve("--address", "127.0.0.2", f"--port={port}", "--check")
    assert done.returncode == 0, done.stderr
    assert "Address: 127.0.0.2 (from --address)" in done.stdout
    assert f"Would serve the room on http://127.0.0.2:{port}" in done.stdout


@pytest.mark.parametrize("busy", ["127.0.0.2", "127.0.0.1"])
def test_a_busy_port_is_named_and_nothing_starts(busy):
    port = free_port()
    with socket.socket() as taken:
        taken.bind((busy, port))
        taken.listen()
        done = serve("--address", "127.0.0.2", "--port", str(port), "--check")
    assert done.returncode == 1
    assert f"Port {port} on {busy} is busy or unavailable" in done.stderr
    assert "choose another port with --port" in done.stderr
    assert "Would serve" not in done.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--port", "abc"], "The port must be a number from 1 to 65535, not 'abc'"),
        (["--port", "70000"], "The port must be a number from 1 to 65535"),
        (["--port", "0"], "The port must be a number from 1 to 65535"),
        (["--port"], "Usage:"),
        (["--address", "0.0.0.0"], "Give the address the tablets will open"),
        (["--address", "a b"], "is not an IPv4 address or a host name"),
        (["--address", "1.2.3.4;id"], "is not an IPv4 address or a host name"),
        (["--verbose"], "Unknown argument: --verbose"),
    ],
)
def test_bad_arguments_are_refused_saying_why(args, message):
    done = serve("--check", *args)
    assert done.returncode == 2
    assert message in done.stderr

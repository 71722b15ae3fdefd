# Sourced by the scripts: free_port prints a loopback TCP port nobody listens
# on, so two test runs on one machine do not collide.

free_port() {
    "${PYTHON:-python3}" -c 'import socket
s = socket.socket()
s.bind(("127.0.0.1", 0))
print(s.getsockname()[1])'
}

# Sourced by the scripts: apt_install PACKAGE COMMAND installs a Debian package
# when COMMAND is missing and we may (root with apt-get); quiet otherwise.

apt_install() {
    command -v "$2" >/dev/null 2>&1 && return 0
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "Installing $1 (Debian package) ..."
        if [ -z "${DONNE_APT_UPDATED:-}" ]; then
            apt-get update -qq >/dev/null
            DONNE_APT_UPDATED=1
        fi
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$1" >/dev/null
    fi
}

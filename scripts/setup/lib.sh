# Shared by scripts/setup/*.sh: install Debian packages once, as root or through sudo.
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
# apt_install PKG...: installs the packages not yet installed (one `apt-get update` per run).
apt_install() {
  local missing=()
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ ! -e /tmp/chimera-apt-updated ]; then $SUDO apt-get update -q && touch /tmp/chimera-apt-updated; fi
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q "${missing[@]}"
}

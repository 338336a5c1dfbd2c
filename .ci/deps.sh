# Sourced by .ci/run and .ci/app: installs the Debian 12 packages listed in .ci/packages, if missing.
ringscope_packages() {
  sed -e 's/#.*//' "$(dirname "${BASH_SOURCE[0]}")/packages" | tr -s ' \n' '\n' | grep -v '^$'
}

ringscope_install_deps() {
  local missing=""
  for p in $(ringscope_packages); do
    # Installed, not merely known: a removed package keeps its configuration files, and
    # `dpkg -s` succeeds on it.
    [ "$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null)" = installed ] ||
      missing="$missing $p"
  done
  [ -z "$missing" ] && return 0
  echo "Installing:$missing"
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing
}

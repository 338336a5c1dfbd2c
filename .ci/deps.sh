# Sourced by .ci/run and .ci/app: installs the Debian 12 packages Ringscope needs, if missing.
ringscope_install_deps() {
  local packages="cmake ninja-build g++ pkg-config qt6-base-dev qt6-charts-dev qt6-svg-dev \
    libgl-dev libssl-dev libxxhash-dev libbenchmark-dev libmemcached-dev xvfb xauth fonts-dejavu-core"
  local missing=""
  for p in $packages; do
    dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
  done
  [ -z "$missing" ] && return 0
  echo "Installing:$missing"
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing
}

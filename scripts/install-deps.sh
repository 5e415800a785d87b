#!/usr/bin/env bash
# Installs the Debian packages Doji's build and tests use. Idempotent; run as root (or with sudo).
set -euo pipefail
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO=sudo
export DEBIAN_FRONTEND=noninteractive

packages=(
  openjdk-17-jdk-headless   # the JDK (Maven itself comes through ./mvnw)
  glpk-utils libglpk-java   # glpsol and GLPK's Java binding: the planner's cross-check and baseline
  python3-zeep              # a second SOAP toolkit for the interoperability test
  chromium chromium-driver  # headless browser and its WebDriver for the dashboard's end-to-end test
  fonts-dejavu-core         # a font for the browser's screenshots
  postgresql                # the second database the suites run on (scripts/postgres.sh starts it)
  curl ca-certificates
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "[install-deps] installing: ${missing[*]}"
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "[install-deps] all packages present"
fi

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

# node-soap (npm "soap"), a third SOAP toolkit for the interoperability test (NodeSoapInteropIT), in a cache
# directory outside the work tree. Node.js comes from Debian unless a node with npm is already installed.
# DOJI_NODE_SOAP=skip leaves it out (the demo does not need it).
if [ "${DOJI_NODE_SOAP:-}" = skip ]; then
  exit 0
fi
node_dir="${DOJI_NODE_DIR:-$HOME/.cache/doji/node}"
soap_version=1.13.0
if ! command -v npm >/dev/null 2>&1; then
  echo "[install-deps] installing: nodejs npm"
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends nodejs npm
fi
if [ "$(node -e "try{console.log(require('$node_dir/node_modules/soap/package.json').version)}catch(e){}" 2>/dev/null)" != "$soap_version" ]; then
  echo "[install-deps] installing npm soap@$soap_version into $node_dir"
  mkdir -p "$node_dir"
  npm install --prefix "$node_dir" --no-audit --no-fund --no-save "soap@$soap_version" >/dev/null
else
  echo "[install-deps] npm soap@$soap_version present in $node_dir"
fi

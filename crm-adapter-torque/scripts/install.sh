#!/usr/bin/env bash
# Puts TORQUE 6.1.3 into $TQ_PREFIX (default /opt/torque), built from upstream source, and creates its
# server home. Idempotent: an install stamped with the same source, patch and flags is kept (without a mirror,
# one with the same patch and flags is kept without downloading the source again).
#
# Where the source comes from:
#   DOJI_TORQUE_MIRROR=DIR  a local mirror holding torque-6.1.3.tar.gz (and, optionally, a tree built from
#                           it for Debian 12 amd64, torque-6.1.3-debian12-amd64.tar.gz)
#   DOJI_TORQUE_URL=URL     otherwise the upstream source is downloaded from here (default: the 6.1.3
#                           branch of adaptivecomputing/torque on GitHub)
# The prebuilt tree is used only when it matches: the mirror's source tarball is the one it was built from
# (sha256 below), this is Debian 12 on amd64, and the patch is this directory's. Anything else is built
# (10-25 min on 2 cores; DOJI_TORQUE_BUILD=1 forces it).
#
# Building needs autoconf 2.69: configure.ac sets CC=$CXX, and autoconf 2.71's library checks then fail
# under g++ ("TORQUE needs pthreads"). torque-6.1.3-gcc12.patch fixes six places where '\0' is used as a
# null pointer, which g++ 12 rejects.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/env.sh"
PATCH=$here/torque-$TQ_VERSION-gcc12.patch
URL=${DOJI_TORQUE_URL:-https://github.com/adaptivecomputing/torque/archive/refs/heads/$TQ_VERSION.tar.gz}
MIRROR=${DOJI_TORQUE_MIRROR:-}
PREBUILT_FROM_SHA=b9ce98772e6a8e7027806c2afe4158178f94b3b9befe3e8d575300bf0623e07c  # the source the prebuilt tree was built from
PREBUILT_PATCH_SHA=e4e4b6f5d80a79873a189e80eb654bf3164ab1583fbd127085506fc21d454e78  # ... with this patch
FLAGS="--prefix=$TQ_PREFIX --with-server-home=$TQ_HOME --disable-gui --without-tcl --disable-cgroups --disable-gcc-warnings"
BUILD_DEPS="build-essential patch autoconf2.69 automake libtool pkg-config libxml2-dev libssl-dev libboost-dev"
RUN_DEPS="libxml2 libssl3 libreadline8 libstdc++6 iproute2 procps util-linux"  # the prebuilt tree's libraries; ip, unshare, runuser
t0=$(date +%s)
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT

apt_install() {
  local missing="" p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=" $p"
  done
  [ -z "$missing" ] && return 0
  log "apt-get install$missing"
  apt-get -o DPkg::Lock::Timeout=600 update -qq
  DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends $missing >/dev/null
}
sha() { sha256sum <"$1" | cut -c1-64; }

stamp=$TQ_PREFIX/.doji-build
apt_install $RUN_DEPS
installed=$(cat "$stamp" 2>/dev/null || true)
if [ -x "$TQ_PREFIX/sbin/pbs_server" ] && [ "${DOJI_TORQUE_BUILD:-0}" != 1 ] && [ -z "$MIRROR" ] \
    && [ "${installed#* }" = "$(sha "$PATCH") $FLAGS" ]; then
  # no mirror named: an install of this patch and these flags is kept without fetching the source again
  log "TORQUE $TQ_VERSION already installed in $TQ_PREFIX"
else
  # 1. The source tarball
  if [ -n "$MIRROR" ]; then
    src_tar=$MIRROR/torque-$TQ_VERSION.tar.gz
    [ -f "$src_tar" ] || { echo "DOJI_TORQUE_MIRROR=$MIRROR has no torque-$TQ_VERSION.tar.gz" >&2; exit 1; }
  else
    src_tar=$work/torque-$TQ_VERSION.tar.gz
    apt_install curl ca-certificates
    log "downloading $URL"
    curl -fsSL --retry 3 -o "$src_tar" "$URL" \
      || { echo "cannot download $URL (set DOJI_TORQUE_MIRROR to a directory holding torque-$TQ_VERSION.tar.gz)" >&2; exit 1; }
  fi
  stamp_want="$(sha "$src_tar") $(sha "$PATCH") $FLAGS"
  # 2. Binaries: kept, unpacked from the matching prebuilt tree, or built
  if [ -x "$TQ_PREFIX/sbin/pbs_server" ] && [ "$installed" = "$stamp_want" ] && [ "${DOJI_TORQUE_BUILD:-0}" != 1 ]; then
    log "TORQUE $TQ_VERSION already installed in $TQ_PREFIX"
  else
    prebuilt=${MIRROR:+$MIRROR/torque-$TQ_VERSION-debian12-amd64.tar.gz}
    if [ "${DOJI_TORQUE_BUILD:-0}" != 1 ] && [ -n "$prebuilt" ] && [ -f "$prebuilt" ] \
        && [ "$(sha "$src_tar")" = "$PREBUILT_FROM_SHA" ] && [ "$(sha "$PATCH")" = "$PREBUILT_PATCH_SHA" ] \
        && [ "$TQ_PREFIX" = /opt/torque ] && [ "$TQ_HOME" = /var/spool/torque ] \
        && grep -q '^12' /etc/debian_version 2>/dev/null && [ "$(dpkg --print-architecture)" = amd64 ]; then
      log "unpacking the prebuilt Debian 12 amd64 tree (built from the same source and patch)"
      tar xzf "$prebuilt" -C /
    else
      log "building TORQUE $TQ_VERSION from source (10-25 min)"
      apt_install $BUILD_DEPS
      mkdir -p "$work/src"
      tar xzf "$src_tar" -C "$work/src"
      srcdir=$work/src
      # GitHub's archives have one top directory, `git archive` has none
      [ -f "$srcdir/configure.ac" ] || srcdir=$(dirname "$(ls -d "$work"/src/*/configure.ac | head -1)")
      cd "$srcdir"
      patch -p1 -s -i "$PATCH"
      export AUTOCONF=autoconf2.69 AUTOHEADER=autoheader2.69 AUTOM4TE=autom4te2.69
      step() { local name=$1; shift; log "$name"; "$@" >"$work/$name.log" 2>&1 || { tail -40 "$work/$name.log" >&2; exit 1; }; }
      step autogen sh -c 'mkdir -p m4 && libtoolize -c -f && aclocal && autoconf2.69 -f && autoheader2.69 -f && automake -a -c -f'
      # shellcheck disable=SC2086
      step configure ./configure $FLAGS
      step make make -j"$(nproc)"
      step install make install
      cd /
    fi
    echo "$TQ_PREFIX/lib" > /etc/ld.so.conf.d/torque.conf
    ldconfig
    echo "$stamp_want" > "$stamp"
  fi
fi

# 3. The server home (what TORQUE's pbs_mkdirs creates; a prebuilt tree has none)
d() { install -d -m "$1" "$TQ_HOME/$2"; }
d 755 .; d 1777 spool; d 1777 checkpoint; d 1777 undelivered
d 750 server_priv; d 750 server_priv/jobs; d 750 server_priv/arrays; d 750 server_priv/credentials
for i in 0 1 2 3 4 5 6 7 8 9; do d 750 "server_priv/jobs/$i"; d 750 "server_priv/arrays/$i"; done
for x in hostlist queues acl_svr acl_hosts acl_users acl_groups disallowed_types; do d 750 "server_priv/$x"; done
d 755 server_priv/accounting; d 755 server_logs; d 755 job_logs; d 751 mom_priv; d 751 mom_priv/jobs; d 755 mom_logs
[ -f "$TQ_HOME/pbs_environment" ] || printf 'PATH=/bin:/usr/bin\nLANG=C\n' > "$TQ_HOME/pbs_environment"
chmod 644 "$TQ_HOME/pbs_environment"
log "installed: $("$TQ_PREFIX/sbin/pbs_server" --version 2>&1 | head -1) in $TQ_PREFIX ($(( $(date +%s) - t0 )) s)"

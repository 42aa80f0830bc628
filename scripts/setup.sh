#!/usr/bin/env bash
# `npm run setup`: system packages, Node 24 where the machine's Node is older, then a fresh install from the lock under
# Node 24 so native modules are built against its headers. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-system-deps.sh

wanted=$(tr -d ' \nv' < .nvmrc)
major() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
local_node=.node/bin/node

# Run again, `node` on PATH may be this project's own (npm run puts node_modules/.bin/node first):
# that one is not the machine's, and must not be deleted as if it were.
ours() { [ -x "$local_node" ] && [ "$(realpath "$(command -v node)")" = "$(realpath "$local_node")" ]; }

if ! ours && [ "$(major node)" -ge "$wanted" ]; then
  echo "Node $(node -v) on PATH is new enough; using it."
  rm -rf .node
else
  if [ "$(major "$local_node")" != "$wanted" ]; then
    os=$(node -p 'process.platform === "win32" ? "win" : process.platform')
    arch=$(node -p 'process.arch')
    echo "Node $(node -v) on PATH is older than $wanted: fetching node-$os-$arch@$wanted from the npm registry into .node/"
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    tarball=$(npm pack --silent --pack-destination "$tmp" "node-$os-$arch@$wanted" | tail -n 1)
    rm -rf .node && mkdir .node
    tar -xzf "$tmp/$tarball" -C .node --strip-components=1
  fi
  echo "Using Node $("$local_node" -v) from .node/ for the install, npm start and npm test."
  PATH="$PWD/.node/bin:$PATH"
  # node-gyp builds against these headers (a ~/.npmrc nodedir pointing at an older Node loses).
  export npm_config_nodedir="$PWD/.node"
fi

# Not `npm ci`: it refuses this lock, because @lix-js/sdk (under Paraglide's compiler) lists
# optional builds for other platforms that the registry reachable here does not serve, so the
# lock cannot hold them. A fresh install from the lock gets exactly the locked versions and
# leaves the lock unchanged.
rm -rf node_modules
npm install --no-save

# `npm run` puts node_modules/.bin first on PATH, so every script, and every tool whose shebang
# says `env node`, runs on this Node without the user changing anything.
if [ -x "$local_node" ]; then ln -sf ../../.node/bin/node node_modules/.bin/node; fi
node scripts/check-node.mjs

#!/usr/bin/env bash
# The README's two commands on a fresh machine, as a newcomer types them.
#
# A minimal Debian (debootstrap --variant=minbase: no Python, make, compiler, openssl, curl or Chromium),
# given only Node and npm (this machine's, copied in), a clean npm configuration (no ~/.npmrc) and a clean
# clone of the commit under test. There, as root:
#   1. `npm ci && npm start`: the site must answer /readyz and its home page; then it is stopped (SIGTERM)
#      and must exit 0;
#   2. `npm test`: every test, which has to find (or, as root on Debian, install) a Chromium by itself.
# Copied from this machine too, because they are how it reaches the network, not project set-up: DNS
# (/etc/resolv.conf), its CA bundle and npm's global config (/etc/npmrc, /usr/etc/npmrc: the registry
# proxy and its CA), and its apt sources.
#
# Needs root (debootstrap, mount, chroot) and about 1.5 GB in /tmp. The debootstrapped base (about 340 MB,
# 2 minutes) is kept in $FRESH_MACHINE_BASE for later runs; each run writes to an overlay on top of it,
# thrown away at the end, so every run starts from the same untouched Debian.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
suite=bookworm
base=${FRESH_MACHINE_BASE:-/var/cache/seenwear-fresh-machine/$suite}
started=$SECONDS
say() { printf 'fresh-machine [%3ds]: %s\n' "$((SECONDS - started))" "$*"; }
fail() {
  say "FAILED: $*" >&2
  exit 1
}

[ "$(id -u)" -eq 0 ] || fail "run as root (debootstrap, mount and chroot need it)"
export DEBIAN_FRONTEND=noninteractive
if ! command -v debootstrap >/dev/null; then
  say "installing debootstrap"
  apt-get update -qq && apt-get install -y -qq debootstrap >/dev/null
fi

# The Debian mirror this machine's apt uses (deb822 sources first, then the one-line format).
mirror=$(
  { grep -hs '^URIs:' /etc/apt/sources.list.d/*.sources | awk '{print $2}'
    grep -hs '^deb ' /etc/apt/sources.list /etc/apt/sources.list.d/*.list | awk '{print $2}'; } |
    grep '/debian/\?$' | head -n1 || true
)
mirror=${mirror:-http://deb.debian.org/debian}

if [ ! -e "$base/.complete" ]; then
  say "debootstrap --variant=minbase $suite from $mirror (once; kept in $base)"
  rm -rf "$base.partial"
  mkdir -p "$(dirname "$base")"
  debootstrap --variant=minbase "$suite" "$base.partial" "$mirror" >"$(dirname "$base")/debootstrap.log" 2>&1 ||
    fail "debootstrap failed: see $(dirname "$base")/debootstrap.log"
  rm -rf "$base" && mv "$base.partial" "$base" && touch "$base/.complete"
fi

work=$(mktemp -d /tmp/fresh-machine.XXXXXX)
root=$work/root
server_pid=
cleanup() {
  local code=$?
  set +e
  [ -n "$server_pid" ] && kill -TERM -- "-$server_pid" 2>/dev/null
  # Whatever the tests left running inside (a browser, a server): only processes whose root is this chroot.
  for proc in /proc/[0-9]*; do
    [ "$(readlink "$proc/root" 2>/dev/null)" = "$root" ] && kill -KILL "${proc#/proc/}" 2>/dev/null
  done
  local cleaning=$SECONDS
  sleep 1
  for mount in "$root/dev" "$root/sys" "$root/proc" "$root"; do
    mountpoint -q "$mount" && { umount -R "$mount" 2>/dev/null || umount -R -l "$mount"; }
  done
  rm -rf "$work"
  say "cleaned up (mounts, overlay, clone) in $((SECONDS - cleaning)) s"
  exit "$code"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

mkdir -p "$work/upper" "$work/overlay-work" "$root"
mount -t overlay overlay -o "lowerdir=$base,upperdir=$work/upper,workdir=$work/overlay-work" "$root"
mount -t proc proc "$root/proc"
mount -t sysfs sysfs "$root/sys"
mount --rbind /dev "$root/dev"
mount --make-rslave "$root/dev"

# This machine's way to the network.
cp -L /etc/resolv.conf "$root/etc/resolv.conf"
cp -L /etc/hosts "$root/etc/hosts"
mkdir -p "$root/etc/ssl/certs" "$root/usr/local/share/ca-certificates"
cp -L /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/ca-certificates.crt"
# Also one file per certificate where update-ca-certificates looks, so the bundle it rebuilds when apt
# installs ca-certificates (Chromium pulls it in) still trusts this machine's proxy.
awk -v dir="$root/usr/local/share/ca-certificates" '/BEGIN CERTIFICATE/ { if (f) close(f); f = dir "/machine-" ++n ".crt" } f { print > f }' \
  /etc/ssl/certs/ca-certificates.crt
for npmrc in /etc/npmrc /usr/etc/npmrc; do
  if [ -f "$npmrc" ]; then mkdir -p "$root$(dirname "$npmrc")" && cp -L "$npmrc" "$root$npmrc"; fi
done
if compgen -G '/etc/apt/sources.list.d/*.sources' >/dev/null; then
  rm -f "$root/etc/apt/sources.list"
  cp -L /etc/apt/sources.list.d/*.sources "$root/etc/apt/sources.list.d/"
fi

# Only Node and npm: this machine's node binary and npm, nothing else from it.
cp -L "$(command -v node)" "$root/usr/bin/node"
npm_dir=$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")
mkdir -p "$root/usr/lib/node_modules"
cp -a "$npm_dir" "$root/usr/lib/node_modules/npm"
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/bin/npx"

# A clean clone of the commit under test (git is not on the fresh machine: cloned from outside).
commit=$(git -C "$repo" rev-parse HEAD)
mkdir -p "$root/home/newcomer"
git clone -q --no-local "$repo" "$root/home/newcomer/site"
git -C "$root/home/newcomer/site" checkout -q --detach "$commit"
say "clean clone of $(git -C "$repo" log -1 --format='%h %s' | cut -c1-70)"

# Inside: root, an empty home (no ~/.npmrc), nothing in the environment but the basics.
inside() {
  env -i HOME=/root PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 TERM=dumb \
    PORT="$port" chroot "$root" /bin/bash -c "cd /home/newcomer/site && $1"
}
free_port() { node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }
# The README's default port 3000 unless something on this machine already holds it.
port=3000
node -e 'require("net").connect(3000,"127.0.0.1").on("connect",()=>process.exit(1)).on("error",()=>process.exit(0))' ||
  port=$(free_port)

missing=$(inside 'for tool in python3 python make cc gcc g++ openssl curl chromium google-chrome; do
  command -v "$tool" >/dev/null && echo "$tool"; done; [ -e ~/.npmrc ] && echo "~/.npmrc"; true')
[ -z "$missing" ] || fail "the fresh machine already has: $missing"
say "Debian $(cat "$root/etc/debian_version"), node $(inside 'node -v'), npm $(inside 'npm -v'); no python, make, compiler, openssl, curl, Chromium or ~/.npmrc"

# 1. npm ci && npm start
say '$ npm ci && npm start'
log=$work/start.log
phase=$SECONDS
setsid bash -c "$(declare -f inside); root='$root' port='$port'; inside 'npm ci && npm start'" >"$log" 2>&1 &
server_pid=$!
answered=
until [ -n "$answered" ]; do
  if ! kill -0 "$server_pid" 2>/dev/null; then
    cat "$log"
    fail "npm ci && npm start exited before the site answered"
  fi
  [ $((SECONDS - phase)) -lt 900 ] || { cat "$log"; fail "the site did not answer within 15 minutes"; }
  sleep 2
  answered=$(node --input-type=module -e '
    const base = `http://127.0.0.1:${process.argv[1]}`;
    const ready = await fetch(`${base}/readyz`).catch(() => undefined);
    if (ready?.status === 200) {
      const home = await fetch(`${base}/`);
      const html = await home.text();
      if (home.status === 200 && /<title>[^<]*Seenwear/.test(html)) console.log(`/readyz 200, / 200 (${html.length} bytes)`);
    }' "$port" 2>/dev/null || true)
done
say "the site answers on port $port after $((SECONDS - phase)) s: $answered"
kill -TERM -- "-$server_pid"
server_code=0
wait "$server_pid" || server_code=$?
# npm exits at once on SIGTERM; the server (same process group) drains, logs "stopped" and exits after it.
for _ in $(seq 1 150); do kill -0 -- "-$server_pid" 2>/dev/null || break; sleep 0.1; done
kill -0 -- "-$server_pid" 2>/dev/null && fail "the server was still running 15 s after SIGTERM"
server_pid=
sed 's/^/  | /' "$log"
grep -q '"msg":"stopped"' "$log" || fail "the server did not stop cleanly on SIGTERM"
# What a newcomer must not have to learn to ignore.
if grep -nE 'EBADENGINE|node-gyp|gyp (ERR|info)|npm (warn|WARN)' "$log"; then fail "npm printed the lines above"; fi
grep -q 'wrote a random one to .env' "$log" || fail "npm start did not make a CSRF_SECRET"
say "npm ci && npm start: served, then stopped cleanly by SIGTERM (npm exit $server_code) after $((SECONDS - phase)) s"

# 2. npm test
say '$ npm test'
phase=$SECONDS
inside 'npm test' 2>&1 | sed 's/^/  | /'
code=${PIPESTATUS[0]}
[ "$code" -eq 0 ] || fail "npm test exited $code"
say "npm test passed in $((SECONDS - phase)) s; the whole check took $((SECONDS - started)) s"

#!/bin/sh
# Installs the mini-agent standalone binary for this machine:
#   curl -fsSL <release>/install.sh | sh
# Picks the platform, downloads the binary and SHA256SUMS from the release, refuses unless
# the binary's SHA-256 matches, and installs it as $INSTALL_DIR/mini-agent.
#
#   MINI_AGENT_BASE_URL  where the release files are (default: the latest GitHub release)
#   INSTALL_DIR          where to install (default: ~/.local/bin)
set -eu

REPO="${MINI_AGENT_REPO:-mini-agent/mini-agent}"
BASE_URL="${MINI_AGENT_BASE_URL:-https://github.com/$REPO/releases/latest/download}"
INSTALL_DIR="${INSTALL_DIR:-$HOME/.local/bin}"

fail() {
  echo "install.sh: $*" >&2
  exit 1
}

detect_target() {
  os=$(uname -s)
  arch=$(uname -m)
  ext=""
  case "$os" in
    Linux) os=linux ;;
    Darwin) os=darwin ;;
    MINGW* | MSYS* | CYGWIN*) os=win; ext=".exe" ;;
    *) fail "no mini-agent binary for this system ($os); install with npm i -g mini-agent" ;;
  esac
  case "$arch" in
    x86_64 | amd64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) fail "no mini-agent binary for this processor ($arch); install with npm i -g mini-agent" ;;
  esac
  # A shell under Rosetta reports x86_64 on Apple silicon; the native binary is the better one.
  if [ "$os" = darwin ] && [ "$arch" = x64 ] && [ "$(sysctl -n sysctl.proc_translated 2>/dev/null || echo 0)" = 1 ]; then
    arch=arm64
  fi
  if [ "$os" = win ] && [ "$arch" != x64 ]; then fail "no mini-agent binary for Windows on $arch"; fi
  echo "mini-agent-$os-$arch$ext"
}

download() { # url file
  if command -v curl >/dev/null 2>&1; then
    curl -fsSL --retry 2 -o "$2" "$1" || fail "could not download $1"
  elif command -v wget >/dev/null 2>&1; then
    wget -q -O "$2" "$1" || fail "could not download $1"
  else
    fail "needs curl or wget to download $1"
  fi
}

sha256_of() { # file
  if command -v sha256sum >/dev/null 2>&1; then
    sha256sum "$1" | cut -d' ' -f1
  elif command -v shasum >/dev/null 2>&1; then
    shasum -a 256 "$1" | cut -d' ' -f1
  else
    fail "needs sha256sum or shasum to verify the download"
  fi
}

name=$(detect_target)
tmp=$(mktemp -d 2>/dev/null || mktemp -d -t mini-agent)
trap 'rm -rf "$tmp"' EXIT INT TERM

echo "downloading $name from $BASE_URL"
download "$BASE_URL/SHA256SUMS" "$tmp/SHA256SUMS"
download "$BASE_URL/$name" "$tmp/$name"

expected=$(awk -v name="$name" '$2 == name || $2 == "*" name { print $1 }' "$tmp/SHA256SUMS")
[ -n "$expected" ] || fail "SHA256SUMS from $BASE_URL lists no $name; nothing installed"
actual=$(sha256_of "$tmp/$name")
if [ "$actual" != "$expected" ]; then
  fail "checksum mismatch for $name: expected $expected, got $actual; nothing installed"
fi

mkdir -p "$INSTALL_DIR" || fail "cannot create $INSTALL_DIR"
target="$INSTALL_DIR/mini-agent$([ "${name%.exe}" != "$name" ] && echo .exe || true)"
# Copy beside the target, then rename: a running mini-agent is never half overwritten.
cp "$tmp/$name" "$target.partial.$$" || fail "cannot write to $INSTALL_DIR"
chmod 755 "$target.partial.$$"
mv -f "$target.partial.$$" "$target" || fail "cannot install $target"
echo "installed $target (sha256 $actual)"

case ":${PATH:-}:" in
  *":$INSTALL_DIR:"*) ;;
  *) echo "note: $INSTALL_DIR is not on your PATH; add it, e.g. export PATH=\"$INSTALL_DIR:\$PATH\"" ;;
esac

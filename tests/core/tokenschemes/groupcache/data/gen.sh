#!/bin/sh
# Regenerate the groupcache golden data in this directory from the Debian
# package's consistenthash (GOPATH mode; the package tree is only read).
set -eu
cd "$(dirname "$0")"
export GO111MODULE=off GOPATH=/usr/share/gocode GOFLAGS=
exec /usr/lib/go-1.19/bin/go run gen.go .

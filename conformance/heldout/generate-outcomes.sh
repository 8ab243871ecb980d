#!/usr/bin/env bash
# Reproduces the locally generated part of the held-out live-outcome set (outcomes.jsonl).
# Each case runs one short command in a fresh scratch directory (small broken files created here),
# captures exit code, harness timeout flag and the stderr tail (last 4 KB, colours kept), and
# attaches the label and rationale a human wrote after reading that stderr.
# Records whose source is not "generated locally" (public reports) are kept as they are.
# Usage: bash conformance/heldout/generate-outcomes.sh   (needs root for runuser and apt-get;
# the de/fr/es/ja/ru/pt_BR UTF-8 locales must be generated, see README.md)
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
OUT="$HERE/outcomes.jsonl"
BASE=$(mktemp -d /tmp/work.XXXXXX)
RAW="$BASE/generated.jsonl"
: >"$RAW"
HANG_PORT=38081   # accepts TCP connections and never answers
HTTP_PORT=38082   # plain http.server: real 404s
DEAD_PORT=38083   # nothing listens here
mkdir -p "$BASE/bin" "$BASE/srv"
ln -sf "$HERE/../../node_modules/.bin/tsc" "$BASE/bin/tsc"
export PATH="$BASE/bin:$PATH"

cat >"$BASE/hang.py" <<'EOF'
import socket, time
s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(("127.0.0.1", 38081)); s.listen(64)
held = []
while True:
    c, _ = s.accept(); held.append(c)
EOF
python3 "$BASE/hang.py" & HANG_PID=$!
python3 -m http.server "$HTTP_PORT" --bind 127.0.0.1 --directory "$BASE/srv" >/dev/null 2>&1 & HTTP_PID=$!
cleanup() { kill "$HANG_PID" "$HTTP_PID" 2>/dev/null; rm -rf "$BASE"; }
trap cleanup EXIT
sleep 1

cat >"$BASE/rec.py" <<'EOF'
import json, sys
(cid, cmd, rc, timed_out, errfile, label, amb, why, src) = sys.argv[1:10]
data = open(errfile, "rb").read()[-4096:]
text = data.decode("utf-8", errors="ignore")
rec = {"id": cid, "command": cmd, "exit_code": int(rc), "timed_out": timed_out == "1",
       "stderr": text, "expected": label, "rationale": why, "source": src}
if amb == "1":
    rec["ambiguous"] = True
print(json.dumps(rec, ensure_ascii=False))
EOF

version() {
  case $1 in
    python3) python3 --version 2>&1 ;;
    pip) pip --version | cut -d' ' -f1-2 ;;
    node) echo "node $(node --version)" ;;
    npm) echo "npm $(npm --version)" ;;
    pnpm) echo "pnpm $(pnpm --version)" ;;
    gcc) gcc --version | head -1 ;;
    g++) g++ --version | head -1 ;;
    make) make --version | head -1 ;;
    cmake) cmake --version | head -1 ;;
    cargo) cargo --version ;;
    rustc) rustc --version ;;
    rustup) rustup --version 2>/dev/null | head -1 ;;
    java) java -version 2>&1 | head -1 ;;
    mvn) mvn -v 2>/dev/null | head -1 | sed 's/\x1b\[[0-9;]*m//g' ;;
    perl) perl -e 'print "perl $^V"' ;;
    git) git --version ;;
    bash) echo "GNU bash ${BASH_VERSION}" ;;
    apt) apt-get --version | head -1 ;;
    curl) curl --version | head -1 | cut -d' ' -f1-2 ;;
    wget) wget --version | head -1 ;;
    tsc) echo "tsc $(tsc --version)" ;;
    ssh) ssh -V 2>&1 ;;
    coreutils) timeout --version | head -1 ;;
    sqlite3) echo "sqlite3 $(sqlite3 --version | cut -d' ' -f1)" ;;
    jq) jq --version ;;
    terraform) terraform version | head -1 ;;
    docker) docker --version ;;
    kubectl) kubectl version --client 2>/dev/null | head -1 ;;
    *) echo "$1" ;;
  esac
}

# begin <id>: fresh scratch directory for the next case
begin() { ID=$1; CUR="$BASE/$ID"; rm -rf "$CUR"; mkdir -p "$CUR"; cd "$CUR" || exit 1; }

# run <tool> <label> <ambiguous 0|1> <rationale> <command>
# env knobs: LIMIT (harness seconds, default 5), LOC (locale), AS_USER, ENVX (extra env "K=V ...")
run() {
  local tool=$1 label=$2 amb=$3 why=$4 cmd=$5
  local lim=${LIMIT:-5} loc=${LOC:-C.UTF-8} t0 t1 rc timed=0
  local -a who=()
  if [ -n "${AS_USER:-}" ]; then chmod -R a+rwX "$CUR"; chmod a+rx "$BASE"; who=(runuser -u "$AS_USER" --); fi
  t0=$(date +%s%N)
  # shellcheck disable=SC2086
  env LC_ALL="$loc" LANG="$loc" ${ENVX:-} timeout -k 1 "$lim" "${who[@]}" bash -c "$cmd" \
    </dev/null >"$CUR/.stdout" 2>"$CUR/.stderr"
  rc=$?
  t1=$(date +%s%N)
  if [ "$rc" -ge 124 ] && [ $(((t1 - t0) / 1000000)) -ge $((lim * 1000 - 50)) ]; then timed=1; rc=124; fi
  # a command that merges its streams with 2>&1 has its whole output on stdout; a tool that
  # wrote nothing to stderr is shown by its stdout, as a merged-stream harness would show it
  local errfile="$CUR/.stderr"
  case $cmd in *"2>&1"*) errfile="$CUR/.stdout" ;; esac
  [ -s "$errfile" ] || errfile="$CUR/.stdout"
  python3 "$BASE/rec.py" "$ID" "$cmd" "$rc" "$timed" "$errfile" "$label" "$amb" "$why" \
    "generated locally: $(version "$tool")" >>"$RAW"
  printf '%-45s rc=%-4s to=%s %s\n' "$ID" "$rc" "$timed" "$label" >&2
  cd "$BASE" || exit 1
}


######## python ########
begin h-py-unittest-assert-fail
mkdir -p tests; cat >tests/test_slug.py <<'EOF'
import unittest
def slugify(s): return s.lower().replace(" ", "-")
class SlugTest(unittest.TestCase):
    def test_strips_punctuation(self):
        self.assertEqual(slugify("Hello, World!"), "hello-world")
    def test_lowercase(self):
        self.assertEqual(slugify("ABC"), "abc")
EOF
run python3 CMD_ERROR 0 "unittest ran and one assertion failed (FAILED failures=1); the code under test is wrong, nothing missing" 'python3 -m unittest discover -s tests'

begin h-py-unittest-error-keyerror
mkdir -p tests; cat >tests/test_cfg.py <<'EOF'
import unittest
DEFAULTS = {"retries": 3}
class CfgTest(unittest.TestCase):
    def test_timeout_default(self):
        self.assertEqual(DEFAULTS["timeout"], 30)
EOF
run python3 CMD_ERROR 0 "test suite errors with KeyError inside a test (errors=1); failing suite is CMD_ERROR" 'python3 -m unittest -v tests/test_cfg.py'

begin h-py-zerodivision-traceback
cat >report.py <<'EOF'
rows = []
avg = sum(r for r in rows) / len(rows)
print(avg)
EOF
run python3 CMD_ERROR 0 "runtime ZeroDivisionError in the script's logic (empty input), files parse fine" 'python3 report.py'

begin h-py-memoryerror-ulimit
run python3 CMD_ERROR 0 "allocation under a 200 MB address-space limit raises MemoryError: out of memory is CMD_ERROR" 'ulimit -v 200000; python3 -c "buf = bytearray(800 * 1024 * 1024)"'

begin h-py-recursionerror
cat >walk.py <<'EOF'
def depth(n):
    return 1 + depth(n + 1)
print(depth(0))
EOF
run python3 CMD_ERROR 0 "unbounded recursion: RecursionError, program bug" 'python3 walk.py'

begin h-py-syntax-missing-colon
mkdir -p app; cat >app/server.py <<'EOF'
def handler(request)
    return {"ok": True}
EOF
run python3 BAD_FILE_EDIT 0 "SyntaxError in app/server.py (missing colon after def)" 'python3 -m py_compile app/server.py'

begin h-py-indentation-error
cat >etl.py <<'EOF'
def load(rows):
    out = []
    for r in rows:
        out.append(r)
      return out
EOF
run python3 BAD_FILE_EDIT 0 "IndentationError (unindent does not match) in etl.py: broken source file" 'python3 etl.py'

begin h-py-merge-conflict-markers
cat >settings.py <<'EOF'
DEBUG = False
<<<<<<< HEAD
TIMEOUT = 30
=======
TIMEOUT = 60
>>>>>>> feature/timeouts
EOF
run python3 BAD_FILE_EDIT 0 "leftover git conflict markers make settings.py a SyntaxError" 'python3 -c "import settings"'

begin h-py-unterminated-string
cat >cli.py <<'EOF'
import sys
print("usage: cli.py <file>)
sys.exit(2)
EOF
run python3 BAD_FILE_EDIT 0 "unterminated string literal in cli.py" 'python3 cli.py'

begin h-py-json-config-decode
cat >config.json <<'EOF'
{
  "db": {"host": "localhost", "port": 5432,},
  "debug": true
}
EOF
cat >main.py <<'EOF'
import json
with open("config.json") as f:
    cfg = json.load(f)
print(cfg["db"])
EOF
run python3 BAD_FILE_EDIT 0 "json.decoder.JSONDecodeError: trailing comma in config.json loaded at startup" 'python3 main.py'

begin h-py-json-tool-bad
printf '{"name": "svc", "replicas": 3\n' >deploy.json
run python3 BAD_FILE_EDIT 0 "json.tool rejects deploy.json (missing closing brace)" 'python3 -m json.tool deploy.json'

begin h-py-yaml-scanner
cat >pipeline.yml <<'EOF'
stages:
  - build
  - test
jobs:
  build:
    script: make all
	image: gcc:12
EOF
run python3 BAD_FILE_EDIT 0 "PyYAML ScannerError: a tab character in pipeline.yml" 'python3 -c "import yaml; yaml.safe_load(open(\"pipeline.yml\"))"'

begin h-py-yaml-mapping-values
cat >compose.yaml <<'EOF'
services:
  web:
    image: nginx:1.25
    ports: - "8080:80"
EOF
run python3 BAD_FILE_EDIT 0 "PyYAML: mapping values/sequence not allowed here in compose.yaml" 'python3 -c "import yaml,sys; yaml.safe_load(open(sys.argv[1]))" compose.yaml'

begin h-py-tomllib-decode
cat >pyproject.toml <<'EOF'
[project]
name = "ingest"
version = 0.3.1
EOF
run python3 BAD_FILE_EDIT 0 "tomllib.TOMLDecodeError: unquoted version in pyproject.toml" 'python3 -c "import tomllib; tomllib.load(open(\"pyproject.toml\", \"rb\"))"'

begin h-py-configparser-section
printf 'host = db.internal\nport = 5432\n' >app.ini
run python3 BAD_FILE_EDIT 0 "configparser MissingSectionHeaderError: app.ini lacks a [section] header" 'python3 -c "import configparser; c = configparser.ConfigParser(); c.read(\"app.ini\")"'

begin h-py-xml-parse-error
printf '<invoice><line qty="2">Widget</line><line qty="1">Gadget</invoice>\n' >inv.xml
run python3 BAD_FILE_EDIT 0 "xml.etree ParseError: mismatched tag in inv.xml" 'python3 -c "import xml.etree.ElementTree as ET; ET.parse(\"inv.xml\")"'

begin h-py-own-module-missing
mkdir -p tests; cat >tests/test_api.py <<'EOF'
from billing.invoices import total
def test_total():
    assert total([]) == 0
EOF
run python3 ENV_SETUP_MISS 0 "No module named 'billing': the project's own package is not on sys.path (not installed with pip -e / PYTHONPATH unset)" 'python3 tests/test_api.py'

begin h-py-own-submodule-missing
mkdir -p src/dataloader; : >src/dataloader/__init__.py
cat >run.py <<'EOF'
from dataloader.readers import parquet_reader
EOF
run python3 ENV_SETUP_MISS 1 "the project package dataloader is found through PYTHONPATH=src but its own submodule readers is absent (not generated/checked out): a project module, not a published one; ambiguous alt BAD_FILE_EDIT if readers.py was meant to be written" 'PYTHONPATH=src python3 run.py'

begin h-py-published-httpx-missing
cat >fetch.py <<'EOF'
import httpx
print(httpx.get("https://example.org").status_code)
EOF
run python3 PKG_INSTALL 0 "httpx is a published PyPI package that was never installed" 'python3 fetch.py'

begin h-py-published-pandas-missing
run python3 PKG_INSTALL 0 "ModuleNotFoundError for pandas, a published package" 'python3 -c "import pandas as pd; print(pd.__version__)"'

begin h-py-env-keyerror
cat >deploy.py <<'EOF'
import os
region = os.environ["AWS_REGION"]
print("deploying to", region)
EOF
run python3 ENV_SETUP_MISS 0 "KeyError on os.environ['AWS_REGION']: required environment variable not set" 'python3 deploy.py'

begin h-py-no-display-tk
run python3 ENV_SETUP_MISS 0 "tkinter TclError: no \$DISPLAY in a headless shell" 'python3 -c "import tkinter; tkinter.Tk()"'

begin h-py-conn-refused-db
cat >ping_db.py <<'EOF'
import socket
s = socket.create_connection(("127.0.0.1", 38083), timeout=2)
EOF
run python3 ENV_SETUP_MISS 1 "ConnectionRefusedError: the database service the script needs is not running; ambiguous alt CMD_ERROR (wrong port)" 'python3 ping_db.py'

begin h-py-subprocess-timeoutexpired
cat >build_docs.py <<'EOF'
import subprocess
subprocess.run(["sleep", "10"], check=True, timeout=1)
EOF
run python3 TIMEOUT 0 "subprocess.TimeoutExpired: the script's own 1 s time limit fired (timed_out false)" 'python3 build_docs.py'

begin h-py-socket-read-timeout
cat >client.py <<'EOF'
import socket
s = socket.create_connection(("127.0.0.1", 38081), timeout=1)
s.sendall(b"PING\r\n")
print(s.recv(64))
EOF
run python3 TIMEOUT 0 "TimeoutError: timed out waiting for the server reply (socket timeout 1 s)" 'python3 client.py'

begin h-py-asyncio-wait-for
cat >poll.py <<'EOF'
import asyncio
async def job():
    await asyncio.sleep(10)
asyncio.run(asyncio.wait_for(job(), timeout=0.5))
EOF
run python3 TIMEOUT 0 "asyncio.wait_for raised TimeoutError after 0.5 s" 'python3 poll.py'

begin h-py-urllib-timeout
run python3 TIMEOUT 0 "urllib read timed out against a server that never answers (not an install)" 'python3 -c "import urllib.request; urllib.request.urlopen(\"http://127.0.0.1:38081/health\", timeout=1)"'

begin h-py-signal-alarm
run python3 TIMEOUT 0 "SIGALRM watchdog set by the script fired ('Alarm clock', 142)" 'python3 -c "import signal, time; signal.alarm(1); time.sleep(5)" && echo synced'

begin h-py-harness-kill-busy
cat >train.py <<'EOF'
import time
print("epoch 1/50", flush=True)
while True:
    time.sleep(0.1)
EOF
LIMIT=3 run python3 TIMEOUT 0 "harness killed the job after 3 s; nothing on stderr" 'python3 train.py'

begin h-py-harness-kill-stdin-wait
LIMIT=3 run python3 TIMEOUT 1 "harness killed the command after 3 s while it blocked reading a FIFO nobody writes to; ambiguous alt CMD_ERROR (command waits for input that will never come)" 'mkfifo in.pipe; python3 -c "print(open(\"in.pipe\").read())"'

begin h-pip-install-nonexistent
run pip PKG_INSTALL 0 "pip could not reach PyPI (name resolution failure) while installing" 'pip install --retries 1 fastjsonschema-nope-2024'

begin h-pip-install-requirements
printf 'requests==2.31.0\nurllib3<2\n' >requirements.txt
run pip PKG_INSTALL 0 "pip install -r: PyPI unreachable, no matching distribution" 'pip install --retries 1 -r requirements.txt'

begin h-pip-install-read-timeout
run pip PKG_INSTALL 0 "read timeouts from the package index during install are PKG_INSTALL, not TIMEOUT" 'pip install --timeout 1 --retries 1 -i http://127.0.0.1:38081/simple python-ulid'

begin h-pip-install-harness-timeout
LIMIT=4 run pip PKG_INSTALL 1 "harness killed pip after 4 s while it was retrying a network failure: root cause is the unreachable index; ambiguous alt TIMEOUT" 'pip install pyyaml-include'

begin h-pip-install-bad-index
run pip PKG_INSTALL 0 "index URL answers 404 for the package: no matching distribution found" 'pip install --retries 0 -i http://127.0.0.1:38082/simple internal-utils==1.4.0'

begin h-pip-install-bad-requirement-spec
printf 'numpy>=1.24\npandas=2.1.0\n' >requirements.txt
run pip BAD_FILE_EDIT 0 "invalid requirement line 'pandas=2.1.0' (single =) in requirements.txt: broken file" 'pip install -r requirements.txt'

begin h-py-venv-missing
run bash ENV_SETUP_MISS 0 "virtualenv was never created: .venv/bin/activate missing" 'source .venv/bin/activate && pytest -q'

begin h-py-poetry-not-found
printf '[tool.poetry]\nname = "svc"\nversion = "0.1.0"\n' >pyproject.toml
run bash ENV_SETUP_MISS 0 "poetry is not installed on this machine (command not found)" 'poetry install --no-root'

begin h-py-pytest-no-tests-dir
run python3 CMD_ERROR 0 "pytest pointed at a tests/ directory that does not exist (exit 4, usage error)" 'pytest -q tests/'

######## node ########
begin h-node-test-fail
cat >sum.test.mjs <<'EOF'
import { test } from "node:test";
import assert from "node:assert/strict";
const sum = (xs) => xs.reduce((a, b) => a + b);
test("sum of empty list is 0", () => { assert.equal(sum([]), 0); });
test("sum of [1,2]", () => { assert.equal(sum([1, 2]), 3); });
EOF
run node CMD_ERROR 0 "node --test: one failing test (reduce of empty array); failing suite" 'node --test sum.test.mjs 2>&1'

begin h-node-test-timeout
cat >poll.test.mjs <<'EOF'
import { test } from "node:test";
test("waits for queue drain", { timeout: 500 }, async () => {
  await new Promise((r) => setTimeout(r, 3000));
});
EOF
run node TIMEOUT 0 "node:test's per-test timeout (500ms) fired: 'test timed out after 500ms'" 'node --test poll.test.mjs 2>&1'

begin h-node-typeerror
cat >index.js <<'EOF'
const users = undefined;
console.log(users.map((u) => u.name));
EOF
run node CMD_ERROR 0 "TypeError reading .map of undefined: runtime bug" 'node index.js'

begin h-node-stack-overflow
run node CMD_ERROR 0 "RangeError: Maximum call stack size exceeded (infinite recursion)" 'node -e "function f(n){return f(n+1)} f(0)"'

begin h-node-heap-oom
run node CMD_ERROR 0 "V8 heap out of memory with --max-old-space-size=32: OOM is CMD_ERROR" 'node --max-old-space-size=32 -e "const a=[]; for(;;) a.push(new Array(1e5).fill(1))"'

begin h-node-syntax-error
cat >server.js <<'EOF'
const http = require("http");
http.createServer((req, res) => {
  res.end("ok";
}).listen(3000);
EOF
run node BAD_FILE_EDIT 0 "SyntaxError in server.js (missing parenthesis)" 'node server.js'

begin h-node-require-json-trailing-comma
printf '{\n  "port": 8080,\n  "origins": ["a.example", "b.example",],\n}\n' >settings.json
run node BAD_FILE_EDIT 0 "require() of settings.json fails to parse (trailing commas)" 'node -e "require(\"./settings.json\")"'

begin h-node-esm-import-in-cjs
printf '{ "name": "tool", "version": "1.0.0", "type": "module" }\n' >package.json
printf 'const fs = require("node:fs");\nconsole.log(fs.existsSync("."));\n' >cli.js
run node BAD_FILE_EDIT 1 "require() in a .js file while package.json declares \"type\": \"module\": package.json and the file disagree, fix is an edit; ambiguous alt CMD_ERROR" 'node cli.js'

begin h-node-own-dist-missing
printf '{ "name": "@acme/core", "version": "0.1.0", "main": "dist/index.js" }\n' >package.json
run node ENV_SETUP_MISS 0 "the project's own build output dist/index.js does not exist yet (build step not run)" 'node dist/index.js'

begin h-node-published-missing
printf 'const express = require("express");\nexpress().listen(3000);\n' >app.js
run node PKG_INSTALL 0 "Cannot find module 'express': published dependency not installed (npm install not run)" 'node app.js'

begin h-node-env-missing
cat >start.mjs <<'EOF'
const url = process.env.DATABASE_URL;
if (!url) throw new Error("DATABASE_URL is not set");
EOF
run node ENV_SETUP_MISS 0 "the app refuses to start: DATABASE_URL environment variable missing" 'node start.mjs'

begin h-node-fetch-abort-timeout
run node TIMEOUT 0 "fetch aborted by AbortSignal.timeout(800): the program's own time limit" 'node -e "await fetch(\"http://127.0.0.1:38081/\", { signal: AbortSignal.timeout(800) })" --input-type=module'

begin h-node-econnrefused
run node ENV_SETUP_MISS 1 "fetch failed with ECONNREFUSED: the local API the script talks to is not running; ambiguous alt CMD_ERROR" 'node --input-type=module -e "await fetch(\"http://127.0.0.1:38083/api/v1/items\")"'

begin h-node-harness-dev-server
printf 'require("http").createServer((q,s)=>s.end("hi")).listen(38090, () => console.log("listening on 38090"));\n' >server.js
LIMIT=3 run node TIMEOUT 1 "long-running dev server never returns; the harness killed it after 3 s; ambiguous alt CMD_ERROR (wrong command for a one-shot shell)" 'node server.js'

begin h-npm-install-nonexistent
printf '{ "name": "demo", "version": "1.0.0" }\n' >package.json
run npm PKG_INSTALL 0 "npm E404: package does not exist in the registry" 'npm install left-pad-utils-nope-2031 --no-audit --no-fund'

begin h-npm-install-bad-version
printf '{ "name": "demo", "version": "1.0.0" }\n' >package.json
run npm PKG_INSTALL 0 "npm ETARGET: no matching version for the requested range" 'npm install left-pad@99.0.0 --no-audit --no-fund'

begin h-npm-install-fetch-timeout
printf '{ "name": "demo", "version": "1.0.0" }\n' >package.json
run npm PKG_INSTALL 0 "registry never answered, npm fetch-timeout fired during install: network timeouts during install are PKG_INSTALL" 'npm install lodash --registry http://127.0.0.1:38081/ --fetch-timeout=1000 --fetch-retries=0 --no-audit'

begin h-npm-install-dead-registry
printf '{ "name": "demo", "version": "1.0.0" }\n' >package.json
run npm PKG_INSTALL 0 "ECONNREFUSED contacting the configured registry during install" 'npm install zod --registry http://127.0.0.1:38083/ --fetch-retries=0 --no-audit'

begin h-npm-ejsonparse
printf '{\n  "name": "web",\n  "scripts": { "build": "tsc" }\n  "dependencies": {}\n}\n' >package.json
run npm BAD_FILE_EDIT 0 "npm EJSONPARSE: package.json missing a comma" 'npm run build'

begin h-npm-missing-script
printf '{ "name": "web", "version": "1.0.0", "scripts": { "build": "echo build" } }\n' >package.json
run npm CMD_ERROR 0 "npm: Missing script \"lint\": the command asks for a script the project does not define" 'npm run lint'

begin h-npm-test-fails
printf '{ "name": "calc", "version": "1.0.0", "scripts": { "test": "node --test" } }\n' >package.json
mkdir -p test; cat >test/div.test.js <<'EOF'
const { test } = require("node:test");
const assert = require("node:assert");
test("divide", () => assert.strictEqual(7 / 2, 3));
EOF
ENVX="FORCE_COLOR=1" run npm CMD_ERROR 0 "npm test exits 1 because a test assertion fails (colours kept)" 'npm test 2>&1'

begin h-npm-ci-no-lockfile
printf '{ "name": "api", "version": "1.0.0", "dependencies": { "left-pad": "^1.3.0" } }\n' >package.json
run npm PKG_INSTALL 1 "npm ci refuses to run without package-lock.json; install step cannot proceed; ambiguous alt ENV_SETUP_MISS (lockfile not generated)" 'npm ci'

begin h-npm-engine-strict
printf '{ "name": "api", "version": "1.0.0", "engines": { "node": ">=22" } }\n' >package.json
run npm ENV_SETUP_MISS 0 "EBADENGINE with engine-strict: installed node 20 is older than the project requires" 'npm install --engine-strict'

begin h-pnpm-add-nonexistent
printf '{ "name": "w", "version": "1.0.0" }\n' >package.json
run pnpm PKG_INSTALL 0 "pnpm add: registry returns 404 for the package" 'pnpm add @acme-internal/nope-logger'

begin h-pnpm-bad-workspace-yaml
printf '{ "name": "mono", "version": "1.0.0", "private": true }\n' >package.json
printf 'packages:\n  - "apps/*"\n - "packages/*"\n' >pnpm-workspace.yaml
run pnpm BAD_FILE_EDIT 0 "pnpm cannot parse pnpm-workspace.yaml (bad indentation)" 'pnpm install --offline'

begin h-tsc-syntax
printf '{ "compilerOptions": { "strict": true, "noEmit": true }, "include": ["src"] }\n' >tsconfig.json
mkdir -p src; printf 'export function area(r: number): number {\n  return Math.PI * r * r\n\nexport const unit = "m2";\n' >src/geo.ts
run tsc BAD_FILE_EDIT 0 "tsc parse error TS1005 in src/geo.ts (missing brace)" 'tsc -p tsconfig.json'

begin h-tsc-type-error
printf '{ "compilerOptions": { "strict": true, "noEmit": true }, "include": ["src"] }\n' >tsconfig.json
mkdir -p src; printf 'interface User { id: number; name: string }\nexport const u: User = { id: "42", name: "ada" };\n' >src/user.ts
run tsc BAD_FILE_EDIT 0 "tsc TS2322 type error in src/user.ts: source edit needed" 'tsc -p tsconfig.json'

begin h-tsc-bad-tsconfig
printf '{\n  "compilerOptions": {\n    "target": "ES2022",\n    "module": "NodeNext"\n    "strict": true\n  }\n}\n' >tsconfig.json
run tsc BAD_FILE_EDIT 0 "tsconfig.json is malformed (missing comma), tsc reports TS1005 in it" 'tsc -p tsconfig.json --noEmit'

begin h-tsc-missing-types
printf '{ "compilerOptions": { "strict": true, "noEmit": true, "module": "esnext", "moduleResolution": "bundler" }, "include": ["*.ts"] }\n' >tsconfig.json
printf 'import express from "express";\nexport const app = express();\n' >app.ts
run tsc PKG_INSTALL 0 "TS2307 Cannot find module 'express': the published dependency is not installed" 'tsc -p .'

######## shell / coreutils ########
begin h-sh-timeout-sleep
run coreutils TIMEOUT 0 "coreutils timeout fired (124) inside the command; timed_out false because the harness did not kill it" 'timeout 1 sleep 5'

begin h-sh-timeout-kill-137
run coreutils TIMEOUT 0 "timeout -s KILL: 'Killed' and exit 137 come from the time limit in the command, not from the OOM killer" 'timeout -s KILL 1 bash -c "while :; do :; done" && echo converged'

begin h-sh-timeout-make-terminated
printf 'wait-db:\n\tsleep 10\n' >Makefile
run make TIMEOUT 0 "make target wrapped in timeout 1 was terminated by the time limit" 'timeout 1 make wait-db'

begin h-sh-harness-tail-f
printf 'boot ok\n' >app.log
LIMIT=2 run bash TIMEOUT 0 "tail -f never ends; harness killed it after 2 s" 'tail -f app.log'

begin h-sh-flock-wait
run coreutils TIMEOUT 0 "flock -w 1 gave up waiting for a lock held by another process: the tool's own time limit" '(flock -x 9; sleep 3) 9>deploy.lock & sleep 0.3; flock --verbose -w 1 deploy.lock -c "echo migrating"'

begin h-sh-sigkill-self
cat >build_index.py <<'EOF'
import os, signal
print("loading 4GB embedding index", flush=True)
os.kill(os.getpid(), signal.SIGKILL)
EOF
run bash CMD_ERROR 1 "process killed by SIGKILL ('Killed', 137) with no time limit in play: treated like an OOM kill; ambiguous alt TIMEOUT if an outside watchdog sent it" 'python3 build_index.py && python3 upload_index.py'

begin h-perl-oom-ulimit
run perl CMD_ERROR 0 "perl 'Out of memory!' under a 60 MB address-space limit: resource exhaustion is CMD_ERROR" 'ulimit -v 60000; perl -e "my \$s = q(a) x (500 * 1024 * 1024); print length \$s"'

begin h-tf-plan-no-config
run terraform CMD_ERROR 0 "terraform plan run in a directory with no .tf files (wrong working directory); colours kept" 'terraform plan -out=tfplan'

begin h-sh-cmd-not-found-gradle
printf 'plugins { id "java" }\n' >build.gradle
run bash ENV_SETUP_MISS 0 "gradle not installed and the project has no gradlew wrapper (127)" 'gradle build'

begin h-sh-cmd-not-found-yarn
printf '{ "name": "ui", "version": "1.0.0" }\n' >package.json
run bash ENV_SETUP_MISS 0 "yarn not installed on this machine (127); fix is corepack enable / installing yarn" 'yarn install --frozen-lockfile'

begin h-sh-cmd-not-found-go
run bash ENV_SETUP_MISS 0 "Go toolchain missing (go: command not found)" 'go build ./...'

begin h-docker-compose-plugin-missing
run docker ENV_SETUP_MISS 1 "docker CLI present but the compose plugin is not installed, so 'compose' is not a subcommand and -d is parsed as a docker flag; ambiguous alt CMD_ERROR (old docker-compose spelling needed)" 'docker compose up -d db'

begin h-sh-not-executable-126
printf '#!/bin/sh\necho migrating\n' >migrate.sh
run bash ENV_SETUP_MISS 0 "script lacks the execute bit: Permission denied, exit 126" './migrate.sh'

begin h-sh-crlf-shebang
printf '#!/bin/bash\r\necho building\r\n' >build.sh; chmod +x build.sh
run bash BAD_FILE_EDIT 0 "build.sh saved with CRLF line endings: the kernel looks for '/bin/bash\\r'" './build.sh'

begin h-sh-bad-interpreter-path
printf '#!/usr/local/bin/python3.12\nprint("hi")\n' >tool; chmod +x tool
run bash ENV_SETUP_MISS 0 "shebang names an interpreter that is not installed here (bad interpreter)" './tool --help'

begin h-sh-set-u-unbound
printf 'set -euo pipefail\necho "deploying $RELEASE_TAG"\n' >deploy.sh
run bash ENV_SETUP_MISS 0 "set -u: RELEASE_TAG unbound, the variable was never exported" 'bash deploy.sh'

begin h-sh-param-required
printf '#!/bin/sh\n: "${API_TOKEN:?API_TOKEN must be set}"\ncurl -H "Authorization: $API_TOKEN" https://api.example.invalid\n' >publish.sh
run bash ENV_SETUP_MISS 0 "\${VAR:?} guard: API_TOKEN not set in the environment" 'sh publish.sh'

begin h-sh-syntax-fi
cat >ci.sh <<'EOF'
#!/bin/bash
if [ -f dist/app ]; then
  echo ok
else
  echo missing
done
EOF
run bash BAD_FILE_EDIT 0 "bash syntax error near unexpected token 'done' in ci.sh" 'bash ci.sh'

begin h-sh-dotenv-syntax
printf 'PORT=8080\nGREETING=hello world(1)\n' >.env
run bash BAD_FILE_EDIT 0 ".env file is not valid shell (unquoted parenthesis) when sourced" 'set -ea; . ./.env; exec node server.js'

begin h-sh-permission-denied-write
AS_USER=nobody run bash ENV_SETUP_MISS 1 "non-root user cannot write under /opt: permission problem of the environment; ambiguous alt CMD_ERROR (should write elsewhere)" 'mkdir -p /opt/app/releases && cp -r . /opt/app/releases/1'

begin h-sh-cd-missing-dir
run bash ENV_SETUP_MISS 0 "cd into a directory that does not exist: wrong path in the command [Relabelled from CMD_ERROR when the taxonomy's missing-file definition was applied: a path the command expected and did not find is ENV_SETUP_MISS.]" 'cd services/api && make test'

begin h-sh-grep-no-match
printf 'INFO boot\nINFO ready\n' >server.log
run bash CMD_ERROR 0 "grep exits 1 with no output: nothing matched; empty stderr" 'grep -q "ERROR" server.log'

begin h-sh-tar-corrupt
head -c 2000 /dev/urandom >backup.tar.gz
run bash CMD_ERROR 0 "tar/gzip: the archive is not in gzip format (corrupt download); not a config edit" 'tar xzf backup.tar.gz'

begin h-sh-exit-custom
printf 'n=$(ls *.csv 2>/dev/null | wc -l)\nif [ "$n" -eq 0 ]; then echo "no input files found in $PWD" >&2; exit 3; fi\n' >ingest.sh
run bash CMD_ERROR 0 "script's own precondition failed (no input files), exit 3" 'bash ingest.sh'

begin h-sh-bash-arith
run bash CMD_ERROR 0 "bash arithmetic error: division by 0" 'total=0; echo $(( 100 / total ))'

begin h-sh-jq-parse
printf '{"items": [1, 2, 3]\n' >resp.json
run jq BAD_FILE_EDIT 0 "jq cannot parse resp.json (unfinished JSON)" 'jq ".items | length" resp.json'

begin h-sh-jq-bad-filter
printf '{"items": [1, 2]}\n' >resp.json
run jq CMD_ERROR 0 "jq filter syntax error given on the command line (not a file)" 'jq ".items[] | select(. > 1" resp.json'

begin h-sh-sqlite-constraint
run sqlite3 CMD_ERROR 0 "UNIQUE constraint failed on insert: data/logic error at run time" 'sqlite3 app.db "CREATE TABLE u(email TEXT UNIQUE); INSERT INTO u VALUES (\"a@x\"); INSERT INTO u VALUES (\"a@x\");"'

begin h-sh-sqlite-bad-sql-file
printf 'CREATE TABLE orders (\n  id INTEGER PRIMARY KEY,\n  total NUMERIC NOT NULL,\n);\n' >schema.sql
run sqlite3 BAD_FILE_EDIT 0 "schema.sql has a syntax error (trailing comma before closing paren)" 'sqlite3 app.db < schema.sql'

begin h-sh-curl-404
run curl CMD_ERROR 0 "curl --fail: 404 for the requested path (wrong URL)" 'curl -fsS http://127.0.0.1:38082/api/v2/status'

begin h-sh-curl-max-time
run curl TIMEOUT 0 "curl --max-time 1 fired: operation timed out (exit 28), not an install" 'curl -sS --max-time 1 http://127.0.0.1:38081/metrics'

begin h-sh-curl-refused
run curl ENV_SETUP_MISS 1 "connection refused: the local service is not started; ambiguous alt CMD_ERROR" 'curl -sS http://127.0.0.1:38083/healthz'

begin h-sh-wget-timeout
run wget TIMEOUT 0 "wget read timeout 1 s, tries=1" 'wget --timeout=1 --tries=1 http://127.0.0.1:38081/artifact.tgz'

begin h-sh-ssh-banner-timeout
run ssh TIMEOUT 0 "ssh ConnectTimeout: connection timed out during banner exchange" 'ssh -o BatchMode=yes -o ConnectTimeout=1 -p 38081 deploy@127.0.0.1 uptime'

begin h-sh-curl-dns-download-installer
run curl PKG_INSTALL 1 "fetching an installer script fails on name resolution: the install step cannot reach its source; ambiguous alt CMD_ERROR" 'curl -fsSL https://sh.rustup.rs.invalid -o rustup-init.sh && sh rustup-init.sh -y'

######## locales ########
begin h-loc-de-bash-cmd-not-found
LOC=de_DE.UTF-8 run bash ENV_SETUP_MISS 0 "German locale: helm not installed (Kommando nicht gefunden)" 'helm upgrade --install api ./chart'

begin h-loc-de-cat-missing-file
LOC=de_DE.UTF-8 run bash ENV_SETUP_MISS 0 "German locale: cat of a path that does not exist; wrong path in the command [Relabelled from CMD_ERROR when the taxonomy's missing-file definition was applied: a path the command expected and did not find is ENV_SETUP_MISS.]" 'cat logs/letzter-lauf.txt'

begin h-loc-fr-make-missing-separator
printf 'all:\n    gcc -o app main.c\n' >Makefile
LOC=fr_FR.UTF-8 run make BAD_FILE_EDIT 0 "French locale: Makefile recipe indented with spaces (séparateur manquant)" 'make'

begin h-loc-fr-make-no-rule
printf 'build:\n\techo build\n' >Makefile
LOC=fr_FR.UTF-8 run make CMD_ERROR 0 "French locale: no rule for target 'deploy' (wrong target name)" 'make deploy'

begin h-loc-es-git-not-repo
LOC=es_ES.UTF-8 run git CMD_ERROR 0 "Spanish locale: git run outside a repository" 'git log --oneline -5'

begin h-loc-es-unbound
LOC=es_ES.UTF-8 run bash ENV_SETUP_MISS 0 "Spanish locale: set -u, S3_BUCKET variable unset (variable sin asignar)" 'set -u; aws s3 sync dist/ "s3://$S3_BUCKET/"'

begin h-loc-ja-ls-missing
LOC=ja_JP.UTF-8 run bash ENV_SETUP_MISS 0 "Japanese locale: ls of a path that does not exist [Relabelled from CMD_ERROR when the taxonomy's missing-file definition was applied: a path the command expected and did not find is ENV_SETUP_MISS.]" 'ls build/outputs/apk'

begin h-loc-ru-apt-unknown-pkg
LOC=ru_RU.UTF-8 run apt PKG_INSTALL 0 "Russian locale: apt cannot locate the package" 'apt-get install -y --no-download libfoo-dev-nope'

begin h-loc-pt-timeout-make
printf 'e2e:\n\tsleep 10\n' >Makefile
LOC=pt_BR.UTF-8 run make TIMEOUT 0 "Brazilian Portuguese locale: make killed by timeout 1 (Terminado)" 'timeout 1 make e2e'

begin h-loc-de-make-cc-missing
printf 'app: main.c\n\tcc -O2 -o app main.c\n' >Makefile
LOC=de_DE.UTF-8 run make CMD_ERROR 1 "German locale: make has no rule for main.c, the source is not there (keine Regel); ambiguous alt ENV_SETUP_MISS (checkout incomplete)" 'make app'

begin h-loc-fr-tar-missing
LOC=fr_FR.UTF-8 run bash ENV_SETUP_MISS 0 "French locale: tar cannot open an archive that does not exist [Relabelled from CMD_ERROR when the taxonomy's missing-file definition was applied: a path the command expected and did not find is ENV_SETUP_MISS.]" 'tar xzf release-2.4.tar.gz'

begin h-loc-de-sigkill
LOC=de_DE.UTF-8 run bash CMD_ERROR 0 "German locale: job killed by SIGKILL ('Getötet'), exit 137, no timeout: treated as an OOM kill" 'python3 -c "import os, signal; print(\"batch 1\"); os.kill(os.getpid(), signal.SIGKILL)"; exit $?'

######## C / C++ / make / cmake ########
begin h-c-syntax
printf '#include <stdio.h>\nint main(void) {\n  printf("hi\\n")\n  return 0;\n}\n' >main.c
run gcc BAD_FILE_EDIT 0 "gcc: expected ';' before 'return' in main.c" 'gcc -fdiagnostics-color=always -o app main.c'

begin h-cpp-undeclared
printf '#include <vector>\nint main() {\n  std::vector<int> v{1,2};\n  return vec.size();\n}\n' >main.cpp
run g++ BAD_FILE_EDIT 0 "g++: 'vec' was not declared in this scope: source error" 'g++ -std=c++17 -Wall -o app main.cpp'

begin h-c-missing-header
printf '#include <sodium.h>\nint main(void){ return 0; }\n' >parse.c
run gcc ENV_SETUP_MISS 1 "sodium.h not found: libsodium-dev system headers not installed; ambiguous alt PKG_INSTALL (fix is apt-get install)" 'gcc -c parse.c'

begin h-c-link-missing-lib
printf 'int main(void){ return 0; }\n' >db.c
run gcc ENV_SETUP_MISS 1 "ld cannot find -lsodium: libsodium development library not installed; ambiguous alt PKG_INSTALL" 'gcc -o db db.c -lsodium'

begin h-c-undefined-reference
printf 'double area(double r);\nint main(void){ return (int)area(2.0); }\n' >main.c
run gcc BAD_FILE_EDIT 1 "undefined reference to 'area': the function is declared but no source defines it (file missing from the build); ambiguous alt CMD_ERROR (link line omits geometry.c)" 'gcc -o app main.c'

begin h-c-shared-lib-removed
mkdir -p lib; printf 'int answer(void){ return 42; }\n' >lib/answer.c
printf 'int answer(void);\nint main(void){ return answer() == 42 ? 0 : 1; }\n' >main.c
gcc -shared -fPIC -o lib/libanswer.so lib/answer.c && gcc -o app main.c -Llib -lanswer && rm lib/libanswer.so
run gcc ENV_SETUP_MISS 0 "loader cannot find libanswer.so (library removed / not on LD_LIBRARY_PATH), exit 127" './app'

begin h-c-shared-lib-path-unset
mkdir -p vendor; printf 'int ping(void){ return 0; }\n' >vendor/ping.c
printf 'int ping(void);\nint main(void){ return ping(); }\n' >main.c
gcc -shared -fPIC -o vendor/libping.so vendor/ping.c && gcc -o svc main.c -Lvendor -lping
run gcc ENV_SETUP_MISS 0 "libping.so exists under vendor/ but LD_LIBRARY_PATH does not include it" 'LD_LIBRARY_PATH= ./svc'

begin h-c-segfault
printf '#include <string.h>\nint main(void){ char *p = 0; strcpy(p, "boom"); return 0; }\n' >crash.c
gcc -o crash crash.c 2>/dev/null
run gcc CMD_ERROR 0 "segmentation fault at run time (139); the shell's job report is the only text" './crash --input data.bin && echo converted'

begin h-c-segfault-silent
printf '#include <stdio.h>\nint main(void){ int *p = (int *)16; printf("%%d\\n", *p); return 0; }\n' >probe.c
gcc -o probe probe.c 2>/dev/null
run gcc CMD_ERROR 0 "segfault with no text at all (the binary was exec'd directly, nothing reports the signal); exit 139 is the only clue" './probe'

begin h-c-assert-abort
printf '#include <assert.h>\nint main(void){ int users = 0; assert(users > 0); return 0; }\n' >check.c
gcc -o check check.c 2>/dev/null
run gcc CMD_ERROR 0 "assertion failed, abort (134): program logic" './check'

begin h-c-double-free
printf '#include <stdlib.h>\nint main(void){ char *p = malloc(8); free(p); free(p); return 0; }\n' >df.c
gcc -o df df.c 2>/dev/null
run gcc CMD_ERROR 0 "glibc detected double free, abort (134)" './df'

begin h-make-recipe-fails
printf 'test:\n\t./run-tests.sh --all\n\t@echo done\n' >Makefile
printf '#!/bin/sh\necho "3 of 41 checks failed" >&2\nexit 1\n' >run-tests.sh; chmod +x run-tests.sh
run make CMD_ERROR 0 "the test script run by make reported failures; make error 1" 'make test'

begin h-make-missing-separator
printf 'CC=gcc\nbuild:\n        $(CC) -o app main.c\n' >Makefile
run make BAD_FILE_EDIT 0 "Makefile: missing separator (spaces instead of tab)" 'make build'

begin h-make-include-missing
printf 'include config.mk\nall:\n\techo $(PREFIX)\n' >Makefile
run make ENV_SETUP_MISS 1 "Makefile includes config.mk, which ./configure would generate: configure step not run; ambiguous alt BAD_FILE_EDIT" 'make'

begin h-make-compile-error
printf 'app: main.o\n\t$(CC) -o $@ $^\n' >Makefile
printf 'int main(void) { return undefined_symbol; }\n' >main.c
run make BAD_FILE_EDIT 0 "make stops because main.c does not compile (undeclared identifier)" 'make'

begin h-cmake-syntax
printf 'cmake_minimum_required(VERSION 3.20)\nproject(demo C\nadd_executable(demo main.c)\n' >CMakeLists.txt
run cmake BAD_FILE_EDIT 0 "CMakeLists.txt parse error (unterminated project( call)" 'cmake -S . -B build'

begin h-cmake-find-package
printf 'cmake_minimum_required(VERSION 3.20)\nproject(viewer CXX)\nfind_package(Qt6 REQUIRED COMPONENTS Widgets)\n' >CMakeLists.txt
run cmake ENV_SETUP_MISS 1 "find_package(Qt6) failed: Qt6 development files not installed; ambiguous alt PKG_INSTALL" 'cmake -S . -B build'

begin h-cmake-ctest-timeout
printf 'cmake_minimum_required(VERSION 3.20)\nproject(t NONE)\nenable_testing()\nadd_test(NAME slow_io COMMAND sleep 10)\n' >CMakeLists.txt
cmake -S . -B build >/dev/null 2>&1
run cmake TIMEOUT 0 "ctest --timeout 1 marked the test ***Timeout: the tool's own time limit" 'ctest --test-dir build --timeout 1 --output-on-failure 2>&1'

begin h-cmake-ctest-fail
printf 'cmake_minimum_required(VERSION 3.20)\nproject(t NONE)\nenable_testing()\nadd_test(NAME parser_roundtrip COMMAND sh -c "echo mismatch at byte 17; exit 1")\n' >CMakeLists.txt
cmake -S . -B build >/dev/null 2>&1
run cmake CMD_ERROR 0 "ctest: a test failed (failing suite)" 'ctest --test-dir build --output-on-failure 2>&1'

######## rust ########
newcrate() { mkdir -p src; printf '[package]\nname = "%s"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\n%s\n' "$1" "${2:-}" >Cargo.toml; }

begin h-rust-compile-mismatched
newcrate ledger; printf 'fn main() {\n    let total: u32 = "12";\n    println!("{total}");\n}\n' >src/main.rs
run cargo BAD_FILE_EDIT 0 "rustc E0308 mismatched types in src/main.rs" 'cargo build --color always'

begin h-rust-borrow-error
newcrate queue; printf 'fn main() {\n    let mut v = vec![1, 2, 3];\n    let first = &v[0];\n    v.push(4);\n    println!("{first}");\n}\n' >src/main.rs
run cargo BAD_FILE_EDIT 0 "borrow checker E0502 in src/main.rs: source must be edited" 'cargo check'

begin h-rust-manifest-parse
printf '[package]\nname = "svc"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies\nserde = "1"\n' >Cargo.toml; mkdir -p src; printf 'fn main(){}\n' >src/main.rs
run cargo BAD_FILE_EDIT 0 "Cargo.toml cannot be parsed (unclosed table header)" 'cargo build'

begin h-rust-offline-missing-crate
newcrate api 'serde = { version = "1", features = ["derive"] }'; printf 'fn main(){}\n' >src/main.rs
run cargo PKG_INSTALL 0 "cargo --offline: serde is not in the local registry cache; dependency cannot be fetched" 'cargo build --offline'

begin h-rust-registry-unreachable
newcrate fetcher 'reqwest = "0.12"'; printf 'fn main(){}\n' >src/main.rs
run cargo PKG_INSTALL 0 "cargo cannot reach crates.io index (DNS failure) while resolving dependencies" 'CARGO_NET_RETRY=0 cargo build'

begin h-rust-test-fail
newcrate calc; cat >src/lib.rs <<'EOF'
pub fn mean(xs: &[f64]) -> f64 { xs.iter().sum::<f64>() / xs.len() as f64 }
#[cfg(test)]
mod tests {
    #[test]
    fn mean_of_empty_is_zero() { assert_eq!(super::mean(&[]), 0.0); }
}
EOF
run cargo CMD_ERROR 0 "cargo test: assertion failed (NaN vs 0.0), failing suite" 'cargo test -q 2>&1'

begin h-rust-panic-unwrap
newcrate loader; printf 'fn main() {\n    let n: u16 = std::env::args().nth(1).unwrap_or("70000".into()).parse().unwrap();\n    println!("{n}");\n}\n' >src/main.rs
cargo build -q 2>/dev/null
run cargo CMD_ERROR 0 "runtime panic: unwrap on a ParseIntError (exit 101)" './target/debug/loader'

begin h-rust-unresolved-crate
printf 'use regex::Regex;\nfn main() { let _ = Regex::new("a+"); }\n' >main.rs
run rustc PKG_INSTALL 1 "rustc: unresolved import regex, the external crate is not available (needs a Cargo dependency); ambiguous alt BAD_FILE_EDIT (dependency not declared)" 'rustc main.rs'

begin h-rust-toolchain-missing
newcrate nightlyfeat; printf 'fn main(){}\n' >src/main.rs
printf '[toolchain]\nchannel = "1.79.0"\n' >rust-toolchain.toml
run rustup ENV_SETUP_MISS 1 "rust-toolchain.toml pins 1.79.0, which is not installed (rustup may try to download it and fail); ambiguous alt PKG_INSTALL" 'cargo build'

begin h-rust-no-manifest
run cargo CMD_ERROR 1 "cargo run from a directory without Cargo.toml (wrong working directory); ambiguous alt ENV_SETUP_MISS" 'cargo build --release'

######## java / maven ########
begin h-java-syntax
printf 'public class App {\n  public static void main(String[] a) {\n    System.out.println("hi")\n  }\n}\n' >App.java
run java BAD_FILE_EDIT 0 "javac: ';' expected in App.java" 'javac App.java'

begin h-java-missing-package
printf 'import org.apache.commons.lang3.StringUtils;\npublic class Fmt { public static void main(String[] a){ System.out.println(StringUtils.capitalize("x")); } }\n' >Fmt.java
run java PKG_INSTALL 1 "javac: package org.apache.commons.lang3 does not exist: the library jar is not on the classpath; ambiguous alt ENV_SETUP_MISS" 'javac Fmt.java'

begin h-java-npe
printf 'public class Job { static String name; public static void main(String[] a){ System.out.println(name.length()); } }\n' >Job.java
javac Job.java 2>/dev/null
run java CMD_ERROR 0 "NullPointerException at run time" 'java Job'

begin h-java-oom-heap
printf 'import java.util.*;\npublic class Hog { public static void main(String[] a){ List<long[]> l = new ArrayList<>(); while(true) l.add(new long[1<<20]); } }\n' >Hog.java
javac Hog.java 2>/dev/null
run java CMD_ERROR 0 "java.lang.OutOfMemoryError: Java heap space with -Xmx32m: OOM is CMD_ERROR" 'java -Xmx32m Hog'

begin h-java-class-not-found
mkdir -p out
run java ENV_SETUP_MISS 1 "main class not on the classpath (project not compiled into out/); ambiguous alt CMD_ERROR (wrong class name)" 'java -cp out com.acme.cli.Main'

begin h-java-future-timeout
cat >Wait.java <<'EOF'
import java.util.concurrent.*;
public class Wait {
  public static void main(String[] a) throws Exception {
    ExecutorService ex = Executors.newSingleThreadExecutor();
    Future<?> f = ex.submit(() -> { try { Thread.sleep(10000); } catch (InterruptedException e) {} });
    try { f.get(500, TimeUnit.MILLISECONDS); } finally { ex.shutdownNow(); }
  }
}
EOF
javac Wait.java 2>/dev/null
run java TIMEOUT 0 "java.util.concurrent.TimeoutException from Future.get(500 ms): the program's own time limit" 'java Wait'

begin h-java-home-wrong
printf '<project/>\n' >pom.xml
run mvn ENV_SETUP_MISS 0 "JAVA_HOME points at a directory that is not a JDK" 'JAVA_HOME=/usr/lib/jvm/java-11-openjdk-amd64 mvn -q validate'

mkpom() {
cat >pom.xml <<EOF
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>com.acme</groupId><artifactId>$1</artifactId><version>1.0.0</version>
  <properties><maven.compiler.release>17</maven.compiler.release><project.build.sourceEncoding>UTF-8</project.build.sourceEncoding></properties>
  <dependencies>$2</dependencies>
</project>
EOF
}

begin h-mvn-offline-missing-dep
mkpom ledger '<dependency><groupId>org.jooq</groupId><artifactId>jooq</artifactId><version>3.19.8</version></dependency>'
run mvn PKG_INSTALL 0 "maven offline: jooq not in the local repository, cannot download" 'mvn -o -B -q dependency:resolve 2>&1'

begin h-mvn-unknown-host
mkpom fetcher '<dependency><groupId>io.vertx</groupId><artifactId>vertx-core</artifactId><version>4.5.7</version></dependency>'
run mvn PKG_INSTALL 0 "maven cannot resolve repo.maven.apache.org while downloading a dependency" 'mvn -B -q compile 2>&1'

begin h-mvn-bad-pom
printf '<project>\n  <modelVersion>4.0.0</modelVersion>\n  <groupId>com.acme</groupId>\n  <artifactId>api<artifactId>\n</project>\n' >pom.xml
run mvn BAD_FILE_EDIT 0 "Non-parseable POM: malformed XML in pom.xml" 'mvn -B -q validate 2>&1'

begin h-mvn-offline-plugin-missing
mkpom shop ''; mkdir -p src/main/java/com/acme; printf 'package com.acme;\npublic class Cart { int total() { return "0"; } }\n' >src/main/java/com/acme/Cart.java
run mvn PKG_INSTALL 0 "offline build: a default-bound plugin's dependency (maven-project 2.0.6) was never downloaded, so maven stops before compiling; the type error in Cart.java is never reached" 'mvn -o -B -q compile 2>&1'

######## git ########
begin h-git-identity-missing
git init -q . && printf 'x\n' >a.txt && git add a.txt
run git ENV_SETUP_MISS 0 "git commit without user.name/user.email configured (fresh HOME)" 'HOME=$PWD GIT_CONFIG_NOSYSTEM=1 git commit -m "initial import"'

begin h-git-pathspec
git init -q . && git commit -q --allow-empty -m init
run git CMD_ERROR 0 "git checkout of a branch that does not exist" 'git checkout release/2.4'

begin h-git-merge-conflict
git init -q -b main . && printf 'a\n' >f.txt && git add f.txt && git commit -qm base && git checkout -qb topic && printf 'b\n' >f.txt && git commit -qam topic && git checkout -q main && printf 'c\n' >f.txt && git commit -qam main
run git CMD_ERROR 1 "merge stops on a content conflict in f.txt; fix is resolving the merge; ambiguous alt BAD_FILE_EDIT" 'git merge topic 2>&1'

begin h-git-bad-config
git init -q . && printf '[core\n\tbare = false\n' >>.git/config
run git BAD_FILE_EDIT 0 "fatal: bad config line in .git/config (hand-edited)" 'git status'

begin h-git-apply-fails
git init -q . && printf 'line one\nline two\n' >notes.txt && git add notes.txt && git commit -qm n
cat >fix.patch <<'EOF'
--- a/notes.txt
+++ b/notes.txt
@@ -1,2 +1,2 @@
 line one
-line 2
+line three
EOF
run git BAD_FILE_EDIT 1 "git apply: patch does not apply (the patch's context does not match the file); ambiguous alt CMD_ERROR" 'git apply fix.patch'

begin h-git-clone-timeout
run git TIMEOUT 1 "git's low-speed limit aborted the clone of a server that sent nothing; ambiguous alt CMD_ERROR" 'git -c http.lowSpeedLimit=1000 -c http.lowSpeedTime=1 clone http://127.0.0.1:38081/acme/infra.git'

begin h-git-remote-unresolvable
git init -q . && git commit -q --allow-empty -m init && git remote add origin https://git.acme-corp.invalid/platform/api.git
run git CMD_ERROR 1 "push to a remote whose host does not resolve (wrong remote URL); ambiguous alt ENV_SETUP_MISS (no network/VPN)" 'git push -u origin HEAD'

######## apt ########
begin h-apt-unknown-package
run apt PKG_INSTALL 0 "apt: Unable to locate package" 'apt-get install -y --no-download libgrpc-nonexistent-dev'

begin h-apt-bad-version
run apt PKG_INSTALL 0 "apt: requested version of curl not found" 'apt-get install -y --no-download curl=7.0.0-1'

begin h-loc-de-apt-unknown
LOC=de_DE.UTF-8 run apt PKG_INSTALL 0 "German locale apt: Paket kann nicht gefunden werden" 'apt-get install -y --no-download python3-nonexistent-lib'

begin h-loc-fr-apt-virtual
LOC=fr_FR.UTF-8 run apt PKG_INSTALL 1 "French locale apt: virtual package with no installation candidate; ambiguous alt CMD_ERROR (wrong package name)" 'apt-get install -y --no-download mail-transport-agent'

begin h-apt-bad-sources
mkdir -p etc/apt/sources.list.d; printf 'deb [arch=amd64 http://deb.example.invalid/debian bookworm main\n' >etc/apt/sources.list.d/vendor.list
run apt BAD_FILE_EDIT 0 "malformed entry in a sources.list file (unterminated option bracket)" 'apt-get -o Dir::Etc::sourcelist=/dev/null -o Dir::Etc::sourceparts=$PWD/etc/apt/sources.list.d update'

######## perl ########
begin h-perl-syntax
printf 'use strict;\nmy %%h = (a => 1;\nprint "$h{a}\\n";\n' >fmt.pl
run perl BAD_FILE_EDIT 0 "perl syntax error in fmt.pl" 'perl fmt.pl'

begin h-perl-missing-module
run perl PKG_INSTALL 0 "Can't locate YAML/XS.pm: CPAN module not installed" 'perl -MYAML::XS -e "print 1"'

begin h-perl-die
printf 'open(my $fh, "<", "input.tsv") or die "cannot open input.tsv: $!\\n";\n' >load.pl
run perl ENV_SETUP_MISS 0 "script dies: input file not present in the working directory (wrong path / not produced yet) [Relabelled from CMD_ERROR when the taxonomy's missing-file definition was applied: a path the command expected and did not find is ENV_SETUP_MISS.]" 'perl load.pl'




######## more time limits, daemons, registries ########
begin h-node-test-cli-timeout-spec
cat >import.test.mjs <<'EOF'
import { test } from "node:test";
test("imports the 2GB fixture", async () => {
  await new Promise((r) => setTimeout(r, 4000));
});
EOF
ENVX="FORCE_COLOR=1" run node TIMEOUT 0 "--test-timeout=300 fired for a slow test (spec reporter, colours kept); the runner's own limit" 'node --test --test-timeout=300 --test-reporter=spec import.test.mjs 2>&1'

begin h-py-requests-read-timeout
cat >probe.py <<'EOF'
import requests
r = requests.get("http://127.0.0.1:38081/v1/status", timeout=1)
print(r.json())
EOF
run python3 TIMEOUT 0 "requests ReadTimeout after the 1 s timeout the script set; a runtime call, not an install" 'python3 probe.py'

begin h-java-httpclient-timeout
cat >Ping.java <<'EOF'
import java.net.URI;
import java.net.http.*;
import java.time.Duration;
public class Ping {
  public static void main(String[] a) throws Exception {
    HttpClient c = HttpClient.newHttpClient();
    HttpRequest r = HttpRequest.newBuilder(URI.create("http://127.0.0.1:38081/ready")).timeout(Duration.ofSeconds(1)).build();
    System.out.println(c.send(r, HttpResponse.BodyHandlers.ofString()).statusCode());
  }
}
EOF
javac Ping.java 2>/dev/null
run java TIMEOUT 0 "java.net.http.HttpTimeoutException: request timed out (1 s limit set by the program)" 'java Ping'

begin h-git-ssh-connect-timeout
git init -q . && git remote add origin ssh://git@127.0.0.1:38081/platform/infra.git
run git TIMEOUT 1 "git over ssh: ConnectTimeout fired during the banner exchange, then git reports it cannot read from the remote; ambiguous alt CMD_ERROR (wrong remote/port)" 'GIT_SSH_COMMAND="ssh -o BatchMode=yes -o ConnectTimeout=1" git fetch origin'

begin h-make-harness-slow-build
printf 'all: a b c d\na b c d:\n\t@echo "compiling $@ (this takes a while)"; sleep 2\n' >Makefile
LIMIT=3 run make TIMEOUT 0 "slow build killed by the harness after 3 s while make was still compiling; timed_out true" 'make all'

begin h-loc-fr-harness-timeout-server
printf 'import http.server, sys\nprint("Serving on 38091", file=sys.stderr, flush=True)\nhttp.server.HTTPServer(("127.0.0.1", 38091), http.server.SimpleHTTPRequestHandler).serve_forever()\n' >serve.py
LOC=fr_FR.UTF-8 LIMIT=2 run python3 TIMEOUT 1 "French locale machine: a server started in the foreground never returns; harness killed it after 2 s; ambiguous alt CMD_ERROR (should run in background)" 'python3 serve.py'

begin h-docker-daemon-down
run docker ENV_SETUP_MISS 0 "docker CLI installed but the daemon is not running (socket missing)" 'docker ps'

begin h-kubectl-no-cluster
run kubectl ENV_SETUP_MISS 0 "kubectl has no kubeconfig and falls back to localhost:8080, which refuses: cluster access not configured" 'kubectl get pods -n payments'

begin h-tf-init-registry-unreachable
printf 'terraform {\n  required_providers {\n    aws = { source = "hashicorp/aws", version = "~> 5.0" }\n  }\n}\n' >main.tf
run terraform PKG_INSTALL 0 "terraform init cannot reach the provider registry to download hashicorp/aws: provider install failure" 'terraform init -input=false -no-color'

begin h-tf-syntax-error
printf 'resource "null_resource" "x" {\n  triggers = {\n    a = "1"\n}\n' >main.tf
run terraform BAD_FILE_EDIT 0 "main.tf has an unclosed block" 'terraform validate -no-color'

# Merge: generated records first, then every record that came from a public report (kept as is).
python3 - "$RAW" "$OUT" <<'EOF'
import json, os, sys
raw, out = sys.argv[1], sys.argv[2]
gen = [json.loads(l) for l in open(raw, encoding="utf-8") if l.strip()]
kept = []
if os.path.exists(out):
    for l in open(out, encoding="utf-8"):
        if l.strip():
            r = json.loads(l)
            if not r.get("source", "").startswith("generated locally"):
                kept.append(r)
with open(out, "w", encoding="utf-8") as f:
    for r in gen + kept:
        f.write(json.dumps(r, ensure_ascii=False) + "\n")
print(f"{len(gen)} generated + {len(kept)} from public reports -> {out}", file=sys.stderr)
EOF

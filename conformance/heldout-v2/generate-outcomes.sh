#!/usr/bin/env bash
# Reproduces the locally generated part of the second held-out live-outcome set (outcomes.jsonl).
# Each case runs one short command with `bash -c` in a fresh scratch directory (the small files it
# needs are written here), records exit code, harness timeout flag and the stderr tail (last 4 KB),
# and attaches the label and rationale a human wrote after reading that tail.
# Records whose source is not "generated locally" (public reports) are kept as they are.
# Usage: bash conformance/heldout-v2/generate-outcomes.sh        (root; de/fr/es/ja/ru/pt_BR locales)
#        ONLY='v2-py-' bash conformance/heldout-v2/generate-outcomes.sh   (print matching cases, write nothing)
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
OUT="$HERE/outcomes.jsonl"
BASE=$(mktemp -d /tmp/v2work.XXXXXX)
RAW="$BASE/generated.jsonl"
: >"$RAW"
HANG_PORT=38181   # accepts TCP connections and never answers
REG_PORT=38182    # plain http.server over $BASE/reg: a tiny fake npm registry and real 404s
DEAD_PORT=38183   # nothing listens here
mkdir -p "$BASE/reg"
export PATH="$HERE/../../node_modules/.bin:$PATH"

cat >"$BASE/hang.py" <<'EOF'
import socket, sys
s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(("127.0.0.1", int(sys.argv[1]))); s.listen(64)
held = []
while True:
    c, _ = s.accept(); held.append(c)
EOF
python3 "$BASE/hang.py" "$HANG_PORT" & HANG_PID=$!
python3 -m http.server "$REG_PORT" --bind 127.0.0.1 --directory "$BASE/reg" >/dev/null 2>&1 & REG_PID=$!
cleanup() { kill "$HANG_PID" "$REG_PID" 2>/dev/null; rm -rf "$BASE"; }
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
    npx) echo "npx $(npx --version)" ;;
    pnpm) echo "pnpm $(pnpm --version)" ;;
    gcc) gcc --version | head -1 ;;
    g++) g++ --version | head -1 ;;
    make) make --version | head -1 ;;
    cmake) cmake --version | head -1 ;;
    cargo) cargo --version ;;
    rustc) rustc --version ;;
    java) java -version 2>&1 | head -1 ;;
    javac) javac -version 2>&1 | head -1 ;;
    mvn) mvn -v 2>/dev/null | head -1 | sed 's/\x1b\[[0-9;]*m//g' ;;
    perl) perl -e 'print "perl $^V"' ;;
    git) git --version ;;
    bash) echo "GNU bash ${BASH_VERSION}" ;;
    dash) echo "dash $(dpkg-query -W -f '${Version}' dash 2>/dev/null)" ;;
    apt) apt-get --version | head -1 ;;
    dpkg) dpkg --version | head -1 ;;
    curl) curl --version | head -1 | cut -d' ' -f1-2 ;;
    wget) wget --version | head -1 ;;
    tsc) echo "tsc $(tsc --version)" ;;
    ssh) ssh -V 2>&1 ;;
    coreutils) timeout --version | head -1 ;;
    sqlite3) echo "sqlite3 $(sqlite3 --version | cut -d' ' -f1)" ;;
    psql) psql --version ;;
    jq) jq --version ;;
    yq) yq --version 2>&1 | head -1 ;;
    awk) echo "mawk $(dpkg-query -W -f '${Version}' mawk 2>/dev/null)" ;;
    sed) sed --version | head -1 ;;
    patch) patch --version | head -1 ;;
    tar) tar --version | head -1 ;;
    gzip) gzip --version | head -1 ;;
    unzip) unzip -v | head -1 ;;
    openssl) openssl version ;;
    gpg) gpg --version | head -1 ;;
    terraform) terraform version | head -1 ;;
    docker) docker --version ;;
    kubectl) kubectl version --client 2>/dev/null | head -1 ;;
    systemctl) systemctl --version | head -1 ;;
    *) echo "$1" ;;
  esac
}

# begin <id>: fresh scratch directory for the next case (SKIP when ONLY does not match the id)
begin() {
  ID=$1; SKIP=0
  if [ -n "${ONLY:-}" ] && ! [[ $ID =~ $ONLY ]]; then SKIP=1; fi
  CUR="$BASE/$ID"; rm -rf "$CUR"; mkdir -p "$CUR"; cd "$CUR" || exit 1
}

# run <tool> <label> <ambiguous 0|1> <rationale> <command>
# env knobs: LIMIT (harness seconds, default 5), LOC (locale), ENVX (extra env "K=V ...")
run() {
  local tool=$1 label=$2 amb=$3 why=$4 cmd=$5
  if [ "$SKIP" = 1 ]; then cd "$BASE" || exit 1; return; fi
  local lim=${LIMIT:-5} loc=${LOC:-C.UTF-8} t0 t1 rc timed=0
  t0=$(date +%s%N)
  # shellcheck disable=SC2086
  env LC_ALL="$loc" LANG="$loc" ${ENVX:-} timeout -k 1 "$lim" bash -c "$cmd" \
    </dev/null >"$BASE/$ID.stdout" 2>"$BASE/$ID.stderr"
  rc=$?
  t1=$(date +%s%N)
  if [ "$rc" -ge 124 ] && [ $(((t1 - t0) / 1000000)) -ge $((lim * 1000 - 50)) ]; then timed=1; rc=124; fi
  # a command that merges its streams (2>&1) has its output on stdout; a tool that wrote nothing
  # to stderr is shown by its stdout, as a merged-stream harness would show it
  local errfile="$BASE/$ID.stderr"
  case $cmd in *"2>&1"*) errfile="$BASE/$ID.stdout" ;; esac
  [ -s "$errfile" ] || errfile="$BASE/$ID.stdout"
  python3 "$BASE/rec.py" "$ID" "$cmd" "$rc" "$timed" "$errfile" "$label" "$amb" "$why" \
    "generated locally: $(version "$tool")" >>"$RAW"
  printf '%-45s rc=%-4s to=%s %s\n' "$ID" "$rc" "$timed" "$label" >&2
  cd "$BASE" || exit 1
}

######## CMD_ERROR: runtime failures, failing checks, wrong arguments ########
begin v2-py-assert-statement
cat >reconcile.py <<'PY'
ledger = {"in": 120, "out": 95}
balance = ledger["in"] - ledger["out"]
assert balance == 0, f"ledger does not balance: {balance}"
print("ok")
PY
run python3 CMD_ERROR 0 "the program's own assert fails at runtime (AssertionError): a logic/data failure, nothing to install or edit in config" 'python3 reconcile.py'

begin v2-py-valueerror-int
printf 'rows = ["12", "7", "12a"]\ntotal = sum(int(r) for r in rows)\nprint(total)\n' >sum_rows.py
run python3 CMD_ERROR 0 "plain runtime exception (ValueError: invalid literal for int) on bad input data" 'python3 sum_rows.py'

begin v2-py-filenotfound-wrong-path
printf 'import csv\nwith open("data/2024/orders.csv") as f:\n    print(sum(1 for _ in csv.reader(f)))\n' >count.py
mkdir -p data/2023
run python3 ENV_SETUP_MISS 0 "the script opens an input file at a path that does not exist (FileNotFoundError): wrong path, CMD_ERROR [Relabelled from CMD_ERROR when the taxonomy's missing-file definition was applied: a path the command expected and did not find is ENV_SETUP_MISS.]" 'python3 count.py'

begin v2-py-doctest-fail
cat >money.py <<'PY'
def cents(x):
    """
    >>> cents(1.15)
    115
    """
    return int(x * 100)
PY
run python3 CMD_ERROR 0 "doctest reports a failing example (output on stdout, recorded because stderr is empty): a failing test, CMD_ERROR" 'python3 -m doctest money.py'

begin v2-py-sys-exit-message
printf 'import sys\nrejected = 3\nif rejected:\n    sys.exit(f"import aborted: {rejected} records rejected by validation")\n' >importer.py
run python3 CMD_ERROR 0 "the program exits 1 with its own error message about rejected records: application-level failure" 'python3 importer.py'

begin v2-py-attr-none-no-match
printf 'import re\nm = re.match(r"v(\\d+)", "release-7")\nprint(m.group(1))\n' >ver.py
run python3 CMD_ERROR 0 "AttributeError: NoneType has no attribute group: a runtime bug in the program logic" 'python3 ver.py'

begin v2-node-assert-deepstrict
cat >check.mjs <<'JS'
import assert from "node:assert/strict";
const got = { id: 7, tags: ["a", "b"] };
assert.deepStrictEqual(got, { id: 7, tags: ["a", "c"] });
JS
run node CMD_ERROR 0 "node:assert deepStrictEqual fails at runtime (AssertionError with a diff): a failing check" 'node check.mjs'

begin v2-node-unhandled-rejection
cat >sync.js <<'JS'
async function pull() { throw new Error("remote returned 3 conflicting revisions"); }
pull();
JS
run node CMD_ERROR 0 "an async function rejects and node exits 1 on the unhandled rejection: plain runtime exception" 'node sync.js'

begin v2-node-rangeerror
run node CMD_ERROR 0 "RangeError: Invalid array length from a negative computed size: runtime bug" 'node -e "const n = 3 - 5; const slots = new Array(n); console.log(slots.length)"'

begin v2-node-test-runner-todo-fail
cat >parse.test.mjs <<'JS'
import { test } from "node:test";
import assert from "node:assert";
test("parses durations", () => { assert.equal(Number.parseInt("1h30m"), 90); });
JS
run node CMD_ERROR 0 "node's test runner reports one failing test (stdout tail, nothing on stderr): failing test suite" 'node --test parse.test.mjs'

begin v2-npm-run-script-exit
cat >package.json <<'JSON'
{ "name": "svc", "version": "1.0.0", "scripts": { "check:links": "echo 'docs/setup.md: 2 broken links' >&2; exit 2" } }
JSON
run npm CMD_ERROR 0 "an npm script ran and its command exited 2 after reporting broken links: the check failed, not npm" 'npm run check:links'

begin v2-c-sigfpe
printf '#include <stdio.h>\nint main(int c, char **v){ int n = c - 1; printf("%%d\\n", 100 / n); return 0; }\n' >avg.c
gcc -o avg avg.c 2>/dev/null
run bash CMD_ERROR 0 "integer division by zero kills the program with SIGFPE (136, bash reports 'Floating point exception'): runtime crash" './avg && echo "average written"'

begin v2-cpp-uncaught-exception
printf '#include <stdexcept>\nint main(){ throw std::runtime_error("shard 3 checksum mismatch"); }\n' >verify.cpp
g++ -o verify verify.cpp 2>/dev/null
run bash CMD_ERROR 0 "uncaught C++ exception: terminate called, abort (134): runtime failure of the program" './verify'

begin v2-c-stack-smashing
printf '#include <string.h>\nvoid f(const char *s){ char b[8]; strcpy(b, s); }\nint main(){ f("this string is far too long for the buffer"); return 0; }\n' >copy.c
gcc -fstack-protector-all -O0 -o copy copy.c 2>/dev/null
run bash CMD_ERROR 0 "stack protector detects a buffer overflow and aborts (134): memory-safety crash at runtime" './copy'

begin v2-cpp-bad-alloc
printf '#include <vector>\n#include <cstdio>\nint main(){ std::vector<long> v(1L<<30); std::printf("%%zu\\n", v.size()); }\n' >big.cpp
g++ -o big big.cpp 2>/dev/null
run bash CMD_ERROR 0 "std::bad_alloc under a 200 MB address-space limit: out of memory, CMD_ERROR" 'ulimit -v 200000; ./big'

begin v2-rust-overflow-panic
printf 'fn main() { let items: u8 = 200; let doubled = items * std::env::args().count() as u8 * 2; println!("{}", doubled); }\n' >main.rs
rustc -o calc main.rs 2>/dev/null
run bash CMD_ERROR 0 "debug build panics on arithmetic overflow (exit 101): runtime bug" './calc'

begin v2-rust-cargo-run-exit
mkdir -p src; printf '[package]\nname = "gate"\nversion = "0.1.0"\nedition = "2021"\n' >Cargo.toml
printf 'fn main() { eprintln!("policy check: 4 violations"); std::process::exit(3); }\n' >src/main.rs
cargo build -q --offline 2>/dev/null
run cargo CMD_ERROR 0 "cargo run: the program itself exits 3 after reporting violations; cargo only relays it" 'cargo run -q --offline'

begin v2-java-array-index
printf 'public class Split { public static void main(String[] a) { String[] p = "k=v".split(";"); System.out.println(p[1]); } }\n' >Split.java
javac Split.java 2>/dev/null
run java CMD_ERROR 0 "ArrayIndexOutOfBoundsException at runtime: plain exception in the program" 'java Split'

begin v2-java-number-format
printf 'public class Port { public static void main(String[] a) { int p = Integer.parseInt("80 80"); System.out.println(p); } }\n' >Port.java
javac Port.java 2>/dev/null
run java CMD_ERROR 0 "NumberFormatException parsing bad input: runtime exception" 'java Port'

begin v2-perl-div-zero
run perl CMD_ERROR 0 "perl dies with Illegal division by zero: runtime error in the one-liner's data" 'perl -e "my @r = (); my \$avg = 10 / scalar(@r); print \$avg"'

begin v2-jq-iterate-null
printf '{"items": null, "next": null}\n' >page.json
run jq CMD_ERROR 0 "jq cannot iterate over null: the JSON is valid, the filter assumes a shape the data does not have" "jq -r '.items[].id' page.json"

begin v2-diff-mismatch
printf 'alpha\nbeta\n' >expected.txt; printf 'alpha\ngamma\n' >actual.txt
run bash CMD_ERROR 0 "golden-file comparison differs (diff exits 1, the diff is on stdout): a failing check" 'diff -u expected.txt actual.txt'

begin v2-git-nothing-to-commit
git init -q . && git -c user.name=a -c user.email=a@b commit -q --allow-empty -m init
run git CMD_ERROR 0 "git commit with nothing staged: exit 1, message on stdout; a wrong step, nothing to fix in the setup" 'git -c user.name=ci -c user.email=ci@example.com commit -m "update docs"'

begin v2-git-branch-not-merged
git init -q . && git -c user.name=a -c user.email=a@b commit -q --allow-empty -m init && git checkout -q -b feature/x && git -c user.name=a -c user.email=a@b commit -q --allow-empty -m wip && git checkout -q -
run git CMD_ERROR 0 "git refuses to delete a branch that is not fully merged: wrong command for the situation" 'git branch -d feature/x'

begin v2-git-push-rejected
git init -q --bare remote.git && git clone -q remote.git a 2>/dev/null && (cd a && git -c user.name=a -c user.email=a@b commit -q --allow-empty -m one && git push -q origin HEAD 2>/dev/null) \
  && git clone -q remote.git b 2>/dev/null && (cd a && git -c user.name=a -c user.email=a@b commit -q --allow-empty -m two && git push -q origin HEAD 2>/dev/null) \
  && (cd b && git -c user.name=a -c user.email=a@b commit -q --allow-empty -m three)
run git CMD_ERROR 0 "push rejected as non-fast-forward: the remote moved on, the user must pull/rebase first" 'cd b && git push origin HEAD'

begin v2-tar-member-missing
mkdir -p pkg && echo x >pkg/a.txt && tar cf bundle.tar pkg
run tar CMD_ERROR 0 "the requested member is not in the archive: wrong path argument" 'tar xf bundle.tar pkg/config/app.yml'

begin v2-gzip-not-gzip
echo 'plain text dump' >dump.sql.gz
run gzip CMD_ERROR 0 "gzip -d on a file that is not gzip data: wrong input file" 'gzip -d dump.sql.gz'

begin v2-unzip-missing-archive
run unzip CMD_ERROR 0 "unzip cannot find the archive (wrong file name): CMD_ERROR" 'unzip -q release-assets.zip -d out'

begin v2-sqlite-no-such-column
sqlite3 app.db "CREATE TABLE users(id INTEGER PRIMARY KEY, email TEXT);"
run sqlite3 CMD_ERROR 0 "the query names a column the table does not have: a wrong query" 'sqlite3 app.db "SELECT id, username FROM users"'

begin v2-make-C-missing-dir
run make ENV_SETUP_MISS 0 "make -C into a directory that does not exist: wrong path [Relabelled from CMD_ERROR when the taxonomy's missing-file definition was applied: a path the command expected and did not find is ENV_SETUP_MISS.]" 'make -C services/billing test'

begin v2-openssl-verify-fails
openssl req -x509 -newkey rsa:2048 -nodes -keyout ca.key -out ca.pem -days 1 -subj /CN=ca 2>/dev/null
openssl req -x509 -newkey rsa:2048 -nodes -keyout o.key -out other.pem -days 1 -subj /CN=svc 2>/dev/null
run openssl CMD_ERROR 0 "openssl verify: the certificate is not signed by the given CA (output names the error): a failing check, the files are well-formed" 'openssl verify -CAfile ca.pem other.pem'

begin v2-sh-test-fails-set-e
printf '#!/bin/sh\nset -e\ncount=$(wc -l < results.txt)\n[ "$count" -ge 10 ] || { echo "only $count results, expected at least 10" >&2; exit 4; }\n' >gate.sh
printf 'a\nb\n' >results.txt
run dash CMD_ERROR 0 "a gate script's own check fails with a custom message and exit 4" 'sh gate.sh'

begin v2-loc-de-cp-missing
LOC=de_DE.UTF-8 run coreutils ENV_SETUP_MISS 0 "German locale: cp cannot stat the source file (wrong path) [Relabelled from CMD_ERROR when the taxonomy's missing-file definition was applied: a path the command expected and did not find is ENV_SETUP_MISS.]" 'cp config/prod.env.example config/prod.env'

begin v2-loc-fr-rm-dir
mkdir -p build/cache
LOC=fr_FR.UTF-8 run coreutils CMD_ERROR 0 "French locale: rm without -r on a directory: wrong invocation" 'rm build'

begin v2-loc-es-mv-missing
LOC=es_ES.UTF-8 run coreutils ENV_SETUP_MISS 0 "Spanish locale: mv source does not exist: wrong path [Relabelled from CMD_ERROR when the taxonomy's missing-file definition was applied: a path the command expected and did not find is ENV_SETUP_MISS.]" 'mv dist/app.js public/app.js'

begin v2-loc-ja-mkdir-exists
echo x >logs
LOC=ja_JP.UTF-8 run coreutils CMD_ERROR 0 "Japanese locale: mkdir fails because a file of that name exists: wrong step, not environment" 'mkdir logs'

begin v2-loc-ru-git-unknown-rev
git init -q . && git -c user.name=a -c user.email=a@b commit -q --allow-empty -m init
LOC=ru_RU.UTF-8 run git CMD_ERROR 0 "Russian locale: git does not know the revision v2.0 (wrong tag name)" 'git diff v2.0..HEAD --stat'

begin v2-loc-pt-grep-missing
LOC=pt_BR.UTF-8 run coreutils ENV_SETUP_MISS 0 "Portuguese locale: grep on a file that does not exist (exit 2): wrong path [Relabelled from CMD_ERROR when the taxonomy's missing-file definition was applied: a path the command expected and did not find is ENV_SETUP_MISS.]" 'grep -n TODO src/relatorio.py'

######## ENV_SETUP_MISS: missing tools, services, env vars, permissions, own modules ########
begin v2-env-python2-shebang
printf '#!/usr/bin/env python2\nprint "legacy report"\n' >report && chmod +x report
run bash ENV_SETUP_MISS 0 "the shebang asks for python2; the pyenv shim finds no active python2 (it only exists in an inactive pyenv version): interpreter not set up" './report --weekly'

begin v2-env-npm-not-in-path
printf '{ "name": "web", "version": "1.0.0", "scripts": { "test": "node --test" } }\n' >package.json
run bash ENV_SETUP_MISS 0 "with a trimmed PATH (as after leaving a tool shell) npm is not found: tool missing from the environment" 'export PATH=/opt/ci/bin:/bin/nonexistent; npm test'

begin v2-env-py-locale-unsupported
run python3 ENV_SETUP_MISS 0 "the requested locale is not generated on this machine (locale.Error): environment setup" 'LC_ALL=it_IT.UTF-8 python3 -c "import locale; locale.setlocale(locale.LC_ALL, \"\"); print(locale.currency(12.5))"'

begin v2-env-sysfs-permission
run bash ENV_SETUP_MISS 0 "even root may not create files under /sys in this container: permission/environment limit, not the command's logic" 'touch /sys/acme.lock'

begin v2-env-git-dubious-ownership
git init -q repo && chown -R nobody repo
run git ENV_SETUP_MISS 0 "git refuses a repository owned by another user (safe.directory): ownership/permission setup" 'cd repo && git status'

begin v2-env-ulimit-nofile
printf 'fs = []\nfor i in range(64):\n    fs.append(open(__file__))\nprint(len(fs))\n' >open_many.py
run python3 ENV_SETUP_MISS 1 "OSError Too many open files under ulimit -n 16: the descriptor limit of the environment is too low for the job; alt CMD_ERROR (the program keeps every file open)" 'ulimit -n 16; python3 open_many.py'

begin v2-env-curl-cacert-missing
run curl ENV_SETUP_MISS 0 "curl cannot read the CA bundle it was pointed at (error 77): certificate setup missing" 'curl -sS --cacert /etc/ssl/private/corp-root.pem https://127.0.0.1:38182/'

begin v2-env-make-var-guard
cat >Makefile <<'MK'
deploy:
ifndef DATABASE_URL
	$(error DATABASE_URL is not set; export it before deploying)
endif
	@echo deploying
MK
run make ENV_SETUP_MISS 0 "the Makefile's guard stops because the DATABASE_URL environment variable is unset" 'make deploy'

begin v2-env-tf-missing-variable
printf 'variable "region" {\n  type = string\n}\noutput "r" {\n  value = var.region\n}\n' >main.tf
run terraform ENV_SETUP_MISS 0 "terraform needs a value for a required input variable and input is disabled: configuration value not provided by the environment" 'terraform plan -input=false -no-color'

begin v2-env-kubectl-context-missing
run kubectl ENV_SETUP_MISS 0 "the kubeconfig has no context named staging: cluster access not set up" 'kubectl --context staging get deploy -n web'

begin v2-env-psql-socket
run psql ENV_SETUP_MISS 0 "no PostgreSQL server is running on the local socket: service not started" 'psql -d app -c "select 1"'

begin v2-env-psql-refused
run psql ENV_SETUP_MISS 0 "connection refused on the configured host/port: database service not running" 'psql "postgresql://app@127.0.0.1:38183/app" -c "\dt"'

begin v2-env-systemctl-no-systemd
run systemctl ENV_SETUP_MISS 0 "the container was not booted with systemd: service manager unavailable" 'systemctl restart nginx'

begin v2-env-ssh-add-no-agent
run ssh ENV_SETUP_MISS 0 "no ssh-agent is running (SSH_AUTH_SOCK unset): environment setup" 'unset SSH_AUTH_SOCK; ssh-add -l'

begin v2-env-gpg-no-secret-key
echo "artifact" >release.tar
run gpg ENV_SETUP_MISS 0 "the signing key is not in the keyring of this machine: credentials not set up" 'GNUPGHOME=$PWD/.gnupg gpg --batch --yes --local-user release@acme.example --detach-sign release.tar'

begin v2-env-rust-target-missing
mkdir -p src; printf '[package]\nname = "wasmmod"\nversion = "0.1.0"\nedition = "2021"\n\n[lib]\ncrate-type = ["cdylib"]\n' >Cargo.toml
printf '#[no_mangle]\npub extern "C" fn add(a: i32, b: i32) -> i32 { a + b }\n' >src/lib.rs
run cargo ENV_SETUP_MISS 0 "the wasm32 target's standard library is not installed for this toolchain (rustup target add)" 'cargo build --offline --target wasm32-unknown-unknown'

begin v2-env-node-own-workspace-dist
mkdir -p node_modules/@acme/core packages/app
printf '{ "name": "@acme/core", "version": "0.0.0", "main": "dist/index.js" }\n' >node_modules/@acme/core/package.json
printf 'const { formatPrice } = require("@acme/core");\nconsole.log(formatPrice(10));\n' >packages/app/index.js
run node ENV_SETUP_MISS 0 "the project's own workspace package @acme/core is linked but its dist/ was never built" 'node packages/app/index.js'

begin v2-env-py-own-src-layout
mkdir -p src/acme_cli; printf '[project]\nname = "acme-cli"\nversion = "0.1.0"\n' >pyproject.toml
printf 'print("hi")\n' >src/acme_cli/__main__.py; touch src/acme_cli/__init__.py
run python3 ENV_SETUP_MISS 0 "the project's own package lives under src/ and is not installed or on PYTHONPATH" 'python3 -m acme_cli --help'

begin v2-env-cmake-compiler-missing
printf 'cmake_minimum_required(VERSION 3.16)\nproject(geo CXX)\nadd_executable(geo main.cpp)\n' >CMakeLists.txt
printf 'int main(){}\n' >main.cpp
run cmake ENV_SETUP_MISS 0 "the configured C++ compiler (clang++) is not installed" 'CXX=clang++ cmake -S . -B build'

begin v2-env-pkg-config-gtk
run bash ENV_SETUP_MISS 0 "the GTK 3 development files are not installed (pkg-config .pc missing): system library setup" 'pkg-config --cflags --libs gtk+-3.0'

begin v2-env-java-class-version
printf 'public class Tool { public static void main(String[] a) { System.out.println("ok"); } }\n' >Tool.java
/usr/lib/jvm/temurin-25-jdk-amd64/bin/javac Tool.java 2>/dev/null
run java ENV_SETUP_MISS 0 "class compiled for Java 25 run on the Java 17 runtime on PATH: wrong runtime version installed/selected" 'java Tool'

begin v2-env-system-python-no-pip
run bash ENV_SETUP_MISS 1 "the Debian system python refuses installs (PEP 668 externally-managed-environment): the fix is a venv/pipx setup; alt PKG_INSTALL" '/usr/bin/python3 -m pip install --user httpie'

begin v2-env-permission-denied-var-log
run bash ENV_SETUP_MISS 0 "writing to a root-owned directory as an unprivileged user: permission setup" 'runuser -u nobody -- sh -c "echo started > /var/log/app.log"'

begin v2-env-docker-host-refused
run docker ENV_SETUP_MISS 0 "DOCKER_HOST points at a daemon that is not listening: docker engine not running" 'DOCKER_HOST=tcp://127.0.0.1:38183 docker info'

begin v2-env-missing-dev-device
run python3 ENV_SETUP_MISS 1 "the serial device the tool expects is not present in this container; alt CMD_ERROR (wrong device path)" 'python3 -c "open(\"/dev/ttyUSB0\", \"rb\")"'

begin v2-env-node-env-config
cat >config.mjs <<'JS'
const url = process.env.REDIS_URL;
if (!url) { console.error("Missing required environment variable REDIS_URL (see .env.example)"); process.exit(78); }
JS
run node ENV_SETUP_MISS 0 "the application exits 78 because a required environment variable is missing" 'node config.mjs'

begin v2-env-helm-missing-es
LOC=es_ES.UTF-8 run bash ENV_SETUP_MISS 0 "Spanish locale: bash cannot find the helmfile command: tool not installed" 'helmfile -e staging apply'

begin v2-env-loc-ja-read-permission
LOC=ja_JP.UTF-8 run bash ENV_SETUP_MISS 0 "Japanese locale: an unprivileged user may not read root's files (permission denied): permission setup" 'runuser -u nobody -- cat /root/.bashrc'

begin v2-env-loc-fr-mkdir-root
LOC=fr_FR.UTF-8 run bash ENV_SETUP_MISS 0 "French locale: unprivileged user cannot create a directory under /opt: permission setup" 'runuser -u nobody -- mkdir -p /opt/acme/cache'

begin v2-env-loc-de-git-safe-directory
git init -q shared && chown -R nobody shared
LOC=de_DE.UTF-8 run git ENV_SETUP_MISS 0 "German locale: git refuses the repository owned by another user (safe.directory)" 'git -C shared log -1'

######## TIMEOUT: a time limit of the tool, the program or the harness fired ########
begin v2-to-curl-speed-limit
run curl TIMEOUT 0 "curl's low-speed limit (--speed-time 1) aborts the transfer: a time limit of the tool (error 28)" 'curl -sS --speed-limit 1000 --speed-time 1 -o /dev/null http://127.0.0.1:38181/backup.tar'

begin v2-to-wget-read-timeout-retry
run wget TIMEOUT 0 "wget's read timeout fires on both tries; the tool gives up (exit 4)" 'wget --read-timeout=1 --tries=2 --waitretry=0 -O report.csv http://127.0.0.1:38181/report.csv'

begin v2-to-py-futures-result
cat >fanout.py <<'PY'
import concurrent.futures as cf, time
with cf.ThreadPoolExecutor() as ex:
    fut = ex.submit(time.sleep, 3)
    fut.result(timeout=0.5)
PY
run python3 TIMEOUT 0 "concurrent.futures result(timeout=0.5) raises TimeoutError: the program's own time limit" 'python3 fanout.py'

begin v2-to-py-queue-get
printf 'import queue\njobs = queue.Queue()\njob = jobs.get(timeout=1)\nprint(job)\n' >worker.py
run python3 TIMEOUT 1 "queue.get(timeout=1) raises queue.Empty after the wait expires: a time limit, though the message only says Empty; alt CMD_ERROR" 'python3 worker.py'

begin v2-to-py-ftplib-timeout
run python3 TIMEOUT 0 "ftplib waits for the server greeting with timeout=1 and raises TimeoutError" 'python3 -c "import ftplib; ftplib.FTP(\"127.0.0.1\", timeout=1) if False else ftplib.FTP().connect(\"127.0.0.1\", 38181, timeout=1)"'

begin v2-to-py-timeout-sigint
run coreutils TIMEOUT 0 "timeout -s INT stops the script after 1 s: KeyboardInterrupt traceback, exit 124" 'timeout -s INT 1 python3 -c "import time; time.sleep(5)"'

begin v2-to-preserve-status
run coreutils TIMEOUT 0 "timeout --preserve-status returns the child's 143 (SIGTERM) after the 1 s limit; no output at all" 'timeout --preserve-status 1 sleep 4'

begin v2-to-verbose-make
printf 'serve:\n\t@echo "listening on :8080"; sleep 10\n' >Makefile
run coreutils TIMEOUT 0 "timeout -v reports sending TERM to make after 1 s; make itself reports the interrupted recipe" 'timeout -v 1 make serve'

begin v2-to-bash-read-t
cat >confirm.sh <<'SH'
#!/bin/bash
if ! read -r -t 1 answer; then echo "no confirmation within 1s, aborting release" >&2; exit 3; fi
SH
run bash TIMEOUT 0 "bash read -t 1 expires waiting for input; the script aborts on its own time limit" 'mkfifo in.fifo; (sleep 3 >in.fifo &); bash confirm.sh <in.fifo'

begin v2-to-psql-connect-timeout
run psql TIMEOUT 0 "PGCONNECT_TIMEOUT=1: psql gives up waiting for the server handshake (timeout expired)" 'PGCONNECT_TIMEOUT=1 psql -h 127.0.0.1 -p 38181 -U app -d app -c "select 1"'

begin v2-to-c-alarm
printf '#include <unistd.h>\nint main(){ alarm(1); pause(); return 0; }\n' >waitlock.c
gcc -o waitlock waitlock.c 2>/dev/null
run bash TIMEOUT 0 "the program's SIGALRM watchdog fires after 1 s (142, bash reports 'Alarm clock')" './waitlock && echo "lock acquired"'

begin v2-to-perl-alarm
run perl TIMEOUT 0 "perl alarm watchdog dies with its own timeout message after 1 s" 'perl -e "local \$SIG{ALRM} = sub { die qq(timeout: no reply from license server after 1s\n) }; alarm 1; sleep 5; print qq(ok\n)"'

begin v2-to-node-promise-race
cat >warmup.mjs <<'JS'
import { setTimeout as sleep } from "node:timers/promises";
const limit = sleep(700).then(() => { throw new Error("cache warm-up timed out after 700ms"); });
await Promise.race([sleep(5000), limit]);
JS
run node TIMEOUT 0 "the program's own Promise.race time limit rejects after 700 ms" 'node warmup.mjs'

begin v2-to-node-socket-settimeout
cat >probe.js <<'JS'
const net = require("node:net");
const s = net.connect(38181, "127.0.0.1");
s.setTimeout(800, () => { s.destroy(); console.error("ETIMEDOUT: no banner from 127.0.0.1:38181 within 800ms"); process.exit(1); });
JS
run node TIMEOUT 0 "node socket idle timeout (setTimeout 800 ms) fires: the program reports ETIMEDOUT" 'node probe.js'

begin v2-to-java-socket-read
cat >Banner.java <<'JAVA'
import java.net.*; import java.io.*;
public class Banner { public static void main(String[] a) throws Exception {
  Socket s = new Socket("127.0.0.1", 38181); s.setSoTimeout(800);
  System.out.println(new BufferedReader(new InputStreamReader(s.getInputStream())).readLine()); } }
JAVA
javac Banner.java 2>/dev/null
run java TIMEOUT 0 "java Socket read with setSoTimeout(800) throws SocketTimeoutException: Read timed out" 'java Banner'

begin v2-to-rust-recv-timeout
printf 'use std::{sync::mpsc, time::Duration};\nfn main() { let (_tx, rx) = mpsc::channel::<u32>(); let v = rx.recv_timeout(Duration::from_millis(500)).unwrap(); println!("{v}"); }\n' >main.rs
rustc -o waiter main.rs 2>/dev/null
run bash TIMEOUT 0 "recv_timeout(500 ms) returns Err(Timeout) and unwrap panics: the program's time limit fired" './waiter'

begin v2-to-cargo-test-timeout
mkdir -p src tests; printf '[package]\nname = "poller"\nversion = "0.1.0"\nedition = "2021"\n' >Cargo.toml
printf 'pub fn ready() -> bool { false }\n' >src/lib.rs
printf '#[test]\nfn waits_for_ready() { while !poller::ready() { std::thread::sleep(std::time::Duration::from_millis(100)); } }\n' >tests/ready.rs
cargo test -q --offline --no-run 2>/dev/null
run cargo TIMEOUT 0 "the test loops forever waiting for a condition; coreutils timeout 2 stops cargo test (124)" 'timeout 2 cargo test -q --offline 2>&1'

begin v2-to-sqlite-busy
sqlite3 app.db "CREATE TABLE jobs(id INTEGER);"
run sqlite3 TIMEOUT 1 "another writer holds the lock; sqlite's busy timeout (.timeout 500) expires and it reports database is locked; alt CMD_ERROR" '(python3 -c "import sqlite3,time; c=sqlite3.connect(\"app.db\"); c.execute(\"BEGIN EXCLUSIVE\"); time.sleep(2)" &) ; sleep 0.4; sqlite3 -cmd ".timeout 500" app.db "INSERT INTO jobs VALUES (1)"'

begin v2-to-git-lowspeed-env
run git TIMEOUT 1 "GIT_HTTP_LOW_SPEED_TIME=1: git's own transfer time limit aborts ls-remote against a silent server; alt PKG_INSTALL if read as a fetch" 'GIT_HTTP_LOW_SPEED_LIMIT=1000 GIT_HTTP_LOW_SPEED_TIME=1 git ls-remote http://127.0.0.1:38181/acme/charts.git'

begin v2-to-harness-http-server
LIMIT=3 run python3 TIMEOUT 0 "a long-running dev server (python -m http.server) never exits; the harness kills it after 3 s" 'python3 -m http.server 38195 --bind 127.0.0.1'

begin v2-to-harness-watch-loop
printf 'watch:\n\t@while true; do sleep 1; done\n' >Makefile
LIMIT=3 run make TIMEOUT 0 "a watch target loops forever; the harness kills it after 3 s (make only reports the recipe was terminated)" 'make watch'

begin v2-to-harness-docker-hang
LIMIT=3 run docker TIMEOUT 0 "the docker client waits on an endpoint that never answers; the harness kills it after 3 s" 'DOCKER_HOST=tcp://127.0.0.1:38181 docker version --format "{{.Server.Version}}"'

begin v2-to-loc-fr-timeout-verbose
LOC=fr_FR.UTF-8 run coreutils TIMEOUT 0 "French locale: timeout -v announces the TERM signal after 1 s" 'timeout -v 1 tail -f /dev/null'

begin v2-to-loc-de-flock
LOC=de_DE.UTF-8 run coreutils TIMEOUT 0 "German locale (flock does not translate its message): flock -w 1 gives up waiting for the lock another process holds" '(flock -x 9; sleep 3) 9>release.lock & sleep 0.3; flock --verbose -w 1 release.lock -c "echo publish"'

begin v2-to-loc-ru-timeout-kill
LOC=ru_RU.UTF-8 run coreutils TIMEOUT 0 "Russian locale: timeout -v -s KILL kills a busy loop after 1 s (137, verbose notice)" 'timeout -v -s KILL 1 sh -c "while :; do :; done"'

######## more TIMEOUT ########
begin v2-to-npm-script-under-timeout
printf '{ "name": "e2e", "version": "1.0.0", "scripts": { "e2e": "node -e \\"setTimeout(() => {}, 10000)\\"" } }\n' >package.json
run coreutils TIMEOUT 0 "coreutils timeout 1 stops npm run e2e (124); npm prints nothing useful, the limit is the cause" 'timeout 1 npm run e2e'

begin v2-to-py-asyncio-timeout-cm
cat >health.py <<'PY'
import asyncio
async def main():
    async with asyncio.timeout(0.5):
        await asyncio.sleep(5)
asyncio.run(main())
PY
run python3 TIMEOUT 0 "asyncio.timeout(0.5) context manager cancels the wait and raises TimeoutError" 'python3 health.py'

begin v2-to-openssl-s-client
run openssl TIMEOUT 0 "openssl s_client connects but the TLS handshake never completes; timeout 1 stops it (124)" 'timeout 1 openssl s_client -connect 127.0.0.1:38181 -servername api.internal </dev/null'

begin v2-to-make-recipe-timeout
printf 'wait-queue:\n\ttimeout 1 sh -c "until [ -e /tmp/queue-ready-nope ]; do sleep 0.2; done"\n' >Makefile
run make TIMEOUT 0 "a recipe's own timeout 1 expires while polling for readiness; make reports Error 124" 'make wait-queue'

######## PKG_INSTALL: package managers failing to fetch, resolve or verify packages ########
begin v2-npm-eresolve-peer
mkdir -p "$BASE/reg/widget-core" "$BASE/reg/widget-plugin"
cat >"$BASE/reg/widget-core/index.html" <<'JSON'
{"name":"widget-core","dist-tags":{"latest":"2.0.0"},"versions":{
"1.4.0":{"name":"widget-core","version":"1.4.0","dist":{"tarball":"http://127.0.0.1:38182/widget-core/-/widget-core-1.4.0.tgz","shasum":"0000000000000000000000000000000000000000"}},
"2.0.0":{"name":"widget-core","version":"2.0.0","dist":{"tarball":"http://127.0.0.1:38182/widget-core/-/widget-core-2.0.0.tgz","shasum":"0000000000000000000000000000000000000000"}}}}
JSON
cat >"$BASE/reg/widget-plugin/index.html" <<'JSON'
{"name":"widget-plugin","dist-tags":{"latest":"1.2.0"},"versions":{
"1.2.0":{"name":"widget-plugin","version":"1.2.0","peerDependencies":{"widget-core":"^1.0.0"},"dist":{"tarball":"http://127.0.0.1:38182/widget-plugin/-/widget-plugin-1.2.0.tgz","shasum":"0000000000000000000000000000000000000000"}}}}
JSON
printf '{ "name": "dash", "version": "1.0.0", "dependencies": { "widget-core": "^2.0.0", "widget-plugin": "^1.2.0" } }\n' >package.json
run npm PKG_INSTALL 0 "npm cannot resolve the dependency tree: widget-plugin's peer wants widget-core ^1 while the app needs ^2 (ERESOLVE)" 'npm install --registry http://127.0.0.1:38182/ --cache .npm-cache --no-audit --no-fund'

begin v2-npm-etarget
run npm PKG_INSTALL 0 "no published version matches the requested range (ETARGET)" 'npm install widget-core@^5.0.0 --registry http://127.0.0.1:38182/ --cache .npm-cache --no-audit --no-fund'

begin v2-npm-e404-registry
run npm PKG_INSTALL 0 "the registry has no such package (E404)" 'npm install @acme/telemetry-client --registry http://127.0.0.1:38182/ --cache .npm-cache --no-audit --no-fund'

begin v2-npm-eintegrity
mkdir -p "$BASE/reg/tiny-fmt/-" pkgsrc/package
printf '{"name":"tiny-fmt","version":"1.0.0","main":"index.js"}\n' >pkgsrc/package/package.json
printf 'module.exports = (n) => n.toFixed(2);\n' >pkgsrc/package/index.js
tar czf "$BASE/reg/tiny-fmt/-/tiny-fmt-1.0.0.tgz" -C pkgsrc package
cat >"$BASE/reg/tiny-fmt/index.html" <<'JSON'
{"name":"tiny-fmt","dist-tags":{"latest":"1.0.0"},"versions":{"1.0.0":{"name":"tiny-fmt","version":"1.0.0","dist":{"tarball":"http://127.0.0.1:38182/tiny-fmt/-/tiny-fmt-1.0.0.tgz","integrity":"sha512-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=="}}}}
JSON
rm -rf pkgsrc
run npm PKG_INSTALL 0 "the downloaded tarball does not match the registry's integrity checksum (EINTEGRITY)" 'npm install tiny-fmt --registry http://127.0.0.1:38182/ --cache .npm-cache --fetch-retries=0 --no-audit --no-fund'

begin v2-npm-offline-enotcached
run npm PKG_INSTALL 0 "--offline with an empty cache: the package is not cached (ENOTCACHED)" 'npm install dayjs --offline --cache .npm-cache --no-audit --no-fund'

begin v2-npx-offline
run npx PKG_INSTALL 0 "npx must fetch the package but runs offline with an empty cache" 'npx --offline --yes --cache .npm-cache cowsay "deploy done"'

begin v2-pnpm-offline-meta
printf '{ "name": "site", "version": "1.0.0" }\n' >package.json
run pnpm PKG_INSTALL 0 "pnpm --offline has no cached metadata for the package, so it cannot resolve it" 'pnpm add is-odd --offline --store-dir .pnpm-store'

begin v2-pip-no-index-missing
run pip PKG_INSTALL 0 "pip with --no-index has no local distribution of the requested package (the ./wheels directory it was pointed at does not exist), so nothing can be installed" 'pip install --no-index --find-links ./wheels "requests==2.32.3"'

mkwheel() { # mkwheel <dir> <name> <version> [Requires-Dist line] [Requires-Python]
  python3 - "$@" <<'PY'
import sys, zipfile, hashlib, base64
d, name, ver = sys.argv[1:4]
req = sys.argv[4] if len(sys.argv) > 4 else ""
rp = sys.argv[5] if len(sys.argv) > 5 else ""
di = f"{name}-{ver}.dist-info"
files = {f"{name}/__init__.py": "", f"{di}/WHEEL": "Wheel-Version: 1.0\nGenerator: hand\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
         f"{di}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: {ver}\n" + (f"Requires-Dist: {req}\n" if req else "") + (f"Requires-Python: {rp}\n" if rp else "")}
rec = "".join(f"{p},sha256={base64.urlsafe_b64encode(hashlib.sha256(c.encode()).digest()).rstrip(b'=').decode()},{len(c)}\n" for p, c in files.items()) + f"{di}/RECORD,,\n"
files[f"{di}/RECORD"] = rec
with zipfile.ZipFile(f"{d}/{name}-{ver}-py3-none-any.whl", "w") as z:
    for p, c in files.items(): z.writestr(p, c)
PY
}

begin v2-pip-resolution-impossible
mkdir -p wheels; mkwheel wheels acme_sdk 3.1.0 "acme_auth>=2.0"; mkwheel wheels acme_auth 1.9.0
run pip PKG_INSTALL 0 "pip's resolver cannot satisfy acme_sdk's requirement acme_auth>=2.0 from the available versions (ResolutionImpossible)" 'pip install --no-index --find-links ./wheels acme_sdk==3.1.0'

begin v2-pip-hash-mismatch
mkdir -p wheels; mkwheel wheels acme_auth 1.9.0
printf 'acme_auth==1.9.0 --hash=sha256:0000000000000000000000000000000000000000000000000000000000000000\n' >requirements.lock
run pip PKG_INSTALL 1 "the wheel's hash does not match the pinned hash in the lock file (THESE PACKAGES DO NOT MATCH THE HASHES); alt BAD_FILE_EDIT (stale lock)" 'pip install --no-index --find-links ./wheels --require-hashes -r requirements.lock'

begin v2-pip-requires-python
mkdir -p wheels; mkwheel wheels acme_next 4.0.0 "" ">=3.13"
run pip PKG_INSTALL 1 "the only available release requires a newer Python than this interpreter; alt ENV_SETUP_MISS (wrong Python version)" 'pip install --no-index --find-links ./wheels acme_next'

begin v2-pip-proxy-refused
run pip PKG_INSTALL 0 "pip goes through a proxy that refuses connections (ProxyError on retry), so the index is unreachable and no version is found: install failure" 'pip install --isolated --retries 1 --timeout 2 --proxy http://127.0.0.1:38183 orjson-stream'

begin v2-pip-build-backend-offline
printf '[build-system]\nrequires = ["hatchling>=1.21"]\nbuild-backend = "hatchling.build"\n\n[project]\nname = "svc"\nversion = "0.1.0"\n' >pyproject.toml
run pip PKG_INSTALL 0 "pip cannot install the build backend (hatchling) offline, so the local project cannot be built" 'pip install --no-index .'

begin v2-pip-wheel-platform
mkdir -p dist; cp /dev/null dist/fastcodec-1.2.0-cp312-cp312-macosx_11_0_arm64.whl
run pip PKG_INSTALL 1 "the wheel file is built for another platform/Python (not a supported wheel on this platform); alt ENV_SETUP_MISS" 'pip install dist/fastcodec-1.2.0-cp312-cp312-macosx_11_0_arm64.whl'

begin v2-py-module-uvicorn
printf 'async def app(scope, receive, send):\n    pass\n' >main.py
run python3 PKG_INSTALL 0 "the published ASGI server uvicorn is not installed" 'python3 -m uvicorn main:app --port 8000'

begin v2-perl-text-csv-xs
printf 'use strict;\nuse Text::CSV_XS;\nmy $csv = Text::CSV_XS->new({ binary => 1 });\n' >export.pl
run perl PKG_INSTALL 0 "the CPAN module Text::CSV_XS is not installed (Can't locate ... in @INC)" 'perl export.pl'

begin v2-node-esm-missing-package
printf 'import express from "express";\nexpress().listen(3000);\n' >server.mjs
run node PKG_INSTALL 0 "ERR_MODULE_NOT_FOUND: the published package express is not installed" 'node server.mjs'

begin v2-tsc-missing-module
printf 'import dayjs from "dayjs";\nexport const today = (): string => dayjs().format("YYYY-MM-DD");\n' >index.ts
printf '{ "compilerOptions": { "strict": true, "module": "NodeNext", "moduleResolution": "NodeNext", "noEmit": true }, "files": ["index.ts"] }\n' >tsconfig.json
run tsc PKG_INSTALL 0 "TS2307: the published package dayjs is not installed (tsc writes to stdout)" 'tsc -p tsconfig.json'

begin v2-cargo-sparse-timeout
mkdir -p src .cargo; printf '[package]\nname = "fetcher"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\nitoa = "1"\n' >Cargo.toml
printf 'fn main() {}\n' >src/main.rs
printf '[source.crates-io]\nreplace-with = "mirror"\n\n[source.mirror]\nregistry = "sparse+http://127.0.0.1:38181/index/"\n' >.cargo/config.toml
run cargo PKG_INSTALL 0 "cargo's HTTP timeout fires while downloading the index from the (silent) registry mirror: dependency fetch failure" 'CARGO_HOME=$PWD/.cargo-home CARGO_HTTP_TIMEOUT=1 CARGO_NET_RETRY=0 cargo fetch'

begin v2-cargo-git-dep-refused
mkdir -p src; printf '[package]\nname = "svc"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\nacme-proto = { git = "http://127.0.0.1:38183/acme/proto.git" }\n' >Cargo.toml
printf 'fn main() {}\n' >src/main.rs
run cargo PKG_INSTALL 0 "cargo cannot clone the git dependency (connection refused): the dependency cannot be fetched" 'CARGO_HOME=$PWD/.cargo-home CARGO_NET_RETRY=0 cargo build'

begin v2-cargo-locked-stale
mkdir -p src util/src; printf '[package]\nname = "app"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\nutil = { path = "util" }\n' >Cargo.toml
printf '[package]\nname = "util"\nversion = "0.1.0"\nedition = "2021"\n' >util/Cargo.toml; printf '' >util/src/lib.rs; printf 'fn main() {}\n' >src/main.rs
printf '# This file is automatically @generated by Cargo.\nversion = 3\n\n[[package]]\nname = "app"\nversion = "0.1.0"\n' >Cargo.lock
run cargo PKG_INSTALL 1 "cargo --locked: Cargo.lock is stale and would need updating; the dependency lock must be regenerated; alt BAD_FILE_EDIT" 'cargo build --locked --offline'

begin v2-cmake-fetchcontent
printf 'cmake_minimum_required(VERSION 3.16)\nproject(app NONE)\ninclude(FetchContent)\nFetchContent_Declare(fmt GIT_REPOSITORY http://127.0.0.1:38183/fmtlib/fmt.git GIT_TAG 10.2.1)\nFetchContent_MakeAvailable(fmt)\n' >CMakeLists.txt
run cmake PKG_INSTALL 0 "CMake FetchContent cannot clone the fmt dependency (connection refused): dependency download failed" 'cmake -S . -B build 2>&1'

begin v2-tf-init-plugin-dir
printf 'terraform {\n  required_providers {\n    random = { source = "hashicorp/random", version = "3.6.0" }\n  }\n}\n' >main.tf
mkdir -p plugins
run terraform PKG_INSTALL 0 "terraform init with a local plugin mirror that lacks the required provider: provider install failure" 'terraform init -input=false -no-color -plugin-dir=./plugins'

begin v2-java-noclassdef-jar
mkdir -p lib; printf 'public class Conv { public static void main(String[] a) { System.out.println(new com.google.gson.Gson().toJson(a)); } }\n' >Conv.java
cp /dev/null /tmp/v2-empty.jar 2>/dev/null
mkdir -p stub/com/google/gson; printf 'package com.google.gson; public class Gson { public String toJson(Object o) { return ""; } }\n' >stub/com/google/gson/Gson.java
javac -d stubout stub/com/google/gson/Gson.java 2>/dev/null && javac -cp stubout Conv.java 2>/dev/null; rm -rf stub stubout /tmp/v2-empty.jar
run java PKG_INSTALL 1 "NoClassDefFoundError com/google/gson/Gson: the gson jar is not on the runtime classpath (lib/ is empty); alt ENV_SETUP_MISS (classpath setup)" 'java -cp .:lib/gson-2.11.0.jar Conv'

begin v2-apt-no-candidate
run apt PKG_INSTALL 0 "apt: the package name is obsolete and has no installation candidate (replaced by python3-pip)" 'apt-get install -y --no-download python-pip'

begin v2-apt-held-broken-conflict
run apt PKG_INSTALL 0 "apt cannot resolve conflicting packages (exim4 vs postfix): unmet dependencies, broken packages" 'apt-get install -s -y exim4-daemon-light postfix 2>&1'

begin v2-apt-dpkg-lock
run apt PKG_INSTALL 1 "another process holds the dpkg frontend lock, so apt cannot install; alt ENV_SETUP_MISS (wait for the other package manager)" '(python3 -c "import fcntl,time; f=open(\"/var/lib/dpkg/lock-frontend\",\"w\"); fcntl.lockf(f, fcntl.LOCK_EX); time.sleep(2)" &); sleep 0.5; apt-get install -y --no-download jq'
sleep 2   # let the lock holder exit before the next apt case

begin v2-apt-local-deb-unmet
mkdir -p deb/DEBIAN; printf 'Package: acme-agent\nVersion: 1.0\nArchitecture: all\nMaintainer: ops <ops@acme.example>\nDepends: libacme-runtime3 (>= 3.1)\nDescription: agent\n' >deb/DEBIAN/control
dpkg-deb --build deb acme-agent_1.0_all.deb >/dev/null 2>&1
run apt PKG_INSTALL 0 "apt (simulated) cannot install the local .deb: its dependency libacme-runtime3 is not installable (unmet dependencies)" 'apt-get install -s ./acme-agent_1.0_all.deb 2>&1'

begin v2-loc-es-apt-unknown
LOC=es_ES.UTF-8 run apt PKG_INSTALL 0 "Spanish locale: apt cannot locate the package" 'apt-get install -y --no-download libvips-tools-nope'

begin v2-loc-ja-apt-no-candidate
LOC=ja_JP.UTF-8 run apt PKG_INSTALL 0 "Japanese locale: obsolete package name with no installation candidate" 'apt-get install -y --no-download python-setuptools'

begin v2-loc-pt-apt-conflict
LOC=pt_BR.UTF-8 run apt PKG_INSTALL 0 "Portuguese locale: apt reports unmet dependencies between conflicting MTAs" 'apt-get install -s -y postfix exim4-daemon-heavy'

######## BAD_FILE_EDIT: a broken source or config file ########
begin v2-bad-cargo-toml-type
mkdir -p src; printf '[package]\nname = "svc"\nversion = "0.1.0"\nedition = 2021\n' >Cargo.toml; printf 'fn main() {}\n' >src/main.rs
run cargo BAD_FILE_EDIT 0 "Cargo.toml gives edition as an integer instead of a string: the manifest does not parse" 'cargo build --offline'

begin v2-bad-pyproject-toml
printf '[project]\nname = "svc"\nversion = "0.1.0"\ndependencies = [\n  "requests>=2",\n  "click>=8"\n\n[build-system]\nrequires = ["setuptools"]\n' >pyproject.toml
run pip BAD_FILE_EDIT 0 "pyproject.toml has an unclosed array, pip cannot parse it" 'pip install --no-index -e .'

begin v2-bad-ini-duplicate-option
printf '[database]\nhost = db.internal\nport = 5432\nhost = db2.internal\n' >settings.ini
run python3 BAD_FILE_EDIT 0 "configparser rejects the INI file: option host appears twice in one section" 'python3 -c "import configparser; configparser.ConfigParser().read(\"settings.ini\")"'

begin v2-bad-xml-minidom
printf '<?xml version="1.0"?>\n<config>\n  <server port="8080">\n  <name>api</name>\n</config>\n' >server.xml
run python3 BAD_FILE_EDIT 0 "server.xml has an unclosed <server> element (ExpatError mismatched tag)" 'python3 -c "import xml.dom.minidom as m; m.parse(\"server.xml\")"'

begin v2-bad-plist
printf '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0"><dict><key>Label</key><string>com.acme.agent</dict></plist>\n' >agent.plist
run python3 BAD_FILE_EDIT 0 "the launchd plist is not well-formed XML (a <string> is never closed)" 'python3 -c "import plistlib; plistlib.load(open(\"agent.plist\", \"rb\"))"'

begin v2-bad-mvn-settings
printf '<settings>\n  <mirrors>\n    <mirror><id>corp</id><url>https://repo.acme.example/maven</url>\n  </mirrors>\n</settings>\n' >settings.xml
run mvn BAD_FILE_EDIT 0 "maven's settings.xml is malformed (unclosed <mirror>): Non-parseable settings" 'mvn -B -o -s settings.xml validate 2>&1'

begin v2-bad-yq-compose
printf 'services:\n  db:\n    image: postgres:16\n   ports:\n      - "5432:5432"\n' >docker-compose.yml
run yq BAD_FILE_EDIT 0 "docker-compose.yml is mis-indented: YAML parse error" "yq '.services.db.ports' docker-compose.yml"

begin v2-bad-k8s-manifest
printf 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 2\n  template:\n    spec:\n      containers:\n      - name: web\n        image: nginx:1.27\n       ports:\n        - containerPort: 80\n' >deploy.yaml
run kubectl BAD_FILE_EDIT 0 "the Kubernetes manifest is mis-indented and cannot be converted from YAML" 'kubectl create --dry-run=client -o name -f deploy.yaml'

begin v2-bad-gitmodules
git init -q . && printf '[submodule "vendor/proto"\n\tpath = vendor/proto\n\turl = https://git.acme.example/proto.git\n' >.gitmodules
run git BAD_FILE_EDIT 0 ".gitmodules has an unterminated section header: git cannot read it" 'git config -f .gitmodules --get-regexp url'

begin v2-bad-git-hook-syntax
git init -q . && printf '#!/bin/sh\nif [ -n "$(git diff --cached --name-only)" ]; then\n  echo checking\n' >.git/hooks/pre-commit && chmod +x .git/hooks/pre-commit
echo x >a.txt && git add a.txt
run git BAD_FILE_EDIT 0 "the pre-commit hook script has a syntax error (if without fi), so the commit is aborted" 'git -c user.name=ci -c user.email=ci@example.com commit -m "add a"'

begin v2-bad-node-json-comment
printf '{\n  // default port\n  "port": 8080\n}\n' >config.json
printf 'const fs = require("node:fs");\nconst cfg = JSON.parse(fs.readFileSync("config.json", "utf8"));\nconsole.log(cfg.port);\n' >start.js
run node BAD_FILE_EDIT 0 "config.json contains a // comment, which JSON.parse rejects" 'node start.js'

begin v2-bad-node-package-config
printf '{ "name": "svc", "type": "module", }\n' >package.json
printf 'console.log("up");\n' >index.js
run node BAD_FILE_EDIT 0 "the package.json node reads for module resolution has a trailing comma (ERR_INVALID_PACKAGE_CONFIG)" 'node index.js'

begin v2-bad-node-redeclare
printf 'const limit = 10;\nfunction page(items) { return items.slice(0, limit); }\nconst limit = 20;\nmodule.exports = page;\n' >page.js
run node BAD_FILE_EDIT 0 "SyntaxError: identifier declared twice in the source file" 'node -e "require(\"./page.js\")"'

begin v2-bad-py-taberror
printf 'def total(xs):\n    s = 0\n    for x in xs:\n\ts += x\n    return s\n' >calc.py
run python3 BAD_FILE_EDIT 0 "calc.py mixes tabs and spaces in indentation (TabError)" 'python3 calc.py'

begin v2-bad-py-unclosed-brace
printf 'DEFAULTS = {\n    "retries": 3,\n    "timeout": 10,\n\ndef load():\n    return DEFAULTS\n' >defaults.py
run python3 BAD_FILE_EDIT 0 "a dict literal is never closed in defaults.py (SyntaxError)" 'python3 -c "import defaults"'

begin v2-bad-cpp-class-semicolon
printf '#include <string>\nstruct User {\n  std::string name;\n}\nint main() { User u; return 0; }\n' >user.cpp
run g++ BAD_FILE_EDIT 0 "missing semicolon after the struct definition" 'g++ -c user.cpp -o user.o'

begin v2-bad-rust-unclosed-delim
printf 'fn main() {\n    let v = vec![1, 2, 3];\n    for x in &v {\n        println!("{x}");\n}\n' >main.rs
run rustc BAD_FILE_EDIT 0 "main.rs has an unclosed delimiter" 'rustc main.rs'

begin v2-bad-java-public-class-file
printf 'public class InvoiceService { public static void main(String[] a) {} }\n' >Invoice.java
run javac BAD_FILE_EDIT 0 "the public class name does not match the file name" 'javac Invoice.java'

begin v2-bad-java-incompatible-types
printf 'public class Qty { public static void main(String[] a) { int n = "5"; System.out.println(n); } }\n' >Qty.java
run javac BAD_FILE_EDIT 0 "type error in the source: String assigned to int" 'javac Qty.java'

begin v2-bad-perl-heredoc
printf 'print <<EOT;\nUsage: sync.pl <dir>\nEOT \n' >sync.pl
run perl BAD_FILE_EDIT 0 "the here-document terminator has a trailing space, so perl never finds it" 'perl -c sync.pl'

begin v2-bad-sh-dash-bashism
printf '#!/bin/sh\nfiles=(a.txt b.txt)\nfor f in "${files[@]}"; do echo "$f"; done\n' >collect.sh
run dash BAD_FILE_EDIT 1 "the #!/bin/sh script uses a bash array, which dash cannot parse; alt CMD_ERROR (run it with bash)" 'sh collect.sh'

begin v2-bad-sh-unclosed-quote
printf '#!/bin/bash\nAPP=api\necho "deploying $APP\nkubectl rollout status deploy/$APP\n' >gen.sh
run bash BAD_FILE_EDIT 0 "an unclosed double quote in the script: unexpected EOF while looking for the matching quote" 'bash gen.sh'

begin v2-bad-cmake-typo-command
printf 'cmake_minimum_required(VERSION 3.16)\nproject(geo C)\nadd_executible(geo main.c)\n' >CMakeLists.txt
printf 'int main(void){return 0;}\n' >main.c
run cmake BAD_FILE_EDIT 0 "CMakeLists.txt calls an unknown command (add_executible typo)" 'cmake -S . -B build'

begin v2-bad-make-recursive-var
printf 'CFLAGS = $(CFLAGS) -O2\nall:\n\t@echo $(CFLAGS)\n' >Makefile
run make BAD_FILE_EDIT 0 "the Makefile defines a recursive variable that references itself" 'make'

begin v2-bad-make-unterminated-call
printf 'OBJS = $(patsubst %%.c,%%.o,$(wildcard src/*.c)\nall: $(OBJS)\n' >Makefile
run make BAD_FILE_EDIT 0 "unterminated function call in the Makefile (missing parenthesis)" 'make all'

begin v2-bad-tf-unsupported-arg
printf 'variable "region" {\n  type    = string\n  defualt = "eu-west-1"\n}\n' >variables.tf
run terraform BAD_FILE_EDIT 0 "variables.tf misspells default: unsupported argument" 'terraform validate -no-color'

begin v2-bad-openssl-cnf
printf '[ req\ndistinguished_name = dn\n' >req.cnf
run openssl BAD_FILE_EDIT 0 "the openssl config file has an unterminated section header" 'openssl req -new -newkey rsa:2048 -nodes -keyout k.pem -out r.csr -subj /CN=x -config req.cnf'

begin v2-bad-pem-truncated
openssl req -x509 -newkey rsa:2048 -nodes -keyout k.pem -out full.pem -days 1 -subj /CN=svc 2>/dev/null
head -c 600 full.pem >cert.pem
run openssl BAD_FILE_EDIT 1 "the certificate file was truncated when pasted (no END line), openssl cannot read it; alt CMD_ERROR (wrong file)" 'openssl x509 -in cert.pem -noout -enddate'

begin v2-bad-ssh-config
printf 'Host bastion\n  Hostnme 10.0.0.5\n  User ops\n' >ssh_config
run ssh BAD_FILE_EDIT 0 "ssh_config contains a misspelled option (Hostnme)" 'ssh -F ssh_config -o BatchMode=yes bastion true'

begin v2-bad-sed-script
printf 's/localhost/db.internal/g\ns/5432/6432\n' >fix.sed
printf 'host=localhost port=5432\n' >app.conf
run sed BAD_FILE_EDIT 0 "the sed script file has an unterminated s command" 'sed -i -f fix.sed app.conf'

begin v2-bad-awk-script
printf 'BEGIN { FS = "," }\n{ total += $3 \nEND { print total }\n' >sum.awk
printf 'a,b,1\n' >data.csv
run awk BAD_FILE_EDIT 0 "the awk program file has an unbalanced brace" 'awk -f sum.awk data.csv'

begin v2-bad-patch-hunk
printf 'line one\nline two\nline three\n' >notes.txt
printf -- '--- a/notes.txt\n+++ b/notes.txt\n@@ -1,3 +1,3 @@\n line one\n-line 2\n+line II\n line three\n' >fix.patch
run patch BAD_FILE_EDIT 0 "the patch's hunk does not match the file (Hunk FAILED)" 'patch -p1 --dry-run < fix.patch'

begin v2-bad-systemd-unit
printf '[Unit]\nDescription=worker\n[Service]\nExecStart=worker --queue jobs\nRestart=sometimes\n' >worker.service
run systemctl BAD_FILE_EDIT 0 "the systemd unit has a relative ExecStart and an invalid Restart= value" 'systemd-analyze verify ./worker.service'

begin v2-bad-jq-args-file
printf '.items | map(select(.active) | .name\n' >filter.jq
printf '{"items": []}\n' >in.json
run jq BAD_FILE_EDIT 0 "the jq program file is missing a closing parenthesis (compile error)" 'jq -f filter.jq in.json'

begin v2-bad-loc-fr-bash-eof
printf '#!/bin/bash\nfor f in *.log; do\n  gzip "$f"\n' >rotate.sh
LOC=fr_FR.UTF-8 run bash BAD_FILE_EDIT 0 "French locale: the for loop in rotate.sh is never closed (done missing)" 'bash rotate.sh'

begin v2-bad-loc-ru-make-unterminated-ref
printf 'BUILD_DIR = out\nAPP = $(BUILD_DIR/app\nall:\n\t@echo $(APP)\n' >Makefile
LOC=ru_RU.UTF-8 run make BAD_FILE_EDIT 0 "Russian locale: a variable reference in the Makefile is never closed (unterminated variable reference)" 'make all'

begin v2-bad-loc-es-bash-case
printf '#!/bin/bash\ncase "$1" in\n  start) echo starting ;;\n  stop) echo stopping ;;\n' >svc.sh
LOC=es_ES.UTF-8 run bash BAD_FILE_EDIT 0 "Spanish locale: the case statement in svc.sh is never closed with esac (syntax check fails)" 'bash -n svc.sh'

if [ -n "${ONLY:-}" ]; then cat "$RAW"; exit 0; fi
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

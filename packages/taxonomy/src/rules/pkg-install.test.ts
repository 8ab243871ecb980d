import { describeRuleExamples } from "../test-support/rule-examples.js";
import { PKG_INSTALL_RULES } from "./pkg-install.js";

// One positive example per rule, written for these tests (tool wording, invented names).
const EXAMPLES: Record<string, string> = {
  "pip.no_matching_distribution": "ERROR: No matching distribution found for quuxlib==9.9",
  "pip.no_satisfying_version":
    "ERROR: Could not find a version that satisfies the requirement zapper>=4 (from versions: 1.0, 2.0)",
  "pip.resolution_impossible": "ERROR: ResolutionImpossible: for help visit https://pip.pypa.io/",
  "pip.wheel_build_failed": "  ERROR: Failed building wheel for bitcrunch",
  "pip.subprocess_failed": "  error: subprocess-exited-with-error",
  "pip.build_step_failed": "  Preparing metadata (pyproject.toml) ... error",
  "pip.requires_different_python":
    "ERROR: Package 'oldthing' requires a different Python: 3.12.1 not in '<3.9'",
  "pip.hash_mismatch": "ERROR: THESE PACKAGES DO NOT MATCH THE HASHES FROM THE REQUIREMENTS FILE.",
  "pip.externally_managed": "error: externally-managed-environment",
  "pip.connection_retry":
    "WARNING: Retrying (Retry(total=2)) after connection broken by 'NewConnectionError()': /simple/flask/",
  "pip.could_not_install":
    "ERROR: Could not install packages due to an OSError: [Errno 5] Input/output error",
  "pip.internal_traceback":
    '  File "/opt/py/lib/python3.8/site-packages/pip/_internal/network/download.py", line 40, in _prepare',
  "python.module_not_found": "ModuleNotFoundError: No module named 'yamlish'",
  "uv.no_solution": "  × No solution found when resolving dependencies:",
  "poetry.solver_failed":
    "SolverProblemError: Because demo depends on widgetz (^7.0) which doesn't match any versions, version solving failed.",
  "conda.packages_not_found":
    "PackagesNotFoundError: The following packages are not available from current channels:",
  "conda.unsatisfiable":
    "UnsatisfiableError: The following specifications were found to be incompatible with each other:",
  "conda.http_error":
    "CondaHTTPError: HTTP 000 CONNECTION FAILED for url <https://conda.anaconda.org/conda-forge/noarch/repodata.json>",
  "npm.e404":
    "npm error code E404\nnpm error 404 Not Found - GET https://registry.npmjs.org/not-a-real-pkg-xyz",
  "npm.etarget":
    "npm ERR! code ETARGET\nnpm ERR! notarget No matching version found for leftpad@^99.0.0.",
  "npm.eresolve": "npm ERR! code ERESOLVE\nnpm ERR! ERESOLVE unable to resolve dependency tree",
  "npm.eintegrity": "npm ERR! code EINTEGRITY",
  "npm.network": "npm ERR! code ECONNRESET\nnpm ERR! network aborted",
  "npm.bad_registry_metadata":
    'npm ERR! Unexpected end of JSON input while parsing near \'..."version":"1.0\'',
  "node.gyp_build_failed":
    "gyp ERR! build error\ngyp ERR! stack Error: `make` failed with exit code: 2",
  "node.cannot_find_package":
    "Error: Cannot find module 'left-pad'\nRequire stack:\n- /srv/app/index.js",
  "yarn.package_not_found":
    'error Couldn\'t find package "ghost-lib@^2.0.0" required by "my-app@1.0.0" on the "npm" registry.',
  "yarn.network": "info There appears to be trouble with your network connection. Retrying...",
  "yarn.integrity":
    'error Integrity check failed for "tiny-pkg" (computed integrity doesn\'t match our records)',
  "yarn.lockfile_outdated":
    "error Your lockfile needs to be updated, but yarn was run with `--frozen-lockfile`.",
  "pnpm.fetch_failed":
    " ERR_PNPM_FETCH_404  GET https://registry.npmjs.org/nope-nope: Not Found - 404",
  "apt.unable_to_locate": "E: Unable to locate package libfoo-dev",
  "apt.fetch_failed":
    "E: Failed to fetch http://deb.example.org/pool/main/f/foo/foo_1.0_amd64.deb  404  Not Found",
  "apt.unmet_dependencies":
    "The following packages have unmet dependencies:\n libbar2 : Depends: libbaz (>= 3) but it is not going to be installed",
  "apt.dpkg_failed": "E: Sub-process /usr/bin/dpkg returned an error code (1)",
  "apt.lock_held":
    "E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 4242 (apt)",
  "apt.no_pubkey":
    "W: GPG error: https://repo.example.com stable InRelease: NO_PUBKEY 0123456789ABCDEF",
  "docker.install_step_failed":
    "The command '/bin/sh -c yum install -y gcc-gfortran' returned a non-zero code: 1",
  "docker.node_install_step_failed":
    'ERROR: process "/bin/sh -c npm ci --omit=dev" did not complete successfully: exit code: 1',
  "yum.no_package":
    "No match for argument: libwidget-devel\nError: Unable to find a match: libwidget-devel",
  "apk.unsatisfiable": "ERROR: unable to select packages:\n  nodejz (no such package):",
  "pacman.target_not_found": "error: target not found: python-widgets",
  "brew.no_formula": 'Error: No available formula with the name "widgetctl".',
  "cargo.version_selection":
    'error: failed to select a version for the requirement `tokio = "^99"`',
  "cargo.no_matching_package": "error: no matching package named `serdee` found",
  "cargo.fetch_failed": "error: failed to download `ring v0.17.8`",
  "cargo.registry_manifest":
    "error: failed to parse manifest at `/root/.cargo/registry/src/index.crates.io-6f17d22bba15001f/foo-0.1.0/Cargo.toml`",
  "cargo.lockfile":
    "error: the lock file /src/Cargo.lock needs to be updated but --locked was passed to prevent this",
  "go.checksum_mismatch": "verifying example.com/mod@v1.2.3: checksum mismatch",
  "go.missing_go_sum":
    "main.go:5:2: missing go.sum entry for module providing package github.com/acme/thing",
  "go.module_not_found":
    "go: example.com/acme/widget@v0.9.0: invalid version: unknown revision v0.9.0",
  "go.get_vcs_failed": "package github.com/acme/private/sub: exit status 128",
  "go.proxy_unreachable":
    'go: example.com/x@v1.0.0: Get "https://proxy.golang.org/example.com/x/@v/v1.0.0.mod": dial tcp 142.250.0.1:443: i/o timeout',
  "gem.not_found": "ERROR:  Could not find a valid gem 'railz' (>= 0) in any repository",
  "gem.native_extension": "ERROR: Failed to build gem native extension.",
  "bundler.resolution": 'Bundler could not find compatible versions for gem "activesupport":',
  "bundler.network": "Could not fetch specs from https://rubygems.org/ due to underlying error",
  "composer.unresolvable":
    "Your requirements could not be resolved to an installable set of packages.",
  "composer.download_failed":
    "curl error 28 while downloading https://repo.packagist.org/p2/acme/lib.json: Operation timed out",
  "maven.unresolved_dependency":
    "[ERROR] Failed to execute goal on project demo: Could not resolve dependencies for project com.acme:demo:jar:1.0",
  "gradle.unresolved_dependency":
    "> Could not resolve all files for configuration ':app:compileClasspath'.",
  "nuget.restore_failed":
    "error NU1101: Unable to find package Acme.Widgets. No packages exist with this id in source(s): nuget.org",
  "install.network_error":
    "ReadTimeoutError: HTTPSConnectionPool(host='files.pythonhosted.org', port=443): Read timed out.",
  "pip.http_error": "ERROR: HTTP error 404 while getting https://files.example.org/pkg-1.0.tar.gz",
  "uv.request_failed": "error: Request failed after 3 retries",
  "pipenv.lock_failed": "Locking Failed!",
  "poetry.python_incompatible":
    "The current project's Python requirement (>=3.7) is not compatible with some of the required packages Python requirement:",
  "npm.other_install_error":
    "npm ERR! code E403\nnpm ERR! 403 Forbidden - GET https://registry.npmjs.org/blocked-pkg",
  "yarn.dependency_build_failed":
    "➤ YN0009: │ sharp@npm:0.32.0 couldn't be built successfully (exit code 1, logs can be found here: /tmp/x.log)",
  "pnpm.lockfile_error":
    ' ERR_PNPM_FROZEN_LOCKFILE_WITH_OUTDATED_LOCKFILE  Cannot install with "frozen-lockfile"',
  "bun.package_not_found": 'error: package "no-such-bun-pkg" not found',
  "apt.dpkg_interrupted":
    "E: dpkg was interrupted, you must manually run 'dpkg --configure -a' to correct the problem.",
  "apk.no_such_package": "  py3-widgetz (no such package):",
  "brew.no_formula_or_cask": 'Error: No formulae or casks found for "widgetz".',
  "cargo.crate_not_in_registry":
    "error: could not find `ripgrepp` in registry `crates-io` with version `*`",
  "go.vcs_fetch_failed":
    "go: github.com/acme/secret@v0.1.0: git ls-remote -q origin in /go/pkg/mod/cache/vcs/abc: exit status 128",
  "bundler.missing_gems": "Run `bundle install` to install missing gems.",
  "composer.transport":
    "[Composer\\Downloader\\TransportException] The 'https://repo.packagist.org/packages.json' URL could not be accessed",
  "python.incompatible_installed_package":
    "ImportError: cannot import name 'soft_unicode' from 'markupsafe' (/venv/lib/python3.11/site-packages/markupsafe/__init__.py)",
  "node.native_install_script": "npm ERR! command sh -c node-gyp rebuild",
  "go.gopath_package_missing":
    'main.go:4:2: cannot find package "github.com/acme/colour" in any of:',
  "terraform.provider_install": "Error: Failed to query available provider packages",
  "ansible.content_missing": "ERROR! the role 'acme.webserver' was not found in /srv/play/roles",
  "docker.dependency_step_failed":
    'ERROR: failed to solve: process "/bin/sh -c go mod download" did not complete successfully: exit code: 1',
  "yarn.dependency_script_failed": "error /srv/web/node_modules/canvas: Command failed.",
  "pip.uninstall_blocked":
    "ERROR: Cannot uninstall 'PyYAML'. It is a distutils installed project and thus we cannot accurately determine which files belong to it",
  "bundler.unresolved_package":
    "Module not found: Error: Can't resolve 'react-router-dom' in '/app/src'",
  "python.distribution_not_found":
    "pkg_resources.DistributionNotFound: The 'wheelhouse>=2' distribution was not found and is required by mytool",
  "node.abi_mismatch":
    "Error: The module '/app/node_modules/argon2/build/argon2.node' was compiled against a different Node.js version using NODE_MODULE_VERSION 108.",
  "ruby.cannot_load_gem": "<internal:rubygems>: cannot load such file -- nokogiri (LoadError)",
  "composer.autoload_missing":
    "PHP Warning:  require(/var/www/vendor/autoload.php): Failed to open stream: No such file or directory in /var/www/index.php on line 3",
  "java.dependency_package_missing":
    "src/main/java/App.java:3: error: package org.apache.commons.text does not exist",
  "node.node_modules_missing": "Error: Cannot find module '/srv/app/node_modules/.bin/jest'",
  "perl.module_missing":
    "Can't locate Text/CSV_XS.pm in @INC (you may need to install the Text::CSV_XS module) (@INC contains: /etc/perl /usr/share/perl5) at etl.pl line 3.",
  "gradle.distribution_download":
    'Exception in thread "main" java.io.IOException: Downloading from https://services.gradle.org/distributions/gradle-8.4-bin.zip failed: timeout (10000ms)',
  "rust.crate_not_declared":
    "error[E0432]: unresolved import `serde_json`\n --> src/lib.rs:2:5\n  |\n2 | use serde_json::Value;\n  |     ^^^^^^^^^^ use of unresolved module or unlinked crate `serde_json`",
};

describeRuleExamples("PKG_INSTALL", PKG_INSTALL_RULES, EXAMPLES);

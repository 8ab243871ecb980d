import { defineRules, RULE_PRIORITY } from "./rule.js";

const P = RULE_PRIORITY;

/** A package could not be resolved, fetched, verified or built by a package manager. */
export const PKG_INSTALL_RULES = defineRules("PKG_INSTALL", P.install, [
  // pip / uv / poetry / pipenv
  {
    id: "pip.no_matching_distribution",
    pattern: /no matching distribution found for/,
    means: "pip found no release of the requirement for this Python and platform",
  },
  {
    id: "pip.no_satisfying_version",
    pattern: /could not find a version that satisfies the requirement/,
    means: "no published version matches the requirement",
  },
  {
    id: "pip.resolution_impossible",
    pattern: /resolutionimpossible|these package versions have conflicting dependencies/,
    means: "pip's resolver found the requirements mutually incompatible",
  },
  {
    id: "pip.wheel_build_failed",
    pattern:
      /failed building wheel for|failed to build installable wheels|could not build wheels for|^error: failed to build '[^']+' when/,
    means: "a dependency's wheel could not be built from source",
  },
  {
    id: "pip.subprocess_failed",
    pattern: /subprocess-exited-with-error|metadata-generation-failed|legacy-install-failure/,
    means: "a dependency's build step (setup.py / PEP 517 backend) failed inside pip",
  },
  {
    id: "pip.build_step_failed",
    pattern:
      /(getting requirements to build wheel|preparing metadata \(pyproject\.toml\)|building wheel for \S+( \([^)]*\))?|running setup\.py install for \S+|installing build dependencies)( \.\.\. error| did not run successfully)/,
    means: "a build step of a dependency failed during install",
  },
  {
    id: "pip.requires_different_python",
    pattern: /requires a different python/,
    means: "the package's Requires-Python excludes this interpreter",
  },
  {
    id: "pip.hash_mismatch",
    pattern: /do not match the hashes from the requirements file/,
    means: "a downloaded archive failed hash checking",
  },
  {
    id: "pip.externally_managed",
    pattern: /externally-managed-environment|this environment is externally managed/,
    means: "PEP 668: the system Python refuses pip installs outside a virtual environment",
  },
  {
    id: "pip.connection_retry",
    pattern:
      /after connection broken by|could not fetch url https?:|there was a problem confirming the ssl certificate/,
    means: "pip could not reach the package index",
  },
  {
    id: "pip.could_not_install",
    pattern: /could not install packages due to an (oserror|environmenterror)/,
    means: "pip failed while writing the installed files",
    priority: 45,
  },
  {
    id: "pip.internal_traceback",
    pattern: /[/\\]site-packages[/\\]pip[/\\]/,
    means: "pip itself crashed during the install (usually a dropped download)",
    priority: 45,
    when: "install",
  },
  {
    id: "python.module_not_found",
    pattern: /modulenotfounderror: no module named|importerror: no module named/,
    means: "a Python dependency is not installed",
    priority: 45,
  },
  {
    id: "uv.no_solution",
    pattern:
      /no solution found when resolving dependencies|was not found in the package registry|failed to prepare distributions|^(error: )?failed to (download|build) `[^`]+`/,
    means: "uv could not resolve, download or build a dependency",
  },
  {
    id: "poetry.solver_failed",
    pattern:
      /solverproblemerror|version solving failed|which doesn't match any versions|unable to find installation candidates for|poetry\.lock is not consistent|pyproject\.toml changed significantly since poetry\.lock/,
    means: "poetry could not resolve the dependency set",
  },
  // conda / mamba
  {
    id: "conda.packages_not_found",
    pattern: /packagesnotfounderror|not available from current channels|resolvepackagenotfound/,
    means: "conda cannot find the package in the configured channels",
  },
  {
    id: "conda.unsatisfiable",
    pattern:
      /unsatisfiableerror|libmambaunsatisfiableerror|found conflicts!|could not solve for environment specs|encountered problems while solving|nothing provides .* needed by/,
    means: "the conda solver found the specs unsatisfiable",
  },
  {
    id: "conda.http_error",
    pattern: /condahttperror|condasslerror|http 000 connection failed/,
    means: "conda could not download channel data",
  },
  // npm / yarn / pnpm / node
  {
    id: "npm.e404",
    pattern:
      /(npm (err!|error) )(code e404|404 not found)|is not in (the npm|this) registry|registry returned 404/,
    means: "the package or version does not exist in the registry",
  },
  {
    id: "npm.etarget",
    pattern: /code etarget|no matching version found for/,
    means: "no published version matches the requested range",
  },
  {
    id: "npm.eresolve",
    pattern:
      /code eresolve|unable to resolve dependency tree|could not resolve dependency|conflicting peer dependency/,
    means: "npm's dependency tree has conflicting (peer) requirements",
  },
  {
    id: "npm.eintegrity",
    pattern: /code eintegrity|integrity checksum failed|sha\d+ integrity/,
    means: "a downloaded tarball failed its integrity check",
  },
  {
    id: "npm.network",
    pattern:
      /npm (err!|error) (code )?(econnreset|econnrefused|etimedout|esockettimedout|enotfound|eai_again|ecanceled)|npm (err!|error) network/,
    means: "npm could not reach the registry",
    priority: 52,
  },
  {
    id: "npm.bad_registry_metadata",
    pattern: /unexpected end of json input while parsing near/,
    means: "registry metadata or the npm cache is truncated",
    priority: 45,
  },
  {
    id: "node.gyp_build_failed",
    pattern:
      /gyp err! (build error|stack error|configure error)|node-pre-gyp err!|prebuild-install (err|warn) install/,
    means: "a dependency's native addon failed to build",
    priority: 45,
  },
  {
    id: "node.cannot_find_package",
    pattern:
      /cannot find module '[^./'\\][^']*'|cannot find package '[^']+' imported from|err_module_not_found/,
    means: "a JavaScript dependency is not installed",
    priority: 45,
  },
  {
    id: "yarn.package_not_found",
    pattern:
      /couldn't find package "[^"]+".* on the "npm" registry|couldn't find any versions for|request failed "404 not found"|no candidates found|yn0082|yn0035/,
    means: "yarn cannot find the package or version",
  },
  {
    id: "yarn.network",
    pattern:
      /there appears to be trouble with your network connection|an unexpected error occurred: ".*(esockettimedout|econnreset|etimedout|enotfound|socket hang up)/,
    means: "yarn could not reach the registry",
  },
  {
    id: "yarn.integrity",
    pattern: /integrity check failed|incorrect integrity when fetching|yn0018/,
    means: "a package failed yarn's integrity check",
  },
  {
    id: "yarn.lockfile_outdated",
    pattern:
      /lockfile needs to be updated, but yarn was run with|yn0028|the lockfile would have been modified/,
    means: "the lockfile does not match package.json under a frozen install",
  },
  {
    id: "pnpm.fetch_failed",
    pattern:
      /err_pnpm_(fetch_\d+|no_matching_version|no_versions|tarball_integrity|bad_tarball|meta_fetch_fail|peer_dep_issues|outdated_lockfile|lockfile_config_mismatch|registry)/,
    means: "pnpm could not resolve or fetch a dependency",
  },
  // system package managers
  {
    id: "apt.unable_to_locate",
    pattern:
      /unable to locate package|has no installation candidate|couldn't find any package by|paket \S+ kann nicht gefunden werden|impossible de trouver le paquet|no se ha podido localizar el paquete|パッケージ \S+ が見つかりません|невозможно найти пакет|impossível encontrar o pacote/,
    means: "apt has no such package in its (possibly stale) index",
  },
  {
    id: "apt.fetch_failed",
    pattern:
      /^(e|w|err): (failed to fetch|unable to fetch some archives|some index files failed to download|the repository .* (does not have a release file|is not signed))|temporary failure resolving '/,
    means: "apt could not download indexes or packages",
  },
  {
    id: "apt.unmet_dependencies",
    pattern: /unmet dependencies|you have held broken packages/,
    means: "apt cannot satisfy the package's dependencies",
  },
  {
    id: "apt.dpkg_failed",
    pattern: /sub-process \/usr\/bin\/dpkg returned an error code|dpkg: error processing/,
    means: "dpkg failed to unpack or configure a package",
    priority: 45,
  },
  {
    id: "apt.lock_held",
    pattern: /could not get lock \/var\/lib\/(dpkg|apt)|unable to acquire the dpkg frontend lock/,
    means: "another package manager holds the apt lock",
  },
  {
    id: "apt.no_pubkey",
    pattern: /no_pubkey|the following signatures couldn't be verified/,
    means: "a repository's signing key is missing",
  },
  {
    id: "docker.install_step_failed",
    pattern:
      /(the command|process) ['"[]?\/bin\/(ba)?sh -c [^\n]*\b(apt-get|apt|aptitude|apk|yum|dnf|microdnf|zypper|pip3?|conda|gem|composer) (-\S+ )*(install|add|update|upgrade|require)\b/,
    means: "a package-manager step of a container build failed",
    priority: 45,
  },
  {
    id: "docker.node_install_step_failed",
    pattern:
      /(the command|process) ['"[]?\/bin\/(ba)?sh -c [^\n]*\b(npm|yarn|pnpm) (install|i|ci|add)\b/,
    means: "a JavaScript install step of a container build failed",
    priority: 45,
  },
  {
    id: "yum.no_package",
    pattern:
      /^no package .* available|^error: unable to find a match|no match for argument|failed to download metadata for repo|cannot find a valid baseurl for repo/,
    means: "yum/dnf cannot find the package or its repository",
  },
  {
    id: "apk.unsatisfiable",
    pattern: /unable to select packages|unsatisfiable constraints/,
    means: "apk cannot find or satisfy the package",
  },
  {
    id: "pacman.target_not_found",
    pattern: /error: target not found|failed to retrieve some files/,
    means: "pacman cannot find or download the package",
  },
  {
    id: "brew.no_formula",
    pattern: /no available formula with the name|no formulae found in taps/,
    means: "Homebrew has no such formula",
  },
  // cargo
  {
    id: "cargo.version_selection",
    pattern: /failed to select a version for/,
    means: "no published crate version satisfies the requirement",
  },
  {
    id: "cargo.no_matching_package",
    pattern: /no matching package named .* found|^error: no matching package found/,
    means: "the crate does not exist in the registry",
  },
  {
    id: "cargo.fetch_failed",
    pattern:
      /failed to download (from )?`[\w-]+|failed to (get|fetch) .* as a dependency|failed to load source for (a )?dependency|unable to get packages from source|spurious network error|failed to update registry/,
    means: "cargo could not fetch a dependency",
  },
  {
    id: "cargo.registry_manifest",
    pattern: /failed to parse manifest at `?[^`]*[/\\]\.?cargo[/\\]registry[/\\]/,
    means: "a downloaded crate's manifest is unreadable by this cargo (cache or version)",
    priority: 55,
  },
  {
    id: "cargo.lockfile",
    pattern:
      /needs to be updated but --locked was passed|checksum for `[^`]+` changed between lock files/,
    means: "Cargo.lock does not match the registry or the manifest",
  },
  // go modules
  {
    id: "go.checksum_mismatch",
    pattern: /checksum mismatch|^security error$|this download does not match/,
    means: "a module download failed go.sum / checksum-database verification",
  },
  {
    id: "go.missing_go_sum",
    pattern: /missing go\.sum entry/,
    means: "go.sum lacks an entry for a required module",
  },
  {
    id: "go.module_not_found",
    pattern:
      /unknown revision|invalid version: |module .* found, but does not contain package|cannot find module providing package|no required module provides package|unrecognized import path|confirm the import path was entered correctly|reading https?:\S+: (404|410)/,
    means: "the module path or version cannot be fetched",
  },
  {
    id: "go.get_vcs_failed",
    pattern: /^package \S+: exit status 128/,
    means: "go get could not clone a dependency's repository",
  },
  {
    id: "go.proxy_unreachable",
    pattern:
      /(proxy\.golang\.org|sum\.golang\.org|goproxy).*(i\/o timeout|connection refused|no such host|tls handshake timeout|connection reset)/,
    means: "the Go module proxy could not be reached",
    priority: 52,
  },
  // ruby
  {
    id: "gem.not_found",
    pattern:
      /could not find gem '[^']+'|could not find '[^']+' \([^)]*\) among \d+ total gem|could not find a valid gem|in (any of the (gem )?sources|locally installed gems|rubygems repository)|gem::(missingspecerror|missingspecversionerror)|bundler::gemnotfound|your bundle is locked to .* but that version could not be found/,
    means: "the gem or version cannot be found",
  },
  {
    id: "gem.native_extension",
    pattern:
      /failed to build gem native extension|an error occurred while installing .*, and bundler cannot continue/,
    means: "a gem's native extension failed to build",
  },
  {
    id: "bundler.resolution",
    pattern: /bundler could not find compatible versions for/,
    means: "bundler cannot resolve the gem versions",
  },
  {
    id: "bundler.network",
    pattern: /could not fetch specs from|bundler::httperror|network error while fetching/,
    means: "bundler could not reach the gem source",
  },
  // php
  {
    id: "composer.unresolvable",
    pattern:
      /your requirements could not be resolved to an installable set of packages|-> no matching package found|could not find (a matching version of )?package|the requested package .* could not be found|installation failed, (reverting|deleting)/,
    means: "composer cannot resolve the requirements",
  },
  {
    id: "composer.download_failed",
    pattern:
      /curl error \d+ while downloading|packagist\.org.* could not be (downloaded|fully loaded)/,
    means: "composer could not download package data",
  },
  // jvm
  {
    id: "maven.unresolved_dependency",
    pattern:
      /could not resolve dependencies for project|failed to collect dependencies|could not find artifact|could not transfer artifact|failure to find \S+ in https?:|non-resolvable (parent|import) pom|was cached in the local repository, resolution will not be reattempted|or one of its dependencies could not be resolved|failed to read artifact descriptor/,
    means: "maven cannot resolve or download an artifact",
  },
  {
    id: "gradle.unresolved_dependency",
    pattern:
      /could not resolve all (files|dependencies|artifacts|task dependencies) for configuration|^> could not (resolve|find) [\w.-]+:[\w.-]+|could not get resource 'https?:|could not (download|head) '?https?:\S*\.(jar|pom|module)|was not found in any of the following sources/,
    means: "gradle cannot resolve or download a dependency or plugin",
  },
  {
    id: "nuget.restore_failed",
    pattern: /unable to find package \S+|error nu1\d{3}:/,
    means: "NuGet cannot find or download a package",
  },
  // any package manager: a network failure while an install runs is an install failure
  {
    id: "install.network_error",
    pattern:
      /read timed out|readtimeouterror|connecttimeouterror|connection timed out|connection timeout|timed out|etimedout|econnreset|econnrefused|socket hang up|temporary failure in name resolution|could not resolve host|name or service not known|network is unreachable|connection reset by peer|failed to establish a new connection|tls handshake timeout|i\/o timeout|remote end closed connection/,
    unless:
      /maximum (execution )?time|time limit|no output has been received|took longer than|test timed out/,
    means: "the network failed while packages were being downloaded",
    priority: 55,
    when: "install",
  },

  {
    id: "pip.http_error",
    pattern: /http error \d+ while getting https?:|invalid command 'bdist_wheel'/,
    means: "pip could not download a file, or the wheel package is missing from the build",
  },
  {
    id: "uv.request_failed",
    pattern: /request failed after \d+ retr|error: distribution not found at/,
    means: "uv could not fetch a distribution",
  },
  {
    id: "pipenv.lock_failed",
    pattern: /locking failed!|resolutionfailure|couldn't install package: /,
    means: "pipenv could not lock or install the dependencies",
  },
  {
    id: "poetry.python_incompatible",
    pattern: /python requirement .* is not compatible with some of the required packages/,
    means: "a dependency's Python requirement conflicts with the project's",
  },
  {
    id: "npm.other_install_error",
    pattern:
      /npm (err!|error) (code (e403|enoversions|eunsupportedprotocol|128)|cb\(\) never called|git dep preparation failed)/,
    means: "npm could not fetch or prepare a dependency",
  },
  {
    id: "yarn.dependency_build_failed",
    pattern: /yn0009|couldn't be built successfully|an unexpected error occurred: ".*: not found"/,
    means: "yarn could not fetch or build a dependency",
  },
  {
    id: "pnpm.lockfile_error",
    pattern:
      /err_pnpm_(frozen_lockfile_with_outdated_lockfile|lockfile_breaking_change|broken_metadata_json|eintegrity|unexpected_store|invalid_package_name)/,
    means: "pnpm's lockfile or store does not match the dependencies",
  },
  {
    id: "bun.package_not_found",
    pattern: /^error: package "[^"]+" not found|^error: \S+ failed to resolve$/,
    means: "bun cannot find the package",
  },
  {
    id: "apt.dpkg_interrupted",
    pattern:
      /dpkg was interrupted, you must manually run|version '[^']+' for '[^']+' was not found|release file for .* is not valid yet/,
    means: "apt/dpkg is in an inconsistent state or the version is not available",
  },
  {
    id: "apk.no_such_package",
    pattern: /\(no such package\)|temporary error \(try again later\)/,
    means: "apk cannot find the package or reach the mirror",
  },
  {
    id: "brew.no_formula_or_cask",
    pattern: /no formulae or casks found for/,
    means: "Homebrew has no such formula or cask",
  },
  {
    id: "cargo.crate_not_in_registry",
    pattern: /could not find `[^`]+` in registry/,
    means: "cargo install cannot find the crate",
  },
  {
    id: "go.vcs_fetch_failed",
    pattern: /git ls-remote .*exit status 128|go: updates to go\.mod needed/,
    means: "go could not fetch a module's repository, or go.mod needs tidying",
  },
  {
    id: "bundler.missing_gems",
    pattern: /run `bundle install` to install missing gems/,
    means: "the bundle's gems are not installed",
  },
  {
    id: "composer.transport",
    pattern: /composer\\downloader\\transportexception|transportexception/,
    means: "composer could not download a package",
  },

  {
    id: "python.incompatible_installed_package",
    pattern: /cannot import name .* \(.*[/\\](site|dist)-packages[/\\]/,
    means: "an installed package's version lacks a name the code imports (version pin needed)",
    priority: 45,
  },
  {
    id: "node.native_install_script",
    pattern:
      /command sh -c (node-gyp|prebuild-install|node-pre-gyp)|failed to run custom build command for `/,
    means: "a dependency's native build script failed during install",
    priority: 45,
  },
  {
    id: "go.gopath_package_missing",
    pattern: /cannot find package ".*" in any of/,
    means: "a Go dependency is not in GOPATH or the module cache",
  },
  {
    id: "terraform.provider_install",
    pattern:
      /failed to (query available provider packages|install provider)|missing required provider|required plugins are not installed|could not retrieve the list of available versions for provider|inconsistent dependency lock file/,
    means: "terraform init could not fetch a provider",
  },
  {
    id: "ansible.content_missing",
    pattern: /the role '.*' was not found|couldn't resolve module\/action '/,
    means: "an Ansible role or collection is not installed",
  },

  {
    id: "docker.dependency_step_failed",
    pattern:
      /(the command|process) ['"[]?\/bin\/(ba)?sh -c [^\n]*\b(go mod download|go get|cargo fetch|bundle install|mvn [^\n]*dependency:|dotnet restore|poetry install|uv sync|pipenv install)\b/,
    means: "a dependency-download step of a container build failed",
    priority: 45,
  },
  {
    id: "yarn.dependency_script_failed",
    pattern: /^error \S*[/\\]node_modules[/\\]\S+: command failed/,
    means: "a dependency's install script failed under yarn",
    priority: 45,
  },
  {
    id: "pip.uninstall_blocked",
    pattern:
      /cannot uninstall '[^']+'\. it is a distutils installed project|because of http error \d+/,
    means: "pip cannot replace a system-installed package, or the index returned an HTTP error",
  },

  {
    id: "bundler.unresolved_package",
    pattern:
      /module not found: error: can't resolve '[^./'][^']*'|failed to resolve import "[^./"][^"]*" from|could not resolve "[^./"][^"]*"|rollup failed to resolve import "[^./"]/,
    means: "the bundler cannot find an imported package: it is not installed",
    priority: 45,
  },

  {
    id: "python.distribution_not_found",
    pattern:
      /distributionnotfound: the '.*' distribution was not found|pkg_resources\.versionconflict|packagenotfounderror: |compiled against (api|abi) version|numpy\.core\.multiarray failed to import/,
    means: "an installed Python distribution is missing or built for another version",
    priority: 45,
  },
  {
    id: "node.abi_mismatch",
    pattern: /was compiled against a different node\.js version using node_module_version/,
    means: "a native dependency must be rebuilt or reinstalled for this Node.js",
    priority: 50,
  },
  {
    id: "ruby.cannot_load_gem",
    pattern: /cannot load such file -- [^./]/,
    means: "a required gem is not installed",
    priority: 45,
  },
  {
    id: "composer.autoload_missing",
    pattern: /vendor[/\\]autoload\.php.*(failed to open stream|no such file)/,
    means: "composer dependencies were never installed (vendor/ is missing)",
    priority: 50,
  },
  {
    id: "java.dependency_package_missing",
    pattern: /error: package [\w.]+ does not exist/,
    means: "a Java dependency is not on the classpath",
    priority: 40,
  },

  {
    id: "perl.module_missing",
    pattern: /can't locate \S+\.pm in @inc/,
    means: "a Perl module (CPAN) is not installed",
    priority: 45,
  },
  {
    id: "gradle.distribution_download",
    pattern:
      /downloading from https?:\S+ failed|could not install gradle distribution from|exception in thread "main" java\.net\.\w*exception: .*services\.gradle\.org/,
    means: "the Gradle wrapper could not download Gradle itself",
    priority: 52,
  },
  {
    id: "rust.crate_not_declared",
    pattern:
      /use of unresolved module or unlinked crate|you might be missing a crate named|use of undeclared crate or module `|can't find crate for `(?!(std|core|alloc|proc_macro|test)`)/,
    means: "an external crate is used but not declared or not fetched (a Cargo dependency)",
    priority: 45,
  },
  {
    id: "node.node_modules_missing",
    pattern: /cannot find module '[^']*[/\\]node_modules[/\\]/,
    means: "node_modules lacks a package: the install did not run or did not finish",
    priority: 47,
  },
]);

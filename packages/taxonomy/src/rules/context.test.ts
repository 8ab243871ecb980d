import { describe, expect, it } from "vitest";
import { endsWithInstall, hasInstallLog, isInstallCommand, isProgressLine } from "./context.js";

describe("install context", () => {
  it("recognises install commands across ecosystems", () => {
    for (const c of [
      "pip install -r requirements.txt",
      "python3 -m pip install numpy",
      "uv pip install ruff",
      "sudo apt-get -y install curl",
      "npm ci",
      "yarn",
      "pnpm add zod",
      "cargo install ripgrep",
      "go mod download",
      "bundle install",
      "composer require monolog/monolog",
      "conda env create -f environment.yml",
      "Rscript -e 'install.packages(\"x\")'",
    ]) {
      expect(isInstallCommand(c)).toBe(true);
    }
    for (const c of [
      "npm run build",
      "python app.py",
      "go test ./...",
      "make install-docs-notes",
    ]) {
      expect(isInstallCommand(c)).toBe(false);
    }
  });
  it("takes the failing link of a chain", () => {
    expect(endsWithInstall("cd web && npm install", [])).toBe(true);
    expect(endsWithInstall("pip install -e . && pytest", [])).toBe(false);
    expect(endsWithInstall(undefined, ["collecting requests"])).toBe(true);
  });
  it("sees install logs and progress lines, but not failure lines", () => {
    expect(hasInstallLog(["reading package lists...", "e: unable to locate package x"])).toBe(true);
    expect(hasInstallLog(["--- fail: testx"])).toBe(false);
    expect(isProgressLine("go: downloading golang.org/x/text v0.14.0")).toBe(true);
    expect(isProgressLine("downloading numpy-1.26.tar.gz (15 mb)")).toBe(true);
    expect(isProgressLine("building wheel for x (setup.py) ... error")).toBe(false);
    expect(isProgressLine("collecting foo: read timed out")).toBe(false);
  });
});

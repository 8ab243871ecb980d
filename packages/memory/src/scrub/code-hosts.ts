import { looksGenerated } from "./entropy.js";
import type { PatternRule } from "./rule.js";

/** Source hosts and package registries: GitHub, GitLab, npm, PyPI, Hugging Face. */
export const codeHostRules: PatternRule[] = [
  {
    kind: "github_token",
    trigger: /gh[pousr]_|github_pat_/,
    pattern:
      /(?<![A-Za-z0-9])(?:gh[pousr]_[A-Za-z0-9]{30,251}|github_pat_[A-Za-z0-9_]{22,255})(?![A-Za-z0-9])/g,
    accept: looksGenerated,
  },
  {
    kind: "gitlab_token",
    trigger: /gl(?:pat|dt|rt|ptt|cbt|ft|imt|agent|oas|soat|ffct)-/,
    pattern:
      /(?<![A-Za-z0-9])(?:glpat|gldt|glrt|glptt|glcbt|glft|glimt|glagent|gloas|glsoat|glffct)-[A-Za-z0-9_-]{20,80}(?![A-Za-z0-9])/g,
    accept: looksGenerated,
  },
  {
    kind: "npm_token",
    trigger: /npm_/,
    pattern: /(?<![A-Za-z0-9])npm_[A-Za-z0-9]{36}(?![A-Za-z0-9])/g,
    accept: looksGenerated,
  },
  {
    // Macaroons: base64url of a binary blob that begins with the location "pypi.org".
    kind: "pypi_token",
    trigger: /pypi-AgE/,
    pattern: /(?<![A-Za-z0-9])pypi-AgE[A-Za-z0-9_-]{40,600}(?![A-Za-z0-9])/g,
  },
  {
    kind: "huggingface_token",
    trigger: /hf_/,
    pattern: /(?<![A-Za-z0-9])hf_[A-Za-z0-9]{30,40}(?![A-Za-z0-9])/g,
    accept: looksGenerated,
  },
];

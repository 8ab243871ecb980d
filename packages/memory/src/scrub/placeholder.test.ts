import { describe, expect, it } from "vitest";
import { isPlaceholder } from "./placeholder.js";

describe("isPlaceholder", () => {
  it("knows default words, references, templates and masks", () => {
    for (const v of [
      "changeme",
      "PASSWORD",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal ${VAR} placeholder is the point
      "${DB_PASSWORD}",
      "$DB_PASSWORD",
      "%API_KEY%",
      "<your-token>",
      "{{ secrets.token }}",
      "****",
      "xxxxxxxx",
      "...",
      "[REDACTED:jwt]",
      '"null"',
      "your_api_key_here",
      "",
    ]) {
      expect(isPlaceholder(v), v).toBe(true);
    }
  });

  it("reads unquoted code as a reference only when asked", () => {
    for (const v of [
      "process.env.API_KEY",
      "opts.authToken",
      "os.environ['TOKEN']",
      "settings.SECRET_KEY",
      "getToken()",
      'System.getenv("X")',
    ]) {
      expect(isPlaceholder(v, { code: true }), v).toBe(true);
      expect(isPlaceholder(v), v).toBe(false);
    }
  });

  it("does not mistake generated values for references", () => {
    for (const v of ["hunter2!", "QDcUq.pEJfYRtDpDFc9", "g504.VORIIDSS", "s3cr3t-Pw"]) {
      expect(isPlaceholder(v, { code: true }), v).toBe(false);
    }
  });
});

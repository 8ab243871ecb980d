import type { TestResult } from "@fak/taxonomy";

// JUnit XML (Java, Kotlin, pytest --junitxml, go-junit-report, jest-junit …) read for its test
// outcomes: each <testcase> passed unless a <failure> or <error> sits inside it; <skipped>
// ones are left out. A scan, not an XML parser: linear in the text, capped in testcases.

const MAX_CASES = 20_000;
const CASE = /<testcase\b([^>]{0,4000}?)(\/?)>/g;
const NAME = /\bname="([^"]{0,500})"/;
const CLASS = /\bclassname="([^"]{0,500})"/;

/** True when a text looks like JUnit XML (a testsuite or testcase element near its start). */
export function isJunit(text: string): boolean {
  return /^\s*(?:<\?xml[^>]{0,200}\?>\s*)?(?:<!--[^>]{0,2000}-->\s*)?<testsuites?\b/.test(
    text.slice(0, 4096),
  );
}

/**
 * The test outcomes of a JUnit XML report.
 * @example junitTests('<testsuite><testcase name="a"/><testcase name="b"><failure/></testcase></testsuite>', "verifier/junit.xml")
 *   // [{ name: "a", passed: true, ... }, { name: "b", passed: false, ... }]
 */
export function junitTests(text: string, file: string): TestResult[] {
  const out: TestResult[] = [];
  let closes = true;
  CASE.lastIndex = 0;
  for (let m = CASE.exec(text); m && out.length < MAX_CASES; m = CASE.exec(text)) {
    const attrs = m[1] ?? "";
    const name = NAME.exec(attrs)?.[1];
    if (!name) continue;
    const cls = CLASS.exec(attrs)?.[1];
    let body = "";
    if (m[2] !== "/" && closes) {
      // Bodies are disjoint and a missing close is looked for once: linear in the text.
      const end = text.indexOf("</testcase>", CASE.lastIndex);
      if (end < 0) closes = false;
      else {
        body = text.slice(CASE.lastIndex, end);
        CASE.lastIndex = end;
      }
    }
    if (/<skipped\b/.test(body)) continue;
    out.push({
      name: cls ? `${cls}.${name}` : name,
      passed: !/<(?:failure|error)\b/.test(body),
      source: file,
    });
  }
  return out;
}

import { cpuMs } from "@fak/vitest-config/cpu";
import { describe, expect, it } from "vitest";
import { isJunit, junitTests } from "./junit.js";

const REPORT = `<?xml version="1.0" encoding="UTF-8"?>
<testsuites>
  <testsuite name="CalcTest" tests="4" failures="1" errors="1" skipped="1">
    <testcase name="testAdd" classname="CalcTest" time="0.001"/>
    <testcase name="testDiv" classname="CalcTest" time="0.002">
      <failure message="expected:&lt;2&gt; but was:&lt;3&gt;">AssertionFailedError</failure>
    </testcase>
    <testcase name="testParse" classname="CalcTest"><error message="NullPointerException"/></testcase>
    <testcase name="testSlow" classname="CalcTest"><skipped/></testcase>
  </testsuite>
</testsuites>`;

describe("JUnit XML test outcomes", () => {
  it("reads each testcase: passed unless a failure or error is inside; skipped left out", () => {
    expect(isJunit(REPORT)).toBe(true);
    expect(junitTests(REPORT, "verifier/junit.xml")).toEqual([
      { name: "CalcTest.testAdd", passed: true, source: "verifier/junit.xml" },
      { name: "CalcTest.testDiv", passed: false, source: "verifier/junit.xml" },
      { name: "CalcTest.testParse", passed: false, source: "verifier/junit.xml" },
    ]);
  });

  it("is not fooled by other XML, and stays linear on unclosed testcases", () => {
    expect(isJunit("<project><testcase name='x'/></project>")).toBe(false);
    const crafted = `<testsuite>${'<testcase name="t">'.repeat(20_000)}`;
    let tests: ReturnType<typeof junitTests> = [];
    // CPU time, not wall time: the bound is for a blow-up, not the machine's load.
    expect(cpuMs(() => (tests = junitTests(crafted, "verifier/x.xml")))).toBeLessThan(2000);
    expect(tests).toHaveLength(20_000);
  });
});

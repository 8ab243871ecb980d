import { describe, expect, it } from "vitest";
import { noiseStems } from "./noise.js";

/** The text's stems with noise in brackets. */
function marked(text: string): string {
  const { stems, noise } = noiseStems(text);
  return stems.map((s, i) => (noise.has(i) ? `[${s}]` : s)).join(" ");
}

describe("noiseStems", () => {
  it("marks agent/model names, category labels and report phrases", () => {
    expect(
      marked("fake-agent/acme/model-1: last step `python3 train.py --epochs …` (TIMEOUT)"),
    ).toBe("[fake] [agent] [acm] [model] [1] [last] [step] python3 train py epoch [timeout]");
    expect(marked("terminus-2/gpt-oss-120b: no failing step recorded (TEST_MISUNDERSTOOD)")).toBe(
      "[terminu] [2] [gpt] [oss] [120b] [no] [fail] [step] [record] [test] [misunderstood]",
    );
    expect(marked("budget: timed out (TIMEOUT:command_time_limit); untested")).toBe(
      "[budget] time out [timeout] [command] [time] [limit] [untest]",
    );
  });

  it("keeps a path's file name and plain prose", () => {
    expect(marked("verifier: `python3 /app/train.py` failed")).toBe(
      "[verifi] python3 [app] train py [fail]",
    );
    const prose = "token bucket kept in process memory; the API limit (per tenant) was 100";
    expect(noiseStems(prose).noise.size).toBe(0);
  });

  it("keeps the words of a test's name, marking only its `test` and directories", () => {
    expect(marked("verifier: test_burst_at_boundary admitted 200")).toBe(
      "[verifi] [test] burst at boundari admit 200",
    );
    expect(marked("FAILED tests/test_quota.py::test_reset_window")).toBe(
      "[fail] [test] [test] quota py [test] reset window",
    );
    expect(marked("tests/unit/rate_limit_test.go")).toBe("[test] [unit] rate limit [test] go");
    expect(marked("the tests timed out")).toBe("the test time out");
  });

  it("reads a compound that starts with a number as a quantity, not a name", () => {
    expect(marked("a 2M-row export")).toBe("a 2m row export");
    expect(marked("served by model-1")).toBe("serv by [model] [1]");
  });

  it("splits text exactly as the index does", () => {
    const text = "fake-agent/acme/model-1: last step `pip install -r …` (PKG_INSTALL:no_wheel)";
    expect(noiseStems(text).stems).toEqual(
      "fake agent acm model 1 last step pip instal r pkg instal no wheel".split(" "),
    );
  });
});

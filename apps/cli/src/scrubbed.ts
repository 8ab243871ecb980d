/**
 * `value` with every string in it (at any depth) scrubbed of secrets, as the failure memory
 * stores text: the boundary where data read from trial files leaves fak as output (JSON on
 * stdout, --out files, tables and Markdown for people).
 * @example const safe = await scrubbedCopy({ stderr: "token ghp_..." }) // { stderr: "token [REDACTED:github_token]" }
 */
export async function scrubbedCopy<T>(value: T): Promise<T> {
  const { scrub } = await import("@fak/memory");
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") return scrub(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === "object") {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) out[k] = walk(x);
      return out;
    }
    return v;
  };
  return walk(value) as T;
}

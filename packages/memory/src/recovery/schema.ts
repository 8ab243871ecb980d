import { z } from "zod";
import { sourceSchema } from "../row/index.js";
import { unstorableText } from "../row/utf8.js";

/** What the rerun of a death came to: it passed, or it failed again. */
export const RECOVERY_OUTCOMES = ["passed", "failed_again"] as const;
export type RecoveryOutcome = (typeof RECOVERY_OUTCOMES)[number];

// Harnesses whose runs are evidence; a fixture replay claims no result (its evidence class is
// SIMULATED_LOCAL_FIXTURE), so neither the death nor the rerun may come from one.
const FIXTURE = "fixture";

const text = z
  .string()
  .refine((s) => s.trim() !== "", { message: "is empty" })
  .superRefine((s, ctx) => {
    const why = unstorableText(s);
    if (why) ctx.addIssue({ code: "custom", message: why });
  });

const realHarness = text.refine((h) => h.trim().toLowerCase() !== FIXTURE, {
  message: "a fixture replay claims no result: only a real run's outcome is recorded",
});

/**
 * One recovery as the store takes it: the original death (its failure row's source: harness,
 * job, trial, attempt), the plan's decision and action, the brief (its SHA-256, and its file in the plan
 * folder when it had one), the memory rows injected into it, and the rerun's outcome: `passed`, or
 * `failed_again` with the rerun's category and reason.
 * @example recoveryInputSchema.parse({ death: { harness: "harbor", job: "j1", trial: "fix-git__a" },
 *   task: "fix-git", decision: "retry", action: "REFINE_COMMAND", brief_file: null, brief_sha256: null,
 *   memories_injected: [], rerun: { harness: "harbor", job: "j2", trials: ["fix-git__b"] },
 *   outcome: "passed", category: null, reason: null })
 */
export const recoveryInputSchema = z
  .strictObject({
    death: sourceSchema.extend({ harness: realHarness }),
    task: text,
    decision: z.enum(["retry", "rerun_unchanged"]),
    action: z.string().regex(/^[A-Z][A-Z_]*$/, "a recovery action code (e.g. REFINE_COMMAND)"),
    brief_file: text.nullable(),
    brief_sha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/, "64 lower-case hex digits")
      .nullable(),
    memories_injected: z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)),
    rerun: z.strictObject({
      harness: realHarness,
      job: text,
      trials: z.array(text).min(1),
    }),
    outcome: z.enum(RECOVERY_OUTCOMES),
    category: z
      .string()
      .regex(/^[A-Z][A-Z_]*$/, "a failure code (e.g. TEST_FAILED)")
      .nullable(),
    reason: text.nullable(),
  })
  .superRefine((r, ctx) => {
    if (r.outcome === "failed_again" && r.category === null)
      ctx.addIssue({
        code: "custom",
        path: ["category"],
        message: "a rerun that failed again names its category",
      });
    if (r.outcome === "passed" && (r.category !== null || r.reason !== null))
      ctx.addIssue({
        code: "custom",
        path: ["category"],
        message: "a rerun that passed has no failure category or reason",
      });
    if (r.brief_file !== null && r.brief_sha256 === null)
      ctx.addIssue({
        code: "custom",
        path: ["brief_sha256"],
        message: "a brief's file is named with the SHA-256 of the brief it held",
      });
  });
export type RecoveryInput = z.input<typeof recoveryInputSchema>;

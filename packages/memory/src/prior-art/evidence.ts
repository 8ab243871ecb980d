import type { Client } from "@libsql/client";
import { provenanceLabel } from "../row/index.js";
import { placeholders, type SearchHit } from "../search/index.js";

/** A hit with what its deaths rest on: `real` when any death of the substance is not simulated. */
export interface WeighedHit extends SearchHit {
  simulatedOnly: boolean;
}

/**
 * Mark hits whose every death came from a simulated fixture, and rank them, and imported rows
 * (nobody here vouched for them), below the others (relevance order kept within each group): a
 * fixture replay or an import line is never evidence against a real approach. One query looks
 * at the occurrences of simulated first rows.
 */
export async function weighEvidence(client: Client, hits: SearchHit[]): Promise<WeighedHit[]> {
  const simulated = hits.filter((h) => h.provenance === "simulated").map((h) => h.id);
  const backed = new Set<number>();
  if (simulated.length > 0) {
    const r = await client.execute({
      sql: `SELECT DISTINCT occurrence_of AS id FROM failures
            WHERE occurrence_of IN (${placeholders(simulated)}) AND provenance <> 'simulated'`,
      args: simulated,
    });
    for (const row of r.rows) backed.add(Number(row.id));
  }
  const weighed = hits.map((h) => ({
    ...h,
    simulatedOnly: h.provenance === "simulated" && !backed.has(h.id),
  }));
  const vouched = (h: WeighedHit) => !h.simulatedOnly && h.provenance !== "imported";
  return [...weighed.filter(vouched), ...weighed.filter((h) => !vouched(h))];
}

/** The verdict shown for an imported row: what its line claimed, and that nobody here checked. */
export const IMPORTED_VERDICT = (layer: string): string =>
  `imported: a ${layer} death by its own account, not verified here`;

/** The verdict shown for a hit that only a simulation killed. */
export const SIMULATED_VERDICT = "simulated fixture: not a real refutation";

/** Where a hit's evidence came from, as prior art shows it: "(real: harbor job/trial)". */
export function originTag(hit: WeighedHit): string {
  if (hit.simulatedOnly) return hit.source ? ` (${hit.source.harness} ${hit.source.job})` : "";
  const also = hit.provenance === "simulated" ? "simulated and real deaths" : undefined;
  return ` (${also ?? provenanceLabel(hit.provenance, hit.source)})`;
}

import { MemoryInputError } from "../errors.js";

/** The layers a death reason may name as its prefix (`verifier: tests fail`). */
export const LAYERS = ["verifier", "adversary", "divergence", "budget", "reconcile"] as const;

/** The layer of a row: the one named by its death reason's prefix, or `none`. */
export type Layer = (typeof LAYERS)[number] | "none";

// A lowercase word and a colon at the start looks like a layer; "https://" is a URL, not a layer.
const PREFIX = /^\s*([a-z]+):(?!\/\/)/;

/**
 * The layer named by a death reason's prefix. An unknown layer-looking prefix (a typo such as
 * `verifer:`) is refused rather than silently stored as `none`.
 * @example parseLayer("budget: aborted at turn 40") // "budget"
 */
export function parseLayer(deathReason: string, field = "death_reason"): Layer {
  const word = PREFIX.exec(deathReason)?.[1];
  if (word === undefined) return "none";
  if ((LAYERS as readonly string[]).includes(word)) return word as Layer;
  throw new MemoryInputError(
    { field },
    `unknown layer prefix "${word}:" (known: ${LAYERS.map((l) => `${l}:`).join(", ")}; or no prefix)`,
  );
}

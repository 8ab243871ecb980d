import { createHash } from "node:crypto";

/** The state a checkpoint vouches for: one trace step of one task. */
export interface CheckpointState {
  task_id: string;
  command_index: number;
  turn: number;
  tool: string;
  command: string;
  cwd: string;
  filesystem_scope: string;
  milestone?: string | undefined;
  minefield?: string | undefined;
}

/** Evidence that a step ran, with a hash anyone can recompute from the step. */
export interface EvidenceCheckpoint {
  id: string;
  task_id: string;
  command_index: number;
  turn: number;
  tool: string;
  command: string;
  cwd: string;
  state_hash: string;
}

/** Version tag inside the hashed material, so a change of serialization changes every hash. */
export const CHECKPOINT_FORMAT = "fak.checkpoint.v1" as const;

/**
 * The canonical serialization: a JSON array, in this fixed order, of the format tag, task id,
 * index, turn, tool, command, cwd, scope, milestone and minefield (absent ones as null), as
 * `JSON.stringify` writes it (no spaces; its string escaping is fixed by ECMA-262), UTF-8 encoded.
 * An array rather than an object, so that no key order can ever vary.
 * @example canonicalState({ task_id: "t", command_index: 0, turn: 1, tool: "terminal.exec", command: "ls", cwd: "/app", filesystem_scope: "/app" })
 *   // '["fak.checkpoint.v1","t",0,1,"terminal.exec","ls","/app","/app",null,null]'
 */
export function canonicalState(state: CheckpointState): string {
  return JSON.stringify([
    CHECKPOINT_FORMAT,
    state.task_id,
    state.command_index,
    state.turn,
    state.tool,
    state.command,
    state.cwd,
    state.filesystem_scope,
    state.milestone ?? null,
    state.minefield ?? null,
  ]);
}

/**
 * `sha256:<hex>` over the canonical serialization of a step's state.
 * @example stateHash(state) // "sha256:3f1c…"
 */
export function stateHash(state: CheckpointState): string {
  return `sha256:${createHash("sha256").update(canonicalState(state), "utf8").digest("hex")}`;
}

/**
 * The checkpoint recorded when a step executes; its id is `<task>#<index>`.
 * @example evidenceCheckpoint(state).state_hash
 */
export function evidenceCheckpoint(state: CheckpointState): EvidenceCheckpoint {
  return {
    id: `${state.task_id}#${state.command_index}`,
    task_id: state.task_id,
    command_index: state.command_index,
    turn: state.turn,
    tool: state.tool,
    command: state.command,
    cwd: state.cwd,
    state_hash: stateHash(state),
  };
}

import { type Command, InvalidArgumentError } from "commander";

/** Commander parser for a positive whole number (a bad value is a usage error, exit 2). */
export function positiveInt(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < 1) {
    throw new InvalidArgumentError(`expected a whole number of at least 1, got "${value}"`);
  }
  return n;
}

/** Options every command takes. */
export interface CommonOptions {
  json?: boolean;
}

/** Options of commands that open the failure memory. */
export interface DbOptions extends CommonOptions {
  db?: string;
  embeddings?: string;
  embeddingsModel?: string;
  embeddingsKey?: string;
}

/** The embeddings endpoint flags of the commands that record into or search the memory. */
export function embeddingsOptions(command: Command): Command {
  return command
    .option(
      "--embeddings <url>",
      "OpenAI-compatible embeddings server (POST URL/v1/embeddings) whose vectors are fused with lexical search (default: FAK_EMBEDDINGS_URL; none: lexical only)",
    )
    .option("--embeddings-model <name>", "its model (default: FAK_EMBEDDINGS_MODEL)")
    .option(
      "--embeddings-key <key>",
      "its API key, sent as a bearer token (default: FAK_EMBEDDINGS_KEY, which ps cannot show)",
    );
}

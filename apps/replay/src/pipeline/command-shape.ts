// The shape of a command is what an approach names: the program, its subcommand and flags,
// never the arguments that carry the task's specifics (paths, versions, answers).

const SEPARATORS = /&&|\|\||;/;
const ENV_ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
const WORD = /^[a-z][a-z0-9._-]*$/;
const MAX_TOKENS = 3;

/**
 * The program and up to two following subcommand or flag tokens of the last segment of a
 * compound command, with `…` when anything was left out.
 * @example commandShape("cd /app && pip install -r requirements.txt") // "pip install -r …"
 */
export function commandShape(command: string): string {
  const segments = command
    .split(SEPARATORS)
    .map((s) => s.trim())
    .filter(Boolean);
  const last = segments.at(-1) ?? command.trim();
  const tokens = last.split(/\s+/);
  while (tokens[0] === "sudo" || ENV_ASSIGNMENT.test(tokens[0] ?? "")) tokens.shift();
  const kept: string[] = [];
  for (const token of tokens) {
    const fits = kept.length === 0 || token.startsWith("-") || WORD.test(token);
    if (!fits || kept.length === MAX_TOKENS) break;
    kept.push(token);
  }
  const shape = kept.join(" ");
  const dropped = kept.length < tokens.length || segments.length > 1;
  return dropped ? `${shape} …` : shape;
}

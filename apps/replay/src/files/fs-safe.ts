import { constants, type Dirent } from "node:fs";
import { lstat, open, readdir, readlink, realpath, stat } from "node:fs/promises";
import { join, relative, resolve, sep } from "node:path";
import { decodeText, InputError, validate } from "@fak/taxonomy";
import type { z } from "zod";
import { noteBytesRead } from "./heap.js";

/**
 * Why a file of a harness folder could not be read. Importers turn it into a skipped trial
 * (a required file) or a note (an optional one); they never follow a symlink.
 */
export class UnreadableFileError extends Error {
  readonly code:
    | "FAK_MISSING"
    | "FAK_SYMLINK"
    | "FAK_HARD_LINK"
    | "FAK_NOT_FILE"
    | "FAK_TOO_LARGE"
    | "FAK_IO";
  readonly file: string;
  constructor(code: UnreadableFileError["code"], file: string, problem: string) {
    super(`${file}: ${problem}`);
    this.name = "UnreadableFileError";
    this.code = code;
    this.file = file;
  }
}

/** Whole files above this are refused (JSON must be read whole); logs are read by their tail. */
export const MAX_WHOLE_FILE_BYTES = 64 * 1024 * 1024;

interface ReadSlice {
  /** Decoded leniently (logs may hold broken bytes); JSON goes through strict `decodeText`. */
  text: string;
  bytes: Buffer;
  /** Bytes of the file left unread (0 when the whole file was read). */
  skipped: number;
}

// The folders named on the command line (checked by assertDirectory): as given, and resolved.
// A symlink there is the user's choice; below one, no component of a path may be a symlink.
const roots = new Map<string, string>();

/** The innermost named folder `path` sits in, or undefined. */
function rootOf(path: string): [given: string, real: string] | undefined {
  let best: [string, string] | undefined;
  for (const [given, real] of roots) {
    if (
      (path === given || path.startsWith(given.endsWith(sep) ? given : given + sep)) &&
      (!best || given.length > best[0].length)
    )
      best = [given, real];
  }
  return best;
}

/**
 * Refuse `path` (whose resolved location is `real`) when it lies below a named folder but a
 * component between that folder and it is a symlink (a symlinked `agent/` or `verifier/`): its
 * resolved location must be exactly the named folder's plus the same relative path. Every
 * component is checked at once, not only the last, so nothing is read from outside the folder.
 */
function checkContained(path: string, real: string): void {
  const abs = resolve(path);
  const root = rootOf(abs);
  if (!root) return;
  if (real !== join(root[1], relative(root[0], abs))) {
    throw new UnreadableFileError(
      "FAK_SYMLINK",
      path,
      "a folder on its path is a symlink (not followed out of the folder given)",
    );
  }
}

/** Where the open file `fd` really is (the kernel's own record), else `path` resolved. */
async function realLocation(fd: number, path: string): Promise<string> {
  try {
    return await readlink(`/proc/self/fd/${fd}`);
  } catch {
    return realpath(path);
  }
}

/**
 * Read a regular file without following a symlink (O_NOFOLLOW, then fstat on the open handle,
 * so a swap between check and read cannot redirect us), nor a symlinked folder on its path
 * below the folder given (the opened file's real location is checked), nor blocking on a FIFO
 * (O_NONBLOCK: a FIFO named result.json is refused as not a regular file, never waited on).
 * `tail` reads only the last `maxBytes` bytes instead of refusing a larger file.
 * @example const { text } = await readFileSafe("job/result.json");
 */
export async function readFileSafe(
  file: string,
  opts: { maxBytes?: number; tail?: boolean } = {},
): Promise<ReadSlice> {
  const maxBytes = opts.maxBytes ?? MAX_WHOLE_FILE_BYTES;
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (err) {
    throw openError(file, err as NodeJS.ErrnoException);
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new UnreadableFileError("FAK_NOT_FILE", file, "not a regular file");
    checkContained(file, await realLocation(handle.fd, file));
    // A file with more than one name below a folder given may be a link to a file from
    // elsewhere (a hard link cannot be told from the original): not read as this folder's.
    if (info.nlink > 1 && rootOf(resolve(file))) {
      throw new UnreadableFileError(
        "FAK_HARD_LINK",
        file,
        `has ${info.nlink} hard links (a file linked in from elsewhere is not read as this folder's)`,
      );
    }
    if (info.size > maxBytes && !opts.tail) {
      throw new UnreadableFileError(
        "FAK_TOO_LARGE",
        file,
        `larger than ${maxBytes} bytes (${info.size})`,
      );
    }
    const length = Math.min(info.size, maxBytes);
    charge(file, length);
    noteBytesRead(length);
    const start = info.size - length;
    const buf = Buffer.alloc(length);
    let got = 0;
    while (got < length) {
      const { bytesRead } = await handle.read(buf, got, length - got, start + got);
      if (bytesRead === 0) break;
      got += bytesRead;
    }
    const bytes = got === length ? buf : buf.subarray(0, got);
    return {
      bytes,
      skipped: start,
      get text() {
        return bytes.toString("utf8");
      },
    };
  } finally {
    await handle.close();
  }
}

/** Bytes all the files of one job (a folder given) may cost to read, together. */
export const MAX_JOB_READ_BYTES = 1024 * 1024 * 1024;
let jobReadBudget = MAX_JOB_READ_BYTES;
// Bytes read so far below each folder given (reset when the folder is given again).
const spent = new Map<string, number>();

/**
 * Set the per-job read budget (tests); returns a function that restores the one before.
 * @example const restore = setJobReadBudget(1024); ...; restore();
 */
export function setJobReadBudget(bytes: number): () => void {
  const before = jobReadBudget;
  jobReadBudget = bytes;
  return () => {
    jobReadBudget = before;
  };
}

/**
 * Charge a read of `bytes` below a folder given to that folder's budget: the per-file cap bounds
 * one file, this bounds a job of many (a file past the budget is refused, naming the budget).
 */
function charge(file: string, bytes: number): void {
  const root = rootOf(resolve(file));
  if (!root) return;
  const used = spent.get(root[0]) ?? 0;
  if (used + bytes > jobReadBudget) {
    throw new UnreadableFileError(
      "FAK_TOO_LARGE",
      file,
      `not read: the ${jobReadBudget}-byte read budget of ${root[0]} is spent (${used} bytes read)`,
    );
  }
  spent.set(root[0], used + bytes);
}

function openError(file: string, err: NodeJS.ErrnoException): UnreadableFileError {
  if (err.code === "ENOENT") return new UnreadableFileError("FAK_MISSING", file, "missing");
  if (err.code === "ELOOP" || err.code === "EMLINK") {
    return new UnreadableFileError("FAK_SYMLINK", file, "is a symlink (not followed)");
  }
  if (err.code === "EISDIR") return new UnreadableFileError("FAK_NOT_FILE", file, "is a directory");
  if (err.code === "ENXIO")
    return new UnreadableFileError("FAK_NOT_FILE", file, "not a regular file");
  return new UnreadableFileError("FAK_IO", file, err.code ?? err.message);
}

/** Read a file that may be absent: undefined when missing, an error for anything worse. */
export async function readOptional(
  file: string,
  opts?: { maxBytes?: number; tail?: boolean },
): Promise<ReadSlice | undefined> {
  try {
    return await readFileSafe(file, opts);
  } catch (err) {
    if (err instanceof UnreadableFileError && err.code === "FAK_MISSING") return undefined;
    throw err;
  }
}

/** What a path is, without following a symlink. */
export async function pathKind(
  path: string,
): Promise<"dir" | "file" | "symlink" | "other" | "missing"> {
  try {
    const info = await lstat(path);
    if (info.isSymbolicLink()) return "symlink";
    if (!(await staysInside(path))) return "symlink";
    if (info.isDirectory()) return "dir";
    return info.isFile() ? "file" : "other";
  } catch {
    return "missing";
  }
}

/** True unless `path` lies below a named folder through a symlinked component. */
async function staysInside(path: string): Promise<boolean> {
  try {
    checkContained(path, await realpath(path));
    return true;
  } catch {
    return false;
  }
}

/** A directory entry whose name is not valid UTF-8: fak cannot open it by name. */
export interface UndecodableEntry {
  /** The name as shown, broken bytes as U+FFFD. */
  shown: string;
  isDirectory: boolean;
}

const listings = new WeakMap<Dirent[], UndecodableEntry[]>();

/**
 * Directory entries sorted by name (stable order, so runs are reproducible); [] when absent,
 * and when `dir` is reached through a symlinked folder below the folder given (never entered).
 * Entries whose name is not valid UTF-8 are left out (no path to them can be written as a
 * string); `listSubdirs` reports them.
 */
export async function listDir(dir: string): Promise<Dirent[]> {
  try {
    if (!(await staysInside(dir))) return [];
    const entries = await readdir(dir, { withFileTypes: true, encoding: "buffer" });
    const kept: Dirent[] = [];
    const undecodable: UndecodableEntry[] = [];
    for (const entry of entries) {
      const raw = entry.name as unknown as Buffer;
      const name = raw.toString("utf8");
      if (!Buffer.from(name, "utf8").equals(raw)) {
        undecodable.push({ shown: name, isDirectory: entry.isDirectory() });
        continue;
      }
      (entry as unknown as { name: string }).name = name;
      kept.push(entry as unknown as Dirent);
    }
    kept.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    listings.set(kept, undecodable);
    return kept;
  } catch {
    return [];
  }
}

/**
 * Names of the sub-directories of `dir`. Symlinks to directories are reported apart and
 * never entered (only their target's type is looked at, nothing inside it is read), and so
 * are sub-directories whose name is not valid UTF-8 (shown with U+FFFD: they cannot be opened
 * by name, which is not the same as a trial that left no files).
 */
export async function listSubdirs(
  dir: string,
): Promise<{ dirs: string[]; symlinks: string[]; undecodable: string[] }> {
  const dirs: string[] = [];
  const symlinks: string[] = [];
  const entries = await listDir(dir);
  for (const entry of entries) {
    if (entry.isDirectory()) dirs.push(entry.name);
    else if (entry.isSymbolicLink() && (await isDirTarget(join(dir, entry.name))))
      symlinks.push(entry.name);
  }
  const undecodable = (listings.get(entries) ?? [])
    .filter((e) => e.isDirectory)
    .map((e) => e.shown);
  return { dirs, symlinks, undecodable };
}

async function isDirTarget(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The folder a user named on the command line must be a directory. A symlink given there
 * is the user's own choice, so it is followed; symlinks found inside never are.
 * @example await assertDirectory("jobs/2026-01-15__09-30-00")
 */
export async function assertDirectory(dir: string): Promise<void> {
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(dir);
  } catch {
    throw new InputError({ file: dir }, "no such directory");
  }
  if (!info.isDirectory()) throw new InputError({ file: dir }, "not a directory");
  roots.set(resolve(dir), await realpath(dir));
  spent.delete(resolve(dir));
}

/**
 * Read, strictly decode (UTF-8, no NUL) and parse one JSON file, then check it against a
 * schema: an InputError names the file and the field (a truncated file reads "invalid JSON").
 * @example const result = await readJsonSafe("trial/result.json", trialResultSchema);
 */
export async function readJsonSafe<S extends z.ZodType>(
  file: string,
  schema: S,
): Promise<z.output<S>> {
  const { bytes } = await readFileSafe(file);
  const decoded = decodeText(bytes, file);
  let value: unknown;
  try {
    value = JSON.parse(decoded);
  } catch (err) {
    const problem =
      decoded.trim() === "" ? "empty file" : `invalid JSON (${jsonSyntaxProblem(decoded, err)})`;
    throw new InputError({ file }, problem);
  }
  return validate(schema, value, { file });
}

/**
 * What JSON.parse found wrong with `text`, without the excerpt of the text that V8 quotes (a
 * file's first bytes may be a secret, or anything else that was never meant to be shown): the
 * kind of mistake, and its line and column when the parser gives a position.
 * @example jsonSyntaxProblem("{\n x}", err) // "Expected property name or '}' in JSON at line 2 column 2"
 */
export function jsonSyntaxProblem(text: string, err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  const position = / at position (\d+)/.exec(message);
  const kind = message.startsWith("Unexpected token")
    ? "Unexpected token"
    : message.replace(/, ".*$/s, "").replace(/ at position \d+.*$/s, "");
  if (!position) return kind;
  const before = text.slice(0, Number(position[1]));
  const line = before.split("\n").length;
  const column = before.length - before.lastIndexOf("\n");
  return `${kind} at line ${line} column ${column}`;
}

/**
 * Run a read of an optional file: a missing file is undefined, a damaged or refused one is
 * undefined plus a note naming it, so one bad log never costs the whole trial.
 */
export async function noted<T>(notes: string[], read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof UnreadableFileError && err.code === "FAK_MISSING") return undefined;
    if (err instanceof UnreadableFileError || err instanceof InputError) {
      notes.push(err.message);
      return undefined;
    }
    throw err;
  }
}

/**
 * Python's `fnmatch` on a POSIX system (case-sensitive), as Harbor matches task names against
 * `task_names` and `exclude_task_names`: `*`, `?`, `[seq]` and `[!seq]`.
 * @example fnmatch("fix-git", "fix-*") // true
 */
export function fnmatch(name: string, pattern: string): boolean {
  return globRegex(pattern).test(name);
}

function globRegex(pattern: string): RegExp {
  let re = "";
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i] as string;
    if (ch === "*") re += "[\\s\\S]*";
    else if (ch === "?") re += "[\\s\\S]";
    else if (ch === "[") {
      const end = pattern.indexOf("]", pattern[i + 1] === "!" ? i + 3 : i + 2);
      if (end < 0) re += "\\[";
      else {
        let body = pattern.slice(i + 1, end);
        const negate = body.startsWith("!");
        if (negate) body = body.slice(1);
        re += `[${negate ? "^" : ""}${body.replace(/[\\^\]]/g, "\\$&")}]`;
        i = end;
      }
    } else re += ch.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  }
  return new RegExp(`^${re}$`);
}

/**
 * A name as an `fnmatch` pattern that matches only itself: `*`, `?` and `[` put in brackets, as
 * Python's `glob.escape` does. Harbor's `task_names` and tb's `-t` are patterns, so a task named
 * with one of them would otherwise select other tasks too.
 * @example globEscape("tune[v2]") // "tune[[]v2]"
 */
export function globEscape(name: string): string {
  return name.replace(/[*?[]/g, "[$&]");
}

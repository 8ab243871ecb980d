import { byteLines } from "./io.js";
import { Spool } from "./spool.js";
import { forTerminal } from "./terminal.js";

/** A cell fak colours: the data is made safe for a terminal first, then painted. */
export interface Painted {
  text: string;
  paint: (text: string) => string;
}

export type Cell = string | number | boolean | Painted;

/** `text` in `paint` (one of `colour`'s functions), as a table cell. */
export function painted(text: string, paint: (text: string) => string): Painted {
  return { text, paint };
}

// A stored cell: the painted text and the width it shows with (colour codes take no columns).
type Stored = [text: string, width: number];

/** A cell as shown: its (painted) text and the columns it takes. */
export function cellText(cell: Cell): Stored {
  if (typeof cell === "object") {
    const text = forTerminal(cell.text);
    return [cell.paint(text), text.length];
  }
  const text = forTerminal(String(cell));
  return [text, text.length];
}

/**
 * An aligned table for people, built row by row in bounded memory: rows are spooled (to a
 * temporary file past a few megabytes) while the column widths are kept as running maxima, then
 * written out once all are known. Every cell is made safe for a terminal (no escape sequence from
 * data reaches it). Nothing is written until `write`, so bad input met while rows are still being
 * pushed leaves stdout empty.
 * @example const t = new TableSink(["task", "code"]); t.push(["t1", "ok"]); await t.write(out);
 */
export class TableSink {
  private readonly spool = new Spool();
  private readonly widths: number[];
  private readonly header: Stored[];

  constructor(headers: readonly Cell[]) {
    this.header = headers.map(cellText);
    this.widths = this.header.map(([, w]) => w);
  }

  push(row: readonly Cell[]): void {
    const cells = row.map(cellText);
    cells.forEach(([, w], i) => {
      if (w > (this.widths[i] ?? 0)) this.widths[i] = w;
    });
    this.spool.push(`${JSON.stringify(cells)}\n`);
  }

  private line(cells: readonly Stored[]): string {
    return cells
      .map(([text, w], i) => text + " ".repeat(Math.max(0, (this.widths[i] ?? 0) - w)))
      .join("  ")
      .trimEnd();
  }

  /** Write the header (in `bold`) and every row through `sink`, a few hundred kilobytes at a time. */
  async write(sink: (text: string) => Promise<void>, bold: (s: string) => string): Promise<void> {
    let batch = `${bold(this.line(this.header))}\n`;
    // Our own rows, one JSON array a line: no line limit applies to what fak wrote itself.
    for await (const raw of byteLines(this.spool.drain(), "(table spool)", Infinity)) {
      batch += `${this.line(JSON.parse(raw.toString("utf8")) as Stored[])}\n`;
      if (batch.length >= 1 << 18) {
        await sink(batch);
        batch = "";
      }
    }
    await sink(batch);
  }

  /** Drop every row pushed (bad input met). */
  discard(): void {
    this.spool.discard();
  }
}

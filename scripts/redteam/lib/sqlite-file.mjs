// Just enough of the SQLite file format (https://sqlite.org/fileformat2.html) to find where a
// table's rows and an index's keys sit in a database file, so a check can flip one bit in a
// chosen place: page headers, cell pointers, record headers, column bytes.

const LEAF_TABLE = 0x0d;
const INTERIOR_TABLE = 0x05;
const LEAF_INDEX = 0x0a;
const INTERIOR_INDEX = 0x02;

/** A varint at `off`: { value, size } (values here stay below 2^53). */
function varint(buf, off) {
  let value = 0;
  for (let i = 0; i < 8; i++) {
    const b = buf[off + i];
    value = value * 128 + (b & 0x7f);
    if ((b & 0x80) === 0) return { value, size: i + 1 };
  }
  return { value: value * 256 + buf[off + 8], size: 9 };
}

function serialSize(t) {
  if (t >= 12) return Math.floor((t - (t % 2 === 0 ? 12 : 13)) / 2);
  return [0, 1, 2, 3, 4, 6, 8, 8, 0, 0, 0, 0][t];
}

export class SqliteFile {
  constructor(buf) {
    this.buf = buf;
    const ps = buf.readUInt16BE(16);
    this.pageSize = ps === 1 ? 65536 : ps;
    this.usable = this.pageSize - buf[20];
    this.pages = Math.floor(buf.length / this.pageSize);
  }
  pageOffset(n) {
    return (n - 1) * this.pageSize;
  }
  /** Byte offset of page n's b-tree header (page 1 has the 100-byte file header first). */
  headerOffset(n) {
    return this.pageOffset(n) + (n === 1 ? 100 : 0);
  }
  pageType(n) {
    return this.buf[this.headerOffset(n)];
  }
  /** Offsets (absolute) of each cell pointer entry and the cell it points at, on page n. */
  cells(n) {
    const h = this.headerOffset(n);
    const type = this.buf[h];
    const count = this.buf.readUInt16BE(h + 3);
    const ptrStart = h + (type === LEAF_TABLE || type === LEAF_INDEX ? 8 : 12);
    const out = [];
    for (let i = 0; i < count; i++) {
      const ptrAt = ptrStart + 2 * i;
      out.push({ ptrAt, cellAt: this.pageOffset(n) + this.buf.readUInt16BE(ptrAt) });
    }
    return out;
  }
  /** Every leaf page of the b-tree rooted at `root`, in order. */
  leaves(root) {
    const out = [];
    const visit = (n, depth) => {
      if (depth > 20 || n < 1 || n > this.pages) return;
      const type = this.pageType(n);
      if (type === LEAF_TABLE || type === LEAF_INDEX) {
        out.push(n);
        return;
      }
      if (type !== INTERIOR_TABLE && type !== INTERIOR_INDEX) return;
      for (const c of this.cells(n)) visit(this.buf.readUInt32BE(c.cellAt), depth + 1);
      visit(this.buf.readUInt32BE(this.headerOffset(n) + 8), depth + 1);
    };
    visit(root, 0);
    return out;
  }
  /**
   * The record of a leaf cell (no overflow): its columns with type, absolute offset of the
   * value bytes and of the serial-type varint, and text values decoded.
   */
  record(n, cellAt) {
    const type = this.pageType(n);
    let off = cellAt;
    const payload = varint(this.buf, off);
    const payloadAt = off;
    off += payload.size;
    let rowid = null;
    if (type === LEAF_TABLE) {
      const r = varint(this.buf, off);
      rowid = r.value;
      off += r.size;
    }
    const recordAt = off;
    const hs = varint(this.buf, off);
    let typeAt = off + hs.size;
    let valueAt = off + hs.value;
    const columns = [];
    while (typeAt < recordAt + hs.value) {
      const t = varint(this.buf, typeAt);
      const size = serialSize(t.value);
      const col = { serial: t.value, typeAt, valueAt, size };
      if (t.value >= 13 && t.value % 2 === 1) {
        col.text = this.buf.toString("utf8", valueAt, valueAt + size);
      } else if (t.value >= 1 && t.value <= 6) {
        col.int = this.buf.readIntBE(valueAt, Math.min(size, 6));
      }
      columns.push(col);
      typeAt += t.size;
      valueAt += size;
    }
    return { rowid, payloadAt, payloadSize: payload.value, columns };
  }
  /** Rows of the b-tree rooted at `root`: { page, cell, record }. */
  rows(root) {
    const out = [];
    for (const page of this.leaves(root)) {
      for (const cell of this.cells(page))
        out.push({ page, cell, record: this.record(page, cell.cellAt) });
    }
    return out;
  }
  /** sqlite_schema entries: { type, name, tbl_name, rootpage }. */
  schema() {
    return this.rows(1).map(({ record }) => {
      const [type, name, tbl, root] = record.columns;
      return { type: type.text, name: name.text, tbl_name: tbl.text, rootpage: root.int ?? 0 };
    });
  }
  /** Flip bit `bit` (0-7) of the byte at `at`. */
  flip(at, bit) {
    this.buf[at] ^= 1 << bit;
  }
}

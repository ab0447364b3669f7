import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A disk memo of passage embeddings, keyed by model and text: re-indexing the same bare acts (every eval
 * run builds a fresh index) then costs a file read instead of minutes of inference. Records are appended
 * as [20-byte SHA-1][dims × float32]; a torn last record is ignored.
 */
export class EmbeddingCache {
  private readonly map = new Map<string, Float32Array>();
  private fd: number | undefined;

  /** Off once the file cannot be written (a read-only directory): the memo then lives in memory only. */
  private writable = true;

  /** `opts.bytes`: the file's content, already read by the caller (read-only use), instead of reading it again. */
  constructor(private readonly file: string, private readonly dims: number, opts: { readOnly?: boolean; bytes?: Buffer } = {}) {
    this.writable = !opts.readOnly;
    const record = 20 + dims * 4;
    let buf = opts.bytes;
    try {
      buf ??= fs.existsSync(file) ? fs.readFileSync(file) : undefined;
    } catch {
      // An unreadable memo only costs the time to embed again.
      buf = undefined;
    }
    if (buf) {
      for (let off = 0; off + record <= buf.length; off += record) {
        const key = buf.subarray(off, off + 20).toString('hex');
        const copy = new Uint8Array(buf.subarray(off + 20, off + record));
        this.map.set(key, new Float32Array(copy.buffer));
      }
    }
  }

  /** The memo file of one model under `dir` (`prefix` keeps memos of different texts apart). */
  static fileFor(dir: string, model: string, prefix = ''): string {
    return path.join(dir, `${prefix}${model.replace(/[^A-Za-z0-9._-]/g, '_')}.f32`);
  }

  static key(model: string, text: string): string {
    return createHash('sha1').update(model).update('\u0000').update(text).digest('hex');
  }

  get size(): number {
    return this.map.size;
  }

  get(key: string): Float32Array | undefined {
    return this.map.get(key);
  }

  put(key: string, v: Float32Array): void {
    if (this.map.has(key) || v.length !== this.dims) return;
    this.map.set(key, v);
    if (!this.writable) return;
    try {
      if (this.fd === undefined) {
        fs.mkdirSync(path.dirname(this.file), { recursive: true });
        this.fd = fs.openSync(this.file, 'a');
      }
      fs.writeSync(this.fd, Buffer.concat([Buffer.from(key, 'hex'), Buffer.from(v.buffer, v.byteOffset, v.byteLength)]));
    } catch {
      this.writable = false;
    }
  }

  /** Writes `entries` as a fresh file (through a temporary name, so a reader never sees half of it); returns its bytes. */
  static write(file: string, entries: Iterable<[string, Float32Array]>): Buffer {
    const parts: Buffer[] = [];
    for (const [key, v] of entries) parts.push(Buffer.from(key, 'hex'), Buffer.from(v.buffer, v.byteOffset, v.byteLength));
    const bytes = Buffer.concat(parts);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(`${file}.tmp`, bytes);
    fs.renameSync(`${file}.tmp`, file);
    return bytes;
  }

  close(): void {
    if (this.fd !== undefined) fs.closeSync(this.fd);
    this.fd = undefined;
  }
}

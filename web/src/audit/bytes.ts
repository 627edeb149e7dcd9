// Byte-string helpers of docs/shuffle-spec.md section 1 (u32be, u64be, lp, utf8, hex) and the
// strict hex/base64 decoders the verifier needs. Every decoder throws a `Failed` naming what was
// wrong; nothing here touches the network or the clock.

/** A check does not hold; the message says why, for a person. */
export class Failed extends Error {}

export function fail(message: string): never {
  throw new Failed(message);
}

export function require(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Failed(message);
}

export function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export function u32be(n: number): Uint8Array {
  require(Number.isInteger(n) && n >= 0 && n < 2 ** 32, `${n} does not fit in 32 bits`);
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, n);
  return out;
}

export function u64be(n: number | bigint): Uint8Array {
  const big = BigInt(n);
  require(big >= 0n && big < 2n ** 64n, `${n} does not fit in 64 bits`);
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, big);
  return out;
}

/** u32be(len(x)) || x */
export function lp(x: Uint8Array): Uint8Array {
  return concat(u32be(x.length), x);
}

// a lone surrogate has no UTF-8 encoding: the spec calls such a string invalid, and
// TextEncoder would silently replace it with U+FFFD
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function utf8(s: string): Uint8Array {
  require(typeof s === "string", "not a string");
  require(!LONE_SURROGATE.test(s), `the string ${JSON.stringify(s.slice(0, 20))} has a lone surrogate`);
  return new TextEncoder().encode(s);
}

export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Lowercase hex of whole bytes; `length` (bytes) when given must match. */
export function fromHex(value: unknown, what: string, length?: number): Uint8Array {
  require(typeof value === "string" && /^(?:[0-9a-f]{2})*$/.test(value), `${what} is not lowercase hex`);
  if (length !== undefined) {
    require(value.length === 2 * length, `${what} is not ${length} bytes (${2 * length} hex digits)`);
  }
  const out = new Uint8Array(value.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(value.slice(2 * i, 2 * i + 2), 16);
  return out;
}

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

export function toBase64(bytes: Uint8Array): string {
  let out = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const [a, b, c] = [bytes[i], bytes[i + 1], bytes[i + 2]];
    const n = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
    out += B64[(n >> 18) & 63] + B64[(n >> 12) & 63];
    out += b === undefined ? "=" : B64[(n >> 6) & 63];
    out += c === undefined ? "=" : B64[n & 63];
  }
  return out;
}

/** Standard base64 with padding, in its one canonical spelling (no spaces, no stray bits). */
export function fromBase64(value: unknown, what: string): Uint8Array {
  require(typeof value === "string" && value.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(value),
    `${what} is not standard base64`);
  const clean = value.replace(/=+$/, "");
  const out: number[] = [];
  let bits = 0;
  let acc = 0;
  for (const ch of clean) {
    acc = (acc << 6) | B64.indexOf(ch);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push((acc >> bits) & 0xff);
    }
  }
  const bytes = Uint8Array.from(out);
  require(toBase64(bytes) === value, `${what} is not canonical base64`);
  return bytes;
}

export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** The first 12 hex digits and an ellipsis, for messages. */
export function short(hex: string): string {
  return typeof hex === "string" ? `${hex.slice(0, 12)}…` : String(hex);
}

export function isInt(x: unknown): x is number {
  return typeof x === "number" && Number.isSafeInteger(x);
}

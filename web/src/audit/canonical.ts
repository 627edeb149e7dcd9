// The canonical JSON of a log leaf (docs/audit.md section 2): keys sorted by code point, no
// whitespace, every non-ASCII character escaped as \uXXXX, integers only. A leaf is accepted only
// when it is exactly the canonical JSON of what it parses to, which also rules out duplicate keys,
// fractions, exponents and integers beyond what a JSON number holds exactly.
import { require } from "./bytes";

const SHORT: Record<string, string> = { '"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f" };

function quote(s: string): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    const code = s.charCodeAt(i); // UTF-16 units: an astral character becomes its surrogate pair, as required
    if (SHORT[ch]) out += SHORT[ch];
    else if (code < 0x20 || code > 0x7e) out += "\\u" + code.toString(16).padStart(4, "0");
    else out += ch;
  }
  return out + '"';
}

function byCodePoint(a: string, b: string): number {
  const x = Array.from(a, (c) => c.codePointAt(0)!);
  const y = Array.from(b, (c) => c.codePointAt(0)!);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] - y[i];
  return x.length - y.length;
}

export function canonicalJson(value: unknown): string {
  if (value === null) return "null";
  if (value === true) return "true";
  if (value === false) return "false";
  if (typeof value === "string") return quote(value);
  if (typeof value === "number") {
    require(Number.isSafeInteger(value), `${value} is not an integer a leaf may hold`);
    return String(value);
  }
  if (Array.isArray(value)) return "[" + value.map(canonicalJson).join(",") + "]";
  if (typeof value === "object") {
    const keys = Object.keys(value).sort(byCodePoint);
    return "{" + keys.map((k) => quote(k) + ":" + canonicalJson((value as Record<string, unknown>)[k])).join(",") + "}";
  }
  throw new Error(`a ${typeof value} has no JSON form`);
}

/** The record a leaf holds, when the leaf is ASCII and exactly its canonical JSON object. */
export function parseCanonicalLeaf(leaf: Uint8Array): Record<string, unknown> {
  require(leaf.every((b) => b < 0x80), "the leaf is not ASCII");
  const text = new TextDecoder().decode(leaf);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    require(false, "the leaf is not JSON");
  }
  require(typeof value === "object" && value !== null && !Array.isArray(value), "the leaf is not a JSON object");
  let canonical = "";
  try {
    canonical = canonicalJson(value);
  } catch {
    require(false, "the leaf is not canonical JSON");
  }
  require(canonical === text, "the leaf is not canonical JSON");
  return value as Record<string, unknown>;
}

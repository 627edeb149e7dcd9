// Signed checkpoints (docs/audit.md section 4): the verifier key of golang.org/x/mod/sumdb/note,
// C2SP signed notes with Ed25519 signatures, and the C2SP tlog-checkpoint body they sign.
import { concat, equalBytes, fail, fromBase64, require, toHex, utf8 } from "./bytes";
import { ed25519Verify, sha256 } from "./crypto";

const ED25519 = 0x01; // the signature type byte of an Ed25519 verifier key

export interface VerifierKey {
  name: string;
  keyId: Uint8Array; // 4 bytes
  publicKey: Uint8Array; // 32 bytes
}

async function keyIdOf(name: string, publicKey: Uint8Array): Promise<Uint8Array> {
  return (await sha256(concat(utf8(name), Uint8Array.of(0x0a, ED25519), publicKey))).slice(0, 4);
}

/** `<name>+<key id, 8 hex>+<base64(0x01 || 32-byte key)>`, its key id recomputed and compared. */
export async function parseVerifierKey(text: unknown): Promise<VerifierKey> {
  require(typeof text === "string", "the public key is not a string");
  // the name and the key id end at the first two "+": base64 has "+" of its own
  const m = /^([^+]*)\+([^+]*)\+(.*)$/s.exec(text.trim());
  require(m, "the public key is not <name>+<key id>+<key>");
  const [, name, id, key] = m;
  require(name.length > 0 && !/\s/u.test(name), "the key name is empty or has spaces");
  require(/^[0-9a-f]{8}$/.test(id), "the key id is not 8 lowercase hex digits");
  const raw = fromBase64(key, "the public key");
  require(raw.length === 33 && raw[0] === ED25519, "the public key is not an Ed25519 key (0x01 and 32 bytes)");
  const publicKey = raw.slice(1);
  const keyId = await keyIdOf(name, publicKey);
  require(toHex(keyId) === id, "the key id does not match the key name and key");
  return { name, keyId, publicKey };
}

export interface Signature {
  name: string;
  keyId: Uint8Array;
  signature: Uint8Array;
}

/** Splits a signed note into its signed text (ending in a newline) and its signature lines. */
export function splitNote(note: unknown): { text: string; signatures: Signature[] } {
  require(typeof note === "string" && note.endsWith("\n"), "the checkpoint is not a signed note (it must end with a newline)");
  const split = note.lastIndexOf("\n\n");
  require(split >= 0, "the checkpoint is not a signed note (no blank line before the signatures)");
  const text = note.slice(0, split + 1);
  const lines = note.slice(split + 2, -1).split("\n");
  const signatures = lines.map((line, n) => {
    const m = /^\u2014 (\S+) (\S+)$/u.exec(line);
    require(m, `signature line ${n + 1} is not "\u2014 <key name> <base64 signature>"`);
    const raw = fromBase64(m[2], `signature ${n + 1}`);
    require(raw.length > 4, `signature ${n + 1} is too short`);
    return { name: m[1], keyId: raw.slice(0, 4), signature: raw.slice(4) };
  });
  return { text, signatures };
}

/** The signed text of `note` when it carries a valid signature by `key` (others are ignored). */
export async function openNote(note: unknown, key: VerifierKey): Promise<string> {
  const { text, signatures } = splitNote(note);
  const mine = signatures.filter((s) => s.name === key.name && equalBytes(s.keyId, key.keyId));
  require(mine.length > 0, `the checkpoint carries no signature by ${key.name}+${toHex(key.keyId)}`);
  for (const s of mine) {
    require(s.signature.length === 64, "the Ed25519 signature is not 64 bytes");
    const valid = await ed25519Verify(key.publicKey, s.signature, utf8(text));
    require(valid, `the signature by ${key.name} does not verify: the checkpoint or its signature was changed`);
  }
  return text;
}

export interface Checkpoint {
  origin: string;
  size: number;
  root: Uint8Array;
}

/** The C2SP tlog-checkpoint body: origin, decimal tree size, base64 root hash, extension lines. */
export function parseCheckpoint(body: string): Checkpoint {
  const lines = body.split("\n");
  require(lines.length >= 4 && lines[lines.length - 1] === "", "the checkpoint body has fewer than three lines");
  const [origin, size, root] = lines;
  require(origin.length > 0, "the checkpoint names no origin");
  require(/^(0|[1-9][0-9]*)$/.test(size), `the tree size ${JSON.stringify(size.slice(0, 24))} is not a decimal number`);
  const n = Number(size);
  require(Number.isSafeInteger(n), "the tree size is too large");
  const hash = fromBase64(root, "the root hash");
  if (hash.length !== 32) fail("the root hash is not 32 bytes");
  return { origin, size: n, root: hash };
}

export async function openCheckpoint(note: unknown, publicKey: unknown): Promise<Checkpoint & { key: VerifierKey }> {
  const key = await parseVerifierKey(publicKey);
  return { ...parseCheckpoint(await openNote(note, key)), key };
}

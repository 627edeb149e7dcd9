// The transparency log's Merkle tree (RFC 9162 section 2.1, identical to RFC 6962 2.1;
// docs/audit.md section 3): leaf and node hashes, the root of a list of leaves, and the
// verification of inclusion (2.1.3.2) and consistency (2.1.4.2) proofs. Tree sizes and indices
// are JavaScript numbers (exact up to 2^53), so shifts are done by halving, not with `>>`.
import { concat, equalBytes } from "./bytes";
import { sha256 } from "./crypto";

export async function leafHash(leaf: Uint8Array): Promise<Uint8Array> {
  return sha256(concat(Uint8Array.of(0), leaf));
}

export async function nodeHash(left: Uint8Array, right: Uint8Array): Promise<Uint8Array> {
  return sha256(concat(Uint8Array.of(1), left, right));
}

/** MTH(D[n]) of RFC 9162 2.1.1. */
export async function merkleRoot(leaves: readonly Uint8Array[]): Promise<Uint8Array> {
  if (leaves.length === 0) return sha256(new Uint8Array(0));
  if (leaves.length === 1) return leafHash(leaves[0]);
  let k = 1;
  while (k * 2 < leaves.length) k *= 2;
  return nodeHash(await merkleRoot(leaves.slice(0, k)), await merkleRoot(leaves.slice(k)));
}

const odd = (n: number) => n % 2 === 1;
const half = (n: number) => Math.floor(n / 2);

/** RFC 9162 2.1.3.2: does `proof` (hashes from the leaf upwards) put `leaf` at `index` of the tree of `size` with `root`? */
export async function inclusionHolds(leaf: Uint8Array, index: number, size: number,
  proof: readonly Uint8Array[], root: Uint8Array): Promise<boolean> {
  if (!(Number.isSafeInteger(index) && Number.isSafeInteger(size) && index >= 0 && index < size)) return false;
  let fn = index;
  let sn = size - 1;
  let r = await leafHash(leaf);
  for (const p of proof) {
    if (sn === 0) return false;
    if (odd(fn) || fn === sn) {
      r = await nodeHash(p, r);
      while (!odd(fn) && fn !== 0) {
        fn = half(fn);
        sn = half(sn);
      }
    } else {
      r = await nodeHash(r, p);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0 && equalBytes(r, root);
}

function powerOfTwo(n: number): boolean {
  while (n > 1 && n % 2 === 0) n /= 2;
  return n === 1;
}

/** RFC 9162 2.1.4.2: does `proof` show that the tree of `size2` with `root2` extends the tree of `size1` with `root1`?
 *  Where the RFC is silent (docs/audit.md 3): between equal sizes the proof is empty and the roots equal; from
 *  size 0 the proof is empty and the old root is SHA-256() of nothing. */
export async function consistencyHolds(size1: number, size2: number, root1: Uint8Array, root2: Uint8Array,
  proof: readonly Uint8Array[]): Promise<boolean> {
  if (!(Number.isSafeInteger(size1) && Number.isSafeInteger(size2) && 0 <= size1 && size1 <= size2)) return false;
  if (size1 === size2) return proof.length === 0 && equalBytes(root1, root2);
  if (size1 === 0) {
    return proof.length === 0 && equalBytes(root1, await sha256(new Uint8Array(0)));
  }
  if (proof.length === 0) return false;
  const path = [...proof];
  if (powerOfTwo(size1)) path.unshift(root1);
  let fn = size1 - 1;
  let sn = size2 - 1;
  while (odd(fn)) {
    fn = half(fn);
    sn = half(sn);
  }
  let fr = path[0];
  let sr = path[0];
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (odd(fn) || fn === sn) {
      fr = await nodeHash(c, fr);
      sr = await nodeHash(c, sr);
      while (!odd(fn) && fn !== 0) {
        fn = half(fn);
        sn = half(sn);
      }
    } else {
      sr = await nodeHash(sr, c);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0 && equalBytes(fr, root1) && equalBytes(sr, root2);
}

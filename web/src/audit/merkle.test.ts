// Given the Certificate Transparency project's RFC 6962 vectors (tests/deck/data/rfc6962_vectors.json,
// the ones the Python tests use: an 8-leaf tree, its roots, inclusion and consistency proofs), when this
// implementation hashes and verifies them, then it agrees; and any changed byte, index or size fails.
import { describe, expect, it } from "vitest";
import rfc from "../../../tests/deck/data/rfc6962_vectors.json";
import { fromHex, toHex, utf8 } from "./bytes";
import { sha256 } from "./crypto";
import { consistencyHolds, inclusionHolds, leafHash, merkleRoot, nodeHash } from "./merkle";

const leaves = rfc.leaves.map((l) => fromHex(l, "leaf"));
const root = (size: number) => fromHex(rfc.roots[size - 1], "root");
const hashes = (proof: string[]) => proof.map((h) => fromHex(h, "proof hash"));
function flipped(bytes: Uint8Array, at = 0): Uint8Array {
  const out = bytes.slice();
  out[at] ^= 1;
  return out;
}

describe("the RFC 6962 hasher", () => {
  it("hashes the empty tree, leaves and nodes as published", async () => {
    expect(toHex(await merkleRoot([]))).toBe(rfc.hasher.empty_root);
    expect(toHex(await leafHash(new Uint8Array(0)))).toBe(rfc.hasher.empty_leaf_hash);
    expect(toHex(await leafHash(utf8(rfc.hasher.leaf.input_ascii)))).toBe(rfc.hasher.leaf.hash);
    expect(toHex(await nodeHash(utf8(rfc.hasher.node.left_ascii), utf8(rfc.hasher.node.right_ascii)))).toBe(rfc.hasher.node.hash);
  });

  it.each(rfc.roots.map((r, i) => [i + 1, r] as const))("the tree of the first %i leaves has the published root", async (size, r) => {
    expect(toHex(await merkleRoot(leaves.slice(0, size)))).toBe(r);
  });
});

describe("inclusion proofs (RFC 9162 2.1.3.2)", () => {
  it.each(rfc.inclusion_proofs.map((p) => [p.leaf_index, p.tree_size, p] as const))("leaf %i of %i verifies", async (i, n, p) => {
    expect(await inclusionHolds(leaves[i], i, n, hashes(p.proof), root(n))).toBe(true);
  });

  it.each(rfc.inclusion_proofs.map((p) => [p.leaf_index, p.tree_size, p] as const))("leaf %i of %i fails when anything changes", async (i, n, p) => {
    const proof = hashes(p.proof);
    for (let h = 0; h < proof.length; h++) {
      const changed = proof.map((x, j) => (j === h ? flipped(x, 31) : x));
      expect(await inclusionHolds(leaves[i], i, n, changed, root(n))).toBe(false);
    }
    expect(await inclusionHolds(flipped(utf8("x" + toHex(leaves[i]))), i, n, proof, root(n))).toBe(false);
    expect(await inclusionHolds(leaves[i], i + 1, n, proof, root(n))).toBe(false);
    expect(await inclusionHolds(leaves[i], i, 2 * n + 1, proof, root(n))).toBe(false); // (n+1 may share the shape of n)
    expect(await inclusionHolds(leaves[i], i, n, proof, flipped(root(n)))).toBe(false);
    expect(await inclusionHolds(leaves[i], i, n, [...proof, proof[0] ?? root(1)], root(n))).toBe(false);
  });
});

describe("consistency proofs (RFC 9162 2.1.4.2)", () => {
  it.each(rfc.consistency_proofs.map((p) => [p.size1, p.size2, p] as const))("%i -> %i verifies", async (m, n, p) => {
    expect(await consistencyHolds(m, n, root(m), root(n), hashes(p.proof))).toBe(true);
  });

  it.each(rfc.consistency_proofs.map((p) => [p.size1, p.size2, p] as const))("%i -> %i fails when anything changes", async (m, n, p) => {
    const proof = hashes(p.proof);
    for (let h = 0; h < proof.length; h++) {
      const changed = proof.map((x, j) => (j === h ? flipped(x, 5) : x));
      expect(await consistencyHolds(m, n, root(m), root(n), changed)).toBe(false);
    }
    expect(await consistencyHolds(m, n, flipped(root(m)), root(n), proof)).toBe(false);
    expect(await consistencyHolds(m, n, root(m), flipped(root(n)), proof)).toBe(false);
    if (n > m) expect(await consistencyHolds(n, m, root(n), root(m), proof)).toBe(false);
    if (m > 1) expect(await consistencyHolds(m - 1, n, root(m - 1), root(n), proof)).toBe(false);
  });

  it("between equal sizes the proof is empty, and from size 0 the old root is SHA-256()", async () => {
    const empty = await sha256(new Uint8Array(0));
    expect(await consistencyHolds(8, 8, root(8), root(8), [])).toBe(true);
    expect(await consistencyHolds(8, 8, root(8), root(7), [])).toBe(false);
    expect(await consistencyHolds(0, 8, empty, root(8), [])).toBe(true);
    expect(await consistencyHolds(0, 8, root(1), root(8), [])).toBe(false);
  });
});

// PATH and PROOF of RFC 9162 2.1.3.1 and 2.1.4.1, written here to prove every index of every small tree
async function path(m: number, d: Uint8Array[]): Promise<Uint8Array[]> {
  if (d.length <= 1) return [];
  let k = 1;
  while (k * 2 < d.length) k *= 2;
  return m < k ? [...(await path(m, d.slice(0, k))), await merkleRoot(d.slice(k))]
    : [...(await path(m - k, d.slice(k))), await merkleRoot(d.slice(0, k))];
}
async function subproof(m: number, d: Uint8Array[], whole: boolean): Promise<Uint8Array[]> {
  if (m === d.length) return whole ? [] : [await merkleRoot(d)];
  let k = 1;
  while (k * 2 < d.length) k *= 2;
  return m <= k ? [...(await subproof(m, d.slice(0, k), whole)), await merkleRoot(d.slice(k))]
    : [...(await subproof(m - k, d.slice(k), false)), await merkleRoot(d.slice(0, k))];
}

describe("every proof of every tree up to 17 leaves", () => {
  it("verifies, and fails one leaf over", async () => {
    const d = Array.from({ length: 17 }, (_, i) => utf8(`leaf ${i}`));
    for (let n = 1; n <= d.length; n++) {
      const r = await merkleRoot(d.slice(0, n));
      for (let i = 0; i < n; i++) {
        const p = await path(i, d.slice(0, n));
        expect(await inclusionHolds(d[i], i, n, p, r)).toBe(true);
        expect(await inclusionHolds(d[(i + 1) % n], i, n, p, r)).toBe(n === 1);
      }
      for (let m = 1; m <= n; m++) {
        const p = await subproof(m, d.slice(0, n), true);
        expect(await consistencyHolds(m, n, await merkleRoot(d.slice(0, m)), r, p)).toBe(true);
      }
    }
  });
});

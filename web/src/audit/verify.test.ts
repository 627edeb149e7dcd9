// Given real audit bundles of finished games (exported with `foodgames audit export` from a `foodgames up`
// stack after `foodgames demo`: fixtures/foodie-forest.json and fixtures/food-fight.json, and the v1 bundle
// the Python tests keep), when the browser's verifier checks them, then every check holds under the
// Python verifier's names; and when any single thing in them is changed, the right named check fails.
import { describe, expect, it } from "vitest";
import v1Bundle from "../../../tests/deck/data/v1-bundle.json";
import rfc from "../../../tests/deck/data/rfc6962_vectors.json";
import foodFight from "./fixtures/food-fight.json";
import foodieForest from "./fixtures/foodie-forest.json";
import pythonNames from "./fixtures/python-check-names.json";
import { concat, fromBase64, fromHex, toBase64, toHex, utf8 } from "./bytes";
import { merkleRoot } from "./merkle";
import { SKIPPED, verifyBundle, verifyConsistency } from "./verify";

type Bundle = Record<string, any>;
const BUNDLES: [string, Bundle][] = [["foodie-forest.json", foodieForest], ["food-fight.json", foodFight],
  ["../../../../tests/deck/data/v1-bundle.json", v1Bundle]];
const DECK_KEY = (foodieForest as Bundle).log.public_key as string;
const fresh = (b: Bundle): Bundle => structuredClone(b);

async function failedChecks(b: unknown, key?: string): Promise<string[]> {
  const result = await verifyBundle(b, key);
  expect(result.ok).toBe(false);
  return result.checks.filter((c) => !c.ok).map((c) => c.name);
}

describe("honest bundles verify", () => {
  it.each(BUNDLES)("%s: every check holds, named as the Python verifier names it", async (file, bundle) => {
    const result = await verifyBundle(fresh(bundle));
    expect(result.checks.filter((c) => !c.ok)).toEqual([]);
    expect(result.ok).toBe(true);
    const python = (pythonNames.bundles as Record<string, { checks: string[] }>)[file].checks;
    const recordChecks = ["game record", "final result"];
    expect(result.checks.map((c) => c.name)).toEqual(python.filter((n) => !recordChecks.includes(n)));
    expect(result.skipped.map((s) => s.name)).toEqual(expect.arrayContaining(recordChecks));
    expect(result.skipped.find((s) => s.name === "game record")!.reason).toMatch(/rules/);
  });

  it("with the operator's key, in either form, the operator key check holds", async () => {
    const raw = toHex(fromBase64(DECK_KEY.split("+").slice(2).join("+"), "key").slice(1));
    for (const key of [DECK_KEY, raw, raw.toUpperCase()]) {
      const result = await verifyBundle(fresh(foodieForest), key);
      expect(result.ok).toBe(true);
      expect(result.checks[1]).toMatchObject({ name: "operator key", ok: true });
    }
  });
});

function swapTwoCards(order: string[]) {
  const i = order.findIndex((c) => c !== order[0]);
  [order[0], order[i]] = [order[i], order[0]];
}
function flipHexDigit(hex: string, at = 0): string {
  return hex.slice(0, at) + (hex[at] === "0" ? "1" : "0") + hex.slice(at + 1);
}
function flipBase64Byte(b64: string, at: number): string {
  const bytes = fromBase64(b64, "x");
  bytes[at] ^= 1;
  return toBase64(bytes);
}
const shuffleApplied = (b: Bundle, deck: string, k: number) =>
  b.events.findIndex((e: Bundle) => e.type === "ShuffleApplied" && e.data.deck === deck && e.data.k === k);

// each change, and the checks that must fail for it (others may fail too)
const TAMPERS: [string, (b: Bundle) => void, (b: Bundle) => string[]][] = [
  ["a card of a shuffle's order", (b) => swapTwoCards(b.shuffles[1].order),
    (b) => [`shuffle ${b.shuffles[1].deck}#${b.shuffles[1].k}: commitments`, `shuffle ${b.shuffles[1].deck}#${b.shuffles[1].k}: re-derived order`,
      `game event ${shuffleApplied(b, b.shuffles[1].deck, b.shuffles[1].k)} (ShuffleApplied ${b.shuffles[1].deck}#${b.shuffles[1].k})`]],
  ["a card of a shuffle's input cards", (b) => { b.shuffles[0].cards[0] += "x"; },
    (b) => [`shuffle ${b.shuffles[0].deck}#${b.shuffles[0].k}: commitments`, `shuffle ${b.shuffles[0].deck}#${b.shuffles[0].k}: re-derived order`]],
  ["a card the game dealt (a ShuffleApplied event's order)", (b) => swapTwoCards(b.events[shuffleApplied(b, b.shuffles[0].deck, b.shuffles[0].k)].data.order),
    (b) => [`game event ${shuffleApplied(b, b.shuffles[0].deck, b.shuffles[0].k)} (ShuffleApplied ${b.shuffles[0].deck}#${b.shuffles[0].k})`]],
  ["a byte of the revealed server seed", (b) => { b.server_seed = flipHexDigit(b.server_seed, 7); },
    () => ["commitment", "reveal log entry"]],
  ["the commitment", (b) => { b.commitment.sha256 = flipHexDigit(b.commitment.sha256); }, () => ["commitment", "commitment log entry"]],
  ["a byte of a client seed", (b) => { b.client_seeds[0].seed = flipHexDigit(b.client_seeds[0].seed, 3); },
    (b) => b.shuffles.flatMap((s: Bundle) => [`shuffle ${s.deck}#${s.k}: commitments`,
      ...(s.cards.length > 1 ? [`shuffle ${s.deck}#${s.k}: re-derived order`] : [])])], // one card has one order
  ["a client seed's player", (b) => { b.client_seeds[0].player = "mallory"; }, () => ["client seeds"]],
  ["a byte of a leaf", (b) => { b.log.entries[2].leaf = flipBase64Byte(b.log.entries[2].leaf, 10); },
    (b) => [`inclusion of log entry ${b.log.entries[2].index}`]],
  ["a hash of an inclusion proof", (b) => { b.log.entries[1].inclusion_proof[0] = flipHexDigit(b.log.entries[1].inclusion_proof[0], 63); },
    (b) => [`inclusion of log entry ${b.log.entries[1].index}`]],
  ["a byte of the checkpoint's signature", (b) => {
    const [body, sig] = b.log.checkpoint.split("\n\n");
    const [, name, value] = /^(\S+ \S+) (\S+)\n$/u.exec(sig)!;
    b.log.checkpoint = `${body}\n\n${name} ${flipBase64Byte(value, 20)}\n`;
  }, () => ["checkpoint signature"]],
  ["the checkpoint's tree size", (b) => { b.log.checkpoint = b.log.checkpoint.replace(/\n(\d+)\n/, (_: string, n: string) => `\n${Number(n) + 1}\n`); },
    () => ["checkpoint signature"]],
  ["the public key", (b) => { b.log.public_key = b.log.public_key.slice(0, -3) + (b.log.public_key.at(-3) === "A" ? "B" : "A") + b.log.public_key.slice(-2); },
    () => ["checkpoint signature"]],
  ["a dropped shuffle", (b) => { b.shuffles.splice(0, 1); },
    (b) => [`game event ${shuffleApplied(b, b.shuffles[0].deck, b.shuffles[0].k)} (ShuffleApplied ${b.shuffles[0].deck}#${b.shuffles[0].k})`]],
  ["a shuffle's log index", (b) => { b.shuffles[0].log_index = b.reveal.log_index; },
    (b) => [`shuffle ${b.shuffles[0].deck}#${b.shuffles[0].k}: log record`, "log order"]],
  ["the commitment's log index", (b) => { b.commitment.log_index = b.shuffles[0].log_index; }, () => ["commitment log entry", "log order"]],
  ["the reveal's log index", (b) => { b.reveal.log_index += 100; }, () => ["reveal log entry", "log entries present"]],
  ["a dropped log entry", (b) => { b.log.entries.splice(1, 1); },
    (b) => [`shuffle ${b.shuffles[0].deck}#${b.shuffles[0].k}: log record`, "log entries present"]],
  ["the game id", (b) => { b.game_id += "x"; }, () => ["commitment log entry", "reveal log entry"]],
  ["a v2 bundle passed off as v1, every shuffle rewritten to match", (b) => {
    b.algorithm = "foodgames-shuffle-v1";
    for (const s of b.shuffles) {
      s.input_sha256 = s.input_commit;
      s.output_sha256 = s.output_commit;
    }
  }, (b) => ["commitment log entry", "reveal log entry", `shuffle ${b.shuffles[0].deck}#${b.shuffles[0].k}: log record`]],
];

describe.each([["foodie-forest", foodieForest], ["food-fight", foodFight]] as const)("a changed %s bundle fails", (_, honest) => {
  it.each(TAMPERS)("%s", async (_what, change, expected) => {
    const b = fresh(honest);
    const mustFail = expected(b);
    change(b);
    expect(await failedChecks(b)).toEqual(expect.arrayContaining(mustFail));
  });
});

describe("the v1 bundle checks its plain hashes", () => {
  it("a card of an order fails the hashes and the re-derived order", async () => {
    const b = fresh(v1Bundle);
    swapTwoCards(b.shuffles[0].order);
    expect(await failedChecks(b)).toEqual(expect.arrayContaining(["shuffle main#0: hashes", "shuffle main#0: re-derived order"]));
  });
});

describe("the operator's key", () => {
  it("a bundle signed by another key fails the operator key check", async () => {
    const other = "PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW";
    expect(await failedChecks(fresh(foodieForest), other)).toEqual(["operator key"]);
    expect(await failedChecks(fresh(foodieForest), "00".repeat(32))).toEqual(["operator key"]);
  });
});

describe("malformed input never throws: a check fails naming what was wrong", () => {
  it.each([null, undefined, 7, "bundle", [], {}, { format: "foodgames-audit-bundle-v2" }])("%j", async (junk) => {
    const result = await verifyBundle(junk);
    expect(result.ok).toBe(false);
    expect(result.checks).toHaveLength(1);
    expect(result.checks[0].name).toBe("bundle format");
    expect(result.checks[0].detail).toMatch(/not a JSON object|format is|algorithm/);
  });

  it("a v2 bundle without its commands fails its format", async () => {
    const b = fresh(foodieForest);
    delete b.commands;
    const result = await verifyBundle(b);
    expect(result.checks).toEqual([{ name: "bundle format", ok: false, detail: "commands is missing or not a list" }]);
  });

  // food-fight cut down to two small shuffles and what logs them: still a bundle every check of this verifier
  // passes (the record, which would no longer replay, is the Python verifier's), small enough to try every field
  function small(): Bundle {
    const b = fresh(foodFight);
    b.shuffles = b.shuffles.filter((s: Bundle) => s.cards.length <= 8).slice(0, 2);
    const keep = new Set([b.commitment.log_index, b.reveal.log_index, ...b.shuffles.map((s: Bundle) => s.log_index)]);
    b.log.entries = b.log.entries.filter((e: Bundle) => keep.has(e.index));
    b.events = b.events.filter((e: Bundle) => e.type === "ShuffleApplied"
      && b.shuffles.some((s: Bundle) => s.deck === e.data.deck && s.k === e.data.k));
    b.commands = [];
    return b;
  }

  it("every field of a bundle replaced by junk of each kind fails a check and throws nothing", async () => {
    const honest = small();
    expect((await verifyBundle(honest)).ok).toBe(true);
    const paths: (string | number)[][] = [];
    const walk = (v: unknown, p: (string | number)[]) => {
      if (Array.isArray(v)) v.slice(0, 2).forEach((x, i) => walk(x, [...p, i]));
      else if (v && typeof v === "object") Object.entries(v).forEach(([k, x]) => walk(x, [...p, k]));
      if (p.length) paths.push(p);
    };
    walk(honest, []);
    let tried = 0;
    for (const p of paths) {
      for (const junk of [null, 1.5, "\uD800", {}]) {
        const b = structuredClone(honest);
        let parent = b;
        for (const k of p.slice(0, -1)) parent = parent[k];
        parent[p.at(-1)!] = junk;
        const result = await verifyBundle(b); // resolves: never rejects
        if (p[0] !== "events" && p[0] !== "commands") { // the record (Python's to check) may change freely here
          expect(result.ok, `${p.join(".")} = ${JSON.stringify(junk)}`).toBe(false);
        }
        tried++;
      }
    }
    expect(tried).toBeGreaterThan(200);
  }, 60_000);
});

describe("consistency of two signed checkpoints (a fork shows)", () => {
  async function signer() {
    const keys = (await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"])) as CryptoKeyPair;
    const pub = new Uint8Array(await crypto.subtle.exportKey("raw", keys.publicKey));
    const name = "test/log";
    const id = (new Uint8Array(await crypto.subtle.digest("SHA-256", concat(utf8(name), Uint8Array.of(0x0a, 1), pub) as Uint8Array<ArrayBuffer>))).slice(0, 4);
    const verifierKey = `${name}+${toHex(id)}+${toBase64(concat(Uint8Array.of(1), pub))}`;
    const sign = async (size: number, root: Uint8Array) => {
      const body = `${name}\n${size}\n${toBase64(root)}\n`;
      const sig = new Uint8Array(await crypto.subtle.sign("Ed25519", keys.privateKey, new TextEncoder().encode(body)));
      return `${body}\n\u2014 ${name} ${toBase64(concat(id, sig))}\n`;
    };
    return { verifierKey, sign };
  }
  const leaves = rfc.leaves.map((l) => fromHex(l, "leaf"));
  const proof = rfc.consistency_proofs.find((p) => p.size1 === 6 && p.size2 === 8)!.proof;

  it("two checkpoints of one growing log are consistent; a forked one is not", async () => {
    const { verifierKey, sign } = await signer();
    const old = await sign(6, await merkleRoot(leaves.slice(0, 6)));
    const now = await sign(8, await merkleRoot(leaves));
    const good = await verifyConsistency(old, now, proof, verifierKey);
    expect(good.checks.filter((c) => !c.ok)).toEqual([]);
    expect(good.ok).toBe(true);

    const forked = await sign(8, await merkleRoot([...leaves.slice(0, 7), utf8("another history")]));
    const bad = await verifyConsistency(old, forked, proof, verifierKey);
    expect(bad.checks.filter((c) => !c.ok).map((c) => c.name)).toEqual(["consistency proof"]);
    expect(bad.checks.at(-1)!.detail).toMatch(/forked/);

    const shrinking = await verifyConsistency(now, old, proof, verifierKey);
    expect(shrinking.checks.find((c) => c.name === "same log, not shrinking")!.ok).toBe(false);
  });

  it("a checkpoint signed by another key fails its signature check", async () => {
    const a = await signer();
    const b = await signer();
    const old = await a.sign(6, await merkleRoot(leaves.slice(0, 6)));
    const now = await b.sign(8, await merkleRoot(leaves));
    const result = await verifyConsistency(old, now, proof, a.verifierKey);
    expect(result.checks.filter((c) => !c.ok).map((c) => c.name)).toEqual(["new checkpoint signature", "same log, not shrinking", "consistency proof"]);
  });
});

it("SKIPPED names what this verifier leaves to the Python one", () => {
  expect(SKIPPED.map((s) => s.name)).toContain("log consistency: consistency proof");
});

// The browser's verifier of a finished game's audit bundle (docs/audit.md section 5 and 6), an
// implementation of the documents independent of the Python one (apps/audit/verifier.py): the
// same checks under the same names, each ok or failed with a reason a person can read. It
// verifies everything about the randomness; the replay of the record through the game's rules
// (docs/audit.md 6.1) needs the Python rules and is listed in `skipped`, as are the checks only
// an online verify can make.
import { Failed, fromBase64, fromHex, isInt, require, short, toHex } from "./bytes";
import { parseCanonicalLeaf } from "./canonical";
import { leafHash, inclusionHolds, consistencyHolds } from "./merkle";
import { openCheckpoint, parseVerifierKey, type Checkpoint } from "./note";
import { ALGORITHMS, V1, cardListSha256, cardsCommit, commitmentOf, deriveOrder, shuffleSeed,
  type Algorithm, type ClientSeed } from "./shuffle";

export const BUNDLE_FORMAT_V1 = "foodgames-audit-bundle-v1";
export const BUNDLE_FORMAT = "foodgames-audit-bundle-v2";
const BUNDLE_FORMATS = [BUNDLE_FORMAT_V1, BUNDLE_FORMAT];

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

export interface Skipped {
  name: string;
  reason: string;
}

export interface Verification {
  ok: boolean;
  checks: Check[];
  /** Checks this verifier cannot make, each with why (the Python verifier makes them). */
  skipped: Skipped[];
}

const RULES_ONLY = "needs the game's rules, which run in Python: `foodgames audit verify --bundle FILE` replays the " +
  "record (docs/audit.md 6.1); this page checks the randomness only";
const ONLINE_ONLY = "online only: needs the log as the deck shows it now, to prove the bundle's checkpoint is a " +
  "state of it (`foodgames audit verify GAME_ID`)";
export const SKIPPED: readonly Skipped[] = [
  { name: "game record", reason: RULES_ONLY },
  { name: "final result", reason: RULES_ONLY },
  ...["old checkpoint signature", "new checkpoint signature", "same log, not shrinking", "consistency proof"]
    .map((n) => ({ name: `log consistency: ${n}`, reason: ONLINE_ONLY })),
  { name: "leaderboard rating", reason: "online only: needs the leaderboard's rating history of the game's players (`foodgames audit verify GAME_ID`)" },
];

class Report {
  readonly checks: Check[] = [];

  /** Runs one check: `fn` returns why it holds or throws why it does not; never throws itself. */
  async run(name: string, fn: () => Promise<string> | string): Promise<boolean> {
    try {
      this.checks.push({ name, ok: true, detail: await fn() });
      return true;
    } catch (e) {
      const detail = e instanceof Failed ? e.message : `${e instanceof Error ? e.name : "error"}: ${e instanceof Error ? e.message : String(e)}`;
      this.checks.push({ name, ok: false, detail });
      return false;
    }
  }
}

type Json = Record<string, unknown>;
const isObject = (x: unknown): x is Json => typeof x === "object" && x !== null && !Array.isArray(x);
const isStringList = (x: unknown): x is string[] => Array.isArray(x) && x.every((c) => typeof c === "string");
const show = (x: unknown) => JSON.stringify(x)?.slice(0, 80) ?? String(x);
// what a shuffle record and a bundle's shuffle hold of its cards and order, and the check recomputing them
const DIGESTS: Record<Algorithm, [string, string]> = {
  "foodgames-shuffle-v1": ["input_sha256", "output_sha256"],
  "foodgames-shuffle-v2": ["input_commit", "output_commit"],
};
const DIGEST_CHECK: Record<Algorithm, string> = { "foodgames-shuffle-v1": "hashes", "foodgames-shuffle-v2": "commitments" };

function checkFormat(b: unknown): string {
  require(isObject(b), "the bundle is not a JSON object");
  require(BUNDLE_FORMATS.includes(b.format as string), `format is ${show(b.format)}, expected one of ${BUNDLE_FORMATS.join(", ")}`);
  require(typeof b.algorithm === "string" && (ALGORITHMS as readonly string[]).includes(b.algorithm),
    `algorithm ${show(b.algorithm)} is not one this verifier knows (${ALGORITHMS.join(", ")})`);
  const shapes: [string, string][] = [["game_id", "string"], ["game", "string"], ["server_seed", "string"],
    ["commitment", "object"], ["client_seeds", "list"], ["shuffles", "list"], ["events", "list"], ["reveal", "object"], ["log", "object"]];
  for (const [key, kind] of shapes) {
    const v = b[key];
    const holds = kind === "list" ? Array.isArray(v) : kind === "object" ? isObject(v) : typeof v === kind;
    require(holds, `${key} is missing or not a${kind === "object" ? "n" : ""} ${kind}`);
  }
  const commitment = b.commitment as Json;
  require(typeof commitment.sha256 === "string" && "log_index" in commitment, "commitment needs sha256 and log_index");
  require("log_index" in (b.reveal as Json), "reveal needs log_index");
  if (b.format === BUNDLE_FORMAT) {
    require(Array.isArray(b.commands), "commands is missing or not a list");
    b.commands.forEach((c: unknown, n: number) => {
      require(isObject(c) && typeof c.command_id === "string" && isInt(c.version)
        && Object.keys(c).every((k) => ["command_id", "version", "move"].includes(k)), `command ${n} is not {command_id, version[, move]}`);
      const move = c.move;
      require(move === undefined || move === null || (isObject(move) && Object.keys(move).sort().join() === "move,seat"
        && isInt(move.seat) && isObject(move.move)), `command ${n}: move is not {seat, move}`);
    });
  }
  const log = b.log as Json;
  for (const key of ["checkpoint", "public_key"]) require(typeof log[key] === "string", `log.${key} is missing`);
  require(Array.isArray(log.entries), "log.entries is missing");
  const digests = DIGESTS[b.algorithm as Algorithm];
  (b.shuffles as unknown[]).forEach((s, n) => {
    require(isObject(s) && ["deck", "k", "cards", "order", "log_index", ...digests].every((k) => k in s),
      `shuffle ${n} lacks a field (${b.algorithm} shuffles carry ${digests.join(" and ")})`);
    require(Array.isArray(s.cards) && Array.isArray(s.order), `shuffle ${n}: cards and order are lists`);
  });
  return `${b.format}, ${b.algorithm}`;
}

function sameMultiset(a: string[], b: string[]): boolean {
  const x = [...a].sort();
  const y = [...b].sort();
  return x.length === y.length && x.every((c, i) => c === y[i]);
}

/** Verifies a bundle (parsed JSON); with `publicKeyHex`, also that the operator's key signed it. The key is the
 *  verifier key the deck publishes (`name+keyid+base64`, GetPublicKey) or the bare Ed25519 key in 64 hex digits. */
export async function verifyBundle(bundle: unknown, publicKeyHex?: string): Promise<Verification> {
  const report = new Report();
  const done = () => ({ ok: report.checks.length > 0 && report.checks.every((c) => c.ok), checks: report.checks, skipped: [...SKIPPED] });
  if (!(await report.run("bundle format", () => checkFormat(bundle)))) return done();
  const b = bundle as Json;
  const gameId = b.game_id as string;
  const algorithm = b.algorithm as Algorithm;
  const [inputField, outputField] = DIGESTS[algorithm];
  const log = b.log as Json;
  const commitment = b.commitment as Json;
  const reveal = b.reveal as Json;
  const shuffles = b.shuffles as Json[];
  const leaves = new Map<number, Uint8Array>();
  let checkpoint: Checkpoint | undefined;
  let serverSeed: Uint8Array | undefined;
  let clientSeeds: ClientSeed[] | undefined; // only when every client seed is well-formed
  let players: unknown[] | undefined; // the committed players, in seat order

  // ---- the log: the operator's key, the signature, then each entry's inclusion under the signed root
  if (publicKeyHex !== undefined) {
    await report.run("operator key", async () => {
      const expected = String(publicKeyHex).trim();
      if (/^[0-9a-fA-F]{64}$/.test(expected)) {
        const key = await parseVerifierKey(log.public_key);
        require(toHex(key.publicKey) === expected.toLowerCase(),
          `the bundle is signed by the key ${short(toHex(key.publicKey))}, not by the operator's key ${short(expected.toLowerCase())}`);
      } else {
        require(String(log.public_key).trim() === expected,
          `the bundle is signed by ${show(log.public_key)}, not by the operator's key ${show(expected)}`);
      }
      return "the bundle's key is the operator's published key";
    });
  }

  await report.run("checkpoint signature", async () => {
    const opened = await openCheckpoint(log.checkpoint, log.public_key);
    checkpoint = opened;
    return `signed by ${opened.key.name} (Ed25519): tree size ${opened.size}, root ${short(toHex(opened.root))}`;
  });

  for (const entry of log.entries as unknown[]) {
    const index = isObject(entry) ? entry.index : undefined;
    await report.run(`inclusion of log entry ${index === undefined ? "?" : show(index)}`, async () => {
      require(isObject(entry) && isInt(index) && index >= 0, "the entry has no log index");
      const leaf = fromBase64(entry.leaf, "the leaf");
      require(Array.isArray(entry.inclusion_proof), "the inclusion proof is not a list");
      const path = entry.inclusion_proof.map((h: unknown, n: number) => fromHex(h, `inclusion proof hash ${n}`, 32));
      require(!leaves.has(index), `log index ${index} appears twice`);
      leaves.set(index, leaf);
      require(checkpoint, "no trusted root: the checkpoint signature does not verify");
      require(index < checkpoint.size, `index ${index} is beyond the checkpoint's tree size ${checkpoint.size}`);
      require(await inclusionHolds(leaf, index, checkpoint.size, path, checkpoint.root),
        `the leaf and its ${path.length}-hash proof do not lead to the signed root ${short(toHex(checkpoint.root))}: ` +
        "the leaf, its index or a proof hash was changed");
      return `leaf hash ${short(toHex(await leafHash(leaf)))} is in the signed tree`;
    });
  }

  const record = (index: unknown, what: string, type: string, fields: string[]): Json => {
    require(isInt(index), `the ${what} log index is not an integer`);
    const leaf = leaves.get(index);
    require(leaf, `the bundle has no log entry at index ${index} (${what})`);
    const r = parseCanonicalLeaf(leaf);
    require(r.type === type, `the leaf is a ${show(r.type)} record, not a ${type} record`);
    require(Object.keys(r).sort().join() === [...fields].sort().join(), `the ${type} record does not have exactly the fields ${[...fields].sort().join(", ")}`);
    require(r.algorithm === algorithm, `the record names algorithm ${show(r.algorithm)}, the bundle ${algorithm}`);
    return r;
  };

  // ---- the commitment and the revealed seed
  await report.run("commitment", async () => {
    serverSeed = fromHex(b.server_seed, "the revealed server seed", 32);
    const actual = await commitmentOf(serverSeed);
    require(actual === commitment.sha256, `SHA-256 of the revealed server seed is ${short(actual)}, but the commitment is ${short(commitment.sha256 as string)}`);
    return `SHA-256(revealed server seed) = ${short(actual)} as committed`;
  });

  await report.run("commitment log entry", () => {
    const index = commitment.log_index;
    const r = record(index, "commitment", "commitment", ["type", "algorithm", "game_id", "game", "players", "commitment"]);
    require(r.game_id === gameId && r.game === b.game, `log entry ${index} commits to game ${show(r.game_id)} (${show(r.game)})`);
    require(r.commitment === commitment.sha256, `log entry ${index} holds commitment ${short(r.commitment as string)}, the bundle says ${short(commitment.sha256 as string)}`);
    require(Array.isArray(r.players), "the players of the commitment are not a list");
    players = r.players;
    return `log entry ${index} commits to ${short(r.commitment as string)}`;
  });

  await report.run("log order", () => {
    const c = commitment.log_index;
    const r = reveal.log_index;
    const indices = shuffles.map((s) => s.log_index);
    require([c, r, ...indices].every(isInt), "a log index is not an integer");
    const shuffled = indices as number[];
    if (shuffled.length) {
      require((c as number) < Math.min(...shuffled), `the commitment (log index ${c}) does not precede the first shuffle (log index ${Math.min(...shuffled)})`);
    }
    require((r as number) > Math.max(c as number, ...shuffled), `the reveal (log index ${r}) does not follow the commitment and every shuffle`);
    return `commitment ${c} < shuffles [${shuffled.join(", ")}] < reveal ${r}`;
  });

  // ---- the client seeds
  await report.run("client seeds", () => {
    const seen = new Set<number>();
    const seeds: ClientSeed[] = [];
    (b.client_seeds as unknown[]).forEach((c, n) => {
      require(isObject(c) && isInt(c.seat) && c.seat >= 0 && c.seat < 2 ** 32, `client seed ${n} has no valid seat`);
      const seat = c.seat;
      require(!seen.has(seat), `seat ${seat} has two client seeds`);
      require(typeof c.seed === "string" && /^(?:[0-9a-f]{2})+$/.test(c.seed) && c.seed.length <= 2048,
        `the client seed of seat ${seat} is not 1..1024 bytes of lowercase hex`);
      if (players) {
        require(seat < players.length && c.player === players[seat],
          `seat ${seat} is ${show(c.player)} in the bundle, but the committed players are ${show(players)}`);
      }
      seen.add(seat);
      seeds.push({ seat, seed: fromHex(c.seed, `the client seed of seat ${seat}`) });
    });
    clientSeeds = seeds;
    return `${seeds.length} client seeds, of seats ${[...seen].sort((x, y) => x - y).join(", ") || "none"}`;
  });

  // ---- every shuffle: its digests, its log record, its order re-derived
  const derivationInputs = (s: Json) => {
    require(serverSeed, "no valid revealed server seed to derive from");
    require(clientSeeds, "the client seeds are malformed");
    return { serverSeed, clientSeeds, gameId, deck: s.deck as string, k: s.k as number, algorithm };
  };
  const valid = new Map<string, string[]>(); // "deck#k" of each shuffle that passed all its checks
  const claimed = new Set<string>();
  for (const s of shuffles) {
    const key = `${s.deck}#${s.k}`;
    const label = `shuffle ${key}`;
    const digestsOk = await report.run(`${label}: ${DIGEST_CHECK[algorithm]}`, async () => {
      require(typeof s.deck === "string" && isInt(s.k) && s.k >= 0, "deck or k is malformed");
      const cards = s.cards;
      const order = s.order;
      require(isStringList(cards) && isStringList(order), "a card is not a string");
      if (algorithm === V1) {
        require((await cardListSha256(cards)) === s.input_sha256, "input_sha256 is not the hash of the input cards");
        require((await cardListSha256(order)) === s.output_sha256, "output_sha256 is not the hash of the order");
      } else {
        const seed = await shuffleSeed(derivationInputs(s));
        require((await cardsCommit(seed, "input", cards)) === s.input_commit,
          "input_commit is not the commitment to the input cards under this shuffle's seed");
        require((await cardsCommit(seed, "output", order)) === s.output_commit,
          "output_commit is not the commitment to the order under this shuffle's seed");
      }
      require(sameMultiset(cards, order), "the order is not a permutation of the cards");
      require(!claimed.has(key), `deck ${s.deck} shuffle ${s.k} appears twice`);
      claimed.add(key);
      return `${cards.length} cards; input ${short(s[inputField] as string)}, output ${short(s[outputField] as string)}`;
    });
    const recordOk = await report.run(`${label}: log record`, () => {
      const r = record(s.log_index, label, "shuffle", ["type", "algorithm", "game_id", "deck", "k", inputField, outputField]);
      for (const [field, expected] of [["game_id", gameId], ["deck", s.deck], ["k", s.k], [inputField, s[inputField]], [outputField, s[outputField]]] as const) {
        require(r[field] === expected, `log entry ${s.log_index} has ${field} ${show(r[field])}, the bundle says ${show(expected)}`);
      }
      return `log entry ${s.log_index} records this shuffle`;
    });
    const orderOk = await report.run(`${label}: re-derived order`, async () => {
      const inputs = derivationInputs(s);
      require(isStringList(s.cards) && isStringList(s.order), "a card is not a string");
      const derived = await deriveOrder(inputs, s.cards);
      const given = s.order;
      const first = derived.findIndex((c, i) => c !== given[i]);
      require(first < 0 && derived.length === given.length,
        first < 0 ? `re-deriving gives ${derived.length} cards, the bundle's order has ${given.length}`
          : `re-deriving from the seeds gives a different order (first difference at position ${first}: ${show(derived[first])} vs ${show(given[first])})`);
      return "re-derived from the revealed and client seeds: identical";
    });
    if (digestsOk && recordOk && orderOk) valid.set(key, s.order as string[]);
  }

  // ---- the game's events: every deal it made is a logged, re-derived shuffle
  const events = b.events as unknown[];
  let applied = 0;
  for (let n = 0; n < events.length; n++) {
    const event = events[n];
    if (!(isObject(event) && event.type === "ShuffleApplied")) continue;
    applied++;
    const data = isObject(event.data) ? event.data : {};
    await report.run(`game event ${n} (ShuffleApplied ${data.deck}#${data.k})`, () => {
      const key = `${data.deck}#${data.k}`;
      const logged = typeof data.deck === "string" && isInt(data.k) ? valid.get(key) : undefined;
      require(logged, `the game dealt deck ${show(data.deck)} shuffle ${show(data.k)} but the bundle has no valid shuffle record for it`);
      require(isStringList(data.order) && data.order.length === logged.length && data.order.every((c, i) => c === logged[i]),
        `the order the game dealt differs from the logged order of deck ${data.deck} shuffle ${data.k}`);
      return `dealt deck ${data.deck}, shuffle ${data.k}, exactly as logged`;
    });
  }
  await report.run("game events", () => `${events.length} events, ${applied} ShuffleApplied`);

  // ---- the reveal, and nothing of the game left out of the log
  await report.run("reveal log entry", () => {
    const index = reveal.log_index;
    const r = record(index, "reveal", "reveal", ["type", "algorithm", "game_id", "commitment", "server_seed"]);
    require(r.game_id === gameId, `log entry ${index} reveals game ${show(r.game_id)}`);
    require(r.server_seed === b.server_seed, `log entry ${index} reveals seed ${short(r.server_seed as string)}, the bundle says ${short(b.server_seed as string)}`);
    require(r.commitment === commitment.sha256, `log entry ${index} names commitment ${short(r.commitment as string)}`);
    return `log entry ${index} reveals the server seed`;
  });

  await report.run("log entries present", () => {
    const wanted = new Set([commitment.log_index, reveal.log_index, ...shuffles.map((s) => s.log_index)]);
    const missing = [...wanted].filter((i) => !(isInt(i) && leaves.has(i)));
    require(missing.length === 0, `no log entry for indices ${show(missing)}`);
    return `${wanted.size} log entries of the game, all in the bundle`;
  });
  return done();
}

/** Checks that the log of `newCheckpoint` extends the log of `oldCheckpoint` (both signed by `publicKey`) by the
 *  RFC 9162 consistency proof (hex hashes): two signed checkpoints with no valid proof between them mean a fork. */
export async function verifyConsistency(oldCheckpoint: string, newCheckpoint: string, proof: unknown,
  publicKey: string): Promise<Verification> {
  const report = new Report();
  let old: Checkpoint | undefined;
  let now: Checkpoint | undefined;
  await report.run("old checkpoint signature", async () => {
    old = await openCheckpoint(oldCheckpoint, publicKey);
    return `size ${old.size}, root ${short(toHex(old.root))}`;
  });
  await report.run("new checkpoint signature", async () => {
    now = await openCheckpoint(newCheckpoint, publicKey);
    return `size ${now.size}, root ${short(toHex(now.root))}`;
  });
  await report.run("same log, not shrinking", () => {
    require(old && now, "a checkpoint signature does not verify");
    require(old.origin === now.origin, `the checkpoints name different logs: ${show(old.origin)}, ${show(now.origin)}`);
    require(old.size <= now.size, `the new checkpoint (size ${now.size}) is smaller than the old one (size ${old.size})`);
    return `${old.origin}: size ${old.size} -> ${now.size}`;
  });
  await report.run("consistency proof", async () => {
    require(old && now, "a checkpoint signature does not verify");
    require(Array.isArray(proof), "the consistency proof is not a list");
    const path = proof.map((h, n) => fromHex(h, `proof hash ${n}`, 32));
    require(await consistencyHolds(old.size, now.size, old.root, now.root, path),
      `no consistency: the tree of size ${now.size} does not extend the tree of size ${old.size} by this proof -- the log forked or the proof is wrong`);
    return `the tree of size ${now.size} extends the tree of size ${old.size}`;
  });
  return { ok: report.checks.every((c) => c.ok), checks: report.checks, skipped: [] };
}

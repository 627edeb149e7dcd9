// foodgames-shuffle-v1 and -v2 (docs/shuffle-spec.md): the seed of one shuffle (section 3), its
// HMAC counter-mode byte stream (4), bit-mask rejection sampling (5), Fisher-Yates from the last
// position down (6), card-list hashes (7) and v2's salted card-list commitments (11).
import { concat, lp, require, toHex, u32be, u64be, utf8 } from "./bytes";
import { hmac, hmacWith, sha256, type Mac } from "./crypto";

export const V1 = "foodgames-shuffle-v1";
export const V2 = "foodgames-shuffle-v2";
export const ALGORITHMS = [V1, V2] as const;
export type Algorithm = (typeof ALGORITHMS)[number];

export interface ClientSeed {
  seat: number;
  seed: Uint8Array;
}

export interface ShuffleInputs {
  serverSeed: Uint8Array;
  clientSeeds: ClientSeed[];
  gameId: string;
  deck: string;
  k: number;
  algorithm: Algorithm;
}

/** Section 3: the HMAC message, client seeds sorted by seat. */
export function derivationMessage(i: ShuffleInputs): Uint8Array {
  require((ALGORITHMS as readonly string[]).includes(i.algorithm), `unknown algorithm ${i.algorithm}`);
  const seeds = [...i.clientSeeds].sort((a, b) => a.seat - b.seat);
  const parts = [lp(utf8(i.algorithm)), lp(utf8(i.gameId)), lp(utf8(i.deck)), u64be(i.k), u32be(seeds.length)];
  for (let n = 0; n < seeds.length; n++) {
    require(n === 0 || seeds[n].seat !== seeds[n - 1].seat, `seat ${seeds[n].seat} has two client seeds`);
    require(seeds[n].seed.length >= 1 && seeds[n].seed.length <= 1024, `the client seed of seat ${seeds[n].seat} is not 1..1024 bytes`);
    parts.push(u32be(seeds[n].seat), lp(seeds[n].seed));
  }
  return concat(...parts);
}

export async function shuffleSeed(i: ShuffleInputs): Promise<Uint8Array> {
  require(i.serverSeed.length === 32, "the server seed is not 32 bytes");
  return hmac(i.serverSeed, derivationMessage(i));
}

/** Section 4: HMAC(shuffle_seed, u64be(0)) || HMAC(shuffle_seed, u64be(1)) || ..., read in order. */
export class ByteStream {
  consumed = 0;
  private block: Uint8Array = new Uint8Array(0);
  private at = 0;
  private counter = 0;
  private constructor(private readonly mac: Mac) {}

  static async of(seed: Uint8Array): Promise<ByteStream> {
    return new ByteStream(await hmacWith(seed));
  }

  async take(n: number): Promise<Uint8Array> {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      if (this.at === this.block.length) {
        this.block = await this.mac(u64be(this.counter++));
        this.at = 0;
      }
      out[i] = this.block[this.at++];
    }
    this.consumed += n;
    return out;
  }

  /** Section 5: an integer in [0, n), 1 <= n <= 2^32, by bit-mask rejection sampling. */
  async uniformBelow(n: number): Promise<number> {
    require(Number.isInteger(n) && n >= 1 && n <= 2 ** 32, `uniform_below(${n}) is out of range`);
    if (n === 1) return 0;
    const b = (n - 1).toString(2).length;
    const w = Math.ceil(b / 8);
    for (;;) {
      const bytes = await this.take(w);
      const v = bytes.reduce((acc, x) => acc * 256 + x, 0); // at most 2^32 - 1: exact in a double
      const x = v % 2 ** b; // v AND (2^b - 1), without 32-bit signed bitwise operators
      if (x < n) return x;
    }
  }
}

export interface Shuffled {
  order: string[];
  draws: number[];
  consumed: number;
}

/** Section 6: Fisher-Yates from position m-1 down to 1 over the stream of `seed`. */
export async function fisherYates(seed: Uint8Array, cards: readonly string[]): Promise<Shuffled> {
  const a = [...cards];
  const stream = await ByteStream.of(seed);
  const draws: number[] = [];
  for (let i = a.length - 1; i >= 1; i--) {
    const j = await stream.uniformBelow(i + 1);
    draws.push(j);
    [a[i], a[j]] = [a[j], a[i]];
  }
  return { order: a, draws, consumed: stream.consumed };
}

export async function deriveOrder(i: ShuffleInputs, cards: readonly string[]): Promise<string[]> {
  return (await fisherYates(await shuffleSeed(i), cards)).order;
}

/** u32be(len(x)) || lp(utf8(x[0])) || ... : the bytes section 7 hashes and section 11 commits to. */
export function cardList(cards: readonly string[]): Uint8Array {
  return concat(u32be(cards.length), ...cards.map((c) => lp(utf8(c))));
}

/** Section 7 (v1): hex(SHA256(card_list(cards))). */
export async function cardListSha256(cards: readonly string[]): Promise<string> {
  return toHex(await sha256(cardList(cards)));
}

/** Section 11.2 (v2): the message of the "input" or "output" commitment. */
export function commitMessage(label: "input" | "output", cards: readonly string[]): Uint8Array {
  return concat(lp(utf8(label)), cardList(cards));
}

/** Section 11.2 (v2): hex(HMAC(shuffle_seed, lp(utf8(label)) || card_list(cards))). */
export async function cardsCommit(seed: Uint8Array, label: "input" | "output", cards: readonly string[]): Promise<string> {
  return toHex(await hmac(seed, commitMessage(label, cards)));
}

/** Section 2: hex(SHA256(server_seed)). */
export async function commitmentOf(serverSeed: Uint8Array): Promise<string> {
  return toHex(await sha256(serverSeed));
}

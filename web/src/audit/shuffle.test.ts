// Given the published known answers of docs/shuffle-vectors.json (v1, and v2 in its `v2` field),
// when this implementation derives each shuffle, then every field comes out the same.
import { describe, expect, it } from "vitest";
import vectors from "../../../docs/shuffle-vectors.json";
import { fromHex, toHex } from "./bytes";
import {
  ByteStream, V1, V2, cardListSha256, cardsCommit, commitMessage, commitmentOf, derivationMessage,
  fisherYates, shuffleSeed, type Algorithm, type ShuffleInputs,
} from "./shuffle";

interface Vector {
  name: string; server_seed: string; commitment: string; client_seeds: { seat: number; seed: string }[];
  game_id: string; deck: string; k: number; derivation_message: string; shuffle_seed: string;
  stream_first_96_bytes: string; fisher_yates_draws: number[]; stream_bytes_consumed: number;
  cards: string[]; order: string[];
}

function inputs(v: Vector, algorithm: Algorithm): ShuffleInputs {
  return {
    serverSeed: fromHex(v.server_seed, "server seed"), gameId: v.game_id, deck: v.deck, k: v.k, algorithm,
    clientSeeds: v.client_seeds.map((c) => ({ seat: c.seat, seed: fromHex(c.seed, "client seed") })),
  };
}

async function derivesLikeTheVector(v: Vector, algorithm: Algorithm) {
  const i = inputs(v, algorithm);
  expect(toHex(derivationMessage(i))).toBe(v.derivation_message);
  const seed = await shuffleSeed(i);
  expect(toHex(seed)).toBe(v.shuffle_seed);
  expect(await commitmentOf(i.serverSeed)).toBe(v.commitment);
  const stream = await ByteStream.of(seed);
  expect(toHex(await stream.take(96))).toBe(v.stream_first_96_bytes);
  const shuffled = await fisherYates(seed, v.cards);
  expect(shuffled.draws).toEqual(v.fisher_yates_draws);
  expect(shuffled.consumed).toBe(v.stream_bytes_consumed);
  expect(shuffled.order).toEqual(v.order);
  return seed;
}

describe("foodgames-shuffle-v1: every published vector", () => {
  it.each(vectors.shuffles.map((v) => [v.name, v] as const))("%s", async (_, v) => {
    await derivesLikeTheVector(v, V1);
    expect(await cardListSha256(v.cards)).toBe(v.input_sha256);
    expect(await cardListSha256(v.order)).toBe(v.output_sha256);
  });

  it("the stream's first 200 bytes", async () => {
    const stream = await ByteStream.of(fromHex(vectors.stream.seed, "seed"));
    expect(toHex(await stream.take(200))).toBe(vectors.stream.first_200_bytes);
  });

  it("the bounded integers drawn from one stream, and the bytes consumed after each", async () => {
    const stream = await ByteStream.of(fromHex(vectors.bounded_integers.stream_seed, "seed"));
    for (const d of vectors.bounded_integers.draws) {
      expect([d.n, await stream.uniformBelow(d.n), stream.consumed]).toEqual([d.n, d.value, d.bytes_consumed_after]);
    }
  });
});

describe("foodgames-shuffle-v2: every published vector", () => {
  it.each(vectors.v2.shuffles.map((v) => [v.name, v] as const))("%s", async (_, v) => {
    const seed = await derivesLikeTheVector(v, V2);
    expect(toHex(commitMessage("input", v.cards))).toBe(v.input_commit_message);
    expect(toHex(commitMessage("output", v.order))).toBe(v.output_commit_message);
    expect(await cardsCommit(seed, "input", v.cards)).toBe(v.input_commit);
    expect(await cardsCommit(seed, "output", v.order)).toBe(v.output_commit);
  });

  it("names its own derivation: the same inputs give another seed than v1", async () => {
    const v = vectors.v2.shuffles[0];
    expect(toHex(await shuffleSeed(inputs(v, V1)))).not.toBe(v.shuffle_seed);
  });
});

describe("invalid inputs are refused, never encoded", () => {
  it("a card with a lone surrogate has no UTF-8 form", async () => {
    await expect(cardListSha256(["ok", "\uD800"])).rejects.toThrow(/lone surrogate/);
  });

  it("uniform_below is defined for 1..2^32 only", async () => {
    const stream = await ByteStream.of(new Uint8Array(32));
    await expect(stream.uniformBelow(0)).rejects.toThrow(/out of range/);
    await expect(stream.uniformBelow(2 ** 32 + 1)).rejects.toThrow(/out of range/);
    expect(await stream.uniformBelow(2 ** 32)).toBeLessThan(2 ** 32);
  });
});

// Given a log leaf, when the verifier reads it, then it accepts exactly the canonical JSON of docs/audit.md
// section 2 (Python's json.dumps(sort_keys=True, separators=(",", ":"), ensure_ascii=True)) and nothing else.
import { describe, expect, it } from "vitest";
import { utf8 } from "./bytes";
import { canonicalJson, parseCanonicalLeaf } from "./canonical";

// printed by Python's json.dumps for {"type": "x", "b": "café 😀 \x7f \n\"\\", "a": [...], "é": 0, "😀": 1, "\uffff": 2}
const PYTHON = String.raw`{"a":[1,-2,null,true,false],"b":"caf\u00e9 \ud83d\ude00 \u007f \n\"\\","type":"x","\u00e9":0,"\uffff":2,"\ud83d\ude00":1}`;

describe("canonical leaves", () => {
  it("Python's canonical JSON is accepted and re-serialised byte for byte (keys by code point, not UTF-16 unit)", () => {
    const record = parseCanonicalLeaf(utf8(PYTHON));
    expect(record.b).toBe("café 😀 \x7f \n\"\\");
    expect(canonicalJson(record)).toBe(PYTHON);
  });

  it.each([
    ["whitespace", '{"a": 1}'],
    ["unsorted keys", '{"b":1,"a":2}'],
    ["a duplicate key", '{"a":1,"a":1}'],
    ["a fraction", '{"a":1.0}'],
    ["an exponent", '{"a":1e2}'],
    ["an integer beyond 2^53", '{"a":9007199254740993}'],
    ["an uppercase escape", '{"a":"caf\\u00E9"}'],
    ["an escaped slash", '{"a":"\\/"}'],
    ["a short escape spelled long", '{"a":"\\u000a"}'],
    ["a trailing newline", '{"a":1}\n'],
    ["an array, not an object", "[1]"],
    ["not JSON", "{a:1}"],
  ])("%s is refused", (_, text) => {
    expect(() => parseCanonicalLeaf(utf8(text))).toThrow(/canonical|not JSON|not a JSON object/);
  });

  it("raw non-ASCII bytes are refused", () => {
    expect(() => parseCanonicalLeaf(utf8('{"a":"café"}'))).toThrow(/not ASCII/);
  });
});

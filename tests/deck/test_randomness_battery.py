"""NIST SP 800-22 statistical tests (the `nistrng` package) over the raw
foodgames-shuffle-v1 byte stream, as NIST's methodology applies them: many
sequences, each from its own shuffle seed, and per test the proportion of
sequences that pass at alpha = 0.01 must reach the acceptance bound
p - 3 sqrt(p (1 - p) / m), p = 0.99.

Slow (about two minutes); results and the exact command are in
docs/randomness-tests.md. Run it as a report with

    .venv/bin/python -m tests.deck.test_randomness_battery

nistrng 1.2.3 needs care (see the doc): its binary-matrix-rank test rewrites its
input in place, so every test gets its own copy; its int8 bit arrays overflow
the cumulative-sums walk, so bits are int64; and its random-excursion tests
(and its non-overlapping-template test, which returns 1.0 for every input)
fail or pass os.urandom output alike, so they are left out."""
from __future__ import annotations

import hashlib
import math
import sys
import time
import warnings

import numpy as np
import pytest

from services.deck import shuffle as sh

SEQUENCES = 10
SEQUENCE_BITS = 100_000
LONG_BITS = 1_000_000  # Maurer's universal test needs 10^6 bits
ALPHA = 0.01
EXCLUDED = {
    "random_excursion": "reports p = 0 for os.urandom output too (broken in nistrng 1.2.3)",
    "random_excursion_variant": "reports p-values above 1 (broken in nistrng 1.2.3)",
    "non_overlapping_template_matching": "returns 1.0 for every input in nistrng 1.2.3",
    "linear_complexity": "needs 10^6 bits and about 3 minutes a sequence in nistrng",
    "overlapping_template_matching": "nistrng never finds a sequence eligible",
}


def stream_bits(sequence: int, n_bits: int) -> np.ndarray:
    seed = sh.derive_shuffle_seed(hashlib.sha256(b"randomness battery").digest(),
                                  {0: sequence.to_bytes(8, "big")}, "nist-sp800-22", "stream", 0,
                                  sh.V1)  # the figures of docs/randomness-tests.md
    raw = sh.ByteStream(seed).read(n_bits // 8)
    return np.unpackbits(np.frombuffer(raw, dtype=np.uint8)).astype(np.int64)


def minimum_passes(m: int, p: float = 1 - ALPHA) -> int:
    return math.ceil(m * (p - 3 * math.sqrt(p * (1 - p) / m)))


def run_battery(sequences: int = SEQUENCES) -> dict[str, dict]:
    from nistrng import SP800_22R1A_BATTERY

    warnings.simplefilter("ignore", RuntimeWarning)
    results: dict[str, dict] = {}
    for s in range(sequences):
        bits = stream_bits(s, SEQUENCE_BITS)
        for name, test in SP800_22R1A_BATTERY.items():
            if name in EXCLUDED or name == "maurers_universal":
                continue
            if not test.is_eligible(bits.copy()):
                continue
            started = time.perf_counter()
            result, _ = test.run(bits.copy())
            row = results.setdefault(name, {"passed": 0, "runs": 0, "p": [], "seconds": 0.0})
            row["runs"] += 1
            row["passed"] += bool(result.passed)
            row["p"].append(float(np.min(result._score_list)))
            row["seconds"] += time.perf_counter() - started
    long_bits = stream_bits(10_000, LONG_BITS)
    test = SP800_22R1A_BATTERY["maurers_universal"]
    started = time.perf_counter()
    result, _ = test.run(long_bits.copy())
    results["maurers_universal (1 x 10^6 bits)"] = {
        "passed": int(result.passed), "runs": 1, "p": [float(np.min(result._score_list))],
        "seconds": time.perf_counter() - started}
    return results


def format_results(results: dict[str, dict]) -> str:
    lines = [f"{'test':40} {'passed':>8} {'min p':>8} {'median p':>9} {'seconds':>8}"]
    for name, row in results.items():
        lines.append(f"{name:40} {row['passed']:>4}/{row['runs']:<3} {min(row['p']):8.4f} "
                     f"{float(np.median(row['p'])):9.4f} {row['seconds']:8.1f}")
    return "\n".join(lines)


@pytest.mark.slow
def test_the_byte_stream_passes_the_nist_sp800_22_tests():
    pytest.importorskip("nistrng")
    # given 10 sequences of 100,000 bits, each the stream of its own shuffle seed
    results = run_battery()
    # then every test passes on at least NIST's minimum proportion of sequences
    bound = minimum_passes(SEQUENCES)
    assert len(results) >= 9, results.keys()
    for name, row in results.items():
        need = bound if row["runs"] == SEQUENCES else row["runs"]
        assert row["passed"] >= need, (name, format_results(results))


if __name__ == "__main__":
    started = time.perf_counter()
    table = run_battery(int(sys.argv[1]) if len(sys.argv) > 1 else SEQUENCES)
    print(format_results(table))
    print(f"acceptance: at least {minimum_passes(SEQUENCES)} of {SEQUENCES} sequences per test; "
          f"{time.perf_counter() - started:.0f} s in all")

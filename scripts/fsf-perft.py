#!/usr/bin/env python3
"""Perft counts from Fairy-Stockfish (pyffish), written as `tests/perft/*.perft` lines.

    .venv/bin/python3 scripts/fsf-perft.py VARIANT DEPTH [--random N --plies P --seed S] [--ini FILE] [FEN ...]

Prints `epd`/`perft` lines for the variant's start position (depths 1..DEPTH), for each FEN
given, and for N positions reached by random games of P plies (a fixed seed, so the same
positions come out each time). `--ini FILE` loads variants.ini sections first (for a variant
pyffish does not know, like tests/fsf/ini/flags.ini's alapo). Counts are made through pyffish's legal move lists, so a
position where the game has ended counts no moves, as in Chimera.
"""

import argparse
import random

import pyffish as sf


def perft(variant, fen, depth):
    if depth == 0:
        return 1
    moves = sf.legal_moves(variant, fen, [])
    if depth == 1:
        return len(moves)
    return sum(perft(variant, sf.get_fen(variant, fen, [m]), depth - 1) for m in moves)


def section(variant, ident, fen, depth):
    print(f"\nid {ident}\nepd {fen}")
    for d in range(1, depth + 1):
        print(f"perft {d} {perft(variant, fen, d)}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("variant")
    ap.add_argument("depth", type=int)
    ap.add_argument("fens", nargs="*")
    ap.add_argument("--random", type=int, default=0)
    ap.add_argument("--plies", type=int, default=20)
    ap.add_argument("--random-depth", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--ini")
    a = ap.parse_intermixed_args()
    if a.ini:
        with open(a.ini) as f:
            sf.load_variant_config(f.read())
    start = sf.start_fen(a.variant)
    print(f"# counts from Fairy-Stockfish (pyffish {'.'.join(map(str, sf.version()))}), "
          f"variant `{a.variant}`, through its legal move lists (scripts/fsf-perft.py)")
    section(a.variant, "start", start, a.depth)
    for i, fen in enumerate(a.fens):
        section(a.variant, f"position-{i + 1}", fen, a.depth)
    rng = random.Random(a.seed)
    made = 0
    while made < a.random:
        line = []
        for _ in range(a.plies):
            moves = sf.legal_moves(a.variant, start, line)
            if not moves:
                break
            line.append(rng.choice(sorted(moves)))
        fen = sf.get_fen(a.variant, start, line)
        if not sf.legal_moves(a.variant, fen, []):
            continue
        made += 1
        section(a.variant, f"random-{made}", fen, a.random_depth)


if __name__ == "__main__":
    main()

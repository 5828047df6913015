"""Fairy-Stockfish (pyffish) behind a line protocol, for Chimera's tests.

One JSON object per line on stdin, one JSON object per line on stdout, in order:

    {"cmd": "version"}                                  -> {"ok": "0.0.90"}
    {"cmd": "load", "ini": "<variants.ini text>"}       -> {"ok": ["name", ...]}  (variants known after)
    {"cmd": "start_fen", "variant": V}                  -> {"ok": "<fen>"}
    {"cmd": "legal_moves", "variant": V, "fen": F, "moves": [M, ...]}
                                                        -> {"ok": ["e2e4", ...]}  (sorted)
    {"cmd": "get_fen", "variant": V, "fen": F, "moves": [...]}        -> {"ok": "<fen>"}
    {"cmd": "perft", "variant": V, "fen": F, "moves": [...], "depth": D}  -> {"ok": N}
    {"cmd": "divide", "variant": V, "fen": F, "moves": [...], "depth": D} -> {"ok": {"e2e4": N, ...}}
    {"cmd": "game_end", "variant": V, "fen": F, "moves": [...]}
                                                        -> {"ok": [ended, result]}  (immediate end)

A failure of one request answers {"error": "<text>"} and the driver keeps going.
Moves are in Fairy-Stockfish's UCI notation (see README.md in this folder).
"""

import json
import sys

import pyffish as sf


def perft(variant, fen, moves, depth):
    if depth == 0:
        return 1
    legal = sf.legal_moves(variant, fen, moves)
    if depth == 1:
        return len(legal)
    return sum(perft(variant, fen, moves + [m], depth - 1) for m in legal)


def legal(variant, fen, moves, no_mate=""):
    """pyffish's legal moves, less its drops of a `no_mate` letter that give mate: Fairy-Stockfish
    lists such a drop (`shogiPawnDropMateIllegal`) and scores the mate as the dropper's loss,
    where the language's `no-mate` makes the drop illegal. The same game, one leaf fewer."""
    out = sf.legal_moves(variant, fen, moves)
    if not no_mate:
        return out
    return [m for m in out
            if not (m[1:2] == "@" and m[0].upper() in no_mate
                    and sf.gives_check(variant, fen, moves + [m])
                    and not sf.legal_moves(variant, fen, moves + [m]))]


def handle(req):
    cmd = req.get("cmd")
    if cmd == "version":
        return ".".join(str(x) for x in sf.version())
    if cmd == "load":
        sf.load_variant_config(req["ini"])
        return sorted(sf.variants())
    if cmd == "start_fen":
        return sf.start_fen(req["variant"])
    variant, fen, moves = req["variant"], req["fen"], list(req.get("moves", []))
    if cmd == "legal_moves":
        return sorted(legal(variant, fen, moves, req.get("no_mate", "")))
    if cmd == "get_fen":
        return sf.get_fen(variant, fen, moves)
    if cmd == "perft":
        return perft(variant, fen, moves, int(req["depth"]))
    if cmd == "divide":
        depth = int(req["depth"])
        return {m: perft(variant, fen, moves + [m], depth - 1)
                for m in sf.legal_moves(variant, fen, moves)}
    if cmd == "game_end":
        ended, result = sf.is_immediate_game_end(variant, fen, moves)
        return [bool(ended), int(result)]
    raise ValueError("unknown cmd %r" % (cmd,))


def main():
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            out = {"ok": handle(json.loads(line))}
        except Exception as e:  # every failure is an answer, never the end of the driver
            cause = e.__cause__ or e.__context__
            text = "%s: %s" % (type(e).__name__, e)
            if cause is not None:
                text += " (%s: %s)" % (type(cause).__name__, cause)
            out = {"error": text}
        sys.stdout.write(json.dumps(out) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""For each game of a `ply tournament --json` report: the exact value (Ply's solver, one thread)
at EMPTIES empties from Ply's side (player 0), and the final disc margin.
Usage: PLY=target/release/ply exact_at.py REPORT.json EMPTIES > out.tsv"""
import json, os, re, subprocess, sys, resource

PLY = os.environ.get("PLY", "target/release/ply")
report, empties = json.load(open(sys.argv[1])), int(sys.argv[2])
print("game\tply_colour\tposition\tto_move\tscore_to_move\tply_value\tfinal_margin\tcpu_s")
for i, g in enumerate(report["games"]):
    moves = g["moves"].split()
    placed, prefix = 0, []
    for m in moves:
        if placed == 60 - empties:
            break
        prefix.append(m)
        if m != "pass":
            placed += 1
    if placed < 60 - empties:
        continue  # ended before
    ply_black = g["first"] == 0
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run([PLY, "solve", "othello", "--position", " ".join(prefix),
                          "--threads", "1", "--tt-mb", "64"], capture_output=True, text=True).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    pos = re.search(r"^position: (.*)$", out, re.M).group(1)
    to_move = re.search(r"^to move: (\S)", out, re.M).group(1)
    score = int(re.search(r"^score: ([+-]?\d+)", out, re.M).group(1))
    ply_value = score if (to_move == "X") == ply_black else -score
    b, w = g["material_first"], g["material_second"]
    margin = (b - w) if ply_black else (w - b)
    print(f"{i}\t{'X' if ply_black else 'O'}\t{pos}\t{to_move}\t{score:+d}\t{ply_value:+d}\t{margin:+d}\t{cpu:.2f}", flush=True)

#!/usr/bin/env python3
"""Where the games of a match were decided, from exact_at.py's table: results and disc margins at
the solved point beside the final ones, from Ply's side. Usage: lost_where.py TABLE.tsv"""
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1]), delimiter="\t"))
sgn = lambda v: (v > 0) - (v < 0)
def wdl(vals):
    return f"{sum(v>0 for v in vals)}-{sum(v==0 for v in vals)}-{sum(v<0 for v in vals)}"
at = [int(r["ply_value"]) for r in rows]; fin = [int(r["final_margin"]) for r in rows]
print("games", len(rows))
print("at22", wdl(at), "sum", sum(at), "mean %.2f" % (sum(at)/len(at)))
print("final", wdl(fin), "sum", sum(fin))
better = sum(sgn(f) > sgn(a) for a, f in zip(at, fin)); worse = sum(sgn(f) < sgn(a) for a, f in zip(at, fin))
print("results changed after 22: to Ply", better, "to NTest", worse)
lost = [(a, f) for a, f in zip(at, fin) if f < 0]
print("Ply's losses:", len(lost), "already lost at 22:", sum(a < 0 for a, f in lost), "drawn at 22:", sum(a == 0 for a, f in lost), "won at 22:", sum(a > 0 for a, f in lost))
dr = [(a, f) for a, f in zip(at, fin) if f == 0]
print("Ply's draws:", len(dr), "lost at 22:", sum(a < 0 for a, f in dr), "won at 22:", sum(a > 0 for a, f in dr))
print("discs lost after 22 net (final - exact), sum over games:", sum(f - a for a, f in zip(at, fin)))
print("Ply given away (games where final < exact):", sum(a - f for a, f in zip(at, fin) if f < a), " NTest given away:", sum(f - a for a, f in zip(at, fin) if f > a))
print("ply cpu solve mean %.2f" % (sum(float(r['cpu_s']) for r in rows)/len(rows)))

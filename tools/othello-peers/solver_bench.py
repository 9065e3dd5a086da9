#!/usr/bin/env python3
"""Exact endgame solves side by side, one thread each: Ply's solver (one or more builds) and
NTest's, CPU time and value per position, and a check that every value agrees (with each other
and with the published value where the input lists one).

Positions, in the order given:
  --obf FILE[:FIRST-LAST]   OBF lines (FFO sets), 1-based line range; each line's listed best
                            score is the published value
  --wthor FILE --count N --empties A-B --seed S
                            N positions from distinct games of a WTHOR file, the i-th taken at
                            a seeded empty count in A..B (games too short are skipped)
  --positions FILE          lines of 64 squares a1..h8 (X, O, -) and the side to move
Engines:
  --ply NAME=BINARY         a Ply build, run as `BINARY solve othello --position P --threads 1
                            --tt-mb 64`, one process a position; CPU = the child's user+sys
                            (getrusage); may be given several times (before / after builds)
  --ntest                   NTest from NTEST_RUN (docs/othello-patterns.md), one process for the
                            whole run, `set depth 60`; CPU = growth of utime+stime in /proc/PID/stat
                            (10 ms ticks) around `set game` + `go`
  --time-ms MS              Ply gives up after MS (the row then says "unfinished")
Prints a Markdown table (values from the side to move's view) and a total line per engine;
exits 1 if any two values of a position disagree. Ply gives the empty squares of a game that
ends before the board is full to the winner, NTest to nobody: such a row agrees when NTest's
value has the same sign and a smaller size, by at most the empties of the position, and is
marked "(early end)".
Example (docs/othello-patterns.md, "Endgame solver against NTest's"):
  tools/othello-peers/solver_bench.py --obf tests/data/othello/fforum-40-59.obf:1-10 \\
      --ply Ply=target/release/ply --ntest
"""
import argparse, os, random, re, resource, struct, subprocess, sys, time

RUN = os.environ.get("NTEST_RUN", "/work/ext/ntest-run")
TICK = os.sysconf("SC_CLK_TCK")
DIRS = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]


def flips(board, sq, me):
    """Squares flipped when `me` plays `sq` on `board` (a list of 64 of 'X', 'O', '-')."""
    if board[sq] != "-":
        return []
    them = "O" if me == "X" else "X"
    out = []
    f0, r0 = sq % 8, sq // 8
    for df, dr in DIRS:
        run, f, r = [], f0 + df, r0 + dr
        while 0 <= f < 8 and 0 <= r < 8 and board[r * 8 + f] == them:
            run.append(r * 8 + f)
            f, r = f + df, r + dr
        if run and 0 <= f < 8 and 0 <= r < 8 and board[r * 8 + f] == me:
            out += run
    return out


def has_move(board, me):
    return any(flips(board, sq, me) for sq in range(64))


def wthor_positions(path, count, lo, hi, seed):
    """`count` positions from distinct games of the WTHOR file, each at a seeded empty count."""
    data = open(path, "rb").read()
    games = (len(data) - 16) // 68
    rng = random.Random(seed)
    order = list(range(games))
    rng.shuffle(order)
    out = []
    for g in order:
        if len(out) == count:
            break
        want = rng.randint(lo, hi)
        rec = data[16 + 68 * g: 16 + 68 * (g + 1)]
        moves = [b for b in rec[8:68] if b]
        board = ["-"] * 64
        board[27], board[36], board[28], board[35] = "O", "O", "X", "X"
        side, ok = "X", True
        for k, m in enumerate(moves):
            if 60 - k == want:
                break
            sq = (m // 10 - 1) * 8 + (m % 10 - 1)
            if not flips(board, sq, side):
                side = "O" if side == "X" else "X"  # WTHOR leaves passes out
            f = flips(board, sq, side)
            if not f:
                ok = False
                break
            for s in f + [sq]:
                board[s] = side
            side = "O" if side == "X" else "X"
        if not ok or board.count("-") != want:
            continue
        if not has_move(board, side):
            side = "O" if side == "X" else "X"
            if not has_move(board, side):
                continue  # game over
        out.append((f"{os.path.basename(path)} game {g}", "".join(board) + " " + side, None))
    return out


def obf_positions(spec):
    path, _, rng = spec.partition(":")
    lines = [l for l in open(path) if l.strip()]
    first, last = 1, len(lines)
    if rng:
        a, _, b = rng.partition("-")
        first, last = int(a), int(b or a)
    base = 40 if "40-59" in path else 20 if "20-39" in path else 60 if "60-79" in path else 1
    out = []
    for i in range(first, last + 1):
        line = lines[i - 1]
        squares, rest = line.split(None, 1)
        side = rest.split(";")[0].strip()
        listed = max(int(m) for m in re.findall(r":\s*([+-]?\d+)", rest))
        out.append((f"FFO #{base + i - 1}", squares + " " + side, listed))
    return out


class Ply:
    def __init__(self, binary, time_ms):
        self.binary, self.time_ms = binary, time_ms

    def solve(self, pos):
        args = [self.binary, "solve", "othello", "--position", pos, "--threads", "1", "--tt-mb", "64"]
        if self.time_ms:
            args += ["--time-ms", str(self.time_ms)]
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        r = subprocess.run(args, capture_output=True, text=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
        if r.returncode != 0:
            return None, cpu, None
        score = int(re.search(r"^score: ([+-]?\d+)", r.stdout, re.M).group(1))
        nodes = int(re.search(r"^nodes: (\d+)", r.stdout, re.M).group(1))
        return score, cpu, nodes


class NTest:
    def __init__(self):
        self.p = subprocess.Popen([RUN + "/ntest"], cwd=RUN, stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                                  bufsize=1)
        self.send("nboard 2")
        self.send("set depth 60")
        self.send("ping 1")
        self.until(lambda l: l == "pong 1")

    def send(self, s):
        self.p.stdin.write(s + "\n")
        self.p.stdin.flush()

    def until(self, pred):
        for line in self.p.stdout:
            if pred(line.strip()):
                return line.strip()
        raise SystemExit("ntest exited")

    def cpu(self):
        rest = open(f"/proc/{self.p.pid}/stat").read().rsplit(")", 1)[1].split()
        return sum(int(x) for x in rest[11:13]) / TICK

    def solve(self, pos):
        squares, side = pos.split()
        board = "".join({"X": "*", "O": "O", "-": "-"}[c] for c in squares)
        side = "*" if side == "X" else "O"
        c0 = self.cpu()
        self.send(f"set game (;GM[Othello]PC[Ply]PB[b]PW[w]RE[?]TI[1:00:00]TY[8]BO[8 {board} {side}];)")
        self.send("go")
        searched = []  # NTest's "search MOVE VALUE ..." lines: it leaves the answer's value out when it is 0
        ans = self.until(lambda l: l.startswith("===") or (l.startswith("search ") and searched.append(l)))
        cpu = self.cpu() - c0
        val = (ans[3:].strip().split("/") + ["", ""])[1] or (searched[-1].split()[2] if searched else "")
        return (round(float(val)) if val else None), cpu, None

    def close(self):
        self.send("quit")
        self.p.wait(timeout=5)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--obf", action="append", default=[])
    ap.add_argument("--wthor")
    ap.add_argument("--count", type=int, default=30)
    ap.add_argument("--empties", default="20-26")
    ap.add_argument("--seed", type=int, default=49)
    ap.add_argument("--positions")
    ap.add_argument("--ply", action="append", default=[])
    ap.add_argument("--ntest", action="store_true")
    ap.add_argument("--time-ms", type=int)
    a = ap.parse_args()
    positions = []
    for spec in a.obf:
        positions += obf_positions(spec)
    if a.wthor:
        lo, _, hi = a.empties.partition("-")
        positions += wthor_positions(a.wthor, a.count, int(lo), int(hi or lo), a.seed)
    if a.positions:
        positions += [(f"line {i + 1}", l.strip(), None) for i, l in enumerate(open(a.positions)) if l.strip()]
    engines = []
    for spec in a.ply:
        name, _, binary = spec.partition("=")
        engines.append((name, Ply(binary, a.time_ms)))
    if a.ntest:
        engines.append(("NTest", NTest()))
    if not engines or not positions:
        ap.error("give at least one engine (--ply, --ntest) and some positions")
    names = [n for n, _ in engines]
    head = ["position", "empties", "published"] + [f"{n}: value" for n in names] + \
           [f"{n}: CPU s" for n in names] + [f"{n}: nodes" for n, e in engines if isinstance(e, Ply)]
    if len(engines) > 1:
        head += [f"{n} / {names[-1]}" for n in names[:-1]]
    print("| " + " | ".join(head) + " |")
    print("| " + " | ".join(["---"] + ["---:"] * (len(head) - 1)) + " |")
    totals = {n: 0.0 for n in names}
    bad = 0
    for label, pos, listed in positions:
        results = [e.solve(pos) for _, e in engines]
        ply_values = {v for (_, e), (v, _, _) in zip(engines, results) if isinstance(e, Ply)}
        values = ply_values | ({listed} if listed is not None else set())
        ok = len(values) == 1 and all(v is not None for v, _, _ in results)
        early_end = False
        for (_, e), (v, _, _) in zip(engines, results):
            if isinstance(e, NTest) and ok and v not in values:
                # NTest leaves the empty squares of a game that ends early to nobody, Ply gives
                # them to the winner: then the two differ by those empties, in the winner's way.
                (w,) = values
                early_end = v * w > 0 and 0 < abs(w) - abs(v) <= pos.count("-")
                ok = early_end
        bad += not ok
        for n, (_, cpu, _) in zip(names, results):
            totals[n] += cpu
        fmt = lambda v: "unfinished" if v is None else f"{v:+d}"
        mark = " **DISAGREE**" if not ok else " (early end)" if early_end else ""
        row = [label + mark, str(pos.count("-")),
               "" if listed is None else f"{listed:+d}"]
        row += [fmt(v) for v, _, _ in results] + [f"{c:.2f}" for _, c, _ in results]
        row += [str(nodes) if nodes else "" for (_, e), (_, _, nodes) in zip(engines, results) if isinstance(e, Ply)]
        if len(engines) > 1:
            last = results[-1][1]
            row += [f"{c / last:.2f}x" if last > 0 else "" for _, c, _ in results[:-1]]
        print("| " + " | ".join(row) + " |", flush=True)
    print("\ntotal CPU s: " + ", ".join(f"{n} {t:.2f}" for n, t in totals.items()))
    if len(names) > 1:
        print("ratios of the totals: " + ", ".join(
            f"{n} / {names[-1]} {totals[n] / max(totals[names[-1]], 1e-9):.2f}x" for n in names[:-1]))
    for _, e in engines:
        if isinstance(e, NTest):
            e.close()
    if bad:
        print(f"{bad} position(s) where the values disagree or a solve did not finish", file=sys.stderr)
        sys.exit(1)


main()

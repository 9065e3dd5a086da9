#!/usr/bin/env python3
"""Time NTest's exact solve (set depth 60) of positions in Ply's text (64 squares a1..h8 of X/O/-,
then the side), one per line on stdin. Prints: position, NTest's move, value, CPU s, wall s.
CPU time is the growth of utime+stime in /proc/PID/stat around `set game` + `go`."""
import os, subprocess, sys, time

# NTest reads its coefficients and parameters.txt from its run directory (docs/othello-patterns.md).
RUN = os.environ.get("NTEST_RUN", "/work/ext/ntest-run")
TICK = os.sysconf("SC_CLK_TCK")

def cpu(pid):
    rest = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return sum(int(x) for x in rest[11:13]) / TICK

def main():
    depth = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    p = subprocess.Popen([RUN + "/ntest"], cwd=RUN, stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1)
    def send(s):
        p.stdin.write(s + "\n"); p.stdin.flush()
    def until(pred):
        for line in p.stdout:
            if pred(line.strip()):
                return line.strip()
        raise SystemExit("ntest exited")
    send("nboard 2"); send(f"set depth {depth}"); send("ping 1"); until(lambda l: l == "pong 1")
    for text in sys.stdin:
        text = text.strip()
        if not text:
            continue
        squares, side = text.split()
        board = "".join({"X": "*", "O": "O", "-": "-"}[c] for c in squares)
        side = "*" if side == "X" else "O"
        c0, w0 = cpu(p.pid), time.monotonic()
        send(f"set game (;GM[Othello]PC[Ply]PB[b]PW[w]RE[?]TI[1:00:00]TY[8]BO[8 {board} {side}];)")
        send("go")
        ans = until(lambda l: l.startswith("==="))
        w1, c1 = time.monotonic(), cpu(p.pid)
        mv, val = (ans[3:].strip().split("/") + ["", ""])[:2]
        print(f"{text}\t{mv}\t{val}\t{c1 - c0:.2f}\t{w1 - w0:.2f}", flush=True)
    send("quit")
    p.wait(timeout=5)

main()

# The frecency bench of issue #37: a seeded sequence of picks over a list of lines, with preferences that drift,
# ranked before each pick three ways, and how well each ranking foresaw the pick.
#
#   awk -v seed=37 -v lines=500 -v picks=5000 -f scripts/frecency-sim.awk
#
# The generator (its own LCG, so every awk gives the same sequence): a pick every 1–240 minutes (mean 2 h, so 5,000
# picks span about 14 months); 80 % of picks fall in a "hot" window of 24 lines, Zipf-like inside it (the window's
# first line twice as likely as its fifth), whose start moves one line on every 40 picks (125 lines over 5,000); 20 %
# fall anywhere. Each pick is ranked, before it is recorded, by:
#   favs     favs pick's order without a query: frecency (each earlier pick 2^(-age / 7 days), summed: Frecency),
#            then input order (no stars in this sequence);
#   fzf      input order (what fzf shows without a query);
#   zoxide   zoxide's formula: rank + 1 a visit, times 4 under an hour since the last visit, 2 under a day, /2 under
#            a week, else /4; then input order.
# The first 500 picks only warm the memories up. Printed: top-1 hit rate (the pick is the first row), first-screen
# hit rate (among the first 20 rows: an 80x24 picker shows 20) and mean reciprocal rank, one line per ranking.
# With -v emit=1 it prints the sequence instead, a pick a line: its time (ms from the start) and the line's index.
function next_random() { state = (state * 1103515245 + 12345) % 2147483648; return state / 2147483648 }
BEGIN {
    if (seed == "") seed = 37; if (lines == "") lines = 500; if (picks == "") picks = 5000
    state = seed; warmup = 500; halflife = 7 * 86400000; hour = 3600000; day = 24 * hour; week = 7 * day
    window = 24; screen = 20; now = 0
    for (i = 0; i < lines; i++) { f[i] = 0; visits[i] = 0; last[i] = -1 }
    for (p = 0; p < picks; p++) {
        now += int(1 + next_random() * 240) * 60000
        start = int(p / 40)
        if (next_random() < 0.8) {
            # Zipf-like inside the window: offset k with weight 1 / (k + 4).
            total = 0; for (k = 0; k < window; k++) total += 1 / (k + 4)
            u = next_random() * total; k = 0
            while (k < window - 1 && u > 1 / (k + 4)) { u -= 1 / (k + 4); k++ }
            line = (start + k) % lines
        } else {
            line = int(next_random() * lines)
        }
        if (emit) { print now, line; continue }  # the sequence alone, for scripts/frecency-bench.sh
        if (p >= warmup) {
            # favs: the frecency sum, kept as sum of 2^(t / halflife) (the order of 2^(-age / h) sums does not change
            # with the time they are read at), rescaled now and then to stay finite.
            r_favs = 1; r_zox = 1
            for (i = 0; i < lines; i++) {
                if (i == line) continue
                if (f[i] > f[line] || (f[i] == f[line] && i < line)) r_favs++
                if (zscore(i) > zscore(line) || (zscore(i) == zscore(line) && i < line)) r_zox++
            }
            r_fzf = line + 1
            n++
            top1["favs"] += (r_favs == 1); top1["fzf"] += (r_fzf == 1); top1["zoxide"] += (r_zox == 1)
            first["favs"] += (r_favs <= screen); first["fzf"] += (r_fzf <= screen); first["zoxide"] += (r_zox <= screen)
            mrr["favs"] += 1 / r_favs; mrr["fzf"] += 1 / r_fzf; mrr["zoxide"] += 1 / r_zox
        }
        f[line] += 2 ^ ((now - base) / halflife)
        if ((now - base) / halflife > 500) {
            for (i = 0; i < lines; i++) f[i] /= 2 ^ ((now - base) / halflife)
            base = now
        }
        visits[line]++; last[line] = now
    }
    if (emit) exit
    split("favs fzf zoxide", names, " ")
    for (j = 1; j <= 3; j++) {
        name = names[j]
        printf "%s %.3f %.3f %.3f %d\n", name, top1[name] / n, first[name] / n, mrr[name] / n, n
    }
}
function zscore(i,    age) {
    if (visits[i] == 0) return 0
    age = now - last[i]
    if (age < hour) return visits[i] * 4
    if (age < day) return visits[i] * 2
    if (age < week) return visits[i] / 2
    return visits[i] / 4
}

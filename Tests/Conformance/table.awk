# Adds up the records of the differential tests (FormworkTesting's ConformanceReport:
# format, set, form, walk, aspect, agreed 1/0, deviation; tab-separated) into the
# table `make conformance` prints: per format and set, the forms and walks compared
# and, per aspect, how many walks agreed; then how many walks differ under a
# documented deviation, and how many disagree (differ outside one). `serve`: the
# same walk replayed through `formwork serve` shows the same rows and writes the
# oracle's data; `response`: `formwork validate` on the oracle's data gives the
# oracle's verdict.
BEGIN {
    FS = "\t"
    split("questions labels calculations verdict data values serve response", aspect, " ")
    aspects = 8
}
NF >= 6 {
    key = $1 "\t" $2
    if (!(key in seen)) { seen[key] = 1; order[++sets] = key }
    if (!((key, $3) in form)) { form[key, $3] = 1; forms[key]++ }
    if (!((key, $3, $4) in walk)) { walk[key, $3, $4] = 1; walks[key]++ }
    compared[key, $5]++
    if ($6 == 1) agreed[key, $5]++
    else if ($7 != "") {
        reason[$7] = 1
        if (!((key, $3, $4) in deviatedWalk)) { deviatedWalk[key, $3, $4] = 1; deviated[key]++ }
    } else if (!((key, $3, $4) in disagreedWalk)) { disagreedWalk[key, $3, $4] = 1; disagreed[key]++ }
}
END {
    if (sets == 0) { print "make conformance: no comparisons were recorded (are the oracles set up?)"; exit 1 }
    printf "| format | set | forms | walks |"
    for (i = 1; i <= aspects; i++) printf " %s |", aspect[i]
    printf " walks deviating | walks disagreeing |\n|---|---|---:|---:|"
    for (i = 1; i <= aspects; i++) printf "---:|"
    printf "---:|---:|\n"
    for (s = 1; s <= sets; s++) {
        key = order[s]
        split(key, name, "\t")
        printf "| %s | %s | %d | %d |", name[1], name[2], forms[key], walks[key]
        for (i = 1; i <= aspects; i++) {
            n = compared[key, aspect[i]]
            if (n == 0) printf " — |"
            else printf " %d/%d |", agreed[key, aspect[i]] + 0, n
        }
        printf " %d | %d |\n", deviated[key] + 0, disagreed[key] + 0
        total += disagreed[key]
    }
    for (r in reason) print "deviation: " r
    if (total > 0) { print "make conformance: " total " walks disagree (see the test output above)"; exit 1 }
}

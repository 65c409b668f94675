# The median of a[1..n] (sorts a in place: insertion sort, n is small),
# shared by the bench scripts' summaries: awk -f bench/median.awk -f ...
function median(a, n,   i, j, t) {
  for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
  return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}

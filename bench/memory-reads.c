/* Random reads over a 4 GiB buffer on this machine: the cost of one read of
 * the optimal solver's large table, alone and in batches.
 *
 *   cc -O2 -o /tmp/memory-reads bench/memory-reads.c
 *   /tmp/memory-reads PAGES BATCH
 *
 * PAGES: 2 for 2 MiB pages (transparent huge pages, asked for with madvise),
 * 1 for 1 GiB pages (they must be reserved first, as root:
 * `echo 4 > /sys/kernel/mm/hugepages/hugepages-1048576kB/nr_hugepages`),
 * 0 for whatever the kernel gives. BATCH: the reads whose places are known
 * together (1 to 64); each batch's places depend on the reads of the batch
 * before, as a search's next node depends on its bounds. Prints the time per
 * read. BENCHMARKS.md ("The superflip in 49 s") has this machine's figures. */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <xmmintrin.h>
#ifndef MAP_HUGE_1GB
#define MAP_HUGE_1GB (30 << 26)
#endif

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: %s PAGES(0|1|2) BATCH(1-64)\n", argv[0]);
        return 2;
    }
    size_t n = (size_t)4 << 30, span = 3800000000u, reads = 20000000;
    int pages = atoi(argv[1]), batch = atoi(argv[2]);
    if (batch < 1 || batch > 64) {
        fprintf(stderr, "BATCH must be 1 to 64\n");
        return 2;
    }
    int flags = MAP_PRIVATE | MAP_ANONYMOUS | (pages == 1 ? MAP_HUGETLB | MAP_HUGE_1GB : 0);
    uint8_t *p = mmap(0, n, PROT_READ | PROT_WRITE, flags, -1, 0);
    if (p == MAP_FAILED) {
        perror("mmap");
        return 1;
    }
    if (pages == 2)
        madvise(p, n, MADV_HUGEPAGE);
    memset(p, 1, n);
    uint64_t x = 88172645463325252u, sum = 0;
    size_t at[64];
    double t0 = now();
    for (size_t i = 0; i < reads; i += batch) {
        for (int j = 0; j < batch; j++) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            at[j] = (x + sum) % span;
            _mm_prefetch((char *)p + at[j], _MM_HINT_T0);
        }
        for (int j = 0; j < batch; j++)
            sum += p[at[j]];
    }
    double t1 = now();
    printf("pages %d, batch %d: %.1f ns a read (%llu)\n", pages, batch, (t1 - t0) / reads * 1e9,
           (unsigned long long)sum);
    return 0;
}

// cubist's harness for Chen Shuang's TPR 4x4x4 solver (bench/tpr-444.sh):
// reads the tables TPR writes (or builds and writes them), then solves each
// 96-letter facelet string on standard input, `passes` times over (the
// first pass warms the JIT up), and prints one line per solve: the pass,
// the moves (a whole-cube rotation TPR may end with is not a move), the
// nanoseconds of `Search.solution` alone, and the solution as TPR writes it.
// Only TPR's public API is called; none of its code is here.
import java.io.*;
import java.util.*;
import cs.threephase.Search;

public class Bench {
    static void tables() throws IOException {
        File two = new File("twophase.data"), three = new File("threephase.data");
        if (two.exists()) {
            try (DataInputStream in = new DataInputStream(new BufferedInputStream(new FileInputStream(two)))) { cs.min2phase.Tools.initFrom(in); }
        } else {
            try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(new FileOutputStream(two)))) { cs.min2phase.Tools.saveTo(out); }
        }
        if (three.exists()) {
            try (DataInputStream in = new DataInputStream(new BufferedInputStream(new FileInputStream(three)))) { cs.threephase.Tools.initFrom(in); }
        } else {
            try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(new FileOutputStream(three)))) { cs.threephase.Tools.saveTo(out); }
        }
    }

    public static void main(String[] args) throws IOException {
        long t0 = System.nanoTime();
        tables();
        System.err.printf("tables %.1f s%n", (System.nanoTime() - t0) / 1e9);
        int passes = args.length > 0 ? Integer.parseInt(args[0]) : 1;
        BufferedReader r = new BufferedReader(new InputStreamReader(System.in));
        List<String> cubes = new ArrayList<>();
        for (String line; (line = r.readLine()) != null; ) {
            if (!line.trim().isEmpty()) cubes.add(line.trim());
        }
        Search search = new Search();
        for (int pass = 1; pass <= passes; pass++) {
            for (String cube : cubes) {
                long start = System.nanoTime();
                String sol = search.solution(cube).trim();
                long ns = System.nanoTime() - start;
                int moves = 0;
                for (String m : sol.split("\\s+")) {
                    if (!m.isEmpty() && "xyz".indexOf(m.charAt(0)) < 0) moves++;
                }
                System.out.println(pass + "\t" + moves + "\t" + ns + "\t" + sol);
            }
        }
    }
}

package dev.eventual.bench.cost;

import java.util.List;

/**
 * The median of per-block values and a distribution-free 95 % interval for it: the order statistics
 * x(j) and x(n+1-j) with the largest j whose coverage, 1 - 2·P(Binomial(n, ½) &lt; j), is still at least
 * 95 %. No assumption about the spread of the blocks; with fewer than 6 blocks no such j exists (even
 * min..max covers only 94 % at n = 5), so the interval is absent and no verdict is possible.
 *
 * @param low      lower end of the interval, null when the blocks are too few
 * @param coverage the interval's exact coverage (0 when absent)
 */
public record MedianInterval(int blocks, double median, Double low, Double high, double coverage) {

    static final double CONFIDENCE = 0.95;

    public static MedianInterval of(List<Double> values) {
        double[] x = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        int n = x.length;
        if (n == 0) {
            return new MedianInterval(0, Double.NaN, null, null, 0);
        }
        double median = n % 2 == 1 ? x[n / 2] : (x[n / 2 - 1] + x[n / 2]) / 2;
        int best = 0;
        double bestCoverage = 0;
        double below = 0;
        // below = P(B < j), grown one term at a time
        for (int j = 1; j <= n / 2; j++) {
            below += binomialHalf(n, j - 1);
            double coverage = 1 - 2 * below;
            if (coverage < CONFIDENCE) {
                break;
            }
            best = j;
            bestCoverage = coverage;
        }
        return best == 0 ? new MedianInterval(n, median, null, null, 0)
                : new MedianInterval(n, median, x[best - 1], x[n - best], bestCoverage);
    }

    /** The verdict against a threshold the value must stay at or below ({@code atMost}) or reach. */
    public Verdict against(double threshold, boolean atMost) {
        if (low == null) {
            return Verdict.UNDECIDED;
        }
        if (atMost) {
            return high <= threshold ? Verdict.MET : low > threshold ? Verdict.MISSED : Verdict.UNDECIDED;
        }
        return low >= threshold ? Verdict.MET : high < threshold ? Verdict.MISSED : Verdict.UNDECIDED;
    }

    /** P(B = k) for B ~ Binomial(n, ½). */
    private static double binomialHalf(int n, int k) {
        double p = Math.pow(0.5, n);
        for (int i = 1; i <= k; i++) {
            p = p * (n - k + i) / i;
        }
        return p;
    }

    /** Where the interval lies against a target's threshold. */
    public enum Verdict { MET, MISSED, UNDECIDED }
}

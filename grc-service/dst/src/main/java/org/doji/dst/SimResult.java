package org.doji.dst;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/** What one run did and found. */
record SimResult(SimConfig config, int operations, int acknowledged, int refused, int unanswered, int resent,
                 Map<FaultPlan.Kind, Integer> faults, int crashes, long events, String traceHash, Duration settledAfter,
                 List<Checker.Violation> violations, long internalErrors, String firstInternalError, long wallMillis,
                 List<String> trail) {

    int faultCount() {
        return faults.values().stream().mapToInt(Integer::intValue).sum();
    }

    boolean passed() {
        return violations.isEmpty() && internalErrors == 0;
    }

    String summary() {
        return "seed " + config.seed() + (config.hierarchy() ? " (two GRC levels)" : "") + ": " + operations + " operations ("
                + acknowledged + " acknowledged, " + refused + " refused, " + unanswered + " unanswered, " + resent
                + " resent), " + faultCount() + " faults " + faults + ", " + crashes + " crashes, " + events + " events, settled "
                + (settledAfter == null ? "never" : settledAfter.toSeconds() + " s") + " after the last fault, trace "
                + traceHash + ", " + violations.size() + " violations, " + internalErrors + " internal errors, "
                + wallMillis + " ms";
    }

    /** The report of a failing run: its violations, its first internal error, the replay command, the trail. */
    String failureReport() {
        StringBuilder out = new StringBuilder(summary()).append('\n');
        violations.stream().limit(20).forEach(v -> out.append("  ").append(v).append('\n'));
        if (firstInternalError != null) {
            out.append("  first internal error: ").append(firstInternalError).append('\n');
        }
        out.append("  replay: ").append(config.replayCommand()).append('\n');
        if (!trail.isEmpty()) {
            out.append("  trail of ").append(violations.isEmpty() ? "the run" : violations.get(0).coAllocation()).append(":\n");
            trail.forEach(l -> out.append("    ").append(l).append('\n'));
        }
        return out.toString();
    }
}

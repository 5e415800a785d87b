package org.doji.it.chaos;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The trail of a co-allocation through a chaos run: every line that any process (the GRC in each of its lives,
 * every RM) logged naming it or one of its reservations, merged in time order, each prefixed with its process. A
 * violation is read from this trail, not from memory of the run.
 */
final class ChaosTrail {

    /** The keys of co-allocations and reservations (time-ordered keys: prefix and 20 hex digits). */
    private static final Pattern KEYS = Pattern.compile("\\b(?:co|r)-[0-9a-f]{20}\\b");
    /** A log line's own time (Spring Boot's pattern: ISO date and time first); other lines continue the last one. */
    private static final Pattern STAMP = Pattern.compile("^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d+");

    private ChaosTrail() {
    }

    /** The co-allocation and reservation keys named in {@code texts}. */
    static Set<String> keys(Collection<String> texts) {
        Set<String> out = new LinkedHashSet<>();
        for (String t : texts) {
            Matcher m = KEYS.matcher(t);
            while (m.find()) {
                out.add(m.group());
            }
        }
        return out;
    }

    /** Every log line under {@code dir} (its {@code *.log} files) naming one of {@code keys}, in time order. */
    static List<String> trail(Path dir, Set<String> keys) throws IOException {
        record Line(String stamp, int order, String text) {
        }
        List<Line> lines = new ArrayList<>();
        List<Path> logs;
        try (Stream<Path> files = Files.list(dir)) {
            logs = files.filter(p -> p.getFileName().toString().endsWith(".log")).sorted().toList();
        }
        int order = 0;
        for (Path log : logs) {
            String process = log.getFileName().toString().replaceFirst("\\.log$", "");
            String stamp = "";
            for (String text : Files.readAllLines(log, StandardCharsets.UTF_8)) {
                Matcher m = STAMP.matcher(text);
                if (m.find()) {
                    stamp = m.group();
                }
                for (String k : keys) {
                    if (text.contains(k)) {
                        lines.add(new Line(stamp, order++, String.format("%-14s %s", process, text)));
                        break;
                    }
                }
            }
        }
        return lines.stream().sorted(Comparator.comparing(Line::stamp).thenComparingInt(Line::order)).map(Line::text)
                .toList();
    }
}

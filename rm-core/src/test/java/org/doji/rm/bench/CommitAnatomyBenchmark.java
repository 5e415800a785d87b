package org.doji.rm.bench;

import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.sql.DataSource;
import org.doji.rm.api.Caller;
import org.doji.rm.app.RmApplication;
import org.doji.rm.kernel.ReservationKernel;
import org.doji.rm.model.ComputeDemand;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.persistence.H2Upkeep;
import org.doji.rm.util.SettableClock;
import org.doji.rm.util.TimeOrderedKeys;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.MVStoreTool;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * What one durable commit of an RM writes (not a unit test): an RM application (simulated backend, 256 nodes) on its
 * default H2 file, driven in-process; after {@code bench.warmup} reserve+commit pairs it measures
 * {@code bench.pairs} more: the commits (H2 store versions), the bytes the process wrote ({@code wchar} of
 * /proc/self/io: H2's chunks, nothing else writes then) and, from a dump of the chunks those commits wrote
 * ({@link MVStoreTool#dump}), how the bytes divide between H2's layout map (its own metadata: roots and an entry
 * per chunk) and the tables' B-trees. Compaction is off during the run, so the chunks are the commits' own.
 * {@code bench.ids}: the callers' correlation ids, {@code ordered} (as the GRC's, which begin with its time-ordered
 * co-allocation key; the default) or {@code random} (UUIDs).
 * <p>
 * {@code ./mvnw -B -q -pl rm-core test-compile exec:java -Dbench.main=org.doji.rm.bench.CommitAnatomyBenchmark}
 */
public final class CommitAnatomyBenchmark {

    private static final Pattern CHUNK = Pattern.compile("chunkHeader chunk:\\w+,.*version:(\\p{XDigit}+)");
    private static final Pattern PAGE = Pattern.compile("^\\+\\p{XDigit}+ (leaf|node), map (\\p{XDigit}+), \\d+ entries, (\\d+) bytes");

    private CommitAnatomyBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int warmup = Integer.getInteger("bench.warmup", 3_000);
        int pairs = Integer.getInteger("bench.pairs", 3_000);
        Path dir = Files.createTempDirectory("doji-commit-anatomy");
        SettableClock clock = new SettableClock(Instant.now().truncatedTo(ChronoUnit.SECONDS));
        Map<String, Object> props = Map.of("doji.rm.id", "crm-anatomy", "doji.data-dir", dir.toString(),
                "server.port", "0", "logging.level.root", "WARN", "doji.rm.tick-interval", "PT1H",
                "doji.storage.h2-compaction-interval", "PT24H",
                "doji.rm.simulated.sites[0].name", "siteA", "doji.rm.simulated.sites[0].nodes", "256");
        try (ConfigurableApplicationContext rm = new SpringApplicationBuilder(RmApplication.class).properties(props)
                .initializers(ctx -> ctx.getBeanFactory().registerSingleton("dojiClock", clock)).run()) {
            ReservationKernel kernel = rm.getBean(ReservationKernel.class);
            MVStore store;
            try (Connection c = rm.getBean(DataSource.class).getConnection()) {
                store = H2Upkeep.fileStore(c);
            }
            Instant base = clock.instant().plus(Duration.ofDays(1));
            // the callers' correlation ids: random (UUIDs), or as the GRC's, which begin with a time-ordered key
            TimeOrderedKeys callIds = "ordered".equals(System.getProperty("bench.ids", "ordered"))
                    ? new TimeOrderedKeys("co-", clock) : null;
            System.out.printf("correlation ids: %s%n", callIds == null ? "random" : "time-ordered, as the GRC's");
            run(kernel, base, 0, warmup, callIds);
            long version = store.getCurrentVersion();
            long written = writtenBytes();
            run(kernel, base, warmup, pairs, callIds);
            long commits = store.getCurrentVersion() - version;
            long bytes = writtenBytes() - written;
            System.out.printf("%d reserve+commit pairs: %d commits (%.2f a pair), %.0f bytes written a commit%n",
                    pairs, commits, commits / (double) pairs, bytes / (double) commits);
            Map<String, String> names;
            try (Connection c = rm.getBean(DataSource.class).getConnection()) {
                names = mapNames(c, store);
            }
            Path copy = dir.resolve("copy.mv.db");
            Files.copy(Path.of(store.getFileStore().getFileName()), copy);
            try {
                anatomy(copy, version, names);
            } catch (RuntimeException e) {
                // H2's dump tool cannot decode some files (seen with time-ordered call ids): the bytes above stand
                String why = String.valueOf(e.getMessage());
                System.out.printf("no anatomy: H2's dump of the file failed (%s)%n", why.substring(0, Math.min(80, why.length())));
            }
        }
    }

    /** {@code n} reservations of one node for an hour, each reserved and committed: 4 durable commits a pair. */
    private static void run(ReservationKernel kernel, Instant base, int from, int n, TimeOrderedKeys callIds) {
        for (int k = from; k < from + n; k++) {
            Instant start = base.plus(Duration.ofHours(k / 256));
            ReservationSpec spec = new ReservationSpec(new TimeWindow(start, start.plus(Duration.ofHours(1))),
                    java.util.List.of(new ComputeDemand("siteA", 8, java.util.List.of())), java.util.List.of(),
                    java.util.List.of(), java.util.List.of("alice"), null);
            String call = callIds == null ? UUID.randomUUID().toString() : callIds.next() + ":1:crm-anatomy";
            String key = kernel.reserve(Caller.ANONYMOUS, call + ":reserve", spec, null).key();
            kernel.commit(Caller.ANONYMOUS, key, call + ":commit");
        }
    }

    /** Hands each line written to {@code line}. */
    private static final class LineWriter extends Writer {
        private final Consumer<String> line;
        private final StringBuilder pending = new StringBuilder();

        LineWriter(Consumer<String> line) {
            this.line = line;
        }

        @Override
        public void write(char[] buf, int off, int len) {
            for (int i = off; i < off + len; i++) {
                if (buf[i] == '\n') {
                    line.accept(pending.toString());
                    pending.setLength(0);
                } else {
                    pending.append(buf[i]);
                }
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
            if (pending.length() > 0) {
                line.accept(pending.toString());
            }
        }
    }

    /** Bytes this process has passed to write(2) so far. */
    private static long writtenBytes() throws Exception {
        for (String line : Files.readAllLines(Path.of("/proc/self/io"))) {
            if (line.startsWith("wchar:")) {
                return Long.parseLong(line.substring(6).trim());
            }
        }
        throw new IllegalStateException("no wchar in /proc/self/io");
    }

    /** Bytes of the pages of each map, a chunk, over the chunks of versions from {@code fromVersion} on. */
    /** What each of the store's maps holds, by its id in hex: the table or index of the RM's schema. */
    private static Map<String, String> mapNames(Connection c, MVStore store) throws java.sql.SQLException {
        Map<String, String> objects = new TreeMap<>();
        var database = ((org.h2.engine.SessionLocal) c.unwrap(org.h2.jdbc.JdbcConnection.class).getSession()).getDatabase();
        for (var schema : database.getAllSchemas()) {
            for (var table : schema.getAllTablesAndViews(null)) {
                objects.put("table." + table.getId(), "rows of " + table.getName());
                for (var index : table.getIndexes()) {
                    objects.putIfAbsent("index." + index.getId(), "index " + index.getName() + " of " + table.getName());
                }
            }
        }
        Map<String, String> names = new TreeMap<>();
        for (int id = 1; id < 256; id++) {
            String name = store.getMapName(id);
            if (name != null) {
                names.put(Integer.toHexString(id), objects.getOrDefault(name, name));
            }
        }
        return names;
    }

    private static void anatomy(Path file, long fromVersion, Map<String, String> names) {
        Map<String, Long> bytes = new TreeMap<>();
        int[] chunks = {0};
        boolean[] counting = {false};
        // the detailed dump is hundreds of MB of text: read line by line as it is written
        MVStoreTool.dump(file.toString(), new LineWriter(line -> {
            Matcher chunk = CHUNK.matcher(line);
            if (chunk.find()) {
                counting[0] = Long.parseLong(chunk.group(1), 16) >= fromVersion;
                chunks[0] += counting[0] ? 1 : 0;
                return;
            }
            Matcher page = PAGE.matcher(line);
            if (counting[0] && page.find()) {
                String map = page.group(2).equals("0") ? "layout (H2's own metadata)"
                        : names.getOrDefault(page.group(2), "map " + page.group(2));
                bytes.merge(map, Long.parseLong(page.group(3)), Long::sum);
            }
        }), true);
        long total = bytes.values().stream().mapToLong(Long::longValue).sum();
        int n = Math.max(1, chunks[0]);
        System.out.printf("%d chunks of the measured commits still in the file, %.0f bytes of pages a chunk:%n", chunks[0],
                total / (double) n);
        bytes.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()).forEach(e ->
                System.out.printf("  %-50s %7.0f bytes a chunk  %4.1f %%%n", e.getKey(), e.getValue() / (double) n,
                        100.0 * e.getValue() / total));
    }
}

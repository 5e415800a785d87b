package org.doji.crm.batch.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.doji.crm.batch.CommandRunner;

/**
 * Test double at the command boundary: answers from outputs recorded on the real system (test resources
 * under {@code /fixtures/}) and records every call. A recorded call is three files, NAME.stdout,
 * NAME.stderr and NAME.exit, as the modules' record-fixtures scripts write them.
 *
 * <p>A rule's prefix matches the joined command line, or the same line with the program named by its file
 * name only: an adapter that calls its tools by absolute path (Grid Engine's) is answered by "qconf -sql" too.
 */
public final class RecordedCommands implements CommandRunner {

    /** One call: its argv, and the text of the files it named under the captured directory (path to text). */
    public record Call(List<String> argv, Map<String, String> files) {

        public String line() {
            return String.join(" ", argv);
        }

        /** The line with the program by its file name: "/usr/lib/gridengine/qconf -sql" reads "qconf -sql". */
        public String command() {
            List<String> words = new ArrayList<>(argv);
            words.set(0, Path.of(words.get(0)).getFileName().toString());
            return String.join(" ", words);
        }

        boolean matches(String prefix) {
            return line().startsWith(prefix) || command().startsWith(prefix);
        }
    }

    private final List<Call> calls = new ArrayList<>();
    private final Map<String, Function<List<String>, Result>> answers = new LinkedHashMap<>();
    private Path capturedDir;

    /** Answers commands whose joined argv starts with {@code prefix}; later rules win. */
    public RecordedCommands on(String prefix, Result result) {
        return on(prefix, argv -> result);
    }

    /** Answers the matching commands with {@code first}, then each of {@code then} in turn; the last one repeats. */
    public RecordedCommands on(String prefix, Result first, Result... then) {
        Deque<Result> queue = new ArrayDeque<>();
        queue.add(first);
        queue.addAll(List.of(then));
        return on(prefix, argv -> queue.size() > 1 ? queue.poll() : queue.peek());
    }

    public RecordedCommands on(String prefix, Function<List<String>, Result> fn) {
        answers.remove(prefix);
        answers.put(prefix, fn);
        return this;
    }

    /**
     * Keeps the text of every file a call names below {@code dir} with the call: an adapter that writes
     * configuration files for its commands may delete them before the test looks.
     */
    public RecordedCommands capturingFilesUnder(Path dir) {
        this.capturedDir = dir;
        return this;
    }

    @Override
    public synchronized Result run(List<String> argv) {
        Call call = new Call(List.copyOf(argv), capturedFiles(argv));
        calls.add(call);
        List<String> keys = new ArrayList<>(answers.keySet());
        for (int i = keys.size() - 1; i >= 0; i--) {
            if (call.matches(keys.get(i))) {
                return answers.get(keys.get(i)).apply(argv);
            }
        }
        return new Result(127, "", argv.get(0) + ": command not found");
    }

    /** Every call's joined command line, in order. */
    public synchronized List<String> calls() {
        return calls.stream().map(Call::line).toList();
    }

    public synchronized void clearCalls() {
        calls.clear();
    }

    public List<String> callsStartingWith(String prefix) {
        return calls().stream().filter(c -> c.startsWith(prefix)).toList();
    }

    /** The calls a rule with {@code prefix} would answer, in order. */
    public synchronized List<Call> callsTo(String prefix) {
        return calls.stream().filter(c -> c.matches(prefix)).toList();
    }

    /** Each call's first {@code n} words, the program by its file name: the sequence of commands at a glance. */
    public synchronized List<String> firstWords(int n) {
        return calls.stream().map(c -> {
            List<String> words = List.of(c.command().split(" "));
            return String.join(" ", words.subList(0, Math.min(n, words.size())));
        }).toList();
    }

    private Map<String, String> capturedFiles(List<String> argv) {
        Map<String, String> files = new LinkedHashMap<>();
        if (capturedDir != null) {
            for (String a : argv) {
                Path p = Path.of(a);
                if (p.startsWith(capturedDir) && Files.isRegularFile(p)) {
                    files.put(a, read(p));
                }
            }
        }
        return files;
    }

    /** The text of test resource {@code /fixtures/PATH}. */
    public static String fixture(String path) {
        try (InputStream in = RecordedCommands.class.getResourceAsStream("/fixtures/" + path)) {
            if (in == null) {
                throw new IllegalArgumentException("no fixture " + path);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A recorded call: {@code /fixtures/NAME.stdout}, {@code .stderr} and {@code .exit}. */
    public static Result recorded(String name) {
        return new Result(Integer.parseInt(fixture(name + ".exit").strip()), fixture(name + ".stdout"),
                fixture(name + ".stderr"));
    }

    /** A call that succeeded and printed {@code text} (for outputs a test writes itself). */
    public static Result printed(String text) {
        return new Result(0, text, "");
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

package org.doji.crm.batch.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.doji.crm.batch.CommandRunner;

/**
 * Test double at the command boundary: answers from outputs recorded on the real system (test resources
 * under {@code /fixtures/}) and records every call. A recorded call is three files, NAME.stdout,
 * NAME.stderr and NAME.exit, as the modules' record-fixtures scripts write them.
 */
public final class RecordedCommands implements CommandRunner {

    private final List<String> calls = new ArrayList<>();
    private final Map<String, Function<List<String>, Result>> answers = new LinkedHashMap<>();

    /** Answers commands whose joined argv starts with {@code prefix}; later rules win. */
    public RecordedCommands on(String prefix, Result result) {
        return on(prefix, argv -> result);
    }

    public RecordedCommands on(String prefix, Function<List<String>, Result> fn) {
        answers.remove(prefix);
        answers.put(prefix, fn);
        return this;
    }

    @Override
    public synchronized Result run(List<String> argv) {
        String line = String.join(" ", argv);
        calls.add(line);
        List<String> keys = new ArrayList<>(answers.keySet());
        for (int i = keys.size() - 1; i >= 0; i--) {
            if (line.startsWith(keys.get(i))) {
                return answers.get(keys.get(i)).apply(argv);
            }
        }
        return new Result(127, "", argv.get(0) + ": command not found");
    }

    public synchronized List<String> calls() {
        return List.copyOf(calls);
    }

    public synchronized void clearCalls() {
        calls.clear();
    }

    public List<String> callsStartingWith(String prefix) {
        return calls().stream().filter(c -> c.startsWith(prefix)).toList();
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
}

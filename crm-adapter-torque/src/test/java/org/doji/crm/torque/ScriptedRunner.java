package org.doji.crm.torque;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** Test double at the command boundary: answers from recorded fixtures and records every call. */
final class ScriptedRunner implements CommandRunner {

    final List<String> calls = new ArrayList<>();
    private final Map<String, Function<List<String>, Result>> answers = new LinkedHashMap<>();

    /** Answers commands whose joined argv starts with {@code prefix}; later rules win. */
    ScriptedRunner on(String prefix, Result result) {
        answers.put(prefix, argv -> result);
        return this;
    }

    ScriptedRunner on(String prefix, Function<List<String>, Result> fn) {
        answers.put(prefix, fn);
        return this;
    }

    @Override
    public Result run(List<String> argv) {
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

    List<String> callsStartingWith(String prefix) {
        return calls.stream().filter(c -> c.startsWith(prefix)).toList();
    }

    static String fixture(String path) {
        try (InputStream in = ScriptedRunner.class.getResourceAsStream("/fixtures/" + path)) {
            if (in == null) {
                throw new IllegalArgumentException("no fixture " + path);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Result ok(String fixture) {
        return new Result(0, fixture(fixture), "");
    }

    /** A recorded Slurm wrapper call: NAME.stdout, NAME.stderr and NAME.exit. */
    static Result recorded(String name) {
        String exit = fixture("slurm-torque/" + name + ".exit").strip();
        return new Result(Integer.parseInt(exit), fixture("slurm-torque/" + name + ".stdout"),
                fixture("slurm-torque/" + name + ".stderr"));
    }
}

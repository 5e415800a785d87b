package org.doji.crm.sge;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Replays recorded real Grid Engine outputs (src/test/resources/fixtures, made by scripts/record-fixtures.sh).
 * Commands are matched by tool and first option ("qconf -Au", "qstat -xml", "qresub"); each key answers its
 * queued fixtures in order, the last one repeatedly. Records every call and the files qconf was given.
 */
final class FakeCommandRunner implements CommandRunner {

    record Call(List<String> argv, Map<String, String> files) {
        String key() {
            return FakeCommandRunner.key(argv);
        }
    }

    private final Map<String, Deque<CommandResult>> answers = new HashMap<>();
    final List<Call> calls = new ArrayList<>();

    FakeCommandRunner on(String key, String... fixtures) {
        Deque<CommandResult> q = answers.computeIfAbsent(key, k -> new ArrayDeque<>());
        for (String f : fixtures) {
            q.add(fixture(f));
        }
        return this;
    }

    FakeCommandRunner onText(String key, int exit, String text) {
        answers.computeIfAbsent(key, k -> new ArrayDeque<>())
                .add(new CommandResult(exit, exit == 0 ? text : "", exit == 0 ? "" : text, Duration.ofMillis(1)));
        return this;
    }

    @Override
    public CommandResult run(List<String> argv) {
        Map<String, String> files = new LinkedHashMap<>();
        for (String a : argv) {
            Path p = Path.of(a);
            if (a.contains("doji-sge") && Files.isRegularFile(p)) {
                files.put(a, read(p));
            }
        }
        Call call = new Call(List.copyOf(argv), files);
        calls.add(call);
        Deque<CommandResult> q = answers.get(call.key());
        if (q == null || q.isEmpty()) {
            throw new AssertionError("unexpected command " + argv);
        }
        return q.size() > 1 ? q.poll() : q.peek();
    }

    List<Call> calls(String key) {
        return calls.stream().filter(c -> c.key().equals(key)).toList();
    }

    List<String> keys() {
        return calls.stream().map(Call::key).toList();
    }

    static String key(List<String> argv) {
        int i = 0;
        while (i < argv.size() && !argv.get(i).startsWith("/")) {
            i++; // skip "runuser -u owner --"
        }
        String tool = Path.of(argv.get(Math.min(i, argv.size() - 1))).getFileName().toString();
        return i + 1 < argv.size() && argv.get(i + 1).startsWith("-") ? tool + " " + argv.get(i + 1) : tool;
    }

    /** A fixture: XML is stdout of a successful call; .out/.err files end with the recorded "rc=N". */
    static CommandResult fixture(String name) {
        String text = resource(name);
        int exit = 0;
        int rc = text.lastIndexOf("rc=");
        if (rc >= 0 && !name.endsWith(".xml")) {
            exit = Integer.parseInt(text.substring(rc + 3).trim());
            text = text.substring(0, rc);
        }
        return new CommandResult(exit, exit == 0 ? text : "", exit == 0 ? "" : text, Duration.ofMillis(1));
    }

    /** The numbers a recorded output names, e.g. the job ids of "suspended job (\\d+)". */
    static List<String> numbers(String fixture, String regex) {
        List<String> out = new ArrayList<>();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile(regex).matcher(resource(fixture));
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    static String resource(String name) {
        try (var in = FakeCommandRunner.class.getResourceAsStream("/fixtures/" + name)) {
            if (in == null) {
                throw new AssertionError("no fixture " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

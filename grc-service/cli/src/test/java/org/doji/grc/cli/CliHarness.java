package org.doji.grc.cli;


import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.doji.rm.util.SettableClock;

/** Runs the CLI in-process against a fake GRC port that answers with recorded documents. */
abstract class CliHarness {

    final FakeGrc grc = new FakeGrc();
    final SettableClock clock = new SettableClock(Instant.parse("2026-11-22T04:39:00Z"));
    final StringWriter out = new StringWriter();
    final StringWriter err = new StringWriter();
    final Map<String, String> env = new HashMap<>(Map.of("DOJI_GRC", FakeGrc.URL));
    final List<Duration> pauses = new ArrayList<>();
    final List<Credentials> credentialsUsed = new ArrayList<>();

    boolean interactive;

    int run(String... args) {
        CliContext ctx = new CliContext(new PrintWriter(out, true), new PrintWriter(err, true), env, clock,
                d -> {
                    pauses.add(d);
                    clock.advance(d);
                }, (timeout, credentials) -> {
                    credentialsUsed.add(credentials);
                    return grc.ports();
                }, interactive);
        return DojiCli.run(ctx, args);
    }

    static String[] reserveArgs(String... extra) {
        List<String> a = new ArrayList<>(List.of("reserve", "--sites", "3", "--cores", "4", "--mesh", "1000",
                "--est", "+1h", "--lst", "+4h", "--duration", "2h"));
        a.addAll(List.of(extra));
        return a.toArray(String[]::new);
    }
}

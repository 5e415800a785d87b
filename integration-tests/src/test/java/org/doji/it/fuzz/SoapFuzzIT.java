package org.doji.it.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.spi.ILoggingEvent;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.cxf.jaxws.EndpointImpl;
import org.doji.grc.demo.GridTopology;
import org.doji.grc.demo.LocalGrid;
import org.doji.rm.soap.page.ServicePort;
import org.doji.rm.testing.LogCapture;
import org.doji.rm.testing.TestDatabase;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Fuzzes every SOAP port of a GRC and of an RM ({@link SoapFuzzer}: schema-based, seeded), SOAP 1.1 and 1.2, for a
 * bounded time, and fails on any answer a hostile or malformed message must never get: an internal error, a
 * Server (Receiver) fault other than a resource being unavailable (which depends on the grid's state, not the
 * message's form), an HTTP status outside the ones a refusal uses, no answer at all; or on an ERROR line, or a stack
 * trace logged from a request thread, while the fuzzer runs. Every failure prints its port and seed; a run is
 * replayed with {@code -Dfuzz.seed=S} (and {@code -Dfuzz.port=NAME} to try one port).
 *
 * <pre>./mvnw -B -pl integration-tests verify -Dit.test=SoapFuzzIT -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false \
 *     [-Dfuzz.seconds=60] [-Dfuzz.seed=20261128] [-Dfuzz.port=grc/grc] [-Dfuzz.cases=20261188788850,...]</pre>
 * CI runs it for {@code fuzz.seconds} (60); longer runs are the same command with more seconds.
 */
class SoapFuzzIT {

    private static final long SECONDS = Long.getLong("fuzz.seconds", 60);
    private static final long SEED = Long.getLong("fuzz.seed", 20261128L);
    private static final String ONLY = System.getProperty("fuzz.port");
    /** Replays these case seeds (as printed) at the port {@code fuzz.port} names, instead of a timed run. */
    private static final List<Long> CASES = System.getProperty("fuzz.cases", "").isBlank() ? List.of()
            : java.util.Arrays.stream(System.getProperty("fuzz.cases").split(",")).map(String::strip).map(Long::valueOf).toList();
    private static final Pattern FAULT_CODE = Pattern.compile("<(?:\\w+:)?(?:faultcode|Value)>(?:\\w+:)?(\\w+)</");
    private static final List<Integer> REFUSAL_STATUSES = List.of(200, 202, 400, 404, 405, 413, 415, 500);

    @Test
    void noHostileOrMalformedMessageGetsAServerFaultOrAnErrorLine() throws Exception {
        try (LocalGrid grid = LocalGrid.start(GridTopology.builder().crm("crm-f", "F", "D", 2, 8, 1.0, Map.of())
                .crm("crm-g", "G", "D", 2, 8, 1.0, Map.of())
                .nrm("nrm-f", "D", List.of("F", "G"), List.of(), 1000, 0.01, 0, 0).build(),
                0, TestDatabase.grid("mem"), Map.of(), Map.of("doji.grc.slots", "2"))) {
            List<SoapFuzzer> fuzzers = new ArrayList<>();
            fuzzers.addAll(fuzzers("grc", grid.grc(), grid.grcUrl()));
            fuzzers.addAll(fuzzers("crm-f", grid.rm("crm-f"), grid.rmUrls().get("crm-f")));
            fuzzers.removeIf(f -> ONLY != null && !f.toString().contains(ONLY));
            assertThat(fuzzers).as("every port").hasSizeGreaterThanOrEqualTo(ONLY == null ? 5 : 1);

            HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
            Map<String, Integer> answers = new TreeMap<>();
            List<String> failures = new ArrayList<>();
            Path saved = Path.of("target", "fuzz-failures");
            int cases = 0;
            Instant until = Instant.now().plusSeconds(SECONDS);
            try (LogCapture log = LogCapture.start()) {
                int total = CASES.isEmpty() ? Integer.MAX_VALUE : CASES.size() * fuzzers.size();
                for (long n = 0; n < total && (!CASES.isEmpty() || Instant.now().isBefore(until)) && failures.size() < 20; n++) {
                    SoapFuzzer fuzzer = fuzzers.get((int) (n % fuzzers.size()));
                    long seed = CASES.isEmpty() ? SEED * 1_000_003L + n : CASES.get((int) (n / fuzzers.size()));
                    SoapFuzzer.Case c = fuzzer.next(seed);
                    int logged = log.events().size();
                    String verdict = send(http, c, answers);
                    List<ILoggingEvent> events = log.events();
                    for (ILoggingEvent e : events.subList(logged, events.size())) {
                        if (e.getLevel().isGreaterOrEqual(Level.ERROR)
                                || (e.getThrowableProxy() != null && e.getThreadName().contains("-exec-"))) {
                            verdict = (verdict == null ? "" : verdict + "; ") + "logged " + e.getLevel() + " "
                                    + e.getLoggerName() + ": " + e.getFormattedMessage()
                                    + (e.getThrowableProxy() == null ? "" : " + " + e.getThrowableProxy().getClassName());
                        }
                    }
                    if (verdict != null) {
                        failures.add(c + ": " + verdict);
                        Files.createDirectories(saved);
                        Files.write(saved.resolve(c.port().replaceAll("\\W", "_") + "-" + c.seed() + ".xml"), c.body());
                    }
                    cases++;
                }
            }
            System.out.printf("%n=== SOAP fuzzer: %d cases in %d s over %d ports (seed %d): answers %s; %d failures%n",
                    cases, SECONDS, fuzzers.size(), SEED, answers, failures.size());
            failures.forEach(f -> System.out.println("  " + f));
            assertThat(failures).as("messages answered as the server's fault, or logged as errors").isEmpty();
            assertThat(cases).isPositive();
        }
    }

    /** What must not be: null if the answer is one a refused (or accepted) message may get. */
    private static String send(HttpClient http, SoapFuzzer.Case c, Map<String, Integer> answers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(c.url())).timeout(Duration.ofSeconds(30))
                .header("Content-Type", c.contentType()).POST(HttpRequest.BodyPublishers.ofByteArray(c.body()));
        if (c.soapAction() != null) {
            request.header("SOAPAction", c.soapAction());
        }
        HttpResponse<String> response;
        try {
            response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (Exception e) {
            return "no answer: " + e;
        }
        String body = response.body();
        Matcher m = FAULT_CODE.matcher(body);
        String code = m.find() ? m.group(1) : "none";
        answers.merge(response.statusCode() + " " + code, 1, Integer::sum);
        if (!REFUSAL_STATUSES.contains(response.statusCode())) {
            return "HTTP " + response.statusCode();
        }
        if (body.contains("INTERNAL_ERROR") || body.contains("InternalErrorFault")) {
            return "internal error: " + abbreviate(body);
        }
        if ((code.equals("Server") || code.equals("Receiver")) && !body.contains("ResourceUnavailableFault")) {
            return "Server fault: " + abbreviate(body);
        }
        if (body.contains("Exception") || body.contains("at org.") || body.contains("at java.")) {
            return "the server's insides in the answer: " + abbreviate(body);
        }
        return null;
    }

    /** Every SOAP port the application publishes, each with its fuzzer. */
    private static List<SoapFuzzer> fuzzers(String service, ConfigurableApplicationContext app, String url) {
        String services = url.substring(0, url.lastIndexOf('/'));
        List<SoapFuzzer> out = new ArrayList<>();
        app.getBeansOfType(EndpointImpl.class).values().forEach(endpoint -> {
            String path = endpoint.getAddress();
            var info = endpoint.getServer().getEndpoint().getEndpointInfo();
            out.add(new SoapFuzzer(service + path, services + path, ServicePort.of(path, info, false)));
        });
        return out;
    }

    private static String abbreviate(String s) {
        return s.length() > 600 ? s.substring(0, 600) + "…" : s;
    }
}

package org.doji.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.doji.contract.GrcPortType;
import org.doji.contract.NotAuthorizedFault;
import org.doji.contract.types.CoAllocationState;
import org.doji.grc.demo.GridTopology;
import org.doji.grc.demo.LocalGrid;
import org.doji.rm.soap.ResourceReferences;
import org.doji.rm.testing.SelfSignedKeystore;
import org.doji.rm.testing.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's secured configuration, end to end over HTTPS: a key store made at test time by keytool
 * ({@link SelfSignedKeystore}), every service on Spring Boot's {@code server.ssl.*}, users with WS-Security
 * UsernameTokens (Nonce and Created), the GRC reaching its RM over https with its trust store and a PasswordDigest
 * token ({@code doji.grc.rms[i].password-digest}), and clients trusting the certificate: a CXF client with the trust
 * store, and the {@code doji} command line with the JVM's {@code javax.net.ssl.trustStore*} system properties.
 */
class SecureHttpsGridIT {

    @TempDir
    static Path dir;

    private static SelfSignedKeystore tls;
    private static LocalGrid grid;

    @BeforeAll
    static void start() {
        tls = SelfSignedKeystore.create(dir);
        Map<String, String> common = new HashMap<>();
        for (String p : tls.serverProperties()) {
            common.put(p.substring(0, p.indexOf('=')), p.substring(p.indexOf('=') + 1));
        }
        common.put("doji.security.users[0].name", "alice");
        common.put("doji.security.users[0].password", "{noop}alice-secret");
        common.put("doji.security.users[0].roles[0]", "USER");
        // the coordinator's password in clear ({noop}): the RM checks the GRC's PasswordDigest tokens with it
        common.put("doji.security.users[1].name", "grc");
        common.put("doji.security.users[1].password", "{noop}grc-secret");
        common.put("doji.security.users[1].roles[0]", "COORDINATOR");
        Map<String, String> grcProps = new HashMap<>(Map.of("doji.grc.slots", "1",
                "doji.grc.rms[0].username", "grc", "doji.grc.rms[0].password", "grc-secret",
                "doji.grc.rms[0].password-digest", "true",
                "doji.grc.trust-store", tls.trustStore().toString(), "doji.grc.trust-store-password", tls.password()));
        grid = LocalGrid.start(GridTopology.builder().crm("crm-tls", "TLS1", "D", 2, 8, 1.0, Map.of()).build(), 0,
                TestDatabase.grid("mem"), common, grcProps);
    }

    @AfterAll
    static void stop() {
        if (grid != null) {
            grid.close();
        }
    }

    private static GrcPortType as(String user, String password, String address) {
        return SecureClients.as(user, password, address, tls.trustStore(), tls.password());
    }

    @Test
    void aUserCoAllocatesOverHttpsAndTheGrcReservesAtItsRmOverHttpsWithDigests() throws Exception {
        assertThat(grid.grcUrl()).startsWith("https://");
        assertThat(grid.rmUrls().get("crm-tls")).startsWith("https://");
        assertThat(grid.grc().getBean(org.doji.grc.config.GrcProperties.class).rms()).singleElement()
                .satisfies(rm -> assertThat(rm.passwordDigest()).as("doji.grc.rms[0].password-digest").isTrue());
        var epr = as("alice", "alice-secret", grid.grcUrl()).createCoAllocation(UUID.randomUUID().toString(), SecureClients.oneSite(3, 4), null, null);
        GrcPortType alice = as("alice", "alice-secret", ResourceReferences.addressOf(epr));
        await().atMost(Duration.ofSeconds(60)).until(() -> CoAllocationDocuments.of(alice).getState(), s -> s == CoAllocationState.RESERVED || s == CoAllocationState.FAILED);
        var doc = CoAllocationDocuments.of(alice);
        assertThat(doc.getState()).as(doc.getReason()).isEqualTo(CoAllocationState.RESERVED);
        assertThat(doc.getRm()).singleElement().satisfies(o -> assertThat(o.getRmId()).isEqualTo("crm-tls"));

        assertThatThrownBy(() -> as("alice", "wrong", grid.grcUrl()).list(List.of(), null, null, null))
                .isInstanceOf(NotAuthorizedFault.class);
    }

    /** The command line trusts the test certificate through the JVM's documented trust store properties. */
    @Test
    void theCommandLineTrustsTheCertificateThroughSystemProperties() throws Exception {
        Path jar = Path.of("..", "grc-service", "app", "target", "doji-grc-service-0.1.0-SNAPSHOT-exec.jar");
        assertThat(jar).as("build grc-service/app's exec jar first").exists();
        List<String> trust = List.of("-Djavax.net.ssl.trustStore=" + tls.trustStore(),
                "-Djavax.net.ssl.trustStorePassword=" + tls.password(), "-Djavax.net.ssl.trustStoreType=PKCS12");
        String[] listAsAlice = {"--grc", grid.grcUrl(), "--user", "alice", "--password", "alice-secret", "list"};
        String[] digestAsAlice = {"--grc", grid.grcUrl(), "--user", "alice", "--password", "alice-secret",
            "--password-digest", "list"};
        Run ok = process(jar, trust, listAsAlice);
        assertThat(ok.code()).as(ok.err()).isZero();
        Run digest = process(jar, trust, digestAsAlice);
        assertThat(digest.code()).as(digest.err()).isZero();
        Run wrong = process(jar, trust, "--grc", grid.grcUrl(), "--user", "alice", "--password", "nope", "list");
        assertThat(wrong.code()).isEqualTo(4);
        assertThat(wrong.err()).contains("NotAuthorizedFault").contains("unknown user or wrong password");
        Run untrusted = process(jar, List.of(), listAsAlice);
        assertThat(untrusted.code()).as("without the trust store the certificate is refused").isEqualTo(3);
    }

    record Run(int code, String out, String err) {
    }

    private static Run process(Path jar, List<String> jvm, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1"));
        cmd.addAll(jvm);
        cmd.addAll(List.of("-jar", jar.toString()));
        cmd.addAll(List.of(args));
        Path out = Files.createTempFile(dir, "doji-out", ".txt");
        Path err = Files.createTempFile(dir, "doji-err", ".txt");
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("doji did not finish in 120 s: " + cmd);
        }
        return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    }
}

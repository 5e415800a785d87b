package org.doji.rm.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A self-signed server certificate for {@code localhost} (and 127.0.0.1) made with the JDK's keytool in a
 * directory, plus a trust store holding only that certificate: for tests of HTTPS endpoints.
 */
public record SelfSignedKeystore(Path keyStore, Path trustStore, String password) {

    public static final String ALIAS = "doji-test";

    public static SelfSignedKeystore create(Path dir) {
        String password = "changeit-" + Long.toHexString(System.nanoTime());
        Path ks = dir.resolve("server.p12");
        Path cert = dir.resolve("server.cer");
        Path ts = dir.resolve("trust.p12");
        keytool("-genkeypair", "-alias", ALIAS, "-keyalg", "RSA", "-keysize", "2048", "-validity", "2",
                "-dname", "CN=localhost", "-ext", "SAN=dns:localhost,ip:127.0.0.1", "-storetype", "PKCS12",
                "-keystore", ks.toString(), "-storepass", password, "-keypass", password);
        keytool("-exportcert", "-alias", ALIAS, "-keystore", ks.toString(), "-storepass", password,
                "-file", cert.toString());
        keytool("-importcert", "-noprompt", "-alias", ALIAS, "-file", cert.toString(), "-storetype", "PKCS12",
                "-keystore", ts.toString(), "-storepass", password);
        return new SelfSignedKeystore(ks, ts, password);
    }

    /** Spring Boot properties serving HTTPS with this key store. */
    public List<String> serverProperties() {
        return List.of("server.ssl.enabled=true", "server.ssl.key-store=" + keyStore.toUri(),
                "server.ssl.key-store-type=PKCS12", "server.ssl.key-store-password=" + password,
                "server.ssl.key-alias=" + ALIAS);
    }

    private static void keytool(String... args) {
        List<String> command = new java.util.ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
        command.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IllegalStateException("keytool " + args[0] + " failed: " + out);
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot run keytool", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}

package org.doji.rm.soap.client;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Clock;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;

/**
 * How a client authenticates to a Doji service and whom it trusts over HTTPS: an optional WS-Security
 * UsernameToken, always with a fresh wsse:Nonce and wsu:Created (PasswordText, so only over HTTPS outside tests, or
 * PasswordDigest) and an optional trust store (without one, the JVM's default trust store is used for https
 * addresses).
 *
 * @param username           UsernameToken user (null = anonymous calls)
 * @param password           its password in clear (what the token carries)
 * @param trustStore         trust store with the services' certificates (null = JVM default)
 * @param trustStorePassword password of the trust store
 * @param trustStoreType     PKCS12 (default) or JKS
 * @param passwordDigest     send PasswordDigest instead of PasswordText (the service must know the clear password)
 * @param clock              the clock of the tokens' wsu:Created (default: the system clock)
 */
public record ClientSecurity(String username, String password, Path trustStore, String trustStorePassword,
                             String trustStoreType, boolean passwordDigest, Clock clock) {

    public static final ClientSecurity NONE = new ClientSecurity(null, null, null, null, null, false, null);

    public ClientSecurity {
        if ((username == null) != (password == null)) {
            throw new IllegalArgumentException("a UsernameToken needs both a user name and a password");
        }
        if (username != null && username.isBlank()) {
            throw new IllegalArgumentException("the UsernameToken user name must not be blank");
        }
        if (trustStore != null && !Files.isReadable(trustStore)) {
            throw new IllegalArgumentException("trust store " + trustStore + " is not readable");
        }
        if (trustStoreType == null || trustStoreType.isBlank()) {
            trustStoreType = "PKCS12";
        }
        if (clock == null) {
            clock = Clock.systemUTC();
        }
    }

    public static ClientSecurity token(String username, String password) {
        return new ClientSecurity(username, password, null, null, null, false, null);
    }

    public ClientSecurity withTrustStore(Path path, String storePassword, String type) {
        return new ClientSecurity(username, password, path, storePassword, type, passwordDigest, clock);
    }

    /** Sends the password as a PasswordDigest (true) or as PasswordText (false, the default). */
    public ClientSecurity withPasswordDigest(boolean digest) {
        return new ClientSecurity(username, password, trustStore, trustStorePassword, trustStoreType, digest, clock);
    }

    /** Dates the tokens' wsu:Created by this clock (tests on a virtual clock shared with the service). */
    public ClientSecurity withClock(Clock tokenClock) {
        return new ClientSecurity(username, password, trustStore, trustStorePassword, trustStoreType, passwordDigest,
                tokenClock);
    }

    public boolean hasToken() {
        return username != null;
    }

    /**
     * How an RM (or a GRC's RM port) signs a notification in at the coordinator that owns the reservation: as that
     * coordinator's account, the one its calls here use (the same configuration on both sides), with a PasswordDigest
     * so that the clear password never travels; tokens dated by {@code clock}. None (null) when security is off, or no
     * clear password of that account is configured (the coordinator then refuses the hint and finds out by asking).
     */
    public static java.util.function.Function<String, java.util.function.Supplier<org.apache.cxf.headers.Header>>
            signedAsCoordinator(org.doji.rm.security.UserStore users, Clock clock) {
        return owner -> !users.enabled() || owner == null ? null : users.clearPassword(owner)
                .<java.util.function.Supplier<org.apache.cxf.headers.Header>>map(p -> {
                    ClientSecurity s = token(owner, p).withPasswordDigest(true).withClock(clock);
                    return s::tokenHeader;
                }).orElse(null);
    }

    /** A {@code wsse:Security} header with a fresh UsernameToken of this user (for a client CXF did not build here). */
    public org.apache.cxf.headers.Header tokenHeader() {
        if (!hasToken()) {
            throw new IllegalStateException("no UsernameToken configured");
        }
        return new UsernameTokenHeader(this).header();
    }

    /** Trust managers of the configured trust store, or null for the JVM's defaults. */
    TrustManager[] trustManagers() {
        if (trustStore == null) {
            return null;
        }
        try (InputStream in = Files.newInputStream(trustStore)) {
            KeyStore ks = KeyStore.getInstance(trustStoreType);
            ks.load(in, trustStorePassword == null ? null : trustStorePassword.toCharArray());
            TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            tmf.init(ks);
            return tmf.getTrustManagers();
        } catch (Exception e) {
            throw new IllegalArgumentException("cannot load trust store " + trustStore + " (" + trustStoreType + "): "
                    + e.getMessage(), e);
        }
    }

    @Override
    public String toString() {
        // never print the passwords
        return "ClientSecurity[user=" + username + ", digest=" + passwordDigest + ", trustStore=" + trustStore + "]";
    }
}

package org.doji.rm.security;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.wss4j.common.ext.WSSecurityException;
import org.apache.wss4j.common.util.UsernameTokenUtil;
import org.apache.wss4j.dom.engine.WSSConfig;
import org.doji.rm.api.Caller;
import org.doji.rm.fault.DojiException;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.crypto.password.PasswordEncoder;

/**
 * The configured users and their encoded passwords. {@link #authenticate} checks a UsernameToken's name and
 * password. A bcrypt or pbkdf2 check costs tens of milliseconds by design, so a successful check is
 * remembered as a salted SHA-256 of the presented password (per process, in memory, never stored) and the
 * next call with the same password costs microseconds; a changed or wrong password goes to the encoder again.
 */
public class UserStore {

    private static final String NOOP = "{noop}";

    static {
        // WSS4J's digest encodes with xml-security, which must be initialised first
        WSSConfig.init();
    }

    private final Map<String, SecurityProperties.User> users;
    private final PasswordEncoder encoder;
    private final byte[] salt = new byte[16];
    private final Map<String, byte[]> verified = new ConcurrentHashMap<>();

    private Map<String, String> coordinatorPasswords = Map.of();

    public UserStore(SecurityProperties properties) {
        this(properties.users(), PasswordEncoderFactories.createDelegatingPasswordEncoder());
        this.coordinatorPasswords = properties.coordinatorPasswords();
    }

    public UserStore(List<SecurityProperties.User> users, PasswordEncoder encoder) {
        this.users = users.stream().collect(Collectors.toMap(SecurityProperties.User::name, Function.identity(),
                (a, b) -> a, LinkedHashMap::new));
        this.encoder = encoder;
        new SecureRandom().nextBytes(salt);
    }

    public static UserStore disabled() {
        return new UserStore(new SecurityProperties(List.of()));
    }

    /** Security is on exactly when at least one user is configured. */
    public boolean enabled() {
        return !users.isEmpty();
    }

    public Optional<SecurityProperties.User> user(String name) {
        return Optional.ofNullable(users.get(name));
    }

    /**
     * The clear password of {@code name}'s account, to sign in with at that coordinator (notifications): its
     * {@code {noop}} entry's, or {@code doji.security.coordinator-passwords.<name>}; empty when neither is configured.
     */
    public Optional<String> clearPassword(String name) {
        SecurityProperties.User user = users.get(name);
        if (user != null && user.password().startsWith(NOOP)) {
            return Optional.of(user.password().substring(NOOP.length()));
        }
        return Optional.ofNullable(coordinatorPasswords.get(name));
    }

    /** The service level of every user that has one: feeds the kernel's per-user shares. */
    public Map<String, Double> serviceLevels() {
        return users.values().stream().filter(u -> u.serviceLevel() != null)
                .collect(Collectors.toMap(SecurityProperties.User::name, SecurityProperties.User::serviceLevel));
    }

    /** The user with this name and password, or a NOT_AUTHORIZED {@link DojiException} saying what is wrong. */
    public SecurityProperties.User authenticate(String name, String password) {
        if (name == null || name.isBlank()) {
            throw DojiException.notAuthorized("the UsernameToken has no user name");
        }
        SecurityProperties.User user = users.get(name);
        if (user == null) {
            // same message as a wrong password: do not tell a caller which user names exist
            throw DojiException.notAuthorized("unknown user or wrong password for '" + name + "'");
        }
        if (password == null || !matches(user, password)) {
            throw DojiException.notAuthorized("unknown user or wrong password for '" + name + "'");
        }
        return user;
    }

    /**
     * The user whose PasswordDigest token this is (UsernameToken Profile 1.1: Base64(SHA-1(nonce + created +
     * password)), computed with WSS4J), or a NOT_AUTHORIZED {@link DojiException}. A digest can only be checked
     * against the clear password, so only users configured with a {@code {noop}} password can use one; for any
     * other the answer is the same as for a wrong password (the caller learns nothing about the user).
     *
     * @param nonce the token's nonce, decoded from Base64
     */
    public SecurityProperties.User authenticateDigest(String name, String digest, byte[] nonce, String created) {
        if (name == null || name.isBlank()) {
            throw DojiException.notAuthorized("the UsernameToken has no user name");
        }
        SecurityProperties.User user = users.get(name);
        String clear = user == null || !user.password().startsWith(NOOP) ? null : user.password().substring(NOOP.length());
        if (clear == null || digest == null || !MessageDigest.isEqual(
                digest.getBytes(StandardCharsets.UTF_8), passwordDigest(nonce, created, clear).getBytes(StandardCharsets.UTF_8))) {
            throw DojiException.notAuthorized("unknown user or wrong password digest for '" + name + "' (a PasswordDigest "
                    + "can only be checked for users whose password is configured in clear, {noop}; others send "
                    + "PasswordText over HTTPS)");
        }
        return user;
    }

    /** Base64(SHA-1(nonce + created + password)), as WSS4J computes it for a UsernameToken. */
    public static String passwordDigest(byte[] nonce, String created, String password) {
        try {
            return UsernameTokenUtil.doPasswordDigest(nonce, created, password);
        } catch (WSSecurityException e) {
            throw new IllegalStateException("cannot compute a password digest", e);
        }
    }

    /** The caller a user acts as: a coordinator with the COORDINATOR role, an operator with ADMIN. */
    public static Caller caller(SecurityProperties.User user) {
        return new Caller(user.name(), user.has(Role.COORDINATOR), user.has(Role.ADMIN));
    }

    private boolean matches(SecurityProperties.User user, String password) {
        byte[] digest = digest(user, password);
        byte[] known = verified.get(user.name());
        if (known != null && MessageDigest.isEqual(known, digest)) {
            return true;
        }
        boolean ok = encoder.matches(password, user.password());
        if (ok) {
            verified.put(user.name(), digest);
        }
        return ok;
    }

    private byte[] digest(SecurityProperties.User user, String password) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(salt);
            // bound to the stored encoding too: a reconfigured password invalidates what was remembered
            sha.update(user.password().getBytes(StandardCharsets.UTF_8));
            sha.update((byte) 0);
            return sha.digest(password.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}

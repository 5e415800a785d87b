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
import org.doji.rm.api.Caller;
import org.doji.rm.api.DojiException;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.crypto.password.PasswordEncoder;

/**
 * The configured users and their encoded passwords. {@link #authenticate} checks a UsernameToken's name and
 * password. A bcrypt or pbkdf2 check costs tens of milliseconds by design, so a successful check is
 * remembered as a salted SHA-256 of the presented password (per process, in memory, never stored) and the
 * next call with the same password costs microseconds; a changed or wrong password goes to the encoder again.
 */
public class UserStore {

    private final Map<String, SecurityProperties.User> users;
    private final PasswordEncoder encoder;
    private final byte[] salt = new byte[16];
    private final Map<String, byte[]> verified = new ConcurrentHashMap<>();

    public UserStore(SecurityProperties properties) {
        this(properties.users(), PasswordEncoderFactories.createDelegatingPasswordEncoder());
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

    /** The caller a user acts as: a coordinator if it has the COORDINATOR role. */
    public static Caller caller(SecurityProperties.User user) {
        return new Caller(user.name(), user.has(Role.COORDINATOR));
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

package org.doji.rm.security;

import java.time.Duration;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.ConstructorBinding;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The users of a Doji service ({@code doji.security.*}). Security is on exactly when at least one user is
 * configured. Passwords are stored encoded, in Spring Security's {@code {id}encoded} form: {@code {bcrypt}},
 * {@code {pbkdf2}}, or {@code {noop}} for tests and demos.
 *
 * @param users         the users (none = every call is anonymous)
 * @param usernameToken what a UsernameToken must carry to be accepted ({@code doji.security.username-token.*})
 * @param coordinatorPasswords an RM's (or a GRC's RM port's) notifications to a reservation's coordinator are signed
 *                      in as that coordinator's account, the one its calls here use: its clear password, needed
 *                      where its entry in {@code users} is stored hashed ({@code {bcrypt}}, {@code {pbkdf2}}); a
 *                      {@code {noop}} entry needs none
 */
@ConfigurationProperties("doji.security")
public record SecurityProperties(List<User> users, @DefaultValue TokenPolicy usernameToken,
                                 java.util.Map<String, String> coordinatorPasswords) {

    @ConstructorBinding
    public SecurityProperties {
        users = users == null ? List.of() : List.copyOf(users);
        coordinatorPasswords = coordinatorPasswords == null ? java.util.Map.of() : java.util.Map.copyOf(coordinatorPasswords);
        usernameToken = usernameToken == null ? TokenPolicy.DEFAULT : usernameToken;
        Set<String> names = new HashSet<>();
        for (User u : users) {
            if (!names.add(u.name())) {
                throw new IllegalArgumentException("doji.security.users: user " + u.name() + " is configured twice");
            }
        }
    }

    /** The users with the default token policy. */
    public SecurityProperties(List<User> users) {
        this(users, TokenPolicy.DEFAULT);
    }

    public SecurityProperties(List<User> users, TokenPolicy usernameToken) {
        this(users, usernameToken, java.util.Map.of());
    }

    /**
     * How fresh and how unique a UsernameToken must be ({@code doji.security.username-token.*}). A token's
     * {@code wsu:Created} must lie in [now - max-age - clock-skew, now + clock-skew] on the service's clock, and its
     * (Nonce, Created) pair may be used once: the service remembers it until the token would be stale anyway.
     *
     * @param maxAge                 how old a token may be (default PT5M)
     * @param clockSkew              tolerated difference between the client's and the service's clocks, both ways
     *                               (default PT1M)
     * @param requireNonceAndCreated refuse a token without wsse:Nonce and wsu:Created (default true); false accepts
     *                               such PasswordText tokens without replay protection (for old clients only)
     * @param passwordDigest         accept PasswordDigest tokens (default true; they can only be checked for users
     *                               whose password is configured as {@code {noop}…}, since the digest needs the
     *                               clear password)
     * @param nonceCacheSize         how many (Nonce, Created) pairs are remembered at most (default 200000); when the
     *                               cache is full of unexpired pairs, new tokens are refused until some expire
     */
    public record TokenPolicy(@DefaultValue("PT5M") Duration maxAge, @DefaultValue("PT1M") Duration clockSkew,
                              @DefaultValue("true") boolean requireNonceAndCreated,
                              @DefaultValue("true") boolean passwordDigest,
                              @DefaultValue("200000") int nonceCacheSize) {

        public static final TokenPolicy DEFAULT = new TokenPolicy(Duration.ofMinutes(5), Duration.ofMinutes(1), true,
                true, 200_000);

        public TokenPolicy {
            if (maxAge == null || maxAge.isNegative() || maxAge.isZero()) {
                throw new IllegalArgumentException("doji.security.username-token.max-age must be positive, was " + maxAge);
            }
            if (clockSkew == null || clockSkew.isNegative()) {
                throw new IllegalArgumentException("doji.security.username-token.clock-skew must not be negative, was "
                        + clockSkew);
            }
            if (nonceCacheSize < 1) {
                throw new IllegalArgumentException("doji.security.username-token.nonce-cache-size must be at least 1, was "
                        + nonceCacheSize);
            }
        }

        /** How long a (Nonce, Created) pair must be remembered: until its Created is outside the window. */
        public Duration window() {
            return maxAge.plus(clockSkew);
        }
    }

    /**
     * @param name         the UsernameToken user name
     * @param password     the encoded password, e.g. {@code {bcrypt}$2a$10$...}
     * @param roles        COORDINATOR, USER, ADMIN (default USER)
     * @param serviceLevel share (0..1] of free capacity this user sees (optional; default 1.0)
     */
    public record User(String name, String password, Set<Role> roles, Double serviceLevel) {
        public User {
            if (name == null || name.isBlank()) {
                throw new IllegalArgumentException("doji.security.users[].name is required");
            }
            if (password == null || !password.startsWith("{") || password.indexOf('}') < 2) {
                throw new IllegalArgumentException("doji.security.users[" + name + "].password must be encoded as "
                        + "{bcrypt}..., {pbkdf2}... or {noop}... (Spring Security's DelegatingPasswordEncoder form)");
            }
            roles = roles == null || roles.isEmpty() ? Set.of(Role.USER) : Set.copyOf(EnumSet.copyOf(roles));
            if (serviceLevel != null && (serviceLevel <= 0 || serviceLevel > 1)) {
                throw new IllegalArgumentException("doji.security.users[" + name + "].service-level must be in (0, 1], was "
                        + serviceLevel);
            }
        }

        public boolean has(Role role) {
            return roles.contains(role);
        }
    }
}

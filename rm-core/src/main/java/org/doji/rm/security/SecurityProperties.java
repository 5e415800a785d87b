package org.doji.rm.security;

import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The users of a Doji service ({@code doji.security.*}). Security is on exactly when at least one user is
 * configured. Passwords are stored encoded, in Spring Security's {@code {id}encoded} form: {@code {bcrypt}},
 * {@code {pbkdf2}}, or {@code {noop}} for tests and demos.
 *
 * @param users the users (none = every call is anonymous)
 */
@ConfigurationProperties("doji.security")
public record SecurityProperties(List<User> users) {

    public SecurityProperties {
        users = users == null ? List.of() : List.copyOf(users);
        Set<String> names = new HashSet<>();
        for (User u : users) {
            if (!names.add(u.name())) {
                throw new IllegalArgumentException("doji.security.users: user " + u.name() + " is configured twice");
            }
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

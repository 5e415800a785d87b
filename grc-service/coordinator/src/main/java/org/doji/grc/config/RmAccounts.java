package org.doji.grc.config;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.doji.rm.security.Role;
import org.doji.rm.security.SecurityProperties;
import org.doji.rm.security.UserStore;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;

/**
 * Who may notify this GRC: its registered RMs, each signing in with the account this GRC's own calls to it use
 * ({@code doji.grc.rms[i].username} and {@code password}): one configuration for both directions. RMs that share an
 * account must share its password.
 */
final class RmAccounts {

    private RmAccounts() {
    }

    static UserStore of(List<GrcProperties.Rm> rms) {
        Map<String, String> passwords = new LinkedHashMap<>();
        for (GrcProperties.Rm rm : rms) {
            if (rm.username() == null) {
                continue;
            }
            String known = passwords.putIfAbsent(rm.username(), rm.password());
            if (known != null && !known.equals(rm.password())) {
                throw new IllegalArgumentException("doji.grc.rms: the RMs using the account " + rm.username()
                        + " name different passwords; an account has one (it also signs the RMs' notifications)");
            }
        }
        List<SecurityProperties.User> users = passwords.entrySet().stream().map(e -> new SecurityProperties.User(
                e.getKey(), "{noop}" + e.getValue(), Set.of(Role.COORDINATOR), null)).toList();
        return new UserStore(users, PasswordEncoderFactories.createDelegatingPasswordEncoder());
    }

    /** The RMs whose notifications cannot be signed (no account configured for them). */
    static List<String> unsigned(List<GrcProperties.Rm> rms) {
        return rms.stream().filter(rm -> rm.username() == null).map(GrcProperties.Rm::id).toList();
    }
}

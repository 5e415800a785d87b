package org.doji.rm.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.doji.rm.fault.DojiException;
import org.doji.rm.fault.FaultKind;
import org.junit.jupiter.api.Test;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.crypto.password.PasswordEncoder;

class UserStoreTest {

    private static SecurityProperties.User user(String name, String encoded, Set<Role> roles, Double level) {
        return new SecurityProperties.User(name, encoded, roles, level);
    }

    @Test
    void encodedPasswordsOfEveryKindAuthenticateAndRolesMakeCoordinatorsAndOperators() {
        UserStore store = new UserStore(new SecurityProperties(List.of(
                user("grc", "{bcrypt}" + new BCryptPasswordEncoder(4).encode("s3cret"), Set.of(Role.COORDINATOR), null),
                user("bob", "{noop}pw", null, 0.25),
                user("ops", "{noop}root", Set.of(Role.ADMIN), null))));
        assertThat(store.enabled()).isTrue();
        assertThat(UserStore.caller(store.authenticate("grc", "s3cret")).coordinator()).isTrue();
        assertThat(UserStore.caller(store.authenticate("bob", "pw")).coordinator()).isFalse();
        assertThat(UserStore.caller(store.authenticate("ops", "root")).operator()).isTrue();
        assertThat(UserStore.caller(store.authenticate("grc", "s3cret")).operator()).isFalse();
        assertThat(UserStore.caller(store.authenticate("bob", "pw")).operator()).isFalse();
        assertThat(store.user("bob").orElseThrow().roles()).containsExactly(Role.USER);
        assertThat(store.serviceLevels()).isEqualTo(Map.of("bob", 0.25));
        for (String[] bad : new String[][] {{"grc", "S3cret"}, {"eve", "s3cret"}, {"grc", null}, {"", "x"}}) {
            assertThatThrownBy(() -> store.authenticate(bad[0], bad[1]))
                    .isInstanceOfSatisfying(DojiException.class, e -> assertThat(e.kind()).isEqualTo(FaultKind.NOT_AUTHORIZED));
        }
    }

    @Test
    void aVerifiedPasswordIsNotHashedAgainButAWrongOneAlwaysIs() {
        AtomicInteger checks = new AtomicInteger();
        PasswordEncoder delegate = PasswordEncoderFactories.createDelegatingPasswordEncoder();
        PasswordEncoder counting = new PasswordEncoder() {
            @Override
            public String encode(CharSequence raw) {
                return delegate.encode(raw);
            }

            @Override
            public boolean matches(CharSequence raw, String encoded) {
                checks.incrementAndGet();
                return delegate.matches(raw, encoded);
            }
        };
        UserStore store = new UserStore(List.of(user("grc", "{bcrypt}" + new BCryptPasswordEncoder(4).encode("pw"),
                Set.of(Role.COORDINATOR), null)), counting);
        for (int i = 0; i < 5; i++) {
            store.authenticate("grc", "pw");
        }
        assertThat(checks).hasValue(1);
        for (int i = 0; i < 3; i++) {
            assertThatThrownBy(() -> store.authenticate("grc", "wrong")).isInstanceOf(DojiException.class);
        }
        assertThat(checks).hasValue(4);
    }

    @Test
    void noUsersMeansSecurityOffAndBadConfigurationIsRefusedClearly() {
        assertThat(new UserStore(new SecurityProperties(null)).enabled()).isFalse();
        assertThatThrownBy(() -> user("a", "plain", null, null)).hasMessageContaining("{bcrypt}");
        assertThatThrownBy(() -> user("a", "{noop}x", null, 1.5)).hasMessageContaining("(0, 1]");
        assertThatThrownBy(() -> new SecurityProperties(List.of(user("a", "{noop}x", null, null),
                user("a", "{noop}y", null, null)))).hasMessageContaining("twice");
    }
}

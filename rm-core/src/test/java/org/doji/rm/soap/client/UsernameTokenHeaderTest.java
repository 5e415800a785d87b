package org.doji.rm.soap.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.List;
import java.util.Set;
import org.apache.wss4j.common.WSS4JConstants;
import org.apache.wss4j.common.bsp.BSPEnforcer;
import org.apache.wss4j.dom.message.token.UsernameToken;
import org.doji.rm.security.Role;
import org.doji.rm.security.SecurityProperties;
import org.doji.rm.security.UserStore;
import org.junit.jupiter.api.Test;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.w3c.dom.Element;

/** The client's token: always a fresh Nonce and a Created of its clock; PasswordText or a digest a service accepts. */
class UsernameTokenHeaderTest {

    private static final Instant NOW = Instant.parse("2026-03-01T10:00:00Z");

    private static UsernameToken token(ClientSecurity security) throws Exception {
        Element header = (Element) new UsernameTokenHeader(security).header().getObject();
        return new UsernameToken((Element) header.getFirstChild(), false, new BSPEnforcer(true));
    }

    @Test
    void everyTokenHasItsOwnNonceAndTheClientsCreated() throws Exception {
        ClientSecurity security = ClientSecurity.token("grc", "secret").withClock(Clock.fixed(NOW, ZoneOffset.UTC));
        UsernameToken first = token(security);
        UsernameToken second = token(security);
        assertThat(first.getPasswordType()).isEqualTo(WSS4JConstants.PASSWORD_TEXT);
        assertThat(first.getPassword()).isEqualTo("secret");
        assertThat(Instant.parse(first.getCreated())).isEqualTo(NOW);
        assertThat(Base64.getDecoder().decode(first.getNonce())).hasSizeGreaterThanOrEqualTo(16);
        assertThat(second.getNonce()).isNotEqualTo(first.getNonce());
    }

    @Test
    void aDigestTokenIsWhatTheServiceChecks() throws Exception {
        UsernameToken token = token(ClientSecurity.token("grc", "secret").withPasswordDigest(true));
        assertThat(token.getPasswordType()).isEqualTo(WSS4JConstants.PASSWORD_DIGEST);
        assertThat(token.getPassword()).isNotEqualTo("secret");
        UserStore users = new UserStore(List.of(new SecurityProperties.User("grc", "{noop}secret", Set.of(Role.COORDINATOR),
                null)), PasswordEncoderFactories.createDelegatingPasswordEncoder());
        assertThat(users.authenticateDigest("grc", token.getPassword(), Base64.getDecoder().decode(token.getNonce()),
                token.getCreated()).name()).isEqualTo("grc");
    }
}

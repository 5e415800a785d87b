package org.doji.rm.soap.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import javax.xml.parsers.DocumentBuilderFactory;
import org.apache.cxf.binding.soap.SoapHeader;
import org.apache.cxf.binding.soap.SoapMessage;
import org.apache.cxf.interceptor.Fault;
import org.apache.cxf.message.ExchangeImpl;
import org.apache.cxf.message.MessageImpl;
import org.apache.wss4j.common.WSS4JConstants;
import org.apache.wss4j.dom.message.token.UsernameToken;
import org.doji.contract.NotAuthorizedFault;
import org.doji.rm.api.Caller;
import org.doji.rm.security.Role;
import org.doji.rm.security.SecurityProperties.TokenPolicy;
import org.doji.rm.security.SecurityProperties;
import org.doji.rm.security.UserStore;
import org.doji.rm.soap.BaseFaults;
import org.doji.rm.soap.Faults;
import org.doji.rm.util.SettableClock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * The UsernameToken check as a service runs it (the interceptor with its verifier and nonce cache, on a virtual
 * clock): fresh tokens pass; stale, future, replayed, incomplete and wrongly digested ones get the typed
 * NotAuthorized fault with a clear message, no internals, and one WARN line without a stack trace.
 */
class UsernameTokenInInterceptorTest {

    private static final TokenPolicy POLICY = new TokenPolicy(Duration.ofMinutes(5), Duration.ofMinutes(1), true, true, 1000);

    private final SettableClock clock = new SettableClock(Instant.parse("2026-03-01T10:00:00Z"));
    private final UserStore users = new UserStore(List.of(
            new SecurityProperties.User("grc", "{noop}grc-secret", Set.of(Role.COORDINATOR), null),
            new SecurityProperties.User("alice", "{bcrypt}" + new BCryptPasswordEncoder(4).encode("alice-secret"),
                    Set.of(Role.USER), null)),
            org.springframework.security.crypto.factory.PasswordEncoderFactories.createDelegatingPasswordEncoder());
    private UsernameTokenInInterceptor interceptor = interceptor(POLICY);
    private final ListAppender<ILoggingEvent> logged = new ListAppender<>();
    private final Logger log = (Logger) LoggerFactory.getLogger(UsernameTokenInInterceptor.class);

    @BeforeEach
    void captureLog() {
        logged.start();
        log.addAppender(logged);
    }

    @AfterEach
    void releaseLog() {
        log.detachAppender(logged);
    }

    private UsernameTokenInInterceptor interceptor(TokenPolicy policy) {
        return new UsernameTokenInInterceptor(new UsernameTokenVerifier(users, policy, clock), new Faults("crm-x", clock),
                SoapSecurity.RM_COORDINATOR_OPERATIONS);
    }

    /** A wsse:Security header as a WSS4J client makes it; Created at {@code created}, with or without Nonce. */
    private static Element security(String user, String password, boolean digest, Instant created, boolean nonce)
            throws Exception {
        Document doc = DocumentBuilderFactory.newDefaultNSInstance().newDocumentBuilder().newDocument();
        Element security = doc.createElementNS(WSS4JConstants.WSSE_NS, "wsse:Security");
        UsernameToken token = new UsernameToken(true, doc, () -> created,
                digest ? WSS4JConstants.PASSWORD_DIGEST : WSS4JConstants.PASSWORD_TEXT);
        token.setName(user);
        if (nonce) {
            token.addNonce(doc);
        }
        if (created != null) {
            token.addCreated(true, () -> created, doc);
        }
        token.setPassword(password);
        security.appendChild(token.getElement());
        doc.appendChild(security);
        return security;
    }

    private SoapMessage last;

    private Caller call(Element security) {
        SoapMessage message = new SoapMessage(new MessageImpl());
        last = message;
        message.setExchange(new ExchangeImpl());
        message.getHeaders().add(new SoapHeader(SoapSecurity.WSSE_SECURITY, security));
        interceptor.handleMessage(message);
        return message.getExchange().get(Caller.class);
    }

    private void refused(Element security, String... expected) {
        int before = logged.list.size();
        assertThatThrownBy(() -> call(security)).isInstanceOfSatisfying(Fault.class, f -> {
            assertThat(f.getCause()).isInstanceOf(NotAuthorizedFault.class);
            NotAuthorizedFault fault = (NotAuthorizedFault) f.getCause();
            assertThat(BaseFaults.errorCode(fault.getFaultInfo())).isEqualTo("NOT_AUTHORIZED");
            assertThat(BaseFaults.description(fault.getFaultInfo())).contains(expected)
                    .doesNotContainIgnoringCase("xml-security").doesNotContainIgnoringCase("exception")
                    .doesNotContain("org.apache");
        });
        assertThat(last.get(org.apache.cxf.message.FaultMode.class)).as("logged by CXF without a stack trace")
                .isEqualTo(org.apache.cxf.message.FaultMode.CHECKED_APPLICATION_FAULT);
        assertThat(logged.list.subList(before, logged.list.size())).singleElement().satisfies(e -> {
            assertThat(e.getLevel()).isEqualTo(Level.WARN);
            assertThat(e.getThrowableProxy()).isNull();
            assertThat(e.getFormattedMessage()).contains(expected[0]);
        });
    }

    private Instant now() {
        return clock.instant();
    }

    @Test
    void aFreshTokenIsAccepted() throws Exception {
        assertThat(call(security("grc", "grc-secret", false, now(), true))).isEqualTo(new Caller("grc", true));
        assertThat(call(security("alice", "alice-secret", false, now().minusSeconds(30), true)).name()).isEqualTo("alice");
        // inside the window at both of its ends
        assertThat(call(security("grc", "grc-secret", false, now().minus(Duration.ofMinutes(6)).plusSeconds(1), true)))
                .isNotNull();
        assertThat(call(security("grc", "grc-secret", false, now().plus(Duration.ofMinutes(1)), true))).isNotNull();
    }

    @Test
    void aStaleCreatedIsRefused() throws Exception {
        refused(security("grc", "grc-secret", false, now().minus(Duration.ofMinutes(6)).minusSeconds(1), true),
                "the UsernameToken is stale", "PT5M");
    }

    @Test
    void aCreatedInTheFutureBeyondTheSkewIsRefused() throws Exception {
        refused(security("grc", "grc-secret", false, now().plus(Duration.ofMinutes(1)).plusSeconds(1), true),
                "created in the future", "PT1M");
    }

    @Test
    void aReplayedNonceIsRefusedWhileFreshAndStaleAfterwards() throws Exception {
        Element token = security("grc", "grc-secret", false, now(), true);
        assertThat(call(token)).isNotNull();
        refused(token, "replayed UsernameToken");
        clock.advance(Duration.ofMinutes(5));
        refused(token, "replayed UsernameToken");
        clock.advance(Duration.ofMinutes(1).plusSeconds(1));
        refused(token, "stale");
    }

    @Test
    void aTokenWithoutNonceOrCreatedIsRefusedByDefaultAndAcceptedWhenConfigured() throws Exception {
        refused(security("grc", "grc-secret", false, null, false), "must carry a wsse:Nonce and a wsu:Created");
        refused(security("grc", "grc-secret", false, now(), false), "must carry a wsse:Nonce and a wsu:Created");
        interceptor = interceptor(new TokenPolicy(Duration.ofMinutes(5), Duration.ofMinutes(1), false, true, 1000));
        Element plain = security("grc", "grc-secret", false, null, false);
        assertThat(call(plain)).isNotNull();
        assertThat(call(plain)).as("without Nonce and Created nothing tells a replay apart").isNotNull();
    }

    @Test
    void aPasswordDigestIsAcceptedAndAWrongOneRefused() throws Exception {
        assertThat(call(security("grc", "grc-secret", true, now(), true))).isEqualTo(new Caller("grc", true));
        refused(security("grc", "not-the-secret", true, now(), true), "wrong password digest for 'grc'");
        // alice's password is stored hashed: a digest cannot be checked, and the answer says so without details
        refused(security("alice", "alice-secret", true, now(), true), "wrong password digest for 'alice'", "{noop}");
        Element replayed = security("grc", "grc-secret", true, now(), true);
        assertThat(call(replayed)).isNotNull();
        refused(replayed, "replayed UsernameToken");
    }

    @Test
    void digestsCanBeTurnedOff() throws Exception {
        interceptor = interceptor(new TokenPolicy(Duration.ofMinutes(5), Duration.ofMinutes(1), true, false, 1000));
        refused(security("grc", "grc-secret", true, now(), true), "PasswordDigest UsernameTokens are not accepted");
    }

    @Test
    void wrongPasswordAndNoTokenAreRefused() throws Exception {
        refused(security("grc", "wrong", false, now(), true), "unknown user or wrong password for 'grc'");
        refused(security("mallory", "x", false, now(), true), "unknown user or wrong password for 'mallory'");
        Document doc = DocumentBuilderFactory.newDefaultNSInstance().newDocumentBuilder().newDocument();
        Element empty = doc.createElementNS(WSS4JConstants.WSSE_NS, "wsse:Security");
        doc.appendChild(empty);
        refused(empty, "has no UsernameToken");
    }

    @Test
    void aFailedPasswordDoesNotUseUpTheNonce() throws Exception {
        Element wrong = security("grc", "wrong", false, now(), true);
        refused(wrong, "wrong password");
        refused(wrong, "wrong password");
    }
}

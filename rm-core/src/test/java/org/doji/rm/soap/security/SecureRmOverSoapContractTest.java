package org.doji.rm.soap.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.apache.cxf.configuration.jsse.TLSClientParameters;
import org.apache.cxf.endpoint.Client;
import org.apache.cxf.frontend.ClientProxy;
import org.apache.cxf.transport.http.HTTPConduit;
import org.apache.cxf.ws.security.wss4j.WSS4JOutInterceptor;
import org.apache.wss4j.common.ConfigurationConstants;
import org.apache.wss4j.common.ext.WSPasswordCallback;
import org.doji.contract.NotAuthorizedFault;
import org.doji.contract.RmPortType;
import org.doji.contract.RmService;
import org.doji.rm.api.Caller;
import org.doji.rm.api.ResourceManager;
import org.doji.rm.app.RmApplication;
import org.doji.rm.contract.RestartableRmContractTest;
import org.doji.rm.fault.DojiException;
import org.doji.rm.fault.FaultKind;
import org.doji.rm.model.AvailabilityQuery;
import org.doji.rm.model.ComputeDemand;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.persistence.IdempotencyRepository;
import org.doji.rm.persistence.ReservationRepository;
import org.doji.rm.soap.BaseFaults;
import org.doji.rm.soap.client.ClientSecurity;
import org.doji.rm.soap.client.RemoteResourceManager;
import org.doji.rm.testing.RestartableRm;
import org.doji.rm.testing.SelfSignedKeystore;
import org.doji.rm.util.SettableClock;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.security.crypto.password.Pbkdf2PasswordEncoder;

/**
 * The RM contract over HTTPS (self-signed certificate made by keytool) with WS-Security on, called as a
 * COORDINATOR user with a UsernameToken, on a virtual clock and a durable H2 file that the restart case reopens;
 * plus what security must refuse: wrong password, unknown user, no token, an end user's reserve; and the user
 * store's service level limiting an end user's availability.
 */
class SecureRmOverSoapContractTest extends RestartableRmContractTest {

    private static final String GRC_PASSWORD = "grc-secret";
    private static final String ALICE_PASSWORD = "alice-secret";

    @TempDir
    static Path dir;

    private static SelfSignedKeystore tls;
    private static final SettableClock clock = new SettableClock(Instant.now());
    private static RestartableRm app;

    SecureRmOverSoapContractTest() {
        super(() -> app, clock::advance);
    }

    @BeforeAll
    static void start() {
        tls = SelfSignedKeystore.create(dir);
        Map<String, Object> props = new LinkedHashMap<>(Map.of(
                "doji.rm.id", "crm-secure",
                "doji.rm.tick-interval", "PT1H", // the test drives the ticks of its virtual clock
                "doji.rm.simulated.sites[0].name", "siteA",
                "doji.rm.simulated.sites[0].nodes", "4",
                "doji.rm.simulated.sites[0].cores-per-node", "8"));
        for (String p : tls.serverProperties()) {
            props.put(p.substring(0, p.indexOf('=')), p.substring(p.indexOf('=') + 1));
        }
        // the suite moves the service's virtual clock ahead (hold timeouts, reservation ends) while the standard WSS4J
        // client below dates its tokens by the system clock: tokens may be as old as the virtual clock is ahead
        // (freshness is tested in UsernameTokenInInterceptorTest and SecureGridIT; this client's tokens are dated
        // by the virtual clock)
        props.put("doji.security.username-token.max-age", "P3650D");
        props.put("doji.security.users[0].name", "grc");
        props.put("doji.security.users[0].password", "{bcrypt}" + new BCryptPasswordEncoder(4).encode(GRC_PASSWORD));
        props.put("doji.security.users[0].roles", "COORDINATOR");
        props.put("doji.security.users[1].name", "alice");
        props.put("doji.security.users[1].password", "{pbkdf2}"
                + Pbkdf2PasswordEncoder.defaultsForSpringSecurity_v5_5().encode(ALICE_PASSWORD));
        props.put("doji.security.users[1].roles", "USER");
        props.put("doji.security.users[1].service-level", "0.5");
        app = new RestartableRm(RmApplication.class, dir.resolve("crm-secure"), props,
                ctx -> ctx.getBeanFactory().registerSingleton("dojiClock", clock)).start();
    }

    @AfterAll
    static void stop() {
        app.close();
    }

    private String address() {
        return app.url("https");
    }

    private RemoteResourceManager as(String user, String password) {
        ClientSecurity security = (user == null ? ClientSecurity.NONE : ClientSecurity.token(user, password))
                .withTrustStore(tls.trustStore(), tls.password(), "PKCS12").withClock(clock);
        return new RemoteResourceManager(address(), Duration.ofSeconds(5), Duration.ofSeconds(30), security);
    }

    @Override
    protected ResourceManager rm() {
        return as("grc", GRC_PASSWORD);
    }

    @Override
    protected ReservationSpec grantable(TimeWindow window) {
        return new ReservationSpec(window, List.of(new ComputeDemand("siteA", 8, List.of())), List.of(), List.of(),
                List.of("alice"), null);
    }

    @Override
    protected ReservationSpec tooLarge(TimeWindow window) {
        return new ReservationSpec(window, List.of(new ComputeDemand("siteA", 33, List.of())), List.of(), List.of(),
                List.of("alice"), null);
    }

    private void refusedAndNothingStored(RemoteResourceManager client, String expectedMessage) {
        ReservationRepository reservations = app.bean(ReservationRepository.class);
        IdempotencyRepository answers = app.bean(IdempotencyRepository.class);
        long rows = reservations.count();
        long stored = answers.count();
        TimeWindow w = freshWindow();
        assertThatThrownBy(() -> client.reserve(Caller.ANONYMOUS, id(), grantable(w), null))
                .isInstanceOfSatisfying(DojiException.class, e -> {
                    assertThat(e.kind()).isEqualTo(FaultKind.NOT_AUTHORIZED);
                    assertThat(e.getMessage()).contains(expectedMessage);
                });
        assertThat(reservations.count()).isEqualTo(rows);
        assertThat(answers.count()).isEqualTo(stored);
    }

    @Test
    void wrongPasswordUnknownUserAndNoTokenAreNotAuthorizedAndStoreNothing() {
        refusedAndNothingStored(as("grc", "not-the-password"), "unknown user or wrong password for 'grc'");
        refusedAndNothingStored(as("mallory", GRC_PASSWORD), "unknown user or wrong password for 'mallory'");
        refusedAndNothingStored(as(null, null), "authentication required");
        // reads need a token too
        assertThatThrownBy(() -> as(null, null).describe(Caller.ANONYMOUS))
                .isInstanceOfSatisfying(DojiException.class, e -> assertThat(e.kind()).isEqualTo(FaultKind.NOT_AUTHORIZED));
    }

    @Test
    void anEndUserMayQueryButNotReserve() {
        refusedAndNothingStored(as("alice", ALICE_PASSWORD), "only users with the COORDINATOR role");
        assertThat(as("alice", ALICE_PASSWORD).describe(Caller.ANONYMOUS).rmId()).isEqualTo("crm-secure");
    }

    @Test
    void theStoresServiceLevelLimitsWhatAnEndUserSees() {
        TimeWindow w = freshWindow();
        int full = rm().availability(Caller.ANONYMOUS, new AvailabilityQuery(List.of(w), null)).get(0).compute().get(0).freeCores();
        var alice = as("alice", ALICE_PASSWORD);
        int seenByAlice = alice.availability(Caller.ANONYMOUS, new AvailabilityQuery(List.of(w), null))
                .get(0).compute().get(0).freeCores();
        assertThat(seenByAlice).isEqualTo((int) Math.floor(full * 0.5)).isLessThan(full);
        // an end user cannot borrow another user's share; a coordinator asks for its end user
        assertThat(alice.availability(Caller.ANONYMOUS, new AvailabilityQuery(List.of(w), "grc")).get(0).compute().get(0)
                .freeCores()).isEqualTo(seenByAlice);
        assertThat(rm().availability(Caller.ANONYMOUS, new AvailabilityQuery(List.of(w), "alice")).get(0).compute().get(0)
                .freeCores()).isEqualTo(seenByAlice);
    }

    @Test
    void theWsdlIsReadableWithoutCredentials() throws Exception {
        HttpResponse<String> wsdl = https().send(HttpRequest.newBuilder(URI.create(address() + "?wsdl")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(wsdl.statusCode()).isEqualTo(200);
        assertThat(wsdl.body()).contains("RmService").contains("reserveCommit");
    }

    /** The port's service page says a UsernameToken is needed, and its sample, with real credentials, is answered. */
    @Test
    void theServicePagesSampleCarriesAUsernameToken() throws Exception {
        HttpClient http = https();
        HttpResponse<String> page = http.send(HttpRequest.newBuilder(URI.create(address() + "/help")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).contains("id=\"security\"");
        String section = page.body().substring(page.body().indexOf("<section class=\"operation\" id=\"op-describe\""));
        String sample = org.springframework.web.util.HtmlUtils.htmlUnescape(section.substring(
                section.indexOf("<pre class=\"sample request\">") + 28, section.indexOf("</pre>")));
        assertThat(sample).contains("<wsse:Username>user</wsse:Username>").contains("<rm:describe/>");
        HttpResponse<String> refused = http.send(post(sample), HttpResponse.BodyHandlers.ofString());
        assertThat(refused.statusCode()).isEqualTo(500);
        assertThat(refused.body()).contains("NOT_AUTHORIZED");
        // what the page's try-it form does as it sends: a fresh Nonce and Created
        String nonce = java.util.Base64.getEncoder().encodeToString(java.util.UUID.randomUUID().toString().getBytes());
        HttpResponse<String> answered = http.send(post(sample.replace(">user<", ">grc<").replace(">password<",
                ">" + GRC_PASSWORD + "<").replace(">NONCE<", ">" + nonce + "<")
                .replace(">CREATED<", ">" + java.time.Instant.now().truncatedTo(java.time.temporal.ChronoUnit.MILLIS) + "<")),
                HttpResponse.BodyHandlers.ofString());
        assertThat(answered.statusCode()).isEqualTo(200);
        assertThat(answered.body()).contains("describeResponse").contains("crm-secure");
    }

    private HttpRequest post(String envelope) {
        return HttpRequest.newBuilder(URI.create(address())).header("Content-Type", "text/xml; charset=utf-8")
                .header("SOAPAction", "\"http://doji.org/ns/2026/rm/describe\"")
                .POST(HttpRequest.BodyPublishers.ofString(envelope)).build();
    }

    private static HttpClient https() throws Exception {
        KeyStore trust = KeyStore.getInstance("PKCS12");
        try (var in = java.nio.file.Files.newInputStream(tls.trustStore())) {
            trust.load(in, tls.password().toCharArray());
        }
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
        SSLContext ssl = SSLContext.getInstance("TLS");
        ssl.init(null, tmf.getTrustManagers(), null);
        return HttpClient.newBuilder().sslContext(ssl).build();
    }

    /** A client that uses CXF's standard WSS4J interceptor (as any WS-Security stack would) is accepted too. */
    @Test
    void aStandardWss4jClientIsAcceptedAndAWrongOneGetsTheTypedFault() throws Exception {
        assertThat(standardClient("grc", GRC_PASSWORD).describe().getRmId()).isEqualTo("crm-secure");
        assertThatThrownBy(() -> standardClient("grc", "wrong").describe())
                .isInstanceOfSatisfying(NotAuthorizedFault.class, f -> {
                    assertThat(BaseFaults.errorCode(f.getFaultInfo())).isEqualTo("NOT_AUTHORIZED");
                    assertThat(f.getFaultInfo().getService()).isEqualTo("crm-secure");
                });
    }

    private RmPortType standardClient(String user, String password) {
        RmPortType port = new RmService().getRmPort(new jakarta.xml.ws.soap.AddressingFeature());
        ((jakarta.xml.ws.BindingProvider) port).getRequestContext()
                .put(jakarta.xml.ws.BindingProvider.ENDPOINT_ADDRESS_PROPERTY, address());
        Client client = ClientProxy.getClient(port);
        Map<String, Object> props = new HashMap<>();
        props.put(ConfigurationConstants.ACTION, ConfigurationConstants.USERNAME_TOKEN);
        props.put(ConfigurationConstants.USER, user);
        props.put(ConfigurationConstants.PASSWORD_TYPE, "PasswordText");
        props.put(ConfigurationConstants.ADD_USERNAMETOKEN_NONCE, "true");
        props.put(ConfigurationConstants.ADD_USERNAMETOKEN_CREATED, "true");
        props.put(ConfigurationConstants.PW_CALLBACK_REF, (javax.security.auth.callback.CallbackHandler) callbacks -> {
            for (var cb : callbacks) {
                ((WSPasswordCallback) cb).setPassword(password);
            }
        });
        client.getOutInterceptors().add(new WSS4JOutInterceptor(props));
        TLSClientParameters params = new TLSClientParameters();
        try (var in = java.nio.file.Files.newInputStream(tls.trustStore())) {
            KeyStore trust = KeyStore.getInstance("PKCS12");
            trust.load(in, tls.password().toCharArray());
            TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            tmf.init(trust);
            params.setTrustManagers(tmf.getTrustManagers());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        ((HTTPConduit) client.getConduit()).setTlsClientParameters(params);
        return port;
    }
}

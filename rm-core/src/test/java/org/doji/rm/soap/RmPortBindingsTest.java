package org.doji.rm.soap;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.soap.SOAPBinding;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.doji.contract.RmPortType;
import org.doji.contract.RmService;
import org.doji.rm.app.RmApplication;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The RM port in both bindings its contract declares: SOAP 1.1 at /services/rm, SOAP 1.2 at /services/rm/soap12
 * (the WSDL's RmPortSoap12), each answering in its own envelope, with its own fault codes for bad input. (Same
 * configuration as {@link RmHostileInputTest}: one Spring context for both.)
 */
@SpringBootTest(classes = RmApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "doji.rm.id=crm-hostile",
        "spring.datasource.url=jdbc:h2:mem:crm-hostile;DB_CLOSE_DELAY=-1",
        "doji.rm.simulated.sites[0].name=siteA",
        "doji.rm.simulated.sites[0].nodes=4",
        "doji.rm.simulated.sites[0].cores-per-node=8",
        "doji.rm.simulated.sites[0].unit-price=2.0"})
class RmPortBindingsTest {

    private static final String SOAP12_ENVELOPE = "http://www.w3.org/2003/05/soap-envelope";
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @LocalServerPort
    int port;

    private HttpResponse<String> post12(String body) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/services/rm/soap12"))
                .header("Content-Type", "application/soap+xml; charset=UTF-8; action=\"http://doji.org/ns/2026/rm/describe\"")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void theGeneratedStubWorksThroughEitherPort() throws Exception {
        RmPortType soap11 = new RmService().getRmPort();
        RmPortType soap12 = new RmService().getRmPortSoap12();
        ((BindingProvider) soap11).getRequestContext().put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY,
                "http://localhost:" + port + "/services/rm");
        ((BindingProvider) soap12).getRequestContext().put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY,
                "http://localhost:" + port + "/services/rm/soap12");
        assertThat(((BindingProvider) soap12).getBinding().getBindingID()).isEqualTo(SOAPBinding.SOAP12HTTP_BINDING);
        assertThat(soap12.describe().getRmId()).isEqualTo("crm-hostile");
        assertThat(soap12.describe()).usingRecursiveComparison().isEqualTo(soap11.describe());
    }

    @Test
    void aSoap12RequestIsAnsweredInASoap12Envelope() throws Exception {
        HttpResponse<String> ok = post12("<env:Envelope xmlns:env=\"" + SOAP12_ENVELOPE + "\" "
                + "xmlns:rm=\"http://doji.org/ns/2026/rm\"><env:Body><rm:describe/></env:Body></env:Envelope>");
        assertThat(ok.statusCode()).as(ok.body()).isEqualTo(200);
        assertThat(ok.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("application/soap+xml"));
        assertThat(ok.body()).contains(SOAP12_ENVELOPE, "describeResponse", "crm-hostile");
    }

    @Test
    void badInputOverSoap12IsASenderFaultWithTheTypedDetail() throws Exception {
        HttpResponse<String> bad = post12("<env:Envelope xmlns:env=\"" + SOAP12_ENVELOPE + "\" "
                + "xmlns:rm=\"http://doji.org/ns/2026/rm\"><env:Body><rm:describe></rm:descrbe></env:Body></env:Envelope>");
        assertThat(bad.statusCode()).as(bad.body()).isIn(400, 500);
        assertThat(bad.body()).as(bad.body()).contains(SOAP12_ENVELOPE, "Sender", "InvalidRequestFault",
                "ErrorCode dialect=\"http://doji.org/ns/2026/errors\">MALFORMED_XML</").doesNotContain("Client");
    }
}

package org.doji.rm.soap.page;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringReader;
import java.util.List;
import java.util.Map;
import javax.xml.namespace.QName;
import org.apache.ws.commons.schema.XmlSchemaCollection;
import org.junit.jupiter.api.Test;

class ServicePageHtmlTest {

    private static final String HOSTILE = "<script>alert('x')</script>\" onmouseover=\"alert(1)";

    private static ServicePort port(String documentation) {
        return port(documentation, false);
    }

    private static ServicePort port(String documentation, boolean secured) {
        XmlSchemaCollection schemas = new XmlSchemaCollection();
        schemas.read(new StringReader("""
                <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:t" elementFormDefault="qualified">
                  <xs:element name="ping"><xs:complexType><xs:sequence>
                    <xs:element name="note" type="xs:string"/></xs:sequence></xs:complexType></xs:element>
                  <xs:element name="pong" type="xs:string"/>
                  <xs:element name="Oops" type="xs:string"/>
                </xs:schema>"""));
        ServicePort.Operation op = new ServicePort.Operation("ping", documentation, "urn:t/ping",
                new QName("urn:t", "ping"), new QName("urn:t", "pong"), List.of(new ServicePort.Fault("Oops", new QName("urn:t", "Oops"))));
        return new ServicePort("/t", new QName("urn:t", "TestService"), "TestPort", documentation, false, secured, List.of(op), schemas,
                Map.of("urn:t", "t.xsd"));
    }

    @Test
    void aPageShowsEveryPartOfAnOperationAndPostsOnlyToItsOwnPort() {
        String html = new ServicePageHtml().page(port("Answers pong."), "/services", "http://host:1/services/t");
        assertThat(html).contains("<h1>TestService</h1>").contains("<section class=\"operation\" id=\"op-ping\"")
                .contains("<p class=\"doc\">Answers pong.</p>")
                .contains("<a class=\"schema input\" href=\"/services/t?xsd=t.xsd\" title=\"{urn:t}ping\">ping</a>")
                .contains("<a class=\"schema output\" href=\"/services/t?xsd=t.xsd\"")
                .contains("<a class=\"schema fault\" href=\"/services/t?xsd=t.xsd\" title=\"{urn:t}Oops\">Oops</a>")
                .contains("&lt;t:ping&gt;").contains("&lt;t:note&gt;note&lt;/t:note&gt;").contains("&lt;t:pong&gt;pong&lt;/t:pong&gt;")
                .contains("<form class=\"try\" data-endpoint=\"/services/t\" data-soap-action=\"urn:t/ping\" data-soap12=\"false\">")
                .contains("<a id=\"wsdl\" href=\"/services/t?wsdl\">").contains("src=\"/services/help/page.js\"")
                .doesNotContain("<script>").doesNotContain("style=").contains("&lt;soap:Header/&gt;")
                .doesNotContain("UsernameToken");
    }

    @Test
    void aPortWithSecurityOnHasAUsernameTokenInItsSampleRequests() {
        String html = new ServicePageHtml().page(port("Answers pong.", true), "/services", "https://host:1/services/t");
        assertThat(html).contains("id=\"security\"").contains("&lt;wsse:UsernameToken&gt;")
                .contains("&lt;wsse:Username&gt;user&lt;/wsse:Username&gt;")
                .contains("&lt;soap:Header&gt;\n    &lt;wsse:Security xmlns:wsse=");
    }

    @Test
    void whatTheContractSaysIsEscaped() {
        String html = new ServicePageHtml().page(port(HOSTILE), "/services", "http://host:1/services/t");
        assertThat(html).doesNotContain("<script>alert").doesNotContain("\" onmouseover=")
                .contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&quot; onmouseover=&quot;alert(1)");
        String list = new ServicePageHtml().list(List.of(new ServicePageHtml.Listed(port(""), "/services/t")), "/services");
        assertThat(list).contains("<a class=\"page\" href=\"/services/t/help\">").contains("<a class=\"wsdl\" href=\"/services/t?wsdl\">");
    }
}

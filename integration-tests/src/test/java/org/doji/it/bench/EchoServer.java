package org.doji.it.bench;

import jakarta.xml.ws.Provider;
import jakarta.xml.ws.Service;
import jakarta.xml.ws.ServiceMode;
import jakarta.xml.ws.WebServiceProvider;
import java.io.StringReader;
import java.util.Map;
import javax.xml.transform.Source;
import javax.xml.transform.stream.StreamSource;
import org.apache.cxf.Bus;
import org.apache.cxf.jaxws.EndpointImpl;
import org.apache.cxf.spring.boot.autoconfigure.CxfAutoConfiguration;
import org.apache.cxf.ws.addressing.WSAddressingFeature;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.autoconfigure.web.servlet.ServletWebServerFactoryAutoConfiguration;
import org.springframework.boot.web.servlet.context.ServletWebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;

/**
 * The least a Doji port can be: CXF's servlet on Spring Boot's Tomcat, as every Doji service runs it, answering one
 * small document with another, WS-Addressing on; no schema, no security, no database. {@link Floor} calls it from
 * another JVM to measure a SOAP round trip's floor. Prints {@code ECHO READY <port>} once it serves.
 */
@SpringBootConfiguration
@ImportAutoConfiguration({ServletWebServerFactoryAutoConfiguration.class, CxfAutoConfiguration.class})
public class EchoServer {

    static final String NS = "urn:doji:floor";

    public static void main(String[] args) {
        System.out.println("ECHO READY " + portOf(start(args)));
    }

    /** The echo server in this JVM, on a free port. */
    static ConfigurableApplicationContext start(String... args) {
        SpringApplication app = new SpringApplication(EchoServer.class);
        app.setDefaultProperties(Map.of("server.port", "0", "cxf.path", "/services", "spring.main.banner-mode", "off",
                "logging.level.root", "WARN", "spring.jmx.enabled", "false"));
        return app.run(args);
    }

    static int portOf(ConfigurableApplicationContext echo) {
        return ((ServletWebServerApplicationContext) echo).getWebServer().getPort();
    }

    @Bean
    public EndpointImpl echoEndpoint(Bus bus) {
        EndpointImpl endpoint = new EndpointImpl(bus, new Echo());
        endpoint.getFeatures().add(new WSAddressingFeature());
        endpoint.publish("/echo");
        return endpoint;
    }

    /** Answers every request with the same small document. */
    @WebServiceProvider(serviceName = "Echo", portName = "EchoPort", targetNamespace = NS)
    @ServiceMode(Service.Mode.PAYLOAD)
    public static class Echo implements Provider<Source> {
        @Override
        public Source invoke(Source request) {
            return new StreamSource(new StringReader("<f:pong xmlns:f=\"" + NS + "\"><f:state>Reserved</f:state></f:pong>"));
        }
    }
}

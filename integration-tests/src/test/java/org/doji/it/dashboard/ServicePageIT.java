package org.doji.it.dashboard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.doji.grc.demo.GridTopology;
import org.doji.grc.demo.LocalGrid;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * The service pages (org.doji.rm.soap.page) as a reader sees them in headless Chromium: reached from the service
 * list and from the dashboard, the GRC's user port and an RM's port, their operations and documentation checked
 * against the port's own {@code ?wsdl}, sample envelopes, schema links followed, and the try-it form used on the
 * RM's read-only {@code describe}: its answer must be the RM's description, shown as text. Screenshots go to
 * target/service-page-grc.png and target/service-page-rm.png.
 */
class ServicePageIT {

    private static final String WSDL_NS = "http://schemas.xmlsoap.org/wsdl/";

    private static LocalGrid grid;
    private static final HttpClient http = HttpClient.newHttpClient();

    @BeforeAll
    static void startGrid() {
        grid = LocalGrid.start(GridTopology.builder()
                        .crm("crm-page", "PAGE1", "EAST", 2, 4, 1.0, Map.of("os", "linux")).build(),
                0, "mem", Map.of(), Map.of("doji.grc.health-interval", "PT1S"));
    }

    @AfterAll
    static void stopGrid() {
        if (grid != null) {
            grid.close();
        }
    }

    @Test
    void theGrcPortsPageIsReachedFromTheServiceListAndDescribesItsWsdl() throws Exception {
        String services = grid.grcUrl().substring(0, grid.grcUrl().lastIndexOf('/'));
        try (HeadlessChromium chromium = HeadlessChromium.startOrSkip()) {
            ChromeDriver page = chromium.driver();
            page.get(services);
            List<String> listed = page.findElements(By.cssSelector("#services tbody tr")).stream()
                    .map(r -> r.getAttribute("data-path")).toList();
            // the GRC's ports: its user port, its RM port, its notification consumer and its subscription manager,
            // each in SOAP 1.1 and 1.2
            assertThat(listed).containsExactlyInAnyOrder("/grc", "/grc/soap12", "/rm", "/rm/soap12", "/notify",
                    "/notify/soap12", "/subscriptions", "/subscriptions/soap12");
            page.findElement(By.cssSelector("tr[data-path='/grc'] a.page")).click();
            assertThat(page.getCurrentUrl()).isEqualTo(grid.grcUrl() + "/help");
            checkAgainstWsdl(chromium, grid.grcUrl(), "GrcService", "createCoAllocation");
            assertThat(sample(page, "createCoAllocation", "request")).contains("<grc:createCoAllocation")
                    .contains("<grc:correlationId>").contains("<types:site ");
            chromium.script("window.scrollTo(0, 0)");
            chromium.fullPageScreenshot(Path.of(System.getProperty("basedir", "."), "target", "service-page-grc.png"));

            // the GRC's RM port has a page of its own, from the same mechanism
            page.get(services + "/rm/help");
            assertThat(page.getTitle()).startsWith("RmService · RmPort");
            assertThat(operationNames(page)).contains("describe", "reserve", "reserveCommit");
        }
    }

    @Test
    void anRmPortsPageTriesDescribeAndShowsTheAnswerAsText() throws Exception {
        String rm = grid.rmUrls().get("crm-page");
        try (HeadlessChromium chromium = HeadlessChromium.startOrSkip()) {
            ChromeDriver page = chromium.driver();
            page.get(rm + "/help");
            checkAgainstWsdl(chromium, rm, "RmService", "describe");
            assertThat(sample(page, "describe", "request")).contains("<soap:Body>\n    <rm:describe/>\n  </soap:Body>");
            assertThat(sample(page, "describe", "response")).contains("<rm:describeResponse").contains("<rm:description");
            WebElement form = page.findElement(By.cssSelector("#op-describe form.try"));
            assertThat(form.getAttribute("data-endpoint")).isEqualTo("/services/rm");
            assertThat(form.getAttribute("data-soap-action")).isEqualTo("http://doji.org/ns/2026/rm/describe");

            // try it: the sample as it stands is a valid describe; the RM answers its description
            form.findElement(By.cssSelector("button[type=submit]")).click();
            String answer = awaitAnswer(form);
            assertThat(form.getAttribute("data-http-status")).isEqualTo("200");
            assertThat(answer).contains("describeResponse").contains("crm-page").contains("PAGE1");
            chromium.script("arguments[0].scrollIntoView()", page.findElement(By.id("op-describe")));
            chromium.fullPageScreenshot(Path.of(System.getProperty("basedir", "."), "target", "service-page-rm.png"));

            // an edited envelope with markup in it: the port's fault comes back, shown as text, nothing runs
            String title = page.getTitle();
            WebElement textarea = form.findElement(By.tagName("textarea"));
            chromium.script("arguments[0].value = arguments[1]", textarea,
                    "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>"
                            + "<rm:describe xmlns:rm=\"http://doji.org/ns/2026/rm\"><img src=\"x\" onerror=\"document.title='owned'\"/>"
                            + "</rm:describe></soap:Body></soap:Envelope>");
            chromium.script("arguments[0].querySelector('.answer').textContent = ''", form);
            form.findElement(By.cssSelector("button[type=submit]")).click();
            String fault = awaitAnswer(form);
            assertThat(form.getAttribute("data-http-status")).isEqualTo("500");
            assertThat(fault).contains("Fault");
            assertThat(page.getTitle()).isEqualTo(title);
            assertThat(page.findElements(By.cssSelector("pre.answer *"))).isEmpty();

            // the SOAP 1.2 port's page: a SOAP 1.2 envelope, posted as application/soap+xml with the action
            page.get(rm + "/soap12/help");
            assertThat(page.getTitle()).startsWith("RmService · RmPortSoap12");
            assertThat(sample(page, "describe", "request")).startsWith("<soap:Envelope xmlns:soap=\"http://www.w3.org/2003/05/soap-envelope\"");
            WebElement form12 = page.findElement(By.cssSelector("#op-describe form.try"));
            assertThat(form12.getAttribute("data-endpoint")).isEqualTo("/services/rm/soap12");
            form12.findElement(By.cssSelector("button[type=submit]")).click();
            assertThat(awaitAnswer(form12)).contains("describeResponse").contains("crm-page")
                    .contains("http://www.w3.org/2003/05/soap-envelope");
            assertThat(form12.getAttribute("data-http-status")).isEqualTo("200");
        }
    }

    @Test
    void theDashboardLinksEveryServicesPage() throws Exception {
        String base = grid.grcUrl().substring(0, grid.grcUrl().indexOf("/services/"));
        try (HeadlessChromium chromium = HeadlessChromium.startOrSkip()) {
            ChromeDriver page = chromium.driver();
            page.get(base + "/dashboard/");
            List<String> pages = await().atMost(Duration.ofSeconds(60)).until(() -> page
                    .findElements(By.cssSelector("#services-table a.page")).stream().map(a -> a.getAttribute("href"))
                    .toList(), l -> l.size() == 3);
            assertThat(pages).containsExactlyInAnyOrder(grid.grcUrl() + "/help",
                    grid.grcUrl().replace("/services/grc", "/services/rm") + "/help", grid.rmUrls().get("crm-page") + "/help");
            for (String p : pages) {
                HttpResponse<String> r = get(p);
                assertThat(r.statusCode()).as(p).isEqualTo(200);
                assertThat(r.body()).as(p).contains("<section class=\"operation\"");
            }
            assertThat(page.findElement(By.id("all-services")).getAttribute("href")).isEqualTo(base + "/services/");
        }
    }

    /** The page shows every operation of the port type with its documentation, and its schema links resolve. */
    private static void checkAgainstWsdl(HeadlessChromium chromium, String port, String service, String operation)
            throws Exception {
        ChromeDriver page = chromium.driver();
        Map<String, String> contract = operations(port);
        assertThat(page.getTitle()).startsWith(service + " · ");
        // in the port type's order, each with its wsdl:documentation
        assertThat(operationNames(page)).containsExactlyElementsOf(contract.keySet());
        for (Map.Entry<String, String> op : contract.entrySet()) {
            WebElement section = page.findElement(By.id("op-" + op.getKey()));
            assertThat(section.findElement(By.cssSelector("p.doc")).getText()).as(op.getKey()).isEqualTo(op.getValue());
            assertThat(section.findElements(By.cssSelector("a.schema.input"))).as(op.getKey()).hasSize(1);
            assertThat(section.findElements(By.cssSelector("a.schema.output"))).as(op.getKey()).hasSize(1);
            assertThat(section.findElements(By.cssSelector("a.schema.fault"))).as(op.getKey()).isNotEmpty();
        }
        assertThat(contract).containsKey(operation);
        // every schema link names an element declared in what it links to
        for (WebElement a : page.findElements(By.cssSelector("#op-" + operation + " a.schema"))) {
            String href = a.getAttribute("href");
            assertThat(href).startsWith(port + "?xsd=");
            HttpResponse<String> xsd = get(href);
            assertThat(xsd.statusCode()).as(href).isEqualTo(200);
            assertThat(xsd.body()).as(href).contains("<xs:element name=\"" + a.getText() + "\"");
        }
        // ?wsdl is still the machine-readable contract
        assertThat(page.findElement(By.id("wsdl")).getAttribute("href")).isEqualTo(port + "?wsdl");
        String address = page.findElement(By.id("address")).getText();
        assertThat(address).isEqualTo(port);
    }

    /** The port type's operations, in document order, with their documentation, from the port's own ?wsdl. */
    private static Map<String, String> operations(String port) throws Exception {
        HttpResponse<String> r = get(port + "?wsdl");
        assertThat(r.statusCode()).isEqualTo(200);
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        Document wsdl = f.newDocumentBuilder().parse(new ByteArrayInputStream(r.body().getBytes(StandardCharsets.UTF_8)));
        assertThat(wsdl.getDocumentElement().getLocalName()).isEqualTo("definitions");
        Element portType = (Element) wsdl.getElementsByTagNameNS(WSDL_NS, "portType").item(0);
        Map<String, String> out = new LinkedHashMap<>();
        NodeList ops = portType.getElementsByTagNameNS(WSDL_NS, "operation");
        for (int i = 0; i < ops.getLength(); i++) {
            Element op = (Element) ops.item(i);
            NodeList doc = op.getElementsByTagNameNS(WSDL_NS, "documentation");
            out.put(op.getAttribute("name"), doc.getLength() == 0 ? "" : doc.item(0).getTextContent().strip().replaceAll("\\s+", " "));
        }
        assertThat(out).hasSizeGreaterThan(3);
        // its messages in a readable order, the order the operations use them (CXF alone writes them in hash
        // order), and the same on every request
        List<String> used = new ArrayList<>();
        for (int i = 0; i < ops.getLength(); i++) {
            for (Node n = ops.item(i).getFirstChild(); n != null; n = n.getNextSibling()) {
                if (n instanceof Element use && use.hasAttribute("message")) {
                    String name = use.getAttribute("message").substring(use.getAttribute("message").indexOf(':') + 1);
                    if (!used.contains(name)) {
                        used.add(name);
                    }
                }
            }
        }
        NodeList messages = wsdl.getDocumentElement().getElementsByTagNameNS(WSDL_NS, "message");
        List<String> served = new ArrayList<>();
        for (int i = 0; i < messages.getLength(); i++) {
            served.add(((Element) messages.item(i)).getAttribute("name"));
        }
        assertThat(served).startsWith(used.toArray(String[]::new));
        assertThat(get(port + "?wsdl").body()).isEqualTo(r.body());
        return out;
    }

    private static List<String> operationNames(ChromeDriver page) {
        List<String> names = new ArrayList<>();
        page.findElements(By.cssSelector("section.operation")).forEach(s -> names.add(s.getAttribute("data-operation")));
        return names;
    }

    private static String sample(ChromeDriver page, String operation, String kind) {
        return (String) ((org.openqa.selenium.JavascriptExecutor) page).executeScript(
                "return document.querySelector(arguments[0]).textContent", "#op-" + operation + " pre.sample." + kind);
    }

    private static String awaitAnswer(WebElement form) {
        return await().atMost(Duration.ofSeconds(30)).until(() -> {
            WebElement answer = form.findElement(By.cssSelector("pre.answer"));
            return answer.isDisplayed() ? answer.getText() : "";
        }, text -> !text.isEmpty());
    }

    private static HttpResponse<String> get(String url) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(url)).GET().build(), HttpResponse.BodyHandlers.ofString());
    }
}

package org.doji.rm.soap.page;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** The served WSDL's messages come in the order its operations use them, whatever order they arrived in. */
class WsdlOrderTest {

    private static Document parse(byte[] xml) throws Exception {
        return DocumentBuilderFactory.newDefaultNSInstance().newDocumentBuilder().parse(new ByteArrayInputStream(xml));
    }

    private static List<String> messages(Document wsdl) {
        NodeList list = wsdl.getDocumentElement().getElementsByTagNameNS(WsdlOrder.WSDL_NS, "message");
        List<String> out = new ArrayList<>();
        for (int i = 0; i < list.getLength(); i++) {
            out.add(((Element) list.item(i)).getAttribute("name"));
        }
        return out;
    }

    /** The RM's WSDL with its messages in reverse order (as good as hash order for this). */
    private static byte[] shuffledRmWsdl() throws Exception {
        String wsdl;
        try (InputStream in = WsdlOrderTest.class.getResourceAsStream("/wsdl/doji-rm.wsdl")) {
            wsdl = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        List<String> lines = new ArrayList<>(wsdl.lines().toList());
        int first = -1;
        int last = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith("  <wsdl:message ")) {
                first = first < 0 ? i : first;
                last = i;
            }
        }
        Collections.reverse(lines.subList(first, last + 1));
        return String.join("\n", lines).getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void messagesFollowTheOperationsThatUseThem() throws Exception {
        byte[] shuffled = shuffledRmWsdl();
        List<String> before = messages(parse(shuffled));
        assertThat(before.get(0)).isNotEqualTo("InvalidRequestFault");

        Document readable = parse(WsdlOrder.readable(shuffled));
        List<String> after = messages(readable);
        assertThat(after).containsExactlyInAnyOrderElementsOf(before);
        // describe is the first operation: its request, answer and faults lead
        assertThat(after.subList(0, 5)).containsExactly("DescribeRequest", "DescribeResponse", "InvalidRequestFault",
                "NotAuthorizedFault", "InternalErrorFault");
        assertThat(after.subList(5, 7)).containsExactly("GetAvailableResourcesRequest", "GetAvailableResourcesResponse");
        // nothing else moved: the types come first, the port type after the messages
        Element root = readable.getDocumentElement();
        assertThat(root.getElementsByTagNameNS(WsdlOrder.WSDL_NS, "binding").getLength()).isEqualTo(2);
        assertThat(root.getElementsByTagNameNS(WsdlOrder.WSDL_NS, "operation").getLength())
                .isEqualTo(parse(shuffled).getDocumentElement().getElementsByTagNameNS(WsdlOrder.WSDL_NS, "operation").getLength());
    }

    @Test
    void theOrderIsStable() throws Exception {
        byte[] once = WsdlOrder.readable(shuffledRmWsdl());
        assertThat(WsdlOrder.readable(once)).isEqualTo(once);
    }

    @Test
    void whatIsNotAWsdlIsLeftAsItIs() {
        byte[] notWsdl = "<html><body>not found</body></html>".getBytes(StandardCharsets.UTF_8);
        assertThat(WsdlOrder.readable(notWsdl)).isSameAs(notWsdl);
        byte[] broken = "<wsdl:definitions".getBytes(StandardCharsets.UTF_8);
        assertThat(WsdlOrder.readable(broken)).isSameAs(broken);
    }
}

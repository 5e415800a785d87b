package org.doji.grc.soap;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.doji.contract.types.CoAllocationState;
import org.doji.contract.types.StateChange;
import org.doji.grc.notify.Notification;
import org.doji.grc.notify.NotificationChannel;
import org.doji.rm.soap.NotificationSender;
import org.doji.rm.soap.ResourceReferences;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.InputSource;

/**
 * The GRC's notifications on the wire: a {@code wsnt:Notify} with the subscription's EPR (at the subscription
 * manager), the topic ({@code dt:<state>}), the co-allocation's EPR as producer, and a {@code t:stateChange}.
 */
public class WsnNotificationChannel implements NotificationChannel {

    private final String producer;
    private final Supplier<String> servicesAddress;
    private final NotificationSender sender;

    /**
     * @param servicesAddress the GRC's public base address (e.g. {@code http://grc.example:8080/services}), under
     *                        which its port ({@code /grc}) and subscription manager ({@code /subscriptions}) live
     */
    public WsnNotificationChannel(String producer, Supplier<String> servicesAddress, NotificationSender sender) {
        this.producer = producer;
        this.servicesAddress = servicesAddress;
        this.sender = sender;
    }

    @Override
    public void deliver(Notification n) throws Exception {
        StateChange change = new StateChange();
        change.setResource(n.coAllocationKey());
        change.setProducer(producer);
        change.setTime(n.occurred());
        change.setCoAllocationState(CoAllocationState.fromValue(n.state().name()));
        change.setMessage(n.message());
        String base = servicesAddress.get();
        sender.deliver(n.consumer().address(), parameters(n.consumer().referenceParameters()),
                new NotificationSender.Message(change, n.state().name(),
                        ResourceReferences.reference(base + "/subscriptions", n.subscriptionId()),
                        ResourceReferences.reference(base + "/grc", n.coAllocationKey())));
    }

    /** The stored reference parameters (a wsa:ReferenceParameters element) as elements, each to send as a header. */
    static List<Element> parameters(String xml) throws Exception {
        List<Element> out = new ArrayList<>();
        if (xml == null) {
            return out;
        }
        DocumentBuilder parser = secureFactory().newDocumentBuilder();
        Element root = parser.parse(new InputSource(new StringReader(xml))).getDocumentElement();
        for (Node c = root.getFirstChild(); c != null; c = c.getNextSibling()) {
            if (c instanceof Element e) {
                out.add(e);
            }
        }
        return out;
    }

    private static DocumentBuilderFactory secureFactory() throws ParserConfigurationException {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        f.setExpandEntityReferences(false);
        return f;
    }
}

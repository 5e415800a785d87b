package org.doji.grc.soap;

import jakarta.xml.bind.JAXBContext;
import jakarta.xml.bind.JAXBElement;
import jakarta.xml.bind.JAXBException;
import jakarta.xml.bind.Marshaller;
import java.io.StringWriter;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Date;
import java.util.EnumSet;
import java.util.Set;
import javax.xml.datatype.DatatypeConfigurationException;
import javax.xml.datatype.DatatypeFactory;
import javax.xml.namespace.QName;
import org.doji.contract.addressing.EndpointReferenceType;
import org.doji.contract.addressing.ReferenceParametersType;
import org.doji.contract.wsn.FilterType;
import org.doji.contract.wsn.TopicExpressionType;
import org.doji.grc.model.CoAllocationState;
import org.doji.grc.notify.ConsumerEndpoint;
import org.doji.rm.fault.DojiException;
import org.doji.rm.soap.NotificationSender;
import org.doji.rm.soap.ResourceReferences;
import org.w3c.dom.Element;

/**
 * Reads a WS-BaseNotification Subscribe or Renew: the consumer EPR, the topic filter (Doji's topics are the
 * co-allocation states in {@value NotificationSender#TOPIC_NS}; the Simple, Concrete and Full dialects name them
 * by QName, Full also as {@code dt:*} or a union {@code dt:Reserved|dt:Failed}), and an absolute or relative time.
 */
final class WsnFromContract {

    static final String DIALECTS = "http://docs.oasis-open.org/wsn/t-1/TopicExpression/";
    static final QName TOPIC_EXPRESSION = new QName("http://docs.oasis-open.org/wsn/b-2", "TopicExpression");
    private static final int MAX_TOPIC_EXPRESSION = 2_000;
    private static final JAXBContext PARAMETERS = parametersContext();

    private WsnFromContract() {
    }

    static ConsumerEndpoint consumer(EndpointReferenceType epr) {
        if (epr == null || epr.getAddress() == null || epr.getAddress().getValue() == null) {
            throw DojiException.invalidField("ConsumerReference", "NO_CONSUMER", "Subscribe needs a ConsumerReference with an Address");
        }
        String parameters = null;
        ReferenceParametersType rp = epr.getReferenceParameters();
        if (rp != null && !rp.getAny().isEmpty()) {
            parameters = write(rp);
        }
        return new ConsumerEndpoint(ResourceReferences.addressOf(epr), parameters);
    }

    /** The states a filter selects; empty (no filter): every state. */
    static Set<CoAllocationState> topics(FilterType filter) {
        Set<CoAllocationState> out = EnumSet.noneOf(CoAllocationState.class);
        if (filter == null) {
            return out;
        }
        for (Object f : filter.getAny()) {
            QName name = f instanceof JAXBElement<?> e ? e.getName()
                    : f instanceof Element e ? new QName(e.getNamespaceURI(), e.getLocalName()) : new QName("unknown");
            if (!(f instanceof JAXBElement<?> e && TOPIC_EXPRESSION.equals(name)
                    && e.getValue() instanceof TopicExpressionType topic)) {
                throw DojiException.invalidField(name.toString(), WsnFaults.INVALID_FILTER,
                        "only wsnt:TopicExpression filters are supported, not " + name);
            }
            out.addAll(topic(topic));
        }
        return out;
    }

    private static Set<CoAllocationState> topic(TopicExpressionType t) {
        String dialect = t.getDialect() == null ? "" : t.getDialect();
        if (!dialect.equals(DIALECTS + "Simple") && !dialect.equals(DIALECTS + "Concrete") && !dialect.equals(DIALECTS + "Full")) {
            throw DojiException.invalid(WsnFaults.TOPIC_DIALECT, "unknown topic expression dialect '" + clip(dialect)
                    + "'; supported: " + DIALECTS + "Simple, Concrete and Full");
        }
        StringBuilder text = new StringBuilder();
        for (Object part : t.getContent()) {
            if (!(part instanceof String s)) {
                throw DojiException.invalid(WsnFaults.INVALID_TOPIC, "a topic expression is text (a topic's QName)");
            }
            text.append(s);
        }
        String expression = text.toString().trim();
        if (expression.isEmpty() || expression.length() > MAX_TOPIC_EXPRESSION) {
            throw DojiException.invalid(WsnFaults.INVALID_TOPIC, "a topic expression must name a topic, in at most "
                    + MAX_TOPIC_EXPRESSION + " characters");
        }
        boolean full = dialect.endsWith("Full");
        Set<CoAllocationState> out = EnumSet.noneOf(CoAllocationState.class);
        for (String alternative : full ? expression.split("\\|") : new String[] {expression}) {
            String name = alternative.trim();
            // the prefix is the topic namespace's (its binding is not visible after parsing: Doji has one namespace)
            String local = name.substring(name.indexOf(':') + 1);
            if (full && local.equals("*")) {
                out.addAll(EnumSet.allOf(CoAllocationState.class));
                continue;
            }
            if (!local.matches("[A-Za-z]+")) {
                throw DojiException.invalid(dialect.endsWith("Simple") || local.isEmpty() ? WsnFaults.INVALID_TOPIC
                        : WsnFaults.TOPIC_NOT_SUPPORTED, "'" + clip(name) + "' is not a topic of this producer; "
                        + "its topics are the co-allocation states, e.g. dt:Reserved (dt = " + NotificationSender.TOPIC_NS + ")");
            }
            try {
                out.add(CoAllocationState.valueOf(local));
            } catch (IllegalArgumentException e) {
                throw DojiException.invalid(WsnFaults.TOPIC_NOT_SUPPORTED, "'" + clip(name) + "' is not a topic of this "
                        + "producer; its topics are the co-allocation states: " + EnumSet.allOf(CoAllocationState.class));
            }
        }
        return out;
    }

    /** An xsd:dateTime, or an xsd:duration from {@code now}; null for none (absent or nil). */
    static Instant time(String field, String absoluteOrRelative, Instant now) {
        if (absoluteOrRelative == null || absoluteOrRelative.isBlank()) {
            return null;
        }
        String v = absoluteOrRelative.trim();
        if (v.length() > 64) {
            throw DojiException.invalidField(field, "TERMINATION_INVALID", "not an xsd:dateTime or xsd:duration");
        }
        try {
            if (v.startsWith("P") || v.startsWith("-P")) {
                javax.xml.datatype.Duration d = datatypes().newDuration(v); // a factory is not thread-safe
                Instant at;
                try {
                    at = now.plusMillis(d.getTimeInMillis(Date.from(now)));
                } catch (ArithmeticException | java.time.DateTimeException beyond) {
                    at = d.getSign() < 0 ? Instant.MIN : Instant.MAX;
                }
                // a duration too long for a calendar wraps around: it still means "later than any lifetime"
                return d.getSign() > 0 && at.isBefore(now) ? Instant.MAX : at;
            }
            return OffsetDateTime.parse(v).toInstant();
        } catch (IllegalArgumentException | UnsupportedOperationException | DateTimeParseException e) {
            throw DojiException.invalidField(field, "TERMINATION_INVALID",
                    "'" + clip(v) + "' is not an xsd:dateTime with a time zone, or an xsd:duration");
        }
    }

    private static String write(ReferenceParametersType rp) {
        try {
            StringWriter out = new StringWriter();
            Marshaller m = PARAMETERS.createMarshaller();
            m.setProperty(Marshaller.JAXB_FRAGMENT, true);
            m.marshal(new JAXBElement<>(new QName("http://www.w3.org/2005/08/addressing", "ReferenceParameters"),
                    ReferenceParametersType.class, rp), out);
            return out.toString();
        } catch (JAXBException e) {
            throw DojiException.invalidField("ConsumerReference/ReferenceParameters", "CONSUMER_ADDRESS",
                    "the consumer's reference parameters cannot be stored");
        }
    }

    private static String clip(String s) {
        return s.length() <= 80 ? s : s.substring(0, 80) + "…";
    }

    private static JAXBContext parametersContext() {
        try {
            return JAXBContext.newInstance(ReferenceParametersType.class, org.doji.contract.types.ObjectFactory.class);
        } catch (JAXBException e) {
            throw new IllegalStateException(e);
        }
    }

    private static DatatypeFactory datatypes() {
        try {
            return DatatypeFactory.newInstance();
        } catch (DatatypeConfigurationException e) {
            throw new IllegalStateException(e);
        }
    }
}

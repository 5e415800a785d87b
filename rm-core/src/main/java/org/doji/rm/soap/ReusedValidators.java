package org.doji.rm.soap;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import javax.xml.validation.Schema;
import javax.xml.validation.TypeInfoProvider;
import javax.xml.validation.Validator;
import javax.xml.validation.ValidatorHandler;
import org.w3c.dom.ls.LSResourceResolver;
import org.xml.sax.Attributes;
import org.xml.sax.ContentHandler;
import org.xml.sax.ErrorHandler;
import org.xml.sax.Locator;
import org.xml.sax.SAXException;
import org.xml.sax.SAXNotRecognizedException;
import org.xml.sax.SAXNotSupportedException;

/**
 * A port's compiled schema whose validator handlers are used again. JAXB asks the schema for a new
 * {@link ValidatorHandler} for every message it validates, and the JDK's handler builds a whole schema loader
 * each time: a third of the cost of validating a small request. A handler is reset by {@code startDocument}
 * (the same reset as for a new one), so one that finished a document ({@code endDocument}) goes back to a
 * bounded pool and validates the next message. One abandoned halfway (the message was invalid and its
 * unmarshalling stopped) is never returned: it is dropped, as before.
 */
public final class ReusedValidators extends Schema {

    /** Idle handlers kept at most: about the number of request threads of a busy port. */
    static final int MAX_IDLE = 64;

    private final Schema schema;
    private final Queue<Handler> idle = new ConcurrentLinkedQueue<>();
    private final AtomicInteger idleCount = new AtomicInteger();

    public ReusedValidators(Schema schema) {
        this.schema = schema;
    }

    @Override
    public Validator newValidator() {
        return schema.newValidator();
    }

    @Override
    public ValidatorHandler newValidatorHandler() {
        Handler h = idle.poll();
        if (h == null) {
            h = new Handler(schema.newValidatorHandler());
        } else {
            idleCount.decrementAndGet();
        }
        h.inUse.set(true);
        return h;
    }

    /** Idle handlers now (for tests). */
    int idle() {
        return idleCount.get();
    }

    private void release(Handler h) {
        if (!h.inUse.compareAndSet(true, false)) {
            return; // ended twice: it is in the pool already, and must not be handed out twice
        }
        // the last message's handlers are not kept alive by an idle validator
        h.delegate.setContentHandler(null);
        h.delegate.setErrorHandler(null);
        if (idleCount.incrementAndGet() <= MAX_IDLE) {
            idle.offer(h);
        } else {
            idleCount.decrementAndGet();
        }
    }

    /** Delegates every call; back to the pool once the document ended. */
    private final class Handler extends ValidatorHandler {

        private final ValidatorHandler delegate;
        private final AtomicBoolean inUse = new AtomicBoolean();

        Handler(ValidatorHandler delegate) {
            this.delegate = delegate;
        }

        @Override
        public void endDocument() throws SAXException {
            try {
                delegate.endDocument();
            } finally {
                release(this);
            }
        }

        @Override
        public void setContentHandler(ContentHandler receiver) {
            delegate.setContentHandler(receiver);
        }

        @Override
        public ContentHandler getContentHandler() {
            return delegate.getContentHandler();
        }

        @Override
        public void setErrorHandler(ErrorHandler errorHandler) {
            delegate.setErrorHandler(errorHandler);
        }

        @Override
        public ErrorHandler getErrorHandler() {
            return delegate.getErrorHandler();
        }

        @Override
        public void setResourceResolver(LSResourceResolver resourceResolver) {
            delegate.setResourceResolver(resourceResolver);
        }

        @Override
        public LSResourceResolver getResourceResolver() {
            return delegate.getResourceResolver();
        }

        @Override
        public TypeInfoProvider getTypeInfoProvider() {
            return delegate.getTypeInfoProvider();
        }

        @Override
        public boolean getFeature(String name) throws SAXNotRecognizedException, SAXNotSupportedException {
            return delegate.getFeature(name);
        }

        @Override
        public void setFeature(String name, boolean value) throws SAXNotRecognizedException, SAXNotSupportedException {
            delegate.setFeature(name, value);
        }

        @Override
        public void setProperty(String name, Object object) throws SAXNotRecognizedException, SAXNotSupportedException {
            delegate.setProperty(name, object);
        }

        @Override
        public Object getProperty(String name) throws SAXNotRecognizedException, SAXNotSupportedException {
            return delegate.getProperty(name);
        }

        @Override
        public void setDocumentLocator(Locator locator) {
            delegate.setDocumentLocator(locator);
        }

        @Override
        public void startDocument() throws SAXException {
            delegate.startDocument();
        }

        @Override
        public void startPrefixMapping(String prefix, String uri) throws SAXException {
            delegate.startPrefixMapping(prefix, uri);
        }

        @Override
        public void endPrefixMapping(String prefix) throws SAXException {
            delegate.endPrefixMapping(prefix);
        }

        @Override
        public void startElement(String uri, String localName, String qName, Attributes atts) throws SAXException {
            delegate.startElement(uri, localName, qName, atts);
        }

        @Override
        public void endElement(String uri, String localName, String qName) throws SAXException {
            delegate.endElement(uri, localName, qName);
        }

        @Override
        public void characters(char[] ch, int start, int length) throws SAXException {
            delegate.characters(ch, start, length);
        }

        @Override
        public void ignorableWhitespace(char[] ch, int start, int length) throws SAXException {
            delegate.ignorableWhitespace(ch, start, length);
        }

        @Override
        public void processingInstruction(String target, String data) throws SAXException {
            delegate.processingInstruction(target, data);
        }

        @Override
        public void skippedEntity(String name) throws SAXException {
            delegate.skippedEntity(name);
        }
    }
}

package org.doji.rm.soap;

import java.util.List;
import javax.xml.namespace.QName;
import org.doji.contract.wsrf.rp.GetMultipleResourcePropertiesResponse;
import org.doji.contract.wsrf.rp.GetResourcePropertyDocumentResponse;
import org.doji.contract.wsrf.rp.GetResourcePropertyResponse;
import org.doji.contract.wsrf.rp.QueryExpressionType;
import org.doji.contract.wsrf.rp.QueryResourcePropertiesResponse;
import org.doji.rm.fault.DojiException;
import org.w3c.dom.Element;

/**
 * The OASIS WS-ResourceProperties 1.2 operations over a resource-properties document (a reservation's, a
 * co-allocation's, an RM's status), one copy for every port type that offers them. The endpoints only say which
 * document is addressed and map failures with {@link WsrfFaults}.
 */
public final class WsrfResourceProperties {

    private WsrfResourceProperties() {
    }

    public static GetResourcePropertyDocumentResponse document(Object document) {
        GetResourcePropertyDocumentResponse response = new GetResourcePropertyDocumentResponse();
        response.setAny(ResourceProperties.document(document));
        return response;
    }

    public static GetResourcePropertyResponse property(Object document, QName property) {
        GetResourcePropertyResponse response = new GetResourcePropertyResponse();
        response.getAny().addAll(ResourceProperties.select(document, property));
        return response;
    }

    public static GetMultipleResourcePropertiesResponse properties(Object document, List<QName> properties) {
        GetMultipleResourcePropertiesResponse response = new GetMultipleResourcePropertiesResponse();
        for (QName property : properties) {
            response.getAny().addAll(ResourceProperties.select(document, property));
        }
        return response;
    }

    public static QueryResourcePropertiesResponse query(Object document, QueryExpressionType query) {
        if (query == null) {
            throw DojiException.invalidField("QueryExpression", WsrfFaults.INVALID_QUERY, "no QueryExpression");
        }
        StringBuilder expression = new StringBuilder();
        for (Object part : query.getContent()) {
            if (!(part instanceof String text)) {
                throw DojiException.invalidField("QueryExpression", WsrfFaults.INVALID_QUERY,
                        "an XPath expression is text, not elements");
            }
            expression.append(text);
        }
        Element root = ResourceProperties.document(document);
        QueryResourcePropertiesResponse response = new QueryResourcePropertiesResponse();
        response.getContent().addAll(ResourcePropertyQuery.evaluate(root, query.getDialect(), expression.toString()));
        return response;
    }
}

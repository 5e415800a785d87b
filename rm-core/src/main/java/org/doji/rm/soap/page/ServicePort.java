package org.doji.rm.soap.page;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.namespace.QName;
import org.apache.cxf.binding.soap.Soap12;
import org.apache.cxf.binding.soap.model.SoapBindingInfo;
import org.apache.cxf.binding.soap.model.SoapOperationInfo;
import org.apache.cxf.service.model.AbstractMessageContainer;
import org.apache.cxf.service.model.BindingOperationInfo;
import org.apache.cxf.service.model.EndpointInfo;
import org.apache.cxf.service.model.FaultInfo;
import org.apache.cxf.service.model.MessagePartInfo;
import org.apache.cxf.service.model.OperationInfo;
import org.apache.cxf.service.model.ServiceInfo;
import org.apache.cxf.wsdl11.WSDLServiceBuilder;
import org.apache.ws.commons.schema.XmlSchema;
import org.apache.ws.commons.schema.XmlSchemaCollection;

/**
 * What the service page shows of one published SOAP port, read from the service model CXF built from the port's
 * WSDL (so the page describes exactly what {@code ?wsdl} serves): its operations in the port type's order with their
 * {@code wsdl:documentation}, SOAPAction, input, output and fault elements, and where each schema namespace is served
 * ({@code ?xsd=}).
 *
 * @param path       the port's path below the CXF servlet, e.g. {@code /rm} or {@code /rm/soap12}
 * @param usernameToken whether the port requires a WS-Security UsernameToken ({@code doji.security} on)
 * @param schemaKeys the {@code ?xsd=} key of each schema namespace CXF serves for this port
 */
public record ServicePort(String path, QName service, String portName, String documentation, boolean soap12,
                          boolean usernameToken, List<Operation> operations, XmlSchemaCollection schemas,
                          Map<String, String> schemaKeys) {

    /** One operation: its elements are global elements of the port's schemas (document/literal). */
    public record Operation(String name, String documentation, String soapAction, QName input, QName output,
                            List<Fault> faults) {
    }

    public record Fault(String name, QName element) {
    }

    public ServicePort {
        operations = List.copyOf(operations);
        schemaKeys = Map.copyOf(schemaKeys);
    }

    /** The port CXF published at {@code path} with the service model {@code endpoint}. */
    public static ServicePort of(String path, EndpointInfo endpoint, boolean usernameToken) {
        ServiceInfo service = endpoint.getService();
        boolean soap12 = endpoint.getBinding() instanceof SoapBindingInfo soap && soap.getSoapVersion() instanceof Soap12;
        List<Operation> operations = new ArrayList<>();
        for (BindingOperationInfo bop : endpoint.getBinding().getOperations()) {
            OperationInfo op = bop.getOperationInfo();
            SoapOperationInfo soapOp = bop.getExtensor(SoapOperationInfo.class);
            List<Fault> faults = op.getFaults() == null ? List.of() : op.getFaults().stream()
                    .map(f -> new Fault(f.getFaultName().getLocalPart(), element(f)))
                    .sorted(Comparator.comparing(Fault::name)).toList();
            operations.add(new Operation(op.getName().getLocalPart(), text(op.getDocumentation()),
                    soapOp == null || soapOp.getAction() == null ? "" : soapOp.getAction(),
                    element(op.getInput()), op.hasOutput() ? element(op.getOutput()) : null, faults));
        }
        List<String> contractOrder = contractOrder(service);
        operations.sort(Comparator.comparing((Operation o) -> contractOrder.contains(o.name())
                ? contractOrder.indexOf(o.name()) : Integer.MAX_VALUE).thenComparing(Operation::name));
        XmlSchemaCollection schemas = service.getXmlSchemaCollection().getXmlSchemaCollection();
        Map<String, String> keys = new LinkedHashMap<>();
        for (XmlSchema schema : schemas.getXmlSchemas()) {
            String source = schema.getSourceURI();
            if (source != null && source.endsWith(".xsd") && schema.getTargetNamespace() != null) {
                keys.putIfAbsent(schema.getTargetNamespace(), source.substring(source.lastIndexOf('/') + 1));
            }
        }
        return new ServicePort(path, service.getName(), endpoint.getName().getLocalPart(), documentation(service), soap12,
                usernameToken, operations, schemas, keys);
    }

    /** The port type's operations in the order the WSDL declares them (empty when the model is not from a WSDL). */
    private static List<String> contractOrder(ServiceInfo service) {
        Object portType = service.getInterface() == null ? null
                : service.getInterface().getProperty(WSDLServiceBuilder.WSDL_PORTTYPE);
        if (!(portType instanceof javax.wsdl.PortType wsdl)) {
            return List.of();
        }
        List<String> names = new ArrayList<>();
        for (Object op : wsdl.getOperations()) {
            names.add(((javax.wsdl.Operation) op).getName());
        }
        return names;
    }

    /** The WSDL's own {@code wsdl:documentation} (of its definitions, else of the service or port type). */
    private static String documentation(ServiceInfo service) {
        if (service.getProperty(WSDLServiceBuilder.WSDL_DEFINITION) instanceof javax.wsdl.Definition definition
                && definition.getDocumentationElement() != null) {
            return text(definition.getDocumentationElement().getTextContent());
        }
        String documentation = text(service.getDocumentation());
        return documentation.isEmpty() && service.getInterface() != null
                ? text(service.getInterface().getDocumentation()) : documentation;
    }

    /** The {@code ?xsd=} key of the schema that declares {@code element}, or null when CXF serves it inline only. */
    public String schemaKey(QName element) {
        return element == null ? null : schemaKeys.get(element.getNamespaceURI());
    }

    public Operation operation(String name) {
        return operations.stream().filter(o -> o.name().equals(name)).findFirst().orElse(null);
    }

    private static QName element(AbstractMessageContainer message) {
        if (message == null || message.getMessageParts().isEmpty()) {
            return null;
        }
        MessagePartInfo part = message.getMessageParts().get(0);
        return part.isElement() ? part.getElementQName() : part.getTypeQName();
    }

    private static QName element(FaultInfo fault) {
        return element((AbstractMessageContainer) fault);
    }

    private static String text(String documentation) {
        return documentation == null ? "" : documentation.strip().replaceAll("\\s+", " ");
    }
}

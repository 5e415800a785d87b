package org.doji.rm.soap.page;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import javax.xml.XMLConstants;
import javax.xml.namespace.QName;
import org.apache.ws.commons.schema.XmlSchemaCollection;
import org.apache.ws.commons.schema.XmlSchemaEnumerationFacet;
import org.apache.ws.commons.schema.XmlSchemaFacet;
import org.apache.ws.commons.schema.XmlSchemaLengthFacet;
import org.apache.ws.commons.schema.XmlSchemaMaxExclusiveFacet;
import org.apache.ws.commons.schema.XmlSchemaMaxInclusiveFacet;
import org.apache.ws.commons.schema.XmlSchemaMaxLengthFacet;
import org.apache.ws.commons.schema.XmlSchemaMinExclusiveFacet;
import org.apache.ws.commons.schema.XmlSchemaMinInclusiveFacet;
import org.apache.ws.commons.schema.XmlSchemaMinLengthFacet;
import org.apache.ws.commons.schema.XmlSchemaPatternFacet;
import org.apache.ws.commons.schema.XmlSchemaSimpleType;
import org.apache.ws.commons.schema.XmlSchemaSimpleTypeContent;
import org.apache.ws.commons.schema.XmlSchemaSimpleTypeList;
import org.apache.ws.commons.schema.XmlSchemaSimpleTypeRestriction;
import org.apache.ws.commons.schema.XmlSchemaSimpleTypeUnion;
import org.apache.ws.commons.schema.XmlSchemaType;

/**
 * A plausible value of a simple type, from the schema alone: the first enumeration value, else a value of the
 * built-in base type within the restriction's bounds (numbers within min/max, strings named after the element they
 * fill, cut to the allowed length and checked against a pattern). Deterministic: the same schema gives the same
 * samples.
 */
final class SampleValues {

    /**
     * The instant sample times are (a fixed, readable one in the future: samples must not change per request, and a
     * sample reservation should not lie in the past); a field that closes a window ({@link #CLOSING}) gets
     * {@link #SAMPLE_LATER}, so a sample window has a length.
     */
    static final String SAMPLE_INSTANT = "2030-01-01T12:00:00Z";
    static final String SAMPLE_LATER = "2030-01-01T14:00:00Z";
    static final Pattern CLOSING = Pattern.compile("end|to|until|latest\\w*|\\w*Expires|\\w*TerminationTime");

    private final XmlSchemaCollection schemas;

    SampleValues(XmlSchemaCollection schemas) {
        this.schemas = schemas;
    }

    /** A value of the type named {@code typeName} (a built-in or a named simple type) for a field called {@code field}. */
    String of(QName typeName, String field) {
        if (typeName == null) {
            return field;
        }
        if (XMLConstants.W3C_XML_SCHEMA_NS_URI.equals(typeName.getNamespaceURI())) {
            return builtIn(typeName.getLocalPart(), field, new Bounds());
        }
        XmlSchemaType type = schemas.getTypeByQName(typeName);
        return type instanceof XmlSchemaSimpleType simple ? of(simple, field) : field;
    }

    /** A value of {@code type} for a field called {@code field}. */
    String of(XmlSchemaSimpleType type, String field) {
        if (type.getQName() != null && XMLConstants.W3C_XML_SCHEMA_NS_URI.equals(type.getQName().getNamespaceURI())) {
            return builtIn(type.getQName().getLocalPart(), field, new Bounds());
        }
        return of(type.getContent(), field, new Bounds(), 0);
    }

    private String of(XmlSchemaSimpleTypeContent content, String field, Bounds bounds, int depth) {
        if (depth > 16) {
            return field;
        }
        if (content instanceof XmlSchemaSimpleTypeRestriction restriction) {
            Bounds narrowed = bounds.with(restriction.getFacets());
            if (!narrowed.enumeration.isEmpty()) {
                return narrowed.enumeration.get(0);
            }
            QName base = restriction.getBaseTypeName();
            if (base != null && XMLConstants.W3C_XML_SCHEMA_NS_URI.equals(base.getNamespaceURI())) {
                return builtIn(base.getLocalPart(), field, narrowed);
            }
            XmlSchemaSimpleType baseType = restriction.getBaseType() != null ? restriction.getBaseType()
                    : base == null ? null : schemas.getTypeByQName(base) instanceof XmlSchemaSimpleType s ? s : null;
            return baseType == null ? field : of(baseType.getContent(), field, narrowed, depth + 1);
        }
        if (content instanceof XmlSchemaSimpleTypeUnion union) {
            if (union.getMemberTypesQNames() != null && union.getMemberTypesQNames().length > 0) {
                return of(union.getMemberTypesQNames()[0], field);
            }
            return union.getBaseTypes().isEmpty() ? field : of(union.getBaseTypes().get(0), field);
        }
        if (content instanceof XmlSchemaSimpleTypeList list) {
            return list.getItemType() != null ? of(list.getItemType(), field) : of(list.getItemTypeName(), field);
        }
        return field;
    }

    private static String builtIn(String type, String field, Bounds bounds) {
        return switch (type) {
            case "boolean" -> "true";
            case "int", "integer", "long", "short", "byte", "nonNegativeInteger", "unsignedInt", "unsignedLong",
                 "unsignedShort", "unsignedByte" -> bounds.number(BigDecimal.ONE, true);
            case "positiveInteger" -> bounds.number(BigDecimal.ONE, true);
            case "negativeInteger", "nonPositiveInteger" -> bounds.number(BigDecimal.ONE.negate(), true);
            case "decimal", "double", "float" -> bounds.number(new BigDecimal("1.5"), false);
            case "dateTime" -> field != null && CLOSING.matcher(field).matches() ? SAMPLE_LATER : SAMPLE_INSTANT;
            case "date" -> SAMPLE_INSTANT.substring(0, 10);
            case "time" -> SAMPLE_INSTANT.substring(11);
            case "duration" -> "PT1H";
            case "anyURI" -> "http://example.org/" + field;
            case "QName" -> field; // unprefixed: valid without a namespace declaration
            case "base64Binary" -> "ZG9qaQ==";
            case "hexBinary" -> "646F6A69";
            default -> bounds.text(field);
        };
    }

    /** What the facets met on the way from a type to its built-in base allow. */
    private static final class Bounds {
        private final List<String> enumeration = new ArrayList<>();
        private BigDecimal min;
        private BigDecimal max;
        private boolean minExclusive;
        private boolean maxExclusive;
        private Integer minLength;
        private Integer maxLength;
        private final List<String> patterns = new ArrayList<>();

        Bounds with(List<XmlSchemaFacet> facets) {
            Bounds b = copy();
            List<String> enums = new ArrayList<>();
            for (XmlSchemaFacet f : facets) {
                String v = String.valueOf(f.getValue());
                if (f instanceof XmlSchemaEnumerationFacet) {
                    enums.add(v);
                } else if (f instanceof XmlSchemaMinInclusiveFacet || f instanceof XmlSchemaMinExclusiveFacet) {
                    b.min = decimal(v, b.min);
                    b.minExclusive = f instanceof XmlSchemaMinExclusiveFacet;
                } else if (f instanceof XmlSchemaMaxInclusiveFacet || f instanceof XmlSchemaMaxExclusiveFacet) {
                    b.max = decimal(v, b.max);
                    b.maxExclusive = f instanceof XmlSchemaMaxExclusiveFacet;
                } else if (f instanceof XmlSchemaMinLengthFacet) {
                    b.minLength = integer(v, b.minLength);
                } else if (f instanceof XmlSchemaMaxLengthFacet) {
                    b.maxLength = integer(v, b.maxLength);
                } else if (f instanceof XmlSchemaLengthFacet) {
                    b.minLength = integer(v, b.minLength);
                    b.maxLength = b.minLength;
                } else if (f instanceof XmlSchemaPatternFacet) {
                    b.patterns.add(v);
                }
            }
            // the most derived type's enumeration is what is allowed
            if (!enums.isEmpty()) {
                b.enumeration.clear();
                b.enumeration.addAll(enums);
            }
            return b;
        }

        private Bounds copy() {
            Bounds b = new Bounds();
            b.enumeration.addAll(enumeration);
            b.min = min;
            b.max = max;
            b.minExclusive = minExclusive;
            b.maxExclusive = maxExclusive;
            b.minLength = minLength;
            b.maxLength = maxLength;
            b.patterns.addAll(patterns);
            return b;
        }

        String number(BigDecimal preferred, boolean integral) {
            BigDecimal step = integral ? BigDecimal.ONE : new BigDecimal("0.5");
            BigDecimal v = preferred;
            if (min != null && (v.compareTo(min) < 0 || (minExclusive && v.compareTo(min) == 0))) {
                v = minExclusive ? min.add(step) : min;
            }
            if (max != null && (v.compareTo(max) > 0 || (maxExclusive && v.compareTo(max) == 0))) {
                v = maxExclusive ? max.subtract(step) : max;
            }
            return integral ? v.setScale(0, java.math.RoundingMode.CEILING).toPlainString() : v.toPlainString();
        }

        String text(String field) {
            for (String candidate : List.of(field == null || field.isEmpty() ? "text" : field, "sample", "s1", "1")) {
                String v = fit(candidate);
                if (patterns.stream().allMatch(p -> matches(p, v))) {
                    return v;
                }
            }
            return fit(field); // the user edits it; the port's answer says what it expects
        }

        private String fit(String candidate) {
            String v = candidate;
            if (minLength != null) {
                v = v + "x".repeat(Math.max(0, minLength - v.length()));
            }
            if (maxLength != null && v.length() > maxLength) {
                v = v.substring(0, maxLength);
            }
            return v;
        }

        private static boolean matches(String pattern, String value) {
            try {
                return Pattern.matches(pattern, value);
            } catch (PatternSyntaxException e) {
                return true; // an XSD regex Java does not read: nothing to check against
            }
        }

        private static BigDecimal decimal(String v, BigDecimal fallback) {
            try {
                return new BigDecimal(v.trim());
            } catch (NumberFormatException e) {
                return fallback;
            }
        }

        private static Integer integer(String v, Integer fallback) {
            try {
                return Integer.valueOf(v.trim());
            } catch (NumberFormatException e) {
                return fallback;
            }
        }
    }
}

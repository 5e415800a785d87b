package org.doji.rm.soap;

import static org.assertj.core.api.Assertions.assertThat;

import javax.xml.stream.XMLStreamException;
import org.apache.cxf.interceptor.Fault;
import org.junit.jupiter.api.Test;

class BadInputTest {

    @Test
    void theCallersWordsWithoutTheServersClassNames() {
        assertThat(BadInput.clean("Unmarshalling Error: java.lang.IllegalArgumentException: unsupported xs:duration 'P1Y'"))
                .isEqualTo("unsupported xs:duration 'P1Y'");
        assertThat(BadInput.clean("com.ctc.wstx.exc.WstxUnexpectedCharException: Illegal character (code 0x1)"))
                .isEqualTo("Illegal character (code 0x1)");
        assertThat(BadInput.clean("x".repeat(2_000))).hasSize(603);
    }

    @Test
    void aValidatorSpeakingOfAMaximumIsASchemaViolationNotASizeLimit() {
        Fault tooMany = new Fault(new IllegalStateException(
                "cvc-complex-type.2.4.e: 't:site' can occur a maximum of '64' times in the current sequence."));
        assertThat(BadInput.classify(tooMany)).isEqualTo("SCHEMA_VIOLATION");
        Fault parserLimit = new Fault(new XMLStreamException("Maximum Number of Child Elements limit (10000) Exceeded"));
        assertThat(BadInput.classify(parserLimit)).isEqualTo("MESSAGE_TOO_LARGE");
    }

    @Test
    void anIllegalCharacterReferenceIsNotADtd() {
        Fault fault = new Fault(new XMLStreamException("Illegal character entity: expansion character (code 0x1)"));
        assertThat(BadInput.classify(fault)).isEqualTo("ILLEGAL_CHARACTER");
        Fault dtd = new Fault(new XMLStreamException("Received event DTD, instead of START_ELEMENT or END_ELEMENT."));
        assertThat(BadInput.classify(dtd)).isEqualTo("DTD_NOT_ALLOWED");
    }

    @Test
    void whatBreaksWhileAMultipartBodyIsReadIsTheBodysFault() {
        StringIndexOutOfBoundsException thrown = new StringIndexOutOfBoundsException("offset 0, count -1, length 2048");
        thrown.setStackTrace(new StackTraceElement[] {
                new StackTraceElement("java.lang.String", "<init>", "String.java", 523),
                new StackTraceElement("org.apache.cxf.helpers.IOUtils", "newStringFromBytes", "IOUtils.java", 151),
                new StackTraceElement("org.apache.cxf.attachment.AttachmentDeserializer", "findBoundaryFromInputStream",
                        "AttachmentDeserializer.java", 204)});
        assertThat(BadInput.classify(new Fault(thrown))).isEqualTo("UNSUPPORTED_CONTENT");
        assertThat(BadInput.classify(new Fault(new StringIndexOutOfBoundsException("elsewhere")))).isNull();
    }

    @Test
    void logLinesCannotBeForged() {
        assertThat(WireFaultInterceptor.printable("a\nWARN forged\u0085line\u001b[31m"))
                .isEqualTo("a\\u000aWARN forged\\u0085line\\u001b[31m");
    }
}

<?xml version="1.0" encoding="UTF-8"?>
<!--
  WS-BaseFaults 1.2 (bf-2.xsd, as CXF ships it) with one construct written another way, so that every SOAP toolkit
  can print the schemas: the type of BaseFaultType's ErrorCode extends xsd:anyType by complexContent, and zeep 4.2
  cannot describe such a type (`python3 -m zeep <wsdl>` stops with "TypeError: sequence item 0: expected str
  instance, NoneType found" on every type with a BaseFault in it). XML Schema defines xsd:anyType as mixed content
  of any elements, laxly, and any attributes; extending it by one attribute is therefore exactly the type below
  (the same documents are valid; JAXB generates the same class). Everything else is copied as it is.
-->
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
                xmlns="http://www.w3.org/2001/XMLSchema" xmlns:xsd="http://www.w3.org/2001/XMLSchema">

  <xsl:template match="@*|node()">
    <xsl:copy><xsl:apply-templates select="@*|node()"/></xsl:copy>
  </xsl:template>

  <xsl:template match="xsd:complexType[xsd:complexContent[@mixed='true']/xsd:extension[@base='xsd:anyType']]">
    <xsl:comment> as CXF ships it, this type extends xsd:anyType by the attributes below: the same type, written out
           as XML Schema defines xsd:anyType, so that every toolkit can print it </xsl:comment>
    <xsl:text>&#10;        </xsl:text>
    <xsd:complexType mixed="true">
      <xsl:copy-of select="@*"/>
      <xsl:text>&#10;          </xsl:text>
      <xsd:sequence>
        <xsl:text>&#10;            </xsl:text>
        <xsd:any processContents="lax" minOccurs="0" maxOccurs="unbounded"/>
        <xsl:text>&#10;          </xsl:text>
      </xsd:sequence>
      <xsl:for-each select="xsd:complexContent/xsd:extension/xsd:attribute | xsd:complexContent/xsd:extension/xsd:attributeGroup">
        <xsl:text>&#10;          </xsl:text>
        <xsl:apply-templates select="."/>
      </xsl:for-each>
      <xsl:text>&#10;          </xsl:text>
      <xsd:anyAttribute processContents="lax"/>
      <xsl:text>&#10;        </xsl:text>
    </xsd:complexType>
  </xsl:template>
</xsl:stylesheet>

package org.doji.grc.cli;

import jakarta.xml.bind.JAXBContext;
import jakarta.xml.bind.JAXBException;
import java.io.StringReader;
import org.doji.contract.wsrf.rp.GetResourcePropertyDocumentResponse;
import org.doji.rm.soap.ResourceProperties;
import org.doji.contract.grc.PlanResponse;
import org.doji.contract.grc.ListResourceManagersResponse;
import org.doji.contract.grc.PlanResult;
import org.doji.contract.grc.ResourceManagerList;
import org.doji.contract.types.CoAllocationDocument;

/**
 * Answers recorded from a real GRC (the demo grid, {@code doji reserve}/{@code plan}/{@code rms} and curl of
 * the SOAP bodies, 2026-11-22), unmarshalled with the contract's JAXB classes: the fake GRC of the unit tests
 * answers with these. The two documents' answer element and WS-ResourceLifetime properties were brought to the
 * OASIS WS-ResourceProperties contract on 2026-11-26 (the wrapper is now wsrf-rp's; CurrentTime is the update
 * time; nothing else changed).
 */
final class Fixtures {

    private Fixtures() {
    }

    /** {@code doji reserve --sites 3 --cores 4 --mesh 1000 --est +1h --lst +4h --duration 2h}: Reserved. */
    static CoAllocationDocument reserved() {
        return ResourceProperties.read(unmarshal(RESERVED, GetResourcePropertyDocumentResponse.class).getAny(),
                CoAllocationDocument.class);
    }

    /** {@code doji reserve --site big:64 --start +1h --duration 1h}: Failed, no site has 64 cores. */
    static CoAllocationDocument failed() {
        return ResourceProperties.read(unmarshal(FAILED, GetResourcePropertyDocumentResponse.class).getAny(),
                CoAllocationDocument.class);
    }

    /** plan of a:8, b:4, a-b 1000 Mbps, est 06:00, lst 08:00, 1 h, maxPlans 3. */
    static PlanResult plans() {
        return unmarshal(PLAN, PlanResponse.class).getResult();
    }

    /** listResourceManagers of the demo grid (six RMs, all up). */
    static ResourceManagerList rms() {
        return unmarshal(RMS, ListResourceManagersResponse.class).getResult();
    }

    private static <T> T unmarshal(String xml, Class<T> type) {
        try {
            return type.cast(JAXBContext.newInstance(org.doji.contract.grc.ObjectFactory.class,
                    org.doji.contract.wsrf.rp.ObjectFactory.class).createUnmarshaller()
                    .unmarshal(new StringReader(xml)));
        } catch (JAXBException e) {
            throw new IllegalStateException(e);
        }
    }

    private static final String RESERVED = """
<GetResourcePropertyDocumentResponse xmlns:ns3="http://www.w3.org/2005/08/addressing" xmlns:ns2="http://doji.org/ns/2026/types" xmlns:ns4="http://docs.oasis-open.org/wsrf/rl-2" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns="http://docs.oasis-open.org/wsrf/rp-2">
<ns2:CoAllocationDocument>
<ns2:key>co-9ce121ad0a53418eab4b</ns2:key>
<ns2:owner>anonymous</ns2:owner>
<ns2:state>Reserved</ns2:state>
<ns2:request>
<ns2:site id="s1" cores="4"/>
<ns2:site id="s2" cores="4"/>
<ns2:site id="s3" cores="4"/>
<ns2:link from="s1" to="s2" bandwidthMbps="1000"/>
<ns2:link from="s1" to="s3" bandwidthMbps="1000"/>
<ns2:link from="s2" to="s3" bandwidthMbps="1000"/>
<ns2:time>
<ns2:flexible>
<ns2:earliestStart>2026-11-22T05:39:26Z</ns2:earliestStart>
<ns2:latestStart>2026-11-22T08:39:26Z</ns2:latestStart>
<ns2:duration>PT2H</ns2:duration>
</ns2:flexible>
</ns2:time>
<ns2:policy>CHEAPEST</ns2:policy>
</ns2:request>
<ns2:plan slot="0">
<ns2:window>
<ns2:start>2026-11-22T05:39:26Z</ns2:start>
<ns2:end>2026-11-22T07:39:26Z</ns2:end>
</ns2:window>
<ns2:site requestSite="s1" site="EAST2" rmId="crm-east2" cores="4" handle="doji_r-3999b1e1adb0431ebaa7">
<ns2:node>EAST2-n2</ns2:node>
</ns2:site>
<ns2:site requestSite="s2" site="EAST1" rmId="crm-east1" cores="4" handle="doji_r-14d9dd16d7c4444e9425">
<ns2:node>EAST1-n2</ns2:node>
</ns2:site>
<ns2:site requestSite="s3" site="WEST2" rmId="crm-west2" cores="4" handle="doji_r-fb0d19a454dc48cf980c">
<ns2:node>WEST2-n2</ns2:node>
</ns2:site>
<ns2:path from="EAST2" to="EAST1" rmId="nrm-east" bandwidthMbps="1000" requestFrom="s1" requestTo="s2"/>
<ns2:path from="EAST2" to="X1" rmId="nrm-east" bandwidthMbps="1000" requestFrom="s1" requestTo="s3"/>
<ns2:path from="X1" to="WEST2" rmId="nrm-west" bandwidthMbps="1000" requestFrom="s1" requestTo="s3"/>
<ns2:path from="EAST1" to="X1" rmId="nrm-east" bandwidthMbps="1000" requestFrom="s2" requestTo="s3"/>
<ns2:path from="X1" to="WEST2" rmId="nrm-west" bandwidthMbps="1000" requestFrom="s2" requestTo="s3"/>
<ns2:cost>29.0</ns2:cost>
<ns2:quality>0.16666666666666666</ns2:quality>
</ns2:plan>
<ns2:rm rmId="crm-east2" reservationKey="r-3999b1e1adb0431ebaa7" reservationState="ReserveStart" lifecycleState="Created">
<ns2:reservation>
<ns3:Address>http://localhost:18482/services/rm?res=r-3999b1e1adb0431ebaa7</ns3:Address>
<ns3:ReferenceParameters>
<t:ResourceKey xmlns:wsa="http://www.w3.org/2005/08/addressing" xmlns:t="http://doji.org/ns/2026/types">r-3999b1e1adb0431ebaa7</t:ResourceKey>
</ns3:ReferenceParameters>
</ns2:reservation>
</ns2:rm>
<ns2:rm rmId="crm-east1" reservationKey="r-14d9dd16d7c4444e9425" reservationState="ReserveStart" lifecycleState="Created">
<ns2:reservation>
<ns3:Address>http://localhost:18481/services/rm?res=r-14d9dd16d7c4444e9425</ns3:Address>
<ns3:ReferenceParameters>
<t:ResourceKey xmlns:wsa="http://www.w3.org/2005/08/addressing" xmlns:t="http://doji.org/ns/2026/types">r-14d9dd16d7c4444e9425</t:ResourceKey>
</ns3:ReferenceParameters>
</ns2:reservation>
</ns2:rm>
<ns2:rm rmId="crm-west2" reservationKey="r-fb0d19a454dc48cf980c" reservationState="ReserveStart" lifecycleState="Created">
<ns2:reservation>
<ns3:Address>http://localhost:18484/services/rm?res=r-fb0d19a454dc48cf980c</ns3:Address>
<ns3:ReferenceParameters>
<t:ResourceKey xmlns:wsa="http://www.w3.org/2005/08/addressing" xmlns:t="http://doji.org/ns/2026/types">r-fb0d19a454dc48cf980c</t:ResourceKey>
</ns3:ReferenceParameters>
</ns2:reservation>
</ns2:rm>
<ns2:rm rmId="nrm-east" reservationKey="r-f290ed03883e41b78fb4" reservationState="ReserveStart" lifecycleState="Created">
<ns2:reservation>
<ns3:Address>http://localhost:18485/services/rm?res=r-f290ed03883e41b78fb4</ns3:Address>
<ns3:ReferenceParameters>
<t:ResourceKey xmlns:wsa="http://www.w3.org/2005/08/addressing" xmlns:t="http://doji.org/ns/2026/types">r-f290ed03883e41b78fb4</t:ResourceKey>
</ns3:ReferenceParameters>
</ns2:reservation>
</ns2:rm>
<ns2:rm rmId="nrm-west" reservationKey="r-79a516aa704d490fbb18" reservationState="ReserveStart" lifecycleState="Created">
<ns2:reservation>
<ns3:Address>http://localhost:18486/services/rm?res=r-79a516aa704d490fbb18</ns3:Address>
<ns3:ReferenceParameters>
<t:ResourceKey xmlns:wsa="http://www.w3.org/2005/08/addressing" xmlns:t="http://doji.org/ns/2026/types">r-79a516aa704d490fbb18</t:ResourceKey>
</ns3:ReferenceParameters>
</ns2:reservation>
</ns2:rm>
<ns2:created>2026-11-22T04:39:32.530602Z</ns2:created>
<ns2:updated>2026-11-22T04:39:35.389139Z</ns2:updated>
<ns4:CurrentTime>2026-11-22T04:39:35.389139Z</ns4:CurrentTime>
<ns4:TerminationTime xsi:nil="true"/>
</ns2:CoAllocationDocument>
</GetResourcePropertyDocumentResponse>""";

    private static final String FAILED = """
<GetResourcePropertyDocumentResponse xmlns:ns3="http://www.w3.org/2005/08/addressing" xmlns:ns2="http://doji.org/ns/2026/types" xmlns:ns4="http://docs.oasis-open.org/wsrf/rl-2" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns="http://docs.oasis-open.org/wsrf/rp-2">
<ns2:CoAllocationDocument>
<ns2:key>co-3fbbe389eb434e34afa1</ns2:key>
<ns2:owner>anonymous</ns2:owner>
<ns2:state>Failed</ns2:state>
<ns2:reason>no feasible plan: slot 0 (2026-11-22T05:40:17Z): no site can host requested site big (64 cores)</ns2:reason>
<ns2:request>
<ns2:site id="big" cores="64"/>
<ns2:time>
<ns2:fixed>
<ns2:start>2026-11-22T05:40:17Z</ns2:start>
<ns2:end>2026-11-22T06:40:17Z</ns2:end>
</ns2:fixed>
</ns2:time>
<ns2:policy>CHEAPEST</ns2:policy>
</ns2:request>
<ns2:created>2026-11-22T04:40:22.234469Z</ns2:created>
<ns2:updated>2026-11-22T04:40:22.583908Z</ns2:updated>
<ns4:CurrentTime>2026-11-22T04:40:22.583908Z</ns4:CurrentTime>
<ns4:TerminationTime xsi:nil="true"/>
</ns2:CoAllocationDocument>
</GetResourcePropertyDocumentResponse>""";

    private static final String PLAN = """
<planResponse xmlns:ns3="http://www.w3.org/2005/08/addressing" xmlns:ns2="http://doji.org/ns/2026/types" xmlns="http://doji.org/ns/2026/grc">
<result>
<plan rank="1" slot="0">
<ns2:window>
<ns2:start>2026-11-22T06:00:00Z</ns2:start>
<ns2:end>2026-11-22T07:00:00Z</ns2:end>
</ns2:window>
<ns2:site requestSite="a" site="WEST2" rmId="crm-west2" cores="8"/>
<ns2:site requestSite="b" site="WEST1" rmId="crm-west1" cores="4"/>
<ns2:path from="WEST2" to="WEST1" rmId="nrm-west" bandwidthMbps="1000" requestFrom="a" requestTo="b"/>
<ns2:cost>17.0</ns2:cost>
<ns2:quality>0.5</ns2:quality>
</plan>
<plan rank="2" slot="1">
<ns2:window>
<ns2:start>2026-11-22T06:13:20Z</ns2:start>
<ns2:end>2026-11-22T07:13:20Z</ns2:end>
</ns2:window>
<ns2:site requestSite="a" site="WEST2" rmId="crm-west2" cores="8"/>
<ns2:site requestSite="b" site="WEST1" rmId="crm-west1" cores="4"/>
<ns2:path from="WEST2" to="WEST1" rmId="nrm-west" bandwidthMbps="1000" requestFrom="a" requestTo="b"/>
<ns2:cost>17.0</ns2:cost>
<ns2:quality>0.5</ns2:quality>
</plan>
<plan rank="3" slot="2">
<ns2:window>
<ns2:start>2026-11-22T06:26:40Z</ns2:start>
<ns2:end>2026-11-22T07:26:40Z</ns2:end>
</ns2:window>
<ns2:site requestSite="a" site="WEST2" rmId="crm-west2" cores="8"/>
<ns2:site requestSite="b" site="WEST1" rmId="crm-west1" cores="4"/>
<ns2:path from="WEST2" to="WEST1" rmId="nrm-west" bandwidthMbps="1000" requestFrom="a" requestTo="b"/>
<ns2:cost>17.0</ns2:cost>
<ns2:quality>0.5</ns2:quality>
</plan>
</result>
</planResponse>""";

    private static final String RMS = """
<listResourceManagersResponse xmlns:ns3="http://www.w3.org/2005/08/addressing" xmlns:ns2="http://doji.org/ns/2026/types" xmlns="http://doji.org/ns/2026/grc">
<result>
<resourceManager>
<id>crm-east1</id>
<address>http://localhost:18481/services/rm</address>
<kind>COMPUTE</kind>
<domain>EAST</domain>
<site>EAST1</site>
<reachable>true</reachable>
<lastChecked>2026-11-22T04:51:26.556997025Z</lastChecked>
<lastSuccess>2026-11-22T04:51:26.556997025Z</lastSuccess>
<latencyMillis>86.655598</latencyMillis>
</resourceManager>
<resourceManager>
<id>crm-east2</id>
<address>http://localhost:18482/services/rm</address>
<kind>COMPUTE</kind>
<domain>EAST</domain>
<site>EAST2</site>
<reachable>true</reachable>
<lastChecked>2026-11-22T04:51:26.643661179Z</lastChecked>
<lastSuccess>2026-11-22T04:51:26.643661179Z</lastSuccess>
<latencyMillis>69.331125</latencyMillis>
</resourceManager>
<resourceManager>
<id>crm-west1</id>
<address>http://localhost:18483/services/rm</address>
<kind>COMPUTE</kind>
<domain>WEST</domain>
<site>WEST1</site>
<reachable>true</reachable>
<lastChecked>2026-11-22T04:51:26.712998177Z</lastChecked>
<lastSuccess>2026-11-22T04:51:26.712998177Z</lastSuccess>
<latencyMillis>31.817181</latencyMillis>
</resourceManager>
<resourceManager>
<id>crm-west2</id>
<address>http://localhost:18484/services/rm</address>
<kind>COMPUTE</kind>
<domain>WEST</domain>
<site>WEST2</site>
<reachable>true</reachable>
<lastChecked>2026-11-22T04:51:26.744822054Z</lastChecked>
<lastSuccess>2026-11-22T04:51:26.744822054Z</lastSuccess>
<latencyMillis>49.188192</latencyMillis>
</resourceManager>
<resourceManager>
<id>nrm-east</id>
<address>http://localhost:18485/services/rm</address>
<kind>NETWORK</kind>
<domain>EAST</domain>
<reachable>true</reachable>
<lastChecked>2026-11-22T04:51:26.794017559Z</lastChecked>
<lastSuccess>2026-11-22T04:51:26.794017559Z</lastSuccess>
<latencyMillis>47.541797</latencyMillis>
</resourceManager>
<resourceManager>
<id>nrm-west</id>
<address>http://localhost:18486/services/rm</address>
<kind>NETWORK</kind>
<domain>WEST</domain>
<reachable>true</reachable>
<lastChecked>2026-11-22T04:51:26.841565325Z</lastChecked>
<lastSuccess>2026-11-22T04:51:26.841565325Z</lastSuccess>
<latencyMillis>43.697709</latencyMillis>
</resourceManager>
</result>
</listResourceManagersResponse>""";
}

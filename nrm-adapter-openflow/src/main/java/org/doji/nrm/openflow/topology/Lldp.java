package org.doji.nrm.openflow.topology;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.doji.nrm.openflow.topology.PortRef;

/**
 * LLDP frames for link discovery: chassis id = "dpid:&lt;hex&gt;" (locally assigned), port id = the
 * OpenFlow port number (locally assigned, 4 bytes), TTL 120 s.
 */
public final class Lldp {

    public static final int ETH_TYPE = 0x88cc;
    private static final byte[] DST = {0x01, (byte) 0x80, (byte) 0xc2, 0x00, 0x00, 0x0e};
    private static final String CHASSIS_PREFIX = "dpid:";

    private Lldp() {
    }

    public static byte[] frame(PortRef from, byte[] srcMac) {
        byte[] chassis = (CHASSIS_PREFIX + Long.toHexString(from.dpid())).getBytes(StandardCharsets.US_ASCII);
        ByteBuffer b = ByteBuffer.allocate(64 + chassis.length);
        b.put(DST).put(srcMac).putShort((short) ETH_TYPE);
        tlv(b, 1, 1 + chassis.length).put((byte) 7).put(chassis);
        tlv(b, 2, 5).put((byte) 7).putInt(from.port());
        tlv(b, 3, 2).putShort((short) 120);
        b.putShort((short) 0);
        while (b.position() < 60) {
            b.put((byte) 0); // pad to the Ethernet minimum
        }
        byte[] out = new byte[b.position()];
        b.flip().get(out);
        return out;
    }

    /** The sending port encoded in an LLDP frame we generated, or empty for anything else. */
    public static Optional<PortRef> parse(byte[] frame) {
        if (frame.length < 16) {
            return Optional.empty();
        }
        ByteBuffer b = ByteBuffer.wrap(frame);
        b.position(12);
        if ((b.getShort() & 0xffff) != ETH_TYPE) {
            return Optional.empty();
        }
        Long dpid = null;
        Integer port = null;
        while (b.remaining() >= 2) {
            int header = b.getShort() & 0xffff;
            int type = header >>> 9;
            int len = header & 0x1ff;
            if (type == 0 || len > b.remaining()) {
                break;
            }
            byte[] value = new byte[len];
            b.get(value);
            if (type == 1 && len > 1 && value[0] == 7) {
                String s = new String(value, 1, len - 1, StandardCharsets.US_ASCII);
                if (s.startsWith(CHASSIS_PREFIX)) {
                    dpid = Long.parseUnsignedLong(s.substring(CHASSIS_PREFIX.length()), 16);
                }
            } else if (type == 2 && len == 5 && value[0] == 7) {
                port = ByteBuffer.wrap(value, 1, 4).getInt();
            }
        }
        return dpid != null && port != null ? Optional.of(new PortRef(dpid, port)) : Optional.empty();
    }

    private static ByteBuffer tlv(ByteBuffer b, int type, int length) {
        return b.putShort((short) ((type << 9) | length));
    }
}

package org.doji.nrm.openflow.flow;

import java.nio.charset.StandardCharsets;
import org.projectfloodlight.openflow.types.U64;

/**
 * Flow cookies of reservation flows: [8 bits tag 0xD0][48 bits hash of the reservation key]
 * [7 bits network-allocation index][1 bit direction]. All flows of one reservation share the upper
 * 56 bits, so one FLOW_DELETE with {@link #RESERVATION_MASK} removes them.
 */
public final class Cookies {

    public static final long TAG = 0xD0L << 56;
    public static final U64 TAG_MASK = U64.of(0xFFL << 56);
    public static final U64 RESERVATION_MASK = U64.of(0xFFFF_FFFF_FFFF_FF00L);

    private Cookies() {
    }

    public static long keyHash(String key) {
        long h = 0xcbf29ce484222325L; // FNV-1a 64
        for (byte b : key.getBytes(StandardCharsets.UTF_8)) {
            h ^= b & 0xff;
            h *= 0x100000001b3L;
        }
        return h & 0xFFFF_FFFF_FFFFL;
    }

    public static U64 reservation(String key) {
        return U64.of(TAG | keyHash(key) << 8);
    }

    public static U64 flow(String key, int allocation, int direction) {
        return U64.of(TAG | keyHash(key) << 8 | (long) (allocation & 0x7f) << 1 | (direction & 1));
    }

    /** Flow priority spread by reservation, so that two reservations with equal matches coexist. */
    public static int priority(String key) {
        return 1000 + (int) (keyHash(key) % 20000);
    }

    public static boolean isReservationFlow(U64 cookie) {
        return (cookie.getValue() & TAG_MASK.getValue()) == TAG;
    }
}

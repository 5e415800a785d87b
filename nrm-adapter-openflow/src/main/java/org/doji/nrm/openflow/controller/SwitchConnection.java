package org.doji.nrm.openflow.controller;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.timeout.IdleStateEvent;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.projectfloodlight.openflow.protocol.OFBarrierReply;
import org.projectfloodlight.openflow.protocol.OFEchoRequest;
import org.projectfloodlight.openflow.protocol.OFErrorMsg;
import org.projectfloodlight.openflow.protocol.OFFactories;
import org.projectfloodlight.openflow.protocol.OFFeaturesReply;
import org.projectfloodlight.openflow.protocol.OFHello;
import org.projectfloodlight.openflow.protocol.OFHelloElem;
import org.projectfloodlight.openflow.protocol.OFHelloElemVersionbitmap;
import org.projectfloodlight.openflow.protocol.OFHelloFailedCode;
import org.projectfloodlight.openflow.protocol.OFMessage;
import org.projectfloodlight.openflow.protocol.OFMessageReader;
import org.projectfloodlight.openflow.protocol.OFPacketIn;
import org.projectfloodlight.openflow.protocol.OFPortDesc;
import org.projectfloodlight.openflow.protocol.OFPortDescStatsReply;
import org.projectfloodlight.openflow.protocol.OFPortReason;
import org.projectfloodlight.openflow.protocol.OFPortStatus;
import org.projectfloodlight.openflow.protocol.OFStatsReply;
import org.projectfloodlight.openflow.protocol.OFStatsReplyFlags;
import org.projectfloodlight.openflow.protocol.OFVersion;
import org.projectfloodlight.openflow.types.U32;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One switch's control channel: OpenFlow 1.3 handshake (HELLO with version negotiation, FEATURES,
 * PORT_DESC), ECHO keep-alive, request/reply matching by xid, and error propagation to the request.
 */
final class SwitchConnection extends SimpleChannelInboundHandler<ByteBuf> {

    private static final Logger log = LoggerFactory.getLogger(SwitchConnection.class);
    private static final OFMessageReader<OFMessage> READER = OFFactories.getGenericReader();
    private static final int OF13_WIRE = OFVersion.OF_13.getWireVersion();

    private final OpenFlowController controller;
    /** xid -> pending request; multipart replies accumulate in {@code parts}. */
    private final Map<Long, Pending> pending = new ConcurrentHashMap<>();
    private volatile ChannelHandlerContext ctx;
    private volatile long dpid = -1;
    private volatile List<OFPortDesc> ports = List.of();
    private int missedEchoes;

    private static final class Pending {
        final CompletableFuture<List<OFMessage>> future = new CompletableFuture<>();
        final List<OFMessage> parts = new ArrayList<>();
        final boolean expectsReply;

        Pending(boolean expectsReply) {
            this.expectsReply = expectsReply;
        }
    }

    SwitchConnection(OpenFlowController controller) {
        this.controller = controller;
    }

    long dpid() {
        return dpid;
    }

    List<OFPortDesc> ports() {
        return ports;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        this.ctx = ctx;
        OFHelloElem bitmap = SwitchClient.FACTORY.buildHelloElemVersionbitmap()
                .setBitmaps(List.of(U32.of(1L << OF13_WIRE))).build();
        write(SwitchClient.FACTORY.buildHello().setElements(List.of(bitmap)).build(), true);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        pending.values().forEach(p -> p.future.completeExceptionally(
                new SwitchException("switch " + Long.toHexString(dpid) + " disconnected")));
        pending.clear();
        if (dpid != -1) {
            controller.disconnected(this);
        }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt instanceof IdleStateEvent) {
            if (++missedEchoes > 2) {
                log.warn("switch {} does not answer echo requests; closing", Long.toHexString(dpid));
                ctx.close();
                return;
            }
            write(SwitchClient.FACTORY.buildEchoRequest().setXid(SwitchClient.FACTORY.nextXid()).build(), true);
        }
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, ByteBuf frame) throws Exception {
        missedEchoes = 0;
        OFMessage msg = READER.readFrom(frame);
        if (msg == null) {
            return;
        }
        switch (msg.getType()) {
            case HELLO -> onHello((OFHello) msg);
            case ECHO_REQUEST -> write(SwitchClient.FACTORY.buildEchoReply().setXid(msg.getXid())
                    .setData(((OFEchoRequest) msg).getData()).build(), true);
            case FEATURES_REPLY -> onFeatures((OFFeaturesReply) msg);
            case PACKET_IN -> {
                if (dpid != -1) {
                    controller.packetIn(dpid, (OFPacketIn) msg);
                }
            }
            case PORT_STATUS -> onPortStatus((OFPortStatus) msg);
            case ERROR -> onError((OFErrorMsg) msg);
            case BARRIER_REPLY -> onBarrier((OFBarrierReply) msg);
            case STATS_REPLY -> onStatsReply((OFStatsReply) msg);
            default -> log.debug("switch {}: ignoring {}", Long.toHexString(dpid), msg.getType());
        }
    }

    private void onHello(OFHello hello) {
        boolean speaks13 = hello.getVersion().getWireVersion() >= OF13_WIRE;
        if (hello.getVersion().getWireVersion() >= OF13_WIRE) {
            for (OFHelloElem e : hello.getElements()) {
                if (e instanceof OFHelloElemVersionbitmap b && !b.getBitmaps().isEmpty()) {
                    speaks13 = (b.getBitmaps().get(0).getValue() & (1L << OF13_WIRE)) != 0;
                }
            }
        }
        if (!speaks13) {
            log.warn("switch at {} does not speak OpenFlow 1.3 (hello {}); closing", ctx.channel().remoteAddress(),
                    hello.getVersion());
            write(SwitchClient.FACTORY.errorMsgs().buildHelloFailedErrorMsg()
                    .setCode(OFHelloFailedCode.INCOMPATIBLE).build(), true);
            ctx.close();
            return;
        }
        write(SwitchClient.FACTORY.buildFeaturesRequest().setXid(SwitchClient.FACTORY.nextXid()).build(), true);
    }

    private void onFeatures(OFFeaturesReply features) {
        long id = features.getDatapathId().getLong();
        request(SwitchClient.FACTORY.buildPortDescStatsRequest().setXid(SwitchClient.FACTORY.nextXid()).build())
                .whenComplete((parts, err) -> {
                    if (err != null) {
                        log.warn("PORT_DESC from {} failed: {}", Long.toHexString(id), err.toString());
                        ctx.close();
                        return;
                    }
                    List<OFPortDesc> all = new ArrayList<>();
                    parts.forEach(p -> all.addAll(((OFPortDescStatsReply) p).getEntries()));
                    ports = List.copyOf(all);
                    dpid = id;
                    log.info("switch {} connected from {} with {} ports", Long.toHexString(id),
                            ctx.channel().remoteAddress(), all.size());
                    controller.connected(this);
                });
    }

    private void onPortStatus(OFPortStatus status) {
        List<OFPortDesc> updated = new ArrayList<>();
        ports.stream().filter(p -> !p.getPortNo().equals(status.getDesc().getPortNo())).forEach(updated::add);
        if (status.getReason() != OFPortReason.DELETE) {
            updated.add(status.getDesc());
        }
        ports = List.copyOf(updated);
        if (dpid != -1) {
            controller.portStatus(dpid, status);
        }
    }

    private void onError(OFErrorMsg err) {
        Pending p = pending.remove(err.getXid());
        log.warn("switch {} error for xid {}: {}", Long.toHexString(dpid), err.getXid(), err);
        if (p != null) {
            p.future.completeExceptionally(new SwitchException("switch " + Long.toHexString(dpid) + ": " + err));
        }
    }

    private void onBarrier(OFBarrierReply reply) {
        // A barrier reply means every earlier message was processed: those without a reply succeeded.
        for (Iterator<Map.Entry<Long, Pending>> it = pending.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<Long, Pending> e = it.next();
            if (!e.getValue().expectsReply && e.getKey() <= reply.getXid()) {
                e.getValue().future.complete(List.of());
                it.remove();
            }
        }
        Pending p = pending.remove(reply.getXid());
        if (p != null) {
            p.future.complete(List.of(reply));
        }
    }

    private void onStatsReply(OFStatsReply reply) {
        Pending p = pending.get(reply.getXid());
        if (p == null) {
            return;
        }
        p.parts.add(reply);
        if (!reply.getFlags().contains(OFStatsReplyFlags.REPLY_MORE)) {
            pending.remove(reply.getXid());
            p.future.complete(List.copyOf(p.parts));
        }
    }

    /** Sends a message whose answer (reply, multipart parts or barrier reply) completes the future. */
    CompletableFuture<List<OFMessage>> request(OFMessage msg) {
        Pending p = new Pending(true);
        pending.put(msg.getXid(), p);
        write(msg, true);
        return p.future;
    }

    /** Sends a message that has no reply; completes at the next barrier reply or fails on an error. */
    CompletableFuture<List<OFMessage>> post(OFMessage msg, boolean flush) {
        Pending p = new Pending(false);
        pending.put(msg.getXid(), p);
        write(msg, flush);
        return p.future;
    }

    void close() {
        if (ctx != null) {
            ctx.close();
        }
    }

    private void write(OFMessage msg, boolean flush) {
        ByteBuf buf = ctx.alloc().buffer();
        msg.writeTo(buf);
        if (flush) {
            ctx.writeAndFlush(buf);
        } else {
            ctx.write(buf);
        }
    }
}

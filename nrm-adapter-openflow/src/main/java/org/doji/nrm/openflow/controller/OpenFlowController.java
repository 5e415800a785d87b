package org.doji.nrm.openflow.controller;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import io.netty.handler.timeout.IdleStateHandler;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.projectfloodlight.openflow.protocol.OFMessage;
import org.projectfloodlight.openflow.protocol.OFPacketIn;
import org.projectfloodlight.openflow.protocol.OFPortDesc;
import org.projectfloodlight.openflow.protocol.OFPortStatus;
import org.projectfloodlight.openflow.protocol.OFStatsReply;
import org.projectfloodlight.openflow.protocol.OFStatsRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The OpenFlow 1.3 controller: a Netty server switches connect to (tcp:ADDRESS:PORT). */
public final class OpenFlowController implements SwitchClient, AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(OpenFlowController.class);

    private final Map<Long, SwitchConnection> switches = new ConcurrentHashMap<>();
    private final List<SwitchListener> listeners = new CopyOnWriteArrayList<>();
    private final EventLoopGroup boss = new NioEventLoopGroup(1);
    private final EventLoopGroup workers = new NioEventLoopGroup(2);
    private final Duration echoInterval;
    private final Duration requestTimeout;
    private Channel server;

    public OpenFlowController(Duration echoInterval, Duration requestTimeout) {
        this.echoInterval = echoInterval;
        this.requestTimeout = requestTimeout;
    }

    /** Starts listening; returns the bound port (useful with port 0). */
    public int start(String address, int port) {
        ServerBootstrap b = new ServerBootstrap().group(boss, workers).channel(NioServerSocketChannel.class)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ch.pipeline()
                                // OpenFlow header: version(1) type(1) length(2, whole message) xid(4)
                                .addLast(new LengthFieldBasedFrameDecoder(65535, 2, 2, -4, 0))
                                .addLast(new IdleStateHandler(echoInterval.toMillis(), 0, 0, TimeUnit.MILLISECONDS))
                                .addLast(new SwitchConnection(OpenFlowController.this));
                    }
                });
        server = b.bind(new InetSocketAddress(address, port)).syncUninterruptibly().channel();
        int bound = ((InetSocketAddress) server.localAddress()).getPort();
        log.info("OpenFlow controller listening on {}:{}", address, bound);
        return bound;
    }

    @Override
    public void close() {
        if (server != null) {
            server.close().syncUninterruptibly();
        }
        switches.values().forEach(SwitchConnection::close);
        workers.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        boss.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    @Override
    public Set<Long> connectedSwitches() {
        return Set.copyOf(switches.keySet());
    }

    @Override
    public List<OFPortDesc> ports(long dpid) {
        SwitchConnection c = switches.get(dpid);
        return c == null ? List.of() : c.ports();
    }

    @Override
    public CompletableFuture<Void> send(long dpid, List<? extends OFMessage> messages) {
        SwitchConnection c = switches.get(dpid);
        if (c == null) {
            return CompletableFuture.failedFuture(new SwitchException("switch " + Long.toHexString(dpid)
                    + " is not connected"));
        }
        List<CompletableFuture<?>> all = new ArrayList<>();
        for (OFMessage m : messages) {
            all.add(c.post(m.createBuilder().setXid(FACTORY.nextXid()).build(), false));
        }
        all.add(c.request(FACTORY.buildBarrierRequest().setXid(FACTORY.nextXid()).build()));
        return CompletableFuture.allOf(all.toArray(CompletableFuture[]::new))
                .orTimeout(requestTimeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    @SuppressWarnings("unchecked")
    public <R extends OFStatsReply> CompletableFuture<List<R>> stats(long dpid, OFStatsRequest<R> request) {
        SwitchConnection c = switches.get(dpid);
        if (c == null) {
            return CompletableFuture.failedFuture(new SwitchException("switch " + Long.toHexString(dpid)
                    + " is not connected"));
        }
        OFMessage m = request.createBuilder().setXid(FACTORY.nextXid()).build();
        return c.request(m).thenApply(parts -> (List<R>) (List<?>) parts)
                .orTimeout(requestTimeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public void addListener(SwitchListener listener) {
        listeners.add(listener);
    }

    void connected(SwitchConnection c) {
        SwitchConnection old = switches.put(c.dpid(), c);
        if (old != null && old != c) {
            old.close(); // a reconnect replaces a stale channel
        }
        listeners.forEach(l -> l.switchConnected(c.dpid()));
    }

    void disconnected(SwitchConnection c) {
        if (switches.remove(c.dpid(), c)) {
            log.info("switch {} disconnected", Long.toHexString(c.dpid()));
            listeners.forEach(l -> l.switchDisconnected(c.dpid()));
        }
    }

    void portStatus(long dpid, OFPortStatus status) {
        log.info("switch {} port {} {}: config {} state {}", Long.toHexString(dpid), status.getDesc().getPortNo(),
                status.getReason(), status.getDesc().getConfig(), status.getDesc().getState());
        listeners.forEach(l -> l.portStatus(dpid, status));
    }

    void packetIn(long dpid, OFPacketIn pi) {
        listeners.forEach(l -> l.packetIn(dpid, pi));
    }
}

package org.doji.grc.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.PrintWriter;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Where a command's result goes: text on stdout, or with {@code --output json} exactly one JSON document
 * on stdout while progress lines move to stderr (so {@code doji … -o json | jq} always parses).
 */
final class Output {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final CliContext ctx;
    private final boolean json;
    private boolean live;

    Output(CliContext ctx, boolean json) {
        this.ctx = ctx;
        this.json = json;
    }

    boolean json() {
        return json;
    }

    /** A progress line: stdout in text mode, stderr in JSON mode. */
    void progress(String line) {
        endLive();
        PrintWriter w = json ? ctx.err() : ctx.out();
        w.println(line);
        w.flush();
    }

    /**
     * The current progress line on a terminal: rewritten in place ({@code \r}) until a fresh line, a
     * plain progress line or the result ends it (it stays on screen as it was last written). Only used
     * when the context is interactive and the output is text.
     */
    void liveProgress(String line, boolean fresh) {
        if (fresh) {
            endLive();
        }
        ctx.out().print("\r" + line + "\u001b[K");
        ctx.out().flush();
        live = true;
    }

    /** The result: its JSON view, or its text rendering. */
    void result(Supplier<Object> view, Consumer<PrintWriter> text) {
        endLive();
        if (json) {
            json(ctx.out(), view.get());
        } else {
            text.accept(ctx.out());
        }
        ctx.out().flush();
    }

    private void endLive() {
        if (live) {
            ctx.out().println();
            live = false;
        }
    }

    static void json(PrintWriter out, Object view) {
        try {
            out.println(JSON.writeValueAsString(view));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write JSON: " + e.getMessage(), e);
        }
        out.flush();
    }
}

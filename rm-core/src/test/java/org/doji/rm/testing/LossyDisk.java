package org.doji.rm.testing;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.util.BitSet;
import org.h2.store.fs.FileBaseDefault;
import org.h2.store.fs.FilePath;
import org.h2.store.fs.FilePathWrapper;

/**
 * A disk that loses what was not forced to it, as a power cut does: H2's files opened through it
 * ({@code jdbc:h2:lossy:/path/db}) are read whole into this process's memory, written there, and reach the real
 * file only when H2 forces them ({@link FileChannel#force}). The written but unforced pages live only in this
 * process, like an operating system's page cache; so {@code kill -9} of the process is a power cut of that disk:
 * everything not forced is gone, and the restarted service reads only what was forced. (A plain {@code kill -9}
 * loses nothing H2 wrote: the operating system keeps the pages.)
 */
public final class LossyDisk extends FilePathWrapper {

    public static final String SCHEME = "lossy";
    private static final int PAGE = 4096;

    /** Makes {@code jdbc:h2:lossy:...} known to H2 in this JVM; call before the database is opened. */
    public static void register() {
        FilePath.register(new LossyDisk());
    }

    @Override
    public String getScheme() {
        return SCHEME;
    }

    @Override
    public FileChannel open(String mode) throws IOException {
        return new Channel(getBase().open(mode));
    }

    /** One open file: its whole content in memory, the pages written since the last force, and the real file. */
    private static final class Channel extends FileBaseDefault {

        private final FileChannel disk;
        private byte[] data;
        private long size;
        private final BitSet dirty = new BitSet();

        Channel(FileChannel disk) throws IOException {
            this.disk = disk;
            this.size = disk.size();
            this.data = new byte[(int) Math.max(size, 1 << 20)];
            ByteBuffer all = ByteBuffer.wrap(data, 0, (int) size);
            while (all.hasRemaining() && disk.read(all, all.position()) > 0) {
                // read the whole file
            }
        }

        @Override
        public synchronized int read(ByteBuffer dst, long position) {
            if (position >= size) {
                return -1;
            }
            int n = (int) Math.min(dst.remaining(), size - position);
            dst.put(data, (int) position, n);
            return n;
        }

        @Override
        public synchronized int write(ByteBuffer src, long position) {
            int n = src.remaining();
            long end = position + n;
            if (end > data.length) {
                byte[] bigger = new byte[(int) Math.max(end, data.length * 2L)];
                System.arraycopy(data, 0, bigger, 0, (int) size);
                data = bigger;
            }
            src.get(data, (int) position, n);
            size = Math.max(size, end);
            dirty.set((int) (position / PAGE), (int) ((end - 1) / PAGE) + 1);
            return n;
        }

        @Override
        protected synchronized void implTruncate(long newSize) {
            if (newSize < size) {
                size = newSize;
            }
        }

        @Override
        public synchronized long size() {
            return size;
        }

        /** What a force does on a real disk: every written page is on it, and so is the size. */
        @Override
        public synchronized void force(boolean metaData) throws IOException {
            for (int page = dirty.nextSetBit(0); page >= 0; page = dirty.nextSetBit(page + 1)) {
                long from = (long) page * PAGE;
                if (from >= size) {
                    break;
                }
                int len = (int) Math.min(PAGE, size - from);
                ByteBuffer b = ByteBuffer.wrap(data, (int) from, len);
                while (b.hasRemaining()) {
                    disk.write(b, b.position()); // the buffer's index is the file's offset
                }
            }
            dirty.clear();
            if (disk.size() > size) {
                disk.truncate(size);
            }
            disk.force(metaData);
        }

        @Override
        public FileLock tryLock(long position, long size, boolean shared) throws IOException {
            return disk.tryLock(position, size, shared);
        }

        @Override
        public FileLock lock(long position, long size, boolean shared) throws IOException {
            return disk.lock(position, size, shared);
        }

        /** A clean close: the operating system would write its page cache out in time, so this does too. */
        @Override
        protected void implCloseChannel() throws IOException {
            force(false);
            disk.close();
        }
    }
}

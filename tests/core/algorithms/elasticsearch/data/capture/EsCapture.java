import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

import org.apache.lucene.util.StringHelper;

/**
 * Captures Elasticsearch document routing for a list of keys.
 *
 * Usage:
 *   python3 keys.py | java -cp .:LUCENE_CORE_JAR EsCapture > ../es-routing.tsv
 *   java -cp .:LUCENE_CORE_JAR EsCapture --routing-shards > ../routing-shards.tsv
 *
 * Sources transcribed (elastic/elasticsearch):
 *  - hash(): server/src/main/java/org/elasticsearch/cluster/routing/Murmur3HashFunction.java
 *    Each UTF-16 char is written little-endian into a byte[2*len], then
 *    org.apache.lucene.util.StringHelper.murmurhash3_x86_32(bytes, 0, 2*len, 0).
 *    The murmur3 here is Lucene's real StringHelper (from the classpath jar), not a re-implementation.
 *  - hashToShardId(): server/src/main/java/org/elasticsearch/cluster/routing/IndexRouting.java
 *    Math.floorMod(hash, routingNumShards) / routingFactor, routingFactor = routingNumShards / numShards.
 *  - calculateNumRoutingShards(): server/src/main/java/org/elasticsearch/cluster/metadata/MetadataCreateIndexService.java
 *    (the branch for indices created on or after 7.0).
 */
public final class EsCapture {

    /** Columns "S/R": S = number of shards, R = routingNumShards. */
    private static final int[][] COLUMNS = {
        {8, 8}, {8, 1024}, {5, 640}, {3, 768}, {1, 1024},
        {16, 1024}, {6, 12}, {12, 12}, {1000, 2000}, {7, 7168},
    };

    /** Murmur3HashFunction.hash(String routing). */
    static int hash(String routing) {
        final int strLen = routing.length();
        final byte[] bytesToHash = new byte[strLen * 2];
        for (int i = 0; i < strLen; ++i) {
            final char c = routing.charAt(i);
            bytesToHash[2 * i] = (byte) (c & 0xff);       // ByteUtils.LITTLE_ENDIAN_CHAR
            bytesToHash[2 * i + 1] = (byte) (c >>> 8);
        }
        return StringHelper.murmurhash3_x86_32(bytesToHash, 0, strLen * 2, 0);
    }

    /** IndexRouting.hashToShardId. */
    static int hashToShardId(int hash, int routingNumShards, int numShards) {
        final int routingFactor = routingNumShards / numShards;
        return Math.floorMod(hash, routingNumShards) / routingFactor;
    }

    /** MetadataCreateIndexService.calculateNumRoutingShards, 7.0+ branch, transcribed line for line. */
    static int calculateNumRoutingShards(int numShards) {
        int log2MaxNumShards = 10; // logBase2(1024)
        int log2NumShards = 32 - Integer.numberOfLeadingZeros(numShards - 1); // ceil(logBase2(numShards))
        int numSplits = log2MaxNumShards - log2NumShards;
        numSplits = Math.max(1, numSplits); // Ensure the index can be split at least once
        return numShards * 1 << numSplits;   // Java precedence: (numShards * 1) << numSplits
    }

    public static void main(String[] args) throws Exception {
        final PrintWriter out = new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8));
        if (args.length == 1 && args[0].equals("--routing-shards")) {
            out.print("shards\troutingShards\n");
            for (int s = 1; s <= 1100; ++s) {
                out.print(s + "\t" + calculateNumRoutingShards(s) + "\n");
            }
            out.flush();
            return;
        }
        if (args.length != 0) {
            System.err.println("usage: EsCapture [--routing-shards]  (keys on stdin, UTF-8, one per line)");
            System.exit(2);
        }
        StringBuilder header = new StringBuilder("key\thash");
        for (int[] col : COLUMNS) {
            header.append('\t').append(col[0]).append('/').append(col[1]);
        }
        out.print(header.append('\n'));
        final BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String key;
        while ((key = in.readLine()) != null) {
            if (key.isEmpty() || key.indexOf('\t') >= 0) {
                throw new IllegalArgumentException("bad key: [" + key + "]");
            }
            final int h = hash(key);
            StringBuilder row = new StringBuilder(key).append('\t').append(h);
            for (int[] col : COLUMNS) {
                row.append('\t').append(hashToShardId(h, col[1], col[0]));
            }
            out.print(row.append('\n'));
        }
        out.flush();
    }
}

// Reads keys (UTF-8, one per line) and prints, for each, what the Java producer computes from the
// key as StringSerializer writes it (UTF-8 bytes): Utils.murmur2 as a signed int, then
// BuiltInPartitioner.partitionForKey for each partition count of the header.
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

public class KafkaCapture {
    static final int[] COUNTS = {1, 3, 7, 12, 100, 1000, 2147483647};

    public static void main(String[] args) throws Exception {
        BufferedReader in =
            new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        StringBuilder out = new StringBuilder("key\tmurmur2");
        for (int n : COUNTS) {
            out.append("\tp").append(n);
        }
        out.append('\n');
        for (String key; (key = in.readLine()) != null;) {
            byte[] bytes = key.getBytes(StandardCharsets.UTF_8);
            out.append(key).append('\t').append(KafkaReference.murmur2(bytes));
            for (int n : COUNTS) {
                out.append('\t').append(KafkaReference.partitionForKey(bytes, n));
            }
            out.append('\n');
        }
        System.out.print(out);
    }
}

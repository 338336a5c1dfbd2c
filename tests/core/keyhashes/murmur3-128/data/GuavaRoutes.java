// Routes of keys through Guava itself: Hashing.consistentHash(Hashing.murmur3_128().hashString(key, UTF_8), shards).
// Usage: java -cp /usr/share/java/guava.jar:. GuavaRoutes  (writes routes.tsv and hashes.tsv)
import com.google.common.hash.HashCode;
import com.google.common.hash.Hashing;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

public class GuavaRoutes {
  public static void main(String[] args) throws Exception {
    int[] shards = {1, 2, 3, 5, 10, 11, 100, 1000};
    try (PrintWriter out = new PrintWriter("routes.tsv", "UTF-8")) {
      out.print("key\tpadToLong");
      for (int n : shards) out.print("\tshards" + n);
      out.println();
      for (int i = 0; i < 2000; i++) {
        String key = i % 10 == 9 ? "ユーザー:" + i : "key-" + i;
        HashCode h = Hashing.murmur3_128().hashString(key, StandardCharsets.UTF_8);
        out.print(key + "\t" + Long.toUnsignedString(h.padToLong()));
        for (int n : shards) out.print("\t" + Hashing.consistentHash(h, n));
        out.println();
      }
    }
    try (PrintWriter out = new PrintWriter("hashes.tsv", "UTF-8")) {
      out.println("key\tmurmur3_128 (hex, Guava HashCode.toString)\tpadToLong");
      for (String key : new String[] {"", "a", "apple", "key-0", "hell", "hello", "123456789",
               "The quick brown fox jumps over the lazy dog", "ユーザー:1", "0123456789abcdef",
               "0123456789abcdef0"}) {
        HashCode h = Hashing.murmur3_128().hashString(key, StandardCharsets.UTF_8);
        out.println(key + "\t" + h + "\t" + Long.toUnsignedString(h.padToLong()));
      }
    }
  }
}

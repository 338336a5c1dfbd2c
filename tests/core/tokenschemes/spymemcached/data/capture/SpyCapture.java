// Asks spymemcached's own KetamaNodeLocator (Debian 12's libspymemcached-java 2.12.3) where each
// key goes. Usage: java -cp /usr/share/java/spymemcached.jar:. SpyCapture FORMAT NODE... < keys
//   FORMAT  spymemcached or libmemcached (KetamaNodeKeyFormatter.Format)
//   NODE    host:port, an IP literal or "name/ip:port" (a host name with the address it resolved
//           to, which spymemcached's InetSocketAddress carries); no DNS lookup is made
// Prints KEY<TAB>NODE for each key, NODE as given. The nodes are MemcachedNode proxies whose
// getSocketAddress() is the address; the locator asks them nothing else.
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.reflect.Proxy;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.spy.memcached.DefaultHashAlgorithm;
import net.spy.memcached.KetamaNodeKeyFormatter;
import net.spy.memcached.KetamaNodeLocator;
import net.spy.memcached.MemcachedNode;

public class SpyCapture {
    static InetSocketAddress address(String node) throws Exception {
        int colon = node.lastIndexOf(':');
        String host = node.substring(0, colon);
        int port = Integer.parseInt(node.substring(colon + 1));
        int slash = host.indexOf('/');
        String name = slash >= 0 ? host.substring(0, slash) : null;
        String ip = slash >= 0 ? host.substring(slash + 1) : host;
        byte[] bytes = InetAddress.getByName(ip).getAddress();  // a literal: no lookup
        return new InetSocketAddress(InetAddress.getByAddress(name, bytes), port);
    }

    public static void main(String[] args) throws Exception {
        KetamaNodeKeyFormatter.Format format = KetamaNodeKeyFormatter.Format.valueOf(args[0].toUpperCase());
        List<MemcachedNode> nodes = new ArrayList<>();
        Map<MemcachedNode, String> names = new HashMap<>();
        for (int i = 1; i < args.length; i++) {
            final InetSocketAddress a = address(args[i]);
            final String given = args[i];
            MemcachedNode node = (MemcachedNode) Proxy.newProxyInstance(
                MemcachedNode.class.getClassLoader(), new Class<?>[] {MemcachedNode.class},
                (proxy, method, margs) -> {
                    switch (method.getName()) {
                        case "getSocketAddress": return a;
                        case "toString": return given;
                        case "hashCode": return System.identityHashCode(proxy);
                        case "equals": return proxy == margs[0];
                        default: throw new UnsupportedOperationException(method.getName());
                    }
                });
            nodes.add(node);
            names.put(node, given);
        }
        KetamaNodeLocator locator = new KetamaNodeLocator(nodes, DefaultHashAlgorithm.KETAMA_HASH,
            format, new HashMap<InetSocketAddress, Integer>());
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        StringBuilder out = new StringBuilder();
        for (String key; (key = in.readLine()) != null;) {
            out.append(key).append('\t').append(names.get(locator.getPrimary(key))).append('\n');
        }
        System.out.print(out);
    }
}

<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja_JP">
<context>
    <name>Algorithm</name>
    <message>
        <source>%1, bounded %2</source>
        <translation>%1（負荷上限 %2）</translation>
    </message>
    <message>
        <source>Ring</source>
        <translation>リング</translation>
    </message>
    <message>
        <source>HRW</source>
        <translation>HRW</translation>
    </message>
    <message>
        <source>Weighted HRW</source>
        <translation>重み付き HRW</translation>
    </message>
    <message>
        <source>HRW score/w</source>
        <translation>HRW score/w</translation>
    </message>
    <message>
        <source>HRW score·w</source>
        <translation>HRW score·w</translation>
    </message>
    <message>
        <source>Jump</source>
        <translation>ジャンプ</translation>
    </message>
    <message>
        <source>mod-N</source>
        <translation>mod-N</translation>
    </message>
    <message>
        <source>Maglev</source>
        <translation>Maglev</translation>
    </message>
    <message>
        <source>Redis Cluster</source>
        <translation>Redis Cluster</translation>
    </message>
    <message>
        <source>Bounded %1</source>
        <translation>負荷上限付き %1</translation>
    </message>
    <message>
        <source>bounded loads do not model a down node (its capacity would change with it); bring the node up to compare it</source>
        <translation>負荷上限はダウンしたノードを扱えません（容量がそれとともに変わるため）。比べるにはノードを復帰させてください</translation>
    </message>
    <message>
        <source>JumpBack</source>
        <translation>ジャンプバック</translation>
    </message>
    <message>
        <source>Multi-probe</source>
        <translation>マルチプローブ</translation>
    </message>
    <message>
        <source>AnchorHash</source>
        <translation>AnchorHash</translation>
    </message>
    <message>
        <source>MementoHash</source>
        <translation>MementoHash</translation>
    </message>
    <message>
        <source>DxHash</source>
        <translation>DxHash</translation>
    </message>
    <message>
        <source>Elasticsearch</source>
        <translation>Elasticsearch</translation>
    </message>
    <message>
        <source>mcrouter</source>
        <translation>mcrouter</translation>
    </message>
</context>
<context>
    <name>BlankScenario</name>
    <message>
        <source>Teaching ring: 0–99, one token per node</source>
        <translation>学習用リング：0〜99、ノードごとにトークン 1 個</translation>
    </message>
    <message>
        <source>Ring with vnodes</source>
        <translation>仮想ノード付きのリング</translation>
    </message>
    <message>
        <source>Ketama: a memcached pool</source>
        <translation>Ketama：memcached のプール</translation>
    </message>
    <message>
        <source>Envoy ring hash</source>
        <translation>Envoy のリングハッシュ</translation>
    </message>
    <message>
        <source>Envoy Maglev</source>
        <translation>Envoy の Maglev</translation>
    </message>
    <message>
        <source>Rendezvous (HRW)</source>
        <translation>ランデブー（HRW）</translation>
    </message>
    <message>
        <source>Weighted rendezvous</source>
        <translation>重み付きランデブー</translation>
    </message>
    <message>
        <source>Jump hash</source>
        <translation>ジャンプハッシュ</translation>
    </message>
    <message>
        <source>hash % N</source>
        <translation>hash % N</translation>
    </message>
    <message>
        <source>Redis Cluster</source>
        <translation>Redis Cluster</translation>
    </message>
    <message>
        <source>Cassandra (Murmur3Partitioner)</source>
        <translation>Cassandra（Murmur3Partitioner）</translation>
    </message>
    <message>
        <source>Keys 0–99 sit at their own positions; each node gets one token, evenly spaced. Drag them, or add vnodes, to see what moves.</source>
        <translation>キー 0〜99 はそれぞれ自分の値の位置にあります。各ノードには等間隔にトークンが 1 個ずつ置かれます。ドラッグしたり仮想ノードを加えたりして、何が動くかを見てください。</translation>
    </message>
    <message>
        <source>Each node&apos;s vnodes are hashed names (&quot;node-1#0&quot;, &quot;node-1#1&quot;, …) on a 2^32 ring; more vnodes even the shares out.</source>
        <translation>各ノードの仮想ノードは、名前（&quot;node-1#0&quot;、&quot;node-1#1&quot;、…）をハッシュして 2^32 のリングに置かれます。仮想ノードを増やすほど分担が均されます。</translation>
    </message>
    <message>
        <source>Servers are named as libmemcached hashes them: the host alone on port 11211, host:port on any other. Each gets 40 points per unit of weight; set weights in the node table.</source>
        <translation>サーバー名は libmemcached がハッシュするとおりで、ポート 11211 ならホストだけ、ほかのポートなら host:port です。各サーバーは重み 1 あたり 40 点を持ちます。重みはノード表で設定します。</translation>
    </message>
    <message>
        <source>Hosts are named by their address host:port, as Envoy hashes them; a host&apos;s load_balancing_weight (the node&apos;s weight) scales its tokens.</source>
        <translation>ホスト名は Envoy がハッシュするとおり、アドレス host:port です。ホストの load_balancing_weight（ノードの重み）に比例してトークンが増えます。</translation>
    </message>
    <message>
        <source>Hosts are named by their address host:port, as Envoy hashes them, and fill a lookup table of 65,537 entries; removing one moves few entries.</source>
        <translation>ホスト名は Envoy がハッシュするとおり、アドレス host:port です。ホストは 65,537 エントリの参照テーブルを埋め、1 台を取り除いても動くエントリはわずかです。</translation>
    </message>
    <message>
        <source>No ring: each key scores every node and the highest score wins, so only the keys a changed node wins or held move.</source>
        <translation>リングはありません。各キーがすべてのノードに点数をつけ、最高点のノードが勝つので、動くのは変わったノードが勝つか持っていたキーだけです。</translation>
    </message>
    <message>
        <source>Rendezvous with each score scaled by the node&apos;s weight (−w / ln h): set weights in the node table and a node&apos;s share follows.</source>
        <translation>各点数をノードの重みで拡大縮小したランデブー（−w / ln h）。ノード表で重みを設定すると、ノードの分担がそれに従います。</translation>
    </message>
    <message>
        <source>Nodes are buckets 0 … N−1 in the table&apos;s order: a new node moves only the keys it takes; removing one from the middle renumbers those after it.</source>
        <translation>ノードは表の順に 0 … N−1 のバケットです。新しいノードは自分が取るキーだけを動かしますが、真ん中の 1 台を取り除くとそれ以降の番号が振り直されます。</translation>
    </message>
    <message>
        <source>Bucket hash % N: add a node and see nearly every key change bucket.</source>
        <translation>バケットは hash % N。ノードを加えると、ほぼすべてのキーのバケットが変わるのがわかります。</translation>
    </message>
    <message>
        <source>Masters on 127.0.0.1:7000, 7001, … share the 16,384 slots as redis-cli --cluster create splits them; keys with one {hash tag} share a slot.</source>
        <translation>127.0.0.1:7000、7001、… のマスターが、redis-cli --cluster create と同じ分け方で 16,384 個のスロットを分け合います。同じ {ハッシュタグ} を持つキーは同じスロットに入ります。</translation>
    </message>
    <message>
        <source>Nodes take 16 random signed 64-bit tokens each and spread over three racks (zones); RF 3 puts a key&apos;s replicas in three racks.</source>
        <translation>各ノードは符号付き 64 ビットのランダムなトークンを 16 個持ち、3 つのラック（ゾーン）に分かれます。RF 3 はキーのレプリカを 3 つのラックに置きます。</translation>
    </message>
    <message>
        <source>JumpBackHash</source>
        <translation>ジャンプバックハッシュ</translation>
    </message>
    <message>
        <source>Nodes are buckets 0 … N−1 in order, as for jump hash, but a key walks backwards from a power of two without a division: a new node moves only the keys it takes.</source>
        <translation>ノードはジャンプハッシュと同じく順にバケット 0 … N−1 ですが、キーは 2 のべき乗から割り算なしで後ろ向きにたどります。新しいノードは自分が受け取るキーだけを動かします。</translation>
    </message>
    <message>
        <source>Multi-probe consistent hashing</source>
        <translation>マルチプローブ・コンシステントハッシュ</translation>
    </message>
    <message>
        <source>One point a node on the ring and 21 probes a key (go-mpchash&apos;s SipHash-2-4): balanced without virtual nodes; a node&apos;s removal moves only its keys.</source>
        <translation>リング上にノード 1 つにつき 1 点、キー 1 つにつき 21 回のプローブ（go-mpchash の SipHash-2-4）：仮想ノードなしで偏りが小さく、ノードを削除しても動くのはそのノードのキーだけです。</translation>
    </message>
    <message>
        <source>AnchorHash</source>
        <translation>AnchorHash</translation>
    </message>
    <message>
        <source>Nodes are buckets of an anchor set twice their number: removing any node, in the middle too, moves only its keys, and the next node added takes its bucket back.</source>
        <translation>ノードはその2倍の大きさのアンカー集合のバケット。途中のノードも含めどのノードを外しても動くのはそのキーだけで、次に追加したノードがそのバケットを取り戻す。</translation>
    </message>
    <message>
        <source>MementoHash</source>
        <translation>MementoHash</translation>
    </message>
    <message>
        <source>Jump hash that can lose any node: a removed node keeps its bucket in a memento, only its keys move, and the next node added takes its bucket back.</source>
        <translation>どのノードも外せるジャンプハッシュ。外したノードはメメントにバケットを残し、動くのはそのキーだけで、次に追加したノードがそのバケットを取り戻す。</translation>
    </message>
    <message>
        <source>DxHash</source>
        <translation>DxHash</translation>
    </message>
    <message>
        <source>A key draws buckets from a pseudo-random sequence until an active one: removing any node moves only its keys, and the next node added takes its bucket back.</source>
        <translation>キーは擬似乱数列から稼働中のバケットに当たるまでバケットを引く。どのノードを外しても動くのはそのキーだけで、次に追加したノードがそのバケットを取り戻す。</translation>
    </message>
    <message>
        <source>Elasticsearch index</source>
        <translation>Elasticsearch のインデックス</translation>
    </message>
    <message>
        <source>The nodes are an index&apos;s shards: a document goes to the shard its routing&apos;s Murmur3 picks among the routing shards. An index cannot gain one shard; it splits into a divisor of its routing shards, or is reindexed.</source>
        <translation>ノードはインデックスのシャードです。ドキュメントはルーティングの Murmur3 がルーティングシャードの中から選ぶシャードに入ります。インデックスにシャードを一つだけ足すことはできず、ルーティングシャード数の約数への分割か、再インデックスになります。</translation>
    </message>
    <message>
        <source>mcrouter pool</source>
        <translation>mcrouter のプール</translation>
    </message>
    <message>
        <source>A memcached pool behind mcrouter&apos;s HashRoute: Ch3 (furc hash) numbers the servers by their place in the pool, the rendezvous functions score them by their tags.</source>
        <translation>mcrouter の HashRoute の後ろにある memcached のプール。Ch3（furc hash）はサーバーをプール内の位置で番号付けし、rendezvous 系の関数はタグでサーバーを採点します。</translation>
    </message>
</context>
<context>
    <name>ComparisonPanel</name>
    <message>
        <source>Jump keeps the scenario&apos;s bucket table.</source>
        <translation>ジャンプはシナリオのバケット表を保ちます。</translation>
    </message>
    <message>
        <source>Jump removes a node by renumbering the buckets after it; the Jump view also shows moving the last node into the gap.</source>
        <translation>ジャンプは、後ろのバケットの番号を振り直してノードを削除します。ジャンプのビューでは、最後のノードを空いた場所へ移す方法も示します。</translation>
    </message>
</context>
<context>
    <name>Count</name>
    <message>
        <source>1 node</source>
        <translation>ノード 1 台</translation>
    </message>
    <message>
        <source>%1 nodes</source>
        <translation>ノード %1 台</translation>
    </message>
    <message>
        <source>1 token</source>
        <translation>トークン 1 個</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>トークン %1 個</translation>
    </message>
    <message>
        <source>1 key</source>
        <translation>キー 1 個</translation>
    </message>
    <message>
        <source>%1 keys</source>
        <translation>キー %1 個</translation>
    </message>
    <message>
        <source>1 point</source>
        <translation>1 点</translation>
    </message>
    <message>
        <source>%1 points</source>
        <translation>%1 点</translation>
    </message>
    <message>
        <source>1 vnode</source>
        <translation>仮想ノード 1 個</translation>
    </message>
    <message>
        <source>%1 vnodes</source>
        <translation>仮想ノード %1 個</translation>
    </message>
    <message>
        <source>1 slot</source>
        <translation>1 スロット</translation>
    </message>
    <message>
        <source>%1 slots</source>
        <translation>%1 スロット</translation>
    </message>
</context>
<context>
    <name>MovedSince</name>
    <message>
        <source>since opening</source>
        <translation>開いてから</translation>
    </message>
    <message>
        <source>since the last change</source>
        <translation>直前の変更から</translation>
    </message>
    <message>
        <source>since the baseline</source>
        <translation>基準から</translation>
    </message>
    <message>
        <source>since the step before</source>
        <translation>前のステップから</translation>
    </message>
    <message>
        <source>since the key set changed</source>
        <translation>キー集合が変わってから</translation>
    </message>
    <message>
        <source>Since opening</source>
        <translation>開いてから</translation>
    </message>
    <message>
        <source>Last change</source>
        <translation>直前の変更</translation>
    </message>
    <message>
        <source>Since the baseline</source>
        <translation>基準から</translation>
    </message>
    <message>
        <source>This step</source>
        <translation>このステップ</translation>
    </message>
    <message>
        <source>Since the key set changed</source>
        <translation>キー集合が変わってから</translation>
    </message>
</context>
<context>
    <name>NodeNote</name>
    <message>
        <source>HAProxy server id</source>
        <translation>HAProxy のサーバー id</translation>
    </message>
    <message>
        <source>twemproxy server</source>
        <translation>twemproxy のサーバー</translation>
    </message>
</context>
<context>
    <name>Preset</name>
    <message>
        <source>Cassandra: 6 nodes x 16 tokens in 3 racks, RF 3 rack-aware</source>
        <translation>Cassandra：6 ノード × 16 トークン、3 ラック、ラックを考慮した RF 3</translation>
    </message>
    <message>
        <source>Apache Cassandra&apos;s Murmur3Partitioner ring: signed 64-bit tokens, a node owns (previous token, its token]. Six nodes in dc1 spread over three racks (zone = DC/rack), num_tokens 16 each. The tokens are random, as Murmur3Partitioner.getRandomToken draws them when no token allocator is configured (allocate_tokens_for_keyspace unset): uniform 64-bit values, here from SplitMix64 seed 16 so the preset is reproducible. Replicas: RF 3 with zone-aware placement, so every key&apos;s three replicas sit in three racks, as NetworkTopologyStrategy places them in one datacenter. Keys are CQL int partition keys (keyEncoding int32) with Zipf popularity. Try ringscope-cli hash --key-hash murmur3-cassandra --key-encoding int32 --key 42.</source>
        <translation>Apache Cassandra の Murmur3Partitioner のリングです。トークンは符号付き 64 ビットで、ノードは (直前のトークン, 自分のトークン] を持ちます。dc1 の 6 ノードを 3 つのラックに分け（zone = DC/ラック）、num_tokens はそれぞれ 16。トークンはランダムで、トークン割り当て器を設定しないとき（allocate_tokens_for_keyspace 未設定）に Murmur3Partitioner.getRandomToken が引くのと同じ一様な 64 ビット値です。ここではプリセットを再現できるよう SplitMix64 のシード 16 から引いています。レプリカ：ゾーンを考慮した配置の RF 3 なので、どのキーの 3 つのレプリカも 3 つのラックに分かれます。1 つのデータセンター内で NetworkTopologyStrategy が置くのと同じです。キーは CQL の int パーティションキー（keyEncoding int32）で、人気は Zipf 分布です。ringscope-cli hash --key-hash murmur3-cassandra --key-encoding int32 --key 42 を試してみてください。</translation>
    </message>
    <message>
        <source>Envoy Maglev: six hosts, table 65537</source>
        <translation>Envoy Maglev：6 ホスト、テーブル 65537</translation>
    </message>
    <message>
        <source>Envoy&apos;s maglev load balancer (OriginalMaglevTable) bit for bit. Hosts are named as Envoy hashes them: the address host:port (or the hostname with use_hostname_for_hashing). Table size 65537, Envoy&apos;s default, must be prime. Keys are request header values hashed as Envoy&apos;s header hash policy does, xxh64 with seed 0, and a key goes to table[h mod 65537]. Replicas follow Envoy&apos;s retry walk. Remove a host to see how few table entries, and keys, move; add &quot;boundedLoad&quot;: {&quot;factor&quot;: 1.25} for Envoy&apos;s hash_balance_factor 125.</source>
        <translation>Envoy の maglev ロードバランサー（OriginalMaglevTable）をビット単位で再現します。ホスト名は Envoy がハッシュするとおり、アドレス host:port です（use_hostname_for_hashing ならホスト名）。テーブルサイズは Envoy の既定値 65537 で、素数でなければなりません。キーはリクエストヘッダーの値で、Envoy のヘッダーハッシュポリシーと同じく xxh64（シード 0）でハッシュされ、table[h mod 65537] に行きます。レプリカは Envoy のリトライの walk に従います。ホストを取り除くと、動くテーブルのエントリとキーがいかに少ないかがわかります。Envoy の hash_balance_factor 125 には &quot;boundedLoad&quot;: {&quot;factor&quot;: 1.25} を加えてください。</translation>
    </message>
    <message>
        <source>Envoy ring hash: four weighted hosts</source>
        <translation>Envoy リングハッシュ：重み付きの 4 ホスト</translation>
    </message>
    <message>
        <source>Envoy&apos;s ring_hash load balancer (RingHashLoadBalancer::Ring) bit for bit: weights are normalised w/Σw, the ring scale is min(ceil(min_w · minimum_ring_size) / min_w, maximum_ring_size), and walking the hosts in order each adds tokens while the running sum stays below its target; token i of a host sits at xxh64(&quot;host_i&quot;). Hosts are named as Envoy hashes them (address host:port) and carry Envoy load_balancing_weight values 1, 1, 2 and 4. Keys are header values hashed with xxh64; each goes to the first token at or after its hash.</source>
        <translation>Envoy の ring_hash ロードバランサー（RingHashLoadBalancer::Ring）をビット単位で再現します。重みは w/Σw に正規化され、リングの倍率は min(ceil(min_w · minimum_ring_size) / min_w, maximum_ring_size)。ホストを順にたどり、累計が目標を下回るあいだ各ホストがトークンを加えます。ホストのトークン i は xxh64(&quot;host_i&quot;) に置かれます。ホスト名は Envoy がハッシュするとおり（アドレス host:port）で、Envoy の load_balancing_weight は 1、1、2、4。キーは xxh64 でハッシュされたヘッダーの値で、それぞれハッシュ以上の最初のトークンに行きます。</translation>
    </message>
    <message>
        <source>groupcache: peers of an HTTPPool</source>
        <translation>groupcache：HTTPPool のピア</translation>
    </message>
    <message>
        <source>Go&apos;s groupcache, bit for bit (consistenthash.go): every peer, named by its base URL as HTTPPool.Set receives it, gets 50 replicas (groupcache&apos;s defaultReplicas), point i at the CRC-32 of the decimal i followed by the URL (&quot;0http://10.0.3.1:8080&quot;, &quot;1http://…&quot;); a key goes to the first point at or after the CRC-32 of the key, wrapping. There are no weights: 50 points a peer leave the loads uneven (see the load view), and only more replicas even them out (add vnodes). Where two peers&apos; points are equal, the peer added last owns the point, so the order of HTTPPool.Set&apos;s arguments can matter.</source>
        <translation>Go の groupcache をビット単位で再現します（consistenthash.go）。HTTPPool.Set が受け取るベース URL で名付けられた各ピアは 50 個のレプリカ（groupcache の defaultReplicas）を持ち、点 i は 10 進の i に URL を続けた文字列の CRC-32 です（&quot;0http://10.0.3.1:8080&quot;、&quot;1http://…&quot;）。キーは、キーの CRC-32 以上の最初の点に行き、末尾では先頭に戻ります。重みはありません。ピアあたり 50 点では負荷が偏り（負荷ビューを参照）、均すにはレプリカを増やすしかありません（仮想ノードを追加）。2 つのピアの点が等しいときは最後に加えたピアがその点を持つので、HTTPPool.Set の引数の順序が効くことがあります。</translation>
    </message>
    <message>
        <source>Guava: Hashing.consistentHash over murmur3_128</source>
        <translation>Guava：murmur3_128 上の Hashing.consistentHash</translation>
    </message>
    <message>
        <source>Guava&apos;s consistent hash, bit for bit: a key&apos;s UTF-8 bytes go through Hashing.murmur3_128() (MurmurHash3_x64_128, seed 0), HashCode.padToLong() takes its first eight bytes little-endian, and Hashing.consistentHash(hash, shards) is Lamping and Veach&apos;s jump, so a shard is a bucket number, 0 to N-1 in node order. There are no points and no weights: adding shard-8 moves only the keys that jump lands on it, about one in nine, while removing shard-3 from the middle renumbers every later shard unless the buckets are kept (jump view). Write `Hashing.consistentHash(Hashing.murmur3_128().hashString(key, UTF_8), shards)` in Java to get the same shard.</source>
        <translation>Guava の一貫性ハッシュをビット単位で再現します。キーの UTF-8 バイト列は Hashing.murmur3_128()（MurmurHash3_x64_128、シード 0）を通り、HashCode.padToLong() がその先頭 8 バイトをリトルエンディアンで取り、Hashing.consistentHash(hash, shards) は Lamping と Veach の jump です。つまりシャードはバケット番号で、ノードの順に 0 から N-1。点も重みもありません。shard-8 を加えると、jump がそこに着地するキー（およそ 9 個に 1 個）だけが動きます。一方、真ん中の shard-3 を取り除くと、バケットを保たない限りそれ以降のシャードがすべて番号を振り直されます（jump ビュー）。同じシャードを得るには、Java で `Hashing.consistentHash(Hashing.murmur3_128().hashString(key, UTF_8), shards)` と書きます。</translation>
    </message>
    <message>
        <source>HAProxy: a backend with hash-type consistent</source>
        <translation>HAProxy：hash-type consistent のバックエンド</translation>
    </message>
    <message>
        <source>HAProxy&apos;s consistent hash, bit for bit (lb_chash.c, HAProxy 2.6): each server gets 16 points per unit of weight at full_hash(id × 4096 + j), and a request goes to the NEARER of the points before and after its hash — so a server&apos;s arcs end halfway between its points and its neighbours&apos;. Key hash sdbm, HAProxy&apos;s default (`balance hdr(X-Session)` hashes the header&apos;s value). web-3 has an explicit `id 7`; web-4, without one, takes 4 (HAProxy&apos;s counter: one step per server, the first free id from there). web-2 has weight 3. Disable a server (mark it down) to see its keys go to the nearest remaining point. `ringscope-cli import haproxy haproxy.cfg` reads your own backend.</source>
        <translation>HAProxy の一貫性ハッシュをビット単位で再現します（lb_chash.c、HAProxy 2.6）。各サーバーは重み 1 あたり 16 個の点を full_hash(id × 4096 + j) に持ち、リクエストはハッシュの前後の点のうち「近いほう」に行きます。そのためサーバーの弧は、自分の点と隣の点の中間で終わります。キーハッシュは HAProxy の既定の sdbm です（`balance hdr(X-Session)` はヘッダーの値をハッシュします）。web-3 には明示的な `id 7` があり、指定のない web-4 は 4 を取ります（HAProxy のカウンター：サーバーごとに 1 つ進み、そこから空いている最初の id）。web-2 は重み 3。サーバーを無効にする（ダウンにする）と、そのキーが残った最寄りの点に行くのがわかります。`ringscope-cli import haproxy haproxy.cfg` で自分のバックエンドを読み込めます。</translation>
    </message>
    <message>
        <source>Ketama: a weighted memcached pool</source>
        <translation>Ketama：重み付きの memcached プール</translation>
    </message>
    <message>
        <source>libmemcached&apos;s weighted ketama, bit for bit: floor(w/Σw·40·N) MD5 digests of &quot;{node}-{i}&quot; per server, four points each. Node ids are what libmemcached hashes: the host alone for the default port 11211 (use &quot;host:port&quot; for any other port). 10.0.1.3 has twice the weight; keys are Zipf-popular with log-normal sizes. Drain a server to see what moves.</source>
        <translation>libmemcached の重み付き ketama をビット単位で再現します。サーバーごとに &quot;{node}-{i}&quot; の MD5 ダイジェストを floor(w/Σw·40·N) 個、それぞれ 4 点です。ノード id は libmemcached がハッシュするもので、既定のポート 11211 ならホストだけです（ほかのポートには &quot;host:port&quot; を使います）。10.0.1.3 は重みが 2 倍で、キーの人気は Zipf 分布、サイズは対数正規分布です。サーバーを抜いて、何が動くかを見てください。</translation>
    </message>
    <message>
        <source>nginx: an upstream with hash $request_uri consistent</source>
        <translation>nginx：hash $request_uri consistent の upstream</translation>
    </message>
    <message>
        <source>nginx&apos;s consistent hash, bit for bit (ngx_http_upstream_hash_module): each server, named by its address exactly as written in the upstream block, gets 160 points per unit of weight, each the CRC-32 of HOST &quot;\0&quot; PORT and the point before it; a request goes to the first point at or after the CRC-32 of its key ($request_uri here). 10.0.2.2:8080 has weight=2; app-3.internal has no port, so nginx hashes its name with an empty port. Mark a server down to see its keys walk to the next point, as `server … down;` does. `ringscope-cli import nginx nginx.conf` reads your own upstream.</source>
        <translation>nginx の一貫性ハッシュをビット単位で再現します（ngx_http_upstream_hash_module）。upstream ブロックに書かれたとおりのアドレスで名付けられた各サーバーは、重み 1 あたり 160 個の点を持ち、各点は HOST &quot;\0&quot; PORT と直前の点の CRC-32 です。リクエストはキー（ここでは $request_uri）の CRC-32 以上の最初の点に行きます。10.0.2.2:8080 は weight=2。app-3.internal にはポートがないので、nginx は名前を空のポートとともにハッシュします。サーバーをダウンにすると、`server … down;` と同じく、そのキーが次の点へ歩いていくのがわかります。`ringscope-cli import nginx nginx.conf` で自分の upstream を読み込めます。</translation>
    </message>
    <message>
        <source>Redis Cluster: three masters mid-reshard</source>
        <translation>Redis Cluster：リシャード途中の 3 マスター</translation>
    </message>
    <message>
        <source>A Redis Cluster of three masters, as redis-cli --cluster create split it (0-5460, 5461-10922, 10923-16383), in the middle of redis-cli --cluster reshard moving slots 0-999 from 127.0.0.1:7000 to 127.0.0.1:7002: slots 0-499 have moved, 500-999 have not. A key&apos;s slot is CRC16/XMODEM of its hash tag (the text between { and }) mod 16384, so {user42}.profile and {user42}.cart share a slot and a master. Finish the move by giving 127.0.0.1:7002 the slots 0-999 and diff the two files to see the keys and bytes that move.</source>
        <translation>3 マスターの Redis Cluster で、redis-cli --cluster create が分けたとおり（0-5460、5461-10922、10923-16383）。redis-cli --cluster reshard がスロット 0-999 を 127.0.0.1:7000 から 127.0.0.1:7002 へ移している途中で、スロット 0-499 は移り、500-999 はまだです。キーのスロットはハッシュタグ（{ と } のあいだの文字列）の CRC16/XMODEM を 16384 で割った余りなので、{user42}.profile と {user42}.cart は同じスロット、同じマスターになります。127.0.0.1:7002 にスロット 0-999 を与えて移動を終え、2 つのファイルを diff すると、動くキーとバイトがわかります。</translation>
    </message>
    <message>
        <source>Replicas: R=3 over 3 zones</source>
        <translation>レプリカ：3 ゾーンにまたがる R=3</translation>
    </message>
    <message>
        <source>Six nodes in three zones with zone-aware replica placement. Select a key to see its clockwise walk skip nodes whose zone is already used.</source>
        <translation>3 つのゾーンに 6 ノード、ゾーンを考慮したレプリカ配置です。キーを選ぶと、時計回りの walk がすでに使ったゾーンのノードを飛ばすのがわかります。</translation>
    </message>
    <message>
        <source>Scale: 100 nodes x 256 vnodes, 100M keys</source>
        <translation>規模：100 ノード × 256 仮想ノード、1 億キー</translation>
    </message>
    <message>
        <source>A hundred million keys, named on demand and never stored: about 2 GB of memory and ten seconds to open on two cores; a dragged token still follows the mouse.</source>
        <translation>1 億個のキーを、必要なときに名付けて保存はしません。メモリはおよそ 2 GB、2 コアで開くのに 10 秒ほど。トークンをドラッグしてもマウスに追従します。</translation>
    </message>
    <message>
        <source>Scale: 100 nodes x 256 vnodes, 10M keys</source>
        <translation>規模：100 ノード × 256 仮想ノード、1000 万キー</translation>
    </message>
    <message>
        <source>Ten million keys, named on demand and never stored: opens in seconds, stays fluid while you drag a token.</source>
        <translation>1000 万個のキーを、必要なときに名付けて保存はしません。数秒で開き、トークンをドラッグしても滑らかなままです。</translation>
    </message>
    <message>
        <source>Scale: 100 nodes x 256 vnodes, 1M keys</source>
        <translation>規模：100 ノード × 256 仮想ノード、100 万キー</translation>
    </message>
    <message>
        <source>25,600 tokens and a million keys: the ring stays fluid while you drag a token.</source>
        <translation>25,600 個のトークンと 100 万個のキー。トークンをドラッグしてもリングは滑らかなままです。</translation>
    </message>
    <message>
        <source>Seed 000: after adding D@40</source>
        <translation>シード 000：D@40 を追加したあと</translation>
    </message>
    <message>
        <source>D&apos;s token at 40 takes (20, 40] from B; nothing else moves.</source>
        <translation>40 にある D のトークンが B から (20, 40] を取ります。ほかは何も動きません。</translation>
    </message>
    <message>
        <source>Seed 000: A@20, B@60, C@90 in 0-99</source>
        <translation>シード 000：0〜99 に A@20、B@60、C@90</translation>
    </message>
    <message>
        <source>The small ring of the consistent-hashing lesson: three tokens in a 0-99 space, keys 0..99 used as raw positions.</source>
        <translation>一貫性ハッシュのレッスンの小さなリング。0〜99 の空間に 3 つのトークン、キー 0〜99 はそのまま位置として使います。</translation>
    </message>
    <message>
        <source>Seed 003: api-a..c, 128 FNV-1a vnodes, 1000 sessions</source>
        <translation>シード 003：api-a〜c、FNV-1a の仮想ノード 128 個、1000 セッション</translation>
    </message>
    <message>
        <source>Seed 003&apos;s ConsistentHashRing(128): three nodes, tokens at fnv1a32(&quot;{node}#{i}&quot;) with +1 probing, keys session-0..999. Pin the baseline, then add api-d.</source>
        <translation>シード 003 の ConsistentHashRing(128)。3 ノードで、トークンは fnv1a32(&quot;{node}#{i}&quot;)、衝突は +1 でずらします。キーは session-0〜999。ベースラインを固定してから api-d を加えてください。</translation>
    </message>
    <message>
        <source>Seed 003: api-d joins (3 -&gt; 4 nodes)</source>
        <translation>シード 003：api-d が加わる（3 → 4 ノード）</translation>
    </message>
    <message>
        <source>The same ring after adding api-d: about a quarter of the keys move (ideal 1/(N+1) = 25%), all of them to api-d.</source>
        <translation>api-d を加えたあとの同じリング。キーのおよそ 4 分の 1 が動き（理想は 1/(N+1) = 25%）、すべて api-d へ行きます。</translation>
    </message>
    <message>
        <source>Seed 003: vnodes that collide (a 360-slot ring)</source>
        <translation>シード 003：衝突する仮想ノード（360 スロットのリング）</translation>
    </message>
    <message>
        <source>twemproxy: a memcached pool with distribution ketama</source>
        <translation>twemproxy：distribution ketama の memcached プール</translation>
    </message>
    <message>
        <source>twemproxy (nutcracker) 0.5.0&apos;s ketama, bit for bit (nc_ketama.c): each server gets floorf(w/Σw · 160/4 · N) MD5 digests of &quot;NAME-i&quot;, four points each, computed in float; a key goes to the first point at or after its hash (fnv1a_64, twemproxy&apos;s default — a 32-bit FNV-1a with the 64-bit constants cut to 32 bits). The name hashed is the server&apos;s own name when its line gives one (&quot;10.0.4.4:22122:1 cache-d&quot; hashes &quot;cache-d&quot;), else the host alone on port 11211 (libmemcached&apos;s habit), else host:port: 10.0.4.3:22122 keeps its port. 10.0.4.2 has weight 2. twemproxy&apos;s auto_eject_hosts rebuilds the continuum without an ejected server: remove a node to see it. `ringscope-cli import twemproxy nutcracker.yml` reads your own pool.</source>
        <translation>twemproxy（nutcracker）0.5.0 の ketama をビット単位で再現します（nc_ketama.c）。各サーバーは &quot;NAME-i&quot; の MD5 ダイジェストを floorf(w/Σw · 160/4 · N) 個、それぞれ 4 点持ち、計算は float で行われます。キーはハッシュ以上の最初の点に行きます（twemproxy の既定の fnv1a_64。64 ビットの定数を 32 ビットに切り詰めた 32 ビット FNV-1a）。ハッシュする名前は、行にサーバー自身の名前があればそれ（&quot;10.0.4.4:22122:1 cache-d&quot; は &quot;cache-d&quot; をハッシュ）、なければポート 11211 ではホストだけ（libmemcached の流儀）、それ以外は host:port です。10.0.4.3:22122 はポートを残します。10.0.4.2 は重み 2。twemproxy の auto_eject_hosts は、外したサーバーを除いて continuum を作り直します。ノードを取り除いて確かめてください。`ringscope-cli import twemproxy nutcracker.yml` で自分のプールを読み込めます。</translation>
    </message>
    <message>
        <source>Vnode lesson: 3 nodes x 4 vnodes in 0-99</source>
        <translation>仮想ノードのレッスン：0〜99 に 3 ノード × 4 仮想ノード</translation>
    </message>
    <message>
        <source>Each node hashes four names (A#0..A#3) into 0-99, so its share is the sum of four small arcs. Add or remove a vnode and watch the shares even out; compare with seed 000&apos;s one token per node.</source>
        <translation>各ノードは 4 つの名前（A#0〜A#3）を 0〜99 にハッシュするので、分担は 4 つの小さな弧の和になります。仮想ノードを加えたり除いたりして、分担が均されていくのを見てください。シード 000 のノードあたり 1 トークンと比べてみましょう。</translation>
    </message>
    <message>
        <source>Kafka: a topic of 12 partitions</source>
        <translation>Kafka：12 パーティションのトピック</translation>
    </message>
    <message>
        <source>Elasticsearch: an index of 6 shards</source>
        <translation>Elasticsearch: 6 シャードのインデックス</translation>
    </message>
    <message>
        <source>Elasticsearch&apos;s document routing, bit for bit: a document&apos;s routing (its _routing, else its _id) hashed with Murmur3 over its UTF-16 code units, taken modulo the index&apos;s 768 routing shards (the default of an index created by Elasticsearch 7.0 or later with 6 shards), divided by the routing factor 128. Shards are the nodes in order. An index cannot gain one shard: it splits into 12, 24, 48, ... shards, each document going to a child of its shard, or its documents are reindexed into a new index, which moves nearly all of them.</source>
        <translation>Elasticsearch のドキュメントルーティングをビット単位で再現します。ドキュメントのルーティング値（_routing、なければ _id）を UTF-16 コード単位で Murmur3 にかけ、インデックスの 768 ルーティングシャード（Elasticsearch 7.0 以降で 6 シャードのインデックスを作ったときの既定値）で floorMod を取り、ルーティング係数 128 で割ります。シャードは順番どおりのノードです。インデックスにシャードを一つだけ足すことはできません。12、24、48… シャードへ分割すると各ドキュメントは元のシャードの子に移り、新しいインデックスへ再インデックスするとほぼすべてが移動します。</translation>
    </message>
    <message>
        <source>mcrouter: a memcached pool of 8 servers</source>
        <translation>mcrouter: 8 台の memcached プール</translation>
    </message>
    <message>
        <source>mcrouter&apos;s HashRoute over a pool of 8 memcached servers, bit for bit: hash_func Ch3 (furc hash), the servers numbered by their place in the pool. Adding a server at the end moves only the keys it takes; taking one from the middle renumbers the servers after it, which moves about half of the keys. Set &quot;hashFunc&quot; to WeightedCh3 (weights 0 to 1), Rendezvous or WeightedRendezvous (the node ids as the tags) to compare. mcrouter hashes a key&apos;s routing key: without a routing prefix /region/cluster/, up to a hash stop |#|.</source>
        <translation>8 台の memcached サーバーのプールに対する mcrouter の HashRoute を、ビット単位で再現します。hash_func は Ch3（furc hash）で、サーバーはプール内の位置で番号付けされます。末尾にサーバーを加えると、そのサーバーが受け持つキーだけが移動します。途中の 1 台を外すと後ろのサーバーの番号がずれ、キーのおよそ半分が移動します。比べるには &quot;hashFunc&quot; を WeightedCh3（重みは 0〜1）、Rendezvous、WeightedRendezvous（ノード ID がタグ）に変えてください。mcrouter はキーのルーティングキーをハッシュします。ルーティング接頭辞 /region/cluster/ を除き、ハッシュストップ |#| の手前までです。</translation>
    </message>
    <message>
        <source>The Java producer&apos;s partitioner for keyed records, bit for bit: the murmur2 of the key&apos;s bytes with its sign bit cleared, modulo the partition count (BuiltInPartitioner.partitionForKey). Partitions are the nodes in order. librdkafka&apos;s default (consistent_random) takes the CRC-32 of the key instead (keyHash crc32), and its murmur2 partitioner is Java&apos;s: compare them in Presets &gt; Clients. Adding a partition moves most keys, which is why topics are sized up front.</source>
        <translation>Java プロデューサーがキー付きレコードに使うパーティショナーをビット単位で再現：キーのバイト列の murmur2 の符号ビットを落とし、パーティション数で割った余り（BuiltInPartitioner.partitionForKey）。パーティションは並び順どおりのノードです。librdkafka の既定（consistent_random）は代わりにキーの CRC-32 を使い（keyHash crc32）、その murmur2 パーティショナーは Java と同じです。プリセット &gt; クライアント で比べられます。パーティションを足すとほとんどのキーが動くので、トピックは最初に大きさを決めておきます。</translation>
    </message>
    <message>
        <source>Seed 003&apos;s ring (FNV-1a 32 of &quot;{node}#{i}&quot;, +1 probing on a collision) on a ring of only 360 slots, so that 3 x 40 vnodes collide often. The node placed first keeps a contested slot and the other moves one slot on: which one depends on the order the nodes were added. Presets &gt; Clients compares it with the same nodes added the other way round.</source>
        <translation>シード 003 のリング（&quot;{node}#{i}&quot; の FNV-1a 32、衝突すると +1 でずらす）を、わずか 360 スロットのリングに置いたもの。3 × 40 個の仮想ノード がしばしば衝突します。先に置いたノードが取り合いのスロットを守り、もう一方が 1 スロット先へ移ります。どちらになるかはノードを加えた順序によります。プリセット &gt; クライアント で、同じノードを逆の順に加えたものと比べられます。</translation>
    </message>
</context>
<context>
    <name>QApplication</name>
    <message>
        <source>About Ringscope</source>
        <translation>Ringscope について</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Ringscope %1&lt;/h3&gt;&lt;p&gt;See consistent hashing work: drag a token around a hash ring, add a node or a virtual node, and watch the arcs recolour, the keys that changed owner light up and the load per node move — next to rendezvous (HRW), jump hash and plain &lt;i&gt;hash % N&lt;/i&gt; on the same nodes and keys.&lt;/p&gt;&lt;p&gt;Ketama is libmemcached&apos;s weighted continuum, bit for bit. The command-line tool &lt;tt&gt;ringscope-cli&lt;/tt&gt; reads the same scenario files.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Ringscope %1&lt;/h3&gt;&lt;p&gt;一貫性ハッシュの動きを目で見るためのプログラムです。ハッシュリング上でトークンをドラッグし、ノードや仮想ノードを追加すると、区間の色が塗り替わり、持ち主が変わったキーが光り、ノードごとの負荷が動きます。同じノードとキーで、ランデブーハッシュ（HRW）、ジャンプハッシュ、単純な &lt;i&gt;hash % N&lt;/i&gt; と並べて比べられます。&lt;/p&gt;&lt;p&gt;Ketama は libmemcached の重み付き連続体をビット単位で再現しています。コマンドラインツール &lt;tt&gt;ringscope-cli&lt;/tt&gt; も同じシナリオファイルを読み込みます。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h4&gt;On the ring&lt;/h4&gt;&lt;table cellspacing=&apos;6&apos;&gt;&lt;tr&gt;&lt;td&gt;Drag a token&lt;/td&gt;&lt;td&gt;move it; release commits one undoable step&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Click a token&lt;/td&gt;&lt;td&gt;select its node (the node actions act on it)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Click a key&lt;/td&gt;&lt;td&gt;select it: its replica walk is drawn&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Right-click&lt;/td&gt;&lt;td&gt;token, node and zoom actions&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Wheel&lt;/td&gt;&lt;td&gt;zoom at the mouse; drag the background to pan&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Esc&lt;/td&gt;&lt;td&gt;cancel a drag&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;</source>
        <translation>&lt;h4&gt;リング上の操作&lt;/h4&gt;&lt;table cellspacing=&apos;6&apos;&gt;&lt;tr&gt;&lt;td&gt;トークンをドラッグ&lt;/td&gt;&lt;td&gt;移動します。離すと、元に戻せる一つの操作として確定します&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;トークンをクリック&lt;/td&gt;&lt;td&gt;そのノードを選択します（ノードの操作はこのノードに働きます）&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;キーをクリック&lt;/td&gt;&lt;td&gt;そのキーを選択し、レプリカをたどる道筋を描きます&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;右クリック&lt;/td&gt;&lt;td&gt;トークン、ノード、ズームの操作&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;ホイール&lt;/td&gt;&lt;td&gt;マウスの位置でズームします。背景をドラッグすると移動します&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Esc&lt;/td&gt;&lt;td&gt;ドラッグを取り消します&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;</translation>
    </message>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>キーボードショートカット</translation>
    </message>
    <message>
        <source>How to Read the Ring</source>
        <translation>リングの読み方</translation>
    </message>
    <message>
        <source>&amp;System</source>
        <translation>システム(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>ライト(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>ダーク(&amp;D)</translation>
    </message>
    <message>
        <source>&lt;h3&gt;How to read the ring&lt;/h3&gt;&lt;p&gt;&lt;b&gt;The circle is the hash space&lt;/b&gt;, from 0 at the top clockwise to the largest position. Small spaces (0–99) have a tick per position; large ones show fractions of the turn.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Coloured band: who owns what.&lt;/b&gt; Each token is a handle on the band, labelled &lt;i&gt;node@position&lt;/i&gt; in small rings. A token owns the arc from the token before it (exclusive) up to itself (inclusive): the first token at or after a key&apos;s position, wrapping past the top, owns the key. A node&apos;s colour follows its id; the legend at the top left gives each node&apos;s keys and share.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Dots inside the band are keys&lt;/b&gt;, at their hash positions (above a few thousand keys, a grey band shows their density). &lt;span style=&apos;color:#e61e1e&apos;&gt;&lt;b&gt;Red&lt;/b&gt;&lt;/span&gt; keys changed owner since the baseline; &lt;b&gt;yellow&lt;/b&gt; rings mark keys whose replica set changed while the owner stayed.&lt;/p&gt;&lt;p&gt;&lt;b&gt;The baseline&lt;/b&gt; is the state before the step that produced what you see, so each edit shows what it moved, and so does each undo or redo: after an undo you see the step before it, as it looked when it was made (nothing, back at the start). While you drag a token the baseline is where the drag began. &lt;i&gt;Edit → Pin Baseline Here&lt;/i&gt; keeps one state to compare every later edit with. The centre reads the moved keys next to the ideal: adding one node to N should move 1/(N+1) of the keys, removing one 1/N.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Replicas.&lt;/b&gt; Click a key: the dashed line walks clockwise from it; numbered circles are the R distinct nodes chosen, crosses the tokens skipped (same node, or a zone already used).&lt;/p&gt;&lt;p&gt;&lt;b&gt;Vnodes.&lt;/b&gt; &lt;i&gt;Add a vnode&lt;/i&gt; gives the selected node one more token where it takes keys from another node, and the moved keys show what it took.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;リングの読み方&lt;/h3&gt;&lt;p&gt;&lt;b&gt;円はハッシュ空間です。&lt;/b&gt;真上の 0 から時計回りに、最大の位置まで進みます。小さな空間（0〜99）では位置ごとに目盛りがあり、大きな空間では一周に対する割合を示します。&lt;/p&gt;&lt;p&gt;&lt;b&gt;色の帯：どのノードが何を持つか。&lt;/b&gt;トークンは帯の上のハンドルで、小さなリングでは &lt;i&gt;ノード@位置&lt;/i&gt; のラベルが付きます。トークンが受け持つのは、一つ前のトークン（含まない）から自分自身（含む）までの区間です。キーの位置以上で最初のトークンが、そのキーを持ちます（最上部を越えると先頭に戻ります）。ノードの色は ID で決まります。左上の凡例に、ノードごとのキー数と割合があります。&lt;/p&gt;&lt;p&gt;&lt;b&gt;帯の内側の点はキーです。&lt;/b&gt;ハッシュ位置に描かれます（キーが数千を超えると、灰色の帯で密度を表します）。&lt;span style=&apos;color:#e61e1e&apos;&gt;&lt;b&gt;赤&lt;/b&gt;&lt;/span&gt;のキーは、ベースラインから持ち主が変わったキーです。&lt;b&gt;黄色&lt;/b&gt;の輪は、持ち主はそのままでレプリカセットが変わったキーです。&lt;/p&gt;&lt;p&gt;&lt;b&gt;ベースライン&lt;/b&gt;は、いま見えている状態を作った操作の直前の状態です。そのため、どの編集でも、それが何を動かしたかが分かります。元に戻す・やり直すでも同じです。元に戻すと、その一つ前の操作が、行ったときのとおりに表示されます（最初まで戻ると何も表示されません）。トークンをドラッグしている間は、ドラッグを始めた状態がベースラインです。&lt;i&gt;編集 → ここをベースラインに固定&lt;/i&gt; を使うと、一つの状態を固定して、その後のすべての編集と比べられます。中央には、移動したキーの数が理想の値と並んで表示されます。N 台に 1 台を加えるなら理想は 1/(N+1)、1 台を除くなら 1/N です。&lt;/p&gt;&lt;p&gt;&lt;b&gt;レプリカ。&lt;/b&gt;キーをクリックすると、破線がそこから時計回りに進みます。番号付きの円が選ばれた R 個の異なるノード、×印が飛ばされたトークン（同じノード、またはすでに使ったゾーン）です。&lt;/p&gt;&lt;p&gt;&lt;b&gt;仮想ノード。&lt;/b&gt;&lt;i&gt;仮想ノードを追加&lt;/i&gt; は、選択したノードに、別のノードからキーを取る位置にトークンを一つ加えます。移動したキーで、何を取ったかが分かります。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source> · %1 replica sets changed</source>
        <translation> · レプリカセットの変更 %1 件</translation>
    </message>
    <message>
        <source>Load</source>
        <translation>負荷</translation>
    </message>
    <message>
        <source>Compare algorithms</source>
        <translation>アルゴリズムの比較</translation>
    </message>
    <message>
        <source>HRW</source>
        <translation>HRW</translation>
    </message>
    <message>
        <source>Jump</source>
        <translation>ジャンプ</translation>
    </message>
    <message>
        <source>mod-N</source>
        <translation>mod-N</translation>
    </message>
    <message>
        <source>Vnode study</source>
        <translation>仮想ノードの検証</translation>
    </message>
    <message>
        <source>added %1</source>
        <translation>%1 を追加</translation>
    </message>
    <message>
        <source>weight of %1 %2 → %3</source>
        <translation>%1 の重み %2 → %3</translation>
    </message>
    <message>
        <source>tokens of %1</source>
        <translation>%1 のトークン</translation>
    </message>
    <message>
        <source>removed %1</source>
        <translation>%1 を削除</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>キー数</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>バイト数</translation>
    </message>
    <message>
        <source>Requests</source>
        <translation>リクエスト数</translation>
    </message>
    <message>
        <source>mean</source>
        <translation>平均</translation>
    </message>
    <message>
        <source>fair share w/Σw</source>
        <translation>公平な分担 w/Σw</translation>
    </message>
    <message>
        <source> The last change added or removed no node, so this is a what-if.</source>
        <translation>直前の変更ではノードの追加も削除もなかったので、これは仮定の計算です。</translation>
    </message>
    <message>
        <source>would change bucket on N → N%1 (what-if)</source>
        <translation>N → N%1 でバケットが変わる（仮定）</translation>
    </message>
    <message>
        <source>changed bucket when %1 was added (%2 → %3)</source>
        <translation>%1 の追加でバケットが変わった（%2 → %3）</translation>
    </message>
    <message>
        <source>changed bucket when %1 was removed (%2 → %3)</source>
        <translation>%1 の削除でバケットが変わった（%2 → %3）</translation>
    </message>
    <message>
        <source>Maglev</source>
        <translation>Maglev 表</translation>
    </message>
    <message>
        <source>Redis slots</source>
        <translation>Redis スロット</translation>
    </message>
    <message>
        <source>Bounded loads</source>
        <translation>負荷上限</translation>
    </message>
    <message>
        <source>adding %1</source>
        <translation>%1 の追加</translation>
    </message>
    <message>
        <source>removing %1</source>
        <translation>%1 の削除</translation>
    </message>
    <message>
        <source>Down: %1 (tokens kept, serving nothing)</source>
        <translation>ダウン: %1（トークンは残り、何も担当しない）</translation>
    </message>
    <message>
        <source>%1 lost their primary</source>
        <translation>%1 個のキーがプライマリを失った</translation>
    </message>
    <message>
        <source> · %1 taken over by the master&apos;s promoted replica</source>
        <translation> · %1 個はマスターの昇格したレプリカが引き継ぎ</translation>
    </message>
    <message>
        <source>Back up: %1 keys handed back (%2 bytes)</source>
        <translation>復帰: %1 個のキーを返還（%2 バイト）</translation>
    </message>
    <message>
        <source>renamed %1 to %2</source>
        <translation>%1 を %2 に改名</translation>
    </message>
    <message>
        <source> · %1 of %2 bytes (%3)</source>
        <translation> · %2 バイト中 %1 バイト（%3）</translation>
    </message>
    <message>
        <source> · ideal %1</source>
        <translation> · 理想 %1</translation>
    </message>
    <message>
        <source>%1 marked down</source>
        <translation>%1 をダウン</translation>
    </message>
    <message>
        <source>%1 brought up</source>
        <translation>%1 を復帰</translation>
    </message>
    <message>
        <source>The %1 view is in the middle of the window: this scenario&apos;s algorithm draws no ring.</source>
        <translation>「%1」のビューはウィンドウの中央にあります。このシナリオのアルゴリズムにはリングがありません。</translation>
    </message>
    <message>
        <source>Predict first: this is shown once you have answered the question.</source>
        <translation>まず予想してください。これは質問に答えると表示されます。</translation>
    </message>
    <message>
        <source>Migration</source>
        <translation>移行</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 分</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 時間</translation>
    </message>
    <message>
        <source>%1 of %2 keys moved %3 (%4)</source>
        <translation>%3、%2 個中 %1 個のキーが移動（%4）</translation>
    </message>
    <message>
        <source> · %1 served by a node holding a copy</source>
        <translation> · %1 個はコピーを持つノードが担当</translation>
    </message>
    <message>
        <source> · %1 copied from a live replica</source>
        <translation> · %1 個は生きたレプリカからコピー</translation>
    </message>
    <message>
        <source> · %1 with no live copy: cache misses at their new primaries, %2 bytes from the origin</source>
        <translation> · 生きたコピーのないキー %1 個：新しいプライマリでキャッシュミスになり、%2 バイトをオリジンから取得</translation>
    </message>
    <message>
        <source> · %1 with no live copy: unavailable (%2 bytes) until a node holding them comes back</source>
        <translation> · 生きたコピーのないキー %1 個：それを持つノードが戻るまで利用不能（%2 バイト）</translation>
    </message>
    <message>
        <source> · now served by %1</source>
        <translation> · 現在の担当: %1</translation>
    </message>
    <message>
        <source>%1 lost a replica · %2 bytes to re-replicate to restore R = %3</source>
        <translation>%1 個がレプリカを失った · R = %3 に戻すための再複製 %2 バイト</translation>
    </message>
    <message>
        <source>How many keys will move? Predict, then reveal</source>
        <translation>何個のキーが移動するでしょう？ 予想してから答え合わせ</translation>
    </message>
    <message>
        <source>JumpBack</source>
        <translation>ジャンプバック</translation>
    </message>
    <message>
        <source>Multi-probe</source>
        <translation>マルチプローブ</translation>
    </message>
    <message>
        <source>Anchor</source>
        <translation>アンカー</translation>
    </message>
    <message>
        <source>Memento</source>
        <translation>メメント</translation>
    </message>
    <message>
        <source>Dx</source>
        <translation>Dx ハッシュ</translation>
    </message>
    <message>
        <source>Which algorithm?</source>
        <translation>どのアルゴリズム？</translation>
    </message>
    <message>
        <source>Replay</source>
        <translation>リプレイ</translation>
    </message>
    <message>
        <source>Elasticsearch routing</source>
        <translation>Elasticsearch のルーティング</translation>
    </message>
    <message>
        <source>mcrouter routing</source>
        <translation>mcrouter の振り分け</translation>
    </message>
    <message>
        <source>Clients</source>
        <translation>クライアント</translation>
    </message>
</context>
<context>
    <name>ReplayStudy</name>
    <message>
        <source>This scenario (%1)</source>
        <translation>このシナリオ (%1)</translation>
    </message>
    <message>
        <source>Ring, %1 vnodes</source>
        <translation>リング (vnode %1 個)</translation>
    </message>
    <message>
        <source>Ring, %1 vnodes, bounded %2</source>
        <translation>リング (vnode %1 個、上限 %2)</translation>
    </message>
    <message>
        <source>an edit</source>
        <translation>編集</translation>
    </message>
</context>
<context>
    <name>RingScene</name>
    <message>
        <source>… and %1 more</source>
        <translation>… ほか %1 台</translation>
    </message>
    <message>
        <source>%1 of %2 keys moved</source>
        <translation>%2 個中 %1 個のキーが移動</translation>
    </message>
    <message>
        <source>+%1 replica sets changed</source>
        <translation>+レプリカセットの変更 %1 件</translation>
    </message>
    <message>
        <source>This scenario uses %1, which has no ring to draw:
the node table and the analysis views show where its keys go.</source>
        <translation>このシナリオは %1 を使っているため、描くリングがありません。
キーの行き先はノード表と分析ビューに表示されます。</translation>
    </message>
    <message>
        <source>%1  %2</source>
        <translation>%1  %2</translation>
    </message>
    <message>
        <source>%1 down</source>
        <translation>%1 ダウン</translation>
    </message>
    <message>
        <source>%1  down · serves nothing</source>
        <translation>%1  ダウン · 担当なし</translation>
    </message>
    <message>
        <source>%1 keys handed back</source>
        <translation>%1 個のキーを返還</translation>
    </message>
    <message>
        <source>%1 of %2 moved (%3)</source>
        <translation>%2 中 %1 が移動（%3）</translation>
    </message>
    <message>
        <source>%1 · %2 · space %3</source>
        <translation>%1 · %2 · 空間 %3</translation>
    </message>
    <message>
        <source>%1  %2 · %3</source>
        <translation>%1  %2 · %3</translation>
    </message>
    <message>
        <source>How many keys will move?</source>
        <translation>何個のキーが移動するでしょう？</translation>
    </message>
    <message>
        <source>Predict, then reveal</source>
        <translation>予想してから答え合わせ</translation>
    </message>
    <message>
        <source>%1 %2 · ideal %3</source>
        <translation>%2の移動 %1 · 理想 %3</translation>
    </message>
    <message>
        <source>%1 %2 · ideal 0</source>
        <translation>%2の移動 %1 · 理想 0</translation>
    </message>
    <message>
        <source>%1 %2 · ideal 0 (same nodes and weights)</source>
        <translation>%2の移動 %1 · 理想 0（ノードと重みは同じ）</translation>
    </message>
    <message>
        <source>%1 primaries lost · %2 cache misses</source>
        <translation>プライマリ喪失 %1 · キャッシュミス %2</translation>
    </message>
    <message>
        <source>%1 primaries lost · %2 unavailable</source>
        <translation>プライマリ喪失 %1 · 利用不能 %2</translation>
    </message>
    <message>
        <source>the lesson&apos;s highlight</source>
        <translation>レッスンの強調</translation>
    </message>
    <message>
        <source>keys moved</source>
        <translation>動いたキー</translation>
    </message>
    <message>
        <source>replica set changed</source>
        <translation>レプリカの組が変わった</translation>
    </message>
    <message>
        <source>replica walk</source>
        <translation>レプリカの walk</translation>
    </message>
    <message>
        <source>%1  %2 primaries · %3</source>
        <translation>%1  プライマリ %2 · %3</translation>
    </message>
    <message>
        <source>inner ring: client B</source>
        <translation>内側のリング：クライアント B</translation>
    </message>
    <message>
        <source>clients A and B disagree</source>
        <translation>クライアント A と B で食い違うキー</translation>
    </message>
</context>
<context>
    <name>ScenarioEdits</name>
    <message>
        <source>%1 places keys without tokens; vnodes exist on a ring only</source>
        <translation>%1 はトークンを使わずにキーを配置します。仮想ノードはリングにしかありません</translation>
    </message>
    <message>
        <source>already at the most vnodes a node can have (%1)</source>
        <translation>一つのノードが持てる仮想ノードの上限（%1）に達しています</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a vnode count</source>
        <translation>「%1」は仮想ノードの数ではありません</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a position (%2)</source>
        <translation>「%1」は位置ではありません（%2）</translation>
    </message>
    <message>
        <source>every position of the space holds a token already</source>
        <translation>空間のすべての位置にすでにトークンがあります</translation>
    </message>
    <message>
        <source>the last node cannot be removed</source>
        <translation>最後のノードは削除できません</translation>
    </message>
    <message>
        <source>ketama gives each server points by its weight (floor(w/Σw·40·N) digests of four points); change the weight instead</source>
        <translation>ketama は各サーバーに重みに応じた点を与えます（4 点ずつのダイジェストを floor(w/Σw·40·N) 個）。代わりに重みを変えてください</translation>
    </message>
    <message>
        <source>Envoy&apos;s ring gives each host its share of the ring size by weight; change the weight or the ring sizes instead</source>
        <translation>Envoy のリングは、重みに応じてリングサイズの取り分を各ホストに与えます。代わりに重みかリングサイズを変えてください</translation>
    </message>
    <message>
        <source>no arc of another node has a free position for a new token</source>
        <translation>ほかのノードの区間に、新しいトークンを置ける空き位置がありません</translation>
    </message>
    <message>
        <source>a node keeps at least one vnode; remove the node instead</source>
        <translation>ノードには少なくとも一つの仮想ノードが必要です。代わりにノードを削除してください</translation>
    </message>
    <message>
        <source>a node keeps at least one token; remove the node instead</source>
        <translation>ノードには少なくとも一つのトークンが必要です。代わりにノードを削除してください</translation>
    </message>
    <message>
        <source>give at least one token position or a vnode count</source>
        <translation>トークンの位置か仮想ノードの数を、少なくとも一つ指定してください</translation>
    </message>
    <message>
        <source>give one vnode count</source>
        <translation>仮想ノードの数を一つ指定してください</translation>
    </message>
    <message>
        <source>nginx gives each server 160 points per unit of weight; change the weight instead</source>
        <translation>nginx は各サーバーに重み 1 あたり 160 点を与えます。代わりに重みを変えてください</translation>
    </message>
    <message>
        <source>HAProxy gives each server 16 points per unit of weight (0–256); change the weight instead</source>
        <translation>HAProxy は各サーバーに重み 1 あたり 16 点を与えます（重みは 0〜256）。代わりに重みを変えてください</translation>
    </message>
    <message>
        <source>twemproxy gives each server points by its weight (floorf(w/Σw·40·N) digests of four points); change the weight instead</source>
        <translation>twemproxy は各サーバーに重みに応じた点を与えます（floorf(w/Σw·40·N) 個のダイジェストにそれぞれ 4 点）。代わりに重みを変えてください</translation>
    </message>
    <message>
        <source>spymemcached gives every server 160 points (40 digests of four)</source>
        <translation>spymemcached はどのサーバーにも 160 点（4 点ずつのダイジェストを 40 個）を与えます</translation>
    </message>
</context>
<context>
    <name>Structure</name>
    <message>
        <source>the table entries</source>
        <translation>テーブルのエントリ</translation>
    </message>
    <message>
        <source>the arcs</source>
        <translation>区間</translation>
    </message>
    <message>
        <source>the buckets</source>
        <translation>バケット</translation>
    </message>
</context>
<context>
    <name>TokenScheme</name>
    <message>
        <source>envoy (ring hash)</source>
        <translation>envoy（リングハッシュ）</translation>
    </message>
    <message>
        <source>ketama (libmemcached)</source>
        <translation>ketama（libmemcached）</translation>
    </message>
    <message>
        <source>named ({node}#{i})</source>
        <translation>名前から（{node}#{i}）</translation>
    </message>
    <message>
        <source>nginx (hash … consistent)</source>
        <translation>nginx（hash … consistent）</translation>
    </message>
    <message>
        <source>haproxy (hash-type consistent)</source>
        <translation>haproxy（hash-type consistent）</translation>
    </message>
    <message>
        <source>groupcache (consistenthash)</source>
        <translation>groupcache（consistenthash）</translation>
    </message>
    <message>
        <source>twemproxy (ketama)</source>
        <translation>twemproxy（ketama）</translation>
    </message>
    <message>
        <source>ketama (spymemcached)</source>
        <translation>ketama（spymemcached）</translation>
    </message>
</context>
<context>
    <name>Verdict</name>
    <message>
        <source>no node is up</source>
        <translation>稼働中のノードがありません</translation>
    </message>
    <message>
        <source>fewer than three nodes are up: none is in the middle of the others</source>
        <translation>稼働中のノードが三台未満なので、ほかのノードの間にあるノードがありません</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>See consistent hashing work: drag tokens, watch keys move.</source>
        <translation>一貫性ハッシュの動きを見る：トークンをドラッグして、キーの移動を観察します。</translation>
    </message>
    <message>
        <source>%1: %2, %3 nodes, %4 keys</source>
        <translation>%1: %2、ノード %3 台、キー %4 個</translation>
    </message>
    <message>
        <source>Open the file (or the default scenario) without asking anything, wait until it is computed and drawn, print what was opened and quit: exit status 0, or 2 with the reason on standard error.</source>
        <translation>ファイル（指定がなければ既定のシナリオ）を何も尋ねずに開き、計算と描画が終わるのを待って、開いたものを表示して終了します。終了ステータスは 0、開けなかったときは 2 で、理由を標準エラー出力に書きます。</translation>
    </message>
    <message>
        <source>A scenario or lesson file (.json) to open, or a key list (.txt) to use as the scenario&apos;s keys.</source>
        <translation>開くシナリオまたはレッスンのファイル（.json）、またはシナリオのキーとして使うキーリスト（.txt）。</translation>
    </message>
    <message>
        <source>%1: lesson “%2”, %3 steps</source>
        <translation>%1: レッスン「%2」、全 %3 ステップ</translation>
    </message>
    <message>
        <source>Ringscope</source>
        <translation>Ringscope</translation>
    </message>
</context>
<context>
    <name>ringscope::AnchorPanel</name>
    <message>
        <source>a = %L1 buckets, %L2 working</source>
        <translation>a = %L1 バケット、稼働 %L2</translation>
    </message>
    <message>
        <source>hash mod %L1 → %L2 (%3)</source>
        <translation>ハッシュ mod %L1 → %L2（%3）</translation>
    </message>
    <message>
        <source>rehash mod A = %L1 → %L2 (%3)</source>
        <translation>再ハッシュ mod A = %L1 → %L2（%3）</translation>
    </message>
    <message>
        <source>K: its place taken by %L1 (%2)</source>
        <translation>K: その場所を継いだ %L1（%2）</translation>
    </message>
    <message>
        <source>AnchorHash hashes a key into its a buckets; landing on a removed bucket it rehashes into the A[b] buckets that were working when that bucket was removed, and where it lands on one removed later, K names the bucket that took its place. A removed node keeps its bucket; the next node added takes the bucket removed last.</source>
        <translation>AnchorHash はキーを a 個のバケットにハッシュする。外されたバケットに当たると、そのバケットが外されたときに稼働していた A[b] 個のバケットへ再ハッシュし、それより後に外されたバケットに当たったときは K がその場所を継いだバケットを示す。外したノードはバケットを保ち、次に追加したノードは最後に外されたバケットを取る。</translation>
    </message>
</context>
<context>
    <name>ringscope::Autosave</name>
    <message>
        <source>Unsaved changes cannot be autosaved, so a crash would lose them. Save your work to another place.

%1</source>
        <translation>未保存の変更を自動保存できません。クラッシュすると失われます。作業を別の場所に保存してください。

%1</translation>
    </message>
    <message>
        <source>It was set aside as %1.</source>
        <translation>%1 として退避しました。</translation>
    </message>
    <message>
        <source>%1 could not be set aside.</source>
        <translation>%1 を退避できませんでした。</translation>
    </message>
    <message>
        <source>The autosaved work cannot be opened. %1</source>
        <translation>自動保存された作業を開けません。%1</translation>
    </message>
    <message>
        <source>The autosaved work cannot be read. %1

%2</source>
        <translation>自動保存された作業を読み込めません。%1

%2</translation>
    </message>
</context>
<context>
    <name>ringscope::BoundedLoadPanel</name>
    <message>
        <source>The balance factor c: a node takes keys up to ceil(c · placed · w/Σw); Envoy&apos;s hash_balance_factor and HAProxy&apos;s hash-balance-factor are c·100</source>
        <translation>バランス係数 c：ノードは ceil(c · 配置済み · w/Σw) までキーを受け取ります。Envoy の hash_balance_factor と HAProxy の hash-balance-factor は c·100 です</translation>
    </message>
    <message>
        <source>The membership change whose price is counted</source>
        <translation>代償を数えるメンバー変更</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>キー</translation>
    </message>
    <message>
        <source>Load</source>
        <translation>負荷</translation>
    </message>
    <message>
        <source>First choice</source>
        <translation>第一候補</translation>
    </message>
    <message>
        <source>Full nodes passed</source>
        <translation>通過した満杯のノード</translation>
    </message>
    <message>
        <source>Landed on</source>
        <translation>配置先</translation>
    </message>
    <message>
        <source>Balance factor c:</source>
        <translation>バランス係数 c：</translation>
    </message>
    <message>
        <source>Price of:</source>
        <translation>代償：</translation>
    </message>
    <message>
        <source>adding a node</source>
        <translation>ノードの追加</translation>
    </message>
    <message>
        <source>removing %1</source>
        <translation>%1 の削除</translation>
    </message>
    <message>
        <source>Bounded loads apply to ring and Maglev; these keys are placed on a ring of the same nodes. </source>
        <translation>負荷上限はリングと Maglev に適用されます。ここでは同じノードのリングにキーを配置しています。</translation>
    </message>
    <message>
        <source>%1 with the scenario&apos;s bounded loads, c = %2. </source>
        <translation>%1、シナリオの負荷上限 c = %2。</translation>
    </message>
    <message>
        <source>%1 with bounded loads c = %2 (a trial; the scenario has none). </source>
        <translation>%1、負荷上限 c = %2（試用：シナリオには負荷上限がありません）。</translation>
    </message>
    <message>
        <source>requests</source>
        <translation>リクエスト</translation>
    </message>
    <message>
        <source>keys</source>
        <translation>キー</translation>
    </message>
    <message>
        <source>Bars: %1 per node, hatched what overflowed in; dashed: without the cap; line: capacity ceil(c · placed · w/Σw), at most %2. %3 of %4 keys landed away from their first choice (arches; the selected key&apos;s chain numbered).</source>
        <translation>棒：ノードごとの%1（斜線は溢れて流れ込んだ分）。破線：上限なしの場合。線：容量 ceil(c · 配置済み · w/Σw)、最大 %2。%4 キー中 %3 キーが第一候補以外に配置されました（弧。選択したキーの連鎖には番号付き）。</translation>
    </message>
    <message>
        <source> %1 heavy keys fit nowhere and went to the node with the most room.</source>
        <translation>重い %1 キーはどこにも収まらず、最も余裕のあるノードに置かれました。</translation>
    </message>
    <message>
        <source> Over the first %1 of %2 keys.</source>
        <translation>%2 キーのうち最初の %1 キーで計算。</translation>
    </message>
    <message>
        <source>Pick a membership change to see its price.</source>
        <translation>メンバー変更を選ぶと、その代償が表示されます。</translation>
    </message>
    <message>
        <source>The price, %1: %2 keys move with bounded loads (%3), %4 without (%5); ideal %6.</source>
        <translation>代償（%1）：負荷上限ありで %2 キーが移動（%3）、なしで %4 キー（%5）。理想は %6。</translation>
    </message>
</context>
<context>
    <name>ringscope::BucketsPathView</name>
    <message>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
    <message>
        <source>… rows %L1–%L2 not drawn; the last: %3</source>
        <translation>… %L1–%L2 行目は省略。最後: %3</translation>
    </message>
    <message>
        <source>… %L1 more listed, not drawn; the key looks further</source>
        <translation>… ほかに %L1 行（描画なし）。キーはさらに先を探す</translation>
    </message>
</context>
<context>
    <name>ringscope::ClientsPanel</name>
    <message>
        <source>Open…</source>
        <translation>開く…</translation>
    </message>
    <message>
        <source>None</source>
        <translation>なし</translation>
    </message>
    <message>
        <source>One change behind</source>
        <translation>変更一つ分遅れ</translation>
    </message>
    <message>
        <source>Nodes in the other order</source>
        <translation>ノードを逆の順で追加</translation>
    </message>
    <message>
        <source>Another key hash</source>
        <translation>別のキーハッシュ</translation>
    </message>
    <message>
        <source>Another key encoding</source>
        <translation>別のキーエンコーディング</translation>
    </message>
    <message>
        <source>Another token scheme</source>
        <translation>別のトークン方式</translation>
    </message>
    <message>
        <source>A scenario file</source>
        <translation>シナリオファイル</translation>
    </message>
    <message>
        <source>How client B differs from this scenario (client A)</source>
        <translation>クライアント B がこのシナリオ（クライアント A）とどう違うか</translation>
    </message>
    <message>
        <source>Read client B from a scenario file; it looks up this scenario&apos;s keys</source>
        <translation>クライアント B をシナリオファイルから読み込みます。キーはこのシナリオのものを引きます</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>キー</translation>
    </message>
    <message>
        <source>Client A</source>
        <translation>クライアント A</translation>
    </message>
    <message>
        <source>Client B</source>
        <translation>クライアント B</translation>
    </message>
    <message>
        <source>A ↓ B →</source>
        <translation>A ↓ B →</translation>
    </message>
    <message>
        <source>Client B:</source>
        <translation>クライアント B：</translation>
    </message>
    <message>
        <source>Open Client B</source>
        <translation>クライアント B を開く</translation>
    </message>
    <message>
        <source>Ringscope scenarios (*.json);;All files (*)</source>
        <translation>Ringscope のシナリオ (*.json);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>, %1 of %2</source>
        <translation>、%2 中 %1</translation>
    </message>
    <message>
        <source> %1 more agree on the primary but not on the replicas.</source>
        <translation> ほかに %1 個は、プライマリは一致してもレプリカが違います。</translation>
    </message>
    <message>
        <source>the algorithm (%1 → %2)</source>
        <translation>アルゴリズム（%1 → %2）</translation>
    </message>
    <message>
        <source>the ring&apos;s points</source>
        <translation>リングのポイント</translation>
    </message>
    <message>
        <source>the ring&apos;s points (%1 → %2)</source>
        <translation>リングのポイント（%1 → %2）</translation>
    </message>
    <message>
        <source>the key hash (%1 → %2)</source>
        <translation>キーハッシュ（%1 → %2）</translation>
    </message>
    <message>
        <source>the key encoding (%1 → %2)</source>
        <translation>キーのエンコーディング（%1 → %2）</translation>
    </message>
    <message>
        <source>the hash space (%1 → %2)</source>
        <translation>ハッシュ空間（%1 → %2）</translation>
    </message>
    <message>
        <source>the order of the nodes</source>
        <translation>ノードの順序</translation>
    </message>
    <message>
        <source>the weights of %1</source>
        <translation>%1 の重み</translation>
    </message>
    <message>
        <source>the replicas (%1 → %2)</source>
        <translation>レプリカ数（%1 → %2）</translation>
    </message>
    <message>
        <source>the nodes down (%1 → %2)</source>
        <translation>停止中のノード（%1 → %2）</translation>
    </message>
    <message>
        <source>none</source>
        <translation>なし</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <source>Add client</source>
        <translation>クライアントを追加</translation>
    </message>
    <message>
        <source>Another client of the same keys: each pair&apos;s disagreement is shown in a matrix</source>
        <translation>同じキーを引く別のクライアント。各組の食い違いを行列で示します</translation>
    </message>
    <message>
        <source>The share of the keys each pair of clients sends to different primaries; click a cell for that pair&apos;s nodes and keys</source>
        <translation>各組のクライアントが別のプライマリへ送るキーの割合。セルをクリックすると、その組のノードとキーを示します</translation>
    </message>
    <message>
        <source>A scenario file…</source>
        <translation>シナリオファイル…</translation>
    </message>
    <message>
        <source>Add a Client</source>
        <translation>クライアントを追加</translation>
    </message>
    <message>
        <source>The clients view compares at most %1 clients.</source>
        <translation>クライアントのビューで比べられるのは %1 個までです。</translation>
    </message>
    <message>
        <source>the nodes (%2 also has %1)</source>
        <translation>ノード（%2 には %1 もある）</translation>
    </message>
    <message>
        <source>the nodes (only %2 has %1)</source>
        <translation>ノード（%1 は %2 にだけある）</translation>
    </message>
    <message>
        <source>the nodes (only %3 has %1, only %4 has %2)</source>
        <translation>ノード（%1 は %3 にだけ、%2 は %4 にだけある）</translation>
    </message>
    <message>
        <source>Client %2 differs from client %1 in the algorithm&apos;s parameters.</source>
        <translation>クライアント %2 はアルゴリズムのパラメーターがクライアント %1 と異なります。</translation>
    </message>
    <message>
        <source>Client %2 differs from client %1 in %3.</source>
        <translation>クライアント %2 はクライアント %1 と次の点が異なります：%3。</translation>
    </message>
    <message>
        <source>one change behind</source>
        <translation>変更一つ分遅れ</translation>
    </message>
    <message>
        <source>the nodes in the other order</source>
        <translation>ノードが逆順</translation>
    </message>
    <message>
        <source>key hash %1</source>
        <translation>キーハッシュ %1</translation>
    </message>
    <message>
        <source>key encoding %1</source>
        <translation>キーのエンコーディング %1</translation>
    </message>
    <message>
        <source>token scheme %1</source>
        <translation>トークン方式 %1</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>%1 を外す</translation>
    </message>
    <message>
        <source>Remove client %1: %2</source>
        <translation>クライアント %1 を外す：%2</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>this scenario</source>
        <translation>このシナリオ</translation>
    </message>
    <message>
        <source>Clients %1 and %2 disagree on %3 of %4 keys</source>
        <translation>クライアント %1 と %2 は %4 個中 %3 個のキーで食い違います</translation>
    </message>
    <message>
        <source>Client %1</source>
        <translation>クライアント %1</translation>
    </message>
    <message>
        <source>%1 ↓ %2 →</source>
        <translation>%1 ↓ %2 →</translation>
    </message>
    <message>
        <source>Pick a client B to see where two clients of the same keys disagree: one change behind, the nodes in the other order, another key hash or token scheme, or a scenario file; Add client compares more. Presets ▸ Clients has examples.</source>
        <translation>クライアント B を選ぶと、同じキーを引く二つのクライアントがどこで食い違うかが分かります。変更一つ分遅れ、ノードの逆順、別のキーハッシュやトークン方式、またはシナリオファイル。「クライアントを追加」でさらに比べられます。プリセット ▸ クライアント に例があります。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Client %1 and client %2 agree&lt;/b&gt; on the primary of every one of the %3 keys.</source>
        <translation>%3 個のキーすべてで、&lt;b&gt;クライアント %1 と %2 のプライマリが一致&lt;/b&gt;しています。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Client %1 and client %2 disagree on %3 of %4 keys (%5)&lt;/b&gt;</source>
        <translation>&lt;b&gt;%4 個中 %3 個のキー（%5）で、クライアント %1 と %2 のプライマリが食い違います&lt;/b&gt;</translation>
    </message>
    <message>
        <source>: a read through %2 misses where %1 wrote.</source>
        <translation>。%2 を通した読み出しは、%1 が書いた場所に届きません。</translation>
    </message>
    <message>
        <source>, %1 of the requests</source>
        <translation>、リクエストの %1</translation>
    </message>
</context>
<context>
    <name>ringscope::ComparisonPanel</name>
    <message>
        <source> · computing…</source>
        <translation> · 計算中…</translation>
    </message>
    <message>
        <source>No change since the baseline: add or remove a node or change a weight to see how many keys each algorithm moves.</source>
        <translation>ベースラインから変更はありません。ノードを追加・削除するか重みを変えると、各アルゴリズムで移動するキーの数が分かります。</translation>
    </message>
    <message>
        <source>scenario edited</source>
        <translation>シナリオを編集</translation>
    </message>
    <message>
        <source> · sampled: the first %1 of %2 keys (HRW costs one SHA-256 per key and node)</source>
        <translation> · 標本：%2 個中、最初の %1 個のキー（HRW はキーとノードごとに SHA-256 を一回計算します）</translation>
    </message>
    <message>
        <source> · %1 keys</source>
        <translation> · キー %1 個</translation>
    </message>
    <message>
        <source>ideal</source>
        <translation>理想</translation>
    </message>
    <message>
        <source>mean</source>
        <translation>平均</translation>
    </message>
    <message>
        <source>Algorithm</source>
        <translation>アルゴリズム</translation>
    </message>
    <message>
        <source>Moved</source>
        <translation>移動率</translation>
    </message>
    <message>
        <source>Ideal</source>
        <translation>理想</translation>
    </message>
    <message>
        <source>The most loaded node&apos;s keys over its fair share w/Σw</source>
        <translation>最も負荷の高いノードのキー数を、その公平な分担 w/Σw で割った値</translation>
    </message>
    <message>
        <source>The most loaded node&apos;s keys over the mean</source>
        <translation>最も負荷の高いノードのキー数を平均で割った値</translation>
    </message>
    <message>
        <source>% of keys</source>
        <translation>キーの割合（%）</translation>
    </message>
    <message>
        <source>ideal %1</source>
        <translation>理想 %1</translation>
    </message>
    <message>
        <source>Keys
moved</source>
        <translation>移動したキー</translation>
    </message>
    <message>
        <source>×
ideal</source>
        <translation>理想比</translation>
    </message>
    <message>
        <source>Bytes
moved</source>
        <translation>移動したバイト</translation>
    </message>
    <message>
        <source>max/
%1</source>
        <translation>最大/%1</translation>
    </message>
    <message>
        <source>std-dev/
%1</source>
        <translation>標準偏差/%1</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>対象外</translation>
    </message>
    <message>
        <source>%1: n/a — %2</source>
        <translation>%1：対象外 — %2</translation>
    </message>
    <message>
        <source>%1: &lt;b&gt;%2&lt;/b&gt; (%3 → %4 nodes)</source>
        <translation>%1：&lt;b&gt;%2&lt;/b&gt;（ノード %3 → %4 台）</translation>
    </message>
    <message>
        <source>Keys moved %1</source>
        <translation>移動したキー（%1）</translation>
    </message>
</context>
<context>
    <name>ringscope::Document</name>
    <message>
        <source>Still computing the last change; wait for it or cancel it.</source>
        <translation>直前の変更をまだ計算中です。終わるまで待つか、取り消してください。</translation>
    </message>
    <message>
        <source>Add node %1</source>
        <translation>ノード %1 を追加</translation>
    </message>
    <message>
        <source>Remove node %1</source>
        <translation>ノード %1 を削除</translation>
    </message>
    <message>
        <source>Rename node to %1</source>
        <translation>ノード名を %1 に変更</translation>
    </message>
    <message>
        <source>Set weight of %1</source>
        <translation>%1 の重みを設定</translation>
    </message>
    <message>
        <source>Set zone of %1</source>
        <translation>%1 のゾーンを設定</translation>
    </message>
    <message>
        <source>Set vnodes of %1</source>
        <translation>%1 の仮想ノードを設定</translation>
    </message>
    <message>
        <source>Colour %1</source>
        <translation>%1 の色を設定</translation>
    </message>
    <message>
        <source>Automatic colour for %1</source>
        <translation>%1 を自動の色に</translation>
    </message>
    <message>
        <source>Add a vnode to %1</source>
        <translation>%1 に仮想ノードを追加</translation>
    </message>
    <message>
        <source>Remove a vnode of %1</source>
        <translation>%1 の仮想ノードを削除</translation>
    </message>
    <message>
        <source>Set tokens of %1</source>
        <translation>%1 のトークンを設定</translation>
    </message>
    <message>
        <source>Add token of %1 at %2</source>
        <translation>%1 のトークンを %2 に追加</translation>
    </message>
    <message>
        <source>Remove a token of %1</source>
        <translation>%1 のトークンを削除</translation>
    </message>
    <message>
        <source>Set replicas to %1</source>
        <translation>レプリカ数を %1 に設定</translation>
    </message>
    <message>
        <source>Zone-aware replicas</source>
        <translation>ゾーンを考慮したレプリカ</translation>
    </message>
    <message>
        <source>Zone-blind replicas</source>
        <translation>ゾーンを考慮しないレプリカ</translation>
    </message>
    <message>
        <source>Move token of %1 to %2</source>
        <translation>%1 のトークンを %2 へ移動</translation>
    </message>
    <message>
        <source>Mark %1 down</source>
        <translation>%1 をダウンにする</translation>
    </message>
    <message>
        <source>Bring %1 up</source>
        <translation>%1 を復帰させる</translation>
    </message>
    <message>
        <source>The baseline&apos;s key set differs from the scenario&apos;s.</source>
        <translation>ベースラインのキー集合がシナリオのものと異なります。</translation>
    </message>
    <message>
        <source>Remove node %1 (replicas %2 → %3)</source>
        <translation>ノード %1 を削除（レプリカ数 %2 → %3）</translation>
    </message>
    <message>
        <source>Removed %1: %2 nodes are left, so the replicas went down from %3 to %2.</source>
        <translation>%1 を削除しました。残りのノードは %2 台なので、レプリカ数は %3 から %2 に下がりました。</translation>
    </message>
    <message>
        <source>The node&apos;s weight must be more than 0: a weight is the node&apos;s share of the keys, and %1 would hold none with 0. To take %1 out of service, remove it or mark it down.</source>
        <translation>ノードの重みは 0 より大きくなければなりません。重みはそのノードが受け持つキーの取り分で、0 では %1 は何も持ちません。%1 を使わないようにするには、削除するかダウンにしてください。</translation>
    </message>
    <message>
        <source>%1&apos;s tokens are written out, so its weight places no token and no key moves: the weight sets only %1&apos;s fair share. To give it more keys, add vnodes or drag its tokens.</source>
        <translation>%1 のトークンは明示されているので、重みはトークンを置かず、キーは動きません。重みが決めるのは %1 の公平な分担だけです。キーを増やすには、仮想ノードを加えるかトークンをドラッグしてください。</translation>
    </message>
</context>
<context>
    <name>ringscope::DxPanel</name>
    <message>
        <source>capacity %L1, %L2 active</source>
        <translation>容量 %L1、稼働 %L2</translation>
    </message>
    <message>
        <source>nextInt(%L1) → %L2 (%3)</source>
        <translation>nextInt(%L1) → %L2（%3）</translation>
    </message>
    <message>
        <source>DxHash seeds java.util.Random with the key and draws buckets below its capacity until one is active: the buckets past the nodes and the removed ones are inactive. A removed node keeps its bucket; its keys take their next draw, and the next node added takes the bucket removed last.</source>
        <translation>DxHash はキーを種に java.util.Random を作り、容量未満のバケットを稼働中のものに当たるまで引く。ノードより後ろのバケットと外されたバケットは非稼働。外したノードはバケットを保ち、そのキーは次の一引きへ進み、次に追加したノードは最後に外されたバケットを取る。</translation>
    </message>
</context>
<context>
    <name>ringscope::ElasticsearchPanel</name>
    <message>
        <source> Document %1 goes to shard %2 (%3, down: %4 serves it).</source>
        <translation> ドキュメント %1 はシャード %2（%3、ダウン中: %4 が受け持ちます）に入ります。</translation>
    </message>
    <message>
        <source> Document %1 goes to shard %2 (%3).</source>
        <translation> ドキュメント %1 はシャード %2（%3）に入ります。</translation>
    </message>
    <message>
        <source> Counting what a split or a reindex would move…</source>
        <translation> 分割や再インデックスで何が移動するかを数えています…</translation>
    </message>
    <message>
        <source> Splitting into %L1 shards would put %2 documents (%3) on a new shard number, every one on a child of its shard.</source>
        <translation> %L1 シャードに分割すると %2 件のドキュメント（%3）のシャード番号が変わり、そのすべてが元のシャードの子に入ります。</translation>
    </message>
    <message>
        <source> Splitting into %L1 shards would put %2 documents (%3) on a new shard number, %4 of them outside their shard&apos;s children.</source>
        <translation> %L1 シャードに分割すると %2 件のドキュメント（%3）のシャード番号が変わり、そのうち %4 件が元のシャードの子の外に出ます。</translation>
    </message>
    <message>
        <source> The %L1 routing shards allow no further split.</source>
        <translation> ルーティングシャード %L1 では、これ以上分割できません。</translation>
    </message>
    <message>
        <source> Reindexing into a new index of %L1 shards (%L2 routing shards) would move %3 documents (%4); ideal %5.</source>
        <translation> %L1 シャード（ルーティングシャード %L2）の新しいインデックスへ再インデックスすると %3 件のドキュメント（%4）が移動します。理想は %5。</translation>
    </message>
    <message>
        <source> Counted over the first %L1 of %L2 keys.</source>
        <translation> %L2 個のキーのうち最初の %L1 個で数えました。</translation>
    </message>
    <message>
        <source>This scenario uses %1; shown is what Elasticsearch would do with its nodes as an index&apos;s shards.</source>
        <translation>このシナリオは %1 を使っています。表示は、そのノードをインデックスのシャードとしたときに Elasticsearch がすることです。</translation>
    </message>
    <message>
        <source>Elasticsearch hashes a document&apos;s routing (its _routing, else its _id) with Murmur3 over its UTF-16 code units, takes it modulo the index&apos;s routing shards, and divides by the routing factor: each shard owns a run of routing slots.</source>
        <translation>Elasticsearch はドキュメントのルーティング値（_routing、なければ _id）を UTF-16 コード単位で Murmur3 にかけ、インデックスのルーティングシャード数で剰余を取り、ルーティング係数で割ります。各シャードは連続したルーティングスロットを受け持ちます。</translation>
    </message>
    <message>
        <source> The next split, into %L1 shards, passes the node limit.</source>
        <translation> 次の分割（%L1 シャード）はノード数の上限を超えます。</translation>
    </message>
</context>
<context>
    <name>ringscope::EsRouteView</name>
    <message>
        <source>1. Murmur3 of %L1 UTF-16 code units: %2</source>
        <translation>1. UTF-16 コード単位 %L1 個の Murmur3: %2</translation>
    </message>
    <message>
        <source>2. floorMod(%1, %L2) = routing slot %L3</source>
        <translation>2. floorMod(%1, %L2) = ルーティングスロット %L3</translation>
    </message>
    <message>
        <source>3. %L1 / %L2 (routing factor) = shard %L3 (%4)</source>
        <translation>3. %L1 / %L2（ルーティング係数）= シャード %L3（%4）</translation>
    </message>
    <message>
        <source>Split into %L1: %L2 / %L3 = shard %L4, a child of shard %L5</source>
        <translation>%L1 に分割: %L2 / %L3 = シャード %L4、シャード %L5 の子</translation>
    </message>
    <message>
        <source>split: %L1 shards</source>
        <translation>分割後: %L1 シャード</translation>
    </message>
    <message>
        <source>%L1 shards, %L2 routing shards</source>
        <translation>%L1 シャード、ルーティングシャード %L2</translation>
    </message>
</context>
<context>
    <name>ringscope::HrwBars</name>
    <message>
        <source>%1 (w %2)</source>
        <translation>%1（w %2）</translation>
    </message>
    <message>
        <source>  ★ winner</source>
        <translation>  ★ 勝者</translation>
    </message>
    <message>
        <source>  replica %1</source>
        <translation>  レプリカ %1</translation>
    </message>
</context>
<context>
    <name>ringscope::HrwPanel</name>
    <message>
        <source>Weighted: −ln U / w, smallest wins</source>
        <translation>重み付き：−ln U / w、最小が勝ち</translation>
    </message>
    <message>
        <source>Show naive score/w and score·w shares</source>
        <translation>素朴な score/w と score·w の割合を表示</translation>
    </message>
    <message>
        <source>Add a node: only the keys the new node wins move to it.</source>
        <translation>ノードを追加すると、新しいノードが勝ったキーだけがそこへ移ります。</translation>
    </message>
    <message>
        <source> — %L1 of them to the new node: only keys it wins move.</source>
        <translation> — うち %L1 個が新しいノードへ。移るのは新しいノードが勝ったキーだけです。</translation>
    </message>
    <message>
        <source> — %L1 of them from the removed node: only its keys move.</source>
        <translation> — うち %L1 個が削除したノードから。移るのはそのノードのキーだけです。</translation>
    </message>
    <message>
        <source>Key share per node: target w/Σw against the HRW variants</source>
        <translation>ノードごとのキーの割合：目標 w/Σw と HRW の各変種</translation>
    </message>
    <message>
        <source>% of keys</source>
        <translation>キーの割合（%）</translation>
    </message>
    <message>
        <source>w/Σw (target)</source>
        <translation>w/Σw（目標）</translation>
    </message>
    <message>
        <source>%1 (%2): %3 of %4 keys moved (%5, ideal %6)</source>
        <translation>%1（%2）：%4 個中 %3 個のキーが移動（%5、理想 %6）</translation>
    </message>
</context>
<context>
    <name>ringscope::JumpBackPanel</name>
    <message>
        <source> Counting what adding or removing a node moves…</source>
        <translation>ノードの追加・削除で移動するキーを数えています…</translation>
    </message>
    <message>
        <source> Adding a node as bucket %L1 would move %2 keys (%3), every one into the new bucket; ideal %4.</source>
        <translation>ノードをバケット %L1 として追加すると %2 個のキー（%3）が移動し、すべて新しいバケットに入ります。理想は %4。</translation>
    </message>
    <message>
        <source> Adding a node as bucket %L1 would move %2 keys (%3), %4 of them between old buckets; ideal %5.</source>
        <translation>ノードをバケット %L1 として追加すると %2 個のキー（%3）が移動し、そのうち %4 個は既存のバケット間です。理想は %5。</translation>
    </message>
    <message>
        <source> Counted over the first %L1 of %L2 keys.</source>
        <translation>%L2 個中、最初の %L1 個のキーで数えました。</translation>
    </message>
    <message>
        <source>This scenario uses %1; shown is what JumpBack would do with its nodes.</source>
        <translation>このシナリオは %1 を使っています。表示しているのは、同じノードで ジャンプバック がすることです。</translation>
    </message>
    <message>
        <source>JumpBack draws a random value from the key, keeps its bits below N&apos;s power of two and starts in the range of the highest one: a candidate ≥ N is drawn again in that range, a draw below it moves down to the next lower bit, and with no bit left the key takes bucket 0.</source>
        <translation>ジャンプバック はキーから乱数を引き、N を含む 2 のべき乗より下のビットを残して、最上位の 1 のビットの範囲から始めます。N 以上の候補はその範囲で引き直し、範囲より下を引いたら次の下位ビットへ進み、ビットが残っていなければキーはバケット 0 に入ります。</translation>
    </message>
    <message>
        <source> Key %1 (64-bit value %2) takes bucket %3 (%4, down: %5 serves it); candidates looked at: %6.</source>
        <translation>キー %1（64 ビット値 %2）はバケット %3（%4、停止中：%5 が受け持ちます）に入ります。調べた候補：%6 個。</translation>
    </message>
    <message>
        <source> Key %1 (64-bit value %2) takes bucket %3 (%4); candidates looked at: %5.</source>
        <translation>キー %1（64 ビット値 %2）はバケット %3（%4）に入ります。調べた候補：%5 個。</translation>
    </message>
    <message>
        <source> Removing the last node would move %1 keys (%2); ideal %3.</source>
        <translation>最後のノードを削除すると %1 個のキー（%2）が移動します。理想は %3。</translation>
    </message>
    <message>
        <source> A node in the middle cannot go without renumbering the buckets after it.</source>
        <translation>途中のノードは、その後ろのバケットを番号付けし直さない限り削除できません。</translation>
    </message>
</context>
<context>
    <name>ringscope::JumpBackWalkView</name>
    <message>
        <source>%L1–%L2</source>
        <translation>%L1–%L2</translation>
    </message>
    <message>
        <source>in %1: %L2, taken (%3)</source>
        <translation>%1 内：%L2 を採用（%3）</translation>
    </message>
    <message>
        <source>in %1: %L2 ≥ N, draw again</source>
        <translation>%1 内：%L2 ≥ N なので引き直し</translation>
    </message>
    <message>
        <source>in %1: a draw below it, next lower bit</source>
        <translation>%1 内：範囲より下を引いたので次の下位ビットへ</translation>
    </message>
    <message>
        <source>no bit left: bucket 0 (%1)</source>
        <translation>ビットが残っていない：バケット 0（%1）</translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
    <message>
        <source>… rows %L1–%L2 not drawn; the last: %3</source>
        <translation>… %L1–%L2 行目は省略。最後：%3</translation>
    </message>
    <message>
        <source>N = %L1, drawn in 0–%L2</source>
        <translation>N = %L1、0–%L2 の中で引く</translation>
    </message>
</context>
<context>
    <name>ringscope::JumpPanel</name>
    <message>
        <source> Counted over the first %L1 of %L2 keys.</source>
        <translation>%L2 個中、最初の %L1 個のキーで数えました。</translation>
    </message>
    <message>
        <source>Show:</source>
        <translation>表示：</translation>
    </message>
    <message>
        <source>What if bucket %1 (node %2) were removed</source>
        <translation>バケット %1（ノード %2）を削除したら</translation>
    </message>
    <message>
        <source> Before the removal, key %1 (hash %2) visited buckets %3 and landed in bucket %4.</source>
        <translation>削除の前、キー %1（ハッシュ %2）はバケット %3 をたどり、バケット %4 に落ち着いていました。</translation>
    </message>
    <message>
        <source> Key %1 (hash %2) visits buckets %3 and lands in bucket %4.</source>
        <translation>キー %1（ハッシュ %2）はバケット %3 をたどり、バケット %4 に落ち着きます。</translation>
    </message>
    <message>
        <source>buckets</source>
        <translation>バケット</translation>
    </message>
    <message>
        <source>now</source>
        <translation>現在</translation>
    </message>
    <message>
        <source>before</source>
        <translation>変更前</translation>
    </message>
    <message>
        <source>renumber
%L1 keys move</source>
        <translation>番号の振り直し
%L1 個が移動</translation>
    </message>
    <message>
        <source>move last
%L1 keys move</source>
        <translation>最後を移す
%L1 個が移動</translation>
    </message>
    <message>
        <source>renumbering moves %1 keys (%2), moving the last node into its bucket moves %3 (%4); ideal %5.</source>
        <translation>番号を振り直すと %1 個のキー（%2）、最後のノードをそのバケットへ移すと %3 個（%4）が移動します。理想は %5。</translation>
    </message>
    <message>
        <source>What if bucket %1 (node %2) were removed: %3</source>
        <translation>バケット %1（ノード %2）を削除したら：%3</translation>
    </message>
    <message>
        <source>One node: there is nothing to remove.</source>
        <translation>ノードが 1 台なので、削除できるものはありません。</translation>
    </message>
    <message>
        <source>Counting what the change moves…</source>
        <translation>変更で移動するキーを数えています…</translation>
    </message>
    <message>
        <source>%1: %2 added (bucket %3)</source>
        <translation>%1：%2 を追加（バケット %3）</translation>
    </message>
    <message>
        <source>%1: %2 removed (bucket %3)</source>
        <translation>%1：%2 を削除（バケット %3）</translation>
    </message>
    <message>
        <source>%1: %2 added as bucket %3. %4 keys (%5) moved, every one into the new bucket; ideal %6.</source>
        <translation>%1：%2 をバケット %3 として追加。%4 個のキー（%5）が移動し、すべて新しいバケットに入りました。理想は %6。</translation>
    </message>
    <message>
        <source>%1: %2 removed from bucket %3 of %4 — %5</source>
        <translation>%1：%4 個のバケットのうちバケット %3 から %2 を削除 — %5</translation>
    </message>
</context>
<context>
    <name>ringscope::JumpStrip</name>
    <message>
        <source>jumps of
%1</source>
        <translation>%1 の
ジャンプ</translation>
    </message>
</context>
<context>
    <name>ringscope::KeySelector</name>
    <message>
        <source>key #</source>
        <translation>キー #</translation>
    </message>
    <message>
        <source>The key this view explains; selecting it selects it everywhere</source>
        <translation>このビューで説明するキー。ここで選ぶと、すべてのビューで選択されます</translation>
    </message>
    <message>
        <source>no keys</source>
        <translation>キーなし</translation>
    </message>
    <message>
        <source> (not selected)</source>
        <translation>（未選択）</translation>
    </message>
</context>
<context>
    <name>ringscope::LearningTools</name>
    <message>
        <source>Open &amp;Lesson…</source>
        <translation>レッスンを開く(&amp;L)…</translation>
    </message>
    <message>
        <source>&amp;Interview Practice</source>
        <translation>面接練習(&amp;I)</translation>
    </message>
    <message>
        <source>&amp;Present</source>
        <translation>プレゼンテーション(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Animate Moved Keys</source>
        <translation>移動したキーをアニメーション表示(&amp;A)</translation>
    </message>
    <message>
        <source>Play the &amp;Change</source>
        <translation>変化を再生(&amp;C)</translation>
    </message>
    <message>
        <source>Ctrl+L</source>
        <translation>Ctrl+L</translation>
    </message>
    <message>
        <source>Open a lesson file (ringscope-lesson/1)</source>
        <translation>レッスンファイル（ringscope-lesson/1）を開きます</translation>
    </message>
    <message>
        <source>Random predict-then-reveal questions, with a score</source>
        <translation>予想してから答えを見る問題をランダムに出題し、得点を記録します</translation>
    </message>
    <message>
        <source>The ring and the lesson only, large and high-contrast (F11)</source>
        <translation>リングとレッスンだけを、大きく高コントラストで表示します（F11）</translation>
    </message>
    <message>
        <source>After a change, moved keys glide from their old owner to the new one</source>
        <translation>変更のあと、移動したキーが元の持ち主から新しい持ち主へ滑るように動きます</translation>
    </message>
    <message>
        <source>Ctrl+R</source>
        <translation>Ctrl+R</translation>
    </message>
    <message>
        <source>Replay the moved keys gliding to their new owners (Ctrl+R)</source>
        <translation>移動したキーが新しい持ち主へ動く様子をもう一度再生します（Ctrl+R）</translation>
    </message>
    <message>
        <source>Lesson</source>
        <translation>レッスン</translation>
    </message>
    <message>
        <source>Narration &amp;Language</source>
        <translation>解説の言語(&amp;L)</translation>
    </message>
    <message>
        <source>%1  %2</source>
        <translation>%1  %2</translation>
    </message>
    <message>
        <source>The lesson could not be opened.

%1</source>
        <translation>レッスンを開けませんでした。

%1</translation>
    </message>
    <message>
        <source>Open Lesson</source>
        <translation>レッスンを開く</translation>
    </message>
    <message>
        <source>Ringscope lessons (*.json);;All files (*)</source>
        <translation>Ringscope レッスン (*.json);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>Leave Presenter Mode or Lesson</source>
        <translation>プレゼンテーションモードまたはレッスンを終了</translation>
    </message>
</context>
<context>
    <name>ringscope::LessonPanel</name>
    <message>
        <source>&amp;Next Step</source>
        <translation>次のステップ(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Previous Step</source>
        <translation>前のステップ(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Restart</source>
        <translation>最初から(&amp;R)</translation>
    </message>
    <message>
        <source>Next step (→, Space, Page Down); an open question is revealed first</source>
        <translation>次のステップへ（→、Space、Page Down）。答えていない問題があれば、先に答えを表示します</translation>
    </message>
    <message>
        <source>Previous step (←, Page Up)</source>
        <translation>前のステップへ（←、Page Up）</translation>
    </message>
    <message>
        <source>Start the lesson again from its first step (Home)</source>
        <translation>レッスンを最初のステップからやり直します（Home）</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Learn consistent hashing step by step.&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Each lesson sets up the ring, tells you what to look at and asks you to predict before it changes anything. You may poke at the ring between steps: Next and Back bring the lesson&apos;s state back.&lt;/p&gt;&lt;p&gt;The course is in the &lt;i&gt;Lessons&lt;/i&gt; menu.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;一貫性ハッシュを一歩ずつ学びましょう。&lt;/b&gt;&lt;/p&gt;&lt;p&gt;各レッスンはリングを用意し、どこを見ればよいかを示し、何かを変える前に結果を予想してもらいます。ステップの合間にリングを自由に触ってもかまいません。「次へ」と「戻る」でレッスンの状態に戻ります。&lt;/p&gt;&lt;p&gt;コースは &lt;i&gt;レッスン&lt;/i&gt; メニューにあります。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Start the Course</source>
        <translation>コースを始める</translation>
    </message>
    <message>
        <source>Interview Practice</source>
        <translation>面接練習</translation>
    </message>
    <message>
        <source>Predict</source>
        <translation>予想</translation>
    </message>
    <message>
        <source>Your guess</source>
        <translation>あなたの予想</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>回答</translation>
    </message>
    <message>
        <source>The truth</source>
        <translation>正解</translation>
    </message>
    <message>
        <source>Ideal</source>
        <translation>理想</translation>
    </message>
    <message>
        <source>You changed the ring. Next, Back or Restore bring the lesson&apos;s state back.</source>
        <translation>リングが変更されています。「次へ」「戻る」「復元」でレッスンの状態に戻ります。</translation>
    </message>
    <message>
        <source>Restore</source>
        <translation>復元</translation>
    </message>
    <message>
        <source>Drop your changes and show this step as the lesson set it up</source>
        <translation>変更を破棄し、このステップをレッスンが用意した状態で表示します</translation>
    </message>
    <message>
        <source>◀ Back</source>
        <translation>◀ 戻る</translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation>次へ ▶</translation>
    </message>
    <message>
        <source>New &amp;Session</source>
        <translation>新しいセッション(&amp;S)</translation>
    </message>
    <message>
        <source>Step %1 of %2</source>
        <translation>ステップ %1 / %2</translation>
    </message>
    <message>
        <source>Reveal ▶</source>
        <translation>答えを見る ▶</translation>
    </message>
    <message>
        <source>Questions: %1 of %2 right</source>
        <translation>問題：%2 問中 %1 問正解</translation>
    </message>
    <message>
        <source>Interview practice</source>
        <translation>面接練習</translation>
    </message>
    <message>
        <source>Question %1</source>
        <translation>問題 %1</translation>
    </message>
    <message>
        <source>Next Question ▶</source>
        <translation>次の問題 ▶</translation>
    </message>
    <message>
        <source>Score: %1 of %2 right · streak %3 · best %4</source>
        <translation>得点：%2 問中 %1 問正解 · 連続 %3 · 最高 %4</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>(no guess)</source>
        <translation>（予想なし）</translation>
    </message>
    <message>
        <source>✓ right</source>
        <translation>✓ 正解</translation>
    </message>
    <message>
        <source>✗ not quite</source>
        <translation>✗ 惜しい</translation>
    </message>
    <message>
        <source>Leave</source>
        <translation>終了</translation>
    </message>
    <message>
        <source>Leave and go back to the scenario you had open, as it was (Esc)</source>
        <translation>終了して、開いていたシナリオをそのままの状態で戻します（Esc）</translation>
    </message>
</context>
<context>
    <name>ringscope::LineChart</name>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2: %3&lt;br&gt;%4: %5</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2：%3&lt;br&gt;%4：%5</translation>
    </message>
</context>
<context>
    <name>ringscope::LoadHistogramPanel</name>
    <message>
        <source>Live</source>
        <translation>ライブ</translation>
    </message>
    <message>
        <source>All, grouped</source>
        <translation>すべて（並べて表示）</translation>
    </message>
    <message>
        <source>Live follows the document, also while a token is dragged</source>
        <translation>ライブは、トークンのドラッグ中も含めてドキュメントに追従します</translation>
    </message>
    <message>
        <source>Placement:</source>
        <translation>配置：</translation>
    </message>
    <message>
        <source>Load:</source>
        <translation>負荷：</translation>
    </message>
    <message>
        <source>%1, live drag</source>
        <translation>%1（ドラッグ中）</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>計算中…</translation>
    </message>
    <message>
        <source>, first %1 of %2 keys</source>
        <translation>、%2 個中最初の %1 個のキー</translation>
    </message>
    <message>
        <source>%1 per node — %2</source>
        <translation>ノードごとの%1 — %2</translation>
    </message>
    <message>
        <source>No nodes</source>
        <translation>ノードがありません</translation>
    </message>
    <message>
        <source>unequal weights: each node against its fair share w/Σw · &lt;b&gt;max/ideal %1&lt;/b&gt; (%2) · min/ideal %3 · &lt;b&gt;std-dev/ideal %4&lt;/b&gt;</source>
        <translation>重みが不均等：各ノードを公平な分担 w/Σw と比較 · &lt;b&gt;最大/理想 %1&lt;/b&gt;（%2）· 最小/理想 %3 · &lt;b&gt;標準偏差/理想 %4&lt;/b&gt;</translation>
    </message>
    <message>
        <source>mean %1 · &lt;b&gt;max/mean %2&lt;/b&gt; (%3) · min/mean %4 · &lt;b&gt;std-dev/mean %5&lt;/b&gt;</source>
        <translation>平均 %1 · &lt;b&gt;最大/平均 %2&lt;/b&gt;（%3）· 最小/平均 %4 · &lt;b&gt;標準偏差/平均 %5&lt;/b&gt;</translation>
    </message>
    <message>
        <source>%1 per node, by algorithm</source>
        <translation>アルゴリズム別、ノードごとの%1</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1: %2%3</source>
        <translation>%1：%2%3</translation>
    </message>
    <message>
        <source>max/ideal</source>
        <translation>最大/理想</translation>
    </message>
    <message>
        <source>max/mean</source>
        <translation>最大/平均</translation>
    </message>
    <message>
        <source> (first %1 of %2 keys)</source>
        <translation>（%2 個中最初の %1 個のキー）</translation>
    </message>
    <message>
        <source>&lt; 0.0001</source>
        <translation>&lt; 0.0001</translation>
    </message>
    <message>
        <source>&lt;br&gt;χ² %1 on %2 df, p %3 against %4</source>
        <translation>&lt;br&gt;χ² %1(自由度 %2)、p %3(%4 に対して)</translation>
    </message>
    <message>
        <source>the target shares</source>
        <translation>目標の割合</translation>
    </message>
    <message>
        <source>= %1</source>
        <translation>= %1</translation>
    </message>
    <message>
        <source>: &lt;b&gt;the key hash clusters these keys&lt;/b&gt;.</source>
        <translation>：&lt;b&gt;このキーハッシュはこれらのキーを偏らせています&lt;/b&gt;。</translation>
    </message>
    <message>
        <source>: fewer than 5 keys expected on a node, the test says little.</source>
        <translation>：期待値が 5 個未満のノードがあり、この検定からはほとんど何も言えません。</translation>
    </message>
    <message>
        <source>: consistent with a random key hash.</source>
        <translation>：ランダムなキーハッシュと矛盾しません。</translation>
    </message>
    <message>
        <source> Before any key, %1 give %2 %3× its fair share, %4 %5×.</source>
        <translation> キーを置く前の時点で、%1は %2 に公平な分担の %3 倍、%4 に %5 倍を与えます。</translation>
    </message>
    <message>
        <source>Count:</source>
        <translation>数える対象：</translation>
    </message>
    <message>
        <source>Primaries</source>
        <translation>プライマリ</translation>
    </message>
    <message>
        <source>All %1 copies</source>
        <translation>%1 つのコピーすべて</translation>
    </message>
    <message>
        <source>Each key on the node it goes to first</source>
        <translation>各キーを最初に向かうノードでだけ数えます</translation>
    </message>
    <message>
        <source>Each key on every node that stores a copy: the primary and its %1 replicas (what each node stores)</source>
        <translation>各キーをコピーを持つすべてのノードで数えます：プライマリと %1 つのレプリカ（各ノードが保存する量）</translation>
    </message>
    <message>
        <source>The compared algorithms count primaries; choose Live for every copy</source>
        <translation>比較するアルゴリズムはプライマリだけを数えます。すべてのコピーはライブで選べます</translation>
    </message>
    <message>
        <source>%1, every copy as before the drag</source>
        <translation>%1（すべてのコピー、ドラッグ前）</translation>
    </message>
    <message>
        <source>%1, every copy</source>
        <translation>%1（すべてのコピー）</translation>
    </message>
    <message>
        <source>, primaries</source>
        <translation>（プライマリ）</translation>
    </message>
    <message>
        <source>&lt;br&gt;No χ² test: this structure&apos;s own points decide how a perfect hash would share the keys, and no exact share is known, so an uneven spread says nothing about the key hash.</source>
        <translation>&lt;br&gt;χ² 検定なし：完全なハッシュがキーをどう分けるかはこの構造自身の点で決まり、その正確な割合はわからないため、偏りからキーハッシュについては何も言えません。</translation>
    </message>
</context>
<context>
    <name>ringscope::MaglevPanel</name>
    <message>
        <source>Add Node</source>
        <translation>ノードを追加</translation>
    </message>
    <message>
        <source>Remove Node</source>
        <translation>ノードを削除</translation>
    </message>
    <message>
        <source>The lookup table size M. Envoy requires a prime (its default is 65537); pick one or type any prime up to %L1.</source>
        <translation>ルックアップ表のサイズ M。Envoy は素数を要求します（既定は 65537）。一覧から選ぶか、%L1 以下の素数を入力してください。</translation>
    </message>
    <message>
        <source>Add a node, as Edit → Add Node does (undoable)</source>
        <translation>編集 → ノードを追加 と同じくノードを追加します（元に戻せます）</translation>
    </message>
    <message>
        <source>Remove the selected node, or the last one (undoable)</source>
        <translation>選択中のノード、なければ最後のノードを削除します（元に戻せます）</translation>
    </message>
    <message>
        <source>Empty table</source>
        <translation>空の表</translation>
    </message>
    <message>
        <source>One round back</source>
        <translation>1 ラウンド戻る</translation>
    </message>
    <message>
        <source>Play the fill round by round</source>
        <translation>埋まる様子をラウンドごとに再生</translation>
    </message>
    <message>
        <source>One round on</source>
        <translation>1 ラウンド進む</translation>
    </message>
    <message>
        <source>The finished table</source>
        <translation>完成した表</translation>
    </message>
    <message>
        <source>Rounds of the fill: in each, every node (in id order) takes the next free entry of its permutation offset + j·skip</source>
        <translation>埋めるラウンド：各ラウンドで、すべてのノードが（ID 順に）順列 offset + j·skip の次の空きエントリを取ります</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>ノード</translation>
    </message>
    <message>
        <source>Now</source>
        <translation>現在</translation>
    </message>
    <message>
        <source>Entries</source>
        <translation>エントリ数</translation>
    </message>
    <message>
        <source>M·w/Σw</source>
        <translation>理想 M·w/Σw</translation>
    </message>
    <message>
        <source>Offset</source>
        <translation>オフセット</translation>
    </message>
    <message>
        <source>Skip</source>
        <translation>スキップ</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>次</translation>
    </message>
    <message>
        <source>Entries the node holds after the round shown</source>
        <translation>表示中のラウンドの後にノードが持つエントリ数</translation>
    </message>
    <message>
        <source>The node&apos;s ideal share of the table: M times its normalised weight</source>
        <translation>表の理想的な取り分：M × 正規化した重み</translation>
    </message>
    <message>
        <source>The entry of its permutation the node tries next: offset + j·skip mod M</source>
        <translation>ノードが次に試す順列のエントリ：offset + j·skip mod M</translation>
    </message>
    <message>
        <source>Table size M:</source>
        <translation>表のサイズ M：</translation>
    </message>
    <message>
        <source>maglev.tableSize: &quot;%1&quot; is not a whole number</source>
        <translation>maglev.tableSize：「%1」は整数ではありません</translation>
    </message>
    <message>
        <source>Maglev table size %1</source>
        <translation>Maglev 表のサイズ %1</translation>
    </message>
    <message>
        <source>This scenario uses %1; shown is the table Maglev would build for its nodes and weights. </source>
        <translation>このシナリオは %1 を使っています。表示しているのは、同じノードと重みで Maglev が作る表です。</translation>
    </message>
    <message>
        <source>Envoy&apos;s Maglev table: M = %1 entries over %2 nodes; each node should hold about M·w/Σw of them.</source>
        <translation>Envoy の Maglev 表：%2 ノードに M = %1 エントリ。各ノードはそのうち約 M·w/Σw を持つはずです。</translation>
    </message>
    <message>
        <source>Add or remove a node to see how many table entries and keys move, next to what the ring moves.</source>
        <translation>ノードを追加・削除すると、移動する表のエントリとキーの数が、リングの場合と並べて表示されます。</translation>
    </message>
    <message>
        <source>%1 of %2 table entries moved (%3)</source>
        <translation>表の %2 エントリ中 %1 が移動（%3）</translation>
    </message>
    <message>
        <source>the table size changed, so every entry was rebuilt</source>
        <translation>表のサイズが変わったため、すべてのエントリを作り直しました</translation>
    </message>
    <message>
        <source> Counted over the first %1 of %2 keys.</source>
        <translation>%2 キーのうち最初の %1 キーで計算。</translation>
    </message>
    <message>
        <source>round %1 of %2 · %3 of %4 entries</source>
        <translation>ラウンド %1 / %2 · %4 エントリ中 %3</translation>
    </message>
    <message>
        <source>%1 (%2): %3</source>
        <translation>%1（%2）：%3</translation>
    </message>
    <message>
        <source>%1 (%2): %3 (red corners). Keys moved: Maglev %4 (%5), ring %6 (%7); ideal %8.</source>
        <translation>%1（%2）：%3（赤い角）。移動したキー：Maglev %4（%5）、リング %6（%7）。理想は %8。</translation>
    </message>
    <message>
        <source>Blue outlines: the entries this round took.</source>
        <translation>青い枠：このラウンドで取ったエントリ。</translation>
    </message>
    <message>
        <source>Blue rings: the entries this round took.</source>
        <translation>青い輪：このラウンドで取ったエントリ。</translation>
    </message>
    <message>
        <source>Red corners: entries the change moved.</source>
        <translation>赤い角：変更で動いたエントリ。</translation>
    </message>
</context>
<context>
    <name>ringscope::MaglevTableView</name>
    <message>
        <source>Entry %1: %2, taken in round %3 after passing %4 taken entries of its permutation</source>
        <translation>エントリ %1：%2。順列の使用済みエントリを %4 個飛ばして、ラウンド %3 で取得</translation>
    </message>
    <message>
        <source>Entry %1: empty until round %2 (then %3&apos;s)</source>
        <translation>エントリ %1：ラウンド %2 まで空（その後 %3 のもの）</translation>
    </message>
</context>
<context>
    <name>ringscope::MainWindow</name>
    <message>
        <source>Ringscope</source>
        <translation>Ringscope</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>ノード</translation>
    </message>
    <message>
        <source>Moved keys</source>
        <translation>移動したキー</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>シナリオ</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>ファイル(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>開く(&amp;O)…</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近使ったファイル(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Presets</source>
        <translation>プリセット(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>名前を付けて保存(&amp;A)…</translation>
    </message>
    <message>
        <source>Export Ring as &amp;PNG…</source>
        <translation>リングを PNG で書き出す(&amp;P)…</translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <source>Export Ring as S&amp;VG…</source>
        <translation>リングを SVG で書き出す(&amp;V)…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+E</source>
        <translation>Ctrl+Shift+E</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>終了(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>編集(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>元に戻す(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>やり直す(&amp;R)</translation>
    </message>
    <message>
        <source>Ctrl+Y</source>
        <translation>Ctrl+Y</translation>
    </message>
    <message>
        <source>&amp;Pin Baseline Here</source>
        <translation>ここをベースラインに固定(&amp;P)</translation>
    </message>
    <message>
        <source>Ctrl+B</source>
        <translation>Ctrl+B</translation>
    </message>
    <message>
        <source>Measure moved keys against this state instead of the last change</source>
        <translation>直前の変更ではなく、この状態を基準に移動したキーを数えます</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>メイン</translation>
    </message>
    <message>
        <source>R = </source>
        <translation>R = </translation>
    </message>
    <message>
        <source>Replication factor: distinct physical nodes per key</source>
        <translation>レプリケーション係数：キーごとの異なる物理ノードの数</translation>
    </message>
    <message>
        <source>Zone-aware</source>
        <translation>ゾーンを考慮</translation>
    </message>
    <message>
        <source>Replicas prefer nodes in zones not used yet</source>
        <translation>レプリカは、まだ使っていないゾーンのノードを優先します</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>表示(&amp;V)</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>拡大(&amp;I)</translation>
    </message>
    <message>
        <source>Ctrl+=</source>
        <translation>Ctrl+=</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>縮小(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Reset Zoom</source>
        <translation>ズームをリセット(&amp;R)</translation>
    </message>
    <message>
        <source>Ctrl+0</source>
        <translation>Ctrl+0</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>テーマ(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>ヘルプ(&amp;H)</translation>
    </message>
    <message>
        <source>How to &amp;Read the Ring</source>
        <translation>リングの読み方(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>キーボードショートカット(&amp;K)</translation>
    </message>
    <message>
        <source>Ctrl+/</source>
        <translation>Ctrl+/</translation>
    </message>
    <message>
        <source>&amp;About Ringscope</source>
        <translation>Ringscope について(&amp;A)</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>Qt について(&amp;Q)</translation>
    </message>
    <message>
        <source>Remove This Token</source>
        <translation>このトークンを削除</translation>
    </message>
    <message>
        <source>Add a New Node at %1</source>
        <translation>%1 に新しいノードを追加</translation>
    </message>
    <message>
        <source>Add a Token at %1 for</source>
        <translation>%1 にトークンを追加</translation>
    </message>
    <message>
        <source>Zoom In</source>
        <translation>拡大</translation>
    </message>
    <message>
        <source>Zoom Out</source>
        <translation>縮小</translation>
    </message>
    <message>
        <source>Reset Zoom</source>
        <translation>ズームをリセット</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>計算中…</translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation>無題</translation>
    </message>
    <message>
        <source>%1[*] — Ringscope</source>
        <translation>%1[*] — Ringscope</translation>
    </message>
    <message>
        <source>Use a Key List</source>
        <translation>キーリストを使う</translation>
    </message>
    <message>
        <source>&lt;p&gt;%1 holds %2 keys, one per line.&lt;/p&gt;&lt;p&gt;Use them as the key set of the current scenario%3? Its key sizes and popularity apply to them, and Undo takes it back.&lt;/p&gt;</source>
        <translation>&lt;p&gt;%1 には 1 行に 1 つずつ、%2 個のキーがあります。&lt;/p&gt;&lt;p&gt;これを現在のシナリオ%3のキー集合として使いますか？ シナリオのキーサイズと人気度がこれらのキーに適用されます。「元に戻す」で取り消せます。&lt;/p&gt;</translation>
    </message>
    <message>
        <source> (%1)</source>
        <translation>（%1）</translation>
    </message>
    <message>
        <source>Use key file %1</source>
        <translation>キーファイル %1 を使用</translation>
    </message>
    <message>
        <source>Save Scenario</source>
        <translation>シナリオを保存</translation>
    </message>
    <message>
        <source>Ringscope scenarios (*.json)</source>
        <translation>Ringscope のシナリオ (*.json)</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG 画像 (*.png)</translation>
    </message>
    <message>
        <source>SVG drawing (*.svg)</source>
        <translation>SVG 図 (*.svg)</translation>
    </message>
    <message>
        <source>Export Ring</source>
        <translation>リングを書き出す</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>%1 に書き出しました</translation>
    </message>
    <message>
        <source>The scenario has unsaved changes. Save them?</source>
        <translation>シナリオに保存していない変更があります。保存しますか？</translation>
    </message>
    <message>
        <source>an untitled scenario</source>
        <translation>無題のシナリオ</translation>
    </message>
    <message>
        <source>Recover Unsaved Work</source>
        <translation>保存していない作業の復元</translation>
    </message>
    <message>
        <source>Ringscope did not close properly. Recover the unsaved changes to %1 from %2?</source>
        <translation>Ringscope は正しく終了しませんでした。%2 時点の、%1 への保存していない変更を復元しますか？</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>言語(&amp;L)</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>言語</translation>
    </message>
    <message>
        <source>Ringscope will speak %1 from its next start. Restart now?</source>
        <translation>表示言語を %1 に切り替えるには、Ringscope の再起動が必要です。今すぐ再起動しますか？</translation>
    </message>
    <message>
        <source>&amp;Restart Now</source>
        <translation>今すぐ再起動(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Later</source>
        <translation>あとで(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Lessons</source>
        <translation>レッスン(&amp;L)</translation>
    </message>
    <message>
        <source>Autosave</source>
        <translation>自動保存</translation>
    </message>
    <message>
        <source>%1

Ringscope keeps to its limits so that a file cannot make it slow or exhaust the memory. Open this file with the limit %2 raised to %3?</source>
        <translation>%1

Ringscope はファイルによって遅くなったりメモリを使い果たしたりしないよう上限を守ります。上限 %2 を %3 に上げてこのファイルを開きますか？</translation>
    </message>
    <message>
        <source>This scenario reads its keys from
%1
outside its own folder. Read that file?</source>
        <translation>このシナリオはキーを自身のフォルダーの外にある
%1
から読み込みます。そのファイルを読み込みますか？</translation>
    </message>
    <message>
        <source>Open Scenario</source>
        <translation>シナリオを開く</translation>
    </message>
    <message>
        <source>&amp;New…</source>
        <translation>新規(&amp;N)…</translation>
    </message>
    <message>
        <source>Opening the scenario…</source>
        <translation>シナリオを開いています…</translation>
    </message>
    <message>
        <source>Opening “%1”…</source>
        <translation>「%1」を開いています…</translation>
    </message>
    <message>
        <source>ring</source>
        <translation>リング</translation>
    </message>
    <message>
        <source>This lesson reads keys from
%1
outside its own folder. Read that file?</source>
        <translation>このレッスンは、自分のフォルダーの外にある
%1
からキーを読み込みます。このファイルを読み込みますか？</translation>
    </message>
    <message>
        <source>Open Lesson</source>
        <translation>レッスンを開く</translation>
    </message>
    <message>
        <source>Open Scenario, Lesson or Key List</source>
        <translation>シナリオ、レッスンまたはキーリストを開く</translation>
    </message>
    <message>
        <source>Scenarios, lessons and key lists (*.json *.txt);;Ringscope scenarios and lessons (*.json);;Key lists, one key per line (*.txt);;All files (*)</source>
        <translation>シナリオ、レッスンとキーリスト (*.json *.txt);;Ringscope のシナリオとレッスン (*.json);;キーリスト、1 行に 1 キー (*.txt);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>&amp;Import Config…</source>
        <translation>設定ファイルを取り込む(&amp;I)…</translation>
    </message>
    <message>
        <source>Import Another System&apos;s Configuration</source>
        <translation>ほかのシステムの設定を取り込む</translation>
    </message>
    <message>
        <source>Import Config</source>
        <translation>設定ファイルを取り込む</translation>
    </message>
    <message>
        <source>The file holds several. Which %1?</source>
        <translation>このファイルには複数あります。どの %1 を取り込みますか？</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1 is not a file Ringscope imports.
%2</source>
        <translation>%1 は Ringscope が取り込めるファイルではありません。
%2</translation>
    </message>
    <message>
        <source>Other systems&apos; configurations and status output (*.conf *.cfg *.yml *.yaml *.txt);;All files (*)</source>
        <translation>他のシステムの設定と状態の出力 (*.conf *.cfg *.yml *.yaml *.txt);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>libmemcached and twemproxy on one ketama pool</source>
        <translation>一つの ketama プールを libmemcached と twemproxy で</translation>
    </message>
    <message>
        <source>The same four servers as libmemcached&apos;s ketama (MD5 keys) and twemproxy reads them (its default key hash fnv1a_64): the points agree, the keys&apos; positions do not.</source>
        <translation>同じ 4 台のサーバーを、libmemcached の ketama（キーは MD5）と twemproxy（既定のキーハッシュ fnv1a_64）で読みます。点は一致しますが、キーの位置は一致しません。</translation>
    </message>
    <message>
        <source>Seed 003: the same nodes added in two orders</source>
        <translation>シード 003：同じノードを二通りの順で追加</translation>
    </message>
    <message>
        <source>A small ring where vnodes collide: +1 probing gives the slot to the node placed first, so two clients that add the nodes in other orders disagree.</source>
        <translation>仮想ノードが衝突する小さなリング。+1 探索では先に置いたノードがその位置を取るので、ノードを別の順で追加した二つのクライアントは食い違います。</translation>
    </message>
    <message>
        <source>A client one membership change behind</source>
        <translation>メンバー変更が一つ遅れたクライアント</translation>
    </message>
    <message>
        <source>10.0.1.5 joined the ketama pool; one client has not heard yet.</source>
        <translation>10.0.1.5 が ketama プールに加わりましたが、片方のクライアントはまだ知りません。</translation>
    </message>
    <message>
        <source>Open Preset</source>
        <translation>プリセットを開く</translation>
    </message>
    <message>
        <source>%1

%2

This goes past Ringscope&apos;s default limits:
%3

Open it with those limits raised?</source>
        <translation>%1

%2

これは Ringscope の既定の上限を超えます:
%3

上限を上げて開きますか？</translation>
    </message>
    <message>
        <source>%1: %2 → %3</source>
        <translation>%1: %2 → %3</translation>
    </message>
    <message>
        <source>Interview Practice</source>
        <translation>面接練習</translation>
    </message>
    <message>
        <source>Kafka: the Java producer and librdkafka&apos;s default</source>
        <translation>Kafka：Java プロデューサーと librdkafka の既定</translation>
    </message>
    <message>
        <source>One topic of 12 partitions keyed by the Java client (murmur2) and by librdkafka&apos;s default partitioner, consistent_random (CRC-32): most keys go to another partition, so records of one key land in two.</source>
        <translation>12 パーティションの 1 つのトピックに、Java クライアント（murmur2）と librdkafka の既定パーティショナー consistent_random（CRC-32）がキーで書き込みます。ほとんどのキーは別のパーティションに行くので、同じキーのレコードが 2 か所に分かれます。</translation>
    </message>
    <message>
        <source>libmemcached and spymemcached on one ketama pool</source>
        <translation>一つの ketama プールを libmemcached と spymemcached で</translation>
    </message>
    <message>
        <source>The same four servers as libmemcached&apos;s ketama and as spymemcached&apos;s KetamaNodeLocator reads them: spymemcached hashes each server by its address with the port (10.0.1.1:11211, where libmemcached writes 10.0.1.1) and gives every server 160 points whatever its weight.</source>
        <translation>同じ 4 台のサーバーを、libmemcached の ketama と spymemcached の KetamaNodeLocator で読みます。spymemcached は各サーバーをポート付きのアドレスでハッシュし（libmemcached が 10.0.1.1 と書くところを 10.0.1.1:11211）、重みにかかわらずどのサーバーにも 160 点を与えます。</translation>
    </message>
    <message>
        <source>Kafka: the Java producer, librdkafka and Go</source>
        <translation>Kafka：Java プロデューサー、librdkafka、Go</translation>
    </message>
    <message>
        <source>memcached: libmemcached, twemproxy and spymemcached on one pool</source>
        <translation>memcached：一つのプールを libmemcached、twemproxy、spymemcached で</translation>
    </message>
    <message>
        <source>The same four servers as libmemcached&apos;s ketama (client A), twemproxy (its default key hash fnv1a_64, B) and spymemcached&apos;s KetamaNodeLocator (C) read them.</source>
        <translation>同じ四台のサーバーを、libmemcached の ketama（クライアント A）、twemproxy（既定のキーハッシュ fnv1a_64、B）、spymemcached の KetamaNodeLocator（C）が読んだもの。</translation>
    </message>
    <message>
        <source>Clients</source>
        <translation>クライアント</translation>
    </message>
    <message>
        <source>Clients of the same keys that disagree on where keys go: the clients view shows the share for each pair, the node pairs and the keys.</source>
        <translation>同じキーの行き先で食い違うクライアント。クライアントのビューが、組ごとの割合、ノードの組、キーを示します。</translation>
    </message>
    <message>
        <source>One topic of 12 partitions keyed by the Java client (murmur2, client A), by librdkafka&apos;s default partitioner consistent_random (CRC-32, B), by its fnv1a partitioner, whose FNV-1a Go&apos;s Sarama hashes by default too (C), and by its murmur2 partitioner (D): A and D agree on every key; every other pair disagrees on about 11 keys in 12.</source>
        <translation>12 パーティションのトピックに、Java クライアント（murmur2、クライアント A）、librdkafka の既定パーティショナー consistent_random（CRC-32、B）、その fnv1a パーティショナー（Go の Sarama も既定で同じ FNV-1a を使う、C）、その murmur2 パーティショナー（D）でキーを振ります。A と D はすべてのキーで一致し、ほかの組はどれも 12 個に約 11 個で食い違います。</translation>
    </message>
</context>
<context>
    <name>ringscope::McrouterPanel</name>
    <message>
        <source>try %1: %2 bits %3 = %L4 &lt; %L5: server %L4 (%6)</source>
        <translation>試行 %1: %2 ビット %3 = %L4 &lt; %L5: サーバー %L4（%6）</translation>
    </message>
    <message>
        <source>try %1: %2 bits %3 = %L4 ≥ %L5: read on</source>
        <translation>試行 %1: %2 ビット %3 = %L4 ≥ %L5: 先を読む</translation>
    </message>
    <message>
        <source>the key</source>
        <translation>キー</translation>
    </message>
    <message>
        <source>key + &quot;%1&quot;</source>
        <translation>キー + &quot;%1&quot;</translation>
    </message>
    <message>
        <source>try %1, %2: server %3 (%4), Spooky %5 &lt; weight %6: kept</source>
        <translation>試行 %1、%2: サーバー %3（%4）、Spooky %5 &lt; 重み %6: 採用</translation>
    </message>
    <message>
        <source>try %1, %2: server %L3, Spooky %4 ≥ weight %5: again</source>
        <translation>試行 %1、%2: サーバー %L3、Spooky %4 ≥ 重み %5: やり直し</translation>
    </message>
    <message>
        <source>every try refused: the last try&apos;s server %L1 (%2)</source>
        <translation>すべての試行が不採用: 最後の試行のサーバー %L1（%2）</translation>
    </message>
    <message>
        <source>%1. %2: score %3</source>
        <translation>%1. %2: スコア %3</translation>
    </message>
    <message>
        <source> (mcrouter hashes its routing key %1: the key without a routing prefix, up to its hash stop |#|)</source>
        <translation>（mcrouter はルーティングキー %1 をハッシュします。ルーティング接頭辞を除き、ハッシュストップ |#| の手前までのキーです）</translation>
    </message>
    <message>
        <source> Key %1%2 goes to server %3 (%4, down: %5 serves it).</source>
        <translation> キー %1%2 はサーバー %3（%4、停止中: %5 が受け持つ）に行きます。</translation>
    </message>
    <message>
        <source> Key %1%2 goes to server %3 (%4).</source>
        <translation> キー %1%2 はサーバー %3（%4）に行きます。</translation>
    </message>
    <message>
        <source> Counting what adding or removing a server moves…</source>
        <translation> サーバーの追加・削除で何が動くかを数えています…</translation>
    </message>
    <message>
        <source>%1 keys (%2), %3 of them between servers that stay; ideal %4</source>
        <translation>%1 個のキー（%2）、うち %3 個は残るサーバー間の移動。理想は %4</translation>
    </message>
    <message>
        <source> Adding a server at the end of the pool would move %1.</source>
        <translation> プールの末尾にサーバーを加えると %1 が移動します。</translation>
    </message>
    <message>
        <source> Removing the last server would move %1.</source>
        <translation> 最後のサーバーを外すと %1 が移動します。</translation>
    </message>
    <message>
        <source> Removing server %L1 (%2) from the middle would move %3.</source>
        <translation> 途中のサーバー %L1（%2）を外すと %3 が移動します。</translation>
    </message>
    <message>
        <source> Counted over the first %L1 of %L2 keys.</source>
        <translation> %L2 個のキーのうち最初の %L1 個で数えました。</translation>
    </message>
    <message>
        <source>This scenario uses %1; shown is what mcrouter&apos;s %2 would do with its nodes.</source>
        <translation>このシナリオは %1 を使っています。表示しているのは、そのノードで mcrouter の %2 がどう振り分けるかです。</translation>
    </message>
    <message>
        <source>Ch3 (furc hash) reads bits of the key&apos;s MurmurHash64A: a level bit, then as many bits as the pool size needs; a number past the pool is read again further on. Servers are numbered by their place in the pool; weights are not read.</source>
        <translation>Ch3（furc hash）はキーの MurmurHash64A のビットを読みます。レベルビットを 1 つ、次にプールの大きさに必要なだけのビットです。プールを超える数なら、さらに先を読み直します。サーバーはプール内の位置で番号付けされ、重みは読みません。</translation>
    </message>
    <message>
        <source>WeightedCh3 takes Ch3&apos;s server when the key&apos;s SpookyHash falls under the server&apos;s weight (0 to 1), else tries again with a digit appended to the key, at most 32 times.</source>
        <translation>WeightedCh3 は、キーの SpookyHash がサーバーの重み（0〜1）を下回れば Ch3 のサーバーを採用し、そうでなければキーに数字を付け足してやり直します（最大 32 回）。</translation>
    </message>
    <message>
        <source>Rendezvous scores every server by its tag (the node id) and the key; the highest score wins, and the next ones take over when it fails.</source>
        <translation>Rendezvous はタグ（ノード ID）とキーで全サーバーを採点します。最高スコアのサーバーが選ばれ、落ちたときは次のスコアのサーバーが引き継ぎます。</translation>
    </message>
    <message>
        <source>WeightedRendezvous scores every server weight / −ln U, U from its tag and the key: a server&apos;s share of the keys is its share of the weights.</source>
        <translation>WeightedRendezvous は全サーバーを 重み / −ln U で採点します（U はタグとキーから）。サーバーが受け持つキーの割合は、重みの割合になります。</translation>
    </message>
    <message>
        <source>no level bit left: server 0 (%1)</source>
        <translation>レベルビットが残っていない: サーバー 0（%1）</translation>
    </message>
    <message>
        <source>32 numbers ≥ %L1: server 0 (%2)</source>
        <translation>32 個の数がすべて %L1 以上: サーバー 0（%2）</translation>
    </message>
    <message>
        <source>%1. %2: score %3, down</source>
        <translation>%1. %2: スコア %3、停止中</translation>
    </message>
    <message>
        <source> Key %1%2 goes to server %3 (%4, down, and no server is up).</source>
        <translation> キー %1%2 はサーバー %3（%4、停止中。稼働中のサーバーはありません）に行きます。</translation>
    </message>
    <message>
        <source>try %1: server %L2 (%3), weight 1: kept</source>
        <translation>試行 %1: サーバー %L2（%3）、重み 1: 採用</translation>
    </message>
    <message>
        <source>try %1: server %L2 (%3), next bits %4 &lt; weight %5: kept</source>
        <translation>試行 %1: サーバー %L2（%3）、次のビット %4 &lt; 重み %5: 採用</translation>
    </message>
    <message>
        <source>try %1: server %L2, next bits %3 ≥ weight %4: read on</source>
        <translation>試行 %1: サーバー %L2、次のビット %3 ≥ 重み %4: 読み進める</translation>
    </message>
    <message>
        <source>every try refused: the last bits modulo %L1, server %L2 (%3)</source>
        <translation>すべての試行が不採用: 最後のビットを %L1 で割った余り、サーバー %L2（%3）</translation>
    </message>
    <message>
        <source>WeightedCh4 reads Ch3&apos;s bits on: a server is kept when the next 32 bits of the same stream fall under its weight (0 to 1), else the tree is read again from there, at most 32 times. mcrouter removed it in 2025.</source>
        <translation>WeightedCh4 は Ch3 のビットを読み進めます。同じビット列の次の 32 ビットがサーバーの重み（0〜1）を下回ればそのサーバーを採用し、そうでなければそこから木をもう一度たどります（最大 32 回）。mcrouter からは 2025 年に削除されました。</translation>
    </message>
</context>
<context>
    <name>ringscope::McrouterRouteView</name>
    <message>
        <source>… rows %L1–%L2 not drawn; the last: %3</source>
        <translation>… %L1〜%L2 行目は省略。最後: %3</translation>
    </message>
    <message>
        <source>%1 over %L2 servers</source>
        <translation>%1、%L2 台のサーバー</translation>
    </message>
</context>
<context>
    <name>ringscope::MembershipChoice</name>
    <message>
        <source>%1: no node added or removed</source>
        <translation>%1：ノードの追加・削除なし</translation>
    </message>
</context>
<context>
    <name>ringscope::MementoPanel</name>
    <message>
        <source>b-array of %L1, %L2 working</source>
        <translation>b 配列 %L1、稼働 %L2</translation>
    </message>
    <message>
        <source>replacer</source>
        <translation>置換先</translation>
    </message>
    <message>
        <source>jump hash over %L1 → %L2 (%3)</source>
        <translation>%L1 上のジャンプハッシュ → %L2（%3）</translation>
    </message>
    <message>
        <source>rehash mod %L1 → %L2 (%3)</source>
        <translation>再ハッシュ mod %L1 → %L2（%3）</translation>
    </message>
    <message>
        <source>removed before: replaced by %L1 (%2)</source>
        <translation>先に外されていた: %L1 が置き換え（%2）</translation>
    </message>
    <message>
        <source>MementoHash is jump hash over the b-array, with a memento of each bucket removed out of order: a key that lands on a removed bucket rehashes into the buckets working right after it was removed (its replacer), and one landing on a bucket removed before that follows the replacers to the bucket that took its place. Removing the last bucket while no other is removed shrinks the array, as jump hash does.</source>
        <translation>MementoHash は b 配列上のジャンプハッシュに、順不同で外された各バケットのメメントを加えたもの。外されたバケットに当たったキーは、それが外された直後に稼働していたバケット（置換先）へ再ハッシュし、それより前に外されたバケットに当たったときは置換先をたどってその場所を継いだバケットへ行く。ほかに外されたバケットがないときに最後のバケットを外すと、ジャンプハッシュと同じく配列が縮む。</translation>
    </message>
</context>
<context>
    <name>ringscope::MigrationChart</name>
    <message>
        <source>%1 · out %2 · in %3</source>
        <translation>%1 · 送信 %2 · 受信 %3</translation>
    </message>
    <message>
        <source>%1 · out %L2 · in %L3 keys</source>
        <translation>%1 · 送信 %L2 · 受信 %L3 キー</translation>
    </message>
    <message>
        <source>from ↓ to →</source>
        <translation>送信元 ↓ 送信先 →</translation>
    </message>
    <message>
        <source>sends</source>
        <translation>送信</translation>
    </message>
    <message>
        <source>receives</source>
        <translation>受信</translation>
    </message>
</context>
<context>
    <name>ringscope::MigrationPanel</name>
    <message>
        <source>Export CSV…</source>
        <translation>CSV に書き出し…</translation>
    </message>
    <message>
        <source>The baseline holds other keys: there is no plan between them.</source>
        <translation>基準は別のキーを持っています。両者の間に移行計画はありません。</translation>
    </message>
    <message>
        <source>Each node&apos;s rate, each way: 100MB/s, 1GiB/s, 10Gbit/s, 800Mbps</source>
        <translation>各ノードの片方向の転送速度: 100MB/s、1GiB/s、10Gbit/s、800Mbps</translation>
    </message>
    <message>
        <source>Rate per node:</source>
        <translation>ノードごとの速度:</translation>
    </message>
    <message>
        <source>Streams:</source>
        <translation>ストリーム:</translation>
    </message>
    <message>
        <source>Working out the plan…</source>
        <translation>移行計画を計算中…</translation>
    </message>
    <message>
        <source>Nothing to migrate: every key keeps its owners. Change the scenario (add or remove a node, drag a token) to see the plan.</source>
        <translation>移行するものはありません。どのキーも所有者が変わりません。シナリオを変える(ノードを追加・削除する、トークンをドラッグする)と計画が表示されます。</translation>
    </message>
    <message>
        <source>%1 keys, %2</source>
        <translation>%1 キー、%2</translation>
    </message>
    <message>
        <source>%1 keys</source>
        <translation>%1 キー</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 to send&lt;/b&gt; · primaries %2, replica copies %3</source>
        <translation>&lt;b&gt;送信 %1&lt;/b&gt; · プライマリ %2、レプリカの複製 %3</translation>
    </message>
    <message>
        <source> · %1 promoted in place</source>
        <translation> · その場で昇格 %1</translation>
    </message>
    <message>
        <source> · &lt;b&gt;%1 keys have no live holder&lt;/b&gt;</source>
        <translation> · &lt;b&gt;%1 キーは生きた保持ノードがありません&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;br&gt;Takes &lt;b&gt;%1&lt;/b&gt; at %2 per node, %3 (busiest: %4)</source>
        <translation>&lt;br&gt;ノードごと %2、%3 で &lt;b&gt;%1&lt;/b&gt; かかります(最も忙しいノード: %4)</translation>
    </message>
    <message>
        <source>one stream</source>
        <translation>1 ストリーム</translation>
    </message>
    <message>
        <source>%1 streams</source>
        <translation>%1 ストリーム</translation>
    </message>
    <message>
        <source>&lt;br&gt;The keys have no sizes: each counts as one byte.</source>
        <translation>&lt;br&gt;キーにサイズがありません。各キーを 1 バイトとして数えます。</translation>
    </message>
    <message>
        <source>&lt;br&gt;The %1 busiest nodes are drawn.</source>
        <translation>&lt;br&gt;最も忙しい %1 ノードを表示しています。</translation>
    </message>
    <message>
        <source>Export Migration Plan</source>
        <translation>移行計画を書き出す</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV ファイル (*.csv)</translation>
    </message>
    <message>
        <source>%1. The plan below has no timing until the rate reads as one.</source>
        <translation>%1。速度が読み取れるまで、下の計画には所要時間がありません。</translation>
    </message>
    <message>
        <source>Transfers a node sends at once, sharing its rate: they change when each transfer ends, not how long the node takes</source>
        <translation>1 ノードが同時に送る転送の数。速度を分け合うので、変わるのは各転送が終わる時刻で、ノードにかかる時間は変わりません</translation>
    </message>
    <message>
        <source> · the streams share each node&apos;s rate, so they do not change how long it takes</source>
        <translation> · ストリームは各ノードの速度を分け合うので、かかる時間は変わりません</translation>
    </message>
    <message>
        <source>at least </source>
        <translation>少なくとも </translation>
    </message>
</context>
<context>
    <name>ringscope::ModNGrid</name>
    <message>
        <source>%1 · %2
%L3 keys</source>
        <translation>%1 · %2
キー %L3 個</translation>
    </message>
    <message>
        <source>First %1 keys by bucket; ringed: %2</source>
        <translation>バケット別の最初の %1 個のキー。輪の付いたキー：%2</translation>
    </message>
</context>
<context>
    <name>ringscope::ModNPanel</name>
    <message>
        <source>Counting the keys that change bucket…</source>
        <translation>バケットが変わるキーを数えています…</translation>
    </message>
    <message>
        <source> Counted over the first %L1 of %L2 keys.</source>
        <translation>%L2 個中、最初の %L1 個のキーで数えました。</translation>
    </message>
    <message>
        <source>Show:</source>
        <translation>表示：</translation>
    </message>
    <message>
        <source>What if N → N+1 (a node added)</source>
        <translation>N → N+1 なら（ノードを追加）</translation>
    </message>
    <message>
        <source>What if N → N−1 (the last node removed)</source>
        <translation>N → N−1 なら（最後のノードを削除）</translation>
    </message>
    <message>
        <source>What if N = %1 → %2: &lt;b&gt;%3 of %4 keys would change bucket (%5)&lt;/b&gt;</source>
        <translation>N = %1 → %2 なら：&lt;b&gt;%4 個中 %3 個のキーのバケットが変わります（%5）&lt;/b&gt;</translation>
    </message>
    <message>
        <source>; ideal %1 (a consistent scheme moves only 1/%2).</source>
        <translation>。理想は %1（一貫性のある方式なら 1/%2 しか動きません）。</translation>
    </message>
    <message>
        <source>%1: %2 added</source>
        <translation>%1：%2 を追加</translation>
    </message>
    <message>
        <source>%1: %2 removed</source>
        <translation>%1：%2 を削除</translation>
    </message>
    <message>
        <source>%1: %2 added, N = %3 → %4: &lt;b&gt;%5 of %6 keys changed bucket (%7)&lt;/b&gt;</source>
        <translation>%1：%2 を追加、N = %3 → %4：&lt;b&gt;%6 個中 %5 個のキーのバケットが変わりました（%7）&lt;/b&gt;</translation>
    </message>
    <message>
        <source>%1: %2 removed, N = %3 → %4: &lt;b&gt;%5 of %6 keys changed bucket (%7)&lt;/b&gt;</source>
        <translation>%1：%2 を削除、N = %3 → %4：&lt;b&gt;%6 個中 %5 個のキーのバケットが変わりました（%7）&lt;/b&gt;</translation>
    </message>
</context>
<context>
    <name>ringscope::MovedKeysModel</name>
    <message>
        <source>Key</source>
        <translation>キー</translation>
    </message>
    <message>
        <source>Position</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>Before</source>
        <translation>変更前</translation>
    </message>
    <message>
        <source>After</source>
        <translation>変更後</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>変化</translation>
    </message>
    <message>
        <source>moved</source>
        <translation>移動</translation>
    </message>
    <message>
        <source>replicas</source>
        <translation>レプリカ</translation>
    </message>
    <message>
        <source>taken over</source>
        <translation>引き継ぎ</translation>
    </message>
    <message>
        <source>promoted</source>
        <translation>昇格</translation>
    </message>
    <message>
        <source>replica lost</source>
        <translation>レプリカ喪失</translation>
    </message>
    <message>
        <source>handed back</source>
        <translation>返還</translation>
    </message>
    <message>
        <source>cache miss</source>
        <translation>キャッシュミス</translation>
    </message>
    <message>
        <source>unavailable</source>
        <translation>利用不能</translation>
    </message>
</context>
<context>
    <name>ringscope::MultiProbePanel</name>
    <message>
        <source> Counting the balance and what a change moves…</source>
        <translation>偏りと変更で移動するキーを数えています…</translation>
    </message>
    <message>
        <source> One point a node: the busiest node holds %1× the mean (with one probe: %2×).</source>
        <translation>ノード 1 つにつき 1 点：最も多いノードは平均の %1 倍を持ちます（プローブ 1 回なら %2 倍）。</translation>
    </message>
    <message>
        <source> Removing %1 would move %2 keys (%3), all of them %1&apos;s; ideal %4.</source>
        <translation>%1 を削除すると %2 個のキー（%3）が移動し、すべて %1 のキーです。理想は %4。</translation>
    </message>
    <message>
        <source> Removing %1 would move %2 keys (%3), %4 of them not %1&apos;s; ideal %5.</source>
        <translation>%1 を削除すると %2 個のキー（%3）が移動し、そのうち %4 個は %1 のキーではありません。理想は %5。</translation>
    </message>
    <message>
        <source> Adding a node would move %1 keys (%2), every one to it; ideal %3.</source>
        <translation>ノードを追加すると %1 個のキー（%2）が移動し、すべて新しいノードに入ります。理想は %3。</translation>
    </message>
    <message>
        <source> Adding a node would move %1 keys (%2), %3 of them between old nodes; ideal %4.</source>
        <translation>ノードを追加すると %1 個のキー（%2）が移動し、そのうち %3 個は既存のノード間です。理想は %4。</translation>
    </message>
    <message>
        <source> Counted over the first %L1 of %L2 keys.</source>
        <translation>%L2 個中、最初の %L1 個のキーで数えました。</translation>
    </message>
    <message>
        <source>This scenario uses %1; shown is what multi-probe hashing would do with its nodes.</source>
        <translation>このシナリオは %1 を使っています。表示しているのは、同じノードでマルチプローブ・ハッシュがすることです。</translation>
    </message>
    <message>
        <source>Multi-probe hashing gives each node one point on the ring and each key several probes; the probe nearest before a point decides the key&apos;s node.</source>
        <translation>マルチプローブ・ハッシュは各ノードにリング上の 1 点を、各キーに複数のプローブを与えます。点のすぐ手前にあるプローブがキーのノードを決めます。</translation>
    </message>
    <message>
        <source> Key %1: of its %2 probes h1 + i·h2, probe %3 lies nearest before a point, %4 of the ring ahead: %5&apos;s, which takes the key.</source>
        <translation>キー %1：%2 個のプローブ h1 + i·h2 のうち、プローブ %3 が点のすぐ手前（リングの %4 先）にあり、その点の %5 がキーを受け取ります。</translation>
    </message>
</context>
<context>
    <name>ringscope::NewScenarioDialog</name>
    <message>
        <source>New Scenario</source>
        <translation>新しいシナリオ</translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation>無題</translation>
    </message>
    <message>
        <source>{i} is replaced by 0, 1, 2, …</source>
        <translation>{i} は 0, 1, 2, … に置き換わります</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>タイトル</translation>
    </message>
    <message>
        <source>Algorithm</source>
        <translation>アルゴリズム</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>ノード数</translation>
    </message>
    <message>
        <source>Key pattern</source>
        <translation>キーのパターン</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>キー数</translation>
    </message>
    <message>
        <source>Create</source>
        <translation>作成</translation>
    </message>
</context>
<context>
    <name>ringscope::NodeActions</name>
    <message>
        <source>&amp;Add Node</source>
        <translation>ノードを追加(&amp;A)</translation>
    </message>
    <message>
        <source>Ctrl+Shift+N</source>
        <translation>Ctrl+Shift+N</translation>
    </message>
    <message>
        <source>&amp;Remove Node</source>
        <translation>ノードを削除(&amp;R)</translation>
    </message>
    <message>
        <source>Add a &amp;Vnode</source>
        <translation>仮想ノードを追加(&amp;V)</translation>
    </message>
    <message>
        <source>Ctrl+Shift+V</source>
        <translation>Ctrl+Shift+V</translation>
    </message>
    <message>
        <source>Remove a Vn&amp;ode</source>
        <translation>仮想ノードを削除(&amp;O)</translation>
    </message>
    <message>
        <source>Ctrl+Alt+V</source>
        <translation>Ctrl+Alt+V</translation>
    </message>
    <message>
        <source>Re&amp;name Node…</source>
        <translation>ノード名を変更(&amp;N)…</translation>
    </message>
    <message>
        <source>F2</source>
        <translation>F2</translation>
    </message>
    <message>
        <source>Node &amp;Weight…</source>
        <translation>ノードの重み(&amp;W)…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+W</source>
        <translation>Ctrl+Shift+W</translation>
    </message>
    <message>
        <source>Node &amp;Colour…</source>
        <translation>ノードの色(&amp;C)…</translation>
    </message>
    <message>
        <source>A&amp;utomatic Colour</source>
        <translation>自動の色(&amp;U)</translation>
    </message>
    <message>
        <source>Rename Node</source>
        <translation>ノード名の変更</translation>
    </message>
    <message>
        <source>New id for %1:</source>
        <translation>%1 の新しい ID：</translation>
    </message>
    <message>
        <source>Node Weight</source>
        <translation>ノードの重み</translation>
    </message>
    <message>
        <source>Weight of %1 (its fair share is w/Σw of the keys):</source>
        <translation>%1 の重み（公平な分担はキー全体の w/Σw）：</translation>
    </message>
    <message>
        <source>Colour of %1</source>
        <translation>%1 の色</translation>
    </message>
    <message>
        <source>select a node first: a row of the node table or a token on the ring</source>
        <translation>先にノードを選択してください：ノード表の行か、リング上のトークン</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>Add a node like the others</source>
        <translation>ほかと同じ設定のノードを追加</translation>
    </message>
    <message>
        <source>Remove node %1</source>
        <translation>ノード %1 を削除</translation>
    </message>
    <message>
        <source>the last node stays</source>
        <translation>最後のノードは残ります</translation>
    </message>
    <message>
        <source>Give %1 one more token where it takes keys from another node</source>
        <translation>別のノードからキーを取る位置に、%1 のトークンを一つ追加</translation>
    </message>
    <message>
        <source>Take one token from %1</source>
        <translation>%1 からトークンを一つ取り除く</translation>
    </message>
    <message>
        <source>a node keeps at least one token</source>
        <translation>ノードには少なくとも一つのトークンが必要です</translation>
    </message>
    <message>
        <source>Rename %1</source>
        <translation>%1 の名前を変更</translation>
    </message>
    <message>
        <source>Set the weight of %1</source>
        <translation>%1 の重みを設定</translation>
    </message>
    <message>
        <source>Pick a colour for %1</source>
        <translation>%1 の色を選ぶ</translation>
    </message>
    <message>
        <source>Give %1 the colour that follows its id</source>
        <translation>%1 に ID から決まる色を付ける</translation>
    </message>
    <message>
        <source>it has that colour already</source>
        <translation>すでにその色です</translation>
    </message>
    <message>
        <source>Mark &amp;Down</source>
        <translation>ダウンにする(&amp;D)</translation>
    </message>
    <message>
        <source>Ctrl+Shift+D</source>
        <translation>Ctrl+Shift+D</translation>
    </message>
    <message>
        <source>Bring &amp;Up</source>
        <translation>復帰させる(&amp;U)</translation>
    </message>
    <message>
        <source>Bring %1 back up: it takes its keys back (the hand-back)</source>
        <translation>%1 を復帰させる: キーを取り戻す（返還）</translation>
    </message>
    <message>
        <source>Mark %1 down: it keeps its tokens and serves nothing; its keys go to the next live nodes</source>
        <translation>%1 をダウンにする: トークンは残り何も担当せず、そのキーは次の生きたノードへ移る</translation>
    </message>
</context>
<context>
    <name>ringscope::NodePanel</name>
    <message>
        <source>Nodes</source>
        <translation>ノード</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>追加</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>削除</translation>
    </message>
    <message>
        <source>+ vnode</source>
        <translation>+ 仮想ノード</translation>
    </message>
    <message>
        <source>− vnode</source>
        <translation>− 仮想ノード</translation>
    </message>
    <message>
        <source>Colour…</source>
        <translation>色…</translation>
    </message>
</context>
<context>
    <name>ringscope::NodeTableModel</name>
    <message>
        <source>Fair share w/Σw: %1</source>
        <translation>公平な分担 w/Σw：%1</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>ノード</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>トークン</translation>
    </message>
    <message>
        <source>Weight</source>
        <translation>重み</translation>
    </message>
    <message>
        <source>Zone</source>
        <translation>ゾーン</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>キー</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>割合</translation>
    </message>
    <message>
        <source>%1.weight: &quot;%2&quot; is not a number</source>
        <translation>%1.weight：「%2」は数値ではありません</translation>
    </message>
    <message>
        <source>no slots</source>
        <translation>スロットなし</translation>
    </message>
    <message>
        <source>Slots</source>
        <translation>スロット</translation>
    </message>
    <message>
        <source>%1 is down: it keeps its tokens and serves nothing; its keys go to the next live nodes of each key&apos;s order (Bring Up to restore it)</source>
        <translation>%1 はダウン: トークンは残り何も担当せず、そのキーは各キーの順序で次の生きたノードへ移る（「復帰させる」で戻す）</translation>
    </message>
    <message>
        <source>%1 (down)</source>
        <translation>%1（ダウン）</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>The keys whose primary the node is (each also has %1 replicas on other nodes, not counted here)</source>
        <translation>このノードがプライマリであるキー（それぞれほかのノードにもレプリカが %1 個ありますが、ここには数えていません）</translation>
    </message>
    <message>
        <source>Primaries</source>
        <translation>プライマリ</translation>
    </message>
    <message>
        <source>Primary share</source>
        <translation>プライマリの割合</translation>
    </message>
    <message>
        <source>%1 is removed: it keeps its bucket and serves nothing; the next node added takes the bucket removed last</source>
        <translation>%1 は外されている: バケットを保ったまま何も受け持たない。次に追加したノードが最後に外されたバケットを取る</translation>
    </message>
    <message>
        <source>%1 (removed)</source>
        <translation>%1（外した）</translation>
    </message>
</context>
<context>
    <name>ringscope::RedisSlotRing</name>
    <message>
        <source>No hash slots: this scenario uses %1.</source>
        <translation>ハッシュスロットなし：このシナリオは %1 を使っています。</translation>
    </message>
    <message>
        <source>slots %1
%2 → %3
%4 keys · %5</source>
        <translation>スロット %1
%2 → %3
%4 キー · %5</translation>
    </message>
    <message>
        <source>16,384 slots
%1 masters</source>
        <translation>16,384 スロット
マスター %1 台</translation>
    </message>
</context>
<context>
    <name>ringscope::RedisSlotsPanel</name>
    <message>
        <source>Master</source>
        <translation>マスター</translation>
    </message>
    <message>
        <source>Slots</source>
        <translation>スロット数</translation>
    </message>
    <message>
        <source>Ranges</source>
        <translation>範囲</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>キー数</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>バイト数</translation>
    </message>
    <message>
        <source>Reshard slots %1 to %2</source>
        <translation>スロット %1 を %2 へリシャード</translation>
    </message>
    <message>
        <source>The split redis-cli --cluster create makes. </source>
        <translation>redis-cli --cluster create による分割です。</translation>
    </message>
    <message>
        <source>Drag a handle on the ring to move a range boundary: the slots between go to the neighbouring master, as redis-cli --cluster reshard moves them (undoable).</source>
        <translation>リング上のハンドルをドラッグして範囲の境界を動かすと、その間のスロットが隣のマスターに移ります。redis-cli --cluster reshard と同じ移動です（元に戻せます）。</translation>
    </message>
    <message>
        <source>Moving slots %1 from %2 to %3 would move %4 keys (%5).</source>
        <translation>スロット %1 を %2 から %3 へ移すと、%4 キー（%5）が移動します。</translation>
    </message>
    <message>
        <source>No slots moved since the last change. Drag a boundary, or pin a baseline to measure several reshards together.</source>
        <translation>直前の変更以降、移動したスロットはありません。境界をドラッグするか、基準を固定して複数のリシャードをまとめて測ってください。</translation>
    </message>
    <message>
        <source>%1: %2 → %3</source>
        <translation>%1：%2 → %3</translation>
    </message>
    <message>
        <source>Resharded %1. Moved %2 of %3 keys (%4)</source>
        <translation>リシャード：%1。%3 キー中 %2 キーが移動（%4）</translation>
    </message>
    <message>
        <source> and %1 of %2 (%3)</source>
        <translation>、%2 中 %1（%3）</translation>
    </message>
    <message>
        <source>Redis Cluster places keys by hash slot; this scenario uses %1. Open the Redis Cluster preset, or pick redis-cluster as the algorithm in the Scenario panel, to see the 16,384 slots and reshard them.</source>
        <translation>Redis Cluster はキーをハッシュスロットで配置します。このシナリオは %1 を使っています。Redis Cluster のプリセットを開くか、シナリオパネルでアルゴリズムに redis-cluster を選ぶと、16,384 スロットを表示してリシャードできます。</translation>
    </message>
</context>
<context>
    <name>ringscope::RemovedBucketsPanel</name>
    <message>
        <source>no node (room in the table)</source>
        <translation>ノードなし（表の空き）</translation>
    </message>
    <message>
        <source>%1, removed</source>
        <translation>%1、外した</translation>
    </message>
    <message>
        <source> Key %1 (64-bit value %2) takes bucket %3 (%4, down: %5 serves it); buckets looked at: %6.</source>
        <translation> キー %1（64 ビット値 %2）はバケット %3（%4、ダウン中: %5 が受け持つ）。調べたバケット: %6。</translation>
    </message>
    <message>
        <source> Key %1 (64-bit value %2) takes bucket %3 (%4); buckets looked at: %5.</source>
        <translation> キー %1（64 ビット値 %2）はバケット %3（%4）。調べたバケット: %5。</translation>
    </message>
    <message>
        <source> Counting what removing and adding a node moves…</source>
        <translation> ノードの削除と追加で動くキーを数えています…</translation>
    </message>
    <message>
        <source> Removing %1 (bucket %L2, in the middle) would move %3 keys (%4), only its own; ideal %5.</source>
        <translation> 中ほどの %1（バケット %L2）を外すと %3 キー（%4）が動き、すべてそのノードのキー。理想は %5。</translation>
    </message>
    <message>
        <source> Removing %1 (bucket %L2, in the middle) would move %3 keys (%4), %5 of them from other nodes; ideal %6.</source>
        <translation> 中ほどの %1（バケット %L2）を外すと %3 キー（%4）が動き、うち %5 は他のノードから。理想は %6。</translation>
    </message>
    <message>
        <source> A node added next takes its bucket back, and every key goes where it went before.</source>
        <translation> 次に追加したノードがそのバケットを取り戻し、どのキーも元の場所へ戻る。</translation>
    </message>
    <message>
        <source> A node added next takes its bucket back; %1 keys would still be elsewhere.</source>
        <translation> 次に追加したノードがそのバケットを取り戻すが、%1 キーは別の場所のまま。</translation>
    </message>
    <message>
        <source> Adding a node now (bucket %L1) would move %2 keys (%3), every one into it; ideal %4.</source>
        <translation> 今ノードを追加すると（バケット %L1）%2 キー（%3）が動き、すべてそのノードへ。理想は %4。</translation>
    </message>
    <message>
        <source> Adding a node now (bucket %L1) would move %2 keys (%3), %4 of them between old nodes; ideal %5.</source>
        <translation> 今ノードを追加すると（バケット %L1）%2 キー（%3）が動き、うち %4 は既存ノード間。理想は %5。</translation>
    </message>
    <message>
        <source> Counted over the first %L1 of %L2 keys.</source>
        <translation> %L2 キーのうち最初の %L1 キーで数えた。</translation>
    </message>
    <message>
        <source>This scenario uses %1; shown is what %2 would do with its nodes.</source>
        <translation>このシナリオは %1 を使う。表示は同じノードで %2 がすること。</translation>
    </message>
    <message>
        <source>more than %L1</source>
        <translation>%L1 より多く</translation>
    </message>
</context>
<context>
    <name>ringscope::ReplayPanel</name>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>Replaying requests through the caches…</source>
        <translation>リクエストをキャッシュに流しています…</translation>
    </message>
    <message>
        <source> entries</source>
        <translation> エントリ</translation>
    </message>
    <message>
        <source>Requests replayed; the change takes effect halfway</source>
        <translation>流すリクエスト数。変更はその中間で効きます</translation>
    </message>
    <message>
        <source>Hit ratio</source>
        <translation>ヒット率</translation>
    </message>
    <message>
        <source>Origin requests</source>
        <translation>オリジンへのリクエスト</translation>
    </message>
    <message>
        <source>Cache per node:</source>
        <translation>ノードごとのキャッシュ:</translation>
    </message>
    <message>
        <source>Requests:</source>
        <translation>リクエスト数:</translation>
    </message>
    <message>
        <source>Show:</source>
        <translation>表示：</translation>
    </message>
    <message>
        <source>requests</source>
        <translation>リクエスト</translation>
    </message>
    <message>
        <source>origin requests per %1</source>
        <translation>%1 リクエストあたりのオリジンへのリクエスト</translation>
    </message>
    <message>
        <source>hit ratio per %1</source>
        <translation>%1 リクエストごとのヒット率</translation>
    </message>
    <message>
        <source>Algorithm</source>
        <translation>アルゴリズム</translation>
    </message>
    <message>
        <source>Steady</source>
        <translation>定常</translation>
    </message>
    <message>
        <source>First %1</source>
        <translation>直後 %1</translation>
    </message>
    <message>
        <source>Extra origin</source>
        <translation>オリジン増分</translation>
    </message>
    <message>
        <source>Recovery</source>
        <translation>回復</translation>
    </message>
    <message>
        <source>The hit ratio over the quarter of the run just before the change</source>
        <translation>変更直前の、実行全体の 4 分の 1 にあたる区間のヒット率</translation>
    </message>
    <message>
        <source>The hit ratio of the first %1 requests after the change</source>
        <translation>変更後最初の %1 リクエストのヒット率</translation>
    </message>
    <message>
        <source>Requests that reached the origin because of the change: misses after it, less those of the same stream through the changed fleet there from the start</source>
        <translation>変更のせいでオリジンに届いたリクエスト: 変更後のミスから、変更後の構成が最初からあった場合の同じリクエスト列でのミスを引いたもの</translation>
    </message>
    <message>
        <source>Requests after the change until the hit ratio of %1 requests is back within 1 % of the steady one</source>
        <translation>変更から、%1 リクエストごとのヒット率が定常値の 1 % 以内に戻るまでのリクエスト数</translation>
    </message>
    <message>
        <source>not in the run</source>
        <translation>実行中には戻らず</translation>
    </message>
    <message>
        <source>Cancelled: the lines shown are those replayed before it.</source>
        <translation>キャンセルしました。表示中の線はそれまでにリプレイしたものです。</translation>
    </message>
    <message>
        <source>No keys to request.</source>
        <translation>リクエストするキーがありません。</translation>
    </message>
    <message>
        <source>No change against the baseline, so this is what one more node would cost: %1.</source>
        <translation>ベースラインからの変更がないため、ノードを 1 台足した場合のコストを示します: %1。</translation>
    </message>
    <message>
        <source>The change since the baseline: %1.</source>
        <translation>ベースラインからの変更: %1。</translation>
    </message>
    <message>
        <source>%1 requests over %2 keys through a cache of %3 entries a node; the change at request %4.</source>
        <translation>%2 個のキーへの %1 リクエストを、ノードごとに %3 エントリのキャッシュに流します。変更は %4 リクエスト目。</translation>
    </message>
    <message>
        <source> (first %1 of %2 keys)</source>
        <translation>（%2 個中最初の %1 個のキー）</translation>
    </message>
    <message>
        <source>%1 extra requests reach the origin</source>
        <translation>オリジンへのリクエストが %1 件増えます</translation>
    </message>
    <message>
        <source>the origin gets %1 fewer requests</source>
        <translation>オリジンへのリクエストは %1 件減ります</translation>
    </message>
    <message>
        <source>In the first %4 requests after it, this scenario&apos;s hit ratio is %1 (steady %2); %3.</source>
        <translation>変更後最初の %4 リクエストでのこのシナリオのヒット率は %1 (定常 %2)。%3。</translation>
    </message>
    <message>
        <source>Under %1: %2; %3.</source>
        <translation>%1 では %2。%3。</translation>
    </message>
    <message>
        <source>Since the baseline</source>
        <translation>ベースラインから</translation>
    </message>
    <message>
        <source>Each undo step</source>
        <translation>元に戻す履歴の各手順</translation>
    </message>
    <message>
        <source>Replay the change since the baseline halfway through the run, or every step of the undo history in order, evenly through it</source>
        <translation>ベースラインからの変更を実行の中間で、または元に戻す履歴の各手順を順に、実行全体に均等に配置してリプレイします</translation>
    </message>
    <message>
        <source>Change:</source>
        <translation>変更:</translation>
    </message>
    <message>
        <source>One undo step, halfway through the run: %1.</source>
        <translation>元に戻す履歴の 1 手順を実行の中間で: %1。</translation>
    </message>
    <message>
        <source>%1 undo steps, evenly through the run: %2.</source>
        <translation>元に戻す履歴の %1 手順を実行全体に均等に: %2。</translation>
    </message>
    <message>
        <source>%1 requests over %2 keys through a cache of %3 entries a node; the first change at request %4.</source>
        <translation>%2 個のキーへの %1 リクエストを、ノードごとに %3 エントリのキャッシュに流します。最初の変更は %4 リクエスト目。</translation>
    </message>
    <message>
        <source>default</source>
        <translation>既定</translation>
    </message>
    <message>
        <source>Keys each node&apos;s LRU cache holds (default: half the keys spread over the nodes)</source>
        <translation>各ノードの LRU キャッシュが保持するキー数 (既定: キーの半分をノードに均等に割った数)</translation>
    </message>
    <message>
        <source>origin requests</source>
        <translation>オリジンへのリクエスト</translation>
    </message>
    <message>
        <source>hit ratio</source>
        <translation>ヒット率</translation>
    </message>
</context>
<context>
    <name>ringscope::RingWidget</name>
    <message>
        <source>Hash ring</source>
        <translation>ハッシュリング</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; token %2 at %3</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; のトークン %2（位置 %3）</translation>
    </message>
    <message>
        <source> · zone %1</source>
        <translation> · ゾーン %1</translation>
    </message>
    <message>
        <source>&lt;br&gt;arc (%1, %2] · %3 keys · %4 of the ring</source>
        <translation>&lt;br&gt;区間 (%1, %2] · キー %3 個 · リングの %4</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;i&gt;drag to move, right-click for more&lt;/i&gt;</source>
        <translation>&lt;br&gt;&lt;i&gt;ドラッグで移動、右クリックでその他の操作&lt;/i&gt;</translation>
    </message>
    <message>
        <source>key &lt;b&gt;%1&lt;/b&gt; at %2&lt;br&gt;owners %3</source>
        <translation>キー &lt;b&gt;%1&lt;/b&gt;（位置 %2）&lt;br&gt;持ち主 %3</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;b&gt;moved&lt;/b&gt; (was %1)</source>
        <translation>&lt;br&gt;&lt;b&gt;移動&lt;/b&gt;（以前は %1）</translation>
    </message>
    <message>
        <source>&lt;br&gt;replica set changed (was %1)</source>
        <translation>&lt;br&gt;レプリカセットが変化（以前は %1）</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;b&gt;down&lt;/b&gt;: its keys are served by the next live nodes clockwise&lt;br&gt;&lt;i&gt;bring it up (Ctrl+Shift+D) to drag tokens&lt;/i&gt;</source>
        <translation>&lt;br&gt;&lt;b&gt;ダウン&lt;/b&gt;: そのキーは時計回りで次の生きたノードが担当&lt;br&gt;&lt;i&gt;トークンをドラッグするには復帰させる（Ctrl+Shift+D）&lt;/i&gt;</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;i&gt;bring every node up to drag tokens&lt;/i&gt;</source>
        <translation>&lt;br&gt;&lt;i&gt;トークンをドラッグするにはすべてのノードを復帰させる&lt;/i&gt;</translation>
    </message>
    <message>
        <source>&lt;br&gt;%1 · %2 of the keys</source>
        <translation>&lt;br&gt;%1 · キー全体の %2</translation>
    </message>
</context>
<context>
    <name>ringscope::ScenarioPanel</name>
    <message>
        <source>Positions are 0 … space−1: a small space shows every position</source>
        <translation>位置は 0 … 空間−1。小さな空間ではすべての位置が見えます</translation>
    </message>
    <message>
        <source>pattern</source>
        <translation>パターン</translation>
    </message>
    <message>
        <source>list (in the scenario)</source>
        <translation>リスト（シナリオ内）</translation>
    </message>
    <message>
        <source>key file</source>
        <translation>キーファイル</translation>
    </message>
    <message>
        <source>{i} is replaced by start, start+1, …</source>
        <translation>{i} には 開始、開始+1、… が順に入ります</translation>
    </message>
    <message>
        <source>none</source>
        <translation>なし</translation>
    </message>
    <message>
        <source>fixed</source>
        <translation>固定</translation>
    </message>
    <message>
        <source>uniform</source>
        <translation>一様</translation>
    </message>
    <message>
        <source>log-normal</source>
        <translation>対数正規</translation>
    </message>
    <message>
        <source>Zipf</source>
        <translation>Zipf</translation>
    </message>
    <message>
        <source>keys.txt — one key per line</source>
        <translation>keys.txt — 1 行に 1 キー</translation>
    </message>
    <message>
        <source>A text file with one key per line. A relative path is read from the scenario file&apos;s folder and stays relative when the scenario is saved.</source>
        <translation>1 行に 1 つのキーを書いたテキストファイル。相対パスはシナリオファイルのフォルダーから読み込まれ、シナリオを保存しても相対パスのままです。</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>参照…</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>適用</translation>
    </message>
    <message>
        <source>Revert</source>
        <translation>元に戻す</translation>
    </message>
    <message>
        <source>Algorithm</source>
        <translation>アルゴリズム</translation>
    </message>
    <message>
        <source>Hash space</source>
        <translation>ハッシュ空間</translation>
    </message>
    <message>
        <source>Key hash</source>
        <translation>キーのハッシュ</translation>
    </message>
    <message>
        <source>Replicas</source>
        <translation>レプリカ数</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>トークン</translation>
    </message>
    <message>
        <source>Token hash</source>
        <translation>トークンのハッシュ</translation>
    </message>
    <message>
        <source>Token name</source>
        <translation>トークン名</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>キー</translation>
    </message>
    <message>
        <source>Key file</source>
        <translation>キーファイル</translation>
    </message>
    <message>
        <source>Pattern</source>
        <translation>パターン</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>個数</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>開始</translation>
    </message>
    <message>
        <source>Sizes</source>
        <translation>サイズ</translation>
    </message>
    <message>
        <source>Popularity</source>
        <translation>人気度</translation>
    </message>
    <message>
        <source>Requests</source>
        <translation>リクエスト数</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>シード</translation>
    </message>
    <message>
        <source>A lesson variant: weighting HRW by score/w or score·w does not give shares w/Σw. Use weighted-rendezvous (−ln U / w) for real systems.</source>
        <translation>学習用の変種：HRW を score/w や score·w で重み付けしても、割合は w/Σw になりません。実際のシステムには weighted-rendezvous（−ln U / w）を使ってください。</translation>
    </message>
    <message>
        <source>Use key file %1</source>
        <translation>キーファイル %1 を使用</translation>
    </message>
    <message>
        <source>Change scenario settings</source>
        <translation>シナリオの設定を変更</translation>
    </message>
    <message>
        <source>Choose a Key File</source>
        <translation>キーファイルを選択</translation>
    </message>
    <message>
        <source>Key lists (*.txt);;All files (*)</source>
        <translation>キーリスト (*.txt);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>Not used: %1</source>
        <translation>未使用：%1</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>%1 を読み込み中…</translation>
    </message>
    <message>
        <source>In use: %1 · %2 keys</source>
        <translation>使用中：%1 · キー %2 個</translation>
    </message>
    <message>
        <source>A text file, one key per line: type its path or Browse…</source>
        <translation>1 行に 1 キーのテキストファイル：パスを入力するか「参照…」で選択</translation>
    </message>
    <message>
        <source>must be a whole number of at least 2, &quot;2^32&quot; or &quot;2^64&quot;, not &quot;%1&quot;</source>
        <translation>2 以上の整数、「2^32」または「2^64」を指定してください（「%1」ではなく）</translation>
    </message>
    <message>
        <source>min </source>
        <translation>最小 </translation>
    </message>
    <message>
        <source>max </source>
        <translation>最大 </translation>
    </message>
    <message>
        <source>choose a key file (a text file, one key per line)</source>
        <translation>キーファイル（1 行に 1 キーのテキストファイル）を選んでください</translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation>無題</translation>
    </message>
    <message>
        <source>Shown above the ring, in the window and on exported pictures</source>
        <translation>リングの上、ウィンドウ、書き出した画像に表示されます</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>タイトル</translation>
    </message>
    <message>
        <source>This algorithm draws no ring: the middle of the window shows its own view.</source>
        <translation>このアルゴリズムにはリングがありません。ウィンドウの中央にそのアルゴリズムのビューを表示します。</translation>
    </message>
</context>
<context>
    <name>ringscope::VerdictPanel</name>
    <message>
        <source>Placing the keys by every algorithm and timing its lookups…</source>
        <translation>全アルゴリズムでキーを配置し、検索時間を計っています…</translation>
    </message>
    <message>
        <source>The scenario&apos;s own algorithm is in bold. Hover a cell for what it says; click a heading to sort.</source>
        <translation>このシナリオ自身のアルゴリズムは太字です。セルにポインタを置くと意味が表示され、見出しをクリックすると並べ替えられます。</translation>
    </message>
</context>
<context>
    <name>ringscope::VnodeStudyPanel</name>
    <message>
        <source>Computing the vnode study…</source>
        <translation>仮想ノードの検証を計算中…</translation>
    </message>
    <message>
        <source>vnodes per node V</source>
        <translation>ノードあたりの仮想ノード数 V</translation>
    </message>
    <message>
        <source>std-dev/mean</source>
        <translation>SD/平均</translation>
    </message>
    <message>
        <source>%1 token names</source>
        <translation>%1 のトークン名</translation>
    </message>
    <message>
        <source>1/√V</source>
        <translation>1/√V</translation>
    </message>
    <message>
        <source>xxh64 token names</source>
        <translation>xxh64 のトークン名</translation>
    </message>
    <message>
        <source>Load spread (std-dev/mean of keys per node) for %1 nodes with V hash-named vnodes each, over %2 keys; hover a point or read the table.</source>
        <translation>負荷のばらつき（ノードごとのキー数の標準偏差/平均）：%1 台のノードがそれぞれ名前から決まる V 個の仮想ノードを持ち、キーは %2 個。点にマウスを重ねるか、表を見てください。</translation>
    </message>
    <message>
        <source> (first %1 of %2 keys)</source>
        <translation>（%2 個中最初の %1 個のキー）</translation>
    </message>
    <message>
        <source> The scenario&apos;s space is too small for 1000 vnodes per node, so the study places them in 2^32.</source>
        <translation>シナリオの空間はノードあたり 1000 個の仮想ノードには小さすぎるため、この検証では 2^32 に配置します。</translation>
    </message>
    <message>
        <source> With few keys, key-count noise (≈√(N/K)) hides the vnode effect at large V.</source>
        <translation>キーが少ないと、キー数のゆらぎ（≈√(N/K)）に隠れて、大きな V での仮想ノードの効果が見えなくなります。</translation>
    </message>
    <message>
        <source>V</source>
        <translation>V</translation>
    </message>
    <message>
        <source>sd/mean</source>
        <translation>SD/平均</translation>
    </message>
    <message>
        <source>max/mean</source>
        <translation>最大/平均</translation>
    </message>
    <message>
        <source>xxh64</source>
        <translation>xxh64</translation>
    </message>
    <message>
        <source>Standard deviation of keys per node over the mean, with the scenario&apos;s token names</source>
        <translation>ノードごとのキー数の標準偏差を平均で割った値（シナリオのトークン名）</translation>
    </message>
    <message>
        <source>The most loaded node&apos;s keys over the mean</source>
        <translation>最も負荷の高いノードのキー数を平均で割った値</translation>
    </message>
    <message>
        <source>Standard deviation over the mean with xxh64 token names</source>
        <translation>標準偏差を平均で割った値（xxh64 のトークン名）</translation>
    </message>
    <message>
        <source>published (jump paper)</source>
        <translation>公表値(jump の論文)</translation>
    </message>
    <message>
        <source>published</source>
        <translation>公表値</translation>
    </message>
    <message>
        <source>The standard error of a ring with V points per node, as Lamping and Veach&apos;s jump consistent hash paper (2014) tabulates it</source>
        <translation>ノードあたり V 点のリングの標準誤差(Lamping と Veach の jump consistent hash の論文(2014)の表による)</translation>
    </message>
    <message>
        <source>this ring: V = %1</source>
        <translation>このリング：V = %1</translation>
    </message>
    <message>
        <source>%1 (this ring)</source>
        <translation>%1（このリング）</translation>
    </message>
    <message>
        <source>The scenario as it is: its own tokens, space and key hash (the other rows are hash-named vnodes)</source>
        <translation>シナリオそのもの：自身のトークン、空間、キーハッシュ（ほかの行は名前をハッシュした仮想ノード）</translation>
    </message>
</context>
<context>
    <name>ringscope::verdict</name>
    <message>
        <source>yes</source>
        <translation>はい</translation>
    </message>
    <message>
        <source>no</source>
        <translation>いいえ</translation>
    </message>
    <message>
        <source>%1 keys (%2)</source>
        <translation>%1 個のキー（%2）</translation>
    </message>
    <message>
        <source>%1 has no node in the middle to remove: %2</source>
        <translation>%1：途中に外せるノードがありません。%2</translation>
    </message>
    <message>
        <source>%1 cannot remove %2 here: %3</source>
        <translation>%1：ここでは %2 を外せません。%3</translation>
    </message>
    <message>
        <source>Algorithm</source>
        <translation>アルゴリズム</translation>
    </message>
    <message>
        <source>Lookup</source>
        <translation>検索</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>メモリ</translation>
    </message>
    <message>
        <source>Balance</source>
        <translation>偏り</translation>
    </message>
    <message>
        <source>Add a node</source>
        <translation>ノードを追加</translation>
    </message>
    <message>
        <source>Add %1</source>
        <translation>%1 を追加</translation>
    </message>
    <message>
        <source>Remove %1 (last)</source>
        <translation>%1 を削除（末尾）</translation>
    </message>
    <message>
        <source>Remove a middle node</source>
        <translation>途中のノードを削除</translation>
    </message>
    <message>
        <source>Remove %1 (middle)</source>
        <translation>%1 を削除（途中）</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>重み</translation>
    </message>
    <message>
        <source>Names</source>
        <translation>名前</translation>
    </message>
    <message>
        <source>Any removal</source>
        <translation>任意の削除</translation>
    </message>
    <message>
        <source>Monotone</source>
        <translation>単調性</translation>
    </message>
    <message>
        <source>Every algorithm placing this scenario&apos;s nodes and keys.</source>
        <translation>このシナリオのノードとキーを配置する各アルゴリズム。</translation>
    </message>
    <message>
        <source>The time to find one key&apos;s nodes, its hash computed beforehand: the median of %1 runs on this machine, now.</source>
        <translation>キー一つのノードを見つける時間（ハッシュは事前に計算）。このマシンでいま計った %1 回の中央値です。</translation>
    </message>
    <message>
        <source>The bytes of the structure the algorithm looks keys up in, beyond the node list every algorithm keeps.</source>
        <translation>どのアルゴリズムも持つノード一覧のほかに、キーを検索するために持つ構造のバイト数。</translation>
    </message>
    <message>
        <source>The busiest node&apos;s keys over its fair share (the mean, or w/Σw with unequal weights): 1.00 is perfect.</source>
        <translation>最も多く持つノードのキー数を、その公平な取り分（平均、重みが異なるときは w/Σw）で割った値。1.00 が完全です。</translation>
    </message>
    <message>
        <source>Whether node weights change where keys go.</source>
        <translation>ノードの重みでキーの行き先が変わるか。</translation>
    </message>
    <message>
        <source>Whether a node&apos;s id decides where its keys go (any names, in any order), or its place in the list (buckets 0…N−1).</source>
        <translation>キーの行き先を決めるのがノードの ID か（任意の名前、任意の順序）、リスト内の位置か（バケット 0…N−1）。</translation>
    </message>
    <message>
        <source>Whether removing a node from the middle moves only its own keys, as measured here.</source>
        <translation>途中のノードを外したとき、そのノードのキーだけが動くか（ここで計測）。</translation>
    </message>
    <message>
        <source>Whether adding a node moves keys only to the new node, as measured here.</source>
        <translation>ノードを加えたとき、キーが新しいノードにだけ動くか（ここで計測）。</translation>
    </message>
    <message>
        <source>%1 ns</source>
        <translation>%1 ns</translation>
    </message>
    <message>
        <source>%1 · %2×</source>
        <translation>%1 · %2×</translation>
    </message>
    <message>
        <source>%1: node weights change where keys go.</source>
        <translation>%1：ノードの重みでキーの行き先が変わります。</translation>
    </message>
    <message>
        <source>%1: every node takes an equal share; weights play no part.</source>
        <translation>%1：どのノードも等しい取り分を持ち、重みは関係しません。</translation>
    </message>
    <message>
        <source>%1: a node&apos;s id decides where its keys go; nodes may have any names, in any order.</source>
        <translation>%1：キーの行き先はノードの ID で決まります。ノードの名前も順序も自由です。</translation>
    </message>
    <message>
        <source>%1: nodes are buckets 0…N−1 in list order; a name is a label, and a node&apos;s place in the list decides its keys.</source>
        <translation>%1：ノードはリスト順にバケット 0…N−1 です。名前はラベルにすぎず、キーはリスト内の位置で決まります。</translation>
    </message>
    <message>
        <source>%1 cannot place this scenario: %2</source>
        <translation>%1 はこのシナリオを配置できません：%2</translation>
    </message>
    <message>
        <source>%1: %2 ns per key, the median of %3 runs, each finding the nodes of the first %4 keys one after another on this machine (their hashes computed beforehand). Measured now: a busy machine gives other numbers.</source>
        <translation>%1：キーあたり %2 ns。このマシンで、先頭の %4 個のキーのノードを順に求める実行を %3 回行った中央値です（ハッシュは事前に計算）。いま計った値なので、マシンが混んでいれば別の数になります。</translation>
    </message>
    <message>
        <source>%1 keeps no structure beyond the node list: a key&apos;s node comes from the key and the nodes alone.</source>
        <translation>%1 はノード一覧のほかに構造を持ちません。キーのノードはキーとノードだけから決まります。</translation>
    </message>
    <message>
        <source>%1 looks keys up in %2 (%3 bytes) beyond the node list.</source>
        <translation>%1 はノード一覧のほかに %2（%3 バイト）の構造でキーを検索します。</translation>
    </message>
    <message>
        <source>%1: the busiest node, %2, holds %3 times its fair share of the %4 keys.</source>
        <translation>%1：最も多く持つノード %2 は、%4 個のキーのうち公平な取り分の %3 倍を持っています。</translation>
    </message>
    <message>
        <source>%1 cannot add a node here: %2</source>
        <translation>%1：ここではノードを追加できません。%2</translation>
    </message>
    <message>
        <source>%1: adding %2 moves %3; an ideal scheme moves %4.</source>
        <translation>%1：%2 を加えると %3 が動きます。理想的な方式なら %4 です。</translation>
    </message>
    <message>
        <source>%1: removing %2 moves %3; an ideal scheme moves %4.</source>
        <translation>%1：%2 を外すと %3 が動きます。理想的な方式なら %4 です。</translation>
    </message>
    <message>
        <source>%1 of them move between the nodes that were there.</source>
        <translation>そのうち %1 個は、もとからあったノードの間で動きます。</translation>
    </message>
    <message>
        <source>%1 of them move from nodes that stay.</source>
        <translation>そのうち %1 個は、残るノードから動きます。</translation>
    </message>
    <message>
        <source>%1: removing %2 from the middle moves its own keys alone.</source>
        <translation>%1：途中の %2 を外しても、動くのはそのキーだけです。</translation>
    </message>
    <message>
        <source>%1: removing %2 from the middle also moves %3 keys between nodes that stay.</source>
        <translation>%1：途中の %2 を外すと、残るノードの間でも %3 個のキーが動きます。</translation>
    </message>
    <message>
        <source>%1: adding %2 moves keys to it alone.</source>
        <translation>%1：%2 を加えると、キーはそこにだけ動きます。</translation>
    </message>
    <message>
        <source>%1: adding %2 also moves %3 keys between the nodes that were there.</source>
        <translation>%1：%2 を加えると、もとからあったノードの間でも %3 個のキーが動きます。</translation>
    </message>
    <message>
        <source>Every algorithm on this scenario&apos;s %1 and %2: lookups timed on this machine (median of %3 runs), keys moved against the ideal.</source>
        <translation>このシナリオの%1と%2の上の全アルゴリズム。検索時間はこのマシンで計測（%3 回の中央値）、動くキーは理想と比べています。</translation>
    </message>
    <message>
        <source>(the first %1 of %2 keys)</source>
        <translation>（%2 個のうち先頭の %1 個）</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>追加</translation>
    </message>
    <message>
        <source>Remove last</source>
        <translation>末尾を削除</translation>
    </message>
    <message>
        <source>Remove middle</source>
        <translation>途中を削除</translation>
    </message>
    <message>
        <source>%1: the keys whose node changes, and how many times the fewest any scheme could move (1.00× is ideal).</source>
        <translation>%1：ノードが変わるキーの数と、どの方式でも避けられない最小の移動量の何倍か（1.00× が理想）。</translation>
    </message>
    <message>
        <source>%1: a master&apos;s slots decide its share; weights play no part.</source>
        <translation>%1：マスターの取り分はそのスロットで決まり、重みは関係しません。</translation>
    </message>
    <message>
        <source>%1: the slots a master owns decide its keys, not its name (redis-cli&apos;s split gives them by the masters&apos; order).</source>
        <translation>%1：キーを決めるのは名前ではなく、マスターが持つスロットです（redis-cli の分割はマスターの順にスロットを割り当てます）。</translation>
    </message>
    <message>
        <source>%1: no keys to time.</source>
        <translation>%1：計測するキーがありません。</translation>
    </message>
</context>
</TS>

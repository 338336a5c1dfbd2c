// gen.go: golden data from the real github.com/golang/groupcache/consistenthash
// (Debian golang-github-golang-groupcache-dev). Build in GOPATH mode:
//   GO111MODULE=off GOPATH=/usr/share/gocode go run gen.go [outdir]
package main

import (
	"bufio"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"sort"
	"strconv"

	"github.com/golang/groupcache/consistenthash"
)

const nKeys = 2000

var outDir = "."

func create(name string) (*os.File, *bufio.Writer) {
	f, err := os.Create(filepath.Join(outDir, name))
	if err != nil {
		panic(err)
	}
	return f, bufio.NewWriter(f)
}

func closeW(f *os.File, w *bufio.Writer) {
	if err := w.Flush(); err != nil {
		panic(err)
	}
	if err := f.Close(); err != nil {
		panic(err)
	}
}

func keys() []string {
	ks := make([]string, nKeys)
	for i := range ks {
		ks[i] = "key-" + strconv.Itoa(i)
	}
	return ks
}

// writeCase writes <name>.tsv and returns the per-peer counts.
func writeCase(name string, replicas int, peers ...string) map[string]int {
	m := consistenthash.New(replicas, nil)
	m.Add(peers...)
	f, w := create(name + ".tsv")
	fmt.Fprintf(w, "key\tpeer\n")
	counts := map[string]int{}
	for _, k := range keys() {
		p := m.Get(k)
		counts[p]++
		fmt.Fprintf(w, "%s\t%s\n", k, p)
	}
	closeW(f, w)
	fmt.Printf("%s (replicas=%d):", name, replicas)
	for _, p := range peers {
		fmt.Printf(" %s=%d", p, counts[p])
	}
	fmt.Println()
	return counts
}

type point struct {
	id string
	i  int
}

// findCollision searches ids "peer-0", "peer-1", ... in order, each with
// replicas points crc32(strconv.Itoa(i)+id), i < replicas, and returns the
// first point that equals a point of an earlier, different id.
func findCollision(replicas int) (idA string, i int, idB string, j int, h uint32) {
	seen := map[uint32]point{}
	for n := 0; ; n++ {
		id := "peer-" + strconv.Itoa(n)
		for r := 0; r < replicas; r++ {
			v := crc32.ChecksumIEEE([]byte(strconv.Itoa(r) + id))
			if p, ok := seen[v]; ok && p.id != id {
				return p.id, p.i, id, r, v
			}
			if _, ok := seen[v]; !ok {
				seen[v] = point{id, r}
			}
		}
	}
}

// arc returns the (lo, hi] interval of hashes owned by point h on the ring
// formed by the given peers (wrap: lo > hi means hash > lo or hash <= hi).
func arc(replicas int, h uint32, peers ...string) (lo, hi uint32) {
	var pts []int
	for _, p := range peers {
		for r := 0; r < replicas; r++ {
			pts = append(pts, int(crc32.ChecksumIEEE([]byte(strconv.Itoa(r)+p))))
		}
	}
	sort.Ints(pts)
	idx := sort.SearchInts(pts, int(h))
	if idx == 0 {
		return uint32(pts[len(pts)-1]), h
	}
	return uint32(pts[idx-1]), h
}

func onArc(v, lo, hi uint32) bool {
	if lo < hi {
		return v > lo && v <= hi
	}
	return v > lo || v <= hi
}

func main() {
	if len(os.Args) > 1 {
		outDir = os.Args[1]
	}

	// crc32.tsv
	f, w := create("crc32.tsv")
	fmt.Fprintf(w, "key\tcrc32\n")
	for _, k := range []string{"", "a", "apple", "key-0", "123456789"} {
		fmt.Fprintf(w, "%s\t%d\n", k, crc32.ChecksumIEEE([]byte(k)))
	}
	closeW(f, w)

	basic := []string{"http://10.0.0.1:8080", "http://10.0.0.2:8080", "http://10.0.0.3:8080"}
	writeCase("basic", 50, basic...)
	writeCase("replicas3", 3, "a", "b", "c", "d")
	writeCase("removal", 50, basic[0], basic[2])

	idA, i, idB, j, h := findCollision(50)
	fmt.Printf("collision: crc32(%q)=crc32(%q)=%d (0x%08x)\n",
		strconv.Itoa(i)+idA, strconv.Itoa(j)+idB, h, h)
	writeCase("collision-ab", 50, idA, idB, "peer-x")
	writeCase("collision-ba", 50, idB, idA, "peer-x")

	lo, hi := arc(50, h, idA, idB, "peer-x")
	var onArcKeys []string
	for _, k := range keys() {
		if onArc(crc32.ChecksumIEEE([]byte(k)), lo, hi) {
			onArcKeys = append(onArcKeys, k)
		}
	}
	mab := consistenthash.New(50, nil)
	mab.Add(idA, idB, "peer-x")
	mba := consistenthash.New(50, nil)
	mba.Add(idB, idA, "peer-x")

	// Extra keys ("arc-N") that land on the colliding point's arc; the first
	// one is also used to read the owner of the colliding point in each order.
	var extra []string
	for n := 0; len(extra) < 20; n++ {
		k := "arc-" + strconv.Itoa(n)
		if onArc(crc32.ChecksumIEEE([]byte(k)), lo, hi) {
			extra = append(extra, k)
		}
	}
	probe := extra[0]
	if len(onArcKeys) > 0 {
		probe = onArcKeys[0]
	}

	f, w = create("collision.tsv")
	fmt.Fprintf(w, "field\tvalue\n")
	fmt.Fprintf(w, "idA\t%s\ni\t%d\nidB\t%s\nj\t%d\n", idA, i, idB, j)
	fmt.Fprintf(w, "stringA\t%s\nstringB\t%s\n", strconv.Itoa(i)+idA, strconv.Itoa(j)+idB)
	fmt.Fprintf(w, "crc32\t%d\n", h)
	fmt.Fprintf(w, "arc_lo_exclusive\t%d\narc_hi_inclusive\t%d\n", lo, hi)
	fmt.Fprintf(w, "owner_ab\t%s\nowner_ba\t%s\n", mab.Get(probe), mba.Get(probe))
	fmt.Fprintf(w, "keys_on_arc\t%d\n", len(onArcKeys))
	closeW(f, w)
	fmt.Printf("arc (%d, %d]: %d of the %d keys: %v\n", lo, hi, len(onArcKeys), nKeys, onArcKeys)
	fmt.Printf("owner of colliding point: ab=%s ba=%s\n", mab.Get(probe), mba.Get(probe))

	if len(onArcKeys) == 0 {
		f, w = create("collision-keys.tsv")
		fmt.Fprintf(w, "key\tab\tba\n")
		for _, k := range extra {
			fmt.Fprintf(w, "%s\t%s\t%s\n", k, mab.Get(k), mba.Get(k))
		}
		closeW(f, w)
		fmt.Println("wrote collision-keys.tsv (20 extra keys)")
	}
}

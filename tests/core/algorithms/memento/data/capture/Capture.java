// Driver that captures MementoHash / DxHash reference vectors from the unmodified engines of
// SUPSI-DTI-ISIN/java-consistent-hashing-algorithms (MementoEngine, Memento, DxEngine,
// HashFunction, XXHash), and cross-checks them against (a) a reflection-based replica of the
// engine lookup and (b) a fully independent re-implementation (own XXH32, own Guava
// consistentHash, own java.util.Random) that follows algorithm.md.
//
// usage: java Capture OUTDIR SOURCE_LINE_PREFIX CAPTURED_WITH_LINE
//   (capture.sh supplies the two header strings)

import java.io.PrintWriter;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import com.google.common.hash.Hashing;

import ch.supsi.dti.isin.consistenthash.dx.DxEngine;
import ch.supsi.dti.isin.consistenthash.memento.MementoEngine;
import ch.supsi.dti.isin.hashfunction.HashFunction;
import ch.supsi.dti.isin.hashfunction.XXHash;

public class Capture
{
    /* ------------------------------------------------------------------ */
    /*  Key injection: the engines' getBucket(String) calls                */
    /*  hashFunction.hash(key) for the initial hash and (Memento only)      */
    /*  hashFunction.hash(key, b) for the rehash. This adapter makes the    */
    /*  String a 16-hex-digit encoding of the 64-bit key value, returns the */
    /*  value itself as the "initial hash", and routes the rehash to the    */
    /*  repository's own HashFunction.hash(long,int) default method on its  */
    /*  own XXHash class (XXH32, seed 0, over putLong(key).putInt(b)).      */
    /* ------------------------------------------------------------------ */
    static final class LongKeyXX implements HashFunction
    {
        final XXHash xx = new XXHash();
        @Override public String name() { return "XX/long-key"; }
        @Override public long hash( byte[] bytes ) { return xx.hash( bytes ); }
        @Override public long hash( String key ) { return Long.parseUnsignedLong( key, 16 ); }
        @Override public long hash( String key, int seed ) { return xx.hash( Long.parseUnsignedLong( key, 16 ), seed ); }
    }

    static String hex( long k ) { return String.format( "%016x", k ); }

    static final int NKEYS = 500;
    static long[] keys()
    {
        final long[] k = new long[NKEYS];
        k[0] = 0L; k[1] = 1L; k[2] = 0xFFFFFFFFFFFFFFFFL; k[3] = 0x8000000000000000L;
        long state = 0L;
        for( int i = 4; i < NKEYS; ++i )
        {
            state += 0x9E3779B97F4A7C15L;
            long z = state;
            z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
            z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
            k[i] = z ^ (z >>> 31);
        }
        return k;
    }

    static final class State
    {
        final int cap, n; final int[] removed;
        State( int cap, int n, int... removed ) { this.cap = cap; this.n = n; this.removed = removed; }
        String removedStr()
        {
            final StringBuilder sb = new StringBuilder();
            for( int i = 0; i < removed.length; ++i ) { if( i > 0 ) sb.append( ',' ); sb.append( removed[i] ); }
            return sb.toString();
        }
        @Override public String toString() { return "a=" + cap + " N=" + n + " removed=[" + removedStr() + "]"; }
    }

    static List<State> states( boolean memento )
    {
        final List<State> s = new ArrayList<>();
        s.add( new State( 2, 1 ) );
        s.add( new State( 20, 10 ) );
        s.add( new State( 20, 10, 3 ) );
        s.add( new State( 20, 10, 3, 7 ) );
        s.add( new State( 20, 10, 3, 7, 9 ) );
        s.add( new State( 20, 10, 3, 7, 9, 0 ) );
        s.add( new State( 20, 11 ) );
        s.add( new State( 20, 12 ) );
        s.add( new State( 20, 20 ) );
        final int[] r = new int[40];
        for( int j = 0; j < 40; ++j ) r[j] = (j * 37 + 11) % 100;
        s.add( new State( 200, 100, r ) );
        s.add( new State( 1000, 10, 1, 2, 3, 4, 5, 6, 7, 8 ) );
        s.add( new State( 10, 5, 4, 3, 2, 1 ) );
        if( memento ) s.add( new State( 0, 10, 9, 8, 7 ) );
        return s;
    }

    /* ------------------------------ engines ------------------------------ */

    static final LongKeyXX HF = new LongKeyXX();

    static MementoEngine freshMemento( int n, int[] removed )
    {
        final MementoEngine e = new MementoEngine( n, HF );
        for( int r : removed ) e.removeBucket( r );
        return e;
    }

    static DxEngine freshDx( int cap, int n, int[] removed )
    {
        final DxEngine e = new DxEngine( n, cap, HF );
        for( int r : removed ) e.removeBucket( r );
        return e;
    }

    static int[] lookupMemento( MementoEngine e, long[] keys )
    {
        final int[] out = new int[keys.length];
        for( int i = 0; i < keys.length; ++i ) out[i] = e.getBucket( hex( keys[i] ) );
        return out;
    }

    static int[] lookupDx( DxEngine e, long[] keys )
    {
        final int[] out = new int[keys.length];
        for( int i = 0; i < keys.length; ++i ) out[i] = e.getBucket( hex( keys[i] ) );
        return out;
    }

    /* ---- replica of MementoEngine.getBucket body, using the engine's private Memento via reflection ---- */
    static int[] lookupMementoReflect( MementoEngine e, long[] keys ) throws Exception
    {
        final Field mf = MementoEngine.class.getDeclaredField( "memento" );
        mf.setAccessible( true );
        final Object memento = mf.get( e );
        final Method replacerM = memento.getClass().getDeclaredMethod( "replacer", int.class );
        replacerM.setAccessible( true );
        final XXHash xx = new XXHash();
        final int[] out = new int[keys.length];
        for( int i = 0; i < keys.length; ++i )
        {
            final long key = keys[i];
            int b = Hashing.consistentHash( key, e.bArraySize() );
            int replacer = (int) replacerM.invoke( memento, b );
            while( replacer >= 0 )
            {
                final long h = Math.abs( xx.hash( key, b ) );
                b = (int)( h % replacer );
                int r = (int) replacerM.invoke( memento, b );
                while( r >= replacer ) { b = r; r = (int) replacerM.invoke( memento, b ); }
                replacer = r;
            }
            out[i] = b;
        }
        return out;
    }

    /* ---- replica of DxEngine.getBucket with java.util.Random ---- */
    static int[] lookupDxReplica( int cap, int n, int[] removed, long[] keys )
    {
        final boolean[] failed = new boolean[cap];
        for( int b = n; b < cap; ++b ) failed[b] = true;
        for( int r : removed ) failed[r] = true;
        final int[] out = new int[keys.length];
        for( int i = 0; i < keys.length; ++i )
        {
            final Random rnd = new Random( keys[i] );
            int b = rnd.nextInt( cap );
            while( failed[b] ) b = rnd.nextInt( cap );
            out[i] = b;
        }
        return out;
    }

    /* ------------------------------------------------------------------ */
    /*  Independent re-implementation following algorithm.md (no engine,    */
    /*  no Guava, no commons-codec, no java.util.Random).                   */
    /* ------------------------------------------------------------------ */
    static final class Indep
    {
        static final int P1 = 0x9E3779B1, P2 = 0x85EBCA77, P3 = 0xC2B2AE3D, P4 = 0x27D4EB2F, P5 = 0x165667B1;

        static int le32( byte[] d, int i )
        {
            return (d[i] & 0xff) | (d[i+1] & 0xff) << 8 | (d[i+2] & 0xff) << 16 | (d[i+3] & 0xff) << 24;
        }
        static int round( int acc, int in ) { return Integer.rotateLeft( acc + in * P2, 13 ) * P1; }

        /** standard XXH32 (seed 0 unless given) */
        static int xxh32( byte[] d, int seed )
        {
            final int len = d.length; int i = 0; int h;
            if( len >= 16 )
            {
                int v1 = seed + P1 + P2, v2 = seed + P2, v3 = seed, v4 = seed - P1;
                for( ; i + 16 <= len; i += 16 )
                {
                    v1 = round( v1, le32( d, i ) ); v2 = round( v2, le32( d, i + 4 ) );
                    v3 = round( v3, le32( d, i + 8 ) ); v4 = round( v4, le32( d, i + 12 ) );
                }
                h = Integer.rotateLeft( v1, 1 ) + Integer.rotateLeft( v2, 7 ) + Integer.rotateLeft( v3, 12 ) + Integer.rotateLeft( v4, 18 );
            }
            else h = seed + P5;
            h += len;
            for( ; i + 4 <= len; i += 4 ) h = Integer.rotateLeft( h + le32( d, i ) * P3, 17 ) * P4;
            for( ; i < len; ++i ) h = Integer.rotateLeft( h + (d[i] & 0xff) * P5, 11 ) * P1;
            h ^= h >>> 15; h *= P2; h ^= h >>> 13; h *= P3; h ^= h >>> 16;
            return h;
        }

        /** XXH32 over the 12 bytes BE(key, 8 bytes) || BE(b, 4 bytes), as unsigned 32-bit in a long */
        static long rehash( long key, int b )
        {
            final byte[] d = new byte[12];
            for( int i = 0; i < 8; ++i ) d[i] = (byte)( key >>> (56 - 8 * i) );
            for( int i = 0; i < 4; ++i ) d[8 + i] = (byte)( b >>> (24 - 8 * i) );
            return xxh32( d, 0 ) & 0xFFFFFFFFL;
        }

        /** Java's (int) cast of a double (d2i): NaN->0, saturating */
        static int d2i( double x )
        {
            if( x != x ) return 0;
            if( x >= 2147483647.0 ) return Integer.MAX_VALUE;
            if( x <= -2147483648.0 ) return Integer.MIN_VALUE;
            return (int) x;   // truncation toward zero, in range
        }

        /** Guava Hashing.consistentHash(long,int) */
        static int jump( long input, int buckets )
        {
            long state = input;
            int candidate = 0;
            while( true )
            {
                state = 2862933555777941757L * state + 1;
                final int hi = (int)( state >>> 33 );      // 0 .. 2^31-1
                final int hiPlus1 = hi + 1;                // int add: 0x7fffffff + 1 wraps to -2^31
                final double nd = ((double) hiPlus1) / 2147483648.0;
                final int next = d2i( (candidate + 1) / nd );
                if( next >= 0 && next < buckets ) candidate = next; else return candidate;
            }
        }

        /** java.util.Random(seed) + nextInt(bound) draws */
        static final class JRandom
        {
            long s;
            JRandom( long seed ) { s = (seed ^ 0x5DEECE66DL) & ((1L << 48) - 1); }
            int next( int bits ) { s = (s * 0x5DEECE66DL + 0xBL) & ((1L << 48) - 1); return (int)( s >>> (48 - bits) ); }
            int nextInt( int bound )
            {
                int r = next( 31 ); final int m = bound - 1;
                if( (bound & m) == 0 ) return (int)( (bound * (long) r) >> 31 );
                for( int u = r; u - (r = u % bound) + m < 0; u = next( 31 ) ) ;
                return r;
            }
        }

        /** Memento state: removed bucket -> {replacer, prevRemoved} */
        static final class Mem
        {
            int bArraySize, lastRemoved; final Map<Integer, int[]> table = new HashMap<>();
            Mem( int n ) { bArraySize = n; lastRemoved = n; }
            int size() { return bArraySize - table.size(); }
            void remove( int b )
            {
                if( table.isEmpty() && b == bArraySize - 1 ) { lastRemoved = bArraySize = b; return; }
                table.put( b, new int[] { size() - 1, lastRemoved } );
                lastRemoved = b;
            }
            int add()
            {
                final int b = lastRemoved;
                if( table.isEmpty() ) lastRemoved = b + 1;
                else lastRemoved = table.remove( b )[1];
                bArraySize = Math.max( bArraySize, b + 1 );
                return b;
            }
            int replacer( int b ) { final int[] e = table.get( b ); return e == null ? -1 : e[0]; }
            int lookup( long key )
            {
                int b = jump( key, bArraySize );
                int replacer = replacer( b );
                while( replacer >= 0 )
                {
                    b = (int)( rehash( key, b ) % replacer );   // rehash is already >= 0
                    int r = replacer( b );
                    while( r >= replacer ) { b = r; r = replacer( b ); }
                    replacer = r;
                }
                return b;
            }
        }

        static int[] memento( int n, int[] removed, long[] keys )
        {
            final Mem m = new Mem( n );
            for( int r : removed ) m.remove( r );
            final int[] out = new int[keys.length];
            for( int i = 0; i < keys.length; ++i ) out[i] = m.lookup( keys[i] );
            return out;
        }

        static int[] dx( int cap, int n, int[] removed, long[] keys )
        {
            final boolean[] failed = new boolean[cap];
            for( int b = n; b < cap; ++b ) failed[b] = true;
            for( int r : removed ) failed[r] = true;
            final int[] out = new int[keys.length];
            for( int i = 0; i < keys.length; ++i )
            {
                final JRandom rnd = new JRandom( keys[i] );
                int b = rnd.nextInt( cap );
                while( failed[b] ) b = rnd.nextInt( cap );
                out[i] = b;
            }
            return out;
        }
    }

    /* ------------------------------ checks ------------------------------ */

    static int failures = 0;      // internal cross-check failures (engine vs replica vs independent)
    static int modelMismatches = 0;

    static void check( String what, int[] a, int[] b, long[] keys )
    {
        if( Arrays.equals( a, b ) ) return;
        ++failures;
        for( int i = 0; i < a.length; ++i )
            if( a[i] != b[i] ) { System.out.println( "CROSSCHECK FAIL " + what + " key#" + i + " " + hex( keys[i] ) + ": " + a[i] + " vs " + b[i] ); break; }
    }

    static String diff( int[] got, int[] want, long[] keys )
    {
        int n = 0; int first = -1;
        for( int i = 0; i < got.length; ++i ) if( got[i] != want[i] ) { if( first < 0 ) first = i; ++n; }
        if( n == 0 ) return "OK (all " + got.length + " keys equal)";
        return "MISMATCH " + n + " keys differ, first key#" + first + " " + hex( keys[first] ) + ": live=" + got[first] + " fresh=" + want[first];
    }

    static int[] toArr( List<Integer> l ) { return l.stream().mapToInt( Integer::intValue ).toArray(); }

    /* ----- model-driven verification of a live object ----- */

    static void verifySequence( String engine, int cap, int n0, int[] removes, int adds, long[] keys, boolean verbose )
    {
        final boolean memento = engine.equals( "memento" );
        final Object obj = memento ? new MementoEngine( n0, HF ) : new DxEngine( n0, cap, HF );
        int n = n0; final List<Integer> removed = new ArrayList<>();
        final List<String> ops = new ArrayList<>();
        for( int r : removes ) ops.add( "remove " + r );
        for( int i = 0; i < adds; ++i ) ops.add( "add" );
        int step = 0;
        for( String op : ops )
        {
            ++step;
            String retInfo = "";
            if( op.startsWith( "remove" ) )
            {
                final int b = Integer.parseInt( op.substring( 7 ) );
                final int ret = memento ? ((MementoEngine) obj).removeBucket( b ) : ((DxEngine) obj).removeBucket( b );
                removed.add( b );
                retInfo = " returned " + ret + (ret == b ? "" : " (EXPECTED " + b + ")");
                if( ret != b ) ++modelMismatches;
            }
            else
            {
                final int expected;
                if( removed.isEmpty() ) { expected = n; n = n + 1; }
                else expected = removed.remove( removed.size() - 1 );
                final int ret = memento ? ((MementoEngine) obj).addBucket() : ((DxEngine) obj).addBucket();
                retInfo = " returned " + ret + (ret == expected ? " (expected " + expected + ", OK)" : " (EXPECTED " + expected + ", MISMATCH)");
                if( ret != expected ) ++modelMismatches;
            }
            final int[] rem = toArr( removed );
            final int[] live = memento ? lookupMemento( (MementoEngine) obj, keys ) : lookupDx( (DxEngine) obj, keys );
            final int[] fresh = memento ? lookupMemento( freshMemento( n, rem ), keys ) : lookupDx( freshDx( cap, n, rem ), keys );
            final String d = diff( live, fresh, keys );
            if( !d.startsWith( "OK" ) ) ++modelMismatches;
            if( verbose || !d.startsWith( "OK" ) )
                System.out.println( "  [" + engine + "] step " + step + ": " + op + retInfo + " -> model N=" + n + " removed=" + removed
                    + (memento ? "" : " a=" + cap) + " : live vs fresh " + d );
        }
    }

    /** random operation sequences, live object vs fresh model object after every op */
    static void fuzz( String engine, long seed, int sequences, int opsPerSeq, long[] keys )
    {
        final boolean memento = engine.equals( "memento" );
        final Random rnd = new Random( seed );
        final int before = modelMismatches;
        long opsDone = 0;
        for( int s = 0; s < sequences; ++s )
        {
            final int n0 = 1 + rnd.nextInt( 30 );
            final int cap = n0 + rnd.nextInt( 30 );
            final Object obj = memento ? new MementoEngine( n0, HF ) : new DxEngine( n0, cap, HF );
            int n = n0; final List<Integer> removed = new ArrayList<>();
            for( int k = 0; k < opsPerSeq; ++k )
            {
                final int working = n - removed.size();
                final boolean canAdd = !memento ? (!removed.isEmpty() || n < cap) : true;
                if( !canAdd && working <= 1 ) break;   // Dx: N == a with nothing removed and one node left
                final boolean doRemove = working > 1 && (!canAdd || rnd.nextInt( 100 ) < 55);
                String op;
                if( doRemove )
                {
                    // pick a random working bucket; bias towards the highest ones to hit the Memento shrink path
                    int b;
                    if( rnd.nextInt( 4 ) == 0 ) { b = n - 1; while( removed.contains( b ) ) --b; }
                    else do b = rnd.nextInt( n ); while( removed.contains( b ) );
                    final int ret = memento ? ((MementoEngine) obj).removeBucket( b ) : ((DxEngine) obj).removeBucket( b );
                    if( ret != b ) { ++modelMismatches; System.out.println( "  FUZZ " + engine + " remove return mismatch" ); }
                    removed.add( b );
                    op = "remove " + b;
                }
                else
                {
                    final int expected;
                    if( removed.isEmpty() ) { expected = n; n++; } else expected = removed.remove( removed.size() - 1 );
                    final int ret = memento ? ((MementoEngine) obj).addBucket() : ((DxEngine) obj).addBucket();
                    if( ret != expected ) { ++modelMismatches; System.out.println( "  FUZZ " + engine + " seq " + s + " add returned " + ret + " expected " + expected ); }
                    op = "add";
                }
                ++opsDone;
                final int[] rem = toArr( removed );
                final int[] live = memento ? lookupMemento( (MementoEngine) obj, keys ) : lookupDx( (DxEngine) obj, keys );
                final int[] fresh = memento ? lookupMemento( freshMemento( n, rem ), keys ) : lookupDx( freshDx( cap, n, rem ), keys );
                final String d = diff( live, fresh, keys );
                if( !d.startsWith( "OK" ) ) { ++modelMismatches; System.out.println( "  FUZZ " + engine + " seq " + s + " after " + op + " N=" + n + " removed=" + removed + ": " + d ); }
            }
        }
        System.out.println( "  fuzz " + engine + ": " + sequences + " sequences, " + opsDone + " ops, model mismatches: " + (modelMismatches - before) );
    }

    /* ------------------------------ main ------------------------------ */

    public static void main( String[] args ) throws Exception
    {
        final Path outDir = Paths.get( args[0] );
        final String sourceSha = args[1];
        final String capturedWith = args[2];
        final long[] keys = keys();

        // sanity: XXH32 reference values (xxHash spec): "" -> 0x02CC5D05, "abc" -> 0x32D153FF;
        // and repo XXHash vs independent on a 12-byte layout
        final XXHash xx = new XXHash();
        if( Indep.xxh32( new byte[0], 0 ) != 0x02CC5D05 ) { ++failures; System.out.println( "XXH32('') self-test FAIL" ); }
        if( Indep.xxh32( "abc".getBytes( "UTF-8" ), 0 ) != 0x32D153FF || xx.hash( "abc".getBytes( "UTF-8" ) ) != 0x32D153FFL )
            { ++failures; System.out.println( "XXH32('abc') self-test FAIL" ); }
        System.out.println( "first SplitMix64 key: " + hex( keys[4] ) + " (expected e220a8397b1dcdaf)" );
        int rehashChecked = 0;
        for( long k : keys ) for( int b : new int[] { 0, 1, 7, 99, 0x7fffffff, -1 } )
        {
            ++rehashChecked;
            if( xx.hash( k, b ) != Indep.rehash( k, b ) ) { ++failures; System.out.println( "rehash mismatch " + hex( k ) + " " + b ); }
            final int[] jb = { 1, 2, 3, 10, 100, 1000, 65536, Integer.MAX_VALUE };
            if( b == 0 ) for( int nb : jb ) if( Hashing.consistentHash( k, nb ) != Indep.jump( k, nb ) ) { ++failures; System.out.println( "jump mismatch " + hex( k ) + " " + nb ); }
        }
        System.out.println( "XXH32/rehash/jump self-checks done (" + rehashChecked + " rehash pairs)" );

        for( String engine : new String[] { "memento", "dx" } )
        {
            final boolean memento = engine.equals( "memento" );
            final Path file = outDir.resolve( engine + "-vectors.txt" );
            try( PrintWriter w = new PrintWriter( Files.newBufferedWriter( file ) ) )
            {
                w.print( memento ? "# MementoHash (MementoEngine) reference vectors\n" : "# DxHash (DxEngine) reference vectors\n" );
                final String files = memento
                    ? "src/main/java/ch/supsi/dti/isin/consistenthash/memento/{MementoEngine,Memento}.java, consistenthash/BucketBasedEngine.java, hashfunction/{HashFunction,XXHash}.java"
                    : "src/main/java/ch/supsi/dti/isin/consistenthash/dx/DxEngine.java, consistenthash/BucketBasedEngine.java, hashfunction/HashFunction.java";
                w.print( "# source: SUPSI-DTI-ISIN/java-consistent-hashing-algorithms @ " + sourceSha + ", " + files + "\n" );
                w.print( "# captured with: " + capturedWith + "\n" );
                w.print( "keys " + keys.length + "\n" );
                for( long k : keys ) w.print( hex( k ) + "\n" );
                for( State s : states( memento ) )
                {
                    final int[] got;
                    if( memento )
                    {
                        final MementoEngine e = freshMemento( s.n, s.removed );
                        got = lookupMemento( e, keys );
                        check( "memento reflect " + s, got, lookupMementoReflect( e, keys ), keys );
                        check( "memento indep " + s, got, Indep.memento( s.n, s.removed, keys ), keys );
                    }
                    else
                    {
                        got = lookupDx( freshDx( s.cap, s.n, s.removed ), keys );
                        check( "dx replica " + s, got, lookupDxReplica( s.cap, s.n, s.removed, keys ), keys );
                        check( "dx indep " + s, got, Indep.dx( s.cap, s.n, s.removed, keys ), keys );
                    }
                    w.print( "state capacity=" + (memento ? 0 : s.cap) + " nodes=" + s.n + " removed=" + s.removedStr() + "\n" );
                    final StringBuilder sb = new StringBuilder();
                    for( int i = 0; i < got.length; ++i ) { if( i > 0 ) sb.append( ' ' ); sb.append( got[i] ); }
                    w.print( sb + "\n" );
                }
            }
            System.out.println( "wrote " + file );
        }

        System.out.println( "VERIFY (i) memento: N=10, remove 3,7,9,0 then add x6" );
        verifySequence( "memento", 0, 10, new int[] { 3, 7, 9, 0 }, 6, keys, true );
        System.out.println( "VERIFY (i) dx: a=20 N=10, remove 3,7,9,0 then add x6" );
        verifySequence( "dx", 20, 10, new int[] { 3, 7, 9, 0 }, 6, keys, true );
        System.out.println( "VERIFY (ii) memento: N=10, remove 9,8,7 then add x3" );
        verifySequence( "memento", 0, 10, new int[] { 9, 8, 7 }, 3, keys, true );
        System.out.println( "VERIFY (extra) dx: a=20 N=10, remove 9,8,7 then add x3" );
        verifySequence( "dx", 20, 10, new int[] { 9, 8, 7 }, 3, keys, true );
        System.out.println( "VERIFY (fuzz) random op sequences, live object vs fresh model object after every op" );
        fuzz( "memento", 12345L, 300, 40, keys );
        fuzz( "dx", 54321L, 300, 40, keys );

        System.out.println( "SUMMARY internal cross-check failures: " + failures + ", model mismatches: " + modelMismatches );
        System.exit( failures == 0 ? 0 : 2 );
    }
}

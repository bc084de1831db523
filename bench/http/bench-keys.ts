// The bench accounts' keys, shared by the exchange the bench serves (serve.ts), the bare baseline (bare-serve.ts)
// and the client signing the requests (orders.bench.ts).
export const BENCH_KEYS = Array.from({ length: 8 }, (_, i) => ({
  apiKey: `bench-key-${i}`,
  apiSecret: `bench-secret-${i}`
}))

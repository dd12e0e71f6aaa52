/* Software prefetch, which Swift has no word for: a hint to bring the cache line at
 * `address` into the caches, to be written, before the load or store that needs it. A bulk
 * load's search lists (PinStorePostgres' SearchPostings, SearchGramTable) fetch a pin's
 * lists ahead so that their cache misses overlap. Never faults, whatever the address. */
#ifndef PINMAP_CPREFETCH_H
#define PINMAP_CPREFETCH_H
static inline void pm_prefetch(const void *address) { __builtin_prefetch(address, 1, 3); }
#endif

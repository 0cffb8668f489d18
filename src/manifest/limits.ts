// Hard caps on manifest input: checked before any parsing, so hostile input is refused before it
// costs memory. The totals are sized for the largest project dpac is built for (100,000 tables,
// ~40 MiB of YAML in the benchmark's shape) with room to spare; see docs/decisions.md.

/** A single file larger than this is refused unread. */
export const MAX_FILE_BYTES = 1024 * 1024;
/** All files together larger than this are refused unread. */
export const MAX_TOTAL_BYTES = 128 * 1024 * 1024;
/** More YAML documents than this (counted by `---` separators) are refused unparsed. */
export const MAX_DOCUMENTS = 200_000;
/** Deeper nesting of mappings/sequences is refused; real manifests stay below 15. */
export const MAX_DEPTH = 64;

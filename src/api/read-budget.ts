// How much one run may read: items and bytes per list and for the whole run. A server that streams
// pages forever (or one huge list) ends in an error naming the list and the limit, long before the
// items read could exhaust memory. Counting only: the caller throws, with its path and intent.

export interface ReadLimits {
  /** Items of one list (DPAC_MAX_LIST_ITEMS). */
  listItems: number;
  /** Items of every list of the run together: ten lists' worth. */
  runItems: number;
  /** Response bytes of one list: a quarter of the run's. */
  listBytes: number;
  /** Response bytes of every GET of the run together (DPAC_MAX_READ_MB). */
  runBytes: number;
}

const MIB = 1024 * 1024;
const DEFAULT_MAX_LIST_ITEMS = 100_000;
const DEFAULT_MAX_READ_MB = 1024;

/** The four limits from the two settings: items per list and bytes per run. */
export function readLimits(settings: { maxListItems?: number; maxReadBytes?: number } = {}): ReadLimits {
  const listItems = settings.maxListItems ?? DEFAULT_MAX_LIST_ITEMS;
  const runBytes = settings.maxReadBytes ?? DEFAULT_MAX_READ_MB * MIB;
  return { listItems, runItems: listItems * 10, listBytes: Math.round(runBytes / 4), runBytes };
}

const count = (n: number): string => n.toLocaleString('en-US');
const mebibytes = (bytes: number): string => `${count(Math.round((bytes / MIB) * 10) / 10)} MiB`;

/** What is read in one run; `why` strings name the limit passed and the setting that raises it. */
export class ReadBudget {
  private items = 0;
  private bytes = 0;

  constructor(readonly limits: ReadLimits) {}

  /** A response body of any GET; why the run must stop reading, if it must. */
  chargeBytes(bytes: number): string | undefined {
    this.bytes += bytes;
    if (this.bytes <= this.limits.runBytes) return undefined;
    return `the run has read more than ${mebibytes(this.limits.runBytes)} from the platform (DPAC_MAX_READ_MB)`;
  }

  /** Response bytes read so far by the run's GETs. */
  bytesRead(): number {
    return this.bytes;
  }

  /** A counter for one list: its own items and bytes, and the run's items. */
  list(): ListBudget {
    return new ListBudget(this);
  }

  /** Items of a list page, counted for the run; why the run must stop, if it must. */
  chargeItems(items: number): string | undefined {
    this.items += items;
    if (this.items <= this.limits.runItems) return undefined;
    return `the run's lists hold more than ${count(this.limits.runItems)} items together (10 × DPAC_MAX_LIST_ITEMS)`;
  }
}

export class ListBudget {
  private items = 0;
  private bytes = 0;

  constructor(private readonly run: ReadBudget) {}

  /** One page of the list (its bytes are already counted for the run); why to stop, if so. */
  charge(items: number, bytes: number): string | undefined {
    this.items += items;
    this.bytes += bytes;
    const { listItems, listBytes } = this.run.limits;
    if (this.items > listItems)
      return `the list holds more than ${count(listItems)} items (DPAC_MAX_LIST_ITEMS; raise it if the list is really that long)`;
    if (this.bytes > listBytes)
      return `the list is larger than ${mebibytes(listBytes)} (a quarter of DPAC_MAX_READ_MB)`;
    return this.run.chargeItems(items);
  }
}

// Mongo-style filter: lenient parsing of the `filter` query value and matching against documents.
import { EmuError } from './errors.js';

export type Filter = Record<string, unknown>;

/** Parses a filter; accepts Python-repr style (single quotes, True/False/None) leniently. */
export function parseFilter(raw: string | undefined): Filter | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  for (const text of [raw, pythonToJson(raw)]) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Filter;
    } catch {
      // try the next reading
    }
  }
  throw new EmuError(400, 'IW10006', `Invalid filter: ${raw.slice(0, 200)}`);
}

function pythonToJson(text: string): string {
  let out = '';
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quote) {
      if (ch === '\\') {
        out += ch + (text[i + 1] ?? '');
        i++;
      } else if (ch === quote) {
        out += '"';
        quote = undefined;
      } else out += ch === '"' ? '\\"' : ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      out += '"';
    } else out += ch;
  }
  return out
    .replace(/\bTrue\b/g, 'true')
    .replace(/\bFalse\b/g, 'false')
    .replace(/\bNone\b/g, 'null');
}

/** Reads a dotted path; `_id` means `id`. Arrays along the way fan out (Mongo semantics). */
export function valuesAt(doc: unknown, path: string): unknown[] {
  const keys = path.split('.').map((k) => (k === '_id' ? 'id' : k));
  let current: unknown[] = [doc];
  for (const key of keys) {
    const next: unknown[] = [];
    for (const value of current) {
      if (Array.isArray(value)) {
        for (const item of value) {
          if (item !== null && typeof item === 'object' && key in item) next.push((item as Filter)[key]);
        }
      } else if (value !== null && typeof value === 'object' && key in value) {
        next.push((value as Filter)[key]);
      }
    }
    current = next;
  }
  return current;
}

export function matches(doc: unknown, filter: Filter): boolean {
  return Object.entries(filter).every(([key, condition]) => {
    switch (key) {
      case '$and':
        return asArray(condition).every((sub) => matches(doc, sub as Filter));
      case '$or':
        return asArray(condition).some((sub) => matches(doc, sub as Filter));
      case '$nor':
        return !asArray(condition).some((sub) => matches(doc, sub as Filter));
      default:
        return matchField(valuesAt(doc, key), condition);
    }
  });
}

function asArray(value: unknown): unknown[] {
  if (!Array.isArray(value)) throw new EmuError(400, 'IW10006', 'Invalid filter: $and/$or need an array');
  return value;
}

function isOperatorObject(value: unknown): value is Filter {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((k) => k.startsWith('$')) && !('$date' in value && keys.length === 1);
}

function matchField(values: unknown[], condition: unknown): boolean {
  if (!isOperatorObject(condition)) return values.some((v) => looseEqual(v, condition));
  return Object.entries(condition).every(([op, arg]) => applyOperator(op, values, arg));
}

function applyOperator(op: string, values: unknown[], arg: unknown): boolean {
  switch (op) {
    case '$eq':
      return values.some((v) => looseEqual(v, arg));
    case '$ne':
      return !values.some((v) => looseEqual(v, arg));
    case '$in':
      return Array.isArray(arg) && values.some((v) => arg.some((a) => looseEqual(v, a)));
    case '$nin':
      return !(Array.isArray(arg) && values.some((v) => arg.some((a) => looseEqual(v, a))));
    case '$exists':
      return (values.some((v) => v !== undefined) ? 1 : 0) === (arg ? 1 : 0);
    case '$gt':
    case '$gte':
    case '$lt':
    case '$lte':
      return values.some((v) => compareOp(op, v, arg));
    case '$regex':
      return values.some((v) => typeof v === 'string' && new RegExp(String(arg)).test(v));
    case '$options':
      return true;
    default:
      throw new EmuError(400, 'IW10006', `Invalid filter: unsupported operator ${op}`);
  }
}

function scalar(value: unknown): unknown {
  if (value !== null && typeof value === 'object' && '$date' in value) {
    const date = (value as Filter).$date;
    return typeof date === 'number' ? date : Date.parse(String(date));
  }
  return value;
}

function looseEqual(stored: unknown, wanted: unknown): boolean {
  const w = scalar(wanted);
  if (Array.isArray(stored)) return stored.some((item) => looseEqual(item, wanted));
  if (typeof w === 'number' && typeof stored === 'string' && wanted !== w) return Date.parse(stored) === w;
  if (w !== null && typeof w === 'object') return JSON.stringify(stored) === JSON.stringify(w);
  return stored === w || (stored === undefined && w === null);
}

function compareOp(op: string, stored: unknown, wanted: unknown): boolean {
  const w = scalar(wanted);
  let s = stored;
  if (typeof w === 'number' && typeof s === 'string') s = Date.parse(s);
  if (typeof s !== typeof w || s === null || s === undefined) return false;
  const a = s as number | string;
  const b = w as number | string;
  switch (op) {
    case '$gt':
      return a > b;
    case '$gte':
      return a >= b;
    case '$lt':
      return a < b;
    default:
      return a <= b;
  }
}

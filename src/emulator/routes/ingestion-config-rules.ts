// Validation of a table's ingestion configuration (sync type, update strategy, natural keys). Pure.
import { EmuError } from '../errors.js';
import { type Body, isRecord } from './ingestion-lookup.js';

/** The spec's cdc-* values are accepted next to the `incremental` real tenants use. */
const SYNC_TYPES = ['full-load', 'incremental'];
const UPDATE_STRATEGIES = ['append', 'merge', 'insert-overwrite'];
const STORAGE_FORMATS = ['delta', 'parquet', 'orc', 'avro', 'csv', 'delimited_text_files'];

function invalid(details: string): never {
  throw new EmuError(400, 'IW10006', details);
}

/** Checks a (merged) ingestion configuration; throws 400 IW10006 with precise details. */
export function checkIngestionConfig(config: Body): void {
  const syncType = config.sync_type;
  if (syncType !== undefined && syncType !== null) {
    if (typeof syncType !== 'string' || !(SYNC_TYPES.includes(syncType) || syncType.startsWith('cdc-'))) {
      invalid(`Invalid sync_type '${String(syncType)}': expected one of full-load, incremental, cdc-*`);
    }
  }
  const strategy = config.update_strategy;
  if (strategy !== undefined && strategy !== null && strategy !== '') {
    if (typeof strategy !== 'string' || !UPDATE_STRATEGIES.includes(strategy)) {
      invalid(`Invalid update_strategy '${String(strategy)}': expected one of append, merge`);
    }
    if (strategy === 'merge') {
      const keys = config.natural_keys;
      if (!Array.isArray(keys) || keys.length === 0) {
        invalid("'natural_keys' must be a non-empty array when update_strategy is 'merge'");
      }
    }
  }
  for (const field of ['natural_keys', 'watermark_columns', 'partition_keys']) {
    const value = config[field];
    if (value !== undefined && value !== null && !Array.isArray(value))
      invalid(`'${field}' must be an array`);
  }
  const keys = config.natural_keys;
  if (Array.isArray(keys) && keys.some((key) => typeof key !== 'string')) {
    invalid("'natural_keys' must be an array of column names");
  }
  const format = config.storage_format;
  if (
    format !== undefined &&
    format !== null &&
    (typeof format !== 'string' || !STORAGE_FORMATS.includes(format))
  ) {
    invalid(`Invalid storage_format '${String(format)}': expected one of ${STORAGE_FORMATS.join(', ')}`);
  }
  if (config.split_by_key !== undefined && config.split_by_key !== null && !isRecord(config.split_by_key)) {
    invalid("'split_by_key' must be an object");
  }
}

/** `columns_configuration` (spec spelling) is stored under the real key `columns_configurations`. */
export function normalizeFileProperties(properties: Body): Body {
  const { columns_configuration: singular, ...rest } = properties;
  if (singular !== undefined && rest.columns_configurations === undefined) {
    return { ...rest, columns_configurations: singular };
  }
  return rest;
}

/** Normalizes spelling variants inside a configuration before it is stored. */
export function normalizeIngestionConfig(config: Body): Body {
  if (!isRecord(config.source_file_properties)) return config;
  return { ...config, source_file_properties: normalizeFileProperties(config.source_file_properties) };
}

// A realistic platform for the export round trip, on top of the shipped examples: a Kafka source
// with a topic mapping, JSON files with a file mapping, a generic source type, a table exported to
// a data connection, derived partitions and schedules of several shapes. Applied through the API by
// dpac; `seedHandMade` adds objects another client made (no ownership tag, API-style spellings).
export const RICH_SECRETS: Record<string, string> = {
  KAFKA_PASSWORD: 'kafka-password',
  REGISTRY_PASSWORD: 'registry-password',
  FEED_TOKEN: 'feed-token',
};

export const RICH_MANIFESTS = `apiVersion: dpac/v1
kind: GenericSourceType
metadata:
  name: teradata
spec:
  driver_class_name: com.teradata.jdbc.TeraDriver
  upload_option: serverLocation
  folder_path: /opt/drivers/teradata
---
apiVersion: dpac/v1
kind: Source
metadata:
  name: events_stream
spec:
  type: streaming
  sub_type: confluent_cloud
  description: Click events from Confluent Cloud.
  data_lake_path: /iw/sources/events_stream
  environment: prod
  storage: lake
  connection:
    broker_id: pkc-1234.eastus.azure.confluent.cloud:9092
    message_format: avro
    enable_cluster_authentication: true
    cluster_authentication_details:
      username: events-reader
      password: \${env.KAFKA_PASSWORD}
    enable_schema_registry: true
    schema_registry_url: https://psrc-1234.eastus.azure.confluent.cloud
    schema_registry_authentication_details:
      authentication_mechanism: http_basic
      username: registry-reader
      password: \${env.REGISTRY_PASSWORD}
  tags: [events]
---
apiVersion: dpac/v1
kind: TopicMapping
metadata:
  name: people
  source: events_stream
spec:
  configuration:
    topic_identifier:
      type: list
      list: [person, address]
      crawl_schema_mechanism: schema_registry
      subject_name: person-value
---
apiVersion: dpac/v1
kind: Source
metadata:
  name: files_json
spec:
  type: file
  sub_type: json
  description: Order feeds as JSON lines; cost in $\${currency} per the vendor's template.
  data_lake_path: /iw/sources/files_json
  data_lake_schema: feeds
  environment: prod
  storage: lake
  connection:
    source_base_path: /data/feeds
    storage:
      storage_type: dbfs
---
apiVersion: dpac/v1
kind: FileMapping
metadata:
  name: orders_json
  source: files_json
spec:
  configuration:
    source_relative_path: /orders
    record_scope: line
    include_subdirectories: true
    character_encoding: UTF-8
    include_filename_regex: .*\\.json
---
apiVersion: dpac/v1
kind: Table
metadata:
  name: invoices
  source: sales_db
spec:
  description: Invoices, partitioned by year and region, exported to the warehouse.
  source_table:
    schema_name: dbo
    table_name: invoices
  ingestion:
    sync_type: incremental
    update_strategy: merge
    natural_keys: [invoice_id]
    watermark_columns: [updated_at]
    partition_keys:
      - parent_column: invoice_date
        derive_format: yyyy
      - partition_column: region
    storage_format: delta
    target_schema_name: sales
    target_table_name: invoices
  export:
    sync_type: MERGE
    target_type: SNOWFLAKE
    connection:
      data_connection: warehouse_target
    target_configuration:
      schema_name: SALES
      table_name: INVOICES
      natural_key: [INVOICE_ID]
  tags: [finance]
  advanced_configurations:
    - key: fetch_size
      value: "5000"
      is_active: false
---
apiVersion: dpac/v1
kind: TableGroup
metadata:
  name: month_end
  source: sales_db
spec:
  compute: etl-small
  tables:
    - table: invoices
  schedule:
    start_date: 01/31/2026
    start_hour: 23
    start_min: 0
    repeat_interval_unit: MONTH
    repeat_interval_measure: 1
    repeat_on_last_day: true
    ends: true
    end_date: 12/31/2027
    end_hour: 23
    end_min: 59
---
apiVersion: dpac/v1
kind: TableGroup
metadata:
  name: intraday
  source: sales_db
spec:
  compute: etl-small
  max_parallel_entities: 3
  tables:
    - table: events
    - table: orders
      connection_quota: 50
  schedule:
    start_date: 02/01/2026
    start_hour: 6
    start_min: 0
    repeat_interval_unit: DAY
    repeat_interval_measure: 1
    is_custom_job: true
    custom_job_details:
      starts_daily_at: '06:00'
      ends_daily_at: '18:00'
      repeat_interval_measure: 2
      repeat_interval_unit: HOUR
---
apiVersion: dpac/v1
kind: TableGroup
metadata:
  name: paused
  source: files_csv
spec:
  compute: etl-small
  tables:
    - table: daily_prices
  schedule:
    enabled: false
`;

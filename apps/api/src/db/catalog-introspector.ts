import {
  type DatabaseIntrospector,
  DEFAULT_MIGRATION_LOCK_TABLE,
  DEFAULT_MIGRATION_TABLE,
  type DatabaseMetadataOptions,
  type Kysely,
  PostgresDialect,
  PostgresIntrospector,
  sql,
  type TableMetadata,
} from 'kysely';

/**
 * Kysely's PostgreSQL introspector, which its migrator uses to find its own tables, reads the
 * whole catalogue and looks each schema and table up again **by name**
 * (`has_schema_privilege(nspname, …)`, `pg_get_serial_sequence(nspname || '.' || relname, …)`).
 * A schema that another session drops while that query runs is still in the query's snapshot
 * but no longer in the catalogue's cache, and the name lookup fails the whole read with 3F000
 * "schema … does not exist": the migration stops before it began. On a server shared with
 * other schemas (another application's, or the test suite's, which drops one per test file)
 * that is a race, not a fault. This introspector asks the same questions by OID, which answer
 * NULL for an object that has just gone, so such a schema simply drops out of the result.
 * (`getSchemas`, a plain read of pg_namespace, is Kysely's own.) ADR 046.
 */
export class CatalogIntrospector extends PostgresIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- the catalogue has no table types

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as Kysely's own introspectors
  constructor(db: Kysely<any>) {
    super(db);
    this.#db = db;
  }

  override async getTables(
    options: DatabaseMetadataOptions = { withInternalKyselyTables: false },
  ): Promise<TableMetadata[]> {
    const internal = options.withInternalKyselyTables
      ? sql``
      : sql`and c.relname not in (${DEFAULT_MIGRATION_TABLE}, ${DEFAULT_MIGRATION_LOCK_TABLE})`;
    const { rows } = await sql<{
      column: string;
      not_null: boolean;
      has_default: boolean;
      table: string;
      table_type: string;
      schema: string;
      type: string;
      type_schema: string;
      column_description: string | null;
      auto_incrementing: boolean;
    }>`
      select a.attname as column, a.attnotnull as not_null, a.atthasdef as has_default,
             c.relname as table, c.relkind as table_type, ns.nspname as schema,
             typ.typname as type, dtns.nspname as type_schema,
             col_description(a.attrelid, a.attnum) as column_description,
             seq.refobjid is not null as auto_incrementing
        from pg_catalog.pg_attribute a
        join pg_catalog.pg_class c on a.attrelid = c.oid
        join pg_catalog.pg_namespace ns on c.relnamespace = ns.oid
        join pg_catalog.pg_type typ on a.atttypid = typ.oid
        join pg_catalog.pg_namespace dtns on typ.typnamespace = dtns.oid
        -- the sequence a serial or identity column owns (what pg_get_serial_sequence finds),
        -- joined rather than asked per column: a cheap plan, which the planner does not JIT-compile
        left join (
          select d.refobjid, d.refobjsubid from pg_catalog.pg_depend d
          join pg_catalog.pg_class s on s.oid = d.objid and s.relkind = 'S'
          where d.classid = 'pg_catalog.pg_class'::regclass and d.refclassid = 'pg_catalog.pg_class'::regclass
            and d.deptype in ('a', 'i')
        ) seq on seq.refobjid = c.oid and seq.refobjsubid = a.attnum
       where c.relkind in ('r', 'v', 'p')
         and ns.nspname !~ '^pg_' and ns.nspname <> 'information_schema'
         and coalesce(has_schema_privilege(ns.oid, 'USAGE'), false)
         and a.attnum >= 0 and not a.attisdropped
         ${internal}
       order by ns.nspname, c.relname, a.attnum`.execute(this.#db);
    const tables = new Map<string, TableMetadata>();
    for (const row of rows) {
      const key = `${row.schema}.${row.table}`;
      let table = tables.get(key);
      if (!table) {
        table = { name: row.table, schema: row.schema, isView: row.table_type === 'v', columns: [] };
        tables.set(key, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.type_schema,
        isNullable: !row.not_null,
        hasDefaultValue: row.has_default,
        isAutoIncrementing: row.auto_incrementing,
        comment: row.column_description ?? undefined,
      });
    }
    return [...tables.values()];
  }
}

/** Kysely's PostgreSQL dialect with the introspector above. */
export class PortalPostgresDialect extends PostgresDialect {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as Kysely's own dialects
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new CatalogIntrospector(db);
  }
}

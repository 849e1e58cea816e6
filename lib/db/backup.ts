import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip, createGzip } from 'node:zlib';
import { once } from 'node:events';
import { z } from 'zod';
import type { Connection } from './client';

/**
 * Logical backups that work the same on PGlite and PostgreSQL: one gzip file of JSON lines, a
 * header line, then `{table, rows}` chunks. Restore replaces every table's rows inside one
 * transaction and moves the id sequences past the restored ids.
 */
const FORMAT = 'gonghui-backup';
const CHUNK_ROWS = 2000;

async function tables(connection: Connection): Promise<string[]> {
  const rows = await connection.query<{ table_name: string }>(
    `select table_name from information_schema.tables
     where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((r) => r.table_name);
}

async function migrationCount(connection: Connection): Promise<number> {
  try {
    const [row] = await connection.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
    return row?.n ?? 0;
  } catch {
    return 0;
  }
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** A table's primary-key columns, in key order: the one stable order to page it by. */
async function keyColumns(connection: Connection, table: string): Promise<string[]> {
  const rows = await connection.query<{ name: string }>(
    `select a.attname as name from pg_index i
       join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
     where i.indrelid = $1::regclass and i.indisprimary
     order by array_position(i.indkey, a.attnum)`,
    [quote(table)],
  );
  return rows.map((row) => row.name);
}

/** Rows per chunk: uploaded bytes (upload_chunks, up to 512 KB a row) go a few at a time. */
async function rowsPerChunk(connection: Connection, table: string): Promise<number> {
  const [row] = await connection.query<{ n: number }>(
    `select count(*)::int as n from information_schema.columns where table_schema = current_schema() and table_name = $1 and data_type = 'bytea'`,
    [table],
  );
  return row && row.n > 0 ? 4 : CHUNK_ROWS;
}

/** Bytes as PostgreSQL's hex text ('\\x…'), which json_populate_recordset reads back as bytea. */
function portable(row: Record<string, unknown>): Record<string, unknown> {
  for (const [key, value] of Object.entries(row))
    if (value instanceof Uint8Array)
      row[key] = `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
  return row;
}

export async function writeBackup(connection: Connection, file: string): Promise<{ tables: number; rows: number }> {
  const gzip = createGzip();
  const out = createWriteStream(file, { mode: 0o600 });
  gzip.pipe(out);
  const write = async (value: unknown) => {
    if (!gzip.write(`${JSON.stringify(value)}\n`)) await once(gzip, 'drain');
  };
  const names = await tables(connection);
  await write({
    format: FORMAT,
    version: 1,
    createdAt: new Date().toISOString(),
    migrations: await migrationCount(connection),
    driver: connection.driver,
    tables: names,
  });
  let total = 0;
  for (const table of names) {
    // Keyset-free paging by ctid order is not portable; tables are read in chunks by offset of a stable sort.
    const key = await keyColumns(connection, table);
    const order = key.length ? key.map(quote).join(', ') : '1';
    const size = await rowsPerChunk(connection, table);
    for (let offset = 0; ; offset += size) {
      const rows = await connection.query(
        `select * from ${quote(table)} order by ${order} limit ${size} offset ${offset}`,
      );
      if (rows.length === 0) break;
      await write({ table, rows: rows.map(portable) });
      total += rows.length;
      if (rows.length < size) break;
    }
  }
  gzip.end();
  await once(out, 'finish');
  return { tables: names.length, rows: total };
}

const backupHeader = z.object({
  format: z.string().optional(),
  migrations: z.number().optional(),
  tables: z.array(z.string()).optional(),
});
type Header = z.infer<typeof backupHeader>;

export async function readBackup(connection: Connection, file: string): Promise<{ tables: number; rows: number }> {
  const present = new Set(await tables(connection));
  const applied = await migrationCount(connection);
  // One dedicated connection: with a pool, begin, truncate and commit must not land on different ones.
  return connection.session(async (query) => {
    let header: Header | undefined;
    let total = 0;
    await query('begin');
    try {
      // Made right before the loop: readline emits lines as soon as data flows, and lines emitted
      // while nothing iterates are lost.
      const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
      for await (const line of lines) {
        if (!line.trim()) continue;
        const record = JSON.parse(line);
        if (!header) {
          const parsed = backupHeader.safeParse(record);
          if (!parsed.success || parsed.data.format !== FORMAT) throw new Error(`${file} is not a Gonghui backup`);
          header = parsed.data;
          if ((header.migrations ?? 0) > applied) {
            throw new Error('The backup comes from a newer version of the schema: upgrade this installation first.');
          }
          const known = (header.tables ?? []).filter((t) => present.has(t));
          // A backup from before the site search's index: empty it, so the next start rebuilds it from the rows.
          for (const index of ['search_terms', 'search_documents'])
            if (present.has(index) && !known.includes(index)) known.push(index);
          if (known.length) await query(`truncate ${known.map(quote).join(', ')}`);
          continue;
        }
        if (!present.has(record.table)) continue;
        await query(
          `insert into ${quote(record.table)} select * from json_populate_recordset(null::${quote(record.table)}, $1::json)`,
          [JSON.stringify(record.rows)],
        );
        total += record.rows.length;
      }
      if (!header) throw new Error(`${file} is empty`);
      const restored = new Set(header.tables ?? []);
      const withId = await query<{ table_name: string }>(
        `select table_name from information_schema.columns where table_schema = current_schema() and column_name = 'id'`,
      );
      for (const { table_name: table } of withId) {
        if (!restored.has(table)) continue;
        const [sequence] = await query<{ name: string | null }>(`select pg_get_serial_sequence($1, 'id') as name`, [
          quote(table),
        ]);
        if (sequence?.name) {
          await query(`select setval($1, coalesce((select max(id) from ${quote(table)}), 0) + 1, false)`, [
            sequence.name,
          ]);
        }
      }
      await query('commit');
      return { tables: restored.size, rows: total };
    } catch (error) {
      await query('rollback');
      throw error;
    }
  });
}

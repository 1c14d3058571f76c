import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>) {
  // Every supplier product file imported (server/blanks/): when its figures were taken, who imported it;
  // the latest per supplier is the one in force. A refused file leaves no row.
  await db.schema
    .createTable('blank_imports')
    .addColumn('id', 'integer', (column) => column.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('supplier', 'text', (column) => column.notNull())
    .addColumn('file_name', 'text', (column) => column.notNull())
    .addColumn('taken_at', 'timestamptz', (column) => column.notNull())
    .addColumn('imported_at', 'timestamptz', (column) => column.notNull())
    .addColumn('imported_by', 'text', (column) => column.notNull())
    .addColumn('row_count', 'integer', (column) => column.notNull())
    .execute();
  // The SKUs of each supplier's import in force (an import replaces its supplier's rows in one
  // transaction): the shop's piece price, the stock per warehouse and its total, read by style.
  await db.schema
    .createTable('blank_stock')
    .addColumn('import_id', 'integer', (column) => column.notNull().references('blank_imports.id'))
    .addColumn('supplier', 'text', (column) => column.notNull())
    .addColumn('sku', 'text', (column) => column.notNull())
    .addColumn('style', 'text', (column) => column.notNull())
    .addColumn('colour', 'text', (column) => column.notNull())
    .addColumn('size', 'text', (column) => column.notNull())
    .addColumn('cents', 'integer', (column) => column.notNull())
    .addColumn('warehouses', 'jsonb', (column) => column.notNull())
    .addColumn('total', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('blank_stock_pkey', ['import_id', 'sku'])
    .execute();
  await db.schema.createIndex('blank_stock_style').on('blank_stock').columns(['supplier', 'style']).execute();
  // A purchase order made on the desk: one supplier, several approved jobs' blanks summed per SKU at the
  // import's prices, its total and the day the boxes are expected; its lines and jobs kept as it was made.
  await db.schema
    .createTable('purchase_orders')
    .addColumn('id', 'integer', (column) => column.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('supplier', 'text', (column) => column.notNull())
    .addColumn('lines', 'jsonb', (column) => column.notNull())
    .addColumn('jobs', 'jsonb', (column) => column.notNull())
    .addColumn('total_cents', 'integer', (column) => column.notNull())
    .addColumn('expected_on', 'text', (column) => column.notNull())
    .addColumn('created_by', 'text', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull())
    // What arrived per SKU when the boxes were checked off (null until then), and who checked them.
    .addColumn('received', 'jsonb')
    .addColumn('received_at', 'timestamptz')
    .addColumn('received_by', 'text')
    .execute();
}

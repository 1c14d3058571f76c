import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>) {
  // A team or fundraiser store opened from a request: its public address (slug), its dates, the
  // minimum of pieces that must sell before anyone is charged, the club's markup and the delivery.
  // close_round counts the closes begun: the charges' idempotency keys carry it, so a close taken up
  // again after a crash asks Stripe the same questions and no card is charged twice.
  await db.schema
    .createTable('team_stores')
    .addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement())
    .addColumn('slug', 'text', (column) => column.notNull().unique())
    .addColumn('submission_id', 'integer', (column) =>
      column.notNull().references('submissions.id').onDelete('cascade'),
    )
    .addColumn('title', 'text', (column) => column.notNull())
    .addColumn('opens_at', 'text', (column) => column.notNull())
    .addColumn('closes_at', 'text', (column) => column.notNull())
    .addColumn('minimum_pieces', 'integer', (column) => column.notNull().check(sql`minimum_pieces > 0`))
    // 'minimum': cards saved, charged at the close only above the minimum; 'as-sold': each buyer pays
    // when ordering, and whatever sells is printed.
    .addColumn('charging', 'text', (column) => column.notNull().check(sql`charging in ('minimum', 'as-sold')`))
    .addColumn('expected_pieces', 'integer', (column) => column.notNull().check(sql`expected_pieces > 0`))
    .addColumn('markup_cents', 'integer', (column) => column.notNull().check(sql`markup_cents >= 0`))
    .addColumn('delivery', 'text', (column) =>
      column.notNull().check(sql`delivery in ('pickup', 'school', 'shipping')`),
    )
    .addColumn('shipping_cents', 'integer', (column) => column.notNull().check(sql`shipping_cents >= 0`))
    .addColumn('asks_names', 'integer', (column) => column.notNull())
    .addColumn('asks_numbers', 'integer', (column) => column.notNull())
    .addColumn('state', 'text', (column) =>
      column.notNull().check(sql`state in ('open', 'closing', 'charged', 'missed')`),
    )
    .addColumn('close_round', 'integer', (column) => column.notNull())
    .addColumn('close_lease_until', 'text')
    .addColumn('closed_at', 'text')
    // The organiser's read-only link is made from this salt and the environment's key.
    .addColumn('organiser_salt', 'text', (column) => column.notNull())
    .addColumn('created_by', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('team_stores_due').on('team_stores').columns(['state', 'closes_at']).execute();
  // Each product: a catalogue garment, the colours and sizes offered (JSON lists, the sizes with their
  // upcharges), and the shop's price per piece from the pricing engine at the expected quantity.
  await db.schema
    .createTable('team_store_products')
    .addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement())
    .addColumn('store_id', 'integer', (column) => column.notNull().references('team_stores.id').onDelete('cascade'))
    .addColumn('position', 'integer', (column) => column.notNull())
    .addColumn('garment', 'text', (column) => column.notNull())
    .addColumn('title', 'text', (column) => column.notNull())
    .addColumn('colours', 'text', (column) => column.notNull())
    .addColumn('sizes', 'text', (column) => column.notNull())
    .addColumn('shop_price_cents', 'integer', (column) => column.notNull().check(sql`shop_price_cents > 0`))
    .execute();
  await db.schema.createIndex('team_store_products_store').on('team_store_products').columns(['store_id']).execute();
  // A buyer's order: a cart (found by the hash of its cookie's secret) until checkout, then its saved
  // card (Stripe's customer and payment method), then charged, failed (a pay link was mailed), paid by
  // that link, or released when the store missed its minimum.
  await db.schema
    .createTable('team_store_orders')
    .addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement())
    .addColumn('store_id', 'integer', (column) => column.notNull().references('team_stores.id').onDelete('cascade'))
    .addColumn('cart_hash', 'text', (column) => column.notNull().unique())
    .addColumn('link_salt', 'text', (column) => column.notNull())
    .addColumn('buyer_name', 'text', (column) => column.notNull())
    .addColumn('buyer_email', 'text', (column) => column.notNull())
    .addColumn('state', 'text', (column) =>
      column
        .notNull()
        .check(sql`state in ('cart', 'saving', 'saved', 'charged', 'failed', 'paid', 'released', 'abandoned')`),
    )
    .addColumn('total_cents', 'integer')
    .addColumn('customer_id', 'text')
    .addColumn('setup_session_id', 'text')
    .addColumn('payment_method', 'text')
    .addColumn('payment_intent', 'text')
    .addColumn('charge_error', 'text')
    .addColumn('pay_session_id', 'text')
    // Stripe's fee on the charge, as its balance transaction reports it: the statement's figure.
    .addColumn('fee_cents', 'integer')
    .addColumn('consent_at', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('changed_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('team_store_orders_store')
    .on('team_store_orders')
    .columns(['store_id', 'state'])
    .execute();
  await db.schema
    .createTable('team_store_items')
    .addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement())
    .addColumn('order_id', 'integer', (column) =>
      column.notNull().references('team_store_orders.id').onDelete('cascade'),
    )
    .addColumn('product_id', 'integer', (column) => column.notNull().references('team_store_products.id'))
    .addColumn('colour', 'text', (column) => column.notNull())
    .addColumn('size', 'text', (column) => column.notNull())
    .addColumn('quantity', 'integer', (column) => column.notNull().check(sql`quantity > 0 and quantity <= 50`))
    .addColumn('back_name', 'text', (column) => column.notNull())
    .addColumn('back_number', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('team_store_items_order').on('team_store_items').columns(['order_id']).execute();
}

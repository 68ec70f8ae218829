import { sql } from "drizzle-orm";
import type { Db } from "../server/db/client";

/**
 * What a busy year leaves in the database, for the inbox's and the backup's benches (issue 30):
 * contact messages, bookings and sign-ups over a year, each with two deliveries, and one order
 * for every fifty submissions.
 */
export async function seedInbox(db: Db, rows: number): Promise<void> {
  // Contact messages, bookings and sign-ups over a year, each with two deliveries; some orders.
  await db.execute(sql`
    insert into submissions (kind, payload, created_at, handled_at)
    select (array['contact','booking','newsletter'])[1 + i % 3],
           jsonb_build_object('name', 'Visitor ' || i, 'email', 'visitor' || i || '@example.com',
             'phone', '+234 803 ' || lpad((i % 10000000)::text, 7, '0'),
             'message', repeat('We would like to talk about our marriage. ', 5), 'pageUri', '/contact'),
           now() - (i || ' minutes')::interval,
           case when i % 4 = 0 then now() end
      from generate_series(1, ${rows}) i`);
  await db.execute(sql`
    insert into deliveries (submission_id, destination, status)
    select id, d, case when id % 50 = 0 then 'dead' else 'delivered' end
      from submissions, unnest(array['hubspot','email']) d`);
  await db.execute(sql`
    insert into orders (reference, item_id, item_name, amount_kobo, status, name, email, phone, created_at)
    select 'KH-' || i, 'book', 'A book', 500000, 'paid', 'Payer ' || i, 'payer' || i || '@example.com',
           '0803' || lpad(i::text, 7, '0'), now() - (i * 7 || ' minutes')::interval
      from generate_series(1, ${Math.round(rows / 50)}) i`);
  await db.execute(sql`analyze`);
}

import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import { paymentMethods } from '../../../core/db/schema';

export const list = (db: Executor) => db.select().from(paymentMethods).orderBy(asc(paymentMethods.position));

export async function update(
  db: Executor,
  letter: string,
  values: { labels: { en: string; es: string; it: string; fr: string }; enabled: boolean; updatedBy: number },
) {
  const [row] = await db
    .update(paymentMethods)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(paymentMethods.letter, letter))
    .returning();
  return row ?? null;
}

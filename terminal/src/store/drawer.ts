/**
 * The cash desk of each staff member on this terminal: what their cash operations put in the drawer
 * (contracts' `drawerCents`, the rule of the console's staff cash-up), kept in the same transaction
 * as the operation itself, and the close at the end of a shift — an operation like the others, so it
 * reaches the console's staff cash-up once, with the count beside the expected amount.
 */

import type { SyncOperationInput } from '@pulsera/contracts';
import { drawerCents } from '@pulsera/contracts/terminals/cash-drawer';
import type { Drawer, TerminalDb } from './db';

/** Inside the operation's transaction: its cash goes into its staff member's drawer; a close empties it. */
export async function intoDrawer(db: TerminalDb, op: SyncOperationInput, at: number) {
  if (op.staffId === undefined) return;
  // An operation that moves no cash (an access, a validation) reads nothing: one round trip less.
  const cents = op.kind === 'cashClose' ? 0 : drawerCents(op);
  if (op.kind !== 'cashClose' && !cents) return;
  const drawers = (await db.get('drawers')) ?? {};
  if (op.kind === 'cashClose') {
    delete drawers[op.staffId];
    return db.put('drawers', drawers);
  }
  const was = drawers[op.staffId];
  drawers[op.staffId] = was
    ? { ...was, cents: was.cents + cents, operations: was.operations + 1 }
    : { cents, operations: 1, since: at };
  await db.put('drawers', drawers);
}

/** The drawer of a staff member (empty when they have taken no cash since their last close). */
export async function drawerOf(db: TerminalDb, staffId: number): Promise<Drawer> {
  return (await db.get('drawers'))?.[staffId] ?? { cents: 0, operations: 0, since: 0 };
}
